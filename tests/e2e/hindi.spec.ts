import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { linkIn, uniqueEmail, waitForMail } from './outbox.ts';

/**
 * Issue 36's journey at 390 px: a visitor switches to हिंदी on a law role, stays on it, reads its stipend in ₹, searches
 * in Hindi and lands on the law stream, signs up, and her confirmation mail is in Hindi; switching back returns to the
 * same English page. The Hindi words are read from the translation (data/site.hi.json, the page's own .hi.json), so the
 * test follows the content, not a copy of it.
 */
type Translation = { texts: Record<string, { source: string; text: string }> };
const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, rel), 'utf8')) as Translation;
const site = read('data/site.hi.json');
const law = read('pages/internship/law.hi.json');
const hi = (translation: Translation, pointer: string) => {
  const text = translation.texts[pointer]?.text;
  if (!text) throw new Error(`No Hindi for ${pointer}`);
  return text;
};

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations, `${label}\n${describeViolations(results.violations)}`).toEqual([]);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor reads a role in Hindi, searches in Hindi, signs up and gets her mail in Hindi, then returns to English', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/fonts/')) fonts.push(`${new URL(page.url()).pathname} ${request.url()}`);
  });
  await page.goto('/internship/law?role=criminalLaw');
  await page.waitForLoadState('networkidle');
  // An English page never asks for the Devanagari web font, even for the switch's one Hindi word.
  expect(fonts).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await page.locator('header').getByRole('link', { name: 'हिंदी' }).click();

  // The same page and the same role, in Hindi.
  await expect(page).toHaveURL(/\/hi\/internship\/law\?role=criminalLaw$/);
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  const criminal = hi(law, '/sections/0/roles/1/title');
  await expect(page.getByRole('radio', { name: new RegExp(criminal) })).toBeChecked();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi(law, '/sections/0/title'));
  // Its stipend, the English document's figure, in ₹ with Indian grouping.
  await expect(page.getByText('₹5,000').first()).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute('href', /\/internship\/law$/);
  await expectAccessible(page, '/hi/internship/law');

  // Search in Hindi, on a Hindi page: the law stream first, at its Hindi address.
  await page.getByRole('button', { name: hi(site, '/ui/search/open') }).click();
  await page.getByRole('combobox', { name: hi(site, '/ui/search/label') }).fill('कानून इंटर्नशिप');
  const first = page.getByRole('option').first();
  await expect(first).toContainText(hi(law, '/sections/0/title'));
  await first.click();
  await expect(page).toHaveURL(/\/hi\/internship\/law$/);

  // Sign up from the Hindi page: the account's mails are in Hindi.
  const email = uniqueEmail('hindi');
  await page.goto('/hi/signup');
  await page.getByLabel(hi(site, '/ui/auth/fullName'), { exact: true }).fill('Asha Kumari');
  await page.getByLabel(hi(site, '/ui/auth/email'), { exact: true }).fill(email);
  await page.getByLabel(hi(site, '/ui/auth/password'), { exact: true }).fill('secret12');
  await page.getByLabel(hi(site, '/ui/auth/confirmPassword')).fill('secret12');
  await page.getByRole('button', { name: hi(site, '/ui/auth/signup') }).click();
  const mail = await waitForMail(email, hi(site, '/ui/mail/accountConfirm/subject'));
  // Its sentences are the Hindi ones (up to the figure the server fills in).
  expect(mail.text).toContain(hi(site, '/ui/mail/accountConfirm/paragraphs/1').split('{')[0]!);
  // Its link opens the confirmation page in Hindi.
  expect(linkIn(mail, '/hi/confirm-email?token=')).toMatch(/^\/hi\/confirm-email\?token=/);
  await expectAccessible(page, '/hi/signup after signing up');

  // Back to English: the same page, the same role.
  await page.goto('/hi/internship/law?role=criminalLaw');
  await page.locator('header').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/internship\/law\?role=criminalLaw$/);
  expect(new URL(page.url()).pathname).toBe('/internship/law');
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('radio', { name: /Criminal Law/ })).toBeChecked();
});

test('the home address opens in the language the visitor chose; a page not translated yet says so and is kept out of the index', async ({ page }) => {
  await page.goto('/');
  await page.locator('header').getByRole('link', { name: 'हिंदी' }).click();
  await expect(page).toHaveURL(/\/hi$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');

  // /about has no Hindi yet: the English page under /hi/, with the notice in Hindi and noindex, and no hreflang pair.
  await page.goto('/hi/about');
  await expect(page.getByText(hi(site, '/ui/layout/untranslated'))).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  await expect(page.locator('#main')).toHaveAttribute('lang', 'en-IN');
  await expectAccessible(page, '/hi/about');
});
