import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { SiteModel } from '../types.ts';
import { PageView } from './PageView.tsx';

/** The route table, built from pages/: one route per path and alias, and a catch-all for the not-found page. */
export function buildRoutes(site: SiteModel): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const route of site.routes) {
    for (const path of [route.path, ...route.aliases]) {
      routes.push({ path, element: <PageView pageId={route.pageId} />, handle: { pageId: route.pageId } });
    }
  }
  routes.push({ path: '*', element: <PageView pageId={site.notFoundPageId} />, handle: { pageId: site.notFoundPageId, notFound: true } });
  return routes;
}

export function matchPage(routes: RouteObject[], pathname: string): { pageId: string; notFound: boolean } {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handle = matches[matches.length - 1]?.route.handle as { pageId: string; notFound?: boolean } | undefined;
  return { pageId: handle?.pageId ?? '404', notFound: handle?.notFound ?? true };
}
