import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { editDistance } from '../shared/didYouMean.ts';
import type { SearchAnswerText, SearchData, SearchRecord, SearchResultRecord } from './searchTypes.ts';

/** Splits text into words the way both the index and queries do: letters and digits, everything else a gap ("₹6,000" is 6000). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(?<=\d),(?=\d)/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Words a question carries that say nothing about what is wanted ("is my certificate real", "internship in pune",
 * "certificate kaise verify kare", "llb 2nd year internship"): English and Hinglish question words and particles, and
 * the year of study (every role names who can apply; the finder filters by year).
 */
const STOP_WORDS = new Set([
  ...['a', 'an', 'the', 'my', 'in', 'of', 'for', 'to', 'at', 'and', 'with', 'is', 'on', 'i', 'me', 'how', 'what', 'where', 'do', 'can', 'your', 'you'],
  ...['are', 'am', 'be', 'does', 'did', 'which', 'who', 'when', 'any', 'get', 'want', 'need', 'please', 'there', 'it', 'this', 'that', 'should'],
  ...['fee', 'fees', 'cost', 'costs', 'price', 'much', 'many'],
  ...['kaise', 'kya', 'hai', 'hain', 'ka', 'ki', 'ke', 'ko', 'me', 'mein', 'mai', 'kare', 'karen', 'karna', 'milega', 'milegi', 'chahiye', 'wala', 'wali'],
  ...['1st', '2nd', '3rd', '4th', '5th', 'first', 'second', 'third', 'fourth', 'fifth', 'final', 'year', 'years', 'student', 'students'],
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
  // A typo in a word of five letters or more (pyton, corprate, psycology); two in words of eight or more (devlopmnt).
  fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
  weights: { fuzzy: 0.5, prefix: 0.6 },
};

/** How much closer to the top an exact title, a title that starts with the query, or a title holding its words brings a record. */
const EXACT_TITLE = 5;
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
      // A function, not the text itself: a synonym holding $& or $' is written as it is, not read as a pattern.
      if (pattern.test(expanded)) expanded = expanded.replace(pattern, () => to).replace(/\s+/g, ' ');
    }
    return [...new Set([normal, expanded.trim()])].filter((q) => q.length >= 2);
  };
}

/** Everything search loads on first use: the records as results show them, the words of each, the synonyms and the answers. */
export function searchData(
  records: readonly SearchRecord[],
  synonyms: Record<string, string | undefined>,
  answers: readonly SearchAnswerText[] = [],
): SearchData {
  return {
    records: records.map(({ kind, title, context, url, rank, primary }, id) => ({ id, kind, title, context, url, rank, primary })),
    words: records.map((record) => {
      const inTitle = new Set(tokenize(record.title));
      return [...new Set(tokenize(record.text))].filter((w) => !inTitle.has(w)).join(' ');
    }),
    synonyms,
    answers: [...answers],
  };
}

/** A hit whose score is below this share of the best one is left off: the list ends where relevance ends. */
const WEAK = 0.2;

export interface Searcher {
  (query: string, limit?: number): SearchHit[];
  /** What the site says about something the query asks for and the site does not have (free courses), if anything. */
  answer(query: string): string | undefined;
}

/**
 * Site search, indexed as it starts (a few milliseconds, in its worker): each spelling of the query (as typed,
 * and with its short forms written out) is searched for records holding all
 * its words, then, if few do, any of them; each record keeps its best score,
 * raised when its title is the query (its words, a typo of them, the plural),
 * starts with it or holds its words. Hits far weaker than the best are left off.
 * Words asking for what the site does not have (free, sarkari) are answered
 * in a sentence and left out of the search.
 */
