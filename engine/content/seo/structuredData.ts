/**
 * The build's half of SEO: each page's schema.org JSON-LD, written into its prerendered HTML. The browser's half
 * (engine/seo: the share image a page names) imports nothing of the build.
 */
import type { PageVariant, ResolvedPage, SiteModel } from '../../types.ts';
import { definitionOf } from '../definitionOf.ts';
import { absoluteUrl, type JsonLd, organization } from './jsonLd.ts';

/**
 * The schema.org markup of a page, built from the same resolved content the
 * page renders, so the markup never says anything the page does not show;
 * `shown` is the variant (?role=…) a file of the page shows, if any.
 */
export function structuredData(page: ResolvedPage, site: SiteModel, shown?: PageVariant): JsonLd[] {
  const { settings } = site;
  const origin = settings.siteUrl;
  const out: JsonLd[] = [];

  // The home page in every language: the organisation and the site's search.
  if (page.languagePaths.en === '/') {
    out.push({
      '@context': 'https://schema.org',
      ...organization(site),
      '@id': `${origin}/#organization`,
      email: settings.contact.email,
      telephone: settings.contact.phone,
      ...(settings.contact.address ? { address: { '@type': 'PostalAddress', streetAddress: settings.contact.address, addressCountry: 'IN' } } : {}),
      sameAs: settings.social.map((s) => s.href).filter((href) => href.startsWith('https://')),
    });
    const searchPath = site.landmarks.search;
    out.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${origin}/#website`,
      name: settings.name,
      url: origin,
      publisher: { '@id': `${origin}/#organization` },
      ...(searchPath
        ? {
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(site, searchPath)}?q={search_term_string}` },
              'query-input': 'required name=search_term_string',
            },
          }
        : {}),
    });
  }

  if (page.breadcrumbs.length > 1 && page.index) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: page.breadcrumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.label, item: absoluteUrl(site, crumb.path) })),
    });
  }

  for (const section of page.sections) out.push(...(definitionOf(section)?.structuredData?.(section, page, site, shown) ?? []));
  return out;
}
