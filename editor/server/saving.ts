import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UI_TEXT_SCHEMA, writeUiTextSchema } from '../../codegen/generateUiText.ts';
import type { ContentFile } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { startedTranslations } from '../../engine/content/scaffolds.ts';
import { translationLanguageOf } from '../../engine/content/translation/translationFiles.ts';
import { fill } from '../../engine/shared/fill.ts';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import type { Draft } from '../protocol/types.ts';
import { blockersLine, words } from '../words.ts';
import { checkDocument } from './checkDocument.ts';
import { hashOf, parseOrUndefined } from './documents.ts';
import { EditorError } from './errors.ts';
import { realPlaceInside } from './insideProject.ts';
import { translationsAfter } from './translations.ts';

function diskState(file: ContentFile): { text: string | null; hash: string | null } {
  if (!fs.existsSync(file.abs)) return { text: null, hash: null };
  const text = fs.readFileSync(file.abs, 'utf8');
  return { text, hash: hashOf(text) };
}

/**
 * Writes a document only when it is ready: no problem in it, none caused in
 * another file, no template text left, and the file on disk still the one that
 * was opened (`openedHash`, null for a new file). Otherwise refuses it
 * (EditorError: a conflict with what the file says now, or the problems that stop it).
 */
export function saveDocument(
  paths: ProjectPaths,
  file: ContentFile,
  original: string,
  openedHash: string | null,
  value: unknown,
): { text: string; hash: string } {
  const disk = diskState(file);
  if (disk.hash !== openedHash) {
    const code = openedHash === null ? 'CONFLICT_NEW_PAGE' : disk.text === null ? 'CONFLICT_DELETED' : 'CONFLICT_CHANGED';
    throw new EditorError(code, {}, { diskText: disk.text });
  }
  const check = checkDocument(paths, file, original, value, { templateText: 'error' });
  const templateTexts = check.problems.filter((p) => p.code === 'TEMPLATE_TEXT');
  // A translation's texts not written yet are said as such ("3 texts to translate"), not as problems.
  const untranslated = check.problems.filter((p) => p.code === 'TRANSLATION_MISSING');
  const problems = check.problems.filter((p) => p.code !== 'TEMPLATE_TEXT' && p.code !== 'TRANSLATION_MISSING');
  if (problems.length || templateTexts.length || check.elsewhere.length || untranslated.length) {
    // The words of the editor's own line above the form (DocumentEditor, TranslationEditor), so the two never differ.
    const blockers = blockersLine(problems.length, templateTexts.length, check.elsewhere.length, untranslated.length);
    throw new EditorError('SAVE_REFUSED', { blockers }, { problems: [...problems, ...untranslated], warnings: templateTexts, elsewhere: check.elsewhere });
  }
  const folder = file.abs.startsWith(paths.pages + path.sep) ? paths.pages : paths.data;
  if (check.text !== disk.text) {
    // Its translations' texts move with their English where a list changed (a role removed, a section moved up).
    const moved = translationsAfter(paths, file, disk.text === null ? undefined : parseOrUndefined(disk.text), value).filter((t) => t.moved);
    writeAtomically(paths, folder, file.abs, check.text);
    for (const translation of moved) writeAtomically(paths, folder, translation.file.abs, translation.text);
    // The UI words' schema shows each word as shipped: kept in step here, so a changed word needs no `npm run codegen`.
    if (file.kind === 'site') keepUiTextSchemaInStep(paths);
  }
  // A new document starts with its translations beside it, nothing written yet, as `npm run new` writes them.
  if (disk.text === null && file.kind !== 'translation') {
    for (const started of startedTranslations(file.rel)) {
      const abs = path.join(paths.root, started.rel);
      if (!fs.existsSync(abs)) writeAtomically(paths, folder, abs, started.text);
    }
  }
  return { text: check.text, hash: hashOf(check.text) };
}

function keepUiTextSchemaInStep(paths: ProjectPaths): void {
  try {
    placeInside(paths, paths.schemas, path.join(paths.root, UI_TEXT_SCHEMA));
    writeUiTextSchema(paths.root);
  } catch (error) {
    // The words were valid, so only a stale schemas/uiText.descriptions.json (or a schemas/ linked outside the project)
    // gets here: the words are saved, the schema is left; `npm run codegen` says what to do.
    console.warn(fill(words.terminal.uiSchemaStale, { reason: (error as Error).message }));
  }
}

/** Where a write to `abs` in `folder` really lands (insideProject.ts); refused when a linked folder leads outside. */
function placeInside(paths: ProjectPaths, folder: string, abs: string): string {
  const target = realPlaceInside(paths.root, folder, abs);
  if (!target) throw new EditorError('OUTSIDE_PROJECT', { place: path.relative(paths.root, abs) });
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

/** The draft kept in a file, when it is one: a file that is not (written by hand, half written) is no draft. */
function draftIn(paths: ProjectPaths, file: string): Draft | undefined {
  try {
    const draft = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return loadSchemaStore(paths.schemas).validate('editor/draft.schema.json', draft).errors.length === 0 ? (draft as Draft) : undefined;
  } catch {
    return undefined;
  }
}

export function readDraft(paths: ProjectPaths, rel: string): Draft | undefined {
  const file = draftPath(paths, rel);
  if (!fs.existsSync(file)) return undefined;
  const draft = draftIn(paths, file);
  return draft?.rel === rel ? draft : undefined;
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
      const draft = draftIn(paths, path.join(dir, f));
      // A translation's draft is offered when its document's translation is opened, not as a page of its own.
      const newPage = draft && draft.openedHash === null && !translationLanguageOf(draft.rel) && !fs.existsSync(path.join(paths.root, draft.rel));
      return newPage ? [draft] : [];
    });
}
