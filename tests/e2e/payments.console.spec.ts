import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { apiRoutes } from '../../engine/shared/apiRoutes.ts';
import { expectAccessible, expectNoSidewaysScroll, firstSignIn, open, PASSWORD, screen, staffCli } from './console.ts';
import { expect, test } from './fixtures.ts';
import { signUpByApi } from './members.ts';
import { uniqueEmail } from './outbox.ts';
import { xlsxOf } from './spreadsheet.ts';

/**
 * Issue 35's payments screen, as the office uses it at 1280 px, with axe-core on each state: a staff member finds the
 * payments reported and waiting from the first screen, confirms one (its receipt downloads), refuses another with a
 * reason typed at the keyboard (the payer reads it), and imports the bank's statement: its narration column is
 * chosen by hand, one row pays an order by its reference and amount, one carries a reported UTR with another amount
 * and is listed, not confirmed; one click confirms the match. An owner then records a refund and exports the orders
 * for the accountant. The orders are made through the API, as a payer's phone makes them.
 */

/** The navigation's Payments link with its badge: other specs on the same server report payments meanwhile, so its count is read, not predicted. */
const WAITING = /^Payments \d+ waiting$/;
const PYTHON = { kind: 'course', subjectId: 'PythonProgramming', amount: 10000 } as const;

/** A member who has ordered Python Programming, and the order's reference; with a UTR, she has reported paying. */
async function payer(baseURL: string, name: string, utr?: string): Promise<{ member: APIRequestContext; reference: string }> {
  const member = await playwrightRequest.newContext({ baseURL });
  await signUpByApi(member, name, uniqueEmail(name.split(' ')[0]!.toLowerCase()));
  const made = await member.post(apiRoutes.createOrder.path, { data: { ...PYTHON, idempotencyKey: randomUUID() } });
  expect(made.status(), await made.text()).toBe(201);
  const reference: string = (await made.json()).order.reference;
  if (utr) {
    const reported = await member.post(apiRoutes.reportPayment.path, { data: { reference, utr } });
    expect(reported.status(), await reported.text()).toBe(200);
  }
  return { member, reference };
}

async function orderOf(member: APIRequestContext, reference: string): Promise<{ status: string; refusal?: string; utr?: string }> {
  const answer = await member.get(apiRoutes.myOrders.path);
  return (await answer.json()).orders.find((o: { reference: string }) => o.reference === reference);
}

/** A UTR no other run uses: 12 digits. */
const utrOf = (n: number) => `9${String(Date.now()).slice(-9)}${n}${Math.floor(Math.random() * 10)}`;

