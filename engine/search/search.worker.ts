/// <reference lib="webworker" />
import type { Language } from '../shared/language.ts';
import { searchDataOf } from './searchData.ts';
import { createSearcher } from './searchEngine.ts';
import type { SearchAnswer, SearchQuestion } from './searchWorkerMessages.ts';

/**
 * Site search in a worker of its own: the index is loaded and each query
 * answered off the page's thread, so typing never waits for it on a slow phone.
 */
// The page's language is the worker's name: its records and index are the only ones it fetches.
const { default: data } = await searchDataOf(self.name as Language);
const search = createSearcher(data);
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<SearchQuestion>) => {
  const { id, query, limit } = event.data;
  const answer: SearchAnswer = { id, hits: search(query, limit), note: search.answer(query) };
  scope.postMessage(answer);
};
scope.postMessage({ id: 0, hits: [] } satisfies SearchAnswer);
