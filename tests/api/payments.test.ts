import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_KINDS, ORDER_STATUSES, type OrderStatus } from '../../engine/generated/enquiryStatuses.ts';
import { apiRoutes } from '../../engine/shared/apiRoutes.ts';
import { FROZEN_ORDER_LISTS } from '../../server/db/migrations/022_orders.ts';
import { expireOrders } from '../../server/features/payments/expiry.ts';
import { readPayables } from '../../server/features/payments/index.ts';
import { readSiteSettings } from '../../server/siteSettings.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { type Mailbox, mailbox } from '../support/mailbox.ts';
import { cookieOf, staffSignedIn } from '../support/staff.ts';

/** poppler's pdftotext reads the receipt as a person would; .ci/run installs it and sets REQUIRE_PDF_TOOLS. */
const pdftotext = (() => {
  try {
    execFileSync('which', ['pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env['REQUIRE_PDF_TOOLS']) throw new Error('REQUIRE_PDF_TOOLS is set but pdftotext is missing (apt-get install poppler-utils).');
    return false;
  }
})();

const PYTHON = { kind: 'course', subjectId: 'PythonProgramming', amount: 10000 } as const;
const GIFT = { kind: 'gift', subjectId: 'laptops2026' } as const;

describe('the order model', () => {
  it("is the database's, as migration 022 froze it: a status or kind added to the schema needs a migration", () => {
    expect(FROZEN_ORDER_LISTS).toEqual({ statuses: [...ORDER_STATUSES], kinds: [...ORDER_KINDS] });
  });
});

describe.each(backends())('payments, on $name', (backend) => {
  let app: FastifyInstance;
  let mail: Mailbox;
  let dispose: () => Promise<void>;
  let staff: string;
  let owner: string;
  let viewer: string;
  let people = 0;

  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    mail = mailbox();
    // Content's catalogue, and one course content says is paid only after an accepted application.
    const content = readPayables({ root: projectRoot, site: readSiteSettings(projectRoot) });
    app = await apiApp(opened.handle, {
      mailer: mail,
      publicUrl: 'https://interncraft.in',
      payables: {
        find: (kind, id) =>
          kind === 'course' && id === 'AfterOffer'
            ? { kind, id, title: 'A course after an offer', amount: 5000, afterApplication: true }
            : content.find(kind, id),
      },
    });
    staff = (await staffSignedIn(app, 'meera@example.com', 'staff')).cookie;
    owner = (await staffSignedIn(app, 'owner@example.com', 'owner')).cookie;
    viewer = (await staffSignedIn(app, 'viewer@example.com', 'viewer')).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const student = async () => {
    const email = `payer${++people}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: apiRoutes.signup.path,
      headers: json,
      payload: { fullName: `Payer Number${people}`, email, password: 'correct horse battery' },
    });
    return { session: cookieOf(signup, 'ic_session'), id: signup.json().user.id as number, email };
  };
  const call = async (method: 'GET' | 'POST', url: string, session: string | undefined, payload?: unknown): Promise<LightMyRequestResponse> => {
    const response = await app.inject({
      method,
      url,
      ...(session ? { cookies: { ic_session: session } } : {}),
      ...(payload ? { headers: json, payload: JSON.stringify(payload) } : {}),
    });
    await app.mailQueue.drain();
    return response;
  };
  const order = (session: string, what: Record<string, unknown> = PYTHON) =>
    call('POST', apiRoutes.createOrder.path, session, { ...what, idempotencyKey: randomUUID() });
  const report = (session: string, reference: string, utr: string) => call('POST', apiRoutes.reportPayment.path, session, { reference, utr });
  const staffCall = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie = staff) =>
    app.inject({ method, url, cookies: { ic_staff: cookie }, ...(payload ? { headers: json, payload: JSON.stringify(payload) } : {}) }).then(async (r) => {
      await app.mailQueue.drain();
      return r;
    });
  let utrs = 100_000_000_000 + Math.floor(Math.random() * 1000) * 1_000_000;
  const newUtr = () => String(++utrs);

  it("makes an order at content's amount, whose UPI link names exactly the merchant, amount, currency, reference and note", async () => {
    const priya = await student();
    const made = await order(priya.session);
    expect(made.statusCode, made.body).toBe(201);
    const { order: shown, message } = made.json();
    expect(message).toContain('Python Programming');
    expect(shown).toMatchObject({ kind: 'course', title: 'Python Programming', amount: 10000, status: 'awaitingPayment' });
    expect(shown.reference).toMatch(/^ICO[A-HJ-NP-Z2-9]{9}$/);
    const link = new URL(shown.upi);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: app.site.payments.upiId.replace(/^placeholder:/, ''),
      pn: app.site.payments.payeeName,
      am: '10000.00',
      cu: 'INR',
      tn: 'Python Programming',
      tr: shown.reference,
    });
    // The same link as a QR code, for a payer on a computer; another member's order is not found.
    const qr = await call('GET', `${apiRoutes.orderQr.path}?reference=${shown.reference}`, priya.session);
    expect([qr.statusCode, qr.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    const stranger = await student();
    const theirs = await call('GET', `${apiRoutes.orderQr.path}?reference=${shown.reference}`, stranger.session);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    // A repeat of the request is the same order.
    const listed = await call('GET', apiRoutes.myOrders.path, priya.session);
    expect(listed.json().orders.map((o: { reference: string }) => o.reference)).toEqual([shown.reference]);
  });

  it('refuses a changed amount, something content does not sell, a gift outside its bounds, and a course that needs an accepted application', async () => {
    const asha = await student();
    const tampered = await order(asha.session, { ...PYTHON, amount: 1 });
    expect([tampered.statusCode, tampered.json().code]).toEqual([409, 'ORDER_AMOUNT_CHANGED']);
    expect(tampered.json().message).toContain('10,000');
    const unknown = await order(asha.session, { kind: 'course', subjectId: 'Astrology', amount: 100 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ORDER_SUBJECT_UNKNOWN']);
    const tiny = await order(asha.session, { ...GIFT, amount: 1 });
    expect([tiny.statusCode, tiny.json().code]).toEqual([400, 'GIFT_AMOUNT_OUTSIDE']);
    const needsOffer = await order(asha.session, { kind: 'course', subjectId: 'AfterOffer', amount: 5000 });
    expect([needsOffer.statusCode, needsOffer.json().code]).toEqual([409, 'ORDER_NEEDS_APPLICATION']);
    const nobody = await call('POST', apiRoutes.createOrder.path, undefined, { ...PYTHON, idempotencyKey: randomUUID() });
    expect(nobody.statusCode).toBe(401);
    const listed = await call('GET', apiRoutes.myOrders.path, asha.session);
    expect(listed.json().orders).toEqual([]);
  });

  it("caps a member's open orders, and an order past its hours expires and stops counting", async () => {
    const ravi = await student();
    const cap = app.site.payments.openOrdersPerMember;
    for (let i = 0; i < cap; i++) expect((await order(ravi.session, { ...GIFT, amount: 500 })).statusCode).toBe(201);
    const over = await order(ravi.session, { ...GIFT, amount: 500 });
    expect([over.statusCode, over.json().code]).toEqual([429, 'ORDERS_OPEN_LIMIT']);
    const later = new Date(Date.now() + (app.site.payments.orderHours + 1) * 3_600_000);
    expect(await expireOrders(app, later)).toBeGreaterThanOrEqual(cap);
    const listed = (await call('GET', apiRoutes.myOrders.path, ravi.session)).json().orders as { status: string; upi?: string; reference: string }[];
    expect(new Set(listed.map((o) => o.status))).toEqual(new Set(['expired']));
    expect(listed.some((o) => o.upi)).toBe(false);
    const reported = await report(ravi.session, listed[0]!.reference, newUtr());
    expect([reported.statusCode, reported.json().code]).toEqual([409, 'ORDER_NOT_PAYABLE']);
    expect((await order(ravi.session, { ...GIFT, amount: 500 })).statusCode).toBe(201);
  });

  it('takes a 12-digit UTR once: a malformed one and one given for another order are refused, and a report confirms nothing', async () => {
    const a = await student();
    const b = await student();
    const first = (await order(a.session)).json().order;
    const second = (await order(b.session)).json().order;
    const bad = await report(a.session, first.reference, '12345');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const letters = await report(a.session, first.reference, '1234 5678 901');
    expect([letters.statusCode, letters.json().code]).toEqual([400, 'UTR_INVALID']);
    const utr = newUtr();
    const reported = await report(a.session, first.reference, `${utr.slice(0, 4)} ${utr.slice(4)}`);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().order).toMatchObject({ status: 'paymentReported', utr });
    const reused = await report(b.session, second.reference, utr);
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'UTR_USED']);
    expect(mail.sent.filter((m) => m.to === a.email && m.kind === 'receipt')).toEqual([]);
  });

  it('staff confirm a reported payment: paid once, with the next receipt number, mailed as a PDF in Indian words', async () => {
    const meera = await student();
    const made = (await order(meera.session)).json().order;
    const utr = newUtr();
    await report(meera.session, made.reference, utr);
    const listed = await staffCall('GET', `${apiRoutes.staffPayments.path}?status=paymentReported`);
    expect(listed.json().items.map((i: { reference: string }) => i.reference)).toContain(made.reference);
    // The console's first screen counts what waits, as the payments screen does; a viewer reads the count too.
    const waiting = (await staffCall('GET', apiRoutes.staffOverview.path, undefined, viewer)).json().paymentsReported;
    expect(waiting).toBe(listed.json().reported);
    expect(waiting).toBeGreaterThanOrEqual(1);
    const confirmed = await staffCall('POST', apiRoutes.staffPaymentsDecide.path, { references: [made.reference], decision: 'confirm' });
    expect(confirmed.json()).toMatchObject({ changed: [made.reference], refused: [] });
    expect((await staffCall('GET', apiRoutes.staffOverview.path)).json().paymentsReported).toBe(waiting - 1);
    const again = await staffCall('POST', apiRoutes.staffPaymentsDecide.path, { references: [made.reference], decision: 'confirm' });
    expect(again.json()).toMatchObject({ changed: [], refused: [{ reference: made.reference, code: 'ORDER_NOT_REPORTED' }] });
    const mine = (await call('GET', apiRoutes.myOrders.path, meera.session)).json().orders[0];
    expect(mine).toMatchObject({ status: 'paid', utr, receipt: { number: expect.stringMatching(/^IC\/20\d\d-\d\d\/\d{6}$/) } });
    const receiptMail = mail.sent.filter((m) => m.to === meera.email && m.kind === 'receipt');
    expect(receiptMail).toHaveLength(1);
    expect(receiptMail[0]!.text).toContain(mine.receipt.number);
    expect(receiptMail[0]!.attachments?.[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: `receipt-${mine.receipt.number.replaceAll('/', '-')}.pdf`,
    });
    const file = await call('GET', `${apiRoutes.receiptFile.path}?reference=${made.reference}`, meera.session);
    expect([file.statusCode, file.headers['content-type'], file.headers['content-disposition']]).toEqual([
      200,
      'application/pdf',
      `attachment; filename="receipt-${mine.receipt.number.replaceAll('/', '-')}.pdf"`,
    ]);
    if (pdftotext) {
      const text = execFileSync('pdftotext', ['-', '-'], { input: file.rawPayload, encoding: 'utf8' }).replace(/\s+/g, ' ');
      for (const part of [mine.receipt.number, 'Rupees Ten Thousand only', '₹10,000', utr, 'Payer Number', 'Python Programming', made.reference])
        expect(text).toContain(part);
    }
    const log = await staffCall('GET', `${apiRoutes.staffAudit.path}?action=confirm%20payment`, undefined, owner);
    expect(log.json().entries.map((i: { target: string }) => i.target)).toContain(made.reference);
  });

  it('a refusal needs a reason, sends the order back to awaiting payment with it, and tells the payer', async () => {
    const kiran = await student();
    const made = (await order(kiran.session)).json().order;
    await report(kiran.session, made.reference, newUtr());
    const bare = await staffCall('POST', apiRoutes.staffPaymentsDecide.path, { references: [made.reference], decision: 'refuse' });
    expect([bare.statusCode, bare.json().code]).toEqual([400, 'REFUSAL_REASON_REQUIRED']);
    const refused = await staffCall('POST', apiRoutes.staffPaymentsDecide.path, {
      references: [made.reference],
      decision: 'refuse',
      reason: 'No credit of ₹10,000 with this UTR',
    });
    expect(refused.json().changed).toEqual([made.reference]);
    const mine = (await call('GET', apiRoutes.myOrders.path, kiran.session)).json().orders[0];
    expect(mine).toMatchObject({ status: 'awaitingPayment', refusal: 'No credit of ₹10,000 with this UTR' });
    expect(mine.utr).toBeUndefined();
    const told = mail.sent.filter((m) => m.to === kiran.email && m.kind === 'payment-refused');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('No credit of ₹10,000 with this UTR');
  });

  it('a bank statement confirms the rows whose reference or UTR and amount match, lists another amount, and confirms each order once', async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    const byReference = (await order(a.session)).json().order;
    const reportedOther = (await order(b.session)).json().order;
    const utrB = newUtr();
    await report(b.session, reportedOther.reference, utrB);
    const byUtr = (await order(c.session, { ...GIFT, amount: 2500 })).json().order;
    const utrC = newUtr();
    await report(c.session, byUtr.reference, utrC);
    const utrA = newUtr();
    const csv = [
      'Account statement of InternCraft Education',
      '',
      'Txn Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      `27/11/2026,UPI/${utrA}/${byReference.reference}/payer,${utrA},,"10,000.00","1,00,000.00"`,
      `27/11/2026,UPI/${utrB}/someone,${utrB},,899.00,"1,00,899.00"`,
      `27/11/2026,UPI/${utrC}/gift,${utrC},,2500,"1,03,399.00"`,
      `27/11/2026,UPI/${newUtr()}/unknown,,,750.00,"1,04,149.00"`,
      '28/11/2026,ATM withdrawal,,5000.00,,"99,149.00"',
    ].join('\n');
    const preview = await staffCall('POST', apiRoutes.staffStatement.path, { fileName: 'statement-nov.csv', text: csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const seen = preview.json();
    expect(seen.mapping).toEqual({ date: 'Txn Date', narration: 'Description', reference: 'Ref No./Cheque No.', credit: 'Credit' });
    // Each row as its number in the file (the account's title and an empty line above the header count).
    expect(seen.rows.map((r: { line: number }) => r.line)).toEqual([4, 5, 6, 7]);
    expect(seen.message).toBe('2 rows of the statement match a payment; none is confirmed until you confirm them.');
    expect(seen.rows.map((r: { match: string; reference: string | null }) => [r.match, r.reference])).toEqual([
      ['matched', byReference.reference],
      ['amountDiffers', reportedOther.reference],
      ['matched', byUtr.reference],
      ['unmatched', null],
    ]);
    expect((await call('GET', apiRoutes.myOrders.path, a.session)).json().orders[0].status).toBe('awaitingPayment');
    const confirmed = await staffCall('POST', apiRoutes.staffStatement.path, { fileName: 'statement-nov.csv', text: csv, confirm: true });
    expect(confirmed.json().counts).toMatchObject({ confirmed: 2, amountDiffers: 1, unmatched: 1 });
    expect((await call('GET', apiRoutes.myOrders.path, a.session)).json().orders[0]).toMatchObject({ status: 'paid', utr: utrA });
    expect((await call('GET', apiRoutes.myOrders.path, b.session)).json().orders[0].status).toBe('paymentReported');
    const twice = await staffCall('POST', apiRoutes.staffStatement.path, { fileName: 'statement-nov.csv', text: csv, confirm: true });
    expect(twice.json().counts).toMatchObject({ confirmed: 0, already: 2 });
    const unreadable = await staffCall('POST', apiRoutes.staffStatement.path, { fileName: 'statement.csv', text: 'a,b\n1,2' });
    expect([unreadable.statusCode, unreadable.json().code]).toEqual([400, 'STATEMENT_UNREADABLE']);
    // The campaign's confirmed gifts include the one the statement confirmed.
    const campaign = await call('GET', apiRoutes.campaign.path, undefined);
    expect(campaign.json().confirmed).toBeGreaterThanOrEqual(2500);
  });

  it('gives 50 payments confirmed at once 50 different receipt numbers with no gap', async () => {
    const references: string[] = [];
    for (let i = 0; i < 10; i++) {
      const payer = await student();
      for (let j = 0; j < 5; j++) {
        const made = (await order(payer.session, { ...GIFT, amount: 100 + j })).json().order;
        await report(payer.session, made.reference, newUtr());
        references.push(made.reference);
      }
    }
    // At once, as 50 clicks from several people would arrive: no mail sent between them.
    const answers = await Promise.all(
      references.map((r) =>
        app.inject({
          method: 'POST',
          url: apiRoutes.staffPaymentsDecide.path,
          cookies: { ic_staff: staff },
          headers: json,
          payload: JSON.stringify({ references: [r], decision: 'confirm' }),
        }),
      ),
    );
    expect(answers.map((a) => a.json().changed)).toEqual(references.map((r) => [r]));
    expect(answers.map((a) => a.statusCode)).toEqual(references.map(() => 200));
    const numbers = (await app.db.selectFrom('orders').select('receipt_no').where('receipt_no', 'is not', null).orderBy('receipt_no').execute()).map((r) =>
      Number(r.receipt_no),
    );
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(50);
    // Their 50 receipts are mailed here, within this test's time, not in the next test's.
    await app.mailQueue.drain();
  }, 120_000);

  it('only an owner records a refund, of a paid order; the receipt stays, marked refunded', async () => {
    const dev = await student();
    const made = (await order(dev.session)).json().order;
    const early = await staffCall('POST', apiRoutes.staffPaymentRefund.path, { reference: made.reference, note: 'Asked by phone' }, owner);
    expect([early.statusCode, early.json().code]).toEqual([409, 'ORDER_NOT_PAID']);
    await report(dev.session, made.reference, newUtr());
    await staffCall('POST', apiRoutes.staffPaymentsDecide.path, { references: [made.reference], decision: 'confirm' });
    const byStaff = await staffCall('POST', apiRoutes.staffPaymentRefund.path, { reference: made.reference, note: 'Asked by phone' });
    expect(byStaff.statusCode).toBe(403);
    const refunded = await staffCall('POST', apiRoutes.staffPaymentRefund.path, { reference: made.reference, note: 'Asked by phone' }, owner);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await call('GET', apiRoutes.myOrders.path, dev.session)).json().orders[0]).toMatchObject({ status: 'refunded', receipt: expect.any(Object) });
    const csv = await staffCall('GET', apiRoutes.staffPaymentsExport.path, undefined, owner);
    expect(csv.body.split('\r\n')[0]).toContain('reference');
    expect(csv.body).toContain(made.reference);
    expect((await staffCall('GET', apiRoutes.staffPaymentsExport.path, undefined, viewer)).statusCode).toBe(403);
  });

  it('moves an order once whatever arrives at once: 25 refunds, 24 confirmations racing 24 refusals, 25 cancels', async () => {
    const at = (url: string, payload: unknown, cookies: Record<string, string>) =>
      app.inject({ method: 'POST', url, cookies, headers: json, payload: JSON.stringify(payload) });
    const events = async (reference: string, to: OrderStatus) =>
      (
        await app.db
          .selectFrom('order_events')
          .innerJoin('orders', 'orders.id', 'order_events.order_id')
          .select('order_events.id')
          .where('orders.reference', '=', reference)
          .where('order_events.status_to', '=', to)
          .execute()
      ).length;

    // A paid order, refunded by 25 owner clicks at once: one refund recorded, the others told it is no longer paid.
    const payer = await student();
    const paid = (await order(payer.session)).json().order;
    await report(payer.session, paid.reference, newUtr());
    await staffCall('POST', apiRoutes.staffPaymentsDecide.path, { references: [paid.reference], decision: 'confirm' });
    const refunds = await Promise.all(
      Array.from({ length: 25 }, () => at(apiRoutes.staffPaymentRefund.path, { reference: paid.reference, note: 'Asked by phone' }, { ic_staff: owner })),
    );
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, ...Array(24).fill(409)]);
    expect(refunds.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ORDER_NOT_PAID')).toBe(true);
    expect(await events(paid.reference, 'refunded')).toBe(1);

    // A reported payment, confirmed and refused by 48 clicks at once: one of them moves it, and only one mail goes.
    const other = await student();
    const reported = (await order(other.session)).json().order;
    await report(other.session, reported.reference, newUtr());
    const decisions = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        at(
          apiRoutes.staffPaymentsDecide.path,
          i % 2
            ? { references: [reported.reference], decision: 'confirm' }
            : { references: [reported.reference], decision: 'refuse', reason: 'No such credit' },
          { ic_staff: staff },
        ),
      ),
    );
    await app.mailQueue.drain();
    expect(decisions.flatMap((d) => d.json().changed)).toEqual([reported.reference]);
    expect((await events(reported.reference, 'paid')) + (await events(reported.reference, 'awaitingPayment'))).toBe(2);
    expect(mail.sent.filter((m) => m.to === other.email && (m.kind === 'receipt' || m.kind === 'payment-refused'))).toHaveLength(1);

    // An open order, cancelled by 25 taps of its payer at once: cancelled once.
    const third = await student();
    const open = (await order(third.session)).json().order;
    const cancels = await Promise.all(
      Array.from({ length: 25 }, () => at(apiRoutes.cancelOrder.path, { reference: open.reference }, { ic_session: third.session })),
    );
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, ...Array(24).fill(409)]);
    expect(await events(open.reference, 'cancelled')).toBe(1);
  }, 120_000);

  it("is in the member's download, and her deletion cancels open orders and erases her details but for receipts issued", async () => {
    const gone = await student();
    const open = (await order(gone.session, { ...GIFT, amount: 1000, pan: 'ABCDE1234F' })).json().order;
    const paid = (await order(gone.session)).json().order;
    await report(gone.session, paid.reference, newUtr());
    await staffCall('POST', apiRoutes.staffPaymentsDecide.path, { references: [paid.reference], decision: 'confirm' });
    const download = await call('GET', apiRoutes.accountExport.path, gone.session);
    // Her orders are in it; the PAN she typed was not kept, as the shipped site holds no 80G registration it could serve.
    expect(download.json().orders.map((o: { reference: string; pan: string | null }) => [o.reference, o.pan])).toEqual(
      expect.arrayContaining([
        [open.reference, null],
        [paid.reference, null],
      ]),
    );
    const deleted = await call('POST', apiRoutes.accountDelete.path, gone.session, { password: 'correct horse battery' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await app.db
      .selectFrom('orders')
      .select(['reference', 'status', 'name', 'email', 'pan', 'user_id'])
      .where('reference', 'in', [open.reference, paid.reference])
      .execute();
    expect(rows.find((r) => r.reference === open.reference)).toMatchObject({ status: 'cancelled', name: '', email: '', pan: null, user_id: null });
    expect(rows.find((r) => r.reference === paid.reference)).toMatchObject({ status: 'paid', name: expect.stringContaining('Payer'), user_id: null });
  });
});

describe.each(backends())("orders from one client address, with the site's limits on, on $name", (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    // The request allowances raised so that only the cap on open orders per client can refuse.
    const plenty = { max: 1000, windowMs: 3_600_000 };
    app = await apiApp(opened.handle, { rateLimits: { signup: plenty, orders: plenty } });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('refuses an order past the open orders one client may have, whichever member makes it', async () => {
    const members: string[] = [];
    for (let i = 0; i < 3; i++) {
      const signup = await app.inject({
        method: 'POST',
        url: apiRoutes.signup.path,
        headers: json,
        payload: { fullName: `Script Member ${i}`, email: `script${i}@example.com`, password: 'correct horse battery' },
      });
      members.push(cookieOf(signup, 'ic_session'));
    }
    const order = (session: string) =>
      app.inject({
        method: 'POST',
        url: apiRoutes.createOrder.path,
        cookies: { ic_session: session },
        headers: json,
        payload: { ...GIFT, amount: 500, idempotencyKey: randomUUID() },
      });
    const { openOrdersPerMember, openOrdersPerClient } = app.site.payments;
    let made = 0;
    for (const session of members)
      for (let i = 0; i < openOrdersPerMember && made < openOrdersPerClient; i++) {
        expect((await order(session)).statusCode).toBe(201);
        made++;
      }
    const over = await order(members[2]!);
    expect([over.statusCode, over.json().code]).toEqual([429, 'ORDERS_OPEN_LIMIT_CLIENT']);
    expect(over.json().message).toContain(String(openOrdersPerClient));
  });
});
