import type { TranslationDocument } from '../../engine/content/translation/translationFiles.ts';
import { fromPointer, toPointer } from '../../engine/shared/jsonPointer.ts';
import { deepEqual } from './jsonEdits.ts';

/**
 * A translation keeps each text at the JSON pointer of its English, so a list changed in English (a role removed, a
 * section moved up, a skill put in the middle) would leave every translation after it beside the wrong English. When
 * the editor saves an English document it moves the translation's texts with their English instead: this works out
 * where each item of each list went.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const idOf = (item: unknown) => (isRecord(item) && (typeof item['id'] === 'string' || typeof item['id'] === 'number') ? String(item['id']) : undefined);

/**
 * Where each item of a list went (its new index, or undefined when it was removed): first the longest run of items
 * left as they were, in their order; then an item found unchanged elsewhere (moved), or with its id elsewhere (moved
 * and changed); then, between two items that stayed, as many items before as after, taken in their order (changed in
 * place). What is left was removed, or added.
 */
export function listMoves(before: readonly unknown[], after: readonly unknown[]): (number | undefined)[] {
  const moves: (number | undefined)[] = new Array(before.length).fill(undefined);
  const taken = new Set<number>();
  // The longest common run, by the table of the classic dynamic programme (lists of a page are short).
  const table = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      table[i]![j] = deepEqual(before[i], after[j]) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const anchors: [number, number][] = [];
  for (let i = 0, j = 0; i < before.length && j < after.length; ) {
    if (deepEqual(before[i], after[j])) {
      anchors.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  const take = (i: number, j: number) => {
    moves[i] = j;
    taken.add(j);
  };
  for (const [i, j] of anchors) take(i, j);
  const free = (j: number) => !taken.has(j);
  // Moved: the same item elsewhere; then moved and changed: the same id elsewhere.
  before.forEach((item, i) => {
    if (moves[i] !== undefined) return;
    const j = after.findIndex((other, k) => free(k) && deepEqual(item, other));
    if (j >= 0) take(i, j);
  });
  before.forEach((item, i) => {
    const id = idOf(item);
    if (moves[i] !== undefined || id === undefined) return;
    const j = after.findIndex((other, k) => free(k) && idOf(other) === id);
    if (j >= 0) take(i, j);
  });
  // Changed in place: between two items that stayed, as many left on each side, in order; where one was also added
  // or removed, each with the one most like it (of what it holds, or of its words), when they have anything in common.
  const bounds: [number, number][] = [[-1, -1], ...anchors, [before.length, after.length]];
  for (let b = 0; b + 1 < bounds.length; b++) {
    const [i0, j0] = bounds[b]!;
    const [i1, j1] = bounds[b + 1]!;
    const olds = range(i0 + 1, i1).filter((i) => moves[i] === undefined);
    const news = range(j0 + 1, j1).filter(free);
    if (olds.length === news.length) {
      olds.forEach((i, k) => {
        take(i, news[k]!);
      });
      continue;
    }
    const pairs = olds.flatMap((i) => news.map((j) => ({ i, j, score: likeness(before[i], after[j]) })));
    pairs.sort((x, y) => y.score - x.score || Math.abs(x.i - x.j) - Math.abs(y.i - y.j));
    for (const { i, j, score } of pairs) if (score > 0 && moves[i] === undefined && free(j)) take(i, j);
  }
  return moves;
}

/** The values of a group by their place in it. */
function leaves(value: unknown, at = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      leaves(item, `${at}/${i}`, out);
    });
  } else if (isRecord(value)) for (const [key, item] of Object.entries(value)) leaves(item, `${at}/${key}`, out);
  else out.set(at, JSON.stringify(value));
  return out;
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []);

/** How alike two items are, 0 to 1: the share of values in the same place (groups), or of words (texts). */
function likeness(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') {
    const x = wordsOf(a);
    const y = wordsOf(b);
    const shared = [...x].filter((w) => y.has(w)).length;
    return shared / Math.max(1, new Set([...x, ...y]).size);
  }
  if (!isRecord(a) || !isRecord(b)) return 0;
  const x = leaves(a);
  const y = leaves(b);
  const shared = [...x].filter(([at, value]) => y.get(at) === value).length;
  return shared / Math.max(1, x.size, y.size);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

/**
 * Where a value of `before` is in `after`, following each list's moves; undefined when it went (with an item removed,
 * or itself). A pointer to nothing in `before` is not the editor's to move: it stays as it is.
 */
export function pointerMover(before: unknown, after: unknown): (pointer: string) => string | undefined {
  const cache = new Map<string, (number | undefined)[]>();
  return (pointer) => {
    let old: unknown = before;
    let now: unknown = after;
    const oldPath: string[] = [];
    const newPath: (string | number)[] = [];
    for (const segment of fromPointer(pointer)) {
      const inBefore = Array.isArray(old) ? /^\d+$/.test(segment) && Number(segment) < old.length : isRecord(old) && segment in old;
      if (!inBefore) return pointer;
      if (Array.isArray(old) && Array.isArray(now)) {
        const key = toPointer(oldPath);
        const moves = cache.get(key) ?? listMoves(old, now);
        cache.set(key, moves);
        const to = moves[Number(segment)];
        if (to === undefined) return undefined;
        old = old[Number(segment)];
        now = now[to];
        newPath.push(to);
      } else if (isRecord(old) && isRecord(now) && segment in now) {
        old = old[segment];
        now = now[segment];
        newPath.push(segment);
      } else return undefined;
      oldPath.push(segment);
    }
    return toPointer(newPath);
  };
}

/**
 * The translation with its texts moved as the English's lists moved from `before` to `after`; a text whose English
 * went is left out. The same document (unchanged) when nothing moved.
 */
export function moveTranslation<T extends Pick<TranslationDocument, 'texts'>>(translation: T, before: unknown, after: unknown): T {
  const move = pointerMover(before, after);
  const texts: TranslationDocument['texts'] = {};
  let moved = false;
  for (const [pointer, entry] of Object.entries(translation.texts)) {
    const to = move(pointer);
    if (to !== pointer) moved = true;
    if (to !== undefined && !(to in texts)) texts[to] = entry;
  }
  return moved ? { ...translation, texts } : translation;
}
