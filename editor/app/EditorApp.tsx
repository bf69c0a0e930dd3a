import { useCallback, useEffect, useMemo, useState } from 'react';
import { type SchemaLookup, schemaLookup } from '../../engine/shared/schemaRefs.ts';
import { api, type DocumentGroup, type OpenedDocument, type ProjectFacts } from './api.ts';
import { DocumentEditor } from './DocumentEditor.tsx';
import { NewPage } from './NewPage.tsx';

type Screen = { kind: 'welcome' } | { kind: 'new'; what: 'internship' | 'jobs' } | { kind: 'document'; opened: OpenedDocument; title: string };

const LEAVE_WARNING = 'You have changes that are not saved. Leave them? (Keep as draft first to finish them later.)';

/** The editor: what there is to edit, listed by what it is, and the document being edited. */
export function EditorApp() {
  const [lookup, setLookup] = useState<SchemaLookup>();
  const [facts, setFacts] = useState<ProjectFacts>();
  const [groups, setGroups] = useState<DocumentGroup[]>([]);
  const [newDrafts, setNewDrafts] = useState<{ rel: string; savedAt: string }[]>([]);
  const [screen, setScreen] = useState<Screen>({ kind: 'welcome' });
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  const refreshList = useCallback(async () => {
    const [list, nextFacts] = await Promise.all([api.documents(), api.facts()]);
    setGroups(list.groups);
    setNewDrafts(list.newDrafts);
    setFacts(nextFacts);
  }, []);

  useEffect(() => {
    Promise.all([api.schemas(), refreshList()])
      .then(([schemas]) => setLookup(schemaLookup(new Map(Object.entries(schemas.files)))))
      .catch((e: unknown) => setError((e as Error).message));
  }, [refreshList]);

  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  const leave = useCallback(() => !dirty || window.confirm(LEAVE_WARNING), [dirty]);

  const open = useCallback(
    async (rel: string, title: string) => {
      if (!leave()) return;
      try {
        const opened = await api.open(rel);
        setDirty(false);
        setScreen({ kind: 'document', opened, title });
        setMenuOpen(false);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [leave],
  );

  const startNew = (what: 'internship' | 'jobs') => {
    if (!leave()) return;
    setScreen({ kind: 'new', what });
    setMenuOpen(false);
  };

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    if (!words) return groups;
    return groups.map((g) => ({ ...g, documents: g.documents.filter((d) => `${d.label} ${d.detail}`.toLowerCase().includes(words)) }));
  }, [groups, filter]);

  const current = screen.kind === 'document' ? screen.opened.rel : undefined;
  return (
    <div className="app">
      <header className="topbar">
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="documents" onClick={() => setMenuOpen(!menuOpen)}>
          ☰ Documents
        </button>
        <p className="brand">Content editor</p>
        <p className="topbar-note">Saves into pages/ and data/ of this project. Only this computer can open it.</p>
      </header>
      <div className="workspace">
        <nav id="documents" className={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Documents">
          <div className="new-buttons">
            <button type="button" className="primary" onClick={() => startNew('internship')}>
              + New internship stream
            </button>
            <button type="button" onClick={() => startNew('jobs')}>
              + New job category
            </button>
          </div>
          <label className="filter">
            <span>Find</span>
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="a page, a course, a list…" />
          </label>
          {newDrafts.length ? (
            <section className="doc-group">
              <h2>Drafts of new pages</h2>
              <ul>
                {newDrafts.map((d) => (
                  <li key={d.rel}>
                    <button
                      type="button"
                      aria-current={current === d.rel ? 'page' : undefined}
                      onClick={() => open(d.rel, d.rel.replace(/^.*\//, '').replace(/\.json$/, ''))}
                    >
                      <span className="doc-label">{d.rel.replace(/^.*\//, '').replace(/\.json$/, '')}</span>
                      <span className="doc-detail">draft of {new Date(d.savedAt).toLocaleString()}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {shown.map((group) =>
            group.documents.length ? (
              <section key={group.id} className="doc-group">
                <h2>{group.label}</h2>
                <ul>
                  {group.documents.map((d) => (
                    <li key={d.rel}>
                      <button type="button" aria-current={current === d.rel ? 'page' : undefined} onClick={() => open(d.rel, d.label)}>
                        <span className="doc-label">{d.label}</span>
                        <span className="doc-detail">{d.detail}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </nav>
        <main className="main">
          {error ? (
            <p className="status status-error" role="alert">
              {error}
            </p>
          ) : null}
          {!lookup || !facts ? (
            <p className="muted">Loading the schemas and the list of documents…</p>
          ) : screen.kind === 'document' ? (
            <DocumentEditor
              key={`${screen.opened.rel}|${screen.opened.hash}`}
              opened={screen.opened}
              title={screen.title}
              lookup={lookup}
              facts={facts}
              onDirtyChange={setDirty}
              onSaved={() => void refreshList()}
              onUploaded={() => void refreshList()}
            />
          ) : screen.kind === 'new' ? (
            <NewPage
              what={screen.what}
              onCreated={(opened, name) => {
                setDirty(false);
                setScreen({ kind: 'document', opened, title: name });
              }}
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
  return (
    <div className="welcome">
      <h1>What would you like to change?</h1>
      <p>Choose a page or a list on the left, or start a new internship stream or job category.</p>
      <ul>
        <li>Each field says what it is for. A problem appears in red beside its field as you type, with how to fix it.</li>
        <li>Texts that start with ✎ are suggestions from the template: write over them. A page with ✎ left cannot be saved, but you can keep it as a draft.</li>
        <li>The preview beside the form shows the page as visitors will see it, on a phone or a desktop.</li>
        <li>Undo (Ctrl+Z) takes back any change made since you opened the editor.</li>
      </ul>
    </div>
  );
}
