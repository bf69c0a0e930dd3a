import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { definitionOfType } from '../../engine/content/definitionOf.ts';
import { type ContentFile, discoverContent } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { pageKindOf } from '../../engine/seo/pageKind.ts';
import type { PageKind, SectionType } from '../../engine/types.ts';
import type { DocumentGroup } from '../protocol/types.ts';

export function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** "courseCategories" → "Course categories". */
export function humanise(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function readJson(abs: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(abs, 'utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function pageKind(doc: Record<string, unknown> | undefined): PageKind {
  const sections = Array.isArray(doc?.['sections']) ? (doc['sections'] as { type?: unknown }[]) : [];
  const kinds = sections.map((s) => (typeof s?.type === 'string' ? definitionOfType(s.type as SectionType)?.pageKind : undefined));
  return pageKindOf(typeof doc?.['path'] === 'string' ? doc['path'] : '', kinds);
}

function pageLabel(doc: Record<string, unknown> | undefined, siteName: string, fallback: string): string {
  const nav = doc?.['nav'] as { label?: unknown } | undefined;
  if (typeof nav?.label === 'string') return nav.label;
  const title = typeof doc?.['title'] === 'string' ? doc['title'] : fallback;
  return title.replace(new RegExp(`\\s*[|–-]\\s*${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`), '');
}

/** Every document of pages/ and data/, grouped by what it is, each group in alphabetical order. */
export function listDocuments(paths: ProjectPaths): DocumentGroup[] {
  const { files } = discoverContent(paths);
  const site = readJson(path.join(paths.data, 'site.json'));
  const siteName = typeof site?.['name'] === 'string' ? site['name'] : '';
  const groups: Record<DocumentGroup['id'], DocumentGroup> = {
    internship: { id: 'internship', label: 'Internship streams', documents: [] },
    jobs: { id: 'jobs', label: 'Job categories', documents: [] },
    courses: { id: 'courses', label: 'Courses', documents: [] },
    site: { id: 'site', label: 'Site settings', documents: [] },
    lists: { id: 'lists', label: 'Shared lists', documents: [] },
    pages: { id: 'pages', label: 'Other pages', documents: [] },
  };
  for (const file of files) {
    const doc = readJson(file.abs);
    if (file.kind === 'page') {
      const kind = pageKind(doc);
      const entry = { rel: file.rel, label: pageLabel(doc, siteName, file.rel), detail: typeof doc?.['path'] === 'string' ? doc['path'] : file.rel };
      const group = kind === 'internship' ? 'internship' : kind === 'job' ? 'jobs' : kind === 'course' ? 'courses' : 'pages';
      groups[group].documents.push(entry);
    } else if (file.kind === 'site') {
      groups.site.documents.push({ rel: file.rel, label: 'Site settings', detail: 'Name, addresses, links, menus and the words of shared parts' });
    } else if (file.kind === 'collectionItem') {
      const title = typeof doc?.['title'] === 'string' ? doc['title'] : path.basename(file.rel, '.json');
      groups.courses.documents.push({ rel: file.rel, label: title, detail: 'Course details: prices, weeks, syllabus, FAQs' });
    } else {
      const items = Array.isArray(doc?.['items']) ? doc['items'].length : 0;
      groups.lists.documents.push({ rel: file.rel, label: humanise(file.collection ?? file.rel), detail: `${items} ${items === 1 ? 'item' : 'items'}` });
    }
  }
  for (const group of Object.values(groups)) group.documents.sort((a, b) => a.label.localeCompare(b.label) || a.detail.localeCompare(b.detail));
  return Object.values(groups);
}

/**
 * The content file a request names, or why it cannot be written: only JSON
 * files that pages/ and data/ hold by the project's rules, never a path that
 * climbs out of them (.., absolute paths, links to elsewhere).
 */
export function contentFileAt(paths: ProjectPaths, rel: unknown): { file: ContentFile } | { refused: string } {
  if (typeof rel !== 'string' || rel.length === 0 || rel.length > 300) return { refused: 'No file was named.' };
  if (rel.includes('\0') || rel.includes('\\') || path.isAbsolute(rel) || rel.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    return { refused: `The editor writes only files in pages/ and data/; ${JSON.stringify(rel)} is not one.` };
  }
  const abs = path.resolve(paths.root, rel);
  const inside = [paths.pages, paths.data].find((dir) => abs.startsWith(dir + path.sep));
  if (!inside || !abs.endsWith('.json')) return { refused: `The editor writes only .json files in pages/ and data/; ${JSON.stringify(rel)} is not one.` };
  // The nearest existing folder must really be inside (a symbolic link could lead elsewhere).
  let existing = path.dirname(abs);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  const real = fs.realpathSync(existing);
  if (real !== fs.realpathSync(inside) && !real.startsWith(fs.realpathSync(inside) + path.sep)) {
    return { refused: `${JSON.stringify(rel)} leads outside ${path.basename(inside)}/.` };
  }
  if (fs.existsSync(abs) && fs.lstatSync(abs).isSymbolicLink()) return { refused: `${JSON.stringify(rel)} is a link to another file.` };
  const { files } = discoverContent(paths, [abs]);
  const file = files.find((f) => f.abs === abs);
  if (!file) return { refused: `${rel} is not a place for content: see CONTENT.md for where pages and data files go.` };
  return { file };
}
