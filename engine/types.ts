/**
 * The one door to the generated types: hand-written code imports content types
 * from here, never from generated/ directly.
 */
import type { ComponentType } from 'react';
import type { Collections, PageDocument, Section, SiteSettings, UiText, VerifiedCertificate, WhoCanApply } from './generated/content.ts';
import type { Language } from './shared/language.ts';

export type * from './generated/api.ts';
export type * from './generated/content.ts';
export type * from './generated/editorApi.ts';

export type SectionType = Section['type'];
/** Section type name → its props, e.g. SectionMap['hero'] is HeroSection. */
export type SectionMap = { [S in Section as S['type']]: S };
export type CollectionName = keyof Collections;

/**
 * One entry per section type, each loaded on demand so a page only downloads
 * the code of the sections it shows. The mapped type makes a section schema
 * without a component, or a component whose props drift from its schema, a
 * compile error.
 */
export type SectionModule<K extends SectionType> = { default: ComponentType<SectionMap[K]> };
export type SectionRegistry = { readonly [K in SectionType]: () => Promise<SectionModule<K>> };

/**
 * One island of the browser's registry (engine/generated/islandRegistry.ts): a part of a page that changes after first
 * paint, hydrated on its own; its component, loaded when a page shows it, and the groups of UI words it reads.
 */
export interface IslandEntry {
  words: readonly WordGroup[];
  // Each island's props are its own; the registry only loads the component (the page's data holds the props).
  load: () => Promise<{ default: ComponentType<never> }>;
}

/** The entities one page needs, joined at build time: collection → id → entity. */
export type EntityTables = { [C in CollectionName]?: Record<string, Collections[C]> };

export interface Breadcrumb {
  label: string;
  path: string;
}

/** One role of an internship stream, as the finder on /internship lists it. */
export interface InternshipRoleSummary {
  streamLabel: string;
  streamPath: string;
  roleId: string;
  title: string;
  image: string;
  durationWeeks: number;
  stipend: number;
  location: string;
  mode: string;
  /** Who can apply, in the stream page's words. */
  eligibility: string;
  /** Who can apply, as the finder filters by it. */
  whoCanApply: WhoCanApply;
  /** What the intern learns: only where a section shows it (the comparison), not in the finder's list. */
  skills?: string[];
  /** Where the role's Apply goes, as its stream page has it (its label, the role's id among things to apply for, the content's own address): only on the comparison. */
  apply?: { label: string; id: string; href?: string; newTab?: boolean };
}

/** A course with a page of its own, as the catalogue lists it. */
export interface ProfessionalCourse {
  path: string;
  course: { id: string; title: string; image: string; oldPrice: number; newPrice: number; durationWeeks: number };
}

/** Facts about other pages that a page needs, gathered at build time (only the parts its sections use). */
export interface DerivedContent {
  professionalCourses?: ProfessionalCourse[];
  openingPaths?: Record<string, string>;
  internshipRoles?: InternshipRoleSummary[];
  /** The page that puts internship roles side by side, when the site has one. */
  comparePath?: string;
  /** The internship finder (its page and section anchor), for the way back to it with the filters chosen there. */
  finder?: { path: string; anchor?: string };
  /** The same subject as the other kind of course (a professional course's short course, or the other way round), for the link between them. */
  otherKind?: { kind: 'short' | 'professional'; title: string; path: string; price: number; weeks: number };
  /** The stream role each internship program is (program id → role), for the stipend and place on its card. */
  programRoles?: Record<string, InternshipRoleSummary>;
  /** What each internship program's Register Now applies for on the site (program id → the role's id in the catalogue, law/corporateLaw). */
  programApply?: Record<string, string>;
  /** Intrinsic width and height of images shown at their own aspect ratio. */
  imageSizes?: Record<string, { width: number; height: number }>;
}

/** What a page is about, from the sections it holds: chooses its share image. */
export type PageKind = 'home' | 'internship' | 'job' | 'course' | 'certificate' | 'page';

/** Pages other parts of the site link to by what they do, wherever they live: the layout's log-in link, search. */
export type Landmark = 'login' | 'signup' | 'search' | 'apply';

/** A page document after the build has resolved settings links and joined the data it refers to. */
/** A link at the top of a page, past the header to a part of it (the finder's filters). */
export interface SkipLink {
  href: string;
  label: string;
}

