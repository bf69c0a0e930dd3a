import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rootView } from '../../engine/content/schemaWalker.ts';
import { fromPointer } from '../../engine/shared/jsonPointer.ts';
import type { SchemaLookup } from '../../engine/shared/schemaRefs.ts';
import type { EditorWriteRequest } from '../../engine/types.ts';
import { type CheckResult, callEditor, type OpenedDocument, type Preview, type Problem, type ProjectFacts, RequestError, sendFile } from './api.ts';
import { byPointer, FormContext, type FormContextValue, formPointer } from './form/formContext.ts';
import { fieldId, placeOf, setIn } from './form/formModel.ts';
import { SchemaField } from './form/SchemaField.tsx';
import { useHistory } from './history.ts';
import { PreviewPane } from './PreviewPane.tsx';

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
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; text: string }
  | { kind: 'saved'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'conflict'; text: string; diskText: string | null }
  | { kind: 'error'; text: string };

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What stops a save, in one line: the same words whether the check found it or a refused save did. */
function blockersLine(problems: number, warnings: number, elsewhere: number): string {
  return [
    problems ? `${plural(problems, 'problem', 'problems')} to fix` : '',
    warnings ? `${plural(warnings, 'text', 'texts')} marked ✎ to write` : '',
    elsewhere ? `${plural(elsewhere, 'problem', 'problems')} this change causes on other pages` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

export function DocumentEditor({ opened, title, subtitle, focus, labelOf, onOpen, lookup, facts, onSaved, onDirtyChange, onUploaded }: Props) {
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
    setStatus({ kind: 'busy', text: 'Saving…' });
    try {
      const saved = await callEditor('save', { rel: opened.rel, original, openedHash, value: value as Written });
      setOriginal(saved.text);
      setOpenedHash(saved.hash);
      setSavedValue(value);
      setDraftOffer(undefined);
      setStatus({ kind: 'saved', text: `Saved at ${new Date().toLocaleTimeString()}. Publish puts it on the site.` });
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
    setStatus({ kind: 'busy', text: 'Keeping a draft…' });
    try {
      const draft = await callEditor('keepDraft', { rel: opened.rel, original, openedHash, value: value as Written });
      setStatus({
        kind: 'saved',
        text: `Draft kept at ${new Date(draft.savedAt).toLocaleTimeString()}: nobody else sees it, and the site does not show it until you save.`,
      });
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
  const view = useMemo(() => rootView(lookup, opened.schemaRel), [lookup, opened.schemaRel]);
  const previewNote = check && 'unavailable' in check.preview ? check.preview.unavailable : undefined;
  const where = (p: Problem) => placeOf(lookup, view, value, fromPointer(formPointer(p))).join(' › ') || 'The whole page';

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
            {openedHash === null ? ' · not saved yet' : ''}
          </p>
        </div>
        <div className="document-actions">
          <button type="button" onClick={history.undo} disabled={!history.canUndo} title="Ctrl+Z">
            Undo
          </button>
          <button type="button" onClick={history.redo} disabled={!history.canRedo} title="Ctrl+Shift+Z">
            Redo
          </button>
          <button type="button" onClick={keepDraft} disabled={!dirty || status.kind === 'busy'}>
            Keep as draft
          </button>
          <button type="button" className="primary" onClick={save} disabled={!dirty || status.kind === 'busy' || !readable}>
            Save
          </button>
        </div>
      </div>
      <div className="document-status" aria-live="polite">
        {check ? (
          problems.length === 0 && warnings.length === 0 && elsewhere.length === 0 ? (
            <p className="ok">{dirty ? 'No problems: ready to save.' : 'No problems. Nothing changed since it was saved.'}</p>
          ) : (
            <p className={problems.length || elsewhere.length ? 'bad' : 'warn'}>
              {blockersLine(problems.length, warnings.length, elsewhere.length)}
              {' before it can be saved.'}
            </p>
          )
        ) : (
          <p className="muted">Checking…</p>
        )}
        {placeholders.length ? (
          <p className="warn">
            {plural(placeholders.length, 'link is', 'links are')} not the real address yet (marked in yellow): it can be saved, but the site cannot be published
            until the real {placeholders.length === 1 ? 'address is' : 'addresses are'} written.
          </p>
        ) : null}
        {status.kind !== 'idle' ? (
          <p
            className={`status status-${status.kind}`}
            role={status.kind === 'refused' || status.kind === 'conflict' || status.kind === 'error' ? 'alert' : 'status'}
          >
            {status.text}
          </p>
        ) : null}
        {status.kind === 'conflict' ? (
          <div className="conflict">
            <p>Your changes are still here. Keep them as a draft, then look at the file on disk and decide what to keep.</p>
            <button type="button" onClick={keepDraft}>
              Keep my changes as a draft
            </button>
            <button type="button" onClick={reloadFromDisk}>
              Load the file from disk (my changes go to undo)
            </button>
            {status.diskText !== null ? (
              <details>
                <summary>What the file on disk says now</summary>
                <pre>{status.diskText}</pre>
              </details>
            ) : null}
          </div>
        ) : null}
        {draftOffer ? (
          <div className="draft-offer" role="status">
            <p>
              You kept a draft of this document on {new Date(draftOffer.savedAt).toLocaleString()}.
              {draftOffer.openedHash !== opened.hash ? ' The file has changed on disk since then; saving the draft will show the conflict.' : ''}
            </p>
            <button
              type="button"
              onClick={() => {
                setOriginal(draftOffer.original);
                setOpenedHash(draftOffer.openedHash);
                history.change(draftOffer.value);
                setDraftOffer(undefined);
              }}
            >
              Continue the draft
            </button>
            <button
              type="button"
              onClick={async () => {
                await callEditor('discardDraft', { rel: opened.rel }).catch((error: unknown) => setStatus({ kind: 'error', text: (error as Error).message }));
                setDraftOffer(undefined);
              }}
            >
              Discard the draft
            </button>
          </div>
        ) : null}
        {problems.length + warnings.length + placeholders.length + elsewhere.length > 0 ? (
          <details className="problem-list" open={problems.length + elsewhere.length > 0}>
            <summary>Show the list</summary>
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
        <form className="form" onSubmit={(e) => e.preventDefault()} aria-label={`Fields of ${title}`} noValidate>
          {readable ? (
            <FormContext.Provider value={form}>
              <SchemaField segments={[]} view={view} value={value} label={title} required />
            </FormContext.Provider>
          ) : (
            <p className="bad">
              This document has a typing mistake that stops the form from opening it. Ask whoever edits the site’s files to correct it, then open it here again.
            </p>
          )}
        </form>
        <PreviewPane preview={lastGood} note={previewNote} />
      </div>
    </div>
  );
}
