import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rootView } from '../../engine/content/schemaWalker.ts';
import { fill, fillCount } from '../../engine/shared/fill.ts';
import { fromPointer } from '../../engine/shared/jsonPointer.ts';
import type { SchemaLookup } from '../../engine/shared/schemaRefs.ts';
import type { EditorWriteRequest } from '../../engine/types.ts';
import { blockersLine, words } from '../words.ts';
import {
  type CheckResult,
  callEditor,
  type OpenedDocument,
  type Preview,
  type Problem,
  type ProjectFacts,
  RequestError,
  sendFile,
  type TranslationState,
} from './api.ts';
import { byPointer, FormContext, type FormContextValue, formPointer } from './form/formContext.ts';
import { fieldId, placeOf, setIn } from './form/formModel.ts';
import { SchemaField } from './form/SchemaField.tsx';
import { useHistory } from './history.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { SaveFeedback, type SaveStatus } from './SaveFeedback.tsx';

interface Props {
  opened: OpenedDocument;
  title: string;
  /** A second line under the title: the page's address, or what the document holds. */
  subtitle: string;
  /** The field to show once the form is drawn (a problem chosen in the Publish list). */
  focus?: string | undefined;
  /** What other documents are called, for problems this change causes in them. */
  labelOf(rel: string): string;
  /** Opens another document (a problem this change causes there). */
  onOpen(rel: string, pointer?: string): void;
  lookup: SchemaLookup;
  facts: ProjectFacts;
  onSaved(rel: string): void;
  onDirtyChange(dirty: boolean): void;
  onUploaded(): void;
  /** How far the document's translation would be with the English as typed (a text added is one more to write). */
  onTranslationProgress(progress: TranslationState | undefined): void;
  onOpenTranslation(language: TranslationState['language']): void;
}

type Status = SaveStatus;

const CHECK_DELAY_MS = 250;

/**
 * The document as saving sends it: one { … } group. The form only ever makes one; a value that is not is refused by
 * the save's schema, whose sentence is shown.
 */
