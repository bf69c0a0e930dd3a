import { createContext, type ReactNode, useContext } from 'react';
import type { CollectionName, Collections, PageUi, ResolvedPage, SiteModel } from '../types.ts';

const SiteContext = createContext<SiteModel | null>(null);
const PageContext = createContext<ResolvedPage | null>(null);

export function SiteProvider({ site, children }: { site: SiteModel; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function PageProvider({ page, children }: { page: ResolvedPage; children: ReactNode }) {
  return <PageContext.Provider value={page}>{children}</PageContext.Provider>;
}

export function useSite(): SiteModel {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteProvider>');
  return site;
}

export function useUi(): PageUi {
  return useSite().settings.ui;
}

export function usePageContext(): ResolvedPage {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePageContext() outside <PageProvider>');
  return page;
}

/** The entity with this id, joined into the page at build time. */
export function useEntity<C extends CollectionName>(collection: C, id: string | number): Collections[C] | undefined {
  const tables = usePageContext().entities;
  return (tables[collection] as Record<string, Collections[C]> | undefined)?.[String(id)];
}

/** Entities in the order of the ids given, or the whole collection in file order when no ids are given. */
export function useEntities<C extends CollectionName>(collection: C, ids?: readonly (string | number)[]): Collections[C][] {
  const table = (usePageContext().entities[collection] as Record<string, Collections[C]> | undefined) ?? {};
  if (ids) return ids.map((id) => table[String(id)]).filter((e): e is Collections[C] => e !== undefined);
  return Object.values(table);
}