export function createSearcher({ records, words: bodies, synonyms, answers = [] }: SearchData): Searcher {
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
  // Each word as whole words of a padded query (global: every time it is said is left out).
  const asked = answers.map((a) => ({ text: a.text, patterns: a.words.map((w) => new RegExp(`(?<= )${escapeRegExp(w)}(?= )`, 'g')) }));
  const says = (pattern: RegExp, text: string) => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  };

  /**
   * A word the site does not have, as the site writes it: two letters swapped (pyhton, phramacy, lwa), which counts as
   * two typos for the index, or two words run together ("datascience", "fullstack").
   */
  const mend = (word: string): string[] => {
    if (vocabulary.has(word) || /^\d+$/.test(word)) return [word];
    if (word.length >= 3) {
      for (let i = 0; i < word.length - 1; i++) {
        const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
        if (vocabulary.has(swapped)) return [swapped];
      }
    }
    if (word.length < 6) return [word];
    for (let i = 2; i <= word.length - 2; i++) {
      const [a, b] = [word.slice(0, i), word.slice(i)];
      if (vocabulary.has(a) && vocabulary.has(b)) return [a, b];
    }
    return [word];
  };

  /** A title word that a query word names: its beginning ("internship" in "internships"), or the word with a typo. */
  const named = new Map<string, boolean>();
  const names = (titleWord: string, word: string) => {
    if (titleWord.startsWith(word) || (word.length >= 4 && word.startsWith(titleWord))) return true;
    if (word.length < 5 || Math.abs(word.length - titleWord.length) > 2) return false;
    // Remembered per pair: the same few title words come up for every result of a query.
    const pair = `${titleWord} ${word}`;
    let close = named.get(pair);
    if (close === undefined) {
      close = editDistance(word, titleWord) <= (word.length >= 8 ? 2 : 1);
      if (named.size > 5000) named.clear();
      named.set(pair, close);
    }
    return close;
  };

  /** The answer a query asks for, and the query without the words that asked. */
  const answering = (query: string): { text?: string; rest: string } => {
    const padded = ` ${normaliseQuery(query)} `;
    for (const { text, patterns } of asked) {
      if (!patterns.some((p) => says(p, padded))) continue;
      let rest = padded;
      for (const p of patterns) rest = rest.replace(p, ' ');
      return { text, rest: rest.trim() };
    }
    return { rest: query };
  };

  const search = (query: string, limit = 40): SearchHit[] => {
    const best = new Map<number, SearchHit>();
    const relevance = new Map<number, number>();
    for (const alternative of expand(answering(query).rest)) {
      const words = [
        ...new Set(
          tokenize(alternative)
            .filter((w) => !STOP_WORDS.has(w))
            .flatMap(mend),
        ),
      ];
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
        const inTitleWords = titleWords[id]!;
        const inTitleNamed = words.filter((w) => inTitleWords.some((t) => names(t, w)));
        const inTitle = inTitleNamed.reduce((sum, w) => sum + weight(w), 0) / total;
        // The title is the query: every word of each names the other ("internships" for internshp).
        const whole =
          record.primary && inTitleNamed.length === words.length && inTitleWords.length > 0 && inTitleWords.every((t) => words.some((w) => names(t, w)));
        const bonus = Math.max(whole ? EXACT_TITLE : 0, titles[id]!.startsWith(phrase) ? TITLE_PREFIX : 0, TITLE_WORDS * inTitle);
        const base = result.score * factor * (1 - record.rank * 4);
        const score = base * (1 + bonus);
        const existing = best.get(id);
        if (existing && existing.score >= score) continue;
        best.set(id, { record, score, titleRanges: [] });
        relevance.set(id, Math.max(relevance.get(id) ?? 0, base));
      }
    }
    // How well the words match, before the title bonus, decides what is too weak to list: a title that is the query
    // comes first, but does not push off results that match nearly as well (hr: Human Resources, then HR Jobs).
    const floor = Math.max(0, ...relevance.values()) * WEAK;
    const hits = [...best.values()]
      .filter((hit) => (relevance.get(hit.record.id) ?? 0) >= floor)
      .sort((a, b) => b.score - a.score || a.record.title.length - b.record.title.length)
      .slice(0, limit);
    // Only the results shown are marked up.
    const words = tokenize(expand(query).join(' ')).flatMap(mend);
    for (const hit of hits) hit.titleRanges = highlight(hit.record.title, words);
    return hits;
  };
  return Object.assign(search, { answer: (query: string) => answering(query).text });
}

/**
 * The ranges of a title's words that a query word starts (or that start it, or is a typo of), for <mark>. A title word
 * of one or two letters is marked only when typed: "in" begins "internship" but is not what was asked for.
 */
function highlight(title: string, words: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of title.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    const query = words.find(
      (w) =>
        word.startsWith(w) || (w.length >= 4 && word.length >= 3 && w.startsWith(word)) || (w.length >= 5 && editDistance(w, word.slice(0, w.length + 1)) <= 1),
    );
    if (query) ranges.push([match.index, match.index + (word.startsWith(query) ? query.length : word.length) - 1]);
  }
  return ranges;
}
