import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildSiteContent } from '../../engine/content/buildSiteContent.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { createSearcher, searchData } from '../../engine/search/searchEngine.ts';
import type { SearchRecord } from '../../engine/search/searchTypes.ts';
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

/** The site's records, copied `times` times under new ids and addresses (as a site with that many more pages would have). */
function scaled(records: SearchRecord[], times: number): SearchRecord[] {
  const out: SearchRecord[] = [];
  for (let copy = 0; copy < times; copy++) {
    for (const record of records) out.push(copy === 0 ? record : { ...record, id: `${record.id}~${copy}`, url: `${record.url}~${copy}` });
  }
  return out;
}

/** Query times of site search over the site's records and sets `factors` times larger, with the relevance queries of the tests. */
export function benchSearch(root: string, factors: number[], repeats: number): SearchResult[] {
  const model = validateContent(root).model!;
  const records = buildSiteContent(model).search;
  const queries = (
    JSON.parse(fs.readFileSync(path.join(root, 'tests', 'fixtures', 'searchQueries.json'), 'utf8')) as { queries: { query: string }[] }
  ).queries.map((q) => q.query);
  return factors.map((factor) => {
    const set = scaled(records, factor);
    const json = JSON.stringify(searchData(set, model.site.search.synonyms));
    // As the worker starts: the data parsed from JSON, then indexed.
    const data = JSON.parse(json);
    const started = performance.now();
    const search = createSearcher(data);
    const indexMs = performance.now() - started;
    for (const query of queries) search(query); // warm the engine
    // Each query several times, its median kept: a machine shared with other work pauses now and then, and one pause is
    // not the query's cost. p50 and p95 are then taken over the queries.
    const durations = queries.map((query) => {
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
  const assets = path.join(root, 'dist', 'client', 'assets');
  if (!fs.existsSync(assets)) return undefined;
  const file = fs.readdirSync(assets).find((name) => /^search\.worker-.*\.js$/.test(name));
  if (!file) return undefined;
  const code = fs.readFileSync(path.join(assets, file));
  return {
    file: `dist/client/assets/${file}`,
    raw: code.length / 1024,
    gzip: zlib.gzipSync(code, { level: 9 }).length / 1024,
    brotli: zlib.brotliCompressSync(code).length / 1024,
  };
}
