import type { SiteModel } from '../../types.ts';

export type JsonLd = Record<string, unknown>;

/** Where the build keeps a page's markup, and each of its variants' (?role=…) beside it: read again by the renderer. */
export function structuredDataKey(pageId: string, variant?: { param: string; value: string }): string {
  return variant ? `${pageId}?${variant.param}=${variant.value}` : pageId;
}

/** An absolute address on the site, as schema.org wants it. */
export function absoluteUrl(site: SiteModel, path: string): string {
  return site.settings.siteUrl + encodeURI(path);
}

export function logoUrl(site: SiteModel): string {
  return `${site.settings.siteUrl}/images/brand/logo-square.png`;
}

/** The site's owner, as the provider of a course or the publisher of the site. */
export function organization(site: SiteModel): JsonLd {
  return { '@type': 'Organization', name: site.settings.name, url: site.settings.siteUrl, logo: logoUrl(site) };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
