import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { editDistance } from '../shared/didYouMean.ts';
import type { SearchData, SearchRecord, SearchResultRecord } from './searchTypes.ts';

/** Splits text into words the way both the index and queries do: letters and digits, everything else a gap ("₹6,000" is 6000). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(?<=\d),(?=\d)/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Words a question carries that say nothing about what is wanted ("is my certificate real", "internship in pune"). */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'my',
  'in',
  'of',
  'for',
  'to',
  'at',
  'and',
  'with',
  'is',
  'on',
  'i',
  'me',
  'how',
  'what',
  'where',
  'do',
  'can',
  'your',
  'you',
]);

/** A record as it is indexed: its title, and the rest of its words (title words once only, so the index stays small). */
interface IndexedRecord {
  id: number;
  title: string;
  body: string;
}

const INDEX_OPTIONS: Options<IndexedRecord> = {
  fields: ['title', 'body'],
  storeFields: [],
  tokenize,
  processTerm: (term) => term,
};

/** How much each field counts, and how far a query word may be from a word of the site. */
const QUERY_OPTIONS: SearchOptions = {
  boost: { title: 3, body: 1 },
  // The word being typed is a beginning; the others too once they are long enough to mean something ("internship" finds
  // "internships"). A letter alone is never a beginning: "c" would be every word with a c.
  prefix: (term, i, terms) => term.length >= (i === terms.length - 1 ? 2 : 4),
  // A typo in a word of five letters or more (pyton, corprate, psycology); two in long words.
  fuzzy: (term) => (term.length >= 10 ? 2 : term.length >= 5 ? 1 : false),
  weights: { fuzzy: 0.5, prefix: 0.6 },
};

/** How much closer to the top an exact title, a title that starts with the query, or a title holding its words brings a record. */
const EXACT_TITLE = 1;
const TITLE_PREFIX = 0.9;
const TITLE_WORDS = 0.8;

export interface SearchHit {
  record: SearchResultRecord;
  score: number;
  /** Character ranges of the title that matched, for highlighting. */
  titleRanges: [number, number][];
}

