import { type ReactNode, useId, useState } from 'react';
import { first, type SchemaView } from '../../../engine/content/schemaWalker.ts';
import { fill, fillCount } from '../../../engine/shared/fill.ts';
import { words } from '../../words.ts';
import { countUnder, useForm } from './formContext.ts';
import {
  description,
  fieldId,
  humanise,
  isHidden,
  isRecord,
  itemSummary,
  kindLabel,
  kindOf,
  labelOf,
  pointerOf,
  propertiesOf,
  requiredOf,
  type Segments,
  singular,
  skeleton,
  unionBranches,
  viewOfChild,
} from './formModel.ts';
import { BooleanInput, ChoiceInput, NumberInput, TextInput } from './inputs.tsx';
import { ProblemNotes } from './ProblemNotes.tsx';

const said = words.app.form;

export interface FieldProps {
  segments: Segments;
  view: SchemaView;
  value: unknown;
  label: string;
  required?: boolean;
  /** Shown beside the label: remove this optional property, or this item of a list. */
  actions?: ReactNode;
  /** Drawn without its own frame and heading (an item of a list already has both). */
  bare?: boolean;
}

function useNotes(segments: Segments) {
  const { problems, warnings } = useForm();
  const pointer = pointerOf(segments);
  return { pointer, problems: problems.get(pointer) ?? [], warnings: warnings.get(pointer) ?? [] };
}

/** A field for any value, chosen by what its schema says it is. */
export function SchemaField(props: FieldProps) {
  switch (kindOf(props.view)) {
    case 'union':
      return <UnionField {...props} />;
    case 'object':
      return <ObjectField {...props} />;
    case 'map':
      return <MapField {...props} />;
    case 'array':
      return <ArrayField {...props} />;
    default:
      return <ValueField {...props} />;
  }
}

/** One value: a text, a number, a choice, a switch, a reference, a link or a picture. */
function ValueField({ segments, view, value, label, required, actions }: FieldProps) {
  const { pointer, problems, warnings } = useNotes(segments);
  const id = fieldId(pointer);
  const notesId = `${id}:notes`;
  const helpId = `${id}:help`;
  const help = description(view);
  const kind = kindOf(view);
  const input = (() => {
    const common = { id, value, segments, view, invalid: problems.length > 0, describedBy: `${helpId} ${notesId}` };
    switch (kind) {
      case 'number':
        return <NumberInput {...common} />;
      case 'boolean':
        return <BooleanInput {...common} label={label} />;
      case 'choice':
        return <ChoiceInput {...common} />;
      case 'const':
        return (
          <output id={id} className="const">
            {String(first(view, 'const'))}
          </output>
        );
      default:
        return <TextInput {...common} />;
    }
  })();
  return (
    <div className={`field${problems.length ? ' has-error' : warnings.length ? ' has-warning' : ''}`} data-pointer={pointer}>
      {kind === 'boolean' ? null : (
        <div className="field-head">
          <label htmlFor={id}>
            {label}
            {required ? null : <span className="optional">{said.optional}</span>}
          </label>
          {actions}
        </div>
      )}
      {input}
      {kind === 'boolean' && actions ? <div className="field-head">{actions}</div> : null}
      {help ? (
        <p id={helpId} className="help">
          {help}
        </p>
      ) : null}
      <ProblemNotes id={notesId} problems={problems} warnings={warnings} />
    </div>
  );
}

