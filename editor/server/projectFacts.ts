import fs from 'node:fs';
import path from 'node:path';
import { discoverContent } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import type { ProjectFacts, ReferenceChoice } from '../protocol/types.ts';
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

export function projectFacts(paths: ProjectPaths): ProjectFacts {
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

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Checks an uploaded picture and writes it into public/images/<folder>/<name>:
 * a name and folder the image schema accepts, a type the site shows, content that
 * is really of that type, at most 2 MB, and no file overwritten; an SVG is written as DOMPurify cleaned it (scripts,
 * event handlers and the like taken out, see svgCleaner.ts), and the answer lists what was taken out.
 */
export function saveImage(
  paths: ProjectPaths,
  folder: unknown,
  name: unknown,
  bytes: Buffer,
): { path: string; removed?: string[] } | { refused: string; status: number } {
  if (typeof folder !== 'string' || !/^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/.test(folder)) {
    return { status: 400, refused: 'A folder is written with letters, digits, - and _, such as roles/data-analytics.' };
  }
  if (typeof name !== 'string' || !/^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(svg|png|jpe?g|webp|avif)$/i.test(name) || name.includes('..')) {
    return { status: 400, refused: 'A picture name uses letters, digits, - and _ (no spaces) and ends in .svg, .png, .jpg, .webp or .avif.' };
  }
  if (bytes.length === 0) return { status: 400, refused: 'The file is empty.' };
  if (bytes.length > MAX_IMAGE_BYTES)
    return { status: 413, refused: `The picture is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; at most 2 MB fit. Make it smaller first.` };
  const extension = name.split('.').pop()!.toLowerCase() as keyof typeof IMAGE_TYPES;
  const problem = contentProblem(extension, bytes);
  if (problem) return { status: 415, refused: problem };
  // An SVG is written as DOMPurify cleaned it (svgCleaner.ts), never as uploaded.
  let written = bytes;
  let removed: string[] | undefined;
  if (extension === 'svg') {
    const cleaned = cleanSvg(bytes.toString('utf8'));
    if ('refused' in cleaned) return { status: 415, refused: cleaned.refused };
    written = Buffer.from(cleaned.svg, 'utf8');
    removed = cleaned.removed;
  }
  const images = path.join(paths.publicDir, 'images');
  // Where the picture really lands, each linked folder on the way followed: inside public/images and the project.
  const target = realPlaceInside(paths.root, images, path.resolve(images, folder, name));
  if (!target) return { status: 400, refused: `public/images/${folder} leads outside the project (a linked folder); the editor writes only inside it.` };
  if (fs.existsSync(target))
    return {
      status: 409,
      refused: `There is already a picture /images/${folder ? `${folder}/` : ''}${name}; choose it from the list, or give this one another name.`,
    };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, written, { flag: 'wx' });
  const saved = `/images/${folder ? `${folder}/` : ''}${name}`;
  return removed === undefined ? { path: saved } : { path: saved, removed };
}

/** Whether the bytes are what the name says (a renamed file is refused). */
function contentProblem(extension: keyof typeof IMAGE_TYPES, bytes: Buffer): string | undefined {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  const ascii = (offset: number, text: string) => bytes.subarray(offset, offset + text.length).toString('latin1') === text;
  switch (extension) {
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47) ? undefined : 'This file is not a PNG picture, though its name ends in .png.';
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff) ? undefined : 'This file is not a JPEG picture, though its name ends in .jpg.';
    case 'webp':
      return ascii(0, 'RIFF') && ascii(8, 'WEBP') ? undefined : 'This file is not a WebP picture, though its name ends in .webp.';
    case 'avif':
      return ascii(4, 'ftypavi') ? undefined : 'This file is not an AVIF picture, though its name ends in .avif.';
    case 'svg':
      // What it holds is cleaned by DOMPurify in saveImage, not judged by a pattern here.
      return /<svg[\s>]/i.test(bytes.toString('utf8')) ? undefined : 'This file is not an SVG picture, though its name ends in .svg.';
  }
}
