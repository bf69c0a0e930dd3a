import type Fuse from 'fuse.js';
import type { FuseIndex, IFuseOptions } from 'fuse.js';
import { editDistance } from '../shared/didYouMean.ts';
import type { SearchRecord } from './searchTypes.ts';

export const SEARCH_KEYS = [
  { name: 'title', weight: 3 },
  { name: 'context', weight: 1 },
  { name: 'text', weight: 1 },
] as const;

export const FUSE_OPTIONS: IFuseOptions<SearchRecord> = {
  keys: SEARCH_KEYS.map((k) => ({ ...k })),
  includeScore: true,
  includeMatches: true,
  ignoreLocation: true,
  // Long descriptions should not bury a record whose words are all there.
  ignoreFieldNorm: true,
  threshold: 0.34,
  minMatchCharLength: 2,
  useExtendedSearch: true,
};

/** How much closer to the top an exact title, or a title that starts with the query, brings a record (scores run 0 to 1, lower is better). */
const EXACT_TITLE_BONUS = 0.4;
const TITLE_PREFIX_BONUS = 0.25;
const TITLE_WORDS_BONUS = 0.25;

export interface SearchHit {
  record: SearchRecord;
  score: number;
  /** Character ranges of the title that matched, for highlighting. */
  titleRanges: [number, number][];
}

type FuseConstructor = typeof Fuse;

const splitWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s/&(),.-]+/)
    .filter(Boolean);

/** A query word names a title word when it starts it, or is a small typo away from it (pyton, psycology). */
function wordMatches(queryWord: string, titleWord: string): boolean {
  if (titleWord.startsWith(queryWord)) return true;
  if (queryWord.length < 4) return false;
  return editDistance(queryWord, titleWord.slice(0, queryWord.length + 1)) <= (queryWord.length >= 7 ? 2 : 1);
}

function normaliseQuery(query: string): string {
  // Extended-search operators (=, ', !, ^, $, |) mean nothing to visitors; they search for words.
  return query
    .toLowerCase()
    .replace(/[=!^$|'"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The query as typed, and with each short form ("ml", "ui ux") written out as well. */
export function expandQuery(query: string, synonyms: Record<string, string | undefined>): string[] {
  const normal = normaliseQuery(query);
  const alternatives = new Set([normal]);
  const keys = Object.keys(synonyms).sort((a, b) => b.length - a.length);
  let expanded = ` ${normal} `;
  for (const key of keys) {
    const pattern = new RegExp(`(?<= )${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?= )`, 'g');
    if (pattern.test(expanded)) expanded = expanded.replace(pattern, (synonyms[key] ?? key).toLowerCase());
  }
  alternatives.add(expanded.trim());
  return [...alternatives].filter((q) => q.length >= 2);
}

/**
 * Fuzzy search over the site's records with a prebuilt index. Each spelling of
 * the query (as typed, and with short forms written out) is searched, and each
 * record keeps its best score.
 */
export function createSearcher(FuseClass: FuseConstructor, records: SearchRecord[], index: unknown, synonyms: Record<string, string | undefined>) {
  const fuse = new FuseClass(records, FUSE_OPTIONS, FuseClass.parseIndex(index as never) as FuseIndex<SearchRecord>);
  // Rare title words say more than common ones: "criminal" in "criminal law internship" outweighs "internship".
  const titleWordsOf = records.map((r) => splitWords(r.title));
  const weights = new Map<string, number>();
  const weight = (word: string) => {
    let w = weights.get(word);
    if (w === undefined) {
      const df = titleWordsOf.filter((words) => words.some((t) => wordMatches(word, t))).length;
      w = Math.log(1 + records.length / (1 + df));
      weights.set(word, w);
    }
    return w;
  };
  return function search(query: string, limit = 40): SearchHit[] {
    const best = new Map<string, SearchHit>();
    for (const alternative of expandQuery(query, synonyms)) {
      const words = splitWords(alternative);
      const wordWeights = words.map(weight);
      const total = wordWeights.reduce((a, b) => a + b, 0) || 1;
      for (const result of fuse.search(alternative, { limit: limit * 3 })) {
        const title = result.item.title.toLowerCase();
        const titleWords = splitWords(title);
        let score = (result.score ?? 1) + result.item.rank;
        const inTitle = words.reduce((sum, w, i) => (titleWords.some((t) => wordMatches(w, t)) ? sum + wordWeights[i]! : sum), 0);
        score -= Math.max(
          title === alternative && result.item.primary ? EXACT_TITLE_BONUS : 0,
          title.startsWith(alternative) ? TITLE_PREFIX_BONUS : 0,
          (TITLE_WORDS_BONUS * inTitle) / total,
        );
        const existing = best.get(result.item.id);
        if (existing && existing.score <= score) continue;
        const titleRanges = (result.matches ?? []).filter((m) => m.key === 'title').flatMap((m) => m.indices.filter(([a, b]) => b - a >= 1)) as [
          number,
          number,
        ][];
        best.set(result.item.id, { record: result.item, score, titleRanges });
      }
    }
    return [...best.values()].sort((a, b) => a.score - b.score || a.record.title.length - b.record.title.length).slice(0, limit);
  };
}

export function buildIndexJson(FuseClass: FuseConstructor, records: SearchRecord[]): unknown {
  return FuseClass.createIndex(FUSE_OPTIONS.keys as never, records).toJSON();
}
