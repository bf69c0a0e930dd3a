import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { decodeQrSvg } from '../support/qr.ts';
import { describeViolations, WCAG } from './axe.ts';
import { expect } from './fixtures.ts';

/** What the staff console's browser tests share: its people's password, the command line, signing in, its screens. */

export const PASSWORD = 'a long staff passphrase';

/** `npm run staff -- …` on the test server's database. */
export async function staffCli(...args: string[]): Promise<string> {
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const { stdout } = await promisify(execFile)(tsx, [path.join(projectRoot, 'server', 'cli', 'staff.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, SQLITE_FILE: process.env['E2E_SQLITE_FILE']!, DATABASE_URL: '' },
  });
  return stdout;
}

/** The code an authenticator app holding this secret shows now (each 30-second step is accepted once). */
export function codeFor(secret: string): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
}

export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations, `${label}\n${describeViolations(results.violations)}`).toEqual([]);
}

/** Nothing on the page is wider than the window (no sideways scrolling at 390 px). */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A screen of the console by its heading, checked with axe-core and for sideways scrolling. */
export async function screen(page: Page, heading: string | RegExp, label: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page, label);
  await expectNoSidewaysScroll(page, label);
}

/** The first sign-in: password, then the authenticator's setup from the secret shown, then the recovery codes shown once. */
export async function firstSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await screen(page, 'Set up your second factor', 'the authenticator setup');
  await expect(page.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
  // The QR code a phone scans holds the setup address, read here with zbarimg as a camera would.
  const qrOf = async () =>
    decodeQrSvg(decodeURIComponent((await page.getByTestId('totp-qr').getAttribute('src'))!.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')));
  const uri = await qrOf();
  const secret = new URL(uri).searchParams.get('secret')!;
  expect((await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
  // She signs in again before typing a code: the same secret, so the entry her phone holds still works.
  await page.reload();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' })).toBeVisible();
  expect(await qrOf()).toBe(uri);
  await page.getByLabel('Six-digit code (or a recovery code)').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await screen(page, 'Your recovery codes', 'the recovery codes');
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await screen(page, 'Home', 'the console home');
}

/** Opens a screen from the console's navigation. */
export async function open(page: Page, name: string | RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: 'InternCraft staff console' })
    .getByRole('link', typeof name === 'string' ? { name, exact: true } : { name })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}
