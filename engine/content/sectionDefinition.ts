import type { UiText } from '../generated/content.ts';
import type { SearchRecord } from '../search/searchTypes.ts';
import type {
  Applyable,
  CollectionName,
  DerivedContent,
  InternshipRoleSummary,
  Landmark,
  PageKind,
  PageVariant,
  PreloadedData,
  ProfessionalCourse,
  ResolvedPage,
  SectionMap,
  SectionType,
  SiteModel,
  SkipLink,
  WordGroup,
} from '../types.ts';
import type { ContentModel } from './contentModel.ts';
import type { RuleContext } from './ruleContext.ts';
import type { JsonLd } from './seo/jsonLd.ts';

/** Facts gathered across all pages when the site is built: which page shows what. Nobody keeps these lists by hand. */
export interface ContentIndex {
  /** The courses with a page under /courses/, in menu order. */
  professionalCourses: ProfessionalCourse[];
  /** jobOpenings id → the opening's own page. */
  openingPaths: Record<string, string>;
  /** Every role of every internship stream page. */
  internshipRoles: InternshipRoleSummary[];
  /** The page that compares internship roles side by side, if any. */
  comparePath?: string;
  /** The internship finder: its page and its section's anchor, if any. */
  finder?: { path: string; anchor?: string };
  /**
   * Everything a student can apply for, each once (kind and id), in menu order: every role of every stream, every
   * course page, every job role and every opening, with its form's questions and whether its Apply is on the site. The
   * build writes it into the release for the server (engine/shared/applyables.ts).
   */
  applyables: Applyable[];
}

/** What a definition may read about the rest of the site while the build runs. */
export interface BuildContext {
  model: ContentModel;
  /** The resolved page at this path or alias (without regard to case), if there is one. */
  pageAt(path: string): ResolvedPage | undefined;
}

export type { RuleContext };

/**
 * Everything the build knows about one section type, beside its component and
 * schema in engine/sections/<Type>/definition.ts. Every part is optional; the
 * build loops over the definitions and never names a type itself.
 */
export interface SectionDefinition<K extends SectionType> {
  /** Collections of data/ the section reads whole, beyond the ids it names. */
  needs?: (section: SectionMap[K]) => CollectionName[];
  /** Checks a schema cannot say (an id that must be one of a list, rows as long as the columns). */
  rules?: (section: SectionMap[K], check: RuleContext) => void;
  /** Changes made once, when its page is resolved (overrides merged into the page's copy of the data): everything after sees them. */
  resolve?: (section: SectionMap[K], page: ResolvedPage) => void;
  /** Facts this section adds to the site-wide index, from its resolved page. */
  index?: (section: SectionMap[K], page: ResolvedPage, index: ContentIndex, context: BuildContext) => void;
  /** What the section needs from other pages, taken from the index. */
  derive?: (section: SectionMap[K], page: ResolvedPage, index: ContentIndex, context: BuildContext) => DerivedContent;
  /** The choices a link may make on its page (?role=…), each prerendered with its own title, so a shared link opens with it made. */
  variants?: (section: SectionMap[K], page: ResolvedPage, context: BuildContext) => PageVariant[];
  /** Site search records for what the section shows. */
  searchRecords?: (section: SectionMap[K], page: ResolvedPage, context: BuildContext) => SearchRecord[];
  /** When true, the section's search records stand for its page, which gets no record of its own. */
  searchCoversPage?: boolean;
  /** When true, its page is found by site search even when search engines are asked not to list it (log-in, sign-up). */
  searchableWhenUnlisted?: boolean;
  /** schema.org objects for what the section shows, from its resolved page, or from one of its variants (?role=…) when `shown` names it. */
  structuredData?: (section: SectionMap[K], page: ResolvedPage, site: SiteModel, shown?: PageVariant) => JsonLd[];
  /** A skip link its page adds beside Skip to content, to a part of the section reached often from the keyboard (the finder's filters). */
  skipLink?: (section: SectionMap[K], ui: UiText) => SkipLink | undefined;
  /** Draws a heading from its data rather than from a title property (so it can carry the page's h1). */
  titlesPage?: boolean;
  /** What a page holding this section is about (its share image). */
  pageKind?: Exclude<PageKind, 'home' | 'page'>;
  /** The job a page holding this section does for the rest of the site. */
  landmark?: Landmark;
  /** Data the server loads to render this section's page per request (a page with subpaths). */
  preloads?: (keyof PreloadedData)[];
  /**
   * The section changes after first paint (a form, a choice kept in the address, a slideshow): its component is
   * hydrated in the browser as an island of its own. A section without it is never hydrated and ships no code: its
   * prerendered HTML is the page (tests/unit/staticSections.test.ts holds that it renders nothing that needs script).
   */
  interactive?: boolean;
  /** For an interactive section: the groups of UI words (data/site.json's ui) it reads, which its page then carries. */
  words?: WordGroup[];
  /**
   * Parts of a section that change after first paint while the rest does not (the finder's filters, not its list of
   * roles): each is an island of its own, the component engine/sections/<Type>/<Name>.tsx (its default export), placed
   * with <Island>, with the word groups it reads.
   */
  islands?: Record<string, { words: WordGroup[] }>;
}

export type SectionDefinitions = { readonly [K in SectionType]?: SectionDefinition<K> };

/** Declares the build-time facts of a section type; the type name gives the section its generated props type. */
export function defineSection<K extends SectionType>(_type: K, definition: SectionDefinition<K>): SectionDefinition<K> {
  return definition;
}
