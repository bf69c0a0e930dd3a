import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from './problems.ts';
import { type ProjectPaths, toProjectRelative } from './projectPaths.ts';

export type ContentFileKind = 'page' | 'site' | 'collectionFile' | 'collectionItem';

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

export function discoverContent(paths: ProjectPaths): { files: ContentFile[]; problems: Problem[] } {
  const files: ContentFile[] = [];
  const problems: Problem[] = [];
  const make = (abs: string, kind: ContentFileKind, schemaRel: string, collection?: string): ContentFile => {
    const rel = toProjectRelative(paths, abs);
    const expectedSchemaRef = path.posix.relative(path.posix.dirname(rel), `schemas/${schemaRel}`);
    return { rel, abs, kind, schemaRel, expectedSchemaRef, ...(collection ? { collection } : {}) };
  };
  const unknown = (abs: string, message: string, hint: string) =>
    problems.push({ code: 'UNKNOWN_FILE', file: toProjectRelative(paths, abs), line: 1, column: 1, pointer: '', message, hint });

  for (const abs of walk(paths.pages)) {
    if (path.basename(abs).startsWith('.')) continue;
    if (!abs.endsWith('.json')) {
      unknown(abs, 'Only .json page documents belong in pages/.', 'Move this file elsewhere, or save the page as a .json file.');
      continue;
    }
    files.push(make(abs, 'page', 'page.schema.json'));
  }

  const known = fs.existsSync(path.join(paths.schemas, 'data'))
    ? fs.readdirSync(path.join(paths.schemas, 'data')).filter((f) => f.endsWith('.schema.json')).map((f) => f.replace('.schema.json', ''))
    : [];
  const knownList = known.filter((name) => name !== 'site').map((name) => `data/${name}.json`).join(', ');
  for (const abs of walk(paths.data)) {
    const rel = path.relative(paths.data, abs).split(path.sep);
    if (path.basename(abs).startsWith('.')) continue;
    if (!abs.endsWith('.json')) {
      unknown(abs, 'Only .json files belong in data/.', 'Move this file elsewhere; pictures go in public/images.');
      continue;
    }
    if (rel.length === 1) {
      const name = rel[0]!.replace(/\.json$/, '');
      if (name === 'site') files.push(make(abs, 'site', 'data/site.schema.json'));
      else if (known.includes(name)) files.push(make(abs, 'collectionFile', `data/${name}.schema.json`, name));
      else unknown(abs, `The site does not know a data file called ${rel[0]}.`, `Data files are: data/site.json, ${knownList}. A new kind of data needs a schema in schemas/data first.`);
    } else if (rel.length === 2 && known.includes(rel[0]!)) {
      files.push(make(abs, 'collectionItem', `data/${rel[0]}.schema.json`, rel[0]));
    } else {
      unknown(abs, `The site does not know the folder data/${rel.slice(0, -1).join('/')}.`, 'Put data files directly in data/, or in a folder named after a schema in schemas/data.');
    }
  }
  if (!files.some((f) => f.kind === 'site')) {
    problems.push({ code: 'UNKNOWN_FILE', file: 'data/site.json', line: 1, column: 1, pointer: '', message: 'data/site.json is missing: it holds the site name, menus and links.', hint: 'Restore data/site.json from version control.' });
  }
  return { files, problems };
}
