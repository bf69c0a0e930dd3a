import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signUpByApi } from './members.ts';
import { uniqueEmail } from './outbox.ts';

/**
 * Issue 28: log-in and sign-up bring a student back to the page they came
 * from. The header's links carry that page once encoded (they carried
 * %252Finternship%252Flaw), and only a path of this site is followed.
 */

const main = (page: Page) => page.locator('#main');
const header = (page: Page) => page.locator('header');

async function signUpHere(page: Page, fullName: string, email: string): Promise<void> {
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password').fill('secret12');
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a log-in from /internship/law returns to /internship/law, with the chosen role', async ({ page, request }) => {
  // An account to log in with, which this browser is not logged in to.
  const email = uniqueEmail('lawlogin');
  await signUpByApi(request, 'Kavya Law', email);

  await page.goto('/internship/law?role=criminalLaw');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const login = header(page).getByRole('link', { name: 'Log in' });
  // One encoding: the address of the page, as a parameter.
  await expect(login).toHaveAttribute('href', '/login?next=%2Finternship%2Flaw%3Frole%3DcriminalLaw');
  await login.click();
  await expect(page).toHaveURL(/\/login\?next=%2Finternship%2Flaw%3Frole%3DcriminalLaw$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret12');
  await page.getByRole('button', { name: 'Log In' }).click();

  await expect(page).toHaveURL(/\/internship\/law\?role=criminalLaw$/);
  await expect(page.getByRole('status').filter({ hasText: 'Login successful!' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Criminal Law', exact: true })).toBeVisible();
  // The log-in page left the history: Back does not open the form again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
});

test('sign-up from a role page shows the new account first, then leads back to the role', async ({ page }) => {
  await page.goto('/internship/law?role=familyLaw');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await header(page).getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Finternship%2Flaw%3Frole%3DfamilyLaw$/);
  const email = uniqueEmail('lawsignup');
  await signUpHere(page, 'Irfan Khan', email);
  await expect(page).toHaveURL(/\/account\?next=%2Finternship%2Flaw%3Frole%3DfamilyLaw$/);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome, Irfan! Your account is ready.' })).toBeVisible();
  await main(page).getByRole('link', { name: 'Back to the page you came from' }).click();
  await expect(page).toHaveURL(/\/internship\/law\?role=familyLaw$/);
  await expect(main(page).getByRole('heading', { name: 'Family Law', exact: true })).toBeVisible();
});

test('a ?next= that is not a path of this site is not followed', async ({ page, request }) => {
  const email = uniqueEmail('evilnext');
  await signUpByApi(request, 'Careful Student', email);

  for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
    await page.context().clearCookies();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login successful!');
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(main(page).getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  }
});
