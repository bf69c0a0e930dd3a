import { createSearcher, type SearchHit } from './searchEngine.ts';
import { SEARCH_KINDS, type SearchKind } from './searchTypes.ts';

type Searcher = (query: string, limit?: number) => SearchHit[];
let searcher: Promise<Searcher> | undefined;

/** Fuse and the prebuilt index arrive on first use only: nothing of search is in a page's first load. */
export function loadSearcher(): Promise<Searcher> {
  searcher ??= Promise.all([import('fuse.js'), import('virtual:search-data')]).then(([fuse, data]) =>
    createSearcher(fuse.default, data.default.records, data.default.index, data.default.synonyms),
  );
  searcher.catch(() => {
    searcher = undefined;
  });
  return searcher;
}

export interface HitGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

/** Results grouped by kind; groups ordered by their best hit, so the best result stays first. */
export function groupHits(hits: SearchHit[]): HitGroup[] {
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const hit of hits) {
    const list = groups.get(hit.record.kind) ?? [];
    list.push(hit);
    groups.set(hit.record.kind, list);
  }
  return [...groups]
    .map(([kind, list]) => ({ kind, hits: list }))
    .sort((a, b) => hits.indexOf(a.hits[0]!) - hits.indexOf(b.hits[0]!) || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind));
}
