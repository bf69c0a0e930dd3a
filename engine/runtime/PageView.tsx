import { islandRegistry } from '../generated/islandRegistry.ts';
import { SHARE_IMAGE_SIZE, shareImagePath } from '../seo/pageKind.ts';
import { LOCALES } from '../shared/language.ts';
import type { PageVariant, ResolvedPage, SectionMap, SectionType } from '../types.ts';
import { SectionPlaceContext } from '../ui/SectionShell.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { PageProvider, useSite } from './contexts.tsx';
import { Island } from './islands.tsx';
import { useSearchParams } from './location.ts';
import styles from './PageView.module.css';
import { loadedSection } from './sectionRegistry.ts';

/** A section drawn as the page is; one whose definition says it is interactive is an island, hydrated in the browser. */
function renderSection<K extends SectionType>(type: K, props: SectionMap[K]) {
  const Component = loadedSection(type);
  if (type in islandRegistry) return <Island name={type as keyof typeof islandRegistry} component={Component} props={props} />;
  return <Component {...props} />;
}

/** The choice the address makes (?role=criminalLaw), when the page has one by that name. */
function useVariant(page: ResolvedPage): PageVariant | undefined {
  const [params] = useSearchParams();
  return page.variants.find((v) => params.get(v.param) === v.value);
}

/**
 * The page's title and share tags, as React 19 renders them: hoisted into the
 * document's head, on the server and after each navigation. A link that makes
 * a choice (?role=…) gets a title and description naming it, so its preview in
 * a chat says what was shared; the canonical address stays the page's own.
 */
function PageHead({ page }: { page: ResolvedPage }) {
  const { settings } = useSite();
  const variant = useVariant(page);
  const image = settings.siteUrl + shareImagePath(page.kind);
  const title = variant?.title ?? page.title;
  const description = variant?.description ?? page.description;
  const url = variant ? `${page.canonicalUrl}?${variant.param}=${encodeURIComponent(variant.value)}` : page.canonicalUrl;
  // A page with subpaths shows something of its own at each address: its section names the page (title, description,
  // address) for each, and this head gives only what is the same for all.
  const own = !page.subpaths;
  return (
    <>
      {own ? <title>{title}</title> : null}
      {own ? <meta name="description" content={description} /> : null}
      {own ? <link rel="canonical" href={page.canonicalUrl} /> : null}
      {page.index ? null : <meta name="robots" content="noindex" />}
      {/* The page in each language it is really written in, and which one to show a reader of another (hreflang). */}
      {page.alternates.map((alternate) => (
        <link key={alternate.language} rel="alternate" hrefLang={LOCALES[alternate.language]} href={settings.siteUrl + encodeURI(alternate.path)} />
      ))}
      {page.alternates.length ? <link rel="alternate" hrefLang="x-default" href={settings.siteUrl + encodeURI(page.languagePaths.en)} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={settings.name} />
      {own ? <meta property="og:title" content={title} /> : null}
      {own ? <meta property="og:description" content={description} /> : null}
      {own ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      {own ? <meta property="og:image:alt" content={title} /> : null}
      <meta property="og:locale" content={LOCALES[page.language].replace('-', '_')} />
      <meta name="twitter:card" content="summary_large_image" />
      {own ? <meta name="twitter:title" content={title} /> : null}
      {own ? <meta name="twitter:description" content={description} /> : null}
      <meta name="twitter:image" content={image} />
    </>
  );
}

function Breadcrumbs({ page }: { page: ResolvedPage }) {
  if (page.breadcrumbs.length < 2 || !page.index) return null;
  const last = page.breadcrumbs.length - 1;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol className="container">
        {page.breadcrumbs.map((crumb, i) => (
          <li key={crumb.path}>{i === last ? <span aria-current="page">{crumb.label}</span> : <SmartLink href={crumb.path}>{crumb.label}</SmartLink>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** One page whose section code is loaded: its metadata, breadcrumbs and sections, in order (the prerender, and the content editor's preview). */
export function PageContent({ page }: { page: ResolvedPage }) {
  const h1Index = page.headingSection;
  return (
    <PageProvider page={page}>
      <PageHead page={page} />
      <Breadcrumbs page={page} />
      {h1Index === -1 ? <h1 className="sr-only">{page.label}</h1> : null}
      {page.sections.map((section, i) => (
        // A page's sections are fixed when it is built, and a new page remounts the view: the index is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <SectionPlaceContext.Provider key={i} value={{ headingLevel: i === h1Index ? 1 : 2 }}>
          {renderSection(section.type, section)}
        </SectionPlaceContext.Provider>
      ))}
    </PageProvider>
  );
}
