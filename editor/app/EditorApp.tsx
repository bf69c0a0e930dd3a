import { useCallback, useEffect, useMemo, useState } from 'react';
import { sourceFileOf, TRANSLATED_LANGUAGES, translationFileOf, translationLanguageOf } from '../../engine/content/translation/translationFiles.ts';
import { fill } from '../../engine/shared/fill.ts';
import { languagePath } from '../../engine/shared/language.ts';
import { type SchemaLookup, schemaLookup } from '../../engine/shared/schemaRefs.ts';
import { words } from '../words.ts';
import {
  callEditor,
  type DocumentEntry,
  type DocumentGroup,
  type FoundDocument,
  type OpenedDocument,
  type OpenedTranslation,
  type ProjectFacts,
  type TranslationState,
} from './api.ts';
import { DocumentEditor } from './DocumentEditor.tsx';
import { NewPage } from './NewPage.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { TranslationEditor } from './TranslationEditor.tsx';
import { LanguageTabs, stateOf, TranslationBadge } from './translation/LanguageTabs.tsx';
import { englishPointerOf } from './translation/translationRows.ts';

type Screen =
  | { kind: 'welcome' }
  | { kind: 'new'; what: 'internship' | 'jobs' }
  | { kind: 'publish' }
  /** One thing being edited: `rel` is the part open now (a course has its details, its page, its enrolment page). */
  | { kind: 'document'; entry: DocumentEntry; rel: string; opened: OpenedDocument; focus?: string | undefined }
  /** The same part's translation beside its English: `rel` is the English document's. */
  | { kind: 'translation'; entry: DocumentEntry; rel: string; opened: OpenedTranslation; focus?: string | undefined };

const shell = words.app.shell;
const FIND_DELAY_MS = 150;
const partOf = (thing: string, part: string) => fill(shell.partOf, { thing, part: part.toLowerCase() });

/**
 * Every document's name as the list gives it, by file (a course's parts as "Python Programming course: page"), and
 * its translation's by the translation's file ("Law internships (हिंदी)").
 */
function labelsOf(groups: DocumentGroup[]): Map<string, string> {
  const labels = new Map<string, string>();
  const name = (rel: string, label: string, translation: TranslationState | undefined) => {
    labels.set(rel, label);
    if (translation) {
      const language = words.languages[translation.language];
      labels.set(translationFileOf(rel, translation.language), fill(words.list.translation, { thing: label, language }));
    }
  };
  for (const group of groups) {
    for (const entry of group.documents) {
      name(entry.rel, entry.label, entry.translation);
      for (const part of entry.parts ?? []) if (part.rel !== entry.rel) name(part.rel, partOf(entry.label, part.label), part.translation);
    }
  }
  return labels;
}

/** How far a thing's translation is: its own document's, or for a thing of several documents, all of theirs together. */
function translationOfEntry(entry: DocumentEntry): TranslationState | undefined {
  const states = (entry.parts ?? [entry]).flatMap((part) => (part.translation ? [part.translation] : []));
  const [first] = states;
  if (!first) return undefined;
  const sum = (key: 'texts' | 'written' | 'toWrite' | 'stale') => states.reduce((total, s) => total + s[key], 0);
  return {
    language: first.language,
    texts: sum('texts'),
    written: sum('written'),
    toWrite: sum('toWrite'),
    stale: sum('stale'),
    started: states.some((s) => s.started),
  };
}

/** How far the site's translation is: documents translated, to finish (texts to write or check), and not started. */
function translationSummary(
  groups: DocumentGroup[],
): { language: TranslationState['language']; all: number; done: number; open: number; notStarted: number } | undefined {
  const states = groups.flatMap((g) =>
    g.documents.flatMap((entry) => (entry.parts ?? [entry]).flatMap((part) => (part.translation ? [part.translation] : []))),
  );
  const [first] = states;
  if (!first) return undefined;
  const kinds = states.map((s) => stateOf(s).kind);
  const count = (wanted: (kind: string) => boolean) => kinds.filter(wanted).length;
  return {
    language: first.language,
    all: states.length,
    done: count((k) => k === 'done'),
    open: count((k) => k === 'toWrite' || k === 'stale'),
    notStarted: count((k) => k === 'notStarted'),
  };
}

/**
 * Every page's name as the list gives it, by its address (a course's page by the course's name), and the same page
 * under each language's address by that name and the language ("Law internships (हिंदी)" for /hi/internship/law).
 */