export interface ResolvedPage {
  id: string;
  path: string;
  /** The page's language; translated is false for a page at a language's path whose texts are not translated yet (it shows the English, says so, and is not listed by search engines). */
  language: Language;
  translated: boolean;
  /** The page's address in every language: each page is at every language's path. */
  languagePaths: Record<Language, string>;
  /** hreflang pairs: the addresses of the page in the languages it is really written in, when more than one. */
  alternates: { language: Language; path: string }[];
  aliases: string[];
  title: string;
  /** The title without the " | Brand" suffix: breadcrumbs, menus, search. */
  label: string;
  description: string;
  kind: PageKind;
  /** The page also answers the addresses under its path, each showing something of its own (see page.schema.json). */
  subpaths: boolean;
  /** The section that carries the page's h1 (the first one, when it draws a heading), or -1: the h1 is then hidden text. */
  headingSection: number;
  index: boolean;
  canonicalUrl: string;
  sections: Section[];
  /** Skip links beside Skip to content, from its sections' definitions (skipLink). */
  skipLinks: SkipLink[];
  entities: EntityTables;
  derived: DerivedContent;
  /** The derived facts the page's interactive sections took from other pages: the page carries them for its islands. */
  islandFacts: (keyof DerivedContent)[];
  breadcrumbs: Breadcrumb[];
  /** The same page with one choice made through its address (?role=criminalLaw), prerendered on its own with a title naming it. */
  variants: PageVariant[];
}

/** A page as a link such as /internship/law?role=criminalLaw shows it: a shared link's preview names the choice. */
export interface PageVariant {
  /** The address parameter and its value: role, criminalLaw. */
  param: string;
  value: string;
  title: string;
  description: string;
}

export interface NavLink {
  label: string;
  path: string;
  pageId: string;
}

export interface NavItem {
  id: string;
  label: string;
  /** Plain link when there are no children; otherwise the first link of the sub-menu. */
  link?: NavLink;
  children: NavLink[];
}

export interface FooterColumnModel {
  id: string;
  title: string;
  links: NavLink[];
}

/**
 * Groups of UI words only the server writes (its answers, its mails, the PDF and the signed credential): every page
 * carries the settings in its script, so these stay out of it (about 10 KB of words the browser never shows).
 */
export const SERVER_ONLY_WORDS = ['serverErrors', 'serverAnswers', 'mail', 'certificatePdf', 'credential'] as const;
export type ServerOnlyWords = (typeof SERVER_ONLY_WORDS)[number];
/** The UI words a page has. */
export type PageUi = Omit<UiText, ServerOnlyWords>;
/** A group of UI words (finder, auth, …): what an island declares it reads, and what a page carries of the words. */
export type WordGroup = keyof PageUi;

/** What every page needs at run time: the settings, the menus and the route table. */
export interface SiteModel {
  /** The language of the menus, footer and words of this model (one model per language, from the same documents). */
  language: Language;
  /**
   * The settings of data/site.json the pages use (search's synonyms go to its worker; formPrefill is below, by address;
   * the certificate's print design and the words only the server writes are the server's).
   */
  settings: Omit<SiteSettings, 'search' | 'formPrefill' | 'certificateDesign' | 'ui'> & { ui: PageUi };
  buildYear: number;
  nav: NavItem[];
  footer: FooterColumnModel[];
  routes: RouteEntry[];
  notFoundPageId: string;
  /** The path of the page that does each job (the log-in form, search), when the site has one. */
  landmarks: Partial<Record<Landmark, string>>;
  /** Forms that open with answers filled in, by their address: fact (stream, role, program) → the form's field name. */
  formPrefill: Record<string, Partial<Record<PrefillFact, string>>>;
}

/** What the site can fill in on a form it opens: the stream and role of Apply Now, the program of Register Now. */
export type PrefillFact = 'stream' | 'role' | 'program';

/**
 * Data a page was rendered with on the server, per request (a certificate's
 * page): given to the renderer there, and written into the page so the
 * browser hydrates the same markup before asking for anything.
 */
export interface PreloadedData {
  certificate?: {
    /** The ID as the address gave it. */
    typed: string;
    /** The certificate found, or null when none has the ID. */
    found: VerifiedCertificate | null;
    /** A refusal to show (the budget of lookups spent), instead of an answer. */
    message?: string;
  };
}

export interface RouteEntry {
  pageId: string;
  path: string;
  aliases: string[];
  sectionTypes: SectionType[];
  /** The page also answers every address under its path (see page.schema.json). */
  subpaths?: boolean;
  /** What a page rendered per request is rendered with (the server loads each kind). */
  preloads?: (keyof PreloadedData)[];
}

export type { PageDocument, Section, SiteSettings };
