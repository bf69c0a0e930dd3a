import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { request as requests } from '@playwright/test';
import { APPLYABLES_FILE } from '../../engine/shared/applyables.ts';
import { servedDir } from '../../releases/index.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { testApplyables } from '../support/applyables.ts';
import { expectAccessible, expectNoSidewaysScroll, firstSignIn, open, PASSWORD, screen, staffCli } from './console.ts';
import { expect, test } from './fixtures.ts';
import { change, linkIn, uniqueEmail, waitForMail } from './outbox.ts';

/**
 * Issue 34's board, as the team uses it at a desktop's width and a phone's, with axe-core on every screen: two law
 * students apply for Criminal Law on the site (through the API: sign-up, the confirmation link, a résumé, the
 * application); a staff member finds them on the board, sees one of them closing soon on the first screen, opens one
 * (her answers, her résumé, the seats), shortlists her, sends an assignment with a message, makes an offer, moves both
 * to joined at once (the other is refused with the server's sentence), marks her completed and issues her certificate
 * from the application (its refusals beside their fields), whose public page then shows it; the student has a mail
 * for each step, and the audit log reads each change. A viewer reads the same application and can change nothing.
 *
 * The catalogue the server takes applications for is the served release's applyables.json. Until the build writes it
 * (issue 34's applying pages, built apart from the board), a release without one is given the API tests' catalogue,
 * its law programme with the 20 seats content gives law (law/criminalLaw is a role of pages/internship/law.json).
 * With STAFF_SCREENSHOTS=1 the run keeps the board's screens in test-results/board-<width>-<name>.png.
 */

/** The smallest file that is a PDF by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const ROLE = { kind: 'internship', id: 'law/criminalLaw' } as const;
const DAY = 86_400_000;

interface Student {
  name: string;
  email: string;
  reference: string;
  id: number;
}

/** A second-year law student who signs up, confirms her address by the mailed link and applies for criminal law. */
async function applyingStudent(baseURL: string, name: string, email: string, withResume: boolean): Promise<Student> {
  const student: APIRequestContext = await requests.newContext({ baseURL });
  try {
    expect((await student.post('/api/auth/signup', { data: { fullName: name, email, password: PASSWORD } })).ok()).toBe(true);
    const link = linkIn(await waitForMail(email, 'Confirm your e-mail address'), '/confirm-email?token=');
    const token = new URLSearchParams(link.slice(link.indexOf('?'))).get('token');
    const confirmed = await student.post('/api/account/confirm-email', { data: { token } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    let resumeId: number | undefined;
    if (withResume) {
      const uploaded = await student.post('/api/account/resumes', { data: PDF, headers: { 'content-type': 'application/pdf' } });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      resumeId = ((await uploaded.json()) as { resume: { id: number } }).resume.id;
    }
    const applied = await student.post('/api/applications', {
      data: {
        subject: ROLE,
        answers: {
          yearOfStudy: '2',
          degree: 'BA LLB',
          college: 'Chanakya National Law University',
          whyYou: 'I have drafted bail applications in two moot courts.',
          startDate: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
          hoursPerWeek: '15',
        },
        ...(resumeId ? { resumeId } : {}),
        idempotencyKey: randomUUID(),
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const reference = ((await applied.json()) as { application: { reference: string } }).application.reference;
    return { name, email, reference, id: Number(reference.slice(1)) };
  } finally {
    await student.dispose();
  }
}

test.beforeAll(() => {
  const file = path.join(servedDir(path.join(projectRoot, 'dist')), APPLYABLES_FILE);
  if (fs.existsSync(file)) return;
  const items = testApplyables.map((item) => (item.programme?.id === 'law' ? { ...item, programme: { ...item.programme, seats: 20 } } : item));
  // Written whole and renamed, as two workers may both find it missing.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, JSON.stringify({ items }));
  fs.renameSync(partial, file);
});

/** With STAFF_SCREENSHOTS=1, the screen as it is now, whole, for a person to look at. */
async function keep(page: Page, width: number, name: string): Promise<void> {
  if (!process.env['STAFF_SCREENSHOTS']) return;
  await page.screenshot({ path: path.join(projectRoot, 'test-results', `board-${width}-${name}.png`), fullPage: true });
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, baseURL: test.info().project.use.baseURL! });
  return context.newPage();
}

/**
 * Moves the application open on the screen, and waits for the server's answer (in the site's words of the status, as
 * the student reads it) and for the history to say so (in the console's).
 */
async function moveTo(page: Page, value: string, moved: string, history: string, extra?: { toStudent?: string; note?: string }): Promise<void> {
  await page.getByLabel('Move to').selectOption(value);
  if (extra?.toStudent) await page.getByLabel('Message to the student').fill(extra.toStudent);
  if (extra?.note) await page.getByLabel('Note for the team').fill(extra.note);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `1 application moved to ${moved}.` })).toBeVisible();
  await expect(page.locator('.history li').filter({ hasText: history })).toBeVisible();
}