function pathLabelsOf(groups: DocumentGroup[]): Map<string, string> {
  const labels = new Map<string, string>();
  const name = (address: string, label: string) => {
    labels.set(address.toLowerCase(), label);
    for (const language of TRANSLATED_LANGUAGES) {
      labels.set(languagePath(language, address).toLowerCase(), fill(words.list.translation, { thing: label, language: words.languages[language] }));
    }
  };
  for (const group of groups) {
    for (const entry of group.documents) {
      if (entry.detail.startsWith('/')) name(entry.detail, entry.label);
      for (const part of entry.parts ?? []) {
        if (part.detail.startsWith('/')) name(part.detail, part.label === words.list.page ? entry.label : partOf(entry.label, part.label));
      }
    }
  }
  return labels;
}

/** The editor: what there is to edit, listed as the site's menus list it, Find, the document being edited, and Publish. */
export function EditorApp() {
  const [lookup, setLookup] = useState<SchemaLookup>();
  const [facts, setFacts] = useState<ProjectFacts>();
  const [groups, setGroups] = useState<DocumentGroup[]>([]);
  const [newDrafts, setNewDrafts] = useState<{ rel: string; savedAt: string }[]>([]);
  const [screen, setScreen] = useState<Screen>({ kind: 'welcome' });
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; found: FoundDocument[] }>();
  const [error, setError] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [onlyToTranslate, setOnlyToTranslate] = useState(false);
  /** The translation's progress of the document open now, as it is typed (in English or in the translation). */
  const [liveProgress, setLiveProgress] = useState<{ rel: string; progress: TranslationState }>();

  const refreshList = useCallback(async () => {
    const [list, nextFacts] = await Promise.all([callEditor('documents'), callEditor('facts')]);
    setGroups(list.groups);
    setNewDrafts(list.newDrafts);
    setFacts(nextFacts);
  }, []);

  useEffect(() => {
    Promise.all([callEditor('schemas'), refreshList()])
      .then(([schemas]) => setLookup(schemaLookup(new Map(Object.entries(schemas.files).flatMap(([rel, node]) => (node ? [[rel, node]] : []))))))
      .catch((e: unknown) => setError((e as Error).message));
  }, [refreshList]);

  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  // Find: names first, then the texts inside pages and lists, answered by the editor's server.
  useEffect(() => {
    const typed = query.trim();
    if (!typed) {
      setFound(undefined);
      return;
    }
    const timer = setTimeout(() => {
      callEditor('find', { q: typed })
        .then((answer) => setFound({ query: typed, found: answer.found }))
        .catch((e: unknown) => setError((e as Error).message));
    }, FIND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const labels = useMemo(() => labelsOf(groups), [groups]);
  const pathLabels = useMemo(() => pathLabelsOf(groups), [groups]);
  const entryOf = useCallback(
    (rel: string): DocumentEntry => {
      for (const group of groups) {
        for (const entry of group.documents) if (entry.rel === rel || entry.parts?.some((p) => p.rel === rel)) return entry;
      }
      return { rel, label: rel.replace(/^.*\//, '').replace(/\.json$/, ''), detail: '' };
    },
    [groups],
  );

  const leave = useCallback(() => !dirty || window.confirm(shell.leave), [dirty]);

  const open = useCallback(
    async (entry: DocumentEntry, rel = entry.rel, focus?: string) => {
      if (!leave()) return;
      try {
        const opened = await callEditor('open', { rel });
        setDirty(false);
        setScreen({ kind: 'document', entry, rel, opened, focus });
        setMenuOpen(false);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [leave],
  );
  const openTranslation = useCallback(
    async (entry: DocumentEntry, rel: string, language: TranslationState['language'], focus?: string) => {
      if (!leave()) return;
      try {
        const opened = await callEditor('openTranslation', { rel, language });
        setDirty(false);
        setScreen({ kind: 'translation', entry, rel, opened, focus });
        setMenuOpen(false);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [leave],
  );
  // A translation's file (a problem in it, from the Publish list) opens beside its English, at the text it is about.
  const openFile = useCallback(
    (rel: string, focus?: string) => {
      const language = translationLanguageOf(rel);
      if (!language) return open(entryOf(rel), rel, focus);
      const english = sourceFileOf(rel);
      return openTranslation(entryOf(english), english, language, focus === undefined ? undefined : englishPointerOf(focus));
    },
    [open, openTranslation, entryOf],
  );

  const go = (next: Screen) => {
    if (!leave()) return;
    setDirty(false);
    setScreen(next);
    setMenuOpen(false);
  };

  const current = screen.kind === 'document' || screen.kind === 'translation' ? screen.entry.rel : undefined;
  const entryButton = (entry: DocumentEntry, group?: string, excerpt?: string) => {
    const translation = translationOfEntry(entry);
    return (
      <button type="button" aria-current={current === entry.rel ? 'page' : undefined} onClick={() => open(entry)}>
        <span className="doc-label">{entry.label}</span>
        <span className="doc-detail">{group ? `${group} · ${entry.detail}` : entry.detail}</span>
        {excerpt ? <span className="doc-excerpt">{excerpt}</span> : null}
        {translation ? <TranslationBadge progress={translation} withLanguage /> : null}
      </button>
    );
  };
  const summary = useMemo(() => translationSummary(groups), [groups]);
  const needsTranslation = (entry: DocumentEntry) => {
    const translation = translationOfEntry(entry);
    return translation !== undefined && stateOf(translation).kind !== 'done';
  };
  const editing = screen.kind === 'document' || screen.kind === 'translation' ? screen : undefined;
  const part = editing ? (editing.entry.parts?.find((p) => p.rel === editing.rel) ?? undefined) : undefined;
  // The tabs of the part open now: its English and its translation, once it is on disk and has texts to translate.
  const partProgress = editing ? (part ?? (editing.entry.rel === editing.rel ? editing.entry : undefined))?.translation : undefined;
  const shownProgress = editing && liveProgress?.rel === editing.rel ? liveProgress.progress : partProgress;
  const editingRel = editing?.rel;
  // The document open decides whose progress is reported: a new one reports its own.
  const onProgress = useCallback(
    (progress: TranslationState | undefined) => {
      if (editingRel) setLiveProgress(progress ? { rel: editingRel, progress } : undefined);
    },
    [editingRel],
  );

  return (
    <div className="app">
      <header className="topbar">
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="documents" onClick={() => setMenuOpen(!menuOpen)}>
          {shell.menuButton}
        </button>
        <p className="brand">{shell.brand}</p>
        <p className="topbar-note">{shell.note}</p>
        <button type="button" className={`primary publish-button${screen.kind === 'publish' ? ' active' : ''}`} onClick={() => go({ kind: 'publish' })}>
          {shell.publish}
        </button>
      </header>
      <div className="workspace">
        <nav id="documents" className={`sidebar${menuOpen ? ' open' : ''}`} aria-label={shell.pagesAndLists}>
          <div className="new-buttons">
            <button type="button" className="primary" onClick={() => go({ kind: 'new', what: 'internship' })}>
              {shell.newStream}
            </button>
            <button type="button" onClick={() => go({ kind: 'new', what: 'jobs' })}>
              {shell.newJobCategory}
            </button>
          </div>
          <label className="filter">
            <span>{shell.find}</span>
            <input type="search" value={query} maxLength={200} onChange={(e) => setQuery(e.target.value)} placeholder={shell.findPlaceholder} />
          </label>
          {summary ? (
            <div className="translation-summary">
              <p>{fill(words.app.translation.summary, { ...summary, language: words.languages[summary.language] })}</p>
              <label>
                <input type="checkbox" checked={onlyToTranslate} onChange={(e) => setOnlyToTranslate(e.target.checked)} />{' '}
                {fill(words.app.translation.onlyToDo, { language: words.languages[summary.language] })}
              </label>
            </div>
          ) : null}
          {query.trim() ? (
            <section className="doc-group" aria-live="polite">
              <h2>{found && found.query === query.trim() ? fill(shell.found, { count: found.found.length, query: found.query }) : shell.finding}</h2>
              {found?.found.length === 0 ? <p className="muted">{shell.foundNothing}</p> : null}
              <ul>
                {(found?.found ?? []).map((entry) => (
                  <li key={entry.rel}>{entryButton(entry, entry.group, entry.excerpt)}</li>
                ))}
              </ul>
            </section>
          ) : (
            <>
              {newDrafts.length ? (
                <section className="doc-group">
                  <h2>{shell.newDrafts}</h2>
                  <ul>
                    {newDrafts.map((d) => {
                      const name = d.rel.replace(/^.*\//, '').replace(/\.json$/, '');
                      return (
                        <li key={d.rel}>
                          <button
                            type="button"
                            aria-current={current === d.rel ? 'page' : undefined}
                            onClick={() => open({ rel: d.rel, label: name, detail: shell.draft })}
                          >
                            <span className="doc-label">{name}</span>
                            <span className="doc-detail">{fill(shell.draftOf, { date: new Date(d.savedAt).toLocaleString() })}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ) : null}
              {groups.map((group) => {
                const shown = onlyToTranslate ? group.documents.filter(needsTranslation) : group.documents;
                return shown.length ? (
                  <section key={group.id} className="doc-group">
                    <h2>{group.label}</h2>
                    <ul>
                      {shown.map((d) => (
                        <li key={d.rel}>{entryButton(d)}</li>
                      ))}
                    </ul>
                  </section>
                ) : null;
              })}
            </>
          )}
        </nav>
        <main className="main">
          {error ? (
            <p className="status status-error" role="alert">
              {error}
            </p>
          ) : null}
          {!lookup || !facts ? (
            <p className="muted">{shell.loading}</p>
          ) : editing ? (
            <>
              {editing.entry.parts && editing.entry.parts.length > 1 ? (
                <div className="parts" role="tablist" aria-label={fill(shell.partsOf, { thing: editing.entry.label })}>
                  {editing.entry.parts.map((p) => (
                    <button
                      key={p.rel}
                      type="button"
                      role="tab"
                      aria-selected={p.rel === editing.rel}
                      onClick={() => (p.rel === editing.rel ? undefined : open(editing.entry, p.rel))}
                    >
                      <span>{p.label}</span>
                      <span className="muted">{p.detail}</span>
                      {p.translation ? <TranslationBadge progress={p.translation} withLanguage /> : null}
                    </button>
                  ))}
                </div>
              ) : null}
              {shownProgress && (editing.kind === 'translation' || editing.opened.hash !== null) ? (
                <LanguageTabs
                  thing={part && part.label !== words.list.courseDetails ? partOf(editing.entry.label, part.label) : editing.entry.label}
                  showing={editing.kind === 'translation' ? editing.opened.language : 'en'}
                  progress={shownProgress}
                  onShow={(language) => void (language === 'en' ? open(editing.entry, editing.rel) : openTranslation(editing.entry, editing.rel, language))}
                />
              ) : null}
            </>
          ) : null}
          {!lookup || !facts ? null : screen.kind === 'translation' ? (
            <TranslationEditor
              key={`${screen.opened.rel}|${screen.opened.hash}`}
              opened={screen.opened}
              title={part && part.label !== words.list.courseDetails ? partOf(screen.entry.label, part.label) : screen.entry.label}
              subtitle={part?.detail ?? screen.entry.detail}
              focus={screen.focus}
              lookup={lookup}
              onDirtyChange={setDirty}
              onSaved={() => void refreshList()}
              onProgress={onProgress}
            />
          ) : screen.kind === 'document' ? (
            <DocumentEditor
              key={`${screen.opened.rel}|${screen.opened.hash}`}
              opened={screen.opened}
              title={part && part.label !== words.list.courseDetails ? partOf(screen.entry.label, part.label) : screen.entry.label}
              subtitle={part?.detail ?? screen.entry.detail}
              focus={screen.focus}
              labelOf={(rel) => labels.get(rel) ?? rel}
              onOpen={(rel, pointer) => void openFile(rel, pointer)}
              lookup={lookup}
              facts={facts}
              onDirtyChange={setDirty}
              onSaved={() => void refreshList()}
              onUploaded={() => void refreshList()}
              onTranslationProgress={onProgress}
              onOpenTranslation={(language) => void openTranslation(screen.entry, screen.rel, language)}
            />
          ) : screen.kind === 'new' ? (
            <NewPage
              what={screen.what}
              onCreated={(opened, name) => {
                setDirty(false);
                setScreen({ kind: 'document', entry: { rel: opened.rel, label: name, detail: shell.newPage }, rel: opened.rel, opened });
              }}
              onOpenExisting={(rel) => void openFile(rel)}
            />
          ) : screen.kind === 'publish' ? (
            <PublishPanel
              labelOf={(rel) => labels.get(rel) ?? rel}
              pageLabelOf={(path) => pathLabels.get(path.toLowerCase())}
              onOpen={(rel, pointer) => void openFile(rel, pointer)}
              onPublished={() => void refreshList()}
            />
          ) : (
            <Welcome />
          )}
        </main>
      </div>
    </div>
  );
}

function Welcome() {
  const { welcome } = words.app;
  return (
    <div className="welcome">
      <h1>{welcome.heading}</h1>
      <p>{welcome.intro}</p>
      <ul>
        {welcome.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </div>
  );
}
