export type SearchKind = 'course' | 'internshipStream' | 'internshipRole' | 'jobCategory' | 'jobRole' | 'opening' | 'service' | 'page';

/** The order result groups are shown in. */
export const SEARCH_KINDS: readonly SearchKind[] = ['internshipRole', 'internshipStream', 'course', 'jobRole', 'jobCategory', 'opening', 'service', 'page'];

/** What a record is, as a result shows it. */
interface SearchRecordBase {
  kind: SearchKind;
  title: string;
  /** A short line under the title: stream, stipend, weeks, price. */
  context: string;
  url: string;
  /** A small tie-break: lower comes first when two records match equally well (a course's own page before its catalogue entry). */
  rank: number;
  /** False for secondary listings (a catalogue entry of a course that has its own page): they never win on an exact title alone. */
  primary: boolean;
}

/** One thing a visitor can find, as a result shows it: built from pages/ and data/ when the site is built. Its id is its place in the list. */
export interface SearchResultRecord extends SearchRecordBase {
  id: number;
}

/** A record as the build makes it, with its words. Only the index of the words reaches the browser, not the words. */
export interface SearchRecord extends SearchRecordBase {
  /** Unique among the site's records (role:/internship/law:criminalLaw). */
  id: string;
  /** Everything worth matching, the title and context included, so words of a query may come from any part. */
  text: string;
  /**
   * The same thing's title in the site's other languages (a Hindi record's English title, an English record's Hindi
   * one), set when the languages' records are paired: a query in either language finds it, whichever page it is typed on.
   */
  otherTitles?: string[];
  /** Words the same thing's record says of it in another language, searched as its text is (a Hindi record's English line: stream, weeks, city). */
  otherText?: string;
}

/**
 * What the browser loads on first use of search (in its worker): the records to show, each record's words (the
 * worker indexes them as it starts: smaller to send than the index itself) and the synonyms.
 */
export interface SearchData {
  records: SearchResultRecord[];
  /** Per record, the words of its text that its title does not already hold, each once. */
  words: string[];
  /** Per record, its titles in the site's other languages that say something its own does not: matched as titles are, never shown. */
  otherTitles: string[][];
  /** The synonyms of the page's language, written as its pages write them. */
  synonyms: Record<string, string | undefined>;
  /** Synonyms read too (English's, on another language's pages): a word written as the English pages write it, the way its records' English titles do. */
  otherSynonyms: Record<string, string | undefined>[];
  /** Sentences for what the site does not have, and the words of a query that ask for it (left out of the search). */
  answers: SearchAnswerText[];
}

/** What search says above the results when a query asks for something the site does not have. */
export interface SearchAnswerText {
  words: string[];
  text: string;
}