/** A group of properties: each one a field, optional ones added and removed on request. */
function ObjectField({ segments, view, value, label, required, actions, bare }: FieldProps) {
  const form = useForm();
  const { pointer, problems, warnings } = useNotes(segments);
  const record = isRecord(value) ? value : {};
  const names = propertiesOf(view).filter((name) => !isHidden(name, viewOfChild(form.lookup, view, record, name, record[name])));
  const requiredNames = requiredOf(view);
  const present = names.filter((name) => requiredNames.has(name) || name in record);
  const absent = names.filter((name) => !present.includes(name));
  const unknown = Object.keys(record).filter((name) => name !== '$schema' && name !== 'type' && !names.includes(name));
  const top = segments.length === 0;
  const body = (
    <>
      <ProblemNotes id={`${fieldId(pointer)}:notes`} problems={problems} warnings={warnings} />
      {present.map((name) => {
        const child = viewOfChild(form.lookup, view, record, name, record[name]);
        if (!child) return null;
        const isRequired = requiredNames.has(name);
        return (
          <SchemaField
            key={name}
            segments={[...segments, name]}
            view={child}
            value={record[name]}
            label={labelOf(name, child)}
            required={isRequired}
            actions={
              isRequired ? undefined : (
                <button type="button" className="link-button" onClick={() => form.change([...segments, name], undefined)}>
                  {fill(said.removeField, { name: labelOf(name, child).toLowerCase() })}
                </button>
              )
            }
          />
        );
      })}
      {unknown.map((name) => (
        <UnknownProperty key={name} segments={[...segments, name]} value={record[name]} />
      ))}
      {absent.length ? (
        <div className="add-optional">
          <span>{said.add}</span>
          {absent.map((name) => {
            const child = viewOfChild(form.lookup, view, record, name, undefined);
            return (
              <button
                key={name}
                type="button"
                className="chip"
                title={child ? description(child) : undefined}
                onClick={() => child && form.change([...segments, name], skeleton(form.lookup, child))}
              >
                + {child ? labelOf(name, child) : humanise(name)}
              </button>
            );
          })}
        </div>
      ) : null}
    </>
  );
  if (top || bare)
    return (
      <div className={top ? 'document-fields' : 'item-fields'} id={top ? undefined : fieldId(pointer)} tabIndex={top ? undefined : -1}>
        {body}
      </div>
    );
  return (
    <fieldset className="group" id={fieldId(pointer)} data-pointer={pointer} tabIndex={-1}>
      <legend>
        {label}
        {required ? null : <span className="optional">{said.optional}</span>}
      </legend>
      {actions ? <div className="group-actions">{actions}</div> : null}
      {description(view) ? <p className="help">{description(view)}</p> : null}
      {body}
    </fieldset>
  );
}

/** "Scholarship form" → "scholarshipForm": the name a new entry is kept under, from the words the person typed. */
function keyOf(words: string): string {
  const parts = words
    .trim()
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (parts.length === 1 && /[A-Z]/.test(parts[0]!.slice(1))) return parts[0]!.charAt(0).toLowerCase() + parts[0]!.slice(1);
  return parts.map((p, i) => (i === 0 ? p.toLowerCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())).join('');
}

/** A property the schema does not know (a misspelt name, say): shown with its problem and a way to remove it. */
function UnknownProperty({ segments, value }: { segments: Segments; value: unknown }) {
  const form = useForm();
  const { pointer, problems, warnings } = useNotes(segments);
  const name = String(segments[segments.length - 1]);
  return (
    <div className="field has-error" id={fieldId(pointer)} tabIndex={-1} data-pointer={pointer}>
      <div className="field-head">
        <span className="label">{fill(said.unknown, { name, value: typeof value === 'string' ? value : JSON.stringify(value) })}</span>
        <button type="button" className="link-button" onClick={() => form.change(segments, undefined)}>
          {fill(said.removeUnknown, { name })}
        </button>
      </div>
      <ProblemNotes id={`${fieldId(pointer)}:notes`} problems={problems} warnings={warnings} />
    </div>
  );
}

