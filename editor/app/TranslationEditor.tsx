import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type TranslationDocument,
  type TranslationEntry,
  translationProgress,
  translationSkeleton,
} from '../../engine/content/translation/translationFiles.ts';
import { fill, fillCount } from '../../engine/shared/fill.ts';
import type { SchemaLookup } from '../../engine/shared/schemaRefs.ts';
import type { EditorWriteRequest } from '../../engine/types.ts';
import { blockersLine, words } from '../words.ts';
import { type CheckResult, callEditor, type OpenedTranslation, type Preview, type Problem, RequestError, type TranslationState } from './api.ts';
import { fieldId } from './form/formModel.ts';
import { ProblemNotes } from './form/ProblemNotes.tsx';
import { useHistory } from './history.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { SaveFeedback, type SaveStatus } from './SaveFeedback.tsx';
import { englishPointerOf, type TextGroup, type TextRow, textGroups, translationIn, wordChanges } from './translation/translationRows.ts';

interface Props {
  opened: OpenedTranslation;
  /** What the document is called, and its second line (its address). */
  title: string;
  subtitle: string;
  /** The English text to show once the view is drawn (a problem chosen in the Publish list). */
  focus?: string | undefined;
  lookup: SchemaLookup;
  onSaved(rel: string): void;
  onDirtyChange(dirty: boolean): void;
  /** How far the translation is as it is being written, for the tab above. */
  onProgress(progress: TranslationState): void;
}

type Status = SaveStatus;

type Filter = 'all' | 'toWrite' | 'stale' | 'problems';
/** What the check says about one text, beside it. */
type Notes = { problems: Problem[]; warnings: Problem[] };

const CHECK_DELAY_MS = 250;
const said = words.app.translation;
const saying = words.app.document;
/** Problems a row shows in its own way (empty, stale) rather than as a note beside it. */
const SHOWN_BY_THE_ROW = new Set(['TRANSLATION_MISSING', 'TRANSLATION_STALE']);

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The written texts of a translation, as saving would change them: what makes it changed since it was saved. */
function writtenOf(doc: TranslationDocument | undefined): string {
  return JSON.stringify(Object.entries(doc?.texts ?? {}).filter(([, entry]) => entry.text.trim()));
}

/**
 * A document's translation beside its English: each text of the English with a box for its translation, grouped as
 * the form groups them; the figures, links, ids and dates of each group shown once, from the English; a text not
 * written yet flagged, one whose English changed since shown with what it was and what it is now, and a Checked button
 * that takes the new English as what it translates. Checked as it is typed and saved as any document is (the same
 * validator, atomic writes, conflicts, drafts).
 */
