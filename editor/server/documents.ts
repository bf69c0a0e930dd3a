import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { definitionOfType } from '../../engine/content/definitionOf.ts';
import { type ContentFile, discoverContent } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { TRANSLATED_LANGUAGES, translationFileOf } from '../../engine/content/translation/translationFiles.ts';
import { collections } from '../../engine/generated/collectionDefinitions.ts';
import { pageKindOf } from '../../engine/seo/pageKind.ts';
import { fill, fillCount } from '../../engine/shared/fill.ts';
import type { CollectionName, PageKind, SectionType } from '../../engine/types.ts';
import type { DocumentGroup, DocumentPart } from '../protocol/types.ts';
import { words } from '../words.ts';
import { EditorError } from './errors.ts';
import { realPlaceInside } from './insideProject.ts';

const list = words.list;

export function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function withoutSiteName(title: string, siteName: string): string {
  return title.replace(new RegExp(`\\s*[|–-]\\s*${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`), '');
}

/**
 * What a person calls a page: the home page is Home; a stream, Law internships; a job category, its name; any other
 * page, the words its menu link uses, else its title without the site's name.
 */
function pageLabel(doc: Record<string, unknown> | undefined, kind: PageKind, siteName: string, fallback: string): string {
  const path = text(doc?.['path']);
  if (path === '/') return list.home;
  const nav = text((doc?.['nav'] as { label?: unknown } | undefined)?.label);
  const title = withoutSiteName(text(doc?.['title']) ?? fallback, siteName);
  if (kind === 'internship' && path?.startsWith('/internship/')) {
    const stream = nav ?? title.replace(/\s+internships?\b.*$/i, '');
    return /internships?$/i.test(stream) ? stream : fill(list.stream, { stream });
  }
  return nav ?? title;
}

const courseLabel = (detail: Record<string, unknown> | undefined, fallback: string) =>
  fill(detail?.['kind'] === 'short' ? list.shortCourse : list.course, { title: text(detail?.['title']) ?? fallback });

interface PageFacts {
  rel: string;
  doc: Record<string, unknown> | undefined;
  kind: PageKind;
  path: string;
  label: string;
}

/** The course a page is about: the course details its courseDetail section shows, or, for an enrolment page, those of its catalogue course. */
function courseOfPage(page: PageFacts, catalogue: Map<string, string>, courseByPath: Map<string, string>): string | undefined {
  const sections = Array.isArray(page.doc?.['sections']) ? (page.doc['sections'] as Record<string, unknown>[]) : [];
  for (const section of sections) {
    if (section?.['type'] === 'courseDetail' && text(section['courseId'])) return String(section['courseId']);
  }
  for (const section of sections) {
    if (section?.['type'] === 'enrollmentForm' && section['courseId'] !== undefined) {
      const detailPage = catalogue.get(String(section['courseId']));
      if (detailPage) return courseByPath.get(detailPage.toLowerCase());
    }
  }
  return undefined;
}

/**
 * Every document of pages/ and data/, listed by what a person calls it and grouped as the site's menus group its
 * pages: a page under the menu it appears in (or whose menu it is), a stream, job category or course page under
 * Internships, Jobs or Courses; the rest under Other pages, then the site settings and the shared lists. A course is
 * one entry: its details (prices, weeks, syllabus) with the pages that show it and its enrolment page as its parts.
 */
