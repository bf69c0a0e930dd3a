import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { rootView } from '../../engine/content/schemaWalker.ts';
import type { SchemaLookup } from '../../engine/shared/schemaRefs.ts';
import { api, type CheckResult, type OpenedDocument, type Preview, type Problem, type ProjectFacts, type RequestError } from './api.ts';
import { byPointer, FormContext, type FormContextValue } from './form/formContext.ts';
import { fieldId, setIn } from './form/formModel.ts';
import { SchemaField } from './form/SchemaField.tsx';
import { useHistory } from './history.ts';
import { PreviewPane } from './PreviewPane.tsx';

interface Props {
  opened: OpenedDocument;
  title: string;
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

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Moves the focus to the field a problem is about (or the nearest group that holds it) and scrolls it into view. */
function showField(pointer: string): void {
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

function where(problem: Problem): string {
  return `line ${problem.line}`;
}

export function DocumentEditor({ opened, title, lookup, facts, onSaved, onDirtyChange, onUploaded }: Props) {
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
        const answer = await api.check(opened.rel, original, value);
        if (seq !== checkSeq.current) return;
        setCheck(answer);
        if ('page' in answer.preview) setLastGood(answer.preview);
      } catch (error) {
        if (seq === checkSeq.current) setStatus({ kind: 'error', text: (error as Error).message });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened.rel, original, value]);

  const save = useCallback(async () => {
    setStatus({ kind: 'busy', text: 'Saving…' });
    try {
      const outcome = await api.save(opened.rel, original, openedHash, value);
      if (outcome.status === 'saved') {
        setOriginal(outcome.text);
        setOpenedHash(outcome.hash);
        setSavedValue(value);
        setDraftOffer(undefined);
        setStatus({ kind: 'saved', text: `Saved to ${opened.rel} at ${new Date().toLocaleTimeString()}.` });
        onSaved(opened.rel);
      } else if (outcome.status === 'conflict') {
        setStatus({ kind: 'conflict', text: outcome.message, diskText: outcome.diskText });
      } else {
        setStatus({ kind: 'refused', text: outcome.message });
      }
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, original, openedHash, value, onSaved]);

  const keepDraft = useCallback(async () => {
    setStatus({ kind: 'busy', text: 'Keeping a draft…' });
    try {
      const draft = await api.draft(opened.rel, original, openedHash, value);
      setStatus({
        kind: 'saved',
        text: `Draft kept at ${new Date(draft.savedAt).toLocaleTimeString()}, outside pages/ and data/: the site does not show it until you save.`,
      });
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, original, openedHash, value]);

  const reloadFromDisk = useCallback(async () => {
    try {
      const fresh = await api.open(opened.rel);
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
        const { path } = await api.uploadImage(folder, file);
        onUploaded();
        return path;
      },
    }),
    [lookup, facts, check, history, onUploaded],
  );

  const problems = check?.problems ?? [];
  const warnings = check?.warnings ?? [];
  const elsewhere = check?.elsewhere ?? [];
  const view = useMemo(() => rootView(lookup, opened.schemaRel), [lookup, opened.schemaRel]);
  const previewNote = check && 'unavailable' in check.preview ? check.preview.unavailable : undefined;

  return (
    <div className="document">
      <div className="document-bar">
        <div className="document-title">
          <h1>{title}</h1>
          <p className="muted">
            {opened.rel}
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
              {[
                problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix` : '',
                warnings.length ? `${warnings.length} ${warnings.length === 1 ? 'text' : 'texts'} marked ✎ to write` : '',
                elsewhere.length ? `${elsewhere.length} ${elsewhere.length === 1 ? 'problem' : 'problems'} this change causes in other files` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
              {' before it can be saved.'}
            </p>
          )
        ) : (
          <p className="muted">Checking…</p>
        )}
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
                await api.discardDraft(opened.rel).catch((error: unknown) => setStatus({ kind: 'error', text: (error as RequestError).message }));
                setDraftOffer(undefined);
              }}
            >
              Discard the draft
            </button>
          </div>
        ) : null}
        {problems.length + warnings.length + elsewhere.length > 0 ? (
          <details className="problem-list" open={problems.length + elsewhere.length > 0}>
            <summary>Show the list</summary>
            <ul>
              {[...problems, ...warnings].map((p) => (
                <li key={`${p.pointer}|${p.code}|${p.message}`} className={p.code === 'TEMPLATE_TEXT' ? 'warn' : 'bad'}>
                  <button type="button" className="link-button" onClick={() => showField(p.pointer)}>
                    Go to {where(p)}
                  </button>{' '}
                  {p.message}
                </li>
              ))}
              {elsewhere.map((p) => (
                <li key={`${p.file}|${p.pointer}|${p.code}`} className="bad">
                  {p.file}:{p.line}: {p.message} {p.hint ? `Fix: ${p.hint}` : ''}
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
              This file cannot be read as JSON, so it has no form: fix the mistake listed above in a text editor (the line is given), then open it here again.
            </p>
          )}
        </form>
        <PreviewPane preview={lastGood} note={previewNote} />
      </div>
    </div>
  );
}
