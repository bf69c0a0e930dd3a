import fs from 'node:fs';
import path from 'node:path';
import { loadSchemaStore } from '../shared/schemaStore.ts';
import type { CollectionName, PageDocument, SiteSettings } from '../types.ts';
import type { ContentModel, EntityRecord, PageRecord, ParsedFile } from './contentModel.ts';
import { pageIdOf } from './contentModel.ts';
import { checkCrossFileRules } from './crossFileRules.ts';
import { discoverContent } from './discoverContent.ts';
import { checkEntityRules } from './entityRules.ts';
import { explainAjvError, pruneErrors } from './explainError.ts';
import { locate, locateKey, parseJsonSource } from './jsonSource.ts';
import { type PublishedFacts, placeholderLinkProblems, placeholderStops, sourceHash, withoutPlaceholderMarks } from './placeholderLinks.ts';
import { mergeRelatedProblems, type Problem, problem, sortProblems } from './problems.ts';
import { projectPaths } from './projectPaths.ts';
import { checkSectionRules } from './sectionRules.ts';
import { templateTextProblems } from './templateMarks.ts';
import { checkTranslations } from './translation/checkTranslations.ts';

export interface ValidationResult {
  problems: Problem[];
  /** Texts still holding the template's ✎ and placeholder links, when they are not errors (see ValidateOptions). */
  warnings: Problem[];
  /** Present only when there are no problems: nothing invalid goes further. */
  model?: ContentModel;
  /** What a release of this content records (release.json), for the next publish to compare with (placeholderStops). */
  facts: PublishedFacts;
  fileCount: number;
}

export interface ValidateOptions {
  /** Reload the schemas from disk (the dev server does, after a schema changes). */
  freshSchemas?: boolean;
  /**
   * What a text still holding the template's ✎ is: an error for a production build (nothing unfinished ships),
   * a warning elsewhere (the dev server, npm run validate, the editor while a person writes). Default: warning.
   */
  templateText?: 'error' | 'warning';
  /**
   * What a link marked as a placeholder (or written to an example address) is: an error for a production build and
   * for publishing, a warning elsewhere. Default: warning.
   */
  placeholderLinks?: 'error' | 'warning' | 'publish';
  /**
   * With placeholderLinks 'publish' (a production build, the editor's Publish): what the live release was published
   * with. Placeholder links then stop only the documents new or changed since (placeholderStops); undefined when no
   * release is live, so every use stops.
   */
  published?: PublishedFacts;
  /**
   * Documents as they would be written, by project-relative path, read instead of the files on disk (a path that
   * is not on disk is a new file): the editor checks one document against the rest of the project this way.
   */
  overlay?: ReadonlyMap<string, string>;
}

