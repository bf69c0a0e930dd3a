import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Every control that changes what is shown works from first paint: without any
 * script at all, and when the script comes late it picks up what the visitor
 * chose and nothing on the page moves. (How fast a tap works on a throttled
 * phone is measured by the bench, scripts/bench/phoneBench.ts, not here.)
 */

const visible = (page: Page, fact: string) => page.locator(`main [data-fact="${fact}"]:visible`);

test.describe('with JavaScript blocked', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('Select Role and Select Job Role show the tapped role', async ({ page }) => {
    await page.goto('/internship/law');
    await page.getByRole('radio', { name: /Criminal Law/ }).check();
    await expect(page.getByRole('heading', { level: 2, name: 'Criminal Law' })).toBeVisible();
    await expect(visible(page, 'stipend')).toHaveText('₹5,000/month');
    await expect(visible(page, 'duration')).toHaveText('6 weeks');
    await page.getByRole('radio', { name: /Environmental Law/ }).check();
    await expect(visible(page, 'stipend')).toHaveText('₹4,500/month');

    await page.goto('/jobs/Developer Jobs');
    await page.getByRole('radio', { name: /Backend Developer/ }).check();
    await expect(page.getByRole('heading', { level: 2, name: 'Backend Developer' })).toBeVisible();
    await expect(visible(page, 'salary')).toHaveText('₹6-10 LPA');
  });

  test('a ?role= link is answered with that role chosen', async ({ page }) => {
    await page.goto('/internship/law?role=familyLaw');
    await expect(page.getByRole('radio', { name: /Family Law/ })).toBeChecked();
    await expect(page.getByRole('heading', { level: 2, name: 'Family Law' })).toBeVisible();
    await expect(page).toHaveTitle(/^Family Law Internship/);
  });

  test('the syllabus opens one module at a time, and questions open', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    const module = (n: number) => page.locator('main details', { has: page.locator('summary', { hasText: `Module ${n}` }) });
    await module(2).locator('summary').click();
    await expect(module(2).getByText('Video Lectures')).toBeVisible();
    await module(3).locator('summary').click();
    await expect(module(3)).toHaveAttribute('open', '');
    await expect(module(2)).not.toHaveAttribute('open');
    const question = page.locator('main details:not([name])').first();
    await question.locator('summary').click();
    await expect(question).toHaveAttribute('open', '');
  });

  test('the menu and its sub-menus open', async ({ page }) => {
    await page.goto('/courses');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await nav.locator('summary', { hasText: 'Internships' }).click();
    await expect(nav.getByRole('link', { name: 'Law', exact: true })).toBeVisible();
  });

  test('the internship finder filters and sorts', async ({ page }) => {
    await page.goto('/internship');
    const finder = page.locator('#find');
    const stipends = finder.locator('[data-fact="stipend"]:visible');
    await finder.getByLabel('Field').selectOption('Law');
    await expect(stipends).toHaveCount(6);
    await finder.getByLabel('Minimum stipend').selectOption('5000');
    await expect(stipends).toHaveCount(4);
    await finder.getByLabel('Work mode').selectOption('remote');
    await expect(stipends).toHaveText(['₹6,000/month', '₹5,500/month']);
    await finder.getByLabel('Work mode').selectOption('');
    await finder.getByLabel('Sort by').selectOption('stipend');
    // Sorted by the stylesheet: the order on screen, not in the page.
    const onScreen = await stipends.evaluateAll((els) =>
      els
        .map((el) => ({ y: el.getBoundingClientRect().top, stipend: Number(el.textContent!.replace(/[^\d]/g, '')) }))
        .sort((a, b) => a.y - b.y)
        .map((s) => s.stipend),
    );
    expect(onScreen).toEqual([6000, 5500, 5000, 5000]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(finder.locator('[data-fact="stipend"]:visible').first()).toBeVisible();
    expect(await finder.locator('[data-fact="stipend"]:visible').count()).toBeGreaterThan(60);
  });

  test('the course catalogue filters by kind, category and price', async ({ page }) => {
    await page.goto('/courses');
    const catalogue = page.locator('#catalogue');
    await catalogue.getByLabel('Category').selectOption('civil');
    await expect(catalogue.locator('article:visible')).toHaveCount(5);
    await catalogue.getByLabel('Category').selectOption('');
    await catalogue.getByLabel('Kind of course').selectOption('professional');
    await expect(catalogue.locator('article:visible')).toHaveCount(16);
    await catalogue.getByLabel('Price').selectOption({ label: 'Above ₹20,000' });
    await expect(catalogue.locator('article:visible')).toHaveCount(3);
  });

  test('slides can be paused and chosen, and the course strip paused', async ({ page }) => {
    await page.goto('/donation');
    const slider = page.locator('[aria-roledescription="carousel"]').first();
    await slider.getByRole('radio', { name: 'Slide 3 of 4' }).check();
    // Slide 3 fades in; once the 800 ms fade is over, it is the one slide shown (the count alone could be read before the fade began).
    await expect(slider.locator('[aria-label="Slide 3 of 4"]')).toBeVisible();
    await expect(slider.locator('[aria-roledescription="slide"]:visible')).toHaveCount(1);
    await expect(slider.locator('[aria-roledescription="slide"]:visible')).toHaveAttribute('aria-label', 'Slide 3 of 4');
    await slider.getByRole('checkbox', { name: 'Pause slideshow' }).check();
    await expect(slider.getByRole('checkbox', { name: 'Pause slideshow' })).toBeChecked();

    await page.goto('/');
    await page.getByRole('checkbox', { name: 'Pause slideshow' }).first().check();
    const state = await page
      .locator('[class*="track"]')
      .first()
      .evaluate((el) => getComputedStyle(el).animationPlayState);
    expect(state).toBe('paused');
  });
});