export function listDocuments(paths: ProjectPaths): DocumentGroup[] {
  const { files } = discoverContent(paths);
  const site = readJson(path.join(paths.data, 'site.json'));
  const siteName = typeof site?.['name'] === 'string' ? site['name'] : '';
  const menus = Array.isArray(site?.['navigation']) ? (site['navigation'] as { id?: unknown; label?: unknown; href?: unknown }[]) : [];
  const groups = new Map<string, DocumentGroup>();
  for (const menu of menus) {
    if (typeof menu?.id === 'string' && typeof menu.label === 'string') groups.set(menu.id, { id: menu.id, label: menu.label, documents: [] });
  }
  const other: DocumentGroup = { id: 'pages', label: list.otherPages, documents: [] };
  const settings: DocumentGroup = { id: 'site', label: list.siteSettings, documents: [] };
  const lists: DocumentGroup = { id: 'lists', label: list.sharedLists, documents: [] };
  const menuOfHref = new Map(
    menus.filter((m) => typeof m?.href === 'string' && typeof m.id === 'string').map((m) => [String(m.href).toLowerCase(), String(m.id)]),
  );
  const menuOfKind: Partial<Record<PageKind, string>> = { internship: 'internships', job: 'jobs', course: 'courses' };

  const pages: PageFacts[] = [];
  const details = new Map<string, { rel: string; doc: Record<string, unknown> | undefined; pageKind: PageKind; detail: string | undefined }>();
  let catalogue = new Map<string, string>();
  for (const file of files) {
    // A translation is opened beside its English document (its language's tab), never listed as a document of its own.
    if (file.kind === 'translation') continue;
    const doc = readJson(file.abs);
    if (file.kind === 'page') {
      const kind = pageKind(doc);
      pages.push({ rel: file.rel, doc, kind, path: text(doc?.['path']) ?? file.rel, label: pageLabel(doc, kind, siteName, file.rel) });
    } else if (file.kind === 'site') {
      settings.documents.push({ rel: file.rel, label: list.siteSettings, detail: list.siteSettingsDetail });
    } else if (file.kind === 'collectionItem') {
      // An item kept in a file of its own is about a kind of page (its definition says which): a course's details
      // are listed with the course's pages, as one entry; an item about no page is listed with the shared lists.
      const definition = collections[file.collection as CollectionName];
      const id = path.basename(file.rel, '.json');
      if (definition.pageKind) details.set(id, { rel: file.rel, doc, pageKind: definition.pageKind, detail: definition.itemDetail });
      else lists.documents.push({ rel: file.rel, label: text(doc?.['title']) ?? id, detail: definition.itemDetail ?? humanise(definition.name) });
    } else {
      const items = Array.isArray(doc?.['items']) ? (doc['items'] as Record<string, unknown>[]) : [];
      if (file.collection === 'courses')
        catalogue = new Map(items.flatMap((i) => (i && text(i['detailPage']) ? [[String(i['id']), String(i['detailPage'])]] : [])));
      lists.documents.push({ rel: file.rel, label: humanise(file.collection ?? file.rel), detail: fillCount(list.items, items.length) });
    }
  }

  // Courses: the details first, then every page about the course.
  const courseByPath = new Map<string, string>();
  for (const page of pages) {
    const sections = Array.isArray(page.doc?.['sections']) ? (page.doc['sections'] as Record<string, unknown>[]) : [];
    const course = sections.find((s) => s?.['type'] === 'courseDetail' && text(s['courseId']))?.['courseId'];
    if (typeof course === 'string') courseByPath.set(page.path.toLowerCase(), course);
  }
  const partsOf = new Map<string, DocumentPart[]>();
  const inCourse = new Set<string>();
  for (const page of pages) {
    const course = courseOfPage(page, catalogue, courseByPath);
    if (!course || !details.has(course)) continue;
    const enrolment = !courseByPath.has(page.path.toLowerCase());
    const parts = partsOf.get(course) ?? [];
    parts.push({ rel: page.rel, label: enrolment ? list.enrolmentPage : list.page, detail: page.path });
    partsOf.set(course, parts);
    inCourse.add(page.rel);
  }
  for (const [id, detail] of details) {
    const parts: DocumentPart[] = [
      { rel: detail.rel, label: list.courseDetails, detail: detail.detail ?? list.courseDetailsDetail },
      ...(partsOf.get(id) ?? []).sort((a, b) => a.label.localeCompare(b.label)),
    ];
    const shown = parts.find((p) => p.label === list.page)?.detail;
    const menu = menuOfKind[detail.pageKind];
    const group = (menu && groups.get(menu)) || other;
    group.documents.push({ rel: detail.rel, label: courseLabel(detail.doc, id), detail: shown ?? list.courseDetails, parts });
  }

  const menuLabels = new Map(
    menus.filter((m) => typeof m?.href === 'string' && typeof m.label === 'string').map((m) => [String(m.href).toLowerCase(), String(m.label)]),
  );
  for (const page of pages) {
    if (inCourse.has(page.rel)) continue;
    // A menu's own page (the Internships page) by the menu's name, not by its headline.
    const ownMenu = page.path !== '/' ? menuLabels.get(page.path.toLowerCase()) : undefined;
    if (ownMenu) page.label = fill(list.menuPage, { menu: ownMenu });
    const menu = text((page.doc?.['nav'] as { menu?: unknown } | undefined)?.menu);
    const groupId = (menu && groups.has(menu) ? menu : undefined) ?? menuOfHref.get(page.path.toLowerCase()) ?? menuOfKind[page.kind];
    const group = (groupId && groups.get(groupId)) || other;
    group.documents.push({ rel: page.rel, label: page.label, detail: page.path });
  }

  const all = [...groups.values(), other, settings, lists];
  for (const group of all) {
    // The menu's own page first (the Internships page in Internships), then by name.
    group.documents.sort(
      (a, b) =>
        Number(menuOfHref.get(b.detail.toLowerCase()) === group.id) - Number(menuOfHref.get(a.detail.toLowerCase()) === group.id) ||
        a.label.localeCompare(b.label) ||
        a.detail.localeCompare(b.detail),
    );
  }
  return all.filter((group) => group.documents.length > 0);
}