export function validateContent(root: string = process.cwd(), options: ValidateOptions = {}): ValidationResult {
  const paths = projectPaths(root);
  const store = loadSchemaStore(paths.schemas, { fresh: options.freshSchemas ?? false });
  const overlay = options.overlay ?? new Map<string, string>();
  const { files, problems } = discoverContent(
    paths,
    [...overlay.keys()].map((rel) => path.join(paths.root, rel)),
  );
  const warnings: Problem[] = [];

  const parsedFiles: ParsedFile[] = [];
  for (const file of files) {
    const text = overlay.get(file.rel) ?? fs.readFileSync(file.abs, 'utf8');
    const { source, problems: syntax } = parseJsonSource(file.rel, text);
    problems.push(...syntax);
    if (source.value === undefined) continue;

    const declared = (source.value as Record<string, unknown>)?.['$schema'];
    if (declared !== undefined && declared !== file.expectedSchemaRef) {
      const place = { file: file.rel, ...locate(source, ['$schema']), pointer: '/$schema' };
      problems.push(problem('WRONG_SCHEMA_REF', place, { declared, schema: file.schemaRel, expected: file.expectedSchemaRef }));
    }
    const { errors, collected } = store.validate(file.schemaRel, source.value);
    const cxt = { store, schemaRel: file.schemaRel, source };
    for (const error of pruneErrors(errors)) {
      // The "$schema" line gets its own message above, with the exact fix.
      if (error.keyword === 'required' && (error.params as { missingProperty?: string }).missingProperty === '$schema') {
        problems.push(
          problem('MISSING_SCHEMA_REF', { file: file.rel, ...locateKey(source, [], '$schema'), pointer: '' }, { expected: file.expectedSchemaRef }),
        );
        continue;
      }
      problems.push(explainAjvError(error, cxt));
    }
    (options.templateText === 'error' ? problems : warnings).push(...templateTextProblems(source));
    const parsed = { file, source, collected };
    (options.placeholderLinks === 'error' ? problems : warnings).push(...placeholderLinkProblems(parsed));
    parsedFiles.push(parsed);
  }

  const facts: PublishedFacts = {
    sources: Object.fromEntries(parsedFiles.map((p) => [p.file.rel, sourceHash(p.source.text)])),
    placeholders: [...problems, ...warnings].filter((w) => w.code === 'PLACEHOLDER_LINK' && w.file === 'data/site.json').map((w) => w.pointer),
  };
  if (options.placeholderLinks === 'publish') {
    const links = warnings.filter((w) => w.code === 'PLACEHOLDER_LINK');
    problems.push(...placeholderStops(parsedFiles, links, options.published));
  }

  const siteFile = parsedFiles.find((p) => p.file.kind === 'site');
  const pages: PageRecord[] = parsedFiles
    .filter((p) => p.file.kind === 'page')
    .map((p) => ({ ...p, id: pageIdOf(p.file.rel), doc: p.source.value as PageDocument }));

  const entities = new Map<CollectionName, Map<string, EntityRecord>>();
  for (const parsed of parsedFiles) {
    const collection = parsed.file.collection as CollectionName | undefined;
    if (!collection) continue;
    const table = entities.get(collection) ?? new Map<string, EntityRecord>();
    entities.set(collection, table);
    const add = (entity: unknown, pointer: string) => {
      if (entity === null || typeof entity !== 'object' || Array.isArray(entity)) return;
      const id = (entity as Record<string, unknown>)['id'];
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const existing = table.get(String(id));
      if (existing) {
        const place = { file: parsed.file.rel, ...locate(parsed.source, pointer ? [...pointer.slice(1).split('/'), 'id'] : ['id']), pointer: `${pointer}/id` };
        problems.push(problem('DUPLICATE_ID', place, { id, owner: existing.parsed.file.rel }));
        return;
      }
      table.set(String(id), { collection, id: String(id), entity: entity as Record<string, unknown>, parsed, pointer });
    };
    if (parsed.file.kind === 'collectionFile') {
      const items = (parsed.source.value as { items?: unknown })?.items;
      if (Array.isArray(items)) {
        items.forEach((item, i) => {
          add(item, `/items/${i}`);
        });
      }
    } else add(parsed.source.value, '');
  }

  // Translations are held to their English documents once every file has been read and its entities listed.
  // A document with problems of its own has its translation checked once it is fixed; a missing site file is reported as
  // that (MISSING_SITE_FILE), not again as its translation's missing English.
  const unsound = new Set(problems.map((p) => p.file));
  if (!parsedFiles.some((p) => p.file.kind === 'site')) unsound.add('data/site.json');
  const translated = checkTranslations(parsedFiles, unsound);
  problems.push(...translated.problems);
  warnings.push(...translated.warnings);

  const schemaProblems = problems.length;
  if (siteFile && schemaProblems === 0) {
    // The build uses each link's address; a placeholder mark was reported above, as an error or a warning.
    const model: ContentModel = {
      paths,
      site: withoutPlaceholderMarks(siteFile.source.value as SiteSettings),
      siteFile,
      pages,
      entities,
      translations: translated.translations,
    };
    problems.push(...checkCrossFileRules(model), ...checkSectionRules(model), ...checkEntityRules(model));
    if (problems.length === 0) return { problems, warnings, model, facts, fileCount: files.length };
  } else if (siteFile) {
    // Cross-file rules need valid documents; still report what they can see so one run shows all it can.
    const model: ContentModel = {
      paths,
      site: siteFile.source.value as SiteSettings,
      siteFile,
      pages: pages.filter(isStructurallySound),
      entities,
      translations: translated.translations,
    };
    // Rules read documents that may be malformed; a rule that trips on one is already covered by a schema problem.
    for (const rule of [checkCrossFileRules, checkSectionRules, checkEntityRules]) {
      try {
        problems.push(...rule(model));
      } catch {
        // reported above
      }
    }
  }
  return { problems: sortProblems(mergeRelatedProblems(dedupe(problems))), warnings, facts, fileCount: files.length };
}

function isStructurallySound(page: PageRecord): boolean {
  // A page file may hold any JSON, null among it (the editor's check of an emptied document answered 500).
  const doc = page.doc as unknown as Record<string, unknown> | null;
  return typeof doc === 'object' && doc !== null && typeof doc['path'] === 'string' && Array.isArray(doc['sections']);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}|${p.pointer}|${p.code}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
