import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** Changes a certificate through the import CLI, on the database the test server reads (playwright.config.ts names it). */
function certificates(...args: string[]): void {
  execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['server/cli/certificates.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, SQLITE_FILE: process.env['E2E_SQLITE_FILE'] },
    stdio: 'pipe',
  });
}

test.describe("a certificate's own page", () => {
  test('is reached from the verification result, reads without script, and previews with whose certificate it is', async ({ page, request }) => {
    await page.goto('/details?ids=IC25/123456');
    await page.getByRole('link', { name: /Open this certificate's page.*IC25\/123456/ }).click();
    await expect(page).toHaveURL(/\/certificate\/IC25\/123456$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();
    await expect(page.getByText('Sample: this certificate was not issued to anyone')).toBeVisible();
    await expect(page.locator('[data-field="courseName"]')).toHaveText('Web Development Internship');
    await expect(page.locator('[data-field="checkedAt"]')).toContainText('Checked against our register on');
    await expect(page).toHaveTitle('Aarav Sharma: Web Development Internship | InternCraft');

    const html = await (await request.get('/certificate/ic25-123456')).text();
    expect(html).toContain('<meta property="og:title" content="Aarav Sharma: Web Development Internship | InternCraft"');
    expect(html).toContain('<meta name="robots" content="noindex"');
    // Rendered by the server with the certificate: it reads before (and without) the page's script.
    expect(html).toContain('<dd data-field="courseName">Web Development Internship</dd>');
  });

  test('offers copy, WhatsApp, LinkedIn with the certificate fields, print, the PDF and the signed credential', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/certificate/IC25/123457');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://interncraft.in/certificate/IC25/123457');

    const whatsapp = new URL((await page.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href'))!);
    expect(whatsapp.searchParams.get('text')).toBe(
      "Ishita Verma's Digital Marketing Internship certificate from InternCraft, verified: https://interncraft.in/certificate/IC25/123457",
    );

    const linkedIn = new URL((await page.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href'))!);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Digital Marketing Internship',
      organizationName: 'InternCraft',
      issueYear: '2025',
      issueMonth: '4',
      certUrl: 'https://interncraft.in/certificate/IC25/123457',
      certId: 'IC25/123457',
    });

    const pdf = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const file = await (await pdf).path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    const credential = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download signed credential' }).click();
    expect(fs.readFileSync(await (await credential).path(), 'utf8')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('prints the certificate alone: no menu, footer, chat button, actions or other sections', async ({ page }) => {
    await page.goto('/certificate/IC25/123457');
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['header', 'footer', '[data-chrome]', 'text=Share or keep this certificate', 'text=Registered With']) {
      await expect(page.locator(hidden).first()).toBeHidden();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Ishita Verma' })).toBeVisible();
    await expect(page.getByRole('img', { name: "QR code that opens this certificate's page" })).toBeVisible();
  });

  test('answers an unknown ID with the spec sentence and a 404', async ({ page }) => {
    const response = await page.goto('/certificate/IC25/000404');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('No certificate found with ID: IC25/000404. Please verify the ID and try again.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Verify', exact: true })).toHaveAttribute('href', '/certificate-verification');
  });

  test('reads revoked on the page and on /details, with the date and the reason, and offers no credential or LinkedIn', async ({ page }) => {
    certificates('revoke', 'IC25/204518', '--reason', 'Issued in error: the course was not completed.');
    try {
      await page.goto('/certificate/IC25/204518');
      await expect(page.getByText('Revoked: this certificate no longer stands')).toBeVisible();
      await expect(page.locator('[data-field="revocation"]')).toHaveText(/^Revoked on \d{2} \w+ \d{4}: Issued in error: the course was not completed\.$/);
      await expect(page.getByRole('link', { name: 'Download signed credential' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);
      await page.goto('/details?ids=IC25/204518');
      await expect(page.getByText('Revoked certificate', { exact: true })).toBeVisible();
      await expect(page.getByText('Verified certificate', { exact: true })).toHaveCount(0);
    } finally {
      certificates('reinstate', 'IC25/204518');
    }
  });

  for (const width of [390, 1280]) {
    test(`is accessible at ${width} px (axe), with its actions reachable by keyboard`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/certificate/IC25/123456');
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
      const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(axe.violations, describeViolations(axe.violations)).toEqual([]);
      await page.getByRole('button', { name: 'Copy link' }).focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: /Share on WhatsApp/ })).toBeFocused();
    });
  }
});
