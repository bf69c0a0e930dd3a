import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import { editDistance } from '../shared/didYouMean.ts';
import type { SearchAnswerText, SearchData, SearchRecord, SearchResultRecord } from './searchTypes.ts';

/**
 * A text as search compares it: NFC (a word typed with its marks composed or not is one word), lower case, Devanagari
 * digits as 0 to 9, and what students often leave out of a Devanagari word left out everywhere: the nukta (फ़ and फ,
 * ज़ and ज), the chandrabindu (written as the anusvara, हैं for हैँ) and the joiners that only change how a
 * conjunct is drawn.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u093C\u200C\u200D]/g, '')
    .normalize('NFC')
    .replace(/\u0901/g, '\u0902')
    .replace(/[\u0966-\u096F]/g, (digit) => String(digit.charCodeAt(0) - 0x966))
    .toLowerCase();
}

/**
 * Splits text into words the way both the index and queries do: letters with their combining marks (a Devanagari
 * word's vowel signs and virama are inside it) and digits, everything else a gap ("₹6,000" is 6000).
 */
export function tokenize(text: string): string[] {
  return normaliseText(text)
    .replace(/(?<=\d),(?=\d)/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Words a question carries that say nothing about what is wanted ("is my certificate real", "internship in pune",
 * "certificate kaise verify kare", "llb 2nd year internship", "इंटर्नशिप कैसे मिलेगी"): English, Hinglish and Hindi
 * question words and particles, and the year of study (every role names who can apply; the finder filters by year).
 */
const HINDI_STOP_WORDS = new Set(
  [
    ...['का', 'की', 'के', 'को', 'में', 'से', 'पर', 'है', 'हैं', 'और', 'या', 'लिए', 'भी', 'तो', 'ही', 'एक', 'यह', 'ये', 'वह', 'वो'],
    ...['कैसे', 'क्या', 'कहाँ', 'कहां', 'कब', 'कौन', 'कितना', 'कितनी', 'कितने', 'मुझे', 'मेरा', 'मेरी', 'मेरे', 'अपना', 'अपनी', 'अपने'],
    ...['करें', 'करे', 'करना', 'करूँ', 'मिलेगा', 'मिलेगी', 'मिलेंगे', 'चाहिए', 'वाला', 'वाली', 'वाले', 'होगा', 'होगी', 'होता', 'होती'],
    ...['फ़ीस', 'कीमत', 'खर्च', 'साल', 'वर्ष', 'छात्र', 'छात्रा', 'छात्रों', 'स्टूडेंट'],
  ].map(normaliseText),
);
const STOP_WORDS = new Set([
  ...['a', 'an', 'the', 'my', 'in', 'of', 'for', 'to', 'at', 'and', 'with', 'is', 'on', 'i', 'me', 'how', 'what', 'where', 'do', 'can', 'your', 'you'],
  ...['are', 'am', 'be', 'does', 'did', 'which', 'who', 'when', 'any', 'get', 'want', 'need', 'please', 'there', 'it', 'this', 'that', 'should'],
  ...['fee', 'fees', 'cost', 'costs', 'price', 'much', 'many'],
  ...['kaise', 'kya', 'hai', 'hain', 'ka', 'ki', 'ke', 'ko', 'me', 'mein', 'mai', 'kare', 'karen', 'karna', 'milega', 'milegi', 'chahiye', 'wala', 'wali'],
  ...['aur', 'se', 'liye', 'bhi', 'kaha', 'kahan', 'mujhe', 'mera', 'meri', 'kitna', 'kitni', 'kab', 'kaun', 'hota', 'hoti', 'hoga'],
  ...['1st', '2nd', '3rd', '4th', '5th', 'first', 'second', 'third', 'fourth', 'fifth', 'final', 'year', 'years', 'student', 'students'],
  ...HINDI_STOP_WORDS,
]);

/**
 * A record as it is indexed: its title, its titles in the other languages (the English name a Hindi page shows in
 * Devanagari), and the rest of its words (title words once only, so the index stays small).
 */
interface IndexedRecord {
  id: number;
  title: string;
  other: string;
  body: string;
}

const INDEX_OPTIONS: Options<IndexedRecord> = {
  fields: ['title', 'other', 'body'],
  storeFields: [],
  tokenize,
  processTerm: (term) => term,
};

/** How much each field counts, and how far a query word may be from a word of the site. */
const QUERY_OPTIONS: SearchOptions = {
  // A title in another language names the thing as well as the page's own title does.
  boost: { title: 3, other: 3, body: 1 },
  // The word being typed is a beginning; the others too once they are long enough to mean something ("internship" finds
  // "internships"). A letter alone is never a beginning: "c" would be every word with a c.
  prefix: (term, i, terms) => term.length >= (i === terms.length - 1 ? 2 : 4),
  // A typo in a word of five letters or more (pyton, corprate, psycology); two in words of eight or more (devlopmnt).
  // Counted in code points, a Devanagari word's vowel signs and virama among them: a wrong vowel sign (कानुन) is one
  // typo, and a Devanagari word has about as many code points as its Hinglish spelling has letters (कानून, kanoon).
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
    normaliseText(query)
      // b.pharm, b.tech, m.b.b.s: the dots of a degree are not word breaks.
      .replace(/(?<=\b\p{L})\.(?=\p{L})/gu, '')
      .replace(/[^\p{L}\p{M}\p{N}+&/ ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Writes a query's short forms and student phrases ("ml", "b pharm", "phone number", "kanoon", "कानून") as the site
 * writes them, longest first: once with each table (the page's language's, then the others'), each a spelling of its own.
 */
export function synonymExpander(...tables: Record<string, string | undefined>[]): (query: string) => string[] {
  const rulesOf = (synonyms: Record<string, string | undefined>) =>
    Object.keys(synonyms)
      .map((key) => ({ key: normaliseQuery(key), to: ` ${normaliseText(synonyms[key] ?? key)} ` }))
      .filter(({ key }) => key !== '')
      .sort((a, b) => b.key.length - a.key.length)
      .map(({ key, to }) => ({ pattern: new RegExp(`(?<= )${escapeRegExp(key)}(?= )`, 'g'), to }));
  const tableRules = tables.map(rulesOf);
  return (query) => {
    const normal = normaliseQuery(query);
    const spellings = tableRules.map((rules) => {
      let expanded = ` ${normal} `;
      for (const { pattern, to } of rules) {
        pattern.lastIndex = 0;
        // A function, not the text itself: a synonym holding $& or $' is written as it is, not read as a pattern.
        if (pattern.test(expanded)) expanded = expanded.replace(pattern, () => to).replace(/\s+/g, ' ');
      }
      return expanded.trim();
    });
    return [...new Set([normal, ...spellings])].filter((q) => q.length >= 2);
  };
}

/**
 * Everything search loads on first use: the records as results show them, the words of each, their titles in the
 * other languages, the synonyms (the page's language's, and the others') and the answers.
 */
export function searchData(
  records: readonly SearchRecord[],
  synonyms: Record<string, string | undefined>,
  answers: readonly SearchAnswerText[] = [],
  otherSynonyms: readonly Record<string, string | undefined>[] = [],
): SearchData {
  return {
    records: records.map(({ kind, title, context, url, rank, primary }, id) => ({ id, kind, title, context, url, rank, primary })),
    // The Hindi particles are left out: no query searches for them (a query leaves them out), and they are a tenth of a
    // Hindi page's words. The English ones stay, for the English scores were tuned with them in the index.
    words: records.map((record) => {
      const inTitle = new Set(tokenize(record.title));
      return [...new Set(tokenize(`${record.text} ${record.otherText ?? ''}`))].filter((w) => !inTitle.has(w) && !HINDI_STOP_WORDS.has(w)).join(' ');
    }),
    // A title that says nothing the record's own does not (Python, or a page not translated yet) is left out.
    otherTitles: records.map((record) => {
      const own = tokenize(record.title).join(' ');
      const seen = new Set([own]);
      return (record.otherTitles ?? []).filter((title) => {
        const words = tokenize(title).join(' ');
        if (seen.has(words)) return false;
        seen.add(words);
        return true;
      });
    }),
    synonyms,
    otherSynonyms: [...otherSynonyms],
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
 * and with its short forms written out by each language's synonyms) is searched for records holding all
 * its words, then, if few do, any of them; each record keeps its best score,
 * raised when one of its titles (its own, or its name in another language) is the query (its words, a typo of
 * them, the plural), starts with it or holds its words. Hits far weaker than the best are left off.
 * Words asking for what the site does not have (free, sarkari) are answered
 * in a sentence and left out of the search.
 */
export function createSearcher({ records, words: bodies, otherTitles = [], synonyms, otherSynonyms = [], answers = [] }: SearchData): Searcher {
  // Each record's titles as words: its own first (the one shown and marked), then its names in the other languages.
  const titleWords = records.map((r, id) => [r.title, ...(otherTitles[id] ?? [])].map(tokenize));
  const mini = new MiniSearch<IndexedRecord>(INDEX_OPTIONS);
  mini.addAll(
    records.map((record, id) => {
      // The other titles' words that the own title does not hold: a word both hold (Python) counts once, as on a page of one language.
      const [own = [], ...others] = titleWords[id]!;
      const other = [...new Set(others.flat())].filter((w) => !own.includes(w)).join(' ');
      return { id, title: record.title, other, body: bodies[id] ?? '' };
    }),
  );
  const expand = synonymExpander(synonyms, ...otherSynonyms);
  const titles = titleWords.map((variants) => variants.map((words) => words.join(' ')));
  const vocabulary = new Set([...titleWords.flat(2), ...bodies.flatMap((b) => b.split(' '))]);
  // Rare title words say more than common ones: "criminal" in "criminal law internship" outweighs "internship".
  const titleFrequency = new Map<string, number>();
  for (const variants of titleWords) for (const w of new Set(variants.flat())) titleFrequency.set(w, (titleFrequency.get(w) ?? 0) + 1);
  const weight = (word: string) => Math.log(1 + records.length / (1 + (titleFrequency.get(word) ?? 0)));
  // Each word as whole words of a padded query (global: every time it is said is left out).
  const asked = answers.map((a) => ({
    text: a.text,
    patterns: a.words.map(normaliseQuery).map((w) => new RegExp(`(?<= )${escapeRegExp(w)}(?= )`, 'g')),
  }));
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

  /**
   * How much closer to the top a title brings a record for these words: the title is the query, starts with it, or
   * holds its words. `namers` says which of the words name a title word (worked out once per word of the titles).
   */
  const titleBonus = (
    record: SearchResultRecord,
    inTitleWords: string[],
    title: string,
    words: string[],
    phrase: string,
    total: number,
    namers: (t: string) => string[],
  ) => {
    const inTitleNamed = words.filter((w) => inTitleWords.some((t) => namers(t).includes(w)));
    if (inTitleNamed.length === 0 && !title.startsWith(phrase)) return 0;
    const inTitle = inTitleNamed.reduce((sum, w) => sum + weight(w), 0) / total;
    // The title is the query: every word of each names the other ("internships" for internshp).
    const whole = record.primary && inTitleNamed.length === words.length && inTitleWords.length > 0 && inTitleWords.every((t) => namers(t).length > 0);
    return Math.max(whole ? EXACT_TITLE : 0, title.startsWith(phrase) ? TITLE_PREFIX : 0, TITLE_WORDS * inTitle);
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
      // The words of this spelling that name a title word, per title word: the same few title words come up for many results.
      const namedBy = new Map<string, string[]>();
      const namers = (titleWord: string) => {
        const known = namedBy.get(titleWord);
        if (known) return known;
        const found = words.filter((w) => names(titleWord, w));
        namedBy.set(titleWord, found);
        return found;
      };
      const seen = new Set<number>();
      for (const [result, factor] of [...all.map((r) => [r, 1] as const), ...some.map((r) => [r, 0.5] as const)]) {
        const id = result.id as number;
        const record = records[id];
        if (!record || seen.has(id)) continue;
        seen.add(id);
        const variants = titleWords[id]!;
        let bonus = 0;
        for (let v = 0; v < variants.length; v++) bonus = Math.max(bonus, titleBonus(record, variants[v]!, titles[id]![v]!, words, phrase, total, namers));
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

/** A Devanagari vowel sign or other combining mark, or a joiner: it belongs to the letter before it. */
const JOINED = /[\p{M}\u200C\u200D]/u;
const VIRAMA = '\u094D';

/**
 * The ranges of a title's words that a query word starts (or that start it, or is a typo of), for <mark>. A title word
 * of one or two letters is marked only when typed: "in" begins "internship" but is not what was asked for. Words are
 * compared as search compares them (NFC, nukta left out), and a mark never ends inside a Devanagari letter (its vowel
 * sign, or a conjunct after a virama): a <mark> there would draw the letter broken.
 */
function highlight(title: string, words: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of title.matchAll(/[\p{L}\p{M}\p{N}\u200C\u200D]+/gu)) {
    const original = match[0];
    const word = normaliseText(original);
    const query = words.find(
      (w) =>
        word.startsWith(w) || (w.length >= 4 && word.length >= 3 && w.startsWith(word)) || (w.length >= 5 && editDistance(w, word.slice(0, w.length + 1)) <= 1),
    );
    if (!query) continue;
    let end = original.length;
    if (word.startsWith(query) && query.length < word.length) {
      // The shortest beginning of the title's word that reads as the query, then to the end of its last letter.
      end = 1;
      while (end < original.length && normaliseText(original.slice(0, end)).length < query.length) end++;
      while (end < original.length && (JOINED.test(original[end]!) || original[end - 1] === VIRAMA)) end++;
    }
    ranges.push([match.index, match.index + end - 1]);
  }
  return ranges;
}
