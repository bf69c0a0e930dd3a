import fs from 'node:fs';
import path from 'node:path';
import { collections } from '../generated/collectionDefinitions.ts';
import { collectionFile } from './collectionDefinition.ts';
import { type Problem, type ProblemCode, type ProblemParams, problem } from './problems.ts';
import { type ProjectPaths, toProjectRelative } from './projectPaths.ts';
import { sourceFileOf, type TranslatedLanguage, translationLanguageOf } from './translation/translationFiles.ts';

export type ContentFileKind = 'page' | 'site' | 'collectionFile' | 'collectionItem' | 'translation';

/** A content file and the schema that checks it, decided by where the file lives. */
export interface ContentFile {
  rel: string;
  abs: string;
  kind: ContentFileKind;
  collection?: string;
  /** Schema path relative to schemas/. */
  schemaRel: string;
  /** What the file's "$schema" must say: the schema's path relative to the file. */
  expectedSchemaRef: string;
  /** A translation's language, and the English document it translates (pages/law.hi.json: hi, pages/law.json). */
  language?: TranslatedLanguage;
  translates?: string;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(abs));
    else out.push(abs);
  }
  return out.sort();
}

/** Every file of pages/ and data/, with `extra` (absolute paths of files not on disk yet, such as a document being written) among them. */
export function discoverContent(paths: ProjectPaths, extra: readonly string[] = []): { files: ContentFile[]; problems: Problem[] } {
  const files: ContentFile[] = [];
  const problems: Problem[] = [];
  const make = (abs: string, kind: ContentFileKind, schemaRel: string, collection?: string): ContentFile => {
    const rel = toProjectRelative(paths, abs);
    const expectedSchemaRef = path.posix.relative(path.posix.dirname(rel), `schemas/${schemaRel}`);
    return { rel, abs, kind, schemaRel, expectedSchemaRef, ...(collection ? { collection } : {}) };
  };
  /** Problems about a whole file are reported on its first line. */
  const report = <C extends ProblemCode>(abs: string, code: C, params: ProblemParams<C>) =>
    problems.push(problem(code, { file: toProjectRelative(paths, abs), line: 1, column: 1, pointer: '' }, params));

  /** A translation beside its English document (law.hi.json beside law.json): checked by the translation schema. */
  const translation = (abs: string): boolean => {
    const language = translationLanguageOf(abs);
    if (!language) return false;
    const file = make(abs, 'translation', 'translation.schema.json');
    files.push({ ...file, language, translates: sourceFileOf(file.rel) });
    return true;
  };
  const within = (dir: string) => {
    const added = extra.filter((abs) => abs.startsWith(dir + path.sep));
    return added.length ? [...new Set([...walk(dir), ...added])].sort() : walk(dir);
  };
  for (const abs of within(paths.pages)) {
    if (path.basename(abs).startsWith('.')) continue;
    if (!abs.endsWith('.json')) {
      report(abs, 'UNKNOWN_FILE', { folder: 'pages' });
      continue;
    }
    if (translation(abs)) continue;
    files.push(make(abs, 'page', 'page.schema.json'));
  }

  const known = Object.values(collections);
  for (const abs of within(paths.data)) {
    const rel = path.relative(paths.data, abs).split(path.sep);
    if (path.basename(abs).startsWith('.')) continue;
    if (!abs.endsWith('.json')) {
      report(abs, 'UNKNOWN_FILE', { folder: 'data' });
      continue;
    }
    if (translation(abs)) continue;
    // Each collection's definition says where its items are: one file, or a folder with a file per item.
    const collection = known.find((c) => c.name === (rel.length === 1 ? rel[0]!.replace(/\.json$/, '') : rel[0]));
    if (rel.length === 1 && rel[0] === 'site.json') files.push(make(abs, 'site', 'data/site.schema.json'));
    else if (rel.length > 2 || (rel.length === 2 && !collection)) report(abs, 'UNKNOWN_DATA_FOLDER', { folder: rel.slice(0, -1).join('/') });
    else if (!collection) report(abs, 'UNKNOWN_DATA_FILE', { name: rel[0]!, known: known.map(collectionFile) });
    else if ((collection.layout === 'filePerItem') !== (rel.length === 2))
      report(abs, 'WRONG_DATA_LAYOUT', { name: collection.name, layout: collection.layout });
    else files.push(make(abs, rel.length === 2 ? 'collectionItem' : 'collectionFile', collection.schema, collection.name));
  }
  if (!files.some((f) => f.kind === 'site')) {
    problems.push(problem('MISSING_SITE_FILE', { file: 'data/site.json', line: 1, column: 1, pointer: '' }, {}));
  }
  return { files, problems };
}
