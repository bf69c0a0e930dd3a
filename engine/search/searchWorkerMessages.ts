import type { SearchHit } from './searchEngine.ts';

/** A query for the search worker; its answer carries the same id, so a late answer to an old query is recognised. */
export interface SearchQuestion {
  id: number;
  query: string;
  limit: number;
}

/** The worker's answer; id 0 says the index is loaded. */
export interface SearchAnswer extends SearchReply {
  id: number;
}

/** What a query finds, and what the site says about something it asked for and does not have (free courses). */
export interface SearchReply {
  hits: SearchHit[];
  note?: string | undefined;
}
