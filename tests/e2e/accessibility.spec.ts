import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** Every route is checked at 390 px by the crawler; here the main routes at desktop width, and states only reached by interacting. */
async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations, `${label}\n${describeViolations(results.violations)}`).toEqual([]);
}

for (const path of [
  '/',
  '/internship',
  '/internship/law',
  '/courses',
  '/courses/WebDevelopment',
  '/jobs',
  '/jobs/HR Jobs',
  '/certificate-verification',
  '/donation',
  '/ReferralProgram',
  '/terms',
  '/signup',
]) {
  test(`axe at 1280 px: ${path}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(encodeURI(path), { waitUntil: 'networkidle' });
    await expectNoViolations(page, path);
  });
}

test.describe('axe on states reached by interacting, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu with a sub-menu open', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).locator('summary', { hasText: 'Internships' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Law' }).first()).toBeVisible();
    await expectNoViolations(page, 'mobile menu with a sub-menu open');
  });

  test('an opened module and question', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    const module2 = page.locator('details', { has: page.locator('summary', { hasText: 'Module 2' }) });
    await module2.locator('summary').click();
    await expect(module2).toHaveAttribute('open', '');
    await page.locator('main details:not([name])').first().locator('summary').click();
    await expect(page.locator('main details:not([name])').first()).toHaveAttribute('open', '');
    await expectNoViolations(page, 'an opened module and question');
  });

  test('the search dialog with results', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('law');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectNoViolations(page, 'the search dialog with results');
  });

  test('the filtered internship finder', async ({ page }) => {
    await page.goto('/internship?field=Law#find');
    await expectNoViolations(page, 'filtered internship finder');
  });

  test('the sign-up form with an error', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill out all fields');
    await expectNoViolations(page, 'sign-up form with an error');
  });
});

test('every interactive part shows where keyboard focus is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/internship/law');
  const outlined: string[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
      // Radio buttons and checkboxes are drawn by their label, which carries the outline.
      const parentOutline = el.matches('input[type=radio], input[type=checkbox]') ? getComputedStyle(el.parentElement!).outlineStyle !== 'none' : false;
      return { label, visible: visible || parentOutline };
    });
    if (info) {
      expect(info.visible, `focus is not visible on "${info.label}"`).toBe(true);
      outlined.push(info.label);
    }
  }
  expect(outlined.length).toBeGreaterThan(15);
});

test('the syllabus, the questions and the sliders work by keyboard alone', async ({ page }) => {
  await page.goto('/courses/WebDevelopment');
  const moduleOne = page.locator('details', { has: page.locator('summary', { hasText: 'Module 1' }) });
  await moduleOne.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(moduleOne).toHaveAttribute('open', '');
  await page.keyboard.press('Space');
  await expect(moduleOne).not.toHaveAttribute('open');
  const question = page.locator('main details:not([name]) summary').first();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main details:not([name])').first()).toHaveAttribute('open', '');

  await page.clock.install();
  await page.goto('/donation');
  const pause = page.getByRole('checkbox', { name: 'Pause slideshow' }).first();
  await pause.focus();
  await page.keyboard.press('Space');
  await expect(pause).toBeChecked();
  const next = page.getByRole('button', { name: 'Next slide' }).first();
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[aria-roledescription="slide"][aria-label$="of 4"][data-active="true"]')).toHaveAttribute('aria-label', 'Slide 2 of 4');
});

test.describe('visitors who prefer reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('see no slider move by itself', async ({ page }) => {
    await page.clock.install();
    await page.goto('/donation');
    await page.clock.runFor(20_000);
    await expect(page.locator('[aria-roledescription="slide"][data-active="true"]').first()).toHaveAttribute('aria-label', 'Slide 1 of 4');
    const animation = await page
      .locator('[class*="track"]')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(['none', '']).toContain(animation);
  });
});