export function TranslationEditor({ opened, title, subtitle, focus, lookup, onSaved, onDirtyChange, onProgress }: Props) {
  const language = words.languages[opened.language];
  const english = useMemo(() => new Map(opened.texts.map((t) => [t.pointer, t.english])), [opened.texts]);
  const englishDocument = useMemo(() => parse(opened.english.text), [opened.english.text]);
  const groups = useMemo(
    () => textGroups(lookup, opened.english.schemaRel, englishDocument, english),
    [lookup, opened.english.schemaRel, englishDocument, english],
  );
  const schemaRef = useMemo(() => String((parse(opened.text) as { $schema?: unknown } | undefined)?.$schema ?? ''), [opened.text]);
  /** A translation file's texts brought up to the English: every text in its order, a new one empty (translationSkeleton). */
  const upToDate = useCallback((doc: TranslationDocument | undefined) => translationSkeleton(english, doc, schemaRef), [english, schemaRef]);

  const [original, setOriginal] = useState(opened.text);
  const [openedHash, setOpenedHash] = useState(opened.hash);
  const [saved, setSaved] = useState(() => translationIn(opened.text));
  const [initial] = useState(() => upToDate(translationIn(opened.text)));
  const history = useHistory<TranslationDocument>(initial);
  const value = history.value;
  const valueRef = useRef(value);
  valueRef.current = value;
  const [draftOffer, setDraftOffer] = useState(opened.draft);
  const [check, setCheck] = useState<CheckResult>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // The texts a filter shows are chosen when it is: a text being written stays in "To write" until another is chosen.
  const [filter, setFilter] = useState<{ kind: Filter; pointers?: ReadonlySet<string> }>({ kind: 'all' });
  const [showPreview, setShowPreview] = useState(false);
  const [lastGood, setLastGood] = useState<Preview>();
  const checkSeq = useRef(0);

  // Texts the file has that the English no longer has: the view does not show them, and saving leaves them out.
  const removed = Object.entries(saved?.texts ?? {}).filter(([pointer, entry]) => !english.has(pointer) && entry.text.trim());
  const savedWritten = useMemo(() => writtenOf(saved), [saved]);
  const dirty = useMemo(() => writtenOf(value), [value]) !== savedWritten || removed.length > 0;
  const progress = useMemo(() => translationProgress(english, value), [english, value]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => onProgress({ language: opened.language, ...progress }), [progress, onProgress, opened.language]);

  // Checked as it is typed, by the validator `npm run validate` runs, against the English on disk.
  useEffect(() => {
    const seq = ++checkSeq.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await callEditor('check', { rel: opened.rel, original, value: value as unknown as EditorWriteRequest['value'] });
        if (seq !== checkSeq.current) return;
        setCheck(answer);
        setStatus((current) => (current.kind === 'refused' ? { kind: 'idle' } : current));
        // The page in the translation's language, whenever the whole translation is valid (protocol/types.ts Preview).
        if ('page' in answer.preview) setLastGood(answer.preview as Preview);
      } catch (error) {
        if (seq === checkSeq.current) setStatus({ kind: 'error', text: (error as Error).message });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened.rel, original, value]);

  const save = useCallback(async () => {
    setStatus({ kind: 'busy', text: saying.saving });
    try {
      const answer = await callEditor('save', { rel: opened.rel, original, openedHash, value: value as unknown as EditorWriteRequest['value'] });
      setOriginal(answer.text);
      setOpenedHash(answer.hash);
      setSaved(translationIn(answer.text));
      setDraftOffer(undefined);
      setStatus({ kind: 'saved', text: fill(saying.saved, { time: new Date().toLocaleTimeString() }) });
      onSaved(opened.rel);
    } catch (error) {
      const refusal = error instanceof RequestError ? error.refusal : undefined;
      if (refusal?.diskText !== undefined) setStatus({ kind: 'conflict', text: refusal.message, diskText: refusal.diskText });
      else if (refusal?.problems) setStatus({ kind: 'refused', text: refusal.message });
      else setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, original, openedHash, value, onSaved]);

  const keepDraft = useCallback(async () => {
    setStatus({ kind: 'busy', text: saying.keepingDraft });
    try {
      const draft = await callEditor('keepDraft', { rel: opened.rel, original, openedHash, value: value as unknown as EditorWriteRequest['value'] });
      setStatus({ kind: 'saved', text: fill(saying.draftKept, { time: new Date(draft.savedAt).toLocaleTimeString() }) });
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.rel, original, openedHash, value]);

  const reloadFromDisk = useCallback(async () => {
    try {
      const fresh = await callEditor('openTranslation', { rel: opened.english.rel, language: opened.language });
      setOriginal(fresh.text);
      setOpenedHash(fresh.hash);
      setSaved(translationIn(fresh.text));
      history.change(upToDate(translationIn(fresh.text)));
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({ kind: 'error', text: (error as Error).message });
    }
  }, [opened.english.rel, opened.language, history, upToDate]);

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

  /** One text's entry changed: its translation typed, or its English taken as checked. */
  // Stable (history.change is), so a text typed in redraws its own row only: the site's words are a thousand rows.
  const { change } = history;
  const changeEntry = useCallback(
    (pointer: string, entry: TranslationEntry, key?: string) => {
      const current = valueRef.current;
      change({ ...current, texts: { ...current.texts, [pointer]: entry } }, key);
    },
    [change],
  );

  // Problems beside their texts; those about no one text (the whole file) above the list.
  const { byText, general } = useMemo(() => {
    const byText = new Map<string, { problems: Problem[]; warnings: Problem[] }>();
    const general: Problem[] = [];
    const add = (p: Problem, kind: 'problems' | 'warnings') => {
      if (SHOWN_BY_THE_ROW.has(p.code)) return;
      const pointer = englishPointerOf(p.pointer);
      if (pointer === undefined || !english.has(pointer)) {
        if (kind === 'problems') general.push(p);
        return;
      }
      const notes = byText.get(pointer) ?? { problems: [], warnings: [] };
      notes[kind].push(p);
      byText.set(pointer, notes);
    };
    for (const p of check?.problems ?? []) add(p, 'problems');
    for (const p of check?.warnings ?? []) add(p, 'warnings');
    return { byText, general };
  }, [check, english]);

  const isStale = (pointer: string) => {
    const entry = value.texts[pointer];
    return Boolean(entry?.text.trim()) && entry!.source !== english.get(pointer);
  };
  const isEmpty = (pointer: string) => !value.texts[pointer]?.text.trim();
  const withProblem = [...byText.values()].filter((n) => n.problems.length).length;
  const matches = (kind: Filter, pointer: string) =>
    kind === 'all' ||
    (kind === 'toWrite' && isEmpty(pointer)) ||
    (kind === 'stale' && isStale(pointer)) ||
    (kind === 'problems' && (byText.get(pointer)?.problems.length ?? 0) > 0);
  const choose = (kind: Filter) => setFilter({ kind, pointers: new Set(opened.texts.map((t) => t.pointer).filter((pointer) => matches(kind, pointer))) });
  // Kept while the filter is: a group redraws only when one of its own texts changes (GroupView).
  const shownGroups = useMemo(() => {
    if (filter.kind === 'all') return groups;
    return groups.map((group) => ({ ...group, rows: group.rows.filter((row) => filter.pointers?.has(row.pointer)) })).filter((group) => group.rows.length > 0);
  }, [groups, filter]);

  // A text chosen elsewhere (the Publish list): shown once the view is drawn.
  const focused = useRef(false);
  useEffect(() => {
    if (!focus || focused.current) return;
    focused.current = true;
    setFilter({ kind: 'all' });
    requestAnimationFrame(() => {
      const element = document.getElementById(fieldId(focus));
      element?.scrollIntoView({ block: 'center' });
      element?.focus({ preventScroll: true });
    });
  }, [focus]);

  const problems = (check?.problems ?? []).filter((p) => p.code !== 'TRANSLATION_MISSING');
  const missing = (check?.problems ?? []).filter((p) => p.code === 'TRANSLATION_MISSING').length;
  const blocking = problems.length + missing;

  return (
    <div className="document translation">
      <div className="document-bar">
        <div className="document-title">
          <h1>
            {title} <span className="language-name">· {language}</span>
          </h1>
          <p className="muted">
            {subtitle}
            {openedHash === null ? saying.notSavedYet : ''}
          </p>
        </div>
        <div className="document-actions">
          <button type="button" aria-pressed={showPreview} onClick={() => setShowPreview(!showPreview)}>
            {said.preview}
          </button>
          <button type="button" onClick={history.undo} disabled={!history.canUndo} title={saying.undoKeys}>
            {saying.undo}
          </button>
          <button type="button" onClick={history.redo} disabled={!history.canRedo} title={saying.redoKeys}>
            {saying.redo}
          </button>
          <button type="button" onClick={keepDraft} disabled={!dirty || status.kind === 'busy'}>
            {saying.keepDraft}
          </button>
          <button type="button" className="primary" onClick={save} disabled={!dirty || status.kind === 'busy'}>
            {saying.save}
          </button>
        </div>
      </div>
      <div className="document-status" aria-live="polite">
        <p className="translation-counts">
          {fill(said.counts, { texts: progress.texts, written: progress.written, toWrite: progress.toWrite, stale: progress.stale })}
        </p>
        {!progress.started ? <p className="warn">{fill(said.notStarted, { language })}</p> : null}
        {check ? (
          blocking === 0 ? (
            <p className="ok">{dirty ? saying.readyToSave : saying.unchanged}</p>
          ) : (
            <p className="bad">{fill(saying.beforeSave, { blockers: blockersLine(problems.length, 0, 0, missing) })}</p>
          )
        ) : (
          <p className="muted">{saying.checking}</p>
        )}
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
            history.change(upToDate(translationIn(JSON.stringify(draftOffer.value))));
            setDraftOffer(undefined);
          }}
          onDiscardDraft={async () => {
            await callEditor('discardDraft', { rel: opened.rel }).catch((error: unknown) => setStatus({ kind: 'error', text: (error as Error).message }));
            setDraftOffer(undefined);
          }}
        />
        {general.length ? (
          <div className="notes">
            <p>{said.otherProblems}</p>
            <ProblemNotes id="translation:notes" problems={general} warnings={[]} />
          </div>
        ) : null}
        {removed.length ? <p className="warn">{fillCount(said.removed, removed.length)}</p> : null}
      </div>
      <div className={showPreview ? 'translation-body with-preview' : 'translation-body'}>
        <div className="translation-texts">
          <p className="help translation-intro">{fill(said.intro, { language })}</p>
          {groups.length === 0 ? (
            <p className="muted">{said.noTexts}</p>
          ) : (
            <>
              <fieldset className="segmented translation-filter">
                <legend className="sr-only">{said.show}</legend>
                {(
                  [
                    ['all', fill(said.all, { count: progress.texts })],
                    ['toWrite', fill(said.toWrite, { count: progress.toWrite })],
                    ['stale', fill(said.stale, { count: progress.stale })],
                    ['problems', fill(said.withProblems, { count: withProblem })],
                  ] as const
                ).map(([kind, label]) => (
                  <button key={kind} type="button" aria-pressed={filter.kind === kind} onClick={() => choose(kind)}>
                    {label}
                  </button>
                ))}
              </fieldset>
              {shownGroups.length === 0 ? <p className="muted">{said.nothingShown}</p> : null}
              <div className="t-columns" aria-hidden="true">
                <span>{said.englishColumn}</span>
                <span lang={opened.language}>{language}</span>
              </div>
              {shownGroups.map((group) => (
                <GroupView key={group.pointer} group={group} texts={value.texts} byText={byText} language={language} onChange={changeEntry} />
              ))}
            </>
          )}
        </div>
        {showPreview ? <PreviewPane preview={lastGood} note={check && 'unavailable' in check.preview ? check.preview.unavailable : undefined} /> : null}
      </div>
    </div>
  );
}

