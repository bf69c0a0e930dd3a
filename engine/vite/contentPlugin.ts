import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { buildSiteContent, type SiteContent } from '../content/buildSiteContent.ts';
import type { ContentModel } from '../content/contentModel.ts';
import { formatProblem, formatProblems } from '../content/problems.ts';
import { searchDataInLanguages } from '../content/search/searchInLanguages.ts';
import type { JsonLd } from '../content/seo/jsonLd.ts';
import { localiseModel } from '../content/translation/localiseModel.ts';
import { validateContent } from '../content/validateContent.ts';
import type { SearchData } from '../search/searchTypes.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import type { Applyable, ResolvedPage, SiteModel } from '../types.ts';

const SITE_ID = 'virtual:site';
/** The search records and prebuilt index of one language (virtual:search-data-hi): their own chunk, fetched only when a visitor first opens search. */
const SEARCH_PREFIX = 'virtual:search-data-';
/** Each page's JSON-LD, for the prerender only (the server renderer imports it; the browser never does). */
const STRUCTURED_DATA_ID = 'virtual:structured-data';
const PAGE_PREFIX = 'virtual:page/';

/** Module-safe name for a page id such as "jobs/HR Jobs" → "jobs-hr-jobs". */
export function pageSlug(pageId: string): string {
  return (
    pageId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'index'
  );
}

/** The content as the app's modules serve it. */
export interface ContentSnapshot {
  /** The English site model; `sites` has one per language, made from the same documents. */
  site: SiteModel;
  sites: Record<Language, SiteModel>;
  /** Search in each language: its pages' records and index. */
  search: Record<Language, SearchData>;
  pages: Map<string, ResolvedPage>;
  structuredData: Map<string, JsonLd[]>;
  slugs: Map<string, string>;
  /** Everything a student can apply for: written into the release for the server, never into a page. */
  applyables: Applyable[];
}

/**
 * The content of every language: English from the documents, each other language from the same documents with their
 * translations laid over them (localiseModel). One route table holds every language's pages, so any address finds
 * its page whichever model looks it up.
 */
export function snapshotFrom(model: ContentModel): ContentSnapshot {
  const models: Record<Language, ContentModel> = { en: model, hi: localiseModel(model, 'hi') };
  const built = Object.fromEntries(LANGUAGES.map((language) => [language, buildSiteContent(models[language])])) as Record<Language, SiteContent>;
  const english = built.en;
  const routes = LANGUAGES.flatMap((language) => built[language].site.routes).sort((a, b) => a.path.localeCompare(b.path));
  const sites = Object.fromEntries(LANGUAGES.map((language) => [language, { ...built[language].site, routes }])) as Record<Language, SiteModel>;
  const pages = new Map(LANGUAGES.flatMap((language) => [...built[language].pages]));
  const structuredData = new Map(LANGUAGES.flatMap((language) => [...built[language].structuredData]));
  // Each language's records, each also known by its titles in the others; each language's synonyms, the others' read too.
  const search = searchDataInLanguages(
    built,
    Object.fromEntries(LANGUAGES.map((language) => [language, models[language].site.search.synonyms])) as Record<Language, Record<string, string | undefined>>,
  );
  const slugs = new Map<string, string>();
  for (const pageId of pages.keys()) {
    let slug = pageSlug(pageId);
    while (slugs.has(slug)) slug += '-';
    slugs.set(slug, pageId);
  }
  // What can be applied for is the English content's: the same programmes and ids in every language.
  return { site: sites.en, sites, search, pages, structuredData, slugs, applyables: english.applyables };
}

class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}

/**
 * Serves the content to the app as modules: virtual:site (settings, menus,
 * routes and a lazy loader per page) and virtual:page/<slug> (one resolved page,
 * its own chunk). Content is validated before anything is served or built;
 * `npm run build` validates once and hands the result to both of its Vite builds.
 */
