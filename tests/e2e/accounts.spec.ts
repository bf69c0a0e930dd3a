import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signUpByApi } from './members.ts';
import { change, enquiriesCli, latestMail, linkIn, query, uniqueEmail, waitForMail } from './outbox.ts';

/**
 * Issue 18's flows, each at a phone's width and a desktop's, with axe-core on
 * every state they reach: enquiries that reach us, an account worth having,
 * referrals that count, a password reset from the outbox, the data download
 * and erasure, and the newsletter's double opt-in.
 */

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations, `${label}\n${describeViolations(results.violations)}`).toEqual([]);
}

async function signUp(page: Page, fullName: string, email: string, from = '/signup'): Promise<void> {
  await page.goto(from);
  // Pages of a second browser context are not the fixture's: wait for the page to be live here too.
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password').fill('secret12');
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

const main = (page: Page) => page.locator('#main');

const CONFIRM_SUBJECT = 'Confirm your e-mail address for InternCraft';

/** Follows the newest confirmation link mailed to the address, as its owner would. */
async function confirmAddress(page: Page, email: string): Promise<void> {
  await page.goto(linkIn(await waitForMail(email, CONFIRM_SUBJECT), '/confirm-email?token='));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your e-mail address is confirmed. Thank you.');
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('sign-up goes to the account in one step; an enrolment made logged in is stored, acknowledged, exported and listed', async ({ page }) => {
      const email = uniqueEmail(`enrol${width}`);
      await signUp(page, 'Asha Kumari', email);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('status').filter({ hasText: 'Welcome, Asha! Your account is ready.' })).toBeVisible();
      await expect(main(page).getByText(email, { exact: true })).toBeVisible();
      await expectAccessible(page, 'a new account');

      await page.goto('/courses');
      await main(page)
        .getByRole('link', { name: /Enroll Now\W+Revit$/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/enrollment\?course=2$/);
      await expect(page.getByRole('heading', { name: 'Revit' })).toBeVisible();
      // The logged-in student's name and address are filled in.
      await expect(page.getByLabel('Full name')).toHaveValue('Asha Kumari');
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await page.getByLabel('Phone').fill('98765 43210');
      await page.getByRole('button', { name: 'Enroll Now' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for enrolling in Revit!' })).toBeFocused();
      const said = await main(page)
        .getByText(/We have received your request \(reference E\d{6}\)/)
        .textContent();
      const reference = said!.match(/E\d{6}/)![0];
      // The acknowledgement leaves from the mail queue after this answer: the page does not claim it was sent.
      await expect(main(page).getByText(`Our team will write to ${email} within one working day`)).toBeVisible();
      await expectAccessible(page, 'thanked for enrolling');

      const mail = await waitForMail(email, 'We have your enrolment request for Revit');
      expect(mail.text).toContain('Revit (8 weeks, ₹899)');
      expect(mail.text).toContain(reference);

      const csv = await enquiriesCli('export', '--kind', 'enrolment');
      const row = csv.split('\r\n').find((line) => line.includes(reference));
      expect(row).toContain(`"${email}"`);
      expect(row).toContain('"Revit"');
      expect(row).toContain('"yes"');

      await page.getByRole('link', { name: 'See it in your account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(main(page).getByText('Enrolment: Revit')).toBeVisible();
      await expect(main(page).getByText(new RegExp(`reference ${reference} · Acknowledgement e-mailed`))).toBeVisible();
    });

    test('a lost answer to an enrolment: the form keeps what was typed, and trying again stores it once', async ({ page, expectConsole }) => {
      expectConsole(/status of 503/);
      const email = uniqueEmail(`lost${width}`);
      let first = true;
      await page.route('**/api/enquiries/enrolment', async (route) => {
        if (!first) return route.continue();
        first = false;
        // The server stores it, but the answer never arrives.
        await route.fetch();
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The server is busy."}' });
      });
      await page.goto('/enrollment?course=3');
      await expect(page.getByRole('heading', { name: 'SCADA' })).toBeVisible();
      await page.getByLabel('Full name').fill('Ravi Kumar');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('+91 98765 43210');
      await page.getByRole('button', { name: 'Enroll Now' }).click();
      await expect(page.getByRole('alert')).toHaveText('Nothing was sent: The server is busy.');
      await expect(page.getByLabel('Phone')).toHaveValue('+91 98765 43210');
      await expectAccessible(page, 'an enrolment that failed');
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for enrolling in SCADA!' })).toBeVisible();
      expect(query('select id from enquiries where email = ?', email)).toHaveLength(1);
    });

    test('/thankyou opened directly says nothing was sent and offers the catalogue', async ({ page }) => {
      await page.goto('/thankyou');
      await expect(page.getByRole('heading', { level: 1, name: 'Nothing has been sent yet' })).toBeVisible();
      await expect(page.getByText('Thank you!')).toHaveCount(0);
      await expectAccessible(page, '/thankyou opened directly');
      await page.getByRole('link', { name: 'Browse courses' }).click();
      await expect(page).toHaveURL(/\/courses$/);
    });

    test('a contact message reaches us; when it cannot be sent it is kept, with a retry and the e-mail app', async ({ page, expectConsole }) => {
      expectConsole(/status of 500/);
      const email = uniqueEmail(`contact${width}`);
      await page.route('**/api/enquiries/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }), { times: 1 });
      await page.goto('/contact');
      await page.getByLabel('Name').fill('Meera');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Message').fill('Is Revit taught in Hindi?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('alert')).toContainText('Our server had a problem. Please try again in a minute.');
      await expect(page.getByRole('link', { name: 'Or send it from your e-mail app' })).toHaveAttribute(
        'href',
        /^mailto:info@interncraft\.in\?.*Is%20Revit%20taught%20in%20Hindi/,
      );
      await expect(page.getByLabel('Message')).toHaveValue('Is Revit taught in Hindi?');
      await expectAccessible(page, 'a contact message that failed');
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('status').filter({ hasText: /Thank you, Meera\. We have received your message \(reference E\d{6}\)/ })).toBeVisible();
      expect(query<{ message: string }>('select message from enquiries where email = ?', email)).toEqual([{ message: 'Is Revit taught in Hindi?' }]);
    });

    test("a friend's sign-up through your link raises your earnings by 50, once", async ({ page, browser }) => {
      const owner = uniqueEmail(`owner${width}`);
      await signUpByApi(page.request, 'Kiran Rao', owner);
      await page.goto('/account');
      const earned = main(page).locator('[data-fact="account-earnings"]');
      await expect(earned).toHaveText('Earned: ₹0');
      const link = await main(page).getByRole('textbox', { name: 'Your referral link' }).inputValue();
      expect(link).toMatch(/\/signup\?ref=[A-HJ-NP-Z2-9]{8}$/);

      const friendContext = await browser.newContext({ viewport: { width, height: 900 } });
      const friend = await friendContext.newPage();
      const friendEmail = uniqueEmail(`friend${width}`);
      // The friend looks round the site first; the code from the link is remembered.
      await friend.goto(new URL(link).pathname.replace('/signup', '/courses') + new URL(link).search);
      await friend.locator('html[data-live]').waitFor({ state: 'attached' });
      await signUp(friend, 'Friend One', friendEmail);
      await expect(friend).toHaveURL(/\/account$/);
      // Nothing is earned until the friend confirms their address.
      await page.reload();
      await expect(earned).toHaveText('Earned: ₹0');
      await confirmAddress(friend, friendEmail);
      // Signing up again with the same address changes nothing.
      await friendContext.clearCookies();
      await signUp(friend, 'Friend One', friendEmail, new URL(link).pathname + new URL(link).search);
      await expect(friend.getByRole('alert')).toContainText('An account with this email already exists');
      await friendContext.close();

      await page.reload();
      await expect(earned).toHaveText('Earned: ₹50');
      await expect(main(page).locator('[data-fact="account-signups"]')).toHaveText('1 friend signed up with your link');
      await expectAccessible(page, 'an account with a referral');

      await page.goto('/ReferralProgram');
      await expect(main(page).getByRole('textbox', { name: 'Your referral link' })).toHaveValue(link);
      await expect(main(page).locator('[data-fact="earnings"]')).toHaveText('₹50');
      await expect(main(page).getByRole('button', { name: 'Simulate a referral' })).toHaveCount(0);
      await expectAccessible(page, 'the referral page logged in');
    });

    test('forgot password: the link from the outbox sets a new one, then fails a second time and after expiry', async ({ page, request, expectConsole }) => {
      // 410: the used and the expired link.
      expectConsole(/status of 410/);
      const email = uniqueEmail(`reset${width}`);
      // An account this browser is not logged in to.
      await signUpByApi(request, 'Nisha Verma', email);

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/reset-password$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('alert')).toContainText(`If an account uses ${email}, we have sent it a link`);
      await expectAccessible(page, 'a reset link asked for');

      const link = linkIn(await waitForMail(email, 'Reset your InternCraft password'), '/reset-password?token=');
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
      await page.getByLabel('Confirm new password').fill('brand-new-1');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByRole('alert')).toHaveText('Your password is changed and you are logged in.');
      await expectAccessible(page, 'a new password set');
      await page.getByRole('link', { name: 'Go to your account' }).click();
      await expect(main(page).getByText(email, { exact: true })).toBeVisible();

      // The same link again: refused.
      await page.context().clearCookies();
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('another-one-2');
      await page.getByLabel('Confirm new password').fill('another-one-2');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByRole('alert')).toHaveText('This reset link has expired or has already been used.');
      await expectAccessible(page, 'a reset link used twice');

      // A new link, expired before it is used: refused too.
      await page.getByRole('link', { name: 'Ask for a new link' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('alert')).toContainText('we have sent it a link');
      let second = link;
      await expect
        .poll(() => {
          const newest = latestMail(email, 'Reset your InternCraft password');
          second = newest ? linkIn(newest, '/reset-password?token=') : link;
          return second;
        })
        .not.toBe(link);
      const [user] = query<{ id: number }>('select id from users where email = ?', email);
      change('update password_resets set expires_at = ? where user_id = ? and used_at is null', '2020-01-01T00:00:00.000Z', user!.id);
      await page.goto(second);
      await page.getByLabel('New password', { exact: true }).fill('too-late-3');
      await page.getByLabel('Confirm new password').fill('too-late-3');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByRole('alert')).toHaveText('This reset link has expired or has already been used.');

      // The password set from the first link is the one that works.
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('brand-new-1');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('alert')).toHaveText('Login successful!');
    });

    test('download your data, then delete the account: gone from the database, enquiries unlinked', async ({ page }) => {
      const email = uniqueEmail(`erase${width}`);
      await signUpByApi(page.request, 'Dev Patel', email);
      await page.goto('/contact');
      await page.getByLabel('Message').fill('Please call me about Revit.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'We have received your message' })).toBeVisible();
      await page.goto('/account');
      await expect(main(page).getByText('Message to our team')).toBeVisible();

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^InternCraft-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
      expect(data.account).toMatchObject({ fullName: 'Dev Patel', email });
      expect(data.enquiries).toEqual([expect.objectContaining({ kind: 'contact', message: 'Please call me about Revit.' })]);

      const [user] = query<{ id: number }>('select id from users where email = ?', email);
      await page.getByLabel('Your password, to confirm').fill('secret12');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted.' })).toBeVisible();
      await expectAccessible(page, 'an account deleted');

      expect(query('select id from users where id = ?', user!.id)).toEqual([]);
      expect(query('select id from sessions where user_id = ?', user!.id)).toEqual([]);
      expect(query<{ user_id: number | null }>('select user_id from enquiries where email = ?', email)).toEqual([{ user_id: null }]);
      await page.reload();
      await expect(main(page).getByRole('heading', { name: 'Log in to see your account' })).toBeVisible();
    });

    test('the newsletter: subscribed only once the link in the mail is followed; unsubscribed from the mail or the account', async ({
      page,
      expectConsole,
    }) => {
      // The replaced confirmation link is refused (410), as it should be.
      expectConsole(/status of 410/);
      const email = uniqueEmail(`news${width}`);
      await page.goto('/');
      const footer = page.locator('footer');
      await footer.getByLabel('Your e-mail address').fill(email);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await expect(footer.getByRole('status')).toHaveText(`Almost done: we have sent a link to ${email}. Your subscription starts when you open it.`);
      expect(query('select status from newsletter_subscriptions where email = ?', email)).toEqual([{ status: 'pending' }]);

      const mail = await waitForMail(email, 'Confirm your subscription');
      await page.goto(linkIn(mail, '/newsletter?confirm='));
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
      await expectAccessible(page, 'the confirmation page');
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page.getByRole('alert')).toHaveText(`You are subscribed. The next newsletter will reach ${email}.`);
      expect(query('select status from newsletter_subscriptions where email = ?', email)).toEqual([{ status: 'subscribed' }]);

      // The same address's account shows the choice and ends it.
      await signUpByApi(page.request, 'Reader', email);
      await page.goto('/account');
      // Until the account's address is confirmed, its newsletter is not shown or changed here.
      const status = main(page).locator('[data-fact="newsletter-status"]');
      await expect(status).toHaveText('Confirm your e-mail address first (see above); then you can subscribe here.');
      await expect(main(page).getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
      await expectAccessible(page, 'an account waiting for its address to be confirmed');
      // A lost link: a new one replaces it.
      const first = linkIn(await waitForMail(email, CONFIRM_SUBJECT), '/confirm-email?token=');
      await main(page).getByRole('button', { name: 'Send the link again' }).click();
      await expect(main(page).getByRole('status').filter({ hasText: 'A link to confirm your address is on its way to' })).toHaveText(
        `A link to confirm your address is on its way to ${email}.`,
      );
      await expect.poll(() => linkIn(latestMail(email, CONFIRM_SUBJECT)!, '/confirm-email?token=')).not.toBe(first);
      await page.goto(first);
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await expect(page.getByRole('alert')).toHaveText('This link has expired or has already been used. Ask for a new one on your account page.');
      await confirmAddress(page, email);
      await page.goto('/account');
      await expect(main(page).getByRole('heading', { name: 'Confirm your e-mail address' })).toHaveCount(0);
      await expect(status).toHaveText(`You receive our newsletter at ${email}.`);
      await main(page).getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(main(page).locator('[data-fact="newsletter-status"]')).toHaveText('You do not receive our newsletter.');
      expect(query('select status from newsletter_subscriptions where email = ?', email)).toEqual([]);

      // The link in the mail works as well (already done: still fine).
      await page.goto(linkIn(mail, '/newsletter?unsubscribe='));
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('alert')).toHaveText('You are unsubscribed: no more newsletters will be sent to this address.');
      await expectAccessible(page, 'unsubscribed');
    });

    test('/login and /signup show who is logged in instead of the form', async ({ page }) => {
      const email = uniqueEmail(`who${width}`);
      await signUpByApi(page.request, 'Asha Kumari', email);
      for (const path of ['/login', '/signup']) {
        await page.goto(path);
        await expect(main(page).getByText(`You are logged in as Asha Kumari (${email}).`)).toBeVisible();
        await expect(main(page).getByRole('button', { name: /Log In|Sign Up/ })).toHaveCount(0);
        await expectAccessible(page, `${path} logged in`);
      }
      await main(page).getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    });

    test("sign-up shows every field's problem at once, each with the spec's message", async ({ page }) => {
      await page.goto('/signup');
      await page.getByLabel('Full Name').fill('Ravi');
      await page.getByLabel('Email').fill('ravi@example');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm Password').fill('abd');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const alert = page.getByRole('alert');
      await expect(alert.getByRole('listitem')).toHaveText(['Invalid email format', 'Password must be at least 6 characters', 'Passwords do not match']);
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format');
      await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
      await expect(page.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'sign-up with three problems');
    });

    test('the account page asks a visitor who is not logged in to log in, and brings them back', async ({ page, request }) => {
      const email = uniqueEmail(`back${width}`);
      // An account this browser is not logged in to.
      await signUpByApi(request, 'Back Again', email);
      await page.goto('/account');
      await expect(main(page).getByRole('heading', { name: 'Log in to see your account' })).toBeVisible();
      // The card takes the room its loading line kept for it: nothing below moves (the footer had, by 200 px).
      const shifted = await page.evaluate(
        () =>
          new Promise<{ value: number; by: string[] }[]>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as unknown as { value: number; sources?: { node?: Node }[] }[];
              resolve(entries.map((e) => ({ value: e.value, by: (e.sources ?? []).map((s) => s.node?.nodeName ?? '?') })));
            }).observe({ type: 'layout-shift', buffered: true });
            // No shift at all: the observer has nothing to give.
            setTimeout(() => resolve([]), 500);
          }),
      );
      expect(shifted.filter((shift) => shift.value >= 0.01)).toEqual([]);
      await expectAccessible(page, 'the account page logged out');
      await main(page).getByRole('link', { name: 'Log in' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('secret12');
      await page.getByRole('button', { name: 'Log In' }).click();
      // Straight back to the account, which says the log-in worked.
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('status').filter({ hasText: 'Login successful!' })).toBeVisible();
      await expect(main(page).getByText(email, { exact: true })).toBeVisible();
    });
  });
}