interface GroupProps {
  group: TextGroup;
  texts: TranslationDocument['texts'];
  byText: ReadonlyMap<string, Notes>;
  language: string;
  onChange(pointer: string, entry: TranslationEntry, key?: string): void;
}

/**
 * A group of texts (a section, a role) with the figures it holds shown once. Drawn again only when one of its own
 * texts or their problems change: the site's words are a thousand texts, and React redraws them on each key otherwise.
 */
const GroupView = memo(
  function GroupView({ group, texts, byText, language, onChange }: GroupProps) {
    return (
      <section className="t-group" data-pointer={group.pointer} aria-label={group.title}>
        <h2>{group.title}</h2>
        {group.fixed.length ? (
          <div className="t-fixed">
            <span className="t-fixed-title">{said.fixed}:</span>
            <dl>
              {group.fixed.map((f) => (
                <div key={f.pointer}>
                  <dt>{f.label}:</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {group.rows.map((row) => (
          <TextRowView
            key={row.pointer}
            row={row}
            place={row.label || group.title}
            entry={texts[row.pointer]}
            notes={byText.get(row.pointer)}
            language={language}
            onChange={onChange}
          />
        ))}
      </section>
    );
  },
  (before, after) =>
    before.group === after.group &&
    before.language === after.language &&
    before.onChange === after.onChange &&
    after.group.rows.every((row) => before.texts[row.pointer] === after.texts[row.pointer] && before.byText.get(row.pointer) === after.byText.get(row.pointer)),
);

/** One text: its English, and its translation in a box beside it, flagged when not written or when its English changed. */
const TextRowView = memo(function TextRowView({
  row,
  place,
  entry,
  notes,
  language,
  onChange,
}: {
  row: TextRow;
  place: string;
  entry: TranslationEntry | undefined;
  notes: Notes | undefined;
  language: string;
  onChange(pointer: string, entry: TranslationEntry, key?: string): void;
}) {
  const text = entry?.text ?? '';
  const empty = !text.trim();
  const stale = !empty && entry !== undefined && entry.source !== row.english;
  const id = fieldId(row.pointer);
  const problems = notes?.problems ?? [];
  const changes = stale ? wordChanges(entry.source, row.english) : undefined;
  return (
    <div className={`t-row${empty ? ' t-empty' : ''}${stale ? ' t-stale' : ''}${problems.length ? ' has-error' : ''}`} data-pointer={row.pointer}>
      {row.label ? <p className="t-label">{row.label}</p> : null}
      <div className="t-english" lang="en">
        {changes ? (
          <>
            <p className="t-was">
              <span className="t-when">{said.was}:</span>{' '}
              {changes.was.map((c, i) =>
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order, never reordered
                c.kind === 'removed' ? <del key={i}>{c.text}</del> : <span key={i}>{c.text}</span>,
              )}
            </p>
            <p className="t-now">
              <span className="t-when">{said.now}:</span>{' '}
              {changes.now.map((c, i) =>
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                c.kind === 'added' ? <ins key={i}>{c.text}</ins> : <span key={i}>{c.text}</span>,
              )}
            </p>
          </>
        ) : (
          <p>{row.english}</p>
        )}
      </div>
      <div className="t-translation">
        <textarea
          id={id}
          lang="hi"
          rows={1}
          value={text}
          aria-label={fill(said.textIn, { place, language })}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={`${id}:notes`}
          onChange={(e) =>
            // A text written where there was none translates the English shown beside it.
            onChange(row.pointer, { source: empty ? row.english : (entry?.source ?? row.english), text: e.target.value }, id)
          }
        />
        {empty ? <p className="t-flag t-flag-empty">{said.notWritten}</p> : null}
        {stale ? (
          <div className="t-flag t-flag-stale">
            <p>{fill(said.changed, { language })}</p>
            <button type="button" title={fill(said.checkedHelp, { language })} onClick={() => onChange(row.pointer, { source: row.english, text })}>
              ✓ {said.checked}
            </button>
          </div>
        ) : null}
        <ProblemNotes id={`${id}:notes`} problems={problems} warnings={notes?.warnings ?? []} />
      </div>
    </div>
  );
});
