import fs from 'node:fs';
import path from 'node:path';
import type { PrerenderManifest } from '../../engine/shared/pageHtml.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { expect, test } from './fixtures.ts';

type Json = Record<string, unknown> & { '@type'?: string };
const dist = path.join(projectRoot, 'dist', 'current', 'client');
const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'dist', 'current', 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
const site = JSON.parse(fs.readFileSync(path.join(projectRoot, 'data', 'site.json'), 'utf8')) as { siteUrl: string };

function htmlOf(file: string): string {
  return fs.readFileSync(path.join(dist, file), 'utf8');
}

function jsonLdOf(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
}

const get = (value: unknown, keyPath: string): unknown =>
  keyPath.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);

/** Google's required (and our promised) properties, per type. */
const required: Record<string, string[]> = {
  Organization: ['name', 'url', 'logo'],
  WebSite: ['name', 'url', 'potentialAction.target.urlTemplate', 'potentialAction.query-input'],
  Course: ['name', 'description', 'provider.name', 'offers.price', 'offers.priceCurrency', 'offers.category', 'hasCourseInstance.courseMode'],
  ItemList: ['itemListElement'],
  BreadcrumbList: ['itemListElement'],
  JobPosting: ['title', 'description', 'datePosted', 'hiringOrganization.name', 'employmentType', 'validThrough'],
};

test('every page carries valid JSON-LD with the required properties of each type', () => {
  const seen = new Map<string, number>();
  for (const page of manifest.pages) {
    const html = htmlOf(page.file);
    const items = jsonLdOf(html);
    for (const item of items) {
      expect(item['@context'], page.path).toBe('https://schema.org');
      const type = item['@type']!;
      // Counted per language: the Hindi pages carry the same markup, in Hindi.
      const key = page.path === '/hi' || page.path.startsWith('/hi/') ? `hi:${type}` : type;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      for (const key of required[type] ?? []) expect(get(item, key), `${type}.${key} on ${page.path}`).toBeDefined();
      if (type === 'Course') expect(get(item, 'offers.priceCurrency')).toBe('INR');
      if (type === 'JobPosting') {
        const remote = item['jobLocationType'] === 'TELECOMMUTE';
        if (remote) expect(get(item, 'applicantLocationRequirements.name'), page.path).toBe('India');
        else expect(get(item, 'jobLocation.address.addressCountry'), page.path).toBe('IN');
      }
      if (type === 'BreadcrumbList') {
        const list = item['itemListElement'] as { position: number; name: string; item: string }[];
        list.forEach((crumb, i) => {
          expect(crumb.position).toBe(i + 1);
          expect(crumb.item.startsWith(site.siteUrl)).toBe(true);
        });
      }
    }
    const types = items.map((i) => i['@type']);
    // A Hindi page (/hi/…) carries what its English page does, in Hindi.
    const english = page.path.replace(/^\/hi(?=\/|$)/, '') || '/';
    if (english === '/') expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    if (english !== '/' && page.index) expect(types, page.path).toContain('BreadcrumbList');
    if (english.startsWith('/courses/')) expect(types, page.path).toContain('Course');
    if (english.startsWith('/jobs/openings/')) expect(types, page.path).toContain('JobPosting');
    // A stream's or a job category's roles: its page carries the posting of the role it shows first, and each role's
    // own address (?role=…) its own alone (tests/unit/content/jobPosting.test.ts checks each posting's fields).
    for (const variant of page.variants ?? []) {
      const postings = jsonLdOf(htmlOf(variant.file)).filter((i) => i['@type'] === 'JobPosting');
      expect(postings, variant.file).toHaveLength(1);
      expect(String(postings[0]!['url']).endsWith(`?${variant.param}=${encodeURIComponent(variant.value)}`), variant.file).toBe(true);
    }
    if (page.variants?.length)
      expect(
        types.filter((t) => t === 'JobPosting'),
        page.path,
      ).toHaveLength(1);
  }
  // The six openings, and the first role of the 14 internship streams and the six job categories.
  expect(seen.get('JobPosting')).toBe(26);
  expect(seen.get('hi:JobPosting')).toBe(26);
  expect(seen.get('Course')).toBeGreaterThanOrEqual(16);
  expect(seen.get('ItemList')).toBe(1);
});

test('the ItemList of /courses lists each course page', () => {
  const list = jsonLdOf(htmlOf('courses/index.html')).find((i) => i['@type'] === 'ItemList')!;
  const urls = (list['itemListElement'] as { url: string }[]).map((e) => e.url);
  expect(urls).toHaveLength(16);
  for (const url of urls)
    expect(
      manifest.pages.some((p) => site.siteUrl + encodeURI(p.path) === url),
      url,
    ).toBe(true);
});

test('the sitemap lists every indexable page once, at its canonical address, and nothing else', () => {
  const xml = fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const expected = manifest.pages.filter((p) => p.index).map((p) => site.siteUrl + encodeURI(p.path));
  expect(new Set(locs).size).toBe(locs.length);
  expect([...locs].sort()).toEqual([...expected].sort());
  expect(locs.some((l) => l.includes('/404'))).toBe(false);
  const robots = fs.readFileSync(path.join(dist, 'robots.txt'), 'utf8');
  expect(robots).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
});

