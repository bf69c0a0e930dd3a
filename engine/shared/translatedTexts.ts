import { fromPointer } from './jsonPointer.ts';

/** A translation file as it is stored (data/site.hi.json): each text by the JSON pointer of the English it translates. */
export interface StoredTranslation {
  texts: Record<string, { source: string; text: string }>;
}

function setAt(target: unknown, pointer: string, value: string): void {
  const segments = fromPointer(pointer);
  const last = segments.pop();
  let node = target as Record<string, unknown> | undefined;
  for (const segment of segments) node = node?.[segment] as Record<string, unknown> | undefined;
  // Only a text is replaced: a pointer that reaches anything else (a figure, a list) changes nothing.
  if (node && last !== undefined && typeof node[last] === 'string') node[last] = value;
}

/**
 * A copy of an English document with the texts of a language laid over it (pointers relative to `base`, where an
 * entity sits in its file); written texts only, so a text not translated stays English rather than empty.
 */
export function withTranslatedTexts<T>(english: T, texts: Iterable<[string, string]> | undefined, base = ''): T {
  const copy = structuredClone(english);
  for (const [pointer, text] of texts ?? []) {
    if (!text) continue;
    if (base === '') setAt(copy, pointer, text);
    else if (pointer.startsWith(`${base}/`)) setAt(copy, pointer.slice(base.length), text);
  }
  return copy;
}

/** The texts of a stored translation as withTranslatedTexts takes them. */
export function storedTexts(translation: StoredTranslation | undefined): [string, string][] {
  return Object.entries(translation?.texts ?? {}).map(([pointer, entry]) => [pointer, entry.text]);
}
