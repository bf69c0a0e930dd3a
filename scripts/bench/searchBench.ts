import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SearchRecord } from '../../engine/search/searchTypes.ts';
import { type Language, languagePath } from '../../engine/shared/language.ts';
import { currentReleaseId, readReleaseInfo, servedDir } from '../../releases/index.ts';
import { percentile } from '../../tooling/benchStats.ts';

export interface SearchResult {
  label: string;
  records: number;
  /** Indexing the words as the worker does when it starts. */
  indexMs: number;
  /** The records, index and synonyms as the browser loads them (JSON), raw and gzip. */
  dataKilobytes: number;
  dataGzipKilobytes: number;
  p50Ms: number;
  p95Ms: number;
}

/** How many of the fixture's queries find what they look for first, and among the first three. */
export interface RelevanceResult {
  queries: number;
  top1: number;
  top3: number;
  /** Results listed per query (what a visitor scrolls through), median and 95th percentile. */
  listedP50: number;
  listedP95: number;
}

/** A query of tests/fixtures/searchQueries.json and what it looks for; `languages` are the pages it is typed on (English if unsaid). */
export interface Expectation {
  query: string;
  title?: string;
  /** The English address: on another language's pages, that language's address of it (/hi/internship/law). */
  url?: string;
  kind?: string;
  languages?: Language[];
}

interface Hit {
  record: { title: string; url: string; kind: string };
}

/** What the browser loads on first use of search, as far as a bench needs it: the records, and per record lists beside them. */
interface ShippedData {
  records: { id: number; url: string }[];
  [list: string]: unknown;
}

/** The parts of a project's search that a bench needs: what each language's pages load, and its engine as the worker runs it. */
export interface SearchSide {
  languages: Language[];
  /** The search data of a language's pages, as the build ships it. */
  data(language: Language): ShippedData;
  createSearcher(data: never): (query: string, limit?: number) => Hit[];
}

/**
 * The search of the project at `root`: this tree, or (BENCH_BASELINE_ROOT) a checkout of another commit, whose own
 * content and engine are loaded from its own files, so the same queries can be timed and scored on both. Each
 * language's data is made as the build makes it (the content plugin's snapshot); a commit from before Hindi has English only.
 */
export async function searchSide(root: string): Promise<SearchSide> {
  const from = (file: string) => import(path.join(root, file));
  const { validateContent } = await from('engine/content/validateContent.ts');
  const engine = await from('engine/search/searchEngine.ts');
  const model = validateContent(root).model;
  if (!model) throw new Error(`bench: the content in ${root} is invalid`);
  const plugin = await from('engine/vite/contentPlugin.ts');
  if (typeof plugin.snapshotFrom === 'function') {
    const search = (plugin.snapshotFrom(model) as { search: Record<Language, ShippedData> }).search;
    return { languages: Object.keys(search) as Language[], data: (language) => search[language], createSearcher: engine.createSearcher };
  }
  const { buildSiteContent } = await from('engine/content/buildSiteContent.ts');
  const content = buildSiteContent(model) as { search: SearchRecord[]; searchAnswers?: unknown[] };
  // An engine that has no answers takes two arguments and ignores the third.
  const english = engine.searchData(content.search, model.site.search.synonyms, content.searchAnswers ?? []) as ShippedData;
  return { languages: ['en'], data: () => english, createSearcher: engine.createSearcher };
}

export function readQueries(root: string): Expectation[] {
  return (JSON.parse(fs.readFileSync(path.join(root, 'tests', 'fixtures', 'searchQueries.json'), 'utf8')) as { queries: Expectation[] }).queries;
}

/** The queries typed on a language's pages, each with the address it looks for there; `added` only those that name their languages. */
export function queriesOf(queries: Expectation[], language: Language, which: 'all' | 'named' | 'unnamed' = 'all'): Expectation[] {
  return queries
    .filter((q) => (q.languages ?? ['en']).includes(language))
    .filter((q) => which === 'all' || (which === 'named') === Boolean(q.languages))
    .map((q) => (q.url ? { ...q, url: languagePath(language, q.url) } : q));
}