/** With STAFF_SCREENSHOTS=1, the screens as docs/screenshots keeps them (and at 390 px, to look at). */
async function keep(page: import('@playwright/test').Page, name: string): Promise<void> {
  if (!process.env['STAFF_SCREENSHOTS']) return;
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: path.join(process.env['STAFF_SCREENSHOTS_DIR'] ?? 'docs/screenshots', `${name}-${width}.png`), fullPage: true });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a staff member confirms a reported payment, refuses one with a reason, and confirms a bank statement’s match, not its other amount', async ({
  page,
  browser,
  request,
  expectConsole,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The console asks who is signed in as it opens; nobody is, and the browser logs that refusal.
  expectConsole(/status of 401/);

  // Five payers: three report their UTRs, one pays without reporting, one reports a UTR the bank shows for ₹899.
  const [confirmUtr, refuseUtr, otherAmountUtr, statementUtr, colleagueUtr] = [1, 2, 3, 4, 5].map(utrOf) as [string, string, string, string, string];
  const priya = await payer(baseURL!, 'Priya Raman', confirmUtr);
  const kavya = await payer(baseURL!, 'Kavya Menon', colleagueUtr);
  const rahul = await payer(baseURL!, 'Rahul Gupta', refuseUtr);
  const sneha = await payer(baseURL!, 'Sneha Pillai');
  const arjun = await payer(baseURL!, 'Arjun Nair', otherAmountUtr);

  // A staff member, made on the command line, signs in.
  const staff = uniqueEmail('payments.staff');
  expect((await request.post(apiRoutes.signup.path, { data: { fullName: 'Lata Desk', email: staff, password: PASSWORD } })).ok()).toBe(true);
  expect(await staffCli('add', staff, '--role', 'staff')).toContain(staff);
  await page.goto('/staff/');
  await firstSignIn(page, staff);

  // The first screen and the navigation say how many reported payments wait.
  const waiting = Number((await page.getByTestId('payments-reported').textContent())!.replace(/,/g, ''));
  expect(waiting).toBeGreaterThanOrEqual(4);
  const nav = page.getByRole('navigation', { name: 'InternCraft staff console' });
  await expect(nav.getByRole('link', { name: WAITING })).toBeVisible();
  await page.getByRole('link', { name: 'Confirm payments' }).click();
  await screen(page, 'Payments', 'the payments reported');
  await expect(page.getByLabel('Status')).toHaveValue('paymentReported');
  for (const { reference } of [priya, kavya, rahul, arjun]) await expect(page.getByRole('row').filter({ hasText: reference })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: sneha.reference })).toHaveCount(0);
  await keep(page, 'staff-payments');

  // She confirms Priya's payment, one by one.
  await page.getByRole('button', { name: `Confirm the payment of ${priya.reference}` }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 payment confirmed; its receipt is on its way.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: priya.reference })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: WAITING })).toBeVisible();
  expect(await orderOf(priya.member, priya.reference)).toMatchObject({ status: 'paid', utr: confirmUtr });

  // A colleague confirms Kavya's payment meanwhile (the same session, from another tab); her click on the list she
  // still sees changes nothing, and the order is listed with the server's sentence.
  const colleague = await page.request.post(apiRoutes.staffPaymentsDecide.path, { data: { references: [kavya.reference], decision: 'confirm' } });
  expect(colleague.status(), await colleague.text()).toBe(200);
  await page.getByRole('button', { name: `Confirm the payment of ${kavya.reference}` }).click();
  const notChanged = page.getByRole('region', { name: 'Not changed' });
  await expect(notChanged).toContainText(`${kavya.reference}: This order has no reported payment to confirm or refuse`);
  await expect(page.getByRole('row').filter({ hasText: kavya.reference })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: WAITING })).toBeVisible();
  await expectAccessible(page, 'a payment a colleague had confirmed');

  // She refuses Rahul's, selected, with a reason typed at the keyboard (its field takes the focus).
  await page.getByRole('checkbox', { name: `Select ${rahul.reference}` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Refuse selected…' }).click();
  const reason = page.getByLabel('Why (the payer reads this on her account and in a mail)');
  await expect(reason).toBeFocused();
  await expectAccessible(page, 'a refusal with its reason');
  // No reason, no refusal: the field is required.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: `Refuse the payment of ${rahul.reference}` })).toBeVisible();
  await page.keyboard.type('No credit of ₹10,000 with this UTR reached our account.');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '1 reported payment refused; the payer is told why.' })).toBeVisible();
  expect(await orderOf(rahul.member, rahul.reference)).toMatchObject({
    status: 'awaitingPayment',
    refusal: 'No credit of ₹10,000 with this UTR reached our account.',
  });

  // Priya's order, found by its reference whatever its status, now has its receipt to download.
  await page.getByLabel('Name, e-mail, order (ICO…) or UTR').fill(priya.reference);
  await page.getByLabel('Status').selectOption('');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const paid = page.getByRole('row').filter({ hasText: priya.reference });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  const receipt = paid.getByRole('link', { name: /^Download receipt .* \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-IC-20\d\d-\d\d-\d{6}\.pdf$/);
  await expectAccessible(page, 'a paid order');
  // A staff member (not an owner) neither refunds nor exports.
  await expect(page.getByRole('button', { name: /Record a refund/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Export for the accountant/ })).toHaveCount(0);

  // The bank's statement: the narration is in a column titled "Info", which she chooses herself.
  await page.getByRole('link', { name: 'Import the bank’s statement' }).click();
  await screen(page, 'Import the bank’s statement', 'the statement import');
  const csv = [
    'Statement of account, InternCraft Education',
    '',
    'Txn Date,Info,Debit,Credit,Balance',
    `27/11/2026,UPI/${statementUtr}/${sneha.reference}/Sneha,,"10,000.00","1,10,000.00"`,
    `27/11/2026,UPI/${otherAmountUtr}/Arjun,,899.00,"1,10,899.00"`,
    '28/11/2026,ATM withdrawal,5000.00,,"1,05,899.00"',
  ].join('\n');
  await page.getByLabel('The statement file (.csv or .xlsx)').setInputFiles({ name: 'statement-nov.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the statement' }).click();
  const kinds = page.getByRole('region', { name: 'What the statement holds' });
  await expect(kinds).toContainText('No order found');
  await expect(page.getByRole('button', { name: /^Confirm \d+ payments?$/ })).toHaveCount(0);
  await expect(page.getByLabel('Credit (money in)')).toHaveValue('Credit');
  await expect(page.getByLabel('Narration (description)')).toHaveValue('');
  await page.getByLabel('Narration (description)').selectOption('Info');
  await page.getByRole('button', { name: 'Check again with these columns' }).click();

  // One row pays Sneha's order; Arjun's UTR came with another amount: listed, not offered for confirmation.
  const rows = page.getByRole('region', { name: 'Each credit in the statement' }).getByRole('row');
  await expect(rows.filter({ hasText: sneha.reference })).toContainText('Matches an order');
  await expect(rows.filter({ hasText: arjun.reference })).toContainText('Another amount');
  await expect(rows).toHaveCount(3);
  await expect(
    page.getByRole('status').filter({ hasText: '1 row of the statement matches a payment; it is not confirmed until you confirm it.' }),
  ).toBeVisible();
  await expect(kinds).toContainText(/Matches an order\s*1/);
  await expect(kinds).toContainText(/Another amount\s*1/);
  await expect(kinds).toContainText('It is never confirmed from the statement');
  await expectAccessible(page, 'the statement previewed');
  await expectNoSidewaysScroll(page, 'the statement previewed');
  await keep(page, 'staff-statement');
  // A phone's width too: each credit a card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'the statement previewed at 390 px');
  await expectNoSidewaysScroll(page, 'the statement previewed at 390 px');
  await keep(page, 'staff-statement');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await orderOf(sneha.member, sneha.reference)).status).toBe('awaitingPayment');

  await page.getByRole('button', { name: 'Confirm 1 payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 payment confirmed; its receipt is on its way.' })).toBeVisible();
  await expect(rows.filter({ hasText: sneha.reference })).toContainText('Confirmed now');
  await expect(rows.filter({ hasText: arjun.reference })).toContainText('Another amount');
  await expect(page.getByRole('button', { name: /^Confirm \d+ payments?$/ })).toHaveCount(0);
  await expectAccessible(page, 'the statement confirmed');
  expect(await orderOf(sneha.member, sneha.reference)).toMatchObject({ status: 'paid', utr: statementUtr });
  expect(await orderOf(arjun.member, arjun.reference)).toMatchObject({ status: 'paymentReported', utr: otherAmountUtr });

  // The same credits saved as a spreadsheet (.xlsx, sent as its bytes): Sneha's is paid already, Arjun's still another amount.
  const sheet = xlsxOf([
    ['Statement of account, InternCraft Education'],
    [],
    ['Txn Date', 'Narration', 'Debit', 'Credit'],
    ['27/11/2026', `UPI/${statementUtr}/${sneha.reference}/Sneha`, '', 10000],
    ['27/11/2026', `UPI/${otherAmountUtr}/Arjun`, '', 899],
  ]);
  await page.getByLabel('The statement file (.csv or .xlsx)').setInputFiles({
    name: 'statement-nov.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: sheet,
  });
  await page.getByRole('button', { name: 'Check the statement' }).click();
  await expect(rows.filter({ hasText: sneha.reference })).toContainText('Paid before');
  await expect(rows.filter({ hasText: arjun.reference })).toContainText('Another amount');
  // Its row in the file, counting the title and the empty row above the header.
  await expect(rows.filter({ hasText: sneha.reference }).getByRole('cell').first()).toHaveText('4');
  await expect(page.getByLabel('Narration (description)')).toHaveValue('Narration');
  await expect(page.getByRole('button', { name: /^Confirm \d+ payments?$/ })).toHaveCount(0);

  // Back on the list, Arjun's payment still waits for the team.
  await open(page, WAITING);
  await expect(page.getByRole('row').filter({ hasText: arjun.reference })).toContainText('Payment reported');

  // The same screen on a phone: each order a card, nothing wider than the window.
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'Payments', 'the payments at 390 px');
  await keep(page, 'staff-payments');

  // An owner records the refund of Priya's payment and exports the orders for the accountant.
  const owner = uniqueEmail('payments.owner');
  expect((await request.post(apiRoutes.signup.path, { data: { fullName: 'Anil Owner', email: owner, password: PASSWORD } })).ok()).toBe(true);
  expect(await staffCli('add', owner, '--role', 'owner')).toContain(owner);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseURL! });
  const desk = await context.newPage();
  await desk.goto('/staff/');
  await firstSignIn(desk, owner);
  await open(desk, WAITING);
  await desk.getByLabel('Name, e-mail, order (ICO…) or UTR').fill(priya.reference);
  await desk.getByLabel('Status').selectOption('');
  await desk.getByRole('button', { name: 'Show', exact: true }).click();
  await desk.getByRole('button', { name: `Record a refund of ${priya.reference}` }).click();
  await expect(desk.getByLabel('Note: how and why it was refunded')).toBeFocused();
  await expectAccessible(desk, 'a refund with its note');
  await desk.keyboard.type('Refunded by NEFT on 1 Dec: she moved to the weekend batch.');
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `The refund of ${priya.reference} is recorded.` })).toBeVisible();
  await expect(desk.getByRole('row').filter({ hasText: priya.reference }).getByText('Refunded', { exact: true })).toBeVisible();
  expect((await orderOf(priya.member, priya.reference)).status).toBe('refunded');
  const [exported] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('link', { name: 'Export for the accountant (CSV)' }).click()]);
  expect(exported.suggestedFilename()).toMatch(/^payments-\d{4}-\d\d-\d\d\.csv$/);
  const csvFile = await exported.path();
  const exportedText = fs.readFileSync(csvFile, 'utf8');
  expect(exportedText).toContain(priya.reference);
  expect(exportedText).toContain('Refunded by NEFT on 1 Dec');
  await context.close();
  for (const member of [priya, kavya, rahul, sneha, arjun]) await member.member.dispose();
});