/** Named values (such as the site's links): each a row, with names added and removed. */
function MapField({ segments, view, value, label, required, actions }: FieldProps) {
  const form = useForm();
  const { pointer, problems, warnings } = useNotes(segments);
  const record = isRecord(value) ? value : {};
  const [newName, setNewName] = useState('');
  const inputId = useId();
  return (
    <fieldset className="group" id={fieldId(pointer)} data-pointer={pointer} tabIndex={-1}>
      <legend>
        {label}
        {required ? null : <span className="optional">{said.optional}</span>}
      </legend>
      {actions ? <div className="group-actions">{actions}</div> : null}
      {description(view) ? <p className="help">{description(view)}</p> : null}
      <ProblemNotes id={`${fieldId(pointer)}:notes`} problems={problems} warnings={warnings} />
      {Object.keys(record).map((name) => {
        const child = viewOfChild(form.lookup, view, record, name, record[name]);
        return child ? (
          <SchemaField
            key={name}
            segments={[...segments, name]}
            view={child}
            value={record[name]}
            label={humanise(name)}
            required
            actions={
              <button type="button" className="link-button" onClick={() => form.change([...segments, name], undefined)}>
                {said.remove}
              </button>
            }
          />
        ) : null;
      })}
      <div className="add-row">
        <label htmlFor={inputId}>{said.newName}</label>
        <input id={inputId} value={newName} onChange={(e) => setNewName(e.target.value)} placeholder={said.newNamePlaceholder} />
        <button
          type="button"
          disabled={!keyOf(newName) || keyOf(newName) in record}
          onClick={() => {
            const key = keyOf(newName);
            const child = viewOfChild(form.lookup, view, record, key, undefined);
            form.change([...segments, key], child ? skeleton(form.lookup, child) : '');
            setNewName('');
          }}
        >
          {said.addNamed}
        </button>
      </div>
    </fieldset>
  );
}

/** An item's name in the list: "Role 2", or with its kind, "Section 1: Opening banner". */
function titleOf(itemName: string, index: number, kind: string): string {
  const title = fill(said.item, { item: itemName, number: index + 1 });
  return kind ? fill(said.itemOfKind, { title, kind }) : title;
}

