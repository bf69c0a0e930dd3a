import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describeViolations, WCAG } from './axe.ts';
import { certificates, importIssued } from './certificateCli.ts';
import { expect, test } from './fixtures.ts';

test.describe("a certificate's own page", () => {
  test.beforeAll(importIssued);

  test('is reached from the verification result, reads without script, and previews with whose certificate it is', async ({ page, request }) => {
    await page.goto('/details?ids=IC25/123456');
    await page.getByRole('link', { name: /Open this certificate's page.*IC25\/123456/ }).click();
    await expect(page).toHaveURL(/\/certificate\/IC25\/123456$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aarav Sharma' })).toBeVisible();
    // The page opens with its verdict: these demo certificates are samples, and say so first.
    await expect(page.locator('[data-field="verdict"]')).toHaveText('This is a sample certificate for trying the verification. It was not issued to anyone.');
    await expect(page.locator('[data-field="courseName"]')).toHaveText('Web Development Internship');
    await expect(page.locator('[data-field="checkedAt"]')).toContainText('Checked against our register on');
    await expect(page).toHaveTitle('Aarav Sharma: Web Development Internship | InternCraft');

    const html = await (await request.get('/certificate/ic25-123456')).text();
    expect(html).toContain('<meta property="og:title" content="Aarav Sharma: Web Development Internship | InternCraft"');
    expect(html).toContain('<meta name="robots" content="noindex"');
    // Rendered by the server with the certificate: it reads before (and without) the page's script.
    expect(html).toContain('<dd data-field="courseName">Web Development Internship</dd>');
  });

  test('offers copy, WhatsApp, LinkedIn with the certificate fields, print, the PDF and the signed credential, for a valid certificate', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/certificate/IC26/700001');
    await expect(page.locator('[data-field="verdict"]')).toHaveText('Valid: InternCraft issued this certificate to Meera Nair on 14 February 2026.');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://interncraft.in/certificate/IC26/700001');

    const whatsapp = new URL((await page.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href'))!);
    expect(whatsapp.searchParams.get('text')).toBe(
      "Meera Nair's Corporate Law Internship certificate from InternCraft, verified: https://interncraft.in/certificate/IC26/700001",
    );

    // data/site.json sets no LinkedIn organisation ID, so the organisation is named (a unit test holds the ID's use).
    const linkedIn = new URL((await page.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href'))!);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Corporate Law Internship',
      organizationName: 'InternCraft',
      issueYear: '2026',
      issueMonth: '2',
      certUrl: 'https://interncraft.in/certificate/IC26/700001',
      certId: 'IC26/700001',
    });

    const pdf = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const file = await (await pdf).path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // The credential checks against the key set the page links, and carries what the page shows.
    const credential = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download signed credential' }).click();
    const jwt = fs.readFileSync(await (await credential).path(), 'utf8');
    const keysLink = page.locator('[data-field="keySet"] a');
    await expect(page.locator('[data-field="keySet"]')).toContainText('verify its ES256 signature against our public key set at');
    const keys = await (await request.get(new URL((await keysLink.getAttribute('href'))!, page.url()).toString())).json();
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(keys), { issuer: 'https://interncraft.in' });
    const achievement = (payload['credentialSubject'] as { achievement: { description: string; alignment: { targetName: string }[] } }).achievement;
    await expect(page.locator('[data-field="description"]')).toHaveText(achievement.description);
    await expect(page.locator('[data-field="skills"] li')).toHaveText(achievement.alignment.map((a) => a.targetName));
  });

  test('offers no sharing for a sample: only a valid certificate can be shared', async ({ page }) => {
    await page.goto('/certificate/IC25/123457');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Share on WhatsApp/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);
    await expect(page.locator('[data-field="noSharing"]')).toHaveText('Only a valid certificate can be shared or added to LinkedIn.');
  });

  test('prints the certificate alone: no menu, footer, chat button, actions or other sections', async ({ page }) => {
    await page.goto('/certificate/IC25/123457');
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['header', 'footer', '[data-chrome]', 'text=Share or keep this certificate']) {
      await expect(page.locator(hidden).first()).toBeHidden();
    }
    await expect(page.getByRole('heading', { name: 'Registered With' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Ishita Verma' })).toBeVisible();
    await expect(page.getByRole('img', { name: "QR code that opens this certificate's page" })).toBeVisible();
  });

  test('answers an unknown ID with the spec sentence and a 404', async ({ page }) => {
    const response = await page.goto('/certificate/IC25/000404');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText('No certificate found with ID: IC25/000404. Please verify the ID and try again.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Verify', exact: true })).toHaveAttribute('href', '/certificate-verification');
  });

  test('reads revoked on the page and on /details, first, with the date in India and the reason, and offers no sharing or credential', async ({ page }) => {
    certificates('revoke', 'IC26/700002', '--reason', 'Issued in error: the course was not completed.');
    try {
      await page.goto('/certificate/IC26/700002');
      await expect(page.locator('[data-field="verdict"]')).toHaveText(/^Revoked on \d{2} \w+ \d{4}: Issued in error: the course was not completed\.$/);
      await expect(page.locator('[data-field="times"]')).toHaveText('All dates and times are in India Standard Time (IST).');
      await expect(page.getByRole('link', { name: 'Download signed credential' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Add to LinkedIn/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Share on WhatsApp/ })).toHaveCount(0);
      await page.goto('/details?ids=IC26/700002');
      await expect(page.locator('[data-field="verdict"]')).toHaveText(/^Revoked on /);
      await expect(page.locator('[data-status="valid"]')).toHaveCount(0);
      // Issue 37: a list with a valid, a revoked and an unknown ID counts each apart (it read "2 of 3 certificate IDs found").
      await page.goto('/details?ids=IC26/700001,IC26/700002,IC99/000000');
      await expect(page.locator('[data-field="summary"]')).toHaveText('3 certificate IDs checked: 1 valid, 1 revoked and 1 not found');
    } finally {
      certificates('reinstate', 'IC26/700002');
    }
  });

  for (const width of [390, 1280]) {
    test(`is accessible at ${width} px (axe), with its actions reachable by keyboard`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/certificate/IC26/700001');
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
      const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(axe.violations, describeViolations(axe.violations)).toEqual([]);
      await page.getByRole('button', { name: 'Copy link' }).focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: /Share on WhatsApp/ })).toBeFocused();
    });
  }
});
