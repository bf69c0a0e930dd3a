export type SearchKind = 'course' | 'internshipStream' | 'internshipRole' | 'jobCategory' | 'jobRole' | 'opening' | 'service' | 'page';

/** The order result groups are shown in. */
export const SEARCH_KINDS: readonly SearchKind[] = ['internshipRole', 'internshipStream', 'course', 'jobRole', 'jobCategory', 'opening', 'service', 'page'];

/** One thing a visitor can find: built from pages/ and data/ when the site is built. */
export interface SearchRecord {
  id: string;
  kind: SearchKind;
  title: string;
  /** A short line under the title: stream, stipend, weeks, price. */
  context: string;
  url: string;
  /** Everything worth matching, the title and context included, so words of a query may come from any part. */
  text: string;
  /** A small tie-break: lower comes first when two records match equally well (a course's own page before its catalogue entry). */
  rank: number;
  /** False for secondary listings (a catalogue entry of a course that has its own page): they never win on an exact title alone. */
  primary: boolean;
}

export interface SearchData {
  records: SearchRecord[];
  /** Fuse.createIndex(...).toJSON(), built with the site. */
  index: unknown;
  synonyms: Record<string, string | undefined>;
}
