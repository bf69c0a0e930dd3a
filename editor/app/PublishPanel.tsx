import { useCallback, useEffect, useState } from 'react';
import { fill, fillCount } from '../../engine/shared/fill.ts';
import { words } from '../words.ts';
import { callEditor, type PublishHistory, type PublishStatus, type ReleaseChanges, RequestError } from './api.ts';
import { formPointer } from './form/formContext.ts';

const POLL_MS = 700;

const said = words.app.publish;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "2 pages added, 1 page changed.": a publish in a few words. */
function changesInWords(changes: ReleaseChanges): string {
  const { changes: counted } = said;
  if (changes.since === null) return counted.first;
  const parts = [
    changes.added.length ? fillCount(counted.added, changes.added.length) : '',
    changes.changed.length ? fillCount(counted.changed, changes.changed.length) : '',
    changes.removed.length ? fillCount(counted.removed, changes.removed.length) : '',
    changes.menusChanged ? counted.menus : '',
  ].filter(Boolean);
  return parts.length ? fill(counted.list, { parts: parts.join(', ') }) : counted.none;
}

function PageLinks({
  title,
  pages,
  siteUrl,
  removed,
  labelOf,
}: {
  title: string;
  pages: { path: string; label: string }[];
  siteUrl: string;
  removed?: boolean;
  labelOf(path: string): string | undefined;
}) {
  if (!pages.length) return null;
  return (
    <section className="summary-part">
      <h3>{fill(said.pageCount, { title, count: pages.length })}</h3>
      <ul>
        {pages.map((p) => (
          <li key={p.path}>
            {removed ? (
              <>
                {labelOf(p.path) ?? p.label} <span className="muted">{p.path}</span>
              </>
            ) : (
              <a href={`${siteUrl}${encodeURI(p.path)}`} target="_blank" rel="noreferrer">
                {labelOf(p.path) ?? p.label} <span className="muted">{p.path}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Publish: everything is checked as a production build checks it (a problem, a ✎ text or a placeholder link stops it,
 * each listed with a way to its field), then the site is built and switched to the new version, with progress; then a
 * plain summary of what changed, with a link to each changed page. History lists every version, and the last publish
 * can be undone (the version before it is served again).
 */
export function PublishPanel({
  labelOf,
  pageLabelOf,
  onOpen,
  onPublished,
}: {
  labelOf(rel: string): string;
  /** A page's name as the list gives it, by its address (the summary names pages as the list does). */
  pageLabelOf(path: string): string | undefined;
  onOpen(rel: string, pointer: string): void;
  onPublished(): void;
}) {
  const [status, setStatus] = useState<PublishStatus>({ state: 'idle' });
  const [history, setHistory] = useState<PublishHistory>();
  const [error, setError] = useState<string>();
  const [undone, setUndone] = useState<string>();

  const refreshHistory = useCallback(() => {
    callEditor('publishHistory')
      .then(setHistory)
      .catch((e: unknown) => setError((e as Error).message));
  }, []);

  useEffect(() => {
    callEditor('publishStatus')
      .then(setStatus)
      .catch((e: unknown) => setError((e as Error).message));
    refreshHistory();
  }, [refreshHistory]);

  // While a publish runs, its progress is asked for a few times a second.
  useEffect(() => {
    if (status.state !== 'running') return;
    const timer = setTimeout(() => {
      callEditor('publishStatus')
        .then((next) => {
          setStatus(next);
          if (next.state === 'done') {
            refreshHistory();
            onPublished();
          }
        })
        .catch((e: unknown) => setError((e as Error).message));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [status, refreshHistory, onPublished]);

  const publish = async () => {
    setError(undefined);
    setUndone(undefined);
    try {
      setStatus(await callEditor('publish'));
    } catch (e) {
      // Something stops it: the list of what to finish, each line a way to its field.
      const problems = e instanceof RequestError ? e.refusal?.problems : undefined;
      if (problems) setStatus({ state: 'refused', problems, at: new Date().toISOString() });
      else setError((e as Error).message);
    }
  };

  const undo = async () => {
    const current = history?.releases.find((r) => r.current);
    const before = history?.releases[history.releases.findIndex((r) => r.current) + 1];
    if (!current || !before) return;
    if (!window.confirm(fill(said.confirmUndo, { before: when(before.createdAt), current: when(current.createdAt) }))) return;
    try {
      await callEditor('undoPublish');
      setUndone(fill(said.undone, { before: when(before.createdAt) }));
      setStatus({ state: 'idle' });
      refreshHistory();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const running = status.state === 'running';
  return (
    <div className="publish">
      <h1>{said.heading}</h1>
      <p>{said.intro}</p>
      <button type="button" className="primary" onClick={publish} disabled={running}>
        {running ? said.publishing : said.publishNow}
      </button>
      {error ? (
        <p className="status status-error" role="alert">
          {error}
        </p>
      ) : null}
      {undone ? (
        <p className="status status-saved" role="status">
          {undone}
        </p>
      ) : null}

      {status.state === 'refused' ? (
        <section className="publish-refused" role="alert">
          <h2>{fill(words.refusals.PUBLISH_REFUSED, { count: fillCount(words.blockers.publish, status.problems.length) })}</h2>
          <p>{said.refusedHelp}</p>
          <ul className="problem-list">
            {status.problems.map((p) => (
              <li
                key={`${p.file}|${p.pointer}|${p.code}`}
                className={p.code === 'TEMPLATE_TEXT' || p.code === 'PLACEHOLDER_LINK' || p.code === 'PLACEHOLDER_LINK_USED' ? 'warn' : 'bad'}
              >
                <button type="button" className="link-button" onClick={() => onOpen(p.file, formPointer(p))}>
                  {labelOf(p.file)}
                </button>
                : {p.form.message} <span className="muted">{p.form.hint}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {status.state === 'running' || status.state === 'done' || status.state === 'failed' ? (
        <ol className="stages" aria-label={said.progress}>
          {status.stages.map((s) => (
            <li key={s.stage} className={`stage stage-${s.status}`}>
              <span aria-hidden="true">{s.status === 'done' ? '✓' : s.status === 'running' ? '…' : '·'}</span> {s.label}
              <span className="visually-hidden">{s.status === 'done' ? said.stageDone : s.status === 'running' ? said.stageRunning : said.stageWaiting}</span>
            </li>
          ))}
        </ol>
      ) : null}

      {status.state === 'failed' ? (
        <p className="status status-error" role="alert">
          {fill(said.failed, { message: status.message })}
        </p>
      ) : null}

      {status.state === 'done' ? (
        <section className="publish-summary" role="status">
          <h2>{fill(said.publishedAt, { time: new Date(status.finishedAt).toLocaleTimeString() })}</h2>
          <p>{fill(said.shownNow, { changes: changesInWords(status.changes) })}</p>
          <PageLinks title={said.added} pages={status.changes.added} siteUrl={status.siteUrl} labelOf={pageLabelOf} />
          <PageLinks title={said.changed} pages={status.changes.changed} siteUrl={status.siteUrl} labelOf={pageLabelOf} />
          <PageLinks title={said.removed} pages={status.changes.removed} siteUrl={status.siteUrl} labelOf={pageLabelOf} removed />
        </section>
      ) : null}

      <section className="publish-history">
        <h2>{said.history}</h2>
        {history?.releases.length ? (
          <>
            <ol className="history">
              {history.releases.map((r) => (
                <li key={r.id} className={r.current ? 'current' : undefined}>
                  <strong>{when(r.createdAt)}</strong> {r.by === 'editor' ? said.byEditor : said.byBuild}{' '}
                  {r.current ? <span className="badge badge-ok">{said.current}</span> : null}
                  <br />
                  <span className="muted">{changesInWords(r.changes)}</span>
                </li>
              ))}
            </ol>
            <button type="button" onClick={undo} disabled={!history.canUndo || running}>
              {said.undo}
            </button>
            {!history.canUndo ? <p className="muted">{said.nothingToUndo}</p> : null}
          </>
        ) : (
          <p className="muted">{said.nothingYet}</p>
        )}
      </section>
    </div>
  );
}
