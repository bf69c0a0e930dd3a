import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { describeViolations, WCAG } from './axe.ts';
import { importIssued } from './certificateCli.ts';
import { expect, test } from './fixtures.ts';

/** Pastes text into the focused field as a person does (the clipboard, then Ctrl+V), line breaks included. */
async function paste(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The spec's answer (section 7): certificate objects with the seven fields of section 3 and nothing else. */
const specShaped = [
  {
    certificateID: 'IC25/123456',
    studentName: 'Aarav Sharma',
    regNo: 'REG2025CS0142',
    college: 'National Institute of Technology Patna',
    courseName: 'Web Development Internship',
    marks: '92%',
    issueDate: '2025-03-05',
  },
];

test.describe('certificate verification', () => {
  test('verifies IC25/123456 through the form and shows its details', async ({ page }) => {
    await page.goto('/certificate-verification');
    const input = page.getByLabel('Certificate ID');
    const verify = page.getByRole('button', { name: 'Verify' });
    await expect(input).toHaveAttribute('placeholder', 'e.g. IC25/123456');
    await expect(verify).toBeDisabled();
    await input.fill('  IC25/123456  ');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/details\?ids=IC25%2F123456$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate Details' })).toBeVisible();
    await expect(page.locator('[data-field="certificateID"]')).toHaveText('IC25/123456');
    await expect(page.getByRole('heading', { name: 'Aarav Sharma' })).toBeVisible();
    await expect(page.locator('[data-field="issueDate"]')).toHaveText('05 March 2025');
    await expect(page.getByRole('heading', { name: 'Registered With' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/certificate-verification$/);
  });

  test("shows 'Verifying...' with the field and button disabled while the server answers", async ({ page }) => {
    // The answer is held back until the loading state has been seen, however slow the machine.
    let answer: () => void = () => {};
    const seen = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/certificates/verify', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('IC25/123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await expect(page.getByLabel('Certificate ID')).toBeDisabled();
    answer();
    await expect(page).toHaveURL(/\/details/);
  });

  test('says so when no certificate has the ID', async ({ page }) => {
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('IC25/000001');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('No certificate found with ID: IC25/000001. Please verify the ID and try again.');
  });

  test('asks for an ID when only spaces were typed', async ({ page }) => {
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('   ');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid certificate ID.');
  });

  test('finds a certificate however the ID is typed, and answers any other text with the spec sentence', async ({ page }) => {
    await page.goto('/certificate-verification');
    const input = page.getByLabel('Certificate ID');
    await input.fill('ic25 123456');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/details\?ids=ic25%20123456$/);
    await expect(page.locator('[data-field="certificateID"]')).toHaveText('IC25/123456');
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('hello');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('No certificate found with ID: hello. Please verify the ID and try again.');
  });

  test('opens /details?ids= with two IDs directly', async ({ page }) => {
    await page.goto('/details?ids=IC25/123456,IC25/123457');
    await expect(page.locator('[data-field="certificateID"]')).toHaveText(['IC25/123456', 'IC25/123457']);
    await expect(page.locator('[data-field="issueDate"]')).toHaveText(['05 March 2025', '18 April 2025']);
  });

  test('shows a row for every ID of a mixed request: found, not found, malformed', async ({ page }) => {
    await page.goto('/details?ids=IC25/123456,IC25/000009,not an id!,IC24-998701');
    await expect(page.locator('[data-field="certificateID"]')).toHaveText(['IC25/123456', 'IC24/998701']);
    await expect(page.locator('[data-missing]')).toHaveText([
      'No certificate found with ID: IC25/000009. Please verify the ID and try again.',
      'No certificate found with ID: not an id!. Please verify the ID and try again.',
    ]);
    // The demo certificates say everywhere that they are samples: it is the first thing said about each.
    await expect(page.locator('[data-field="verdict"]').first()).toHaveText(
      'This is a sample certificate for trying the verification. It was not issued to anyone.',
    );
  });

  test('explains a details page without ids, and one whose ids are unknown', async ({ page }) => {
    await page.goto('/details');
    await expect(page.getByRole('alert')).toHaveText('No certificate IDs provided.');
    await page.goto('/details?ids=IC25/000002');
    await expect(page.getByRole('alert')).toHaveText('No certificates found for the provided IDs.');
    await expect(page.locator('[data-missing]')).toHaveText('No certificate found with ID: IC25/000002. Please verify the ID and try again.');
  });

  test('explains a details page whose request fails', async ({ page, expectConsole }) => {
    expectConsole(/status of 503/);
    await page.route('**/api/certificates/verify', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"maintenance"}' }),
    );
    await page.goto('/details?ids=IC25/123456');
    await expect(page.getByRole('alert')).toContainText('Error fetching certificate data. Please try again.');
  });
});

test.describe('several certificate IDs at once', () => {
  test.beforeAll(importIssued);

  for (const width of [390, 1280]) {
    test(`takes IDs pasted with a comma, a space inside one and a line break, and answers each at ${width} px (axe)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/certificate-verification');
      await page.getByLabel('Certificate ID').focus();
      await paste(page, 'IC25 123456, ic25-123457\nIC99/000000');
      await expect(page.getByLabel('Certificate ID')).toHaveValue('IC25 123456, ic25-123457\nIC99/000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/details\?ids=IC25%20123456%2Cic25-123457%2CIC99%2F000000$/);
      // Two found, each with its own verdict and evidence (these two are the demo samples, and say so); the third not found.
      await expect(page.locator('[data-field="summary"]')).toHaveText('3 certificate IDs checked: 2 samples and 1 not found');
      await expect(page.locator('li[data-status]')).toHaveCount(2);
      await expect(page.locator('[data-field="certificateID"]')).toHaveText(['IC25/123456', 'IC25/123457']);
      await expect(page.locator('li[data-status] [data-field="verdict"]')).toHaveText([/sample certificate/, /sample certificate/]);
      await expect(page.locator('li[data-status="revoked"]')).toHaveCount(0);
      await expect(page.locator('[data-missing]')).toHaveText(['No certificate found with ID: IC99/000000. Please verify the ID and try again.']);
      await expect(page.locator('[data-field="notFoundHelp"]')).toContainText('info@interncraft.in');
      // The answer has the keyboard's focus.
      await expect(page.locator('[data-field="summary"]').locator('xpath=..')).toBeFocused();
      const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(axe.violations, describeViolations(axe.violations)).toEqual([]);
    });
  }

  test('shows two valid certificates we issued and one not found, each with its own answer', async ({ page }) => {
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').focus();
    await paste(page, 'IC26 700001, ic26-700003\nIC99/000000');
    await page.keyboard.press('Enter');
    await expect(page.locator('li[data-status="valid"] [data-field="verdict"]')).toHaveText([
      'Valid: InternCraft issued this certificate to Meera Nair on 14 February 2026.',
      'Valid: InternCraft issued this certificate to Sneha Kulkarni on 20 February 2026.',
    ]);
    await expect(page.locator('[data-field="duration"]')).toHaveText(['8 weeks', '8 weeks']);
    await expect(page.locator('[data-field="dates"]').first()).toHaveText('15 December 2025 to 08 February 2026');
    await expect(page.locator('[data-missing]')).toHaveText(['No certificate found with ID: IC99/000000. Please verify the ID and try again.']);
  });

  test('says what "not found" means, what to check and whom to write to, with the focus on that answer', async ({ page }) => {
    await page.goto('/certificate-verification');
    const input = page.getByLabel('Certificate ID');
    await input.fill('IC99/000001, IC99/000002');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'No certificate found with ID: IC99/000001. Please verify the ID and try again.No certificate found with ID: IC99/000002. Please verify the ID and try again.',
    );
    const help = page.locator('[data-field="notFoundHelp"]');
    await expect(help).toContainText('no certificate we issued has this ID');
    await expect(help).toContainText('Check the ID as printed beside the signatures');
    await expect(help.getByRole('link', { name: 'info@interncraft.in' })).toHaveAttribute('href', 'mailto:info@interncraft.in');
    await expect(page.getByRole('alert').locator('xpath=..')).toBeFocused();
  });

  test('asks for a shorter list past 20 IDs, and points to support', async ({ page }) => {
    await page.goto('/certificate-verification');
    const ids = Array.from({ length: 21 }, (_, i) => `IC25/${100000 + i}`).join(', ');
    await page.getByLabel('Certificate ID').fill(ids);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please check at most 20 certificate IDs at a time. For a longer list, write to info@interncraft.in.');
  });
});

test.describe("a verify answer in the spec's shape (section 7)", () => {
  test('renders the certificate on /details without error, as a valid certificate checked now', async ({ page }) => {
    await page.route('**/api/certificates/verify', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(specShaped) }),
    );
    await page.goto('/details?ids=IC25/123456');
    await expect(page.getByRole('heading', { name: 'Aarav Sharma' })).toBeVisible();
    await expect(page.locator('[data-field="verdict"]')).toHaveText('Valid: InternCraft issued this certificate to Aarav Sharma on 05 March 2025.');
    await expect(page.locator('[data-field="issueDate"]')).toHaveText('05 March 2025');
    await expect(page.locator('[data-field="checkedAt"]')).toContainText('Checked against our register on');
    await expect(page.getByRole('link', { name: /Open this certificate's page/ })).toHaveAttribute('href', '/certificate/IC25/123456');
    await expect(page.getByText('Error fetching certificate data')).toHaveCount(0);
  });

  test('is carried from the form to /details the same way', async ({ page }) => {
    await page.route('**/api/certificates/verify', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(specShaped) }),
    );
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('IC25/123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/details\?ids=IC25%2F123456$/);
    await expect(page.locator('[data-field="courseName"]')).toHaveText('Web Development Internship');
  });

  test('an answer that is no list of certificates is an error to read, never a crash', async ({ page }) => {
    await page.route('**/api/certificates/verify', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ certificateID: 'IC25/123456', studentName: 7 }]) }),
    );
    await page.goto('/details?ids=IC25/123456');
    await expect(page.getByRole('alert')).toHaveText('Error fetching certificate data. Please try again.');
  });
});

test.describe('accounts', () => {
  test('signs up (logged in at once, on the account page), logs out, logs in again, and logs out', async ({ page }) => {
    const email = `asha.${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Asha Kumari');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password').fill('secret12');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Issue 18: sign-up logs in and goes to the account, instead of asking for the same e-mail and password again.
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('auth-user')).toHaveText('Hi, Asha');
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login successful!');
    await expect(page.getByTestId('auth-user')).toHaveText('Hi, Asha');

    await page.goto('/');
    await expect(page.getByTestId('auth-user')).toHaveText('Hi, Asha');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('auth-user')).toHaveCount(0);
  });

  test("checks the sign-up form with the spec's messages, every problem at once", async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Sign Up' });
    const alert = page.getByRole('alert');
    await submit.click();
    await expect(alert).toContainText('Please fill out all fields');
    await page.getByLabel('Full Name').fill('Ravi');
    await page.getByLabel('Email').fill('ravi@example');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abd');
    await submit.click();
    await expect(alert.getByRole('listitem')).toHaveText(['Invalid email format', 'Password must be at least 6 characters', 'Passwords do not match']);
    await page.getByLabel('Email').fill('ravi@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await submit.click();
    await expect(alert).toHaveText('Passwords do not match');
  });

  test('asks for both log-in fields and shows the server message on failure', async ({ page, expectConsole }) => {
    expectConsole(/status of 401/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both email and password');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  });
});
