import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 37, "a tap is never lost", as a visitor on a slow phone and one at the keyboard goes: the menu and search
 * tapped before the scripts arrive end as asked; Apply on the comparison and at the top of a role's page; the chat
 * button gives way to the Compare bar; a skip link to the finder's filters; one Escape closes search.
 */

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations, `${label}\n${describeViolations(results.violations)}`).toEqual([]);
}

/** Holds the scripts whose address matches until `release` is called, as a slow link does (the page paints first). */
async function hold(page: Page, what: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(what, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** Apply for a role: its name is the button's words and the role's (the role's part of it hidden text, read with a pause before it, in the role's details). */
const applyFor = (role: string) => new RegExp(`^Apply Now\\s*: ${role}$`);

const live = (page: Page) => page.locator('html[data-live]').waitFor({ state: 'attached' });
const menuOpen = (page: Page) => page.locator('nav[data-menu-bar] ul[popover]').evaluate((list) => list.matches(':popover-open'));

test.describe('tapped before the scripts arrive', () => {
  test.use({ viewport: { width: 390, height: 844 }, waitForLive: false });

  test('the menu, and a sub-menu in it, stay open when the scripts come', async ({ page }) => {
    const release = await hold(page, /\/assets\/.*\.js$/);
    await page.goto('/internship/law', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.locator('summary', { hasText: 'Jobs' }).click();
    await expect(nav.getByRole('link', { name: 'Developer Jobs' })).toBeVisible();
    await release();
    await live(page);
    // Every island drawn, the page settled: the menu is still as the visitor left it.
    await page.waitForLoadState('networkidle');
    expect(await menuOpen(page)).toBe(true);
    await expect(nav.getByRole('link', { name: 'Developer Jobs' })).toBeVisible();
    await expectAccessible(page, 'the menu opened before the scripts came');
  });

  test('search tapped before any script leads to the search page, whose box is there to type in', async ({ page }) => {
    const release = await hold(page, /\/assets\/.*\.js$/);
    await page.goto('/courses', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\??$/);
    await expect(page.getByRole('searchbox')).toBeVisible();
    await release();
    await live(page);
    await page.getByRole('searchbox').fill('law');
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=law$/);
  });

  test('search tapped after the page script came, before its own code, opens once that code is here', async ({ page }) => {
    const release = await hold(page, /\/assets\/SearchButton-[^/]*\.js$/);
    await page.goto('/courses', { waitUntil: 'commit' });
    // The page's own script runs (it marks the history entry), the search button's code has not come.
    await page.waitForFunction(() => Boolean((window.history.state as { key?: string } | null)?.key));
    await expect(page.locator('html[data-live]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/courses$/);
    await release();
    await expect(page.getByRole('combobox', { name: 'Search the site' })).toBeFocused();
    await expect(page).toHaveURL(/\/courses$/);
  });
});

test.describe('with JavaScript blocked', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the Apply at the top of a role's page follows the role tapped", async ({ page }) => {
    await page.goto('/internship/law');
    await page.getByRole('radio', { name: /Criminal Law/ }).check();
    await expect(page.getByRole('link', { name: applyFor('Criminal Law') }).first()).toBeInViewport();
    await expect(page.getByRole('link', { name: applyFor('Corporate Law') })).toHaveCount(0);
  });

  test("a job category's page has Apply for the chosen role at its top too", async ({ page }) => {
    await page.goto('/jobs/Developer Jobs');
    await page.getByRole('radio', { name: /Backend Developer/ }).check();
    // Its Apply writes to the careers address (a new tab, which its name says after the role).
    await expect(page.getByRole('link', { name: /^Apply Now\s*: Backend Developer\b/ }).first()).toBeInViewport();
    await expect(page.getByRole('link', { name: /^Apply Now\s*: Frontend Developer\b/ })).toHaveCount(0);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('one Escape closes search, with what was typed, and focus returns to the button', async ({ page }) => {
    await page.goto('/courses');
    await page.getByRole('button', { name: 'Search' }).click();
    const box = page.getByRole('combobox', { name: 'Search the site' });
    await box.fill('criminal law');
    await expect(page.getByRole('option').first()).toContainText('Criminal Law');
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  });
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('each compared role has its Apply, going where its own page sends it', async ({ page }) => {
      await page.goto('/internship/law?role=corporateLaw');
      const corporate = await page
        .locator('[data-role-head]:visible')
        .getByRole('link', { name: applyFor('Corporate Law') })
        .getAttribute('href');
      await page.goto('/internship/pharmacy?role=clinicalPharmacy');
      const clinical = await page
        .locator('[data-role-head]:visible')
        .getByRole('link', { name: applyFor('Clinical Pharmacy') })
        .getAttribute('href');
      expect(corporate).toMatch(/^\/apply/);

      await page.goto('/internship/compare?roles=law.corporateLaw&roles=pharmacy.clinicalPharmacy');
      const table = page.getByRole('table');
      await expect(table.getByRole('link', { name: applyFor('Corporate Law') })).toHaveAttribute('href', corporate!);
      await expect(table.getByRole('link', { name: applyFor('Clinical Pharmacy') })).toHaveAttribute('href', clinical!);
      await expectAccessible(page, 'two roles compared, each with its Apply');
      await table.getByRole('link', { name: applyFor('Clinical Pharmacy') }).click();
      await expect(page).toHaveURL(new RegExp(`${clinical!.replace(/[?.]/g, '\\$&')}$`));
    });

    test("a role's page has Apply for the chosen role in its first screen, following the role chosen", async ({ page }) => {
      await page.goto('/internship/law');
      const top = page.getByRole('link', { name: applyFor('Corporate Law') }).first();
      await expect(top).toBeVisible();
      const box = (await top.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(width < 500 ? 844 : 900);
      await page.getByRole('radio', { name: /Criminal Law/ }).check();
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const criminal = page.getByRole('link', { name: applyFor('Criminal Law') });
      await expect(criminal.first()).toBeVisible();
      await expect(page.getByRole('link', { name: applyFor('Corporate Law') })).toHaveCount(0);
      // The one at the top and the one in the role's details go to the same place.
      const hrefs = await criminal.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toHaveLength(2);
      expect(hrefs[0]).toBe(hrefs[1]);
      expect((await criminal.first().boundingBox())!.y).toBeLessThan(width < 500 ? 844 : 900);
      await expectAccessible(page, 'Apply at the top of a role page');
    });

    test('a skip link leads past the header to the finder’s first filter', async ({ page }) => {
      await page.goto('/internship');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to the internship filters' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.locator('#find').getByLabel('Field', { exact: true })).toBeFocused();
      await expectAccessible(page, 'the finder reached by its skip link');
      // Another page has no filters, and so no such link; back on the finder, it is there again.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(skip).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/internship(#find-filters)?$/);
      await expect(skip).toHaveCount(1);
    });
  });
}

test.describe('at 390 px, the Compare bar', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the chat button never lies over the Compare side by side bar, wherever the list is scrolled', async ({ page }) => {
    await page.goto('/internship');
    const finder = page.locator('#find');
    for (const title of ['Corporate Law', 'Clinical Pharmacy']) {
      await finder
        .locator('li', { has: page.getByRole('heading', { name: new RegExp(`^${title}\\b`) }) })
        .getByRole('checkbox', { name: /Compare/ })
        .check();
    }
    const bar = finder.getByRole('button', { name: 'Compare side by side' });
    await expect(bar).toBeVisible();
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    const { top, height } = await finder.evaluate((el) => ({ top: el.getBoundingClientRect().top + window.scrollY, height: (el as HTMLElement).offsetHeight }));
    let checked = 0;
    for (let y = top; y < top + height - 844; y += 1500) {
      await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y);
      const form = bar.locator('xpath=ancestor::form[1]');
      // The bar is at the foot of the screen here; the button, where it is still shown, does not overlap it.
      const overlap = async () => {
        const shown = await chat.evaluate((link) => getComputedStyle(link).opacity !== '0' && getComputedStyle(link).pointerEvents !== 'none');
        const a = (await chat.boundingBox())!;
        const b = (await form.boundingBox())!;
        const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        return shown && overlaps;
      };
      await expect.poll(overlap, { message: `scrolled to ${y}` }).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
    await expectAccessible(page, 'two roles ticked, the bar at the foot of the screen');
  });
});
