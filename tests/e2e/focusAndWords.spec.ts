import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './outbox.ts';

/**
 * Issue 28's small ones: a ring a keyboard user can see on every control (the
 * selects' was a pale shadow), /thankyou served with a true heading and text
 * before its script, and the account page's refusals read as sentences.
 */

/** Whether the focused control shows an outline of at least 2 px: its own, or its label's (a chip's hidden radio). */
function focusRing(): { ok: boolean; what: string } {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { ok: true, what: 'nothing' };
  const what = `${el.tagName.toLowerCase()}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  for (const candidate of [el, el.closest('label')]) {
    if (!candidate) continue;
    const style = getComputedStyle(candidate);
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) return { ok: true, what };
  }
  return { ok: false, what };
}

async function tabThrough(page: Page, stops: number): Promise<{ seen: string[]; without: string[] }> {
  const seen: string[] = [];
  const without: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const { ok, what } = await page.evaluate(focusRing);
    seen.push(what);
    if (!ok) without.push(what);
  }
  return { seen, without };
}

test.describe('keyboard focus', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const path of ['/internship', '/courses', '/internship/law', '/contact', '/login', '/certificate-verification']) {
    test(`every control of ${path} shows a focus ring`, async ({ page }) => {
      await page.goto(path);
      const { seen, without } = await tabThrough(page, 60);
      expect(without, `controls without a visible ring on ${path}`).toEqual([]);
      if (path === '/internship' || path === '/courses') expect(seen.some((s) => s.startsWith('select'))).toBe(true);
    });
  }

  test('a select shows the same ring as a button, not a pale shadow', async ({ page }) => {
    await page.goto('/internship');
    const select = page.getByLabel('Field', { exact: true });
    await select.focus();
    const ring = await select.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
    });
    expect(ring).toEqual({ style: 'solid', width: '3px', color: 'rgb(29, 78, 216)' });
  });
});

test.describe('/thankyou before its script', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('is served with a heading and a sentence that are true whether or not anything was sent', async ({ page }) => {
    await page.goto('/thankyou');
    await expect(page.getByRole('heading', { level: 1, name: 'Your enrolment' })).toBeVisible();
    await expect(page.locator('main [data-fact="thankYouMessage"]')).toHaveText(/^If you have just enrolled from this browser/);
    await expect(page.getByRole('link', { name: 'Browse courses' })).toBeVisible();
    await expect(page.getByText('Thank you!')).toHaveCount(0);
  });
});

test.describe('the account page', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('says what was not done, then why, as sentences', async ({ page, expectConsole }) => {
    // The two refusals are answered 400.
    expectConsole(/status of 400/);
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Meena Iyer');
    await page.getByLabel('Email').fill(uniqueEmail('words'));
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password').fill('secret12');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/account$/);

    const password = page.locator('section', { has: page.getByRole('heading', { name: 'Change password' }) });
    await password.getByLabel('Current password').fill('not-mine-1');
    await password.getByLabel('New password', { exact: true }).fill('another-2');
    await password.getByLabel('Confirm new password').fill('another-2');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText('Your password is not changed. That is not your current password.');

    await page.getByLabel('Your password, to confirm').fill('not-mine-1');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'deleted' })).toHaveText('Your account is not deleted. That is not your current password.');
  });
});
