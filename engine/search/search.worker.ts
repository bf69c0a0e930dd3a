/// <reference lib="webworker" />
import data from 'virtual:search-data';
import { createSearcher } from './searchEngine.ts';
import type { SearchAnswer, SearchQuestion } from './searchWorkerMessages.ts';

/**
 * Site search in a worker of its own: the index is loaded and each query
 * answered off the page's thread, so typing never waits for it on a slow phone.
 */
const search = createSearcher(data);
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<SearchQuestion>) => {
  const { id, query, limit } = event.data;
  const answer: SearchAnswer = { id, hits: search(query, limit), note: search.answer(query) };
  scope.postMessage(answer);
};
scope.postMessage({ id: 0, hits: [] } satisfies SearchAnswer);
