/** What the editor's server and its pages say to each other (types only: both sides import them). */
import type { Problem } from '../../engine/content/problems.ts';
import type { ResolvedPage, SiteModel } from '../../engine/types.ts';

export type { Problem };

/** One document as the list shows it: what it is, not where it lives. */
export interface DocumentEntry {
  rel: string;
  label: string;
  /** A second line: the page's address, or what the file holds. */
  detail: string;
}

export interface DocumentGroup {
  id: 'internship' | 'jobs' | 'courses' | 'site' | 'lists' | 'pages';
  label: string;
  documents: DocumentEntry[];
}

/** One item a reference may name, as the picker shows it. */
export interface ReferenceChoice {
  id: string;
  label: string;
  detail?: string;
}

/** What the pickers offer: the items of every data collection, the pages, the setting: links and the pictures. */
export interface ProjectFacts {
  collections: Record<string, ReferenceChoice[]>;
  pages: { path: string; label: string }[];
  settings: string[];
  images: string[];
}

/** Drafts live outside pages/ and data/ (the build never sees them), one per document. */
export interface Draft {
  rel: string;
  /** The hash of the file the draft was started from (null: a new file), so a later change on disk is a conflict. */
  openedHash: string | null;
  original: string;
  value: unknown;
  savedAt: string;
}

export interface Preview {
  site: SiteModel;
  page: ResolvedPage;
}

/** What the editor shows beside a document as the person types, and what decides whether it may be saved. */
export interface CheckResult {
  /** The text that saving would write. */
  text: string;
  /** Problems in this document, in the words of `npm run validate`. */
  problems: Problem[];
  /** Texts of this document still holding the template's ✎ (a warning here; saving as ready refuses them). */
  warnings: Problem[];
  /** Problems this change would cause in other files (an id renamed that a page refers to). */
  elsewhere: Problem[];
  /** The page rendered by the engine, or why there is none. */
  preview: Preview | { unavailable: string };
}

export type SaveOutcome =
  | { status: 'saved'; text: string; hash: string }
  /** The file changed on disk since it was opened: shown to the person, never overwritten. */
  | { status: 'conflict'; diskText: string | null; message: string }
  /** Not written: the document has problems, or texts still holding the template's ✎. */
  | { status: 'refused'; problems: Problem[]; warnings: Problem[]; elsewhere: Problem[]; message: string };

export interface OpenedDocument {
  rel: string;
  schemaRel: string;
  /** The text the document was read from (for a new page, the scaffold's text). */
  text: string;
  /** The hash of the file on disk when it was opened; null for a page not written yet. */
  hash: string | null;
  draft?: Draft;
}
