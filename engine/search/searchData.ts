import type { Language } from '../shared/language.ts';
import type { SearchData } from './searchTypes.ts';

/** One language's search records and index, each its own chunk: a page fetches its language's only, on first search. */
const loaders: Record<Language, () => Promise<{ default: SearchData }>> = {
  en: () => import('virtual:search-data-en'),
  hi: () => import('virtual:search-data-hi'),
};

export function searchDataOf(language: Language): Promise<{ default: SearchData }> {
  return (loaders[language] ?? loaders.en)();
}
