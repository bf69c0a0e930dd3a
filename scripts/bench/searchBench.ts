import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SearchRecord } from '../../engine/search/searchTypes.ts';
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

interface Expectation {
  query: string;
  title?: string;
  url?: string;
  kind?: string;
}

interface Hit {
  record: { title: string; url: string; kind: string };
}

/** The parts of a project's search that a bench needs: its records, and its engine as the worker runs it. */
interface SearchSide {
  records: SearchRecord[];
  /** What the browser loads on first use of search, for these records (the words, synonyms and answers of that tree). */
  data(records: readonly SearchRecord[]): unknown;
  createSearcher(data: never): (query: string, limit?: number) => Hit[];
}

/**
 * The search of the project at `root`: this tree, or (BENCH_BASELINE_ROOT) a checkout of another commit, whose own
 * content and engine are loaded from its own files, so the same queries can be timed and scored on both.
 */
export async function searchSide(root: string): Promise<SearchSide> {
  const from = (file: string) => import(path.join(root, file));
  const { validateContent } = await from('engine/content/validateContent.ts');
  const { buildSiteContent } = await from('engine/content/buildSiteContent.ts');
  const engine = await from('engine/search/searchEngine.ts');
  const model = validateContent(root).model;
  if (!model) throw new Error(`bench: the content in ${root} is invalid`);
  const content = buildSiteContent(model) as { search: SearchRecord[]; searchAnswers?: unknown[] };
  return {
    records: content.search,
    // An engine that has no answers takes two arguments and ignores the third.
    data: (records) => engine.searchData(records, model.site.search.synonyms, content.searchAnswers ?? []),
    createSearcher: engine.createSearcher,
  };
}

export function readQueries(root: string): Expectation[] {
  return (JSON.parse(fs.readFileSync(path.join(root, 'tests', 'fixtures', 'searchQueries.json'), 'utf8')) as { queries: Expectation[] }).queries;
}

/** The site's records, copied `times` times under new ids and addresses (as a site with that many more pages would have). */
function scaled(records: SearchRecord[], times: number): SearchRecord[] {
  const out: SearchRecord[] = [];
  for (let copy = 0; copy < times; copy++) {
    for (const record of records) out.push(copy === 0 ? record : { ...record, id: `${record.id}~${copy}`, url: `${record.url}~${copy}` });
  }
  return out;
}

const fits = (record: Hit['record'], { title, url, kind }: Expectation) =>
  (!title || record.title === title) && (!url || record.url === url) && (!kind || record.kind === kind);

/** Top-1 and top-3 over the fixture's queries, on the site's own records, as the relevance test scores them. */
export function benchRelevance(side: SearchSide, queries: Expectation[]): RelevanceResult {
  const search = side.createSearcher(JSON.parse(JSON.stringify(side.data(side.records))) as never);
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

/** Query times of site search over the site's records and sets `factors` times larger, with the relevance queries of the tests. */
export function benchSearch(side: SearchSide, queries: Expectation[], factors: number[], repeats: number): SearchResult[] {
  const texts = queries.map((q) => q.query);
  return factors.map((factor) => {
    const set = scaled(side.records, factor);
    const json = JSON.stringify(side.data(set));
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
      records: set.length,
      indexMs,
      dataKilobytes: json.length / 1024,
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
