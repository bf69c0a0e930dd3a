/** What the editor's server and its pages say to each other (types only: both sides import them). */
import type { Problem } from '../../engine/content/problems.ts';
import type { ResolvedPage, SiteModel } from '../../engine/types.ts';
import type { HistoryLine, ReleaseChanges } from '../../releases/index.ts';

export type { Problem };

/** One document of a thing that has several (a course: its details, its page, its enrolment page). */
export interface DocumentPart {
  rel: string;
  /** What this part is: Course details, Page, Enrolment page. */
  label: string;
  /** The page's address, or what the document holds. */
  detail: string;
}

/** One thing as the list shows it: what a person calls it, not where it lives. */
export interface DocumentEntry {
  /** The document opened first. */
  rel: string;
  label: string;
  /** A second line: the page's address, or what the document holds. */
  detail: string;
  /** Documents edited together as this one thing, the first being `rel`. */
  parts?: DocumentPart[];
}

export interface DocumentGroup {
  /** A menu's id in the site settings (internships, courses, …), or pages, site, lists. */
  id: string;
  label: string;
  documents: DocumentEntry[];
}

/** One thing Find found, and where: its name, or a text inside it (a few words around what was found). */
export interface FoundDocument extends DocumentEntry {
  group: string;
  /** Words around the first place a text inside the documents matched, when the name did not. */
  excerpt?: string;
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
  /** Choices named by a schema's x-options: the site settings' menus and footer columns, by id with their names. */
  options?: Record<string, ReferenceChoice[]>;
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

/** A problem that stops a publish, with the name of the document it is in as the list shows it. */
export interface PublishProblem extends Problem {
  document: string;
}

export interface PublishStage {
  stage: 'validate' | 'client' | 'server' | 'prerender' | 'compress' | 'switch';
  label: string;
  status: 'waiting' | 'running' | 'done';
}

export type { ReleaseChanges };

/** Where a publish is: not started, refused (with what to fix), under way, finished (with what changed) or failed. */
export type PublishStatus =
  | { state: 'idle' }
  | { state: 'refused'; problems: PublishProblem[]; at: string }
  | { state: 'running'; stages: PublishStage[]; startedAt: string }
  | {
      state: 'done';
      stages: PublishStage[];
      startedAt: string;
      finishedAt: string;
      release: string;
      previous: string | null;
      /** The site's address, for links to each changed page. */
      siteUrl: string;
      changes: ReleaseChanges;
    }
  | { state: 'failed'; stages: PublishStage[]; startedAt: string; finishedAt: string; message: string };

export interface PublishHistory {
  siteUrl: string;
  /** Newest first. */
  releases: { id: string; createdAt: string; by: 'build' | 'editor'; current: boolean; changes: ReleaseChanges }[];
  /** Every switch, newest first. */
  switches: HistoryLine[];
  /** An earlier release is kept: the last publish can be undone. */
  canUndo: boolean;
}
