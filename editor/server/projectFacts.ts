import fs from 'node:fs';
import path from 'node:path';
import { discoverContent } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { MAX_IMAGE_BYTES } from '../protocol/editorRoutes.ts';
import type { ProjectFacts, ReferenceChoice } from '../protocol/types.ts';
import { words } from '../words.ts';
import { EditorError } from './errors.ts';
import { realPlaceInside } from './insideProject.ts';
import { cleanSvg } from './svgCleaner.ts';

function read(abs: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(abs, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function choiceOf(item: Record<string, unknown>, id: string): ReferenceChoice {
  const label = text(item['name']) ?? text(item['title']) ?? id;
  const detail = text(item['role']) ?? text(item['category']);
  return { id, label, ...(detail ? { detail } : {}) };
}

/** What the pickers offer, but the site settings' choices (settingChoices.ts). */
export function projectFacts(paths: ProjectPaths): Omit<ProjectFacts, 'options'> {
  const collections: Record<string, ReferenceChoice[]> = {};
  const pages: ProjectFacts['pages'] = [];
  let settings: string[] = [];
  for (const file of discoverContent(paths).files) {
    const doc = read(file.abs);
    if (!doc) continue;
    if (file.kind === 'page' && typeof doc['path'] === 'string') {
      pages.push({ path: doc['path'], label: text((doc['nav'] as Record<string, unknown> | undefined)?.['label']) ?? text(doc['title']) ?? doc['path'] });
    } else if (file.kind === 'site') {
      settings = Object.keys((doc['links'] as Record<string, unknown> | undefined) ?? {});
    } else if (file.collection) {
      const list = collections[file.collection] ?? [];
      collections[file.collection] = list;
      if (file.kind === 'collectionItem') list.push(choiceOf(doc, path.basename(file.rel, '.json')));
      else if (Array.isArray(doc['items'])) {
        for (const item of doc['items'] as Record<string, unknown>[]) {
          if (item && (typeof item['id'] === 'string' || typeof item['id'] === 'number')) list.push(choiceOf(item, String(item['id'])));
        }
      }
    }
  }
  pages.sort((a, b) => a.path.localeCompare(b.path));
  return { collections, pages, settings, images: listImages(paths) };
}

export const IMAGE_TYPES = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' } as const;

function listImages(paths: ProjectPaths): string[] {
  const root = path.join(paths.publicDir, 'images');
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (/\.(svg|png|jpe?g|webp|avif)$/i.test(entry.name)) out.push(`/images/${path.relative(root, abs).split(path.sep).join('/')}`);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * Checks an uploaded picture and writes it into public/images/<folder>/<name>:
 * a name and folder the image schema accepts, a type the site shows, content that
 * is really of that type, at most 2 MB, and no file overwritten; an SVG is written as DOMPurify cleaned it (scripts,
 * event handlers, references to other files and the like taken out, see svgCleaner.ts), and the answer lists what
 * was taken out. Anything else is refused (EditorError).
 */
export function saveImage(paths: ProjectPaths, folder: string, name: string, bytes: Buffer): { path: string; removed?: string[] } {
  if (!/^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/.test(folder)) throw new EditorError('FOLDER_NAME_INVALID');
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(svg|png|jpe?g|webp|avif)$/i.test(name) || name.includes('..')) throw new EditorError('PICTURE_NAME_INVALID');
  if (bytes.length === 0) throw new EditorError('PICTURE_EMPTY');
  if (bytes.length > MAX_IMAGE_BYTES) throw new EditorError('PICTURE_TOO_LARGE', { megabytes: (bytes.length / 1024 / 1024).toFixed(1) });
  const extension = name.split('.').pop()!.toLowerCase() as keyof typeof IMAGE_TYPES;
  if (!isOfType(extension, bytes)) throw new EditorError('PICTURE_NOT_ITS_TYPE', { kind: words.pictureKinds[extension], extension });
  // An SVG is written as DOMPurify cleaned it (svgCleaner.ts), never as uploaded.
  let written = bytes;
  let removed: string[] | undefined;
  if (extension === 'svg') {
    const cleaned = cleanSvg(bytes.toString('utf8'));
    if ('refused' in cleaned) throw cleaned.refused;
    written = Buffer.from(cleaned.svg, 'utf8');
    removed = cleaned.removed;
  }
  const images = path.join(paths.publicDir, 'images');
  // Where the picture really lands, each linked folder on the way followed: inside public/images and the project.
  const target = realPlaceInside(paths.root, images, path.resolve(images, folder, name));
  if (!target) throw new EditorError('OUTSIDE_PROJECT', { place: `public/images/${folder}` });
  const saved = `/images/${folder ? `${folder}/` : ''}${name}`;
  if (fs.existsSync(target)) throw new EditorError('PICTURE_EXISTS', { path: saved });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, written, { flag: 'wx' });
  return removed === undefined ? { path: saved } : { path: saved, removed };
}

/** Whether the bytes are what the name says (a renamed file is refused). */
function isOfType(extension: keyof typeof IMAGE_TYPES, bytes: Buffer): boolean {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  const ascii = (offset: number, text: string) => bytes.subarray(offset, offset + text.length).toString('latin1') === text;
  switch (extension) {
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'webp':
      return ascii(0, 'RIFF') && ascii(8, 'WEBP');
    case 'avif':
      return ascii(4, 'ftypavi');
    case 'svg':
      // What it holds is cleaned by DOMPurify in saveImage, not judged by a pattern here.
      return /<svg[\s>]/i.test(bytes.toString('utf8'));
  }
}