/** Holds every script of the site until `release` is called, as a slow link does (the page paints; DOMContentLoaded waits). */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** The sum of layout shifts from now on (CLS without the windows), read later. */
async function watchShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: false });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test.describe('when the script comes late', () => {
  // The page is used before its script has come, so opening it cannot wait for the mark of a hydrated page; each test
  // waits instead for what the script does once released (the address catching up, the count).
  test.use({ viewport: { width: 390, height: 844 }, waitForLive: false });

  test('a role tapped before it came stays chosen, the address catches up, and nothing moves', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/internship/law', { waitUntil: 'commit' });
    await page.getByRole('radio', { name: /Criminal Law/ }).check();
    await expect(visible(page, 'stipend')).toHaveText('₹5,000/month');
    const shifted = await watchShifts(page);
    await release();
    await expect(page).toHaveURL(/\?role=criminalLaw$/);
    await expect(page.getByRole('radio', { name: /Criminal Law/ })).toBeChecked();
    await expect(visible(page, 'stipend')).toHaveText('₹5,000/month');
    await page.getByRole('radio', { name: /Family Law/ }).check();
    await expect(page).toHaveURL(/\?role=familyLaw$/);
    expect(await shifted()).toBeLessThan(0.01);
  });

  test('finder choices made before it came are kept, counted and put in the address', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/internship', { waitUntil: 'commit' });
    const finder = page.locator('#find');
    await finder.getByLabel('Field').selectOption('Law');
    await expect(finder.locator('[data-fact="stipend"]:visible')).toHaveCount(6);
    await release();
    await expect(page).toHaveURL(/field=Law/);
    await expect(finder.getByRole('status')).toHaveText('6 internship roles match');
    await expect(finder.getByLabel('Field')).toHaveValue('Law');
    await expect(finder.locator('[data-fact="stipend"]:visible')).toHaveCount(6);
  });

  test('a slideshow paused before it came does not start', async ({ page }) => {
    await page.clock.install();
    const release = await holdScripts(page);
    await page.goto('/donation', { waitUntil: 'commit' });
    const slider = page.locator('[aria-roledescription="carousel"]').first();
    await slider.getByRole('checkbox', { name: 'Pause slideshow' }).check();
    await release();
    await expect(slider.getByRole('button', { name: 'Next slide' })).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(slider.locator('[aria-roledescription="slide"]:visible')).toHaveCount(1);
    await expect(slider.locator('[aria-roledescription="slide"]:visible')).toHaveAttribute('aria-label', 'Slide 1 of 4');
  });
});
