import { type ComponentType, createContext, type ReactNode, StrictMode, useContext, useEffect } from 'react';
import type { IslandName } from '../generated/islandRegistry.ts';
import { ErrorBoundary } from '../layout/ErrorBoundary.tsx';
import type { PageUi, PreloadedData, ResolvedPage, SiteModel, WordGroup } from '../types.ts';
import { SectionPlaceContext, useHeadingLevel } from '../ui/SectionShell.tsx';
import { PageProvider, SiteProvider } from './contexts.tsx';
import { PreloadedProvider } from './preloaded.tsx';

/**
 * Islands: the parts of a page that change after first paint (a form, the finder's filters, the account link). The
 * page is prerendered whole; in the browser only its islands are hydrated, each as a React root of its own in its
 * <ic-island> element, with the props, page facts and words the page's data carries for it (page-data, written by the
 * server render after the islands: islandRender.tsx). Everything else is the prerendered HTML and ships no code.
 */

/** Where an island sits in a page, as the server render collects it. */
export interface IslandPlace {
  name: IslandName;
  props: unknown;
  /** The heading level of the section it is in (its headings go one below), so the browser draws the same. */
  headingLevel: number;
}

/** The site's facts an island may read: everything but the menus and the route table (the prerendered page has those). */
export type IslandSite = Omit<SiteModel, 'nav' | 'footer' | 'routes' | 'settings'> & { settings: Omit<SiteModel['settings'], 'ui'> };

/** The page's facts an island may read: all but its sections, with only the entities and derived facts its islands read. */
export type IslandPageFacts = Omit<ResolvedPage, 'sections' | 'islandFacts'>;

/** What a page carries for its islands: <script type="application/json" id="page-data"> at the end of #root. */
export interface PageData {
  site: IslandSite;
  page: IslandPageFacts;
  /** Only the groups of UI words the page's islands declare: a page ships the words it uses. */
  words: Partial<PageUi>;
  islands: IslandPlace[];
}

export const PAGE_DATA_ID = 'page-data';

/** Words every island carries: its error boundary's. */
export const ALWAYS_WORDS: readonly WordGroup[] = ['errorPage'];

/** The custom element an island is drawn in (display: contents, so it changes no layout). */
export const ISLAND_TAG = 'ic-island';

/** The prefix of useId's ids inside island number `index`, the same on the server and in the browser. */
export const islandIdPrefix = (index: number) => `i${index}-`;

/** The server render's list of the page's islands; absent in the browser, in tests and in the editor's preview. */
export const IslandCollector = createContext<IslandPlace[] | null>(null);

interface IslandProps<P> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}

/**
 * A part of a page that is hydrated in the browser. On the server it leaves an empty <ic-island> that the render of
 * the island alone fills in (islandRender.tsx), so the island is drawn with exactly what the browser will have; where
 * nothing collects islands (the editor's preview, tests), it simply draws the component.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const collected = useContext(IslandCollector);
  const headingLevel = useHeadingLevel();
  if (!collected) {
    return (
      <ic-island data-island={name}>
        <Component {...props} />
      </ic-island>
    );
  }
  const index = collected.push({ name, props, headingLevel }) - 1;
  return <ic-island data-island={name} data-i={index} />;
}

function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/** What an island is rendered in, on the server and in the browser alike, so the two draw the same. */
export function IslandTree({
  site,
  page,
  preloaded,
  headingLevel,
  onReady,
  children,
}: {
  site: SiteModel;
  page: ResolvedPage;
  preloaded: PreloadedData;
  headingLevel: number;
  onReady?: () => void;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <SiteProvider site={site}>
        <PageProvider page={page}>
          <PreloadedProvider data={preloaded}>
            <SectionPlaceContext.Provider value={{ headingLevel }}>
              <ErrorBoundary resetKey="" text={site.settings.ui.errorPage}>
                {children}
              </ErrorBoundary>
              {onReady ? <Ready onReady={onReady} /> : null}
            </SectionPlaceContext.Provider>
          </PreloadedProvider>
        </PageProvider>
      </SiteProvider>
    </StrictMode>
  );
}