test('hreflang pairs only pages that exist in both languages, in each page and in the sitemap (issue 36)', () => {
  const byPath = new Map(manifest.pages.map((p) => [p.path, p]));
  const xml = fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: m[1]!.replace(/&amp;/g, '&'),
    links: [...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((l) => [l[1]!, l[2]!.replace(/&amp;/g, '&')] as const),
  }));
  let pairs = 0;
  for (const page of manifest.pages) {
    const html = htmlOf(page.file);
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as const);
    const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
    expect(lang, page.path).toBe(page.path === '/hi' || page.path.startsWith('/hi/') ? 'hi-IN' : 'en-IN');
    if (!alternates.length) continue;
    pairs++;
    // Both ends exist, can be listed, and name each other; x-default is the English page.
    const [en, hi, fallback] = [
      alternates.find((a) => a[0] === 'en-IN'),
      alternates.find((a) => a[0] === 'hi-IN'),
      alternates.find((a) => a[0] === 'x-default'),
    ];
    expect(en && hi && fallback, page.path).toBeTruthy();
    for (const [, href] of [en!, hi!]) {
      const other = byPath.get(decodeURI(new URL(href).pathname));
      expect(other?.index, `${page.path} → ${href}`).toBe(true);
      expect(htmlOf(other!.file), `${href} names ${page.path} back`).toContain(`hrefLang="${lang}" href="${site.siteUrl}${encodeURI(page.path)}"`);
    }
    expect(fallback![1]).toBe(en![1]);
    expect(entries.find((e) => e.loc === site.siteUrl + encodeURI(page.path))?.links, `${page.path} in the sitemap`).toEqual([
      ...alternates.filter((a) => a[0] !== 'x-default'),
      fallback!,
    ]);
  }
  expect(pairs).toBeGreaterThan(40);
  // A page under /hi/ that is not translated yet is not listed, and pairs with nothing.
  const untranslated = manifest.pages.filter((p) => p.path.startsWith('/hi/') && !p.index);
  expect(untranslated.length).toBeGreaterThan(0);
  for (const page of untranslated) {
    expect(htmlOf(page.file), page.path).toContain('<meta name="robots" content="noindex"/>');
    expect(htmlOf(page.file), page.path).not.toContain('<link rel="alternate" hrefLang=');
  }
});

test('each page has its title, description, canonical, Open Graph and Twitter tags, and a share image that exists', async ({ request }) => {
  for (const page of manifest.pages) {
    const html = htmlOf(page.file);
    for (const pattern of [
      /<title>[^<]+<\/title>/,
      /<meta name="description" content="[^"]{40,}"/,
      /<link rel="canonical" href="https:\/\//,
      /<meta property="og:title"/,
      /<meta property="og:description"/,
      /<meta name="twitter:card" content="summary_large_image"/,
    ]) {
      expect(html, `${pattern} on ${page.path}`).toMatch(pattern);
    }
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image, page.path).toBeDefined();
    const local = new URL(image!).pathname;
    expect((await request.get(local)).status(), local).toBe(200);
  }
});

test('JobPosting says only what its page shows', async ({ page }) => {
  for (const entry of manifest.pages.filter((p) => p.path.startsWith('/jobs/openings/'))) {
    const posting = jsonLdOf(htmlOf(entry.file)).find((i) => i['@type'] === 'JobPosting')!;
    await page.goto(encodeURI(entry.path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(posting['title']));
    const date = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(page.locator('[data-fact="datePosted"]')).toContainText(date.format(new Date(String(posting['datePosted']))));
    await expect(page.locator('[data-fact="validThrough"]')).toContainText(date.format(new Date(String(posting['validThrough']))));
    await expect(page.locator('main')).toContainText(String(get(posting, 'hiringOrganization.name')));
    const salary = get(posting, 'baseSalary.value') as { minValue: number; maxValue: number } | undefined;
    if (salary) await expect(page.locator('[data-fact="salary"]')).toHaveText(`₹${salary.minValue / 100000}-${salary.maxValue / 100000} LPA`);
    const description = String(posting['description'])
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/Responsibilities:|Qualifications:/g, '')
      .trim();
    for (const sentence of description.split(/(?<=\.) /).slice(0, 2)) await expect(page.locator('main')).toContainText(sentence.trim());
  }
});

test("a role's JobPosting says only what the role's own address shows", async ({ page }) => {
  const date = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (const [path, role] of [
    ['/internship/law', 'criminalLaw'],
    ['/jobs/Graphic Design Jobs', 'graphicDesigner'],
  ] as const) {
    const entry = manifest.pages.find((p) => p.path === path)!;
    const variant = entry.variants!.find((v) => v.value === role)!;
    const posting = jsonLdOf(htmlOf(variant.file)).find((i) => i['@type'] === 'JobPosting')!;
    await page.goto(`${encodeURI(path)}?role=${role}`);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: String(posting['title']), exact: true })).toBeVisible();
    await expect(main.locator('[data-fact="datePosted"]')).toContainText(date.format(new Date(String(posting['datePosted']))));
    await expect(main.locator('[data-fact="validThrough"]')).toContainText(date.format(new Date(String(posting['validThrough']).slice(0, 10))));
    const salary = get(posting, 'baseSalary.value') as { value?: number; minValue?: number; maxValue?: number };
    const pay = salary.value ? `₹${salary.value.toLocaleString('en-IN')}/month` : `₹${salary.minValue! / 100000}-${salary.maxValue! / 100000} LPA`;
    await expect(main.getByText(pay).first()).toBeVisible();
    await expect(main).toContainText(
      String(posting['description'])
        .match(/^<p>([^<]+)<\/p>/)![1]!
        .replace(/&amp;/g, '&'),
    );
  }
});
