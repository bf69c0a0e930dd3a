import fs from 'node:fs';
import path from 'node:path';
import { addressPart } from '../shared/addressPart.ts';
import type { ProjectPaths } from './projectPaths.ts';
import { TEMPLATE_MARK } from './templateMarks.ts';
import { TRANSLATED_LANGUAGES, translationFileOf } from './translation/translationFiles.ts';

/**
 * Starting pages for the things staff add most, filled in from the JSON
 * templates in templates/ (content, not code: edit them as any page).
 * Texts to replace start with ✎.
 */
export { addressPart };

export const SCAFFOLDS = {
  internship: { label: 'internship stream', example: 'Data Analytics', files: [{ template: 'internship.json', target: 'pages/internship/{{name}}.json' }] },
  jobs: { label: 'job category', example: 'Finance Jobs', files: [{ template: 'jobs.json', target: 'pages/jobs/{{name}}.json' }] },
  course: {
    label: 'course',
    example: 'Cloud Computing',
    files: [
      { template: 'courseDetail.json', target: 'data/courseDetails/{{pascal}}.json' },
      { template: 'course.json', target: 'pages/courses/{{pascal}}.json' },
    ],
  },
} as const;

export type ScaffoldKind = keyof typeof SCAFFOLDS;

export interface ScaffoldFile {
  rel: string;
  text: string;
}

const TITLE_MAX = 70;

/** Why a name cannot be used (saying which character, or what else), or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  const rule = "use letters, digits, spaces, & ' and -, starting with a letter, at most 50 characters";
  if (name.length < 2) return `"${name}" cannot be a page name: it needs at least two characters (${rule}).`;
  if (name.length > 50) return `"${name.slice(0, 50)}…" cannot be a page name: it has ${name.length} characters, and at most 50 make a readable address.`;
  if (!/^[A-Za-z]/.test(name)) return `"${name}" cannot be a page name: it starts with "${[...name][0]}", and a name starts with a letter (${rule}).`;
  const refused = [...new Set([...name].filter((c) => !/[A-Za-z0-9 &'-]/.test(c)))];
  if (refused.length)
    return `"${name}" cannot be a page name: ${refused.map((c) => `"${c}"`).join(', ')} cannot be in a page's address (${rule}; write "Plus" for +, for instance).`;
  return undefined;
}

function wordsOf(name: string, siteName: string): Record<string, string> {
  const words = name.split(' ');
  const camel = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('')
    .replace(/[^A-Za-z0-9]/g, '');
  return { name, camel, pascal: camel.charAt(0).toUpperCase() + camel.slice(1), slug: addressPart(name), base: name.replace(/ Jobs$/i, ''), site: siteName };
}

function fill(text: string, words: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => words[key] ?? all);
}

function fillValue(value: unknown, words: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, words);
  if (Array.isArray(value)) return value.map((item) => fillValue(item, words));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillValue(item, words)]));
  return value;
}

/**
 * The files a scaffold writes for this name, as text: not yet on disk. The documents first, then the translation each
 * starts with beside it (startedTranslations).
 */
export function scaffoldFiles(paths: ProjectPaths, kind: ScaffoldKind, rawName: string, siteName: string): ScaffoldFile[] {
  const documents = scaffoldDocuments(paths, kind, rawName, siteName);
  return [...documents, ...documents.flatMap((d) => startedTranslations(d.rel))];
}

/**
 * The translations a new document starts with, one per language, nothing written yet: the page is "not translated
 * yet" (English under /hi/ with its notice) until someone writes its texts, in the editor's Hindi view or with
 * `npm run translate`; the file says from the start that the page is to be translated, and the editor counts it.
 */
export function startedTranslations(rel: string): ScaffoldFile[] {
  return TRANSLATED_LANGUAGES.map((language) => {
    const target = translationFileOf(rel, language);
    const $schema = path.posix.relative(path.posix.dirname(target), 'schemas/translation.schema.json');
    return { rel: target, text: `${JSON.stringify({ $schema, texts: {} }, null, 2)}\n` };
  });
}

function scaffoldDocuments(paths: ProjectPaths, kind: ScaffoldKind, rawName: string, siteName: string): ScaffoldFile[] {
  const words = wordsOf(rawName.trim().replace(/\s+/g, ' '), siteName);
  return SCAFFOLDS[kind].files.map(({ template, target }) => {
    const rel = fill(target, words);
    const doc = fillValue(JSON.parse(fs.readFileSync(path.join(paths.root, 'templates', template), 'utf8')), words) as Record<string, unknown>;
    // The template's $schema is right for templates/; the page's must be right where the page goes.
    doc['$schema'] = path.posix.relative(path.posix.dirname(rel), String(doc['$schema']).replace(/^(\.\.\/)+/, ''));
    const title = doc['title'];
    if (typeof title === 'string' && title.length > TITLE_MAX) doc['title'] = title.replace(` | ${siteName}`, '').slice(0, TITLE_MAX);
    return { rel, text: `${JSON.stringify(doc, null, 2)}\n` };
  });
}

/** Line numbers of the texts an author still has to write. */
export function templateLines(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (line.includes(TEMPLATE_MARK) ? [i + 1] : []));
}

/** The addresses (paths and aliases, in small letters) the pages already use: a new page must take another. */
export function addressesInUse(paths: ProjectPaths): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.name.endsWith('.json')) {
        try {
          const doc = JSON.parse(fs.readFileSync(abs, 'utf8')) as { path?: string; aliases?: string[] };
          for (const p of [doc.path ?? '', ...(doc.aliases ?? [])]) out.add(p.toLowerCase());
        } catch {
          // a broken file is reported by npm run validate
        }
      }
    }
  };
  walk(paths.pages);
  return out;
}

/** Why these scaffolded files cannot be written (their address or a file is taken), or undefined. */
export function scaffoldConflict(paths: ProjectPaths, files: ScaffoldFile[]): string | undefined {
  const clash = scaffoldClash(paths, files);
  if (!clash) return undefined;
  return 'path' in clash ? `A page with the path ${clash.path} already exists.` : `${clash.rel} already exists; choose another name or edit that file.`;
}

/** What a new page would clash with: a page that has its address already, or a file already there (the content editor words it itself). */
export function scaffoldClash(paths: ProjectPaths, files: ScaffoldFile[]): { path: string } | { rel: string } | undefined {
  const page = files.find((f) => f.rel.startsWith('pages/'));
  const pagePath = page ? (JSON.parse(page.text) as { path: string }).path : undefined;
  if (pagePath && addressesInUse(paths).has(pagePath.toLowerCase())) return { path: pagePath };
  for (const { rel } of files) if (fs.existsSync(path.join(paths.root, rel))) return { rel };
  return undefined;
}