export function contentPlugin(options: { root?: string; content?: ContentSnapshot } = {}): Plugin {
  let root = options.root ?? process.cwd();
  let snapshot: ContentSnapshot | undefined = options.content;
  let lastError: string | undefined;
  let server: ViteDevServer | undefined;
  // `vite build` refuses texts still holding the template's ✎; the dev server shows them as a warning.
  let templateText: 'error' | 'warning' = 'warning';
  let lastWarning = '';

  const refresh = (fresh = false): void => {
    const result = validateContent(root, { freshSchemas: fresh, templateText });
    if (result.model) {
      snapshot = snapshotFrom(result.model);
      lastError = undefined;
    } else {
      lastError = formatProblems(result.problems);
    }
    const texts = result.warnings.filter((w) => w.code === 'TEMPLATE_TEXT');
    const links = result.warnings.length - texts.length;
    const warning = [
      texts.length
        ? `${texts.length} texts still hold the template's ✎ placeholder (npm run build refuses them):\n\n${texts.map(formatProblem).join('\n\n')}`
        : '',
      links
        ? `${links} ${links === 1 ? 'link is a placeholder' : 'links are placeholders'}, not the real address yet: npm run validate lists them; a production build refuses them.`
        : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    if (server && warning && warning !== lastWarning) server.config.logger.warn(warning, { timestamp: true });
    lastWarning = warning;
  };

  const current = (): ContentSnapshot => {
    if (!snapshot || lastError) refresh();
    if (lastError || !snapshot) throw new ContentError(lastError ?? 'Content could not be loaded.');
    return snapshot;
  };

  return {
    name: 'site-content',
    enforce: 'pre',
    configResolved(config) {
      root = options.root ?? config.root;
      if (config.command === 'build') templateText = 'error';
    },
    buildStart() {
      if (options.content) return;
      refresh(true);
      if (lastError) this.error(`Content is invalid; nothing was built.\n\n${lastError}`);
    },
    resolveId(id) {
      if (id === SITE_ID) return `\0${SITE_ID}`;
      if (id.startsWith(SEARCH_PREFIX)) return `\0${id}`;
      if (id === STRUCTURED_DATA_ID) return `\0${STRUCTURED_DATA_ID}`;
      if (id.startsWith(PAGE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${SITE_ID}`) {
        const { sites, slugs } = current();
        const loaders = [...slugs].map(([slug, pageId]) => `  ${JSON.stringify(pageId)}: () => import(${JSON.stringify(PAGE_PREFIX + slug)}),`).join('\n');
        return `export const sites = JSON.parse(${JSON.stringify(JSON.stringify(sites))});\nexport const site = sites.en;\nexport const pageLoaders = {\n${loaders}\n};\n`;
      }
      if (id.startsWith(`\0${SEARCH_PREFIX}`)) {
        const language = id.slice(1 + SEARCH_PREFIX.length) as Language;
        const data = current().search[language];
        if (!data) throw new ContentError(`No search data for the language ${language}`);
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
      }
      if (id === `\0${STRUCTURED_DATA_ID}`) {
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(current().structuredData)))});\n`;
      }
      if (id.startsWith(`\0${PAGE_PREFIX}`)) {
        const { pages, slugs } = current();
        const pageId = slugs.get(id.slice(1 + PAGE_PREFIX.length));
        const page = pageId ? pages.get(pageId) : undefined;
        if (!page) throw new ContentError(`No page for module ${id.slice(1)}`);
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(page))});\n`;
      }
      return null;
    },
    configureServer(devServer) {
      server = devServer;
      const watched = ['pages', 'data', 'schemas'].map((dir) => path.join(root, dir));
      devServer.watcher.add(watched);
      // Editors and scripts write a file in steps (truncate, then write); the watcher can report the first step
      // and drop the next as a duplicate. Changes are read once they have settled, so a half-written file is
      // never what the author sees reported.
      const SETTLE_MS = 80;
      let settling: ReturnType<typeof setTimeout> | undefined;
      let schemasChanged = false;
      let lastFile = '';
      const revalidate = () => {
        settling = undefined;
        refresh(schemasChanged);
        schemasChanged = false;
        const graph = server!.moduleGraph;
        for (const mod of [...graph.idToModuleMap.values()]) {
          if (mod.id?.startsWith('\0virtual:')) graph.invalidateModule(mod);
        }
        if (lastError) {
          devServer.config.logger.error(lastError, { timestamp: true });
          devServer.ws.send({ type: 'error', err: { message: `Content is invalid:\n\n${lastError}`, stack: '', plugin: 'site-content', id: lastFile } });
        } else {
          devServer.config.logger.info(`content: ${path.relative(root, lastFile)} is valid; reloading`, { timestamp: true });
          devServer.ws.send({ type: 'full-reload', path: '*' });
        }
      };
      const onChange = (file: string) => {
        if (!watched.some((dir) => file.startsWith(dir + path.sep))) return;
        schemasChanged ||= file.includes(`${path.sep}schemas${path.sep}`);
        lastFile = file;
        clearTimeout(settling);
        settling = setTimeout(revalidate, SETTLE_MS);
      };
      devServer.watcher.on('change', onChange);
      devServer.watcher.on('add', onChange);
      devServer.watcher.on('unlink', onChange);
    },
  };
}
