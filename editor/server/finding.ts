import fs from 'node:fs';
import path from 'node:path';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { TRANSLATED_LANGUAGES, translationFileOf } from '../../engine/content/translation/translationFiles.ts';
import type { DocumentGroup, FoundDocument } from '../protocol/types.ts';

/** Compared without regard to case or accents: "resume" finds "Résumé". */
function fold(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The texts a document shows: every string value but the ones that only tie it together ($schema, type, id) or point
 * somewhere (a translation's are its texts and the English they translate).
 */
function textsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') {
    // Addresses and pictures (/images/…, https://…, setting:…) are not words on the page.
    if (key === '$schema' || key === 'type' || key === 'id' || /^(\/|https?:|mailto:|tel:|setting:|placeholder:|#)/.test(value)) return [];
    return [value];
  }
  if (Array.isArray(value)) return value.flatMap((item) => textsOf(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textsOf(v, k));
  return [];
}

function readTexts(abs: string): string[] {
  try {
    return textsOf(JSON.parse(fs.readFileSync(abs, 'utf8')) as unknown);
  } catch {
    return [];
  }
}

/** A few words either side of where the first word was found. */
function excerptOf(text: string, at: number, length: number): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 40)) + 1);
  const end = Math.min(text.length, text.indexOf(' ', at + length + 60) === -1 ? text.length : text.indexOf(' ', at + length + 60));
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * Find: every thing of the list whose name, address or group holds every word typed, then those whose texts hold
 * them (the words on the page, a course's syllabus), each with the words around the first match. Names first, so
 * "home" is Home and "law" is Law internships before the pages that mention law.
 */
export function findDocuments(paths: ProjectPaths, groups: DocumentGroup[], query: string): FoundDocument[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const named: { found: FoundDocument; score: number }[] = [];
  const inside: FoundDocument[] = [];
  for (const group of groups) {
    for (const entry of group.documents) {
      const name = fold(`${entry.label} ${entry.detail} ${group.label}`);
      if (words.every((w) => name.includes(w))) {
        const label = fold(entry.label);
        const score = label === words.join(' ') ? 0 : label.startsWith(words[0]!) ? 1 : words.every((w) => label.includes(w)) ? 2 : 3;
        named.push({ found: { ...entry, group: group.label }, score });
        continue;
      }
      // The words of its translations too: "कानून" finds the law page.
      const files = (entry.parts ?? [entry]).flatMap((part) => [part.rel, ...TRANSLATED_LANGUAGES.map((language) => translationFileOf(part.rel, language))]);
      const texts = files.flatMap((rel) => (fs.existsSync(path.join(paths.root, rel)) ? readTexts(path.join(paths.root, rel)) : []));
      const all = fold(texts.join('\n'));
      if (!words.every((w) => all.includes(w) || name.includes(w))) continue;
      const text = texts.find((t) => fold(t).includes(words.find((w) => !name.includes(w)) ?? words[0]!)) ?? '';
      const first = words.find((w) => fold(text).includes(w)) ?? '';
      inside.push({ ...entry, group: group.label, excerpt: excerptOf(text, fold(text).indexOf(first), first.length) });
    }
  }
  named.sort((a, b) => a.score - b.score || a.found.label.localeCompare(b.found.label));
  return [...named.map((n) => n.found), ...inside];
}