/**
 * A language's data, copied `times` times under new ids and addresses (as a site with that many more pages would
 * have): the records, and every list that holds one entry per record (their words, their other titles).
 */
function scaled(data: ShippedData, times: number): ShippedData {
  const n = data.records.length;
  const out: ShippedData = { ...data };
  for (const [key, value] of Object.entries(data)) {
    if (!Array.isArray(value) || value.length !== n) continue;
    out[key] = Array.from({ length: n * times }, (_, i) => value[i % n]);
  }
  out.records = Array.from({ length: n * times }, (_, i) => {
    const record = data.records[i % n]!;
    const copy = Math.floor(i / n);
    return copy === 0 ? record : { ...record, id: i, url: `${record.url}~${copy}` };
  });
  return out;
}

const fits = (record: Hit['record'], { title, url, kind }: Expectation) =>
  (!title || record.title === title) && (!url || record.url === url) && (!kind || record.kind === kind);

/** Top-1 and top-3 over some of the fixture's queries, on a language's own data, as the relevance test scores them. */
export function benchRelevance(side: SearchSide, language: Language, queries: Expectation[]): RelevanceResult {
  const search = side.createSearcher(JSON.parse(JSON.stringify(side.data(language))) as never);
  let top1 = 0;
  let top3 = 0;
  const listed: number[] = [];
  for (const q of queries) {
    const hits = search(q.query, 40);
    listed.push(Math.min(hits.length, 24));
    if (hits[0] && fits(hits[0].record, q)) top1++;
    if (hits.slice(0, 3).some((h) => fits(h.record, q))) top3++;
  }
  return { queries: queries.length, top1, top3, listedP50: percentile(listed, 50), listedP95: percentile(listed, 95) };
}

/** Query times of site search over a language's records and sets `factors` times larger, with the relevance queries typed on its pages. */
export function benchSearch(side: SearchSide, language: Language, queries: Expectation[], factors: number[], repeats: number): SearchResult[] {
  const texts = queriesOf(queries, language).map((q) => q.query);
  return factors.map((factor) => {
    const set = scaled(side.data(language), factor);
    const json = JSON.stringify(set);
    // As the worker starts: the data parsed from JSON, then indexed.
    const data = JSON.parse(json);
    const started = performance.now();
    const search = side.createSearcher(data as never);
    const indexMs = performance.now() - started;
    for (const query of texts) search(query); // warm the engine
    // Each query several times, its median kept: a machine shared with other work pauses now and then, and one pause is
    // not the query's cost. p50 and p95 are then taken over the queries.
    const durations = texts.map((query) => {
      const times: number[] = [];
      for (let round = 0; round < repeats; round++) {
        const t = performance.now();
        search(query);
        times.push(performance.now() - t);
      }
      return percentile(times, 50);
    });
    return {
      label: factor === 1 ? 'site records' : `records × ${factor}`,
      records: set.records.length,
      indexMs,
      // Bytes, as sent: a Devanagari letter is three of them in UTF-8.
      dataKilobytes: Buffer.byteLength(json) / 1024,
      dataGzipKilobytes: zlib.gzipSync(json, { level: 9 }).length / 1024,
      p50Ms: percentile(durations, 50),
      p95Ms: percentile(durations, 95),
    };
  });
}

/** The search worker as built (engine and the site's words in one file), if the site has been built: what first use loads. */
export function workerFileKilobytes(root: string): { file: string; raw: number; gzip: number; brotli: number } | undefined {
  // The release being served also holds the files of the releases before it (for pages still open): its own are listed in release.json.
  const dist = path.join(root, 'dist');
  const id = currentReleaseId(dist);
  const own = id === undefined ? undefined : readReleaseInfo(dist, id)?.assets;
  const file = own?.find((name) => /^assets\/search\.worker-.*\.js$/.test(name));
  if (!file) return undefined;
  const code = fs.readFileSync(path.join(servedDir(dist), 'client', file));
  return {
    file: `dist/client/${file}`,
    raw: code.length / 1024,
    gzip: zlib.gzipSync(code, { level: 9 }).length / 1024,
    brotli: zlib.brotliCompressSync(code).length / 1024,
  };
}