type Written = EditorWriteRequest['value'];

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Moves the focus to the field a problem is about (or the nearest group that holds it) and scrolls it into view. */
export function showField(pointer: string): void {
  let p = pointer;
  for (;;) {
    const element = document.getElementById(fieldId(p)) ?? document.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(p)}"]`);
    if (element) {
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
      return;
    }
    if (p === '') return;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

const said = words.app.document;
const saidOfTranslation = words.app.translation;

export function DocumentEditor({
  opened,
  title,
  subtitle,
  focus,
  labelOf,
  onOpen,
  lookup,
  facts,
  onSaved,
  onDirtyChange,
  onUploaded,
  onTranslationProgress,
  onOpenTranslation,
}: Props) {
  const [original, setOriginal] = useState(opened.text);
  const [openedHash, setOpenedHash] = useState(opened.hash);
  const [savedValue, setSavedValue] = useState<unknown>(() => (opened.hash === null ? undefined : parse(opened.text)));
  const history = useHistory<unknown>(parse(opened.text));
  const [draftOffer, setDraftOffer] = useState(opened.draft);
  const [check, setCheck] = useState<CheckResult>();
  const [lastGood, setLastGood] = useState<Preview>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const checkSeq = useRef(0);
  const value = history.value;
  const dirty = !same(value, savedValue);
  const readable = parse(original) !== undefined || value !== undefined;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (check) onTranslationProgress(check.translation);
  }, [check, onTranslationProgress]);

  // Check as the person types: the same validator as `npm run validate`, on the text that saving would write.
  useEffect(() => {
    const seq = ++checkSeq.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await callEditor('check', { rel: opened.rel, original, value });
        if (seq !== checkSeq.current) return;
        setCheck(answer);
        // A refusal is about the document as it was when Save was pressed; the check of what is there now replaces it,
        // so a red "not saved" never stands beside a green "no problems".
        setStatus((current) => (current.kind === 'refused' ? { kind: 'idle' } : current));
        // The engine's own model, which the check's schema says only is an object (protocol/types.ts Preview).
        if ('page' in answer.preview) setLastGood(answer.preview as Preview);
      } catch (error) {
        if (seq === checkSeq.current) setStatus({ kind: 'error', text: (error as Error).message });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened.rel, original, value]);

  const save = useCallback(async () => {
    setStatus({ kind: 'busy', text: said.saving });
    try {
      const saved = await callEditor('save', { rel: opened.rel, original, openedHash, value: value as Written });
      setOriginal(saved.text);
      setOpenedHash(saved.hash);
      setSavedValue(value);
      setDraftOffer(undefined);
      setStatus({ kind: 'saved', text: fill(said.saved, { time: new Date().toLocaleTimeString() }) });
      onSaved(opened.rel);
    } catch (error) {
      const refusal = error instanceof RequestError ? error.refusal : undefined;
      // A file changed on disk since it was opened comes with what it says now; problems, with the list.
      if (refusal?.diskText !== undefined) setStatus({ kind: 'conflict', text: refusal.message, diskText: refusal.diskText });
      else if (refusal?.problems) setStatus({ kind: 'refused', text: refusal.message });
      else setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, original, openedHash, value, onSaved]);

  const keepDraft = useCallback(async () => {
    setStatus({ kind: 'busy', text: said.keepingDraft });
    try {
      const draft = await callEditor('keepDraft', { rel: opened.rel, original, openedHash, value: value as Written });
      setStatus({ kind: 'saved', text: fill(said.draftKept, { time: new Date(draft.savedAt).toLocaleTimeString() }) });
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, original, openedHash, value]);

  const reloadFromDisk = useCallback(async () => {
    try {
      const fresh = await callEditor('open', { rel: opened.rel });
      setOriginal(fresh.text);
      setOpenedHash(fresh.hash);
      setSavedValue(parse(fresh.text));
      history.change(parse(fresh.text));
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, history]);

  // Undo and redo from the keyboard, within the session (the form's own fields hold no history of their own).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        history.undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        history.redo();
      } else if (key === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history, save]);

  const form: FormContextValue = useMemo(
    () => ({
      lookup,
      facts,
      problems: byPointer(check?.problems ?? []),
      warnings: byPointer(check?.warnings ?? []),
      change: (segments, next, key) => history.change(setIn(history.value, segments, next), key),
      uploadImage: async (folder, file) => {
        const { path } = await sendFile('uploadImage', { folder, name: file.name }, file);
        onUploaded();
        return path;
      },
    }),
    [lookup, facts, check, history, onUploaded],
  );

  const problems = check?.problems ?? [];
  // Texts marked ✎ stop a save; links that are placeholders only stop a publish (the form shows both in yellow).
  const warnings = (check?.warnings ?? []).filter((p) => p.code !== 'PLACEHOLDER_LINK');
  const placeholders = (check?.warnings ?? []).filter((p) => p.code === 'PLACEHOLDER_LINK');
  const elsewhere = check?.elsewhere ?? [];
  const translation = check?.translation;
  const view = useMemo(() => rootView(lookup, opened.schemaRel), [lookup, opened.schemaRel]);
  const previewNote = check && 'unavailable' in check.preview ? check.preview.unavailable : undefined;
  const where = (p: Problem) => placeOf(lookup, view, value, fromPointer(formPointer(p))).join(' › ') || said.wholePage;

  // A problem chosen elsewhere (the Publish list): its field, once the form is drawn.
  const focused = useRef(false);
  useEffect(() => {
    if (!focus || focused.current || !check) return;
    focused.current = true;
    requestAnimationFrame(() => showField(focus));
  }, [focus, check]);

  return (
    <div className="document">
      <div className="document-bar">
        <div className="document-title">
          <h1>{title}</h1>
          <p className="muted">
            {subtitle}
            {openedHash === null ? said.notSavedYet : ''}
          </p>
        </div>
        <div className="document-actions">
          <button type="button" onClick={history.undo} disabled={!history.canUndo} title={said.undoKeys}>
            {said.undo}
          </button>
          <button type="button" onClick={history.redo} disabled={!history.canRedo} title={said.redoKeys}>
            {said.redo}
          </button>
          <button type="button" onClick={keepDraft} disabled={!dirty || status.kind === 'busy'}>
            {said.keepDraft}
          </button>
          <button type="button" className="primary" onClick={save} disabled={!dirty || status.kind === 'busy' || !readable}>
            {said.save}
          </button>
        </div>
      </div>
      <div className="document-status" aria-live="polite">
        {check ? (
          problems.length === 0 && warnings.length === 0 && elsewhere.length === 0 ? (
            <p className="ok">{dirty ? said.readyToSave : said.unchanged}</p>
          ) : (
            <p className={problems.length || elsewhere.length ? 'bad' : 'warn'}>
              {fill(said.beforeSave, { blockers: blockersLine(problems.length, warnings.length, elsewhere.length) })}
            </p>
          )
        ) : (
          <p className="muted">{said.checking}</p>
        )}
        {placeholders.length ? <p className="warn">{fillCount(said.placeholderLinks, placeholders.length)}</p> : null}
        {translation?.started && (translation.toWrite || translation.stale) ? (
          <p className="warn translation-left">
            {[
              translation.toWrite ? fillCount(saidOfTranslation.leavesToWrite, translation.toWrite, { language: words.languages[translation.language] }) : '',
              translation.stale ? fillCount(saidOfTranslation.leavesToCheck, translation.stale, { language: words.languages[translation.language] }) : '',
            ]
              .filter(Boolean)
              .join(' ')}{' '}
            <button type="button" className="link-button" onClick={() => onOpenTranslation(translation.language)}>
              {fill(saidOfTranslation.openTranslation, { language: words.languages[translation.language] })}
            </button>
          </p>
        ) : null}
        <SaveFeedback
          status={status}
          draftOffer={draftOffer}
          openedHash={opened.hash}
          onKeepDraft={keepDraft}
          onReloadFromDisk={reloadFromDisk}
          onContinueDraft={() => {
            if (!draftOffer) return;
            setOriginal(draftOffer.original);
            setOpenedHash(draftOffer.openedHash);
            history.change(draftOffer.value);
            setDraftOffer(undefined);
          }}
          onDiscardDraft={async () => {
            await callEditor('discardDraft', { rel: opened.rel }).catch((error: unknown) => setStatus({ kind: 'error', text: (error as Error).message }));
            setDraftOffer(undefined);
          }}
        />
        {problems.length + warnings.length + placeholders.length + elsewhere.length > 0 ? (
          <details className="problem-list" open={problems.length + elsewhere.length > 0}>
            <summary>{said.showList}</summary>
            <ul>
              {[...problems, ...warnings, ...placeholders].map((p) => (
                <li key={`${p.pointer}|${p.code}|${p.message}`} className={p.code === 'TEMPLATE_TEXT' || p.code === 'PLACEHOLDER_LINK' ? 'warn' : 'bad'}>
                  <button type="button" className="link-button" onClick={() => showField(formPointer(p))}>
                    {where(p)}
                  </button>
                  : {p.form.message}
                </li>
              ))}
              {elsewhere.map((p) => (
                <li key={`${p.file}|${p.pointer}|${p.code}`} className="bad">
                  <button type="button" className="link-button" onClick={() => onOpen(p.file, formPointer(p))}>
                    {labelOf(p.file)}
                  </button>
                  : {p.form.message} {p.form.hint ?? ''}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <div className="document-body">
        <form className="form" onSubmit={(e) => e.preventDefault()} aria-label={fill(said.fieldsOf, { title })} noValidate>
          {readable ? (
            <FormContext.Provider value={form}>
              <SchemaField segments={[]} view={view} value={value} label={title} required />
            </FormContext.Provider>
          ) : (
            <p className="bad">{said.unreadable}</p>
          )}
        </form>
        <PreviewPane preview={lastGood} note={previewNote} />
      </div>
    </div>
  );
}
