import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeUiTextSchema } from '../../codegen/generateUiText.ts';
import type { ContentFile } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import type { Draft, SaveOutcome } from '../protocol/types.ts';
import { checkDocument } from './checkDocument.ts';
import { hashOf } from './documents.ts';
import { realPlaceInside } from './insideProject.ts';

/** A write refused because a linked folder would take it outside the project. */
export class OutsideProjectError extends Error {}

function diskState(file: ContentFile): { text: string | null; hash: string | null } {
  if (!fs.existsSync(file.abs)) return { text: null, hash: null };
  const text = fs.readFileSync(file.abs, 'utf8');
  return { text, hash: hashOf(text) };
}

/**
 * Writes a document only when it is ready: no problem in it, none caused in
 * another file, no template text left, and the file on disk still the one that
 * was opened (`openedHash`, null for a new file).
 */
export function saveDocument(paths: ProjectPaths, file: ContentFile, original: string, openedHash: string | null, value: unknown): SaveOutcome {
  const disk = diskState(file);
  if (disk.hash !== openedHash) {
    return {
      status: 'conflict',
      diskText: disk.text,
      message:
        openedHash === null
          ? 'Someone else has started a page with this name since you began; nothing was written.'
          : disk.text === null
            ? 'This document was deleted (by another program or person) since you opened it; nothing was written.'
            : 'This document was changed by another program or person since you opened it; nothing was written.',
    };
  }
  const check = checkDocument(paths, file, original, value, { templateText: 'error' });
  const templateTexts = check.problems.filter((p) => p.code === 'TEMPLATE_TEXT');
  const problems = check.problems.filter((p) => p.code !== 'TEMPLATE_TEXT');
  if (problems.length || templateTexts.length || check.elsewhere.length) {
    // The words of the editor's own line above the form (DocumentEditor's blockersLine), so the two never differ.
    const parts = [
      problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix` : '',
      templateTexts.length ? `${templateTexts.length} ${templateTexts.length === 1 ? 'text' : 'texts'} marked ✎ to write` : '',
      check.elsewhere.length ? `${check.elsewhere.length} ${check.elsewhere.length === 1 ? 'problem' : 'problems'} this change causes on other pages` : '',
    ].filter(Boolean);
    return {
      status: 'refused',
      problems,
      warnings: templateTexts,
      elsewhere: check.elsewhere,
      message: `Not saved: ${parts.join(' · ')}. Keep it as a draft to finish later.`,
    };
  }
  if (check.text !== disk.text) {
    writeAtomically(paths, file.abs.startsWith(paths.pages + path.sep) ? paths.pages : paths.data, file.abs, check.text);
    // The UI words' schema shows each word as shipped: kept in step here, so a changed word needs no `npm run codegen`.
    if (file.kind === 'site') keepUiTextSchemaInStep(paths);
  }
  return { status: 'saved', text: check.text, hash: hashOf(check.text) };
}

function keepUiTextSchemaInStep(paths: ProjectPaths): void {
  try {
    writeUiTextSchema(paths.root);
  } catch (error) {
    // The words were valid, so only a stale schemas/uiText.descriptions.json gets here; `npm run codegen` says what to do.
    console.warn(`editor: saved data/site.json, but could not rewrite the UI words' schema: ${(error as Error).message}`);
  }
}

/** Where a write to `abs` in `folder` really lands (insideProject.ts), or OutsideProjectError. */
function placeInside(paths: ProjectPaths, folder: string, abs: string): string {
  const target = realPlaceInside(paths.root, folder, abs);
  if (!target)
    throw new OutsideProjectError(`${path.relative(paths.root, abs)} leads outside the project (a linked folder); the editor writes only inside it.`);
  return target;
}

/** A temporary file renamed over the target: a reader never sees half a document. Only inside `folder` and the project. */
function writeAtomically(paths: ProjectPaths, folder: string, abs: string, text: string): void {
  const target = placeInside(paths, folder, abs);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, target);
}

const draftsFolder = (paths: ProjectPaths) => path.join(paths.root, '.cache', 'editor-drafts');

function draftPath(paths: ProjectPaths, rel: string): string {
  return path.join(draftsFolder(paths), `${createHash('sha1').update(rel).digest('hex')}.json`);
}

export function saveDraft(paths: ProjectPaths, draft: Omit<Draft, 'savedAt'>): Draft {
  const stored: Draft = { ...draft, savedAt: new Date().toISOString() };
  writeAtomically(paths, draftsFolder(paths), draftPath(paths, draft.rel), `${JSON.stringify(stored, null, 2)}\n`);
  return stored;
}

export function readDraft(paths: ProjectPaths, rel: string): Draft | undefined {
  const file = draftPath(paths, rel);
  if (!fs.existsSync(file)) return undefined;
  try {
    const draft = JSON.parse(fs.readFileSync(file, 'utf8')) as Draft;
    return draft.rel === rel ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function discardDraft(paths: ProjectPaths, rel: string): void {
  fs.rmSync(placeInside(paths, draftsFolder(paths), draftPath(paths, rel)), { force: true });
}

/** Drafts of documents not yet on disk (a new stream kept for later), so the list can offer them. */
export function newDocumentDrafts(paths: ProjectPaths): Draft[] {
  const dir = path.join(paths.root, '.cache', 'editor-drafts');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      try {
        const draft = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Draft;
        return draft.openedHash === null && !fs.existsSync(path.join(paths.root, draft.rel)) ? [draft] : [];
      } catch {
        return [];
      }
    });
}