/**
 * Every document's entry by its file (and the files of a course's parts by the course's), for naming documents
 * elsewhere; each translation file by its document's name and its language ("Law internships (हिंदी)").
 */
export function documentLabels(groups: DocumentGroup[]): Map<string, string> {
  const labels = new Map<string, string>();
  const name = (rel: string, label: string) => {
    labels.set(rel, label);
    for (const language of TRANSLATED_LANGUAGES) {
      labels.set(translationFileOf(rel, language), fill(list.translation, { thing: label, language: words.languages[language] }));
    }
  };
  for (const group of groups) {
    for (const entry of group.documents) {
      name(entry.rel, entry.label);
      for (const part of entry.parts ?? []) if (part.rel !== entry.rel) name(part.rel, `${entry.label}: ${part.label.toLowerCase()}`);
    }
  }
  return labels;
}

/**
 * The content file a request names, or the refusal that says why it cannot be written: only JSON files that pages/
 * and data/ hold by the project's rules, never a path that climbs out of them (.., absolute paths, links to elsewhere).
 */
export function contentFileAt(paths: ProjectPaths, rel: string): ContentFile {
  const shown = JSON.stringify(rel);
  if (rel.includes('\0') || rel.includes('\\') || path.isAbsolute(rel) || rel.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new EditorError('NOT_CONTENT_FILE', { rel: shown });
  }
  const abs = path.resolve(paths.root, rel);
  const inside = [paths.pages, paths.data].find((dir) => abs.startsWith(dir + path.sep));
  if (!inside || !abs.endsWith('.json')) throw new EditorError('NOT_CONTENT_FILE', { rel: shown });
  // Where it really is, each linked folder on the way followed: inside its folder, and that inside the project.
  if (!realPlaceInside(paths.root, inside, abs)) throw new EditorError('OUTSIDE_PROJECT', { place: shown });
  if (fs.existsSync(abs) && fs.lstatSync(abs).isSymbolicLink()) throw new EditorError('LINKED_FILE', { rel: shown });
  const { files } = discoverContent(paths, [abs]);
  const file = files.find((f) => f.abs === abs);
  if (!file) throw new EditorError('NOT_A_CONTENT_PLACE', { rel });
  return file;
}
