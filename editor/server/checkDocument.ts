import fs from 'node:fs';
import path from 'node:path';
import { buildSiteContent } from '../../engine/content/buildSiteContent.ts';
import type { ContentModel } from '../../engine/content/contentModel.ts';
import type { ContentFile } from '../../engine/content/discoverContent.ts';
import { type Problem, sortProblems } from '../../engine/content/problems.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { localiseModel } from '../../engine/content/translation/localiseModel.ts';
import { translationProgress } from '../../engine/content/translation/translationFiles.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { fill } from '../../engine/shared/fill.ts';
import type { CheckResult, Preview, Problem as WireProblem } from '../protocol/types.ts';
import { words } from '../words.ts';
import { contentFileAt, parseOrUndefined } from './documents.ts';
import { rewriteJson } from './jsonEdits.ts';
import { englishTexts, translationFilesOf, translationIn, translationsAfter } from './translations.ts';

/** Problems found in the files on disk, kept while no content file changes (a listing of sizes and times says so). */
let baseline: { fingerprint: string; keys: Set<string> } | undefined;

function fingerprint(paths: ProjectPaths): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else {
        const stat = fs.statSync(abs);
        parts.push(`${abs}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(paths.pages);
  walk(paths.data);
  return parts.join('\n');
}

const keyOf = (p: Problem) => `${p.file}|${p.code}|${p.pointer}|${p.message}`;

function problemsOnDisk(paths: ProjectPaths): Set<string> {
  const print = fingerprint(paths);
  if (baseline?.fingerprint !== print) baseline = { fingerprint: print, keys: new Set(validateContent(paths.root).problems.map(keyOf)) };
  return baseline.keys;
}

/**
 * Checks a document as it would be written, against the rest of the project,
 * with the validator `npm run validate` runs (one implementation: the document
 * is handed to it as an overlay), then resolves its page with the build's code
 * for the preview.
 */
export function checkDocument(
  paths: ProjectPaths,
  file: ContentFile,
  original: string,
  value: unknown,
  options: { templateText?: 'error' | 'warning' } = {},
): CheckResult {
  const text = rewriteJson(original, parseOrUndefined(original), value);
  const overlay = new Map([[file.rel, text]]);
  // An English document is checked as if its translations were not started: what a change of the English leaves to
  // translate (a text added, a figure changed) is done in the translation once the English is saved, so it is counted
  // (`translation`), never a problem that stops the save, nor one that stops the English preview.
  const translations = translationFilesOf(paths, file).filter((t) => fs.existsSync(t.abs));
  for (const translation of translations) overlay.set(translation.rel, notStartedText(translation));
  const result = validateContent(paths.root, { overlay, templateText: options.templateText ?? 'warning' });
  const mine = (p: Problem) => p.file === file.rel;
  const before = result.problems.some((p) => !mine(p)) ? problemsOnDisk(paths) : new Set<string>();
  const elsewhere = result.problems.filter((p) => !mine(p) && !before.has(keyOf(p)));
  // The build only warns of a translation's texts not written yet (the page stays English under /hi/ meanwhile); the
  // editor saves a translation whole, so here they are things to finish first (a draft keeps the work until then).
  const unwritten = (p: Problem) => mine(p) && file.kind === 'translation' && p.code === 'TRANSLATION_MISSING';
  const problems = sortProblems([...result.problems.filter(mine), ...result.warnings.filter(unwritten)]);
  const warnings = result.warnings.filter((p) => mine(p) && !unwritten(p));
  let preview: CheckResult['preview'];
  const partly =
    result.warnings.some(unwritten) || (!result.model && isPartlyWritten(file, result.problems)) ? partlyTranslatedModel(paths, file, text) : undefined;
  if (partly ?? result.model) preview = previewOf(paths, (partly ?? result.model)!, file);
  else if (problems.length) preview = { unavailable: words.preview.lastGood };
  else preview = { unavailable: fill(words.preview.otherFile, { file: result.problems[0]?.file ?? words.preview.anotherFile }) };
  const translation = translationAfter(paths, file, text, translations);
  return {
    text,
    problems: problems.map(wireProblem),
    warnings: warnings.map(wireProblem),
    elsewhere: elsewhere.map(wireProblem),
    preview,
    ...(translation ? { translation } : {}),
  };
}

/** A translation being written whose only problems are its texts not written yet. */
function isPartlyWritten(file: ContentFile, problems: readonly Problem[]): boolean {
  return file.kind === 'translation' && problems.length > 0 && problems.every((p) => p.file === file.rel && p.code === 'TRANSLATION_MISSING');
}

/**
 * The content with a translation being written laid over its English as far as it is written, for its preview: the
 * project checked with the translation not started (valid, as the check found nothing else), then its written texts,
 * which the check found sound, laid over. A page is published in a language only once every text is.
 */
function partlyTranslatedModel(paths: ProjectPaths, file: ContentFile, text: string): ContentModel | undefined {
  const { model } = validateContent(paths.root, { overlay: new Map([[file.rel, notStartedText(file)]]) });
  const doc = translationIn(text);
  if (!model || !doc || !file.language || !file.translates) return undefined;
  const written = new Map(Object.entries(doc.texts).flatMap(([pointer, entry]) => (entry.text.trim() ? [[pointer, entry.text] as const] : [])));
  const translations = new Map(model.translations);
  translations.set(
    file.translates,
    new Map([[file.language, { language: file.language, file: file.rel, texts: written, stale: new Set<string>(), complete: true }]]),
  );
  return { ...model, translations };
}

/** A translation file with nothing written: the page not translated yet (engine/content/translation/checkTranslations.ts). */
function notStartedText(translation: ContentFile): string {
  return `${JSON.stringify({ $schema: translation.expectedSchemaRef, texts: {} })}\n`;
}

/**
 * How far an English document's translation would be with the English saved as typed (`text`): its texts moved with
 * their lists as saving moves them (translationsAfter). Undefined for a translation or a document with no texts.
 */
function translationAfter(paths: ProjectPaths, file: ContentFile, text: string, onDisk: ContentFile[]): CheckResult['translation'] {
  const [translation] = translationFilesOf(paths, file);
  const value = parseOrUndefined(text);
  if (!translation?.language || value === undefined) return undefined;
  const texts = englishTexts(paths, file, value);
  if (!texts.size) return undefined;
  const before = onDisk.length && fs.existsSync(file.abs) ? parseOrUndefined(fs.readFileSync(file.abs, 'utf8')) : undefined;
  const [after] = translationsAfter(paths, file, before, value).filter((t) => t.file.rel === translation.rel);
  return { language: translation.language, ...translationProgress(texts, after?.doc) };
}

/**
 * A problem as the editor's answers carry it (editor/problem.schema.json), copied field by field from the engine's, so a
 * field the engine's problems gain one day is not an answer the editor's schema refuses.
 */
export function wireProblem(p: Problem): WireProblem {
  const { code, file, line, column, pointer, message, hint, form, about } = p;
  return {
    code,
    file,
    line,
    column,
    pointer,
    message,
    ...(hint === undefined ? {} : { hint }),
    form: { message: form.message, ...(form.hint === undefined ? {} : { hint: form.hint }) },
    ...(about === undefined
      ? {}
      : {
          about: {
            ...(about.property === undefined ? {} : { property: about.property }),
            ...(about.suggestion === undefined ? {} : { suggestion: about.suggestion }),
          },
        }),
  };
}

export { parseOrUndefined };

/**
 * The page to show for a document: itself for a page; for data, the first page that shows it; the home page for
 * settings. For a translation, that page of its English document in the translation's language.
 */
function previewOf(paths: ProjectPaths, model: ContentModel, shown: ContentFile): Preview | { unavailable: string } {
  const language = shown.kind === 'translation' ? shown.language : undefined;
  const file = language && shown.translates ? contentFileAt(paths, shown.translates) : shown;
  const content = buildSiteContent(language ? localiseModel(model, language) : model);
  let pageId: string | undefined;
  if (file.kind === 'page') pageId = model.pages.find((p) => p.file.rel === file.rel)?.id;
  else if (file.collection) {
    const id = file.kind === 'collectionItem' ? path.basename(file.rel, '.json') : undefined;
    pageId = model.pages.find((p) => p.collected.refs.some((r) => r.collection === file.collection && (id === undefined || String(r.value) === id)))?.id;
  }
  pageId ??= model.pages.find((p) => p.doc.path === '/')?.id;
  const page = pageId === undefined ? undefined : content.pages.get(language ? `${language}/${pageId}` : pageId);
  return page ? { site: content.site, page } : { unavailable: words.preview.noPage };
}
