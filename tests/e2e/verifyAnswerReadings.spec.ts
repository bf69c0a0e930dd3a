import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 32: a verify answer in the spec's shape (section 7) as another server may fairly write section 3's fields
 * (marks a number, issueDate a date and time, fields of its own) is read by the form and by /details alike. The ID is
 * one no certificate of ours has, so what the pages show can only come from the stubbed answer.
 */
const ID = 'IC25/555001';

function answerWith(fields: Record<string, unknown>): Record<string, unknown>[] {
  return [
    {
      certificateID: ID,
      studentName: 'Priya Verma',
      regNo: 'REG2025EE0077',
      college: 'Indian Institute of Technology Patna',
      courseName: 'Data Science Internship',
      marks: 92,
      issueDate: '2025-03-05T10:30:00Z',
      grade: 'A',
      issuedBy: { name: 'another server' },
      ...fields,
    },
  ];
}

/** Every verify call of the page gets this answer; returns how many were made. */
async function stubVerify(page: Page, answer: unknown): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route('**/api/certificates/verify', (route) => {
    seen.calls += 1;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
  return seen;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(axe.violations, describeViolations(axe.violations)).toEqual([]);
}

async function expectShown(page: Page, marks: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Priya Verma' })).toBeVisible();
  await expect(page.locator('[data-field="certificateID"]')).toHaveText(ID);
  await expect(page.locator('[data-field="marks"]')).toHaveText(marks);
  await expect(page.locator('[data-field="issueDate"]')).toHaveText('05 March 2025');
  await expect(page.locator('[data-field="verdict"]')).toHaveText('Valid: InternCraft issued this certificate to Priya Verma on 05 March 2025.');
  await expect(page.getByText('Error fetching certificate data')).toHaveCount(0);
}

async function verifyThroughTheForm(page: Page): Promise<void> {
  await page.goto('/certificate-verification');
  await page.getByLabel('Certificate ID').fill(ID);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('a verify answer with marks as a number and issueDate as a date and time (spec sections 3 and 7), read in a browser in California', () => {
  // 16:00 on 05 March in India is still 05 March in Los Angeles, but 2025-03-04T18:30:00Z below is 10:30 on 04 March there.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the form opens /details with the certificate, dated 05 March 2025 (axe on both pages)', async ({ page }) => {
    const verify = await stubVerify(page, answerWith({}));
    await page.goto('/certificate-verification');
    await expectNoAxeViolations(page);
    await page.getByLabel('Certificate ID').fill(ID);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/details\?ids=IC25%2F555001$/);
    await expectShown(page, '92');
    // /details showed what the form read, without asking again.
    expect(verify.calls).toBe(1);
    await expectNoAxeViolations(page);
  });

  test('/details opened directly shows the certificate, dated 05 March 2025 (axe)', async ({ page }) => {
    const verify = await stubVerify(page, answerWith({}));
    await page.goto(`/details?ids=${encodeURIComponent(ID)}`);
    await expectShown(page, '92');
    expect(verify.calls).toBe(1);
    await expectNoAxeViolations(page);
  });

  test('a moment just after midnight in India, written in UTC, is dated the day it was in India, on both paths', async ({ page }) => {
    await stubVerify(page, answerWith({ marks: '92%', issueDate: '2025-03-04T18:30:00Z' }));
    await verifyThroughTheForm(page);
    await expect(page).toHaveURL(/\/details\?ids=IC25%2F555001$/);
    await expectShown(page, '92%');
    await page.goto(`/details?ids=${encodeURIComponent(ID)}`);
    await expectShown(page, '92%');
  });
});

test.describe('the same answers read in a browser in New Zealand', () => {
  // 23:59 on 05 March in India is 07:29 on 06 March in Auckland.
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('a moment just before midnight in India, with its +05:30 offset, is still 05 March', async ({ page }) => {
    await stubVerify(page, answerWith({ issueDate: '2025-03-05T23:59:00+05:30' }));
    await page.goto(`/details?ids=${encodeURIComponent(ID)}`);
    await expectShown(page, '92');
  });

  test('a date alone is the day as written', async ({ page }) => {
    await stubVerify(page, answerWith({ issueDate: '2025-03-05' }));
    await verifyThroughTheForm(page);
    await expect(page).toHaveURL(/\/details\?ids=IC25%2F555001$/);
    await expectShown(page, '92');
  });
});

test.describe('an answer no fair reading makes a certificate of', () => {
  test('is refused with the existing errors: the form stays and says so, /details says it could not read it', async ({ page }) => {
    // Marks as text, so the date alone is what is wrong.
    await stubVerify(page, answerWith({ marks: '92%', issueDate: 'yesterday' }));
    await verifyThroughTheForm(page);
    await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again later.');
    await expect(page).toHaveURL(/\/certificate-verification$/);
    await page.goto(`/details?ids=${encodeURIComponent(ID)}`);
    await expect(page.getByRole('alert')).toHaveText('Error fetching certificate data. Please try again.');
    await expect(page.getByRole('heading', { name: 'Priya Verma' })).toHaveCount(0);
  });
});
