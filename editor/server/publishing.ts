import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Problem } from '../../engine/content/problems.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { fill } from '../../engine/shared/fill.ts';
import { currentReleaseId, listReleases, ReleaseBusyError, type ReleaseChanges, readHistory, readReleaseInfo, rollback } from '../../releases/index.ts';
import type { PublishHistory, PublishProblem, PublishStage, PublishStatus } from '../protocol/types.ts';
import { words } from '../words.ts';
import { wireProblem } from './checkDocument.ts';
import { EditorError } from './errors.ts';

/** The stages of a publish as the person sees them, in the order the build goes through them. */
const STAGES: { stage: PublishStage['stage']; label: string }[] = (['validate', 'client', 'server', 'prerender', 'compress', 'switch'] as const).map(
  (stage) => ({ stage, label: words.publishing.stages[stage] }),
);

type BuildEvent =
  | { event: 'stage'; stage: PublishStage['stage'] }
  | { event: 'refused'; problems: Problem[] }
  | { event: 'failed'; message: string }
  | { event: 'done'; release: string };

export interface PublishingOptions {
  root: string;
  /** DIST_DIR: where releases are kept and served from. */
  distDir: string;
  /** The address of the site visitors see, for links to each changed page. */
  siteUrl: string;
  /** Names the document a problem is in, as the editor's list names it. */
  labelOf(rel: string): string;
}

/**
 * Publishing from the editor: every page and list checked as a production build checks them (no problem, no ✎ text,
 * no placeholder link), then `npm run build` in its own process (so the editor goes on answering, and the build's
 * NODE_ENV and memory stay out of the editor), which writes a release beside the one being served and switches to it
 * when it is whole. The running site answers from it from its next request; a build that fails leaves it as it was.
 */
export function createPublishing(options: PublishingOptions) {
  let status: PublishStatus = { state: 'idle' };
  let child: ChildProcess | undefined;

  const stagesAt = (reached: PublishStage['stage'] | undefined, finished: boolean): PublishStage[] => {
    const index = reached === undefined ? -1 : STAGES.findIndex((s) => s.stage === reached);
    return STAGES.map((s, i) => ({ ...s, status: i < index || (finished && i === index) ? 'done' : i === index ? 'running' : 'waiting' }));
  };

  const asPublishProblem = (p: Problem): PublishProblem => ({ ...wireProblem(p), document: options.labelOf(p.file) });

  /** What stops a publish now: the same check as a production build, problems first, then ✎ texts and placeholder links. */
  function blockers(): PublishProblem[] {
    // Placeholder links stop only the pages that use them and are new or changed since the live release (placeholderStops).
    const live = currentReleaseId(options.distDir);
    const published = live ? readReleaseInfo(options.distDir, live)?.published : undefined;
    const result = validateContent(options.root, { templateText: 'error', placeholderLinks: 'publish', ...(published ? { published } : {}) });
    const rank = (p: PublishProblem) => (p.code === 'TEMPLATE_TEXT' || p.code === 'PLACEHOLDER_LINK' || p.code === 'PLACEHOLDER_LINK_USED' ? 1 : 0);
    return result.problems.map(asPublishProblem).sort((a, b) => rank(a) - rank(b));
  }

  function start(): PublishStatus {
    if (status.state === 'running') return status;
    const problems = blockers();
    if (problems.length) {
      status = { state: 'refused', problems, at: new Date().toISOString() };
      return status;
    }
    const previous = currentReleaseId(options.distDir) ?? null;
    const startedAt = new Date().toISOString();
    status = { state: 'running', stages: stagesAt('validate', false), startedAt };
    const build = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'build.ts'), '--production', '--progress=json', '--by=editor'], {
      cwd: options.root,
      env: { ...process.env, DIST_DIR: options.distDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = build;
    let pending = '';
    let errors = '';
    let reached: PublishStage['stage'] = 'validate';
    let outcome: BuildEvent | undefined;
    build.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        let event: BuildEvent;
        try {
          event = JSON.parse(line) as BuildEvent;
        } catch {
          continue;
        }
        if (event.event === 'stage') {
          reached = event.stage;
          status = { state: 'running', stages: stagesAt(reached, false), startedAt };
        } else outcome = event;
      }
    });
    build.stderr!.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    build.on('close', (code) => {
      child = undefined;
      const finishedAt = new Date().toISOString();
      if (outcome?.event === 'refused') {
        status = { state: 'refused', problems: outcome.problems.map(asPublishProblem), at: finishedAt };
      } else if (code === 0 && outcome?.event === 'done') {
        const info = readReleaseInfo(options.distDir, outcome.release);
        status = {
          state: 'done',
          stages: stagesAt('switch', true),
          startedAt,
          finishedAt,
          release: outcome.release,
          previous,
          siteUrl: options.siteUrl,
          changes: info ? changesOf(info.changes) : { since: previous, added: [], changed: [], removed: [], menusChanged: false },
        };
      } else {
        const message =
          outcome?.event === 'failed'
            ? outcome.message
            : errors.trim().split('\n').slice(-3).join(' ') || fill(words.publishing.buildStopped, { code: String(code) });
        status = { state: 'failed', stages: stagesAt(reached, false), startedAt, finishedAt, message: firstLine(message) };
      }
    });
    return status;
  }

  function history(): PublishHistory {
    const releases = listReleases(options.distDir).reverse();
    const current = releases.findIndex((r) => r.current);
    return {
      siteUrl: options.siteUrl,
      releases: releases.map((r) => ({ id: r.id, createdAt: r.createdAt, by: r.by, current: r.current, changes: changesOf(r.changes) })),
      switches: readHistory(options.distDir)
        .reverse()
        .map(({ at, action, release, previous, by }) => ({ at, action, release, previous, by })),
      // An earlier release is kept to go back to.
      canUndo: current >= 0 && current < releases.length - 1,
    };
  }

  /** Undo of the last publish: the site goes back to the release served before the current one. */
  function undo(): { release: string; previous: string } {
    if (status.state === 'running') throw new EditorError('PUBLISH_RUNNING');
    let done: ReturnType<typeof rollback>;
    try {
      done = rollback(options.distDir, { by: 'editor' });
    } catch (error) {
      // The release store says why in its own words (for npm run release); the editor says it in the person's.
      if (error instanceof ReleaseBusyError) throw new EditorError('RELEASES_BUSY');
      if (!history().canUndo) throw new EditorError('NOTHING_TO_UNDO');
      throw error;
    }
    status = { state: 'idle' };
    return { release: done.release.id, previous: done.previous };
  }

  return {
    start,
    status: () => status,
    history,
    undo,
    close: () => child?.kill('SIGTERM'),
  };
}

/**
 * What a release changed, as the editor's answers say it (editor/releaseChanges.schema.json): the release store's
 * records are copied field by field, so a field it adds one day is not an answer the schema refuses.
 */
function changesOf(changes: ReleaseChanges): PublishHistory['releases'][number]['changes'] {
  const pages = (list: ReleaseChanges['added']) => list.map(({ path, label }) => ({ path, label }));
  return {
    since: changes.since,
    added: pages(changes.added),
    changed: pages(changes.changed),
    removed: pages(changes.removed),
    menusChanged: changes.menusChanged,
  };
}

function firstLine(message: string): string {
  return (
    message
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? message
  );
}