/** A list: each item with move up, move down and remove; a new item at the end. */
function ArrayField({ segments, view, value, label, required, actions }: FieldProps) {
  const form = useForm();
  const { pointer, problems, warnings } = useNotes(segments);
  const items = Array.isArray(value) ? value : [];
  const itemView = viewOfChild(form.lookup, view, items, 0, undefined);
  const itemName = singular(label);
  const move = (from: number, to: number) => {
    const next = items.slice();
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    form.change(segments, next);
  };
  const remove = (index: number) => form.change(segments, [...items.slice(0, index), ...items.slice(index + 1)]);
  const simple = itemView ? !['object', 'union', 'array', 'map'].includes(kindOf(itemView)) : true;
  // A section of a page is named by its kind (Opening banner, Questions and answers) as well as its place.
  const branches = itemView && kindOf(itemView) === 'union' ? unionBranches(form.lookup, itemView) : [];
  const kindOfItem = (item: unknown) => {
    const branch = isRecord(item) ? branches.find((b) => b.tag === item['type']) : undefined;
    return branch ? kindLabel(branch.tag, branch.view) : '';
  };
  return (
    <fieldset className="group list" id={fieldId(pointer)} data-pointer={pointer} tabIndex={-1}>
      <legend>
        {label}
        {required ? null : <span className="optional">{said.optional}</span>}
      </legend>
      {actions ? <div className="group-actions">{actions}</div> : null}
      {description(view) ? <p className="help">{description(view)}</p> : null}
      <ProblemNotes id={`${fieldId(pointer)}:notes`} problems={problems} warnings={warnings} />
      <ol className={simple ? 'items simple' : 'items'}>
        {items.map((item, index) => {
          const child = viewOfChild(form.lookup, view, items, index, item);
          const itemActions = (
            <span className="item-actions">
              <button
                type="button"
                className="icon-button"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={fill(said.moveUp, { item: itemName.toLowerCase(), number: index + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button"
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
                aria-label={fill(said.moveDown, { item: itemName.toLowerCase(), number: index + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                className="icon-button danger"
                onClick={() => remove(index)}
                aria-label={fill(said.removeItem, { item: itemName.toLowerCase(), number: index + 1 })}
              >
                ✕
              </button>
            </span>
          );
          return (
            // Items are edited in place and moved by the buttons above; the position is the item's identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              {child ? (
                simple ? (
                  <SchemaField
                    segments={[...segments, index]}
                    view={child}
                    value={item}
                    label={fill(said.item, { item: itemName, number: index + 1 })}
                    required
                    actions={itemActions}
                  />
                ) : (
                  <CollapsibleItem
                    segments={[...segments, index]}
                    view={child}
                    value={item}
                    title={titleOf(itemName, index, kindOfItem(item))}
                    summary={itemSummary(item, '')}
                    actions={itemActions}
                    startOpen={items.length <= 3}
                  />
                )
              ) : null}
            </li>
          );
        })}
      </ol>
      {itemView ? <AddItem segments={segments} items={items} view={view} itemView={itemView} itemName={itemName} /> : null}
    </fieldset>
  );
}

function AddItem({
  segments,
  items,
  view,
  itemView,
  itemName,
}: {
  segments: Segments;
  items: unknown[];
  view: SchemaView;
  itemView: SchemaView;
  itemName: string;
}) {
  const form = useForm();
  const [type, setType] = useState('');
  const selectId = useId();
  if (kindOf(itemView) === 'union') {
    const branches = unionBranches(form.lookup, itemView);
    return (
      <div className="add-row">
        <label htmlFor={selectId}>{fill(said.addOfKind, { item: itemName.toLowerCase() })}</label>
        <select id={selectId} value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">{said.choose}</option>
          {branches.map((b) => (
            <option key={b.tag} value={b.tag}>
              {kindLabel(b.tag, b.view)}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!type}
          onClick={() => {
            const branch = branches.find((b) => b.tag === type);
            if (branch) form.change(segments, [...items, skeleton(form.lookup, branch.view)]);
            setType('');
          }}
        >
          {fill(said.addItem, { item: itemName.toLowerCase() })}
        </button>
        {type ? <p className="help">{description(branches.find((b) => b.tag === type)!.view)}</p> : null}
      </div>
    );
  }
  const max = first<number>(view, 'maxItems');
  return (
    <button
      type="button"
      className="add-button"
      disabled={max !== undefined && items.length >= max}
      onClick={() => form.change(segments, [...items, skeleton(form.lookup, itemView)])}
    >
      {fill(said.addItemButton, { item: itemName.toLowerCase() })}
    </button>
  );
}

/** An item of a list of groups (a role, a section): folded to one line on request; problems inside show on that line. */
function CollapsibleItem({
  segments,
  view,
  value,
  title,
  summary,
  actions,
  startOpen,
}: {
  segments: Segments;
  view: SchemaView;
  value: unknown;
  title: string;
  summary: string;
  actions: ReactNode;
  startOpen: boolean;
}) {
  const { problems, warnings } = useForm();
  const pointer = pointerOf(segments);
  const errors = countUnder(problems, pointer);
  const marks = countUnder(warnings, pointer);
  const [open, setOpen] = useState(startOpen || errors > 0);
  const bodyId = `${fieldId(pointer)}:body`;
  return (
    <section className={`item${errors ? ' has-error' : ''}`} data-pointer={pointer}>
      <header className="item-head">
        <button type="button" className="item-toggle" aria-expanded={open || errors > 0} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">{open || errors > 0 ? '▾' : '▸'}</span> {title}
          {summary ? <span className="item-summary"> · {summary}</span> : null}
        </button>
        {errors ? <span className="badge badge-error">{fillCount(said.problems, errors)}</span> : null}
        {marks ? <span className="badge badge-warning">{marks} ✎</span> : null}
        {actions}
      </header>
      {open || errors > 0 ? (
        <div id={bodyId} className="item-body">
          <SchemaField segments={segments} view={view} value={value} label={title} required bare />
        </div>
      ) : null}
    </section>
  );
}

/** A section: its kind shown (chosen when it was added), then its own fields. */
function UnionField({ segments, view, value, label, actions, bare }: FieldProps) {
  const form = useForm();
  const { pointer, problems, warnings } = useNotes(segments);
  const branches = unionBranches(form.lookup, view);
  const tag = isRecord(value) ? value['type'] : undefined;
  const branch = branches.find((b) => b.tag === tag);
  return (
    <div className="union" data-pointer={pointer}>
      {actions}
      <ProblemNotes id={`${fieldId(pointer)}:notes`} problems={problems} warnings={warnings} />
      {branch ? (
        <>
          <p className="help">
            <strong>{kindLabel(branch.tag, branch.view)}</strong>: {description(branch.view)}
          </p>
          <SchemaField segments={segments} view={branch.view} value={value} label={label} required bare={bare ?? false} />
        </>
      ) : (
        <p className="help">{fill(said.unknownKind, { item: label.toLowerCase() })}</p>
      )}
    </div>
  );
}
