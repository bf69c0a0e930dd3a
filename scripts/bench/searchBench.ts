import fs from 'node:fs';
import path from 'node:path';
import Fuse from 'fuse.js';
import { buildSiteContent } from '../../engine/content/buildSiteContent.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { buildIndexJson, createSearcher } from '../../engine/search/searchEngine.ts';
import type { SearchRecord } from '../../engine/search/searchTypes.ts';
import { percentile } from '../../tooling/benchStats.ts';

export interface SearchResult {
  label: string;
  records: number;
  indexMs: number;
  /** Serialised index and records, gzip not counted. */
  dataKilobytes: number;
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

/** 95th-percentile query time of site search over the site's records and sets `factors` times larger, with the relevance queries of the tests. */
export function benchSearch(root: string, factors: number[], repeats: number): SearchResult[] {
  const model = validateContent(root).model!;
  const records = buildSiteContent(model).search;
  const queries = (
    JSON.parse(fs.readFileSync(path.join(root, 'tests', 'fixtures', 'searchQueries.json'), 'utf8')) as { queries: { query: string }[] }
  ).queries.map((q) => q.query);
  return factors.map((factor) => {
    const set = scaled(records, factor);
    const started = performance.now();
    const index = buildIndexJson(Fuse, set);
    const indexMs = performance.now() - started;
    const search = createSearcher(Fuse, set, index, model.site.search.synonyms);
    for (const query of queries.slice(0, 5)) search(query); // warm the engine
    // Fewer rounds on the big sets: their queries are slow enough to time well, and the bench stays in minutes.
    const rounds = Math.max(1, Math.round(repeats / Math.sqrt(factor)));
    const durations: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const query of queries) {
        const t = performance.now();
        search(query);
        durations.push(performance.now() - t);
      }
    }
    return {
      label: factor === 1 ? 'site records' : `records × ${factor}`,
      records: set.length,
      indexMs,
      dataKilobytes: (JSON.stringify(index).length + JSON.stringify(set).length) / 1024,
      p50Ms: percentile(durations, 50),
      p95Ms: percentile(durations, 95),
    };
  });
}
