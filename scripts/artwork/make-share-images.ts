/**
 * npx tsx scripts/artwork/make-share-images.ts: draws the 1200×630 share image of each page kind
 * (Open Graph and Twitter cards) into public/images/share with Chromium. Run it when the brand changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { PageKind } from '../../engine/types.ts';
import { chromiumArgs, chromiumExecutable } from '../../tooling/browser.ts';
import { brandLogo, illustration } from './kinds.ts';

const site = JSON.parse(fs.readFileSync('data/site.json', 'utf8')) as { name: string; siteUrl: string };
const cards: Record<PageKind, { title: string; line: string; icon: string; extras: string[]; palette: number }> = {
  home: {
    title: 'Online internships that start real careers',
    line: '12+ fields · 1:1 mentorship · verifiable certificate',
    icon: 'graduation-cap',
    extras: ['laptop', 'award'],
    palette: 0,
  },
  internship: {
    title: 'Online internships with a monthly stipend',
    line: '4 to 12 weeks · every field · certificate',
    icon: 'briefcase-business',
    extras: ['indian-rupee', 'award'],
    palette: 1,
  },
  job: { title: 'Jobs and careers', line: 'Roles, salaries and how to apply', icon: 'briefcase', extras: ['users', 'map-pin'], palette: 4 },
  course: {
    title: 'Courses that build job-ready skills',
    line: 'Live classes · projects · lifetime access',
    icon: 'book-open',
    extras: ['code', 'chart-line'],
    palette: 5,
  },
  certificate: {
    title: 'Verify a certificate in seconds',
    line: 'Enter the certificate ID, such as IC25/123456',
    icon: 'badge-check',
    extras: ['search-check', 'shield-check'],
    palette: 2,
  },
  page: {
    title: site.name,
    line: 'Internships, courses and careers for students in India',
    icon: 'sparkles',
    extras: ['graduation-cap', 'heart-handshake'],
    palette: 6,
  },
};

const out = path.resolve('public/images/share');
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
for (const [kind, card] of Object.entries(cards) as [PageKind, (typeof cards)[PageKind]][]) {
  const art = illustration(`share-${kind}`, card.icon, card.extras, card.palette).replace(/width="640" height="400"/, 'width="560" height="350"');
  const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;font-family:system-ui,'DejaVu Sans',sans-serif;background:linear-gradient(135deg,#eef2ff,#fff7ed);display:flex;align-items:center;gap:40px;padding:0 60px;box-sizing:border-box">
    <div style="flex:1"><div style="height:56px">${brandLogo(site.name).replace(/<svg /, '<svg style="height:56px;width:auto" ')}</div>
    <h1 style="font-size:58px;line-height:1.1;color:#0f172a;margin:36px 0 20px;font-weight:800">${card.title}</h1>
    <p style="font-size:28px;color:#475569;margin:0">${card.line}</p>
    <p style="font-size:24px;color:#c2410c;font-weight:700;margin:28px 0 0">${new URL(site.siteUrl).host}</p></div>
    <div style="border-radius:28px;overflow:hidden;box-shadow:0 20px 40px rgb(15 23 42 / .15);line-height:0">${art}</div></body></html>`;
  await page.setContent(html);
  await page.screenshot({ path: path.join(out, `${kind}.jpg`), type: 'jpeg', quality: 85 });
  console.log(`public/images/share/${kind}.jpg ${fs.statSync(path.join(out, `${kind}.jpg`)).size} bytes`);
}
// A square raster logo for search engines (they do not take SVG logos in structured data).
await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(
  `<!doctype html><html><body style="margin:0;width:512px;height:512px;display:grid;place-items:center;background:#fff">${brandLogo(site.name)
    .replace(/<text[\s\S]*<\/text>/, '')
    .replace(/viewBox="[^"]*"/, 'viewBox="0 0 48 48"')
    .replace(/width="\d+" height="\d+"/, 'width="400" height="400"')}</body></html>`,
);
await page.screenshot({ path: 'public/images/brand/logo-square.png', type: 'png' });
console.log(`public/images/brand/logo-square.png ${fs.statSync('public/images/brand/logo-square.png').size} bytes`);
await browser.close();