function normaliseQuery(query: string): string {
  return (
    query
      .toLowerCase()
      // b.pharm, b.tech, m.b.b.s: the dots of a degree are not word breaks.
      .replace(/(?<=\b\p{L})\.(?=\p{L})/gu, '')
      .replace(/[^\p{L}\p{N}+&/ ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Writes a query's short forms and student phrases ("ml", "b pharm", "phone number") as the site writes them; longest first. */
export function synonymExpander(synonyms: Record<string, string | undefined>): (query: string) => string[] {
  const rules = Object.keys(synonyms)
    .sort((a, b) => b.length - a.length)
    .map((key) => ({ pattern: new RegExp(`(?<= )${escapeRegExp(key)}(?= )`, 'g'), to: ` ${(synonyms[key] ?? key).toLowerCase()} ` }));
  return (query) => {
    const normal = normaliseQuery(query);
    let expanded = ` ${normal} `;
    for (const { pattern, to } of rules) {
      pattern.lastIndex = 0;
      if (pattern.test(expanded)) expanded = expanded.replace(pattern, to).replace(/\s+/g, ' ');
    }
    return [...new Set([normal, expanded.trim()])].filter((q) => q.length >= 2);
  };
}

/** Everything search loads on first use: the records as results show them, the words of each, and the synonyms. */
export function searchData(records: readonly SearchRecord[], synonyms: Record<string, string | undefined>): SearchData {
  return {
    records: records.map(({ kind, title, context, url, rank, primary }, id) => ({ id, kind, title, context, url, rank, primary })),
    words: records.map((record) => {
      const inTitle = new Set(tokenize(record.title));
      return [...new Set(tokenize(record.text))].filter((w) => !inTitle.has(w)).join(' ');
    }),
    synonyms,
  };
}

/**
 * Site search, indexed as it starts (a few milliseconds, in its worker): each spelling of the query (as typed,
 * and with its short forms written out) is searched for records holding all
 * its words, then, if few do, any of them; each record keeps its best score,
 * raised when its title is the query, starts with it or holds its words.
 */
export function createSearcher({ records, words: bodies, synonyms }: SearchData) {
  const mini = new MiniSearch<IndexedRecord>(INDEX_OPTIONS);
  mini.addAll(records.map((record, id) => ({ id, title: record.title, body: bodies[id] ?? '' })));
  const expand = synonymExpander(synonyms);
  const vocabulary = new Set([...records.flatMap((r) => tokenize(r.title)), ...bodies.flatMap((b) => b.split(' '))]);
  const titleWords = records.map((r) => tokenize(r.title));
  const titles = titleWords.map((words) => words.join(' '));
  // Rare title words say more than common ones: "criminal" in "criminal law internship" outweighs "internship".
  const titleFrequency = new Map<string, number>();
  for (const words of titleWords) for (const w of new Set(words)) titleFrequency.set(w, (titleFrequency.get(w) ?? 0) + 1);
  const weight = (word: string) => Math.log(1 + records.length / (1 + (titleFrequency.get(word) ?? 0)));

  /** A word the site does not have, written as two it does ("datascience", "fullstack"). */
  const split = (word: string): string[] => {
    if (vocabulary.has(word) || word.length < 6) return [word];
    for (let i = 2; i <= word.length - 2; i++) {
      const [a, b] = [word.slice(0, i), word.slice(i)];
      if (vocabulary.has(a) && vocabulary.has(b)) return [a, b];
    }
    return [word];
  };

  return function search(query: string, limit = 40): SearchHit[] {
    const best = new Map<number, SearchHit>();
    for (const alternative of expand(query)) {
      const words = tokenize(alternative)
        .filter((w) => !STOP_WORDS.has(w))
        .flatMap(split);
      if (words.length === 0) continue;
      const phrase = words.join(' ');
      const all = mini.search(phrase, { ...QUERY_OPTIONS, combineWith: 'AND' });
      const some = all.length >= 3 || words.length === 1 ? [] : mini.search(phrase, { ...QUERY_OPTIONS, combineWith: 'OR' });
      const total = words.reduce((sum, w) => sum + weight(w), 0) || 1;
      const seen = new Set<number>();
      for (const [result, factor] of [...all.map((r) => [r, 1] as const), ...some.map((r) => [r, 0.5] as const)]) {
        const id = result.id as number;
        const record = records[id];
        if (!record || seen.has(id)) continue;
        seen.add(id);
        const title = titles[id]!;
        const inTitle = words.reduce((sum, w) => (titleWords[id]!.some((t) => t.startsWith(w) || w.startsWith(t)) ? sum + weight(w) : sum), 0) / total;
        const bonus = Math.max(title === phrase && record.primary ? EXACT_TITLE : 0, title.startsWith(phrase) ? TITLE_PREFIX : 0, TITLE_WORDS * inTitle);
        const score = result.score * factor * (1 + bonus) * (1 - record.rank * 4);
        const existing = best.get(id);
        if (existing && existing.score >= score) continue;
        best.set(id, { record, score, titleRanges: [] });
      }
    }
    const hits = [...best.values()].sort((a, b) => b.score - a.score || a.record.title.length - b.record.title.length).slice(0, limit);
    // Only the results shown are marked up.
    const words = tokenize(expand(query).join(' '));
    for (const hit of hits) hit.titleRanges = highlight(hit.record.title, words);
    return hits;
  };
}

/** The ranges of a title's words that a query word starts (or that start it, or is a typo of), for <mark>. */
function highlight(title: string, words: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of title.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    const query = words.find(
      (w) => word.startsWith(w) || (w.length >= 4 && w.startsWith(word)) || (w.length >= 5 && editDistance(w, word.slice(0, w.length + 1)) <= 1),
    );
    if (query) ranges.push([match.index, match.index + (word.startsWith(query) ? query.length : word.length) - 1]);
  }
  return ranges;
}