// One width after the other: each issues the next free certificate ID the draft proposes, which the other would take.
test.describe.configure({ mode: 'serial' });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('a staff member finds an application on the board and takes it to a certificate; a viewer only reads it', async ({
      page,
      browser,
      request,
      expectConsole,
    }) => {
      test.setTimeout(300_000);
      expectConsole(/status of 401/);
      // An ID issued already is refused (409), and the browser logs the refusal.
      expectConsole(/status of 409/);
      const baseURL = test.info().project.use.baseURL!;
      const [first, last] = width < 500 ? ['Kavya', 'Menon'] : ['Ishita', 'Verma'];
      const her = await applyingStudent(baseURL, `${first} ${last}`, uniqueEmail(`${first.toLowerCase()}${width}`), true);
      const other = await applyingStudent(baseURL, `${first} ${last} Rao`, uniqueEmail(`${first.toLowerCase()}${width}rao`), false);
      // Nobody has touched the other one for twelve of the fourteen days: the site would close it within three.
      change('UPDATE enquiries SET status_at = ? WHERE id = ?', new Date(Date.now() - 12 * DAY).toISOString(), other.id);

      const owner = uniqueEmail(`boardowner${width}`);
      expect((await request.post('/api/auth/signup', { data: { fullName: 'Anil Owner', email: owner, password: PASSWORD } })).ok()).toBe(true);
      await staffCli('add', owner, '--role', 'owner');
      await page.goto('/staff/');
      await screen(page, 'Sign in to the staff console', 'the sign-in');
      await firstSignIn(page, owner);

      // The first screen says how many applications are being decided and how many the site will close soon.
      await expect(page.getByTestId('open-applications')).toHaveText(/^[1-9][\d,]*$/);
      await expect(page.getByTestId('closing-soon')).toHaveText(/^[1-9][\d,]*$/);
      await expectAccessible(page, 'the console home with applications');
      await page.getByRole('link', { name: 'Open the board' }).click();
      await screen(page, 'Applications', 'the board, open only');
      await expect(page.getByLabel('Open only (still being decided)')).toBeChecked();
      await open(page, 'Home');
      await page.getByRole('link', { name: 'See them' }).click();
      await screen(page, 'Applications', 'the board, closing soon');
      await expect(page.getByLabel('Only those the site will close within 3 days')).toBeChecked();
      await expect(page.getByRole('link', { name: other.name, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: her.name, exact: true })).toHaveCount(0);

      // The board, found by name: both of them, each programme's seats above.
      // (The same screen again, with the address's filters cleared: its heading keeps the focus it has.)
      await page.getByRole('navigation', { name: 'InternCraft staff console' }).getByRole('link', { name: 'Applications', exact: true }).click();
      await expect(page.getByLabel('Only those the site will close within 3 days')).not.toBeChecked();
      await page.getByLabel('Name or e-mail starts with').fill(her.name);
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Seats' }).getByText(/^Law: \d+ of 20 seats left \(\d+ held by offers and students who joined\)\.$/),
      ).toBeVisible();
      await expect(page.getByTestId('awaiting-confirmation')).toContainText('Waiting for their e-mail confirmation');
      await screen(page, 'Applications', 'the board, searched');
      await keep(page, width, 'board');

      // Her application: her answers, her résumé, the seats an offer would take.
      await page.getByRole('link', { name: her.name, exact: true }).click();
      await screen(page, `Application ${her.reference}`, 'an application');
      await expect(page.getByText('Chanakya National Law University')).toBeVisible();
      await expect(page.getByText('I have drafted bail applications in two moot courts.')).toBeVisible();
      await expect(page.getByTestId('seats')).toHaveText(/^Law: \d+ of 20 seats left \(\d+ held by offers and students who joined\)\.$/);
      const resume = page.getByRole('link', { name: /^Download the résumé \(PDF, 1 KB/ });
      const [download] = await Promise.all([page.waitForEvent('download'), resume.click()]);
      expect(download.suggestedFilename()).toBe(`resume-${her.reference}.pdf`);

      // Shortlisted, then an assignment with a message she reads on her account, then an offer.
      await moveTo(page, 'shortlisted', 'Shortlisted', 'Applied → Shortlisted', { note: 'Strong moot court record.' });
      await expect(page.getByText('Strong moot court record.')).toBeVisible();
      await moveTo(page, 'assignment', 'Assignment', 'Shortlisted → Assignment sent', { toStudent: 'Summarise the attached FIR by Friday.' });
      await expect(page.locator('.history li').filter({ hasText: 'Message to the student: Summarise the attached FIR by Friday.' })).toBeVisible();
      await moveTo(page, 'interview', 'Interview', 'Assignment sent → Interview');
      await moveTo(page, 'offer', 'Offer', 'Interview → Offer made');
      await expectAccessible(page, 'an application with its history');
      await keep(page, width, 'application');
      await expectNoSidewaysScroll(page, 'an application with its history');

      // Back on the board (its search kept), both are moved to joined at once: the other, still applied, is refused.
      await page.getByRole('link', { name: 'Back to the board' }).click();
      await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();
      // The move offers only what one of those ticked may make: joined only once her offer is among them.
      await page.getByRole('checkbox', { name: `Select ${other.name}`, exact: true }).check();
      await expect(page.getByText('1 selected')).toBeVisible();
      await expect(page.getByLabel('Move selected to…').locator('option', { hasText: 'Joined' })).toHaveCount(0);
      await expect(page.getByLabel('Move selected to…').locator('option', { hasText: 'Shortlisted' })).toHaveCount(1);
      await page.getByRole('checkbox', { name: `Select ${her.name}`, exact: true }).check();
      await expect(page.getByText('2 selected')).toBeVisible();
      await page.getByLabel('Move selected to…').selectOption('joined');
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 application moved to Joined.' })).toBeVisible();
      const refusal = page.getByRole('alert').filter({ hasText: 'Not changed' });
      await expect(refusal.getByRole('listitem')).toHaveText(`${other.reference} (${other.name}): An application that is Applied cannot move to Joined.`);
      await screen(page, 'Applications', 'the board after a move with a refusal');
      await keep(page, width, 'refused');

      // Completed; then her certificate, from the application.
      await page.getByRole('link', { name: her.name, exact: true }).click();
      await screen(page, `Application ${her.reference}`, 'an application that joined');
      await moveTo(page, 'completed', 'Completed', 'Joined → Completed');
      const form = page.getByRole('region', { name: 'Issue her certificate' });
      await expect(form.getByLabel('Student’s name')).toHaveValue(her.name);
      await expect(form.getByLabel('College')).toHaveValue('Chanakya National Law University');
      await expect(form.getByLabel('Programme (as the certificate names it)')).toHaveValue('Law Internship: Criminal Law');
      await expect(form.getByLabel('Registration number')).toHaveValue('');
      const proposed = await form.getByLabel('Certificate ID').inputValue();
      expect(proposed).toMatch(/^IC\d{2}\/\d{4,8}$/);
      // Sent as it is: what is missing is said beside each field.
      await form.getByRole('button', { name: 'Issue certificate' }).click();
      for (const field of ['Registration number', 'Marks or grade', 'Date of issue']) {
        await expect(form.getByLabel(field)).toHaveAccessibleDescription('Fill this in: the certificate needs it.');
      }
      await expect(form.getByLabel('Registration number')).toBeFocused();
      await expectAccessible(page, 'the certificate form with its refusals');
      await keep(page, width, 'certificate-form');
      await form.getByLabel('Registration number').fill(`REG${width}LAW42`);
      await form.getByLabel('Marks or grade').fill('A');
      await form.getByLabel('Date of issue').fill(new Date().toISOString().slice(0, 10));
      // An ID issued already is refused beside the ID, in the server's words.
      await form.getByLabel('Certificate ID').fill('IC25/123456');
      await form.getByRole('button', { name: 'Issue certificate' }).click();
      await expect(form.getByLabel('Certificate ID')).toHaveAccessibleDescription(/Certificate IC25\/123456 has been issued already/);
      await form.getByLabel('Certificate ID').fill(proposed);
      await form.getByRole('button', { name: 'Issue certificate' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Certificate ${proposed} is issued` })).toBeVisible();
      await expect(form).toHaveCount(0);
      const certificatePage = page.getByRole('link', { name: 'Its public page' });
      await expect(certificatePage).toHaveAttribute('href', `/certificate/${proposed}`);
      await screen(page, `Application ${her.reference}`, 'an application with its certificate');

      // Its public page shows the programme.
      const visitor = await newPage(browser, width);
      await visitor.goto(`/certificate/${proposed}`);
      await expect(visitor.getByText('Law Internship: Criminal Law').first()).toBeVisible();
      await expect(visitor.getByText(her.name).first()).toBeVisible();
      await visitor.context().close();

      // She had a mail for each step, with a link to her account, and none with the team's words.
      for (const subject of [
        'You are shortlisted for Criminal Law',
        'An interview for Criminal Law',
        'An offer for Criminal Law',
        'Welcome to Criminal Law',
        'You have completed Criminal Law',
      ]) {
        expect((await waitForMail(her.email, subject)).text).toContain('/account');
      }
      expect((await waitForMail(her.email, 'An assignment for Criminal Law')).text).not.toContain('FIR');

      // Every change reads plainly in the audit log.
      await open(page, 'Audit log');
      await page.getByLabel('Person (e-mail)').fill(owner);
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const entries = page.locator('tbody tr');
      await expect(entries.filter({ hasText: 'status change' }).filter({ hasText: her.reference }).filter({ hasText: 'To: Shortlisted' })).toHaveCount(1);
      await expect(
        entries.filter({ hasText: 'status change' }).filter({ hasText: 'Message to the student: Summarise the attached FIR by Friday.' }),
      ).toHaveCount(1);
      await expect(entries.filter({ hasText: 'download' }).filter({ hasText: `résumé of ${her.reference}` })).toHaveCount(1);
      await expect(
        entries
          .filter({ hasText: 'issue' })
          .filter({ hasText: proposed })
          .filter({ hasText: `Application: ${her.reference}` }),
      ).toHaveCount(1);
      await expectAccessible(page, 'the audit log of the board');
      await keep(page, width, 'audit');
      await expectNoSidewaysScroll(page, 'the audit log of the board');

      // A viewer reads the board and the application, and has nothing to change them with.
      if (width === 1280) {
        const viewer = uniqueEmail('boardviewer');
        expect((await request.post('/api/auth/signup', { data: { fullName: 'Vikram Viewer', email: viewer, password: PASSWORD } })).ok()).toBe(true);
        await staffCli('add', viewer, '--role', 'viewer');
        const reader = await newPage(browser, width);
        await reader.goto('/staff/');
        await firstSignIn(reader, viewer);
        await open(reader, 'Applications');
        await reader.getByLabel('Name or e-mail starts with').fill(her.name);
        await reader.getByRole('button', { name: 'Show', exact: true }).click();
        await expect(reader.getByText('1–2 of 2', { exact: true })).toBeVisible();
        await expect(reader.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);
        await expect(reader.getByRole('button', { name: 'Move', exact: true })).toHaveCount(0);
        await reader.getByRole('link', { name: her.name, exact: true }).click();
        await screen(reader, `Application ${her.reference}`, 'an application, read by a viewer');
        await expect(reader.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
        await expect(reader.getByRole('link', { name: 'Its public page' })).toBeVisible();
        await reader.context().close();
      }
    });
  });
}
