import { useId, useState } from 'react';
import { first, type SchemaView } from '../../../engine/content/schemaWalker.ts';
import { fill } from '../../../engine/shared/fill.ts';
import { words } from '../../words.ts';
import { useForm } from './formContext.ts';
import { example, type Segments } from './formModel.ts';

interface InputProps {
  id: string;
  value: unknown;
  segments: Segments;
  view: SchemaView;
  invalid: boolean;
  describedBy: string;
}

const said = words.app.form;

const placeholderOf = (view: SchemaView): string | undefined => {
  const ex = example(view);
  return typeof ex === 'string' || typeof ex === 'number' ? fill(said.suchAs, { example: ex }) : undefined;
};

/** Long texts (paragraphs, descriptions) get a box of several lines. */
function isLong(view: SchemaView, value: unknown): boolean {
  const title = first<string>(view, 'title');
  const maxLength = first<number>(view, 'maxLength');
  const minLength = first<number>(view, 'minLength');
  return title === 'Paragraph' || (maxLength ?? 0) > 120 || (minLength ?? 0) >= 20 || (typeof value === 'string' && value.length > 70);
}

/** Text of any kind; references, links and pictures get their pickers beside it. */
export function TextInput({ id, value, segments, view, invalid, describedBy }: InputProps) {
  const form = useForm();
  const key = id;
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  const change = (next: string) => form.change(segments, next, key);
  const collection = first<string>(view, 'x-ref');
  const options = first<string>(view, 'x-options');
  const link = first<boolean>(view, 'x-link');
  const asset = first<string>(view, 'x-asset');
  const listId = `${id}:choices`;
  const common = {
    id,
    value: text,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    placeholder: placeholderOf(view),
    spellCheck: !collection && !options && !link && !asset,
  };
  if (collection || options) {
    const choices = (collection ? form.facts.collections[collection] : form.facts.options?.[options!]) ?? [];
    const chosen = choices.find((c) => c.id === text);
    return (
      <div className="picker">
        <input {...common} list={listId} autoComplete="off" onChange={(e) => change(e.target.value)} />
        <datalist id={listId}>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
              {c.detail ? ` · ${c.detail}` : ''}
            </option>
          ))}
        </datalist>
        <p className="chosen" aria-live="polite">
          {chosen ? (
            <>
              → {chosen.label}
              {chosen.detail ? <span className="muted"> · {chosen.detail}</span> : null}
            </>
          ) : text ? null : (
            <span className="muted">{fill(said.searchChoices, { count: choices.length })}</span>
          )}
        </p>
      </div>
    );
  }
  if (link) {
    return (
      <div className="picker">
        <input {...common} list={listId} autoComplete="off" onChange={(e) => change(e.target.value)} />
        <datalist id={listId}>
          {form.facts.pages.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label}
            </option>
          ))}
          {form.facts.settings.map((name) => (
            <option key={name} value={`setting:${name}`}>
              {said.settingLink}
            </option>
          ))}
        </datalist>
      </div>
    );
  }
  if (asset === 'image') return <ImageInput {...{ id, value: text, segments, view, invalid, describedBy }} />;
  if (isLong(view, text)) return <textarea {...common} rows={Math.min(8, Math.max(2, Math.ceil(text.length / 70)))} onChange={(e) => change(e.target.value)} />;
  return <input {...common} type={first(view, 'format') === 'email' ? 'email' : 'text'} onChange={(e) => change(e.target.value)} />;
}

