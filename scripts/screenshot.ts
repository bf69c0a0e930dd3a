/**
 * npm run screenshot -- [base URL] [path ...]: full-page screenshots at 390 px and 1280 px wide into .cache/screenshots,
 * for looking at pages as a visitor would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../tooling/browser.ts';

const args = process.argv.slice(2);
const viewportOnly = args.includes('--viewport');
const [base = 'http://localhost:5000', ...paths] = args.filter((a) => !a.startsWith('--'));
const outDir = path.resolve('.cache/screenshots');
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`[${width}] console.${m.type()}: ${m.text()}`);
  });
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    // Scroll through once so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 40));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Clip to the viewport width: clipped overflow (the scrolling course strip) would otherwise widen the picture.
    await page.screenshot({ path: file, fullPage: !viewportOnly, ...(viewportOnly ? {} : { clip: { x: 0, y: 0, width, height } }) });
    console.log(file);
    if (args.includes('--parts')) {
      // Tall pages also in slices, each small enough to read at full size.
      const slice = width < 500 ? 1600 : 1400;
      for (let y = 0, n = 0; y < height; y += slice, n++) {
        const part = file.replace(/\.png$/, () => `-part${n}.png`);
        await page.screenshot({ path: part, fullPage: true, clip: { x: 0, y, width, height: Math.min(slice, height - y) } });
        console.log(part);
      }
    }
  }
  await context.close();
}
await browser.close();
