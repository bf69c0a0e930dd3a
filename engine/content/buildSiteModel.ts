import { type FooterColumnModel, type Landmark, type NavItem, type NavLink, SERVER_ONLY_WORDS, type SiteModel, type SiteSettings } from '../types.ts';
import type { ContentModel } from './contentModel.ts';
import { normalisePath } from './contentModel.ts';
import { definitionOf, definitionOfType } from './definitionOf.ts';

function byOrderThenLabel(a: { order: number; link: NavLink }, b: { order: number; link: NavLink }): number {
  return a.order - b.order || a.link.label.localeCompare(b.link.label);
}

/** Settings with setting: links replaced, the menus and footer derived from the pages, and the route table. */
export function buildSiteModel(model: ContentModel, buildYear = new Date().getFullYear()): SiteModel {
  const { search: _search, formPrefill: _formPrefill, certificateDesign: _certificateDesign, ...rest } = structuredClone(model.site) as SiteSettings;
  const ui: Partial<SiteSettings['ui']> = rest.ui;
  for (const group of SERVER_ONLY_WORDS) delete ui[group];
  const settings: SiteModel['settings'] = rest;
  delete (settings as { $schema?: string }).$schema;
  const resolveLink = (href: string) => (href.startsWith('setting:') ? (model.site.links[href.slice(8)] ?? href) : href);
  settings.chat.href = resolveLink(settings.chat.href);
  settings.social = settings.social.map((s) => ({ ...s, href: resolveLink(s.href) }));

  const pageByPath = new Map(model.pages.map((p) => [normalisePath(p.doc.path), p]));
  const linkTo = (path: string, label: string): NavLink | undefined => {
    const page = pageByPath.get(normalisePath(path));
    return page ? { label, path: page.doc.path, pageId: page.id } : undefined;
  };

  const nav: NavItem[] = model.site.navigation.map((menu) => {
    const children = model.pages
      .filter((p) => p.doc.nav?.menu === menu.id)
      .map((p) => ({ order: p.doc.nav!.order ?? 100, link: { label: p.doc.nav!.label, path: p.doc.path, pageId: p.id } }))
      .sort(byOrderThenLabel)
      .map((e) => e.link);
    const own = menu.href ? linkTo(menu.href, menu.label) : undefined;
    return { id: menu.id, label: menu.label, ...(own ? { link: own } : {}), children: own ? children.filter((c) => c.pageId !== own.pageId) : children };
  });

  const footer: FooterColumnModel[] = model.site.footer.columns.map((column) => ({
    id: column.id,
    title: column.title,
    links: model.pages
      .filter((p) => p.doc.footer?.column === column.id)
      .map((p) => ({ order: p.doc.footer!.order ?? 100, link: { label: p.doc.footer!.label, path: p.doc.path, pageId: p.id } }))
      .sort(byOrderThenLabel)
      .map((e) => e.link),
  }));

  const routes = model.pages
    .map((p) => ({
      pageId: p.id,
      path: p.doc.path,
      aliases: p.doc.aliases ?? [],
      sectionTypes: [...new Set(p.doc.sections.map((s) => s.type))],
      ...(p.doc.subpaths ? { subpaths: true, preloads: [...new Set(p.doc.sections.flatMap((s) => definitionOf(s)?.preloads ?? []))] } : {}),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  // The not-found page of this model's language (/404, or /hi/404 in Hindi).
  const notFound = model.pages.find((p) => (p.english?.path ?? p.doc.path) === '/404');
  // The first page, in address order, that holds the section doing each job.
  const landmarks: Partial<Record<Landmark, string>> = {};
  for (const route of routes) {
    for (const type of route.sectionTypes) {
      const landmark = definitionOfType(type)?.landmark;
      if (landmark) landmarks[landmark] ??= route.path;
    }
  }
  const formPrefill: SiteModel['formPrefill'] = {};
  for (const [name, fields] of Object.entries(model.site.formPrefill ?? {})) {
    const href = model.site.links[name];
    if (href && fields) formPrefill[href] = fields;
  }
  return { language: model.language ?? 'en', settings, buildYear, nav, footer, routes, notFoundPageId: notFound?.id ?? '404', landmarks, formPrefill };
}