/** A picture from public/images, chosen from the list or uploaded there. */
function ImageInput({ id, value, segments, view, invalid, describedBy }: InputProps & { value: string }) {
  const form = useForm();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [folder, setFolder] = useState(
    () =>
      value
        .replace(/^\/images\//, '')
        .split('/')
        .slice(0, -1)
        .join('/') || 'roles',
  );
  const [upload, setUpload] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const filterId = useId();
  const folderId = useId();
  const fileId = useId();
  const pickerId = `${id}:pictures`;
  const shown = form.facts.images.filter((p) => p.toLowerCase().includes(filter.toLowerCase())).slice(0, 60);
  const known = form.facts.images.includes(value);
  return (
    <div className="picker image-picker">
      <div className="image-row">
        {known ? <img className="thumb" src={value} alt="" width={56} height={56} /> : <span className="thumb thumb-empty" aria-hidden="true" />}
        <input
          id={id}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={placeholderOf(view)}
          spellCheck={false}
          onChange={(e) => form.change(segments, e.target.value, id)}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={pickerId}
          aria-label={open ? said.closePictures : said.choosePicture}
          onClick={() => setOpen(!open)}
        >
          {open ? said.close : said.choose}
        </button>
      </div>
      {open ? (
        <div id={pickerId} className="image-choices">
          <label htmlFor={filterId}>{said.findPicture}</label>
          <input id={filterId} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={said.findPicturePlaceholder} />
          <ul className="image-grid">
            {shown.map((path) => (
              <li key={path}>
                <button
                  type="button"
                  className={path === value ? 'chosen-image' : undefined}
                  aria-pressed={path === value}
                  onClick={() => {
                    form.change(segments, path);
                    setOpen(false);
                  }}
                >
                  <img src={path} alt="" loading="lazy" width={72} height={72} />
                  <span>{path.replace(/^\/images\//, '')}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="upload">
            <p className="help">{said.uploadHelp}</p>
            <label htmlFor={folderId}>{said.folder}</label>
            <input id={folderId} value={folder} onChange={(e) => setFolder(e.target.value)} />
            <label htmlFor={fileId}>{said.picture}</label>
            <input
              id={fileId}
              type="file"
              accept=".svg,.png,.jpg,.jpeg,.webp,.avif,image/*"
              disabled={upload.busy}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setUpload({ busy: true });
                try {
                  const path = await form.uploadImage(folder, file);
                  form.change(segments, path);
                  setUpload({ busy: false, message: fill(said.savedAs, { path }) });
                  setOpen(false);
                } catch (error) {
                  setUpload({ busy: false, message: (error as Error).message });
                }
                e.target.value = '';
              }}
            />
            {upload.busy ? <p className="help">{said.uploading}</p> : null}
            {upload.message ? (
              <p className="help" role="status">
                {upload.message}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Numbers are kept as numbers; anything else typed (₹6,000, 6000/month) is kept
 * as the person wrote it, so the validator can say what is wrong in its words.
 */
export function NumberInput({ id, value, segments, view, invalid, describedBy }: InputProps) {
  const form = useForm();
  const shown = value === undefined ? '' : typeof value === 'number' ? String(value) : typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <input
      id={id}
      className="number"
      inputMode={first(view, 'type') === 'integer' ? 'numeric' : 'decimal'}
      value={shown}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder={placeholderOf(view)}
      onChange={(e) => {
        const text = e.target.value;
        const trimmed = text.trim();
        form.change(segments, /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text, id);
      }}
    />
  );
}

export function BooleanInput({ id, value, segments, invalid, describedBy, label }: InputProps & { label: string }) {
  const form = useForm();
  return (
    <label className="switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => form.change(segments, e.target.checked)}
      />
      {label}
    </label>
  );
}

export function ChoiceInput({ id, value, segments, view, invalid, describedBy }: InputProps) {
  const form = useForm();
  const choices = first<unknown[]>(view, 'enum') ?? [];
  const index = choices.indexOf(value);
  return (
    <select
      id={id}
      value={index === -1 ? '' : String(index)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => form.change(segments, e.target.value === '' ? undefined : choices[Number(e.target.value)])}
    >
      {index === -1 ? <option value="">{value === undefined ? said.choose : fill(said.notAChoice, { value: JSON.stringify(value) })}</option> : null}
      {choices.map((choice, i) => (
        <option key={String(choice)} value={String(i)}>
          {String(choice)}
        </option>
      ))}
    </select>
  );
}
