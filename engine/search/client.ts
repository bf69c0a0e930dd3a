import type { Language } from '../shared/language.ts';
import { searchDataOf } from './searchData.ts';
import type { SearchHit } from './searchEngine.ts';
import { SEARCH_KINDS, type SearchKind } from './searchTypes.ts';
import type { SearchAnswer, SearchQuestion, SearchReply } from './searchWorkerMessages.ts';

export type Searcher = (query: string, limit?: number) => Promise<SearchReply>;
const searchers = new Map<Language, Promise<Searcher>>();

/** A searcher on this thread, for a browser that cannot start the worker (the engine and index then load here). */
async function searcherHere(language: Language): Promise<Searcher> {
  const [{ createSearcher }, data] = await Promise.all([import('./searchEngine.ts'), searchDataOf(language)]);
  const search = createSearcher(data.default);
  return async (query, limit) => ({ hits: search(query, limit), note: search.answer(query) });
}

/** The searcher in its worker, once the worker has loaded the index. */
function searcherInWorker(language: Language): Promise<Searcher> {
  // The worker's name is the page's language: it loads that language's records and index only.
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: language });
  const waiting = new Map<number, (reply: SearchReply) => void>();
  let next = 1;
  return new Promise((resolve, reject) => {
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'The search worker could not start.'));
      for (const answer of waiting.values()) answer({ hits: [] });
      waiting.clear();
    };
    worker.onmessage = (event: MessageEvent<SearchAnswer>) => {
      const { id, hits, note } = event.data;
      if (id === 0) {
        resolve((query, limit = 40) => {
          const question: SearchQuestion = { id: next++, query, limit };
          worker.postMessage(question);
          return new Promise((answer) => waiting.set(question.id, answer));
        });
        return;
      }
      waiting.get(id)?.({ hits, note });
      waiting.delete(id);
    };
  });
}

/**
 * The site's search, loaded on first use only: nothing of search is in a
 * page's first load. It runs in a worker, so typing never waits for it; where
 * a worker cannot start, on this thread.
 */
export function loadSearcher(language: Language): Promise<Searcher> {
  let searcher = searchers.get(language);
  if (!searcher) {
    searcher = (typeof Worker === 'function' ? searcherInWorker(language).catch(() => searcherHere(language)) : searcherHere(language)).catch(
      (error: unknown) => {
        searchers.delete(language);
        throw error;
      },
    );
    searchers.set(language, searcher);
  }
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
