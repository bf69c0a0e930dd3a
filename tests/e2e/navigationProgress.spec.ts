import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 28: after a tap on a slow link something shows at once that the next
 * page is coming, the new page starts at its top (or at the anchor asked
 * for), Back returns to where the visitor was, and the floating chat button
 * never lies over anything a person needs. (How soon, on a throttled phone,
 * is measured by the bench: scripts/bench/phoneBench.ts.)
 */

test.use({ viewport: { width: 390, height: 844 } });

const progress = (page: Page) => page.locator('[data-navigation-progress]');

test('a tapped role shows progress while its page is on its way, and its page starts at the top; Back returns to the same place', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/internship?mode=remote');
  // The law page (its HTML, which the site fetches to draw it) is held back, as a slow link would.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/internship/law',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const link = page.locator('#find').getByRole('link', { name: /^Environmental Law/ });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(progress(page)).toBeHidden();
  // Where the role is on the screen when it is tapped (the cards around it drawn by then).
  const topOf = () => link.evaluate((element) => element.getBoundingClientRect().top);
  await page.waitForTimeout(500);
  const before = await topOf();
  await link.click();
  await expect(progress(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-navigating', '');
  release();
  // A safety net for a busy machine, not a measure (the bench measures how soon).
  await expect(page.getByRole('heading', { level: 1, name: 'Law Internships' })).toBeVisible({ timeout: 60_000 });
  await expect(progress(page)).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL(/\/internship\/law\?role=environmentalLaw&mode=remote$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/internship\?mode=remote$/);
  await expect(page.locator('#find').getByLabel('Work mode')).toHaveValue('remote');
  // The same place is where the role was on the screen, not an offset: the cards off screen have a usual height until
  // they are drawn, so the page above it is not as long, to the pixel, as it was.
  await expect.poll(topOf).toBeGreaterThan(before - 50);
  await expect.poll(topOf).toBeLessThan(before + 50);
  await expect(link).toBeInViewport();
});

test('a page followed from the foot of another starts at its top; a link to a part of a page starts at that part', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/internship/law');
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  const footerLink = page.getByRole('contentinfo').locator('a[href^="/"]:not([href^="/internship/law"])').first();
  const target = await footerLink.getAttribute('href');
  await footerLink.click();
  await expect(page).toHaveURL(new RegExp(`${target!.replace(/[?]/g, '\\?')}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // The internship finder, by its anchor, from a search result.
  await page.goto('/search?q=pune');
  await page.getByRole('link', { name: 'Internships in Pune' }).click();
  await expect(page).toHaveURL(/\/internship\?city=Pune#find$/);
  const heading = page.getByRole('heading', { name: 'Find an Internship Role' });
  await expect(heading).toBeVisible({ timeout: 60_000 });
  await expect(heading).toBeInViewport();
});

/** What the chat button lies over where it is shown now: words, pictures and controls of the page, by their own boxes. */
function coveredByChat(): { shown: boolean; covers: string[] } {
  const link = document.querySelector<HTMLElement>('a[title="Chat with us on WhatsApp"]')!;
  const style = getComputedStyle(link);
  if (style.pointerEvents === 'none' || style.opacity === '0' || style.visibility === 'hidden') return { shown: false, covers: [] };
  const area = link.getBoundingClientRect();
  const overlaps = (r: DOMRect) => r.width > 1 && r.height > 1 && r.left < area.right && area.left < r.right && r.top < area.bottom && area.top < r.bottom;
  const covers: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || link.contains(node) || !parent?.checkVisibility({ visibilityProperty: true })) continue;
    // Words for screen readers only (clipped to a pixel) are not on screen.
    const box = parent.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(overlaps)) covers.push(`text "${node.textContent.trim().slice(0, 40)}"`);
  }
  for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary, img, video')) {
    if (el === link || link.contains(el) || !(el as HTMLElement).checkVisibility()) continue;
    if (overlaps(el.getBoundingClientRect())) covers.push(`${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`);
  }
  return { shown: true, covers };
}

test('the chat button covers nothing on /internship/law at 390 px, from top to foot, and is there where the page has room', async ({ page }) => {
  // Some forty places down the page, each waited for.
  test.setTimeout(240_000);
  await page.goto('/internship/law');
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  let shownAt = 0;
  for (let y = 0; y <= height + 100; y += 120) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    // The button settles a moment after the scroll: wait until what it covers is nothing.
    await expect.poll(() => page.evaluate(coveredByChat).then((r) => r.covers), { message: `scrolled to ${y}` }).toEqual([]);
    if ((await page.evaluate(coveredByChat)).shown) shownAt++;
  }
  // At the foot of the page (and between its parts) it is there to tap.
  expect(shownAt).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeVisible();
  // Share on WhatsApp, which it covered (the issue), is free to tap.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const share = page.getByRole('link', { name: /^Share on WhatsApp/ }).first();
  await share.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(coveredByChat).then((r) => r.covers)).toEqual([]);
});

test('the chat button can be reached from the keyboard, and shows when it is', async ({ page }) => {
  await page.goto('/internship/law');
  const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
  await chat.focus();
  await expect(chat).toBeFocused();
  await expect(chat).toHaveCSS('opacity', '1');
});
