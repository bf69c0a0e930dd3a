import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCertificates } from '../../server/features/certificates/index.ts';
import { enquiriesCsv } from '../../server/features/enquiries/index.ts';
import { recordEnquiry } from '../../server/features/enquiries/repository.ts';
import { referralSummary } from '../../server/features/referrals/index.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { signUp, staffSignedIn } from '../support/staff.ts';
import { workbook } from '../support/xlsx.ts';

const HEADER = 'certificateID,studentName,regNo,college,courseName,marks,issueDate';
const row = (n: number, overrides: Partial<Record<string, string>> = {}) => {
  const c = {
    certificateID: `IC25/7000${n}`,
    studentName: `Student ${n}`,
    regNo: `REG${n}`,
    college: 'NIT Patna',
    courseName: 'Revit',
    marks: '80%',
    issueDate: '2025-06-01',
    ...overrides,
  };
  return [c.certificateID, c.studentName, c.regNo, c.college, c.courseName, c.marks, c.issueDate].join(',');
};

describe.each(backends())("the console's work on $name", (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let owner: string;
  let staff: string;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, { certificates: [demoCertificate()] });
    owner = (await staffSignedIn(app, 'owner@example.com', 'owner')).cookie;
    staff = (await staffSignedIn(app, 'meera@example.com', 'staff')).cookie;
    const start = Date.parse('2026-11-01T06:00:00Z');
    for (let i = 0; i < 55; i++) {
      await recordEnquiry(
        app.db,
        {
          kind: i % 5 === 0 ? 'contact' : 'enrolment',
          idempotencyKey: `k-inbox-${String(i).padStart(10, '0')}`,
          name: i === 54 ? 'Priya Sharma' : `Student ${i}`,
          email: i === 54 ? 'priya.s@example.com' : `student${i}@example.com`,
          ...(i % 5 === 0 ? { message: 'A question' } : { subject: { kind: 'course' as const, id: String(1 + (i % 2)), title: i % 2 ? 'Revit' : 'AutoCAD' } }),
          userId: null,
        },
        new Date(start + i * 3_600_000),
      );
    }
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const get = (url: string, cookie = staff) => app.inject({ method: 'GET', url, cookies: { ic_staff: cookie } });
  const post = (url: string, payload: object, cookie = staff) => app.inject({ method: 'POST', url, headers: json, payload, cookies: { ic_staff: cookie } });
  const auditOf = async (action: string) =>
    (await get(`/api/staff/audit?action=${encodeURIComponent(action)}`, owner)).json().entries as { actor: string; target: string; detail: string }[];

  it('lists the inbox newest first, 50 a page, with the count', async () => {
    const first = (await get('/api/staff/enquiries')).json();
    expect(first.total).toBe(55);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].name).toBe('Priya Sharma');
    expect(first.items[0].status).toBe('new');
    const second = (await get('/api/staff/enquiries?page=2')).json();
    expect(second.items.map((e: { name: string }) => e.name)).toEqual(['Student 4', 'Student 3', 'Student 2', 'Student 1', 'Student 0']);
    expect((await get('/api/staff/overview')).json()).toEqual({
      newEnquiries: 55,
      pendingReferrals: 0,
      openApplications: 0,
      closingSoon: 0,
      closingWithinDays: 3,
      paymentsReported: 0,
    });
  });

  it('filters by kind, course, date and status, and finds people by the start of a name or address', async () => {
    expect((await get('/api/staff/enquiries?kind=contact')).json().total).toBe(11);
    const revit = (await get('/api/staff/enquiries?kind=enrolment&subject=course:2')).json();
    expect(revit.total).toBe(22);
    // The filter offers the catalogue's courses by name, with the value the filter takes.
    expect(revit.subjects).toContainEqual({ value: 'course:2', title: 'Revit' });
    // Received from 06:00 UTC on 1 November, one an hour: 18 on the 1st in India's day (before 18:30 UTC), then 24 a day.
    expect((await get('/api/staff/enquiries?from=2026-11-02&to=2026-11-02')).json().total).toBe(24);
    for (const search of ['priya', 'PRIYA SH', 'priya.s@ex']) {
      const found = (await get(`/api/staff/enquiries?search=${encodeURIComponent(search)}`)).json();
      expect(
        found.items.map((e: { name: string }) => e.name),
        search,
      ).toEqual(['Priya Sharma']);
    }
    expect((await get('/api/staff/enquiries?search=nobody')).json().total).toBe(0);
    expect((await get('/api/staff/enquiries?page=0')).statusCode).toBe(400);
  });

  it('keeps a status and notes with who and when, and logs the change', async () => {
    const { id } = (await get('/api/staff/enquiries?search=priya')).json().items[0];
    const saved = await post('/api/staff/enquiries/update', { id, status: 'contacted', note: 'Called; she pays on Friday.' });
    expect(saved.statusCode, saved.body).toBe(200);
    const one = (await get(`/api/staff/enquiries/one?id=${id}`)).json();
    expect(one.enquiry.status).toBe('contacted');
    expect(one.notes).toEqual([
      { at: expect.any(String), author: 'meera@example.com', statusFrom: 'new', statusTo: 'contacted', note: 'Called; she pays on Friday.' },
    ]);
    expect((await get('/api/staff/enquiries?status=contacted')).json().total).toBe(1);
    expect((await get('/api/staff/overview')).json().newEnquiries).toBe(54);
    expect((await auditOf('status change'))[0]).toMatchObject({ actor: 'meera@example.com', detail: '{"from":"new","to":"contacted"}' });
    expect((await auditOf('note'))[0]!.detail).toContain('Friday');
    expect((await post('/api/staff/enquiries/update', { id: 999999, status: 'closed' })).json().code).toBe('ENQUIRY_NOT_FOUND');
    expect((await get('/api/staff/enquiries/one?id=999999')).statusCode).toBe(404);
    expect((await post('/api/staff/enquiries/update', { id })).json().code).toBe('FIELDS_MISSING');
  });

  it('exports the same CSV as the command line, and logs it', async () => {
    const response = await get('/api/staff/enquiries/export?kind=enrolment');
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body).toBe((await enquiriesCsv(app, { kind: 'enrolment' })).csv);
    expect((await auditOf('export'))[0]).toMatchObject({ target: 'enquiries', detail: '{"kind":"enrolment","since":null,"rows":44}' });
  });

  it('issues a certificate from the form once, refusing what the import would', async () => {
    const certificate = { ...demoCertificate(), certificateID: 'IC25/654321', studentName: 'Priya Sharma' };
    const issued = await post('/api/staff/certificates/issue', { certificate });
    expect(issued.statusCode, issued.body).toBe(200);
    const verified = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC25/654321'] } });
    expect(verified.json()[0].studentName).toBe('Priya Sharma');
    expect((await post('/api/staff/certificates/issue', { certificate })).json().code).toBe('CERTIFICATE_EXISTS');
    const bad = await post('/api/staff/certificates/issue', { certificate: { ...certificate, certificateID: 'ic-1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'CERTIFICATE_INVALID', message: expect.stringContaining('does not match the ID pattern') });
    expect((await auditOf('issue'))[0]).toMatchObject({ actor: 'meera@example.com', target: 'IC25/654321' });
  });

  it('previews every row of a file with its problems, writes nothing while one has a problem, then all', async () => {
    const broken = [HEADER, row(1), row(2), row(3, { issueDate: 'next Tuesday' }), row(4), row(5)].join('\n');
    const preview = (await post('/api/staff/certificates/import', { fileName: 'november.csv', text: broken, write: false })).json();
    expect(preview.rows).toHaveLength(4);
    expect(preview.rows[0]).toEqual({ certificateID: 'IC25/70001', studentName: 'Student 1', courseName: 'Revit', change: 'new' });
    expect(preview.problems).toEqual([{ line: 4, message: expect.stringContaining('issueDate') }]);
    const refused = await post('/api/staff/certificates/import', { fileName: 'november.csv', text: broken, write: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_PROBLEMS', message: expect.stringContaining('1 rows') });
    expect((await get('/api/staff/certificates?search=IC25/7000')).json().total).toBe(0);
    const fixed = broken.replace('next Tuesday', '2025-06-01');
    const written = (await post('/api/staff/certificates/import', { fileName: 'november.csv', text: fixed, write: true })).json();
    expect(written).toMatchObject({ written: 5, problems: [] });
    const again = (await post('/api/staff/certificates/import', { fileName: 'november.csv', text: fixed, write: false })).json();
    expect(again.rows.map((r: { change: string }) => r.change)).toEqual(Array(5).fill('unchanged'));
    const list = (await get('/api/staff/certificates?search=ic25-7000')).json();
    expect(list.total).toBe(5);
    expect((await get('/api/staff/certificates?search=student')).json().total).toBe(5);
    expect((await auditOf('import'))[0]).toMatchObject({ target: 'november.csv' });
  });

  it('imports an Excel workbook sent as its bytes, and proposes the next free certificate ID for the form (issue 37)', async () => {
    const bytes = workbook([
      ['Certificate ID', 'Student Name', 'Reg No', 'College', 'Course', 'Marks', 'Issue Date'],
      ['IC26/000501', 'Asha Rao', 'R501', 'NIT Patna', 'Revit', '91%', '27/11/2026'],
      ['IC26/000502', 'Ravi Kumar', 'R502', 'NIT Patna', 'Revit', '88%', 46353],
    ]);
    const sent = { fileName: 'November.XLSX', text: bytes.toString('base64') };
    const preview = (await post('/api/staff/certificates/import', { ...sent, write: false })).json();
    expect(preview).toMatchObject({ rowCount: 2, problems: [] });
    expect((await post('/api/staff/certificates/import', { ...sent, write: true })).json()).toMatchObject({ written: 2 });
    const next = await get('/api/staff/certificates/next-id');
    expect(next.headers['cache-control']).toBe('no-store');
    expect(next.json()).toEqual({ id: `IC${String(new Date().getUTCFullYear()).slice(2)}/000503` });
    const notWorkbook = (await post('/api/staff/certificates/import', { fileName: 'x.xlsx', text: 'bm90IGEgd29ya2Jvb2s=', write: false })).json();
    expect(notWorkbook.problems).toEqual([{ line: 1, message: expect.stringContaining('not an Excel workbook') }]);
  });

  it('counts a common name up to 1,000 and says there are more', async () => {
    const namesakes = Array.from({ length: 1001 }, (_, i) => ({
      ...demoCertificate(),
      certificateID: `NS25/${String(i).padStart(4, '0')}`,
      studentName: `Namesake ${i}`,
    }));
    await upsertCertificates(app.db, namesakes);
    const many = (await get('/api/staff/certificates?search=namesake')).json();
    expect(many).toMatchObject({ total: 1000, atLeast: true });
    expect(many.items).toHaveLength(50);
    expect(many.items[0].studentName).toBe('Namesake 0');
    const few = (await get('/api/staff/certificates?search=namesake%2099')).json();
    expect(few.total).toBe(11);
    expect(few.atLeast).toBeUndefined();
  });

  it('revokes with a reason and reinstates, each in the history', async () => {
    const revoked = await post('/api/staff/certificates/revoke', { id: 'ic25 70002', reason: 'Issued in error' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const history = (await get('/api/staff/certificates/history?id=IC25/70002')).json();
    expect(history.certificate).toMatchObject({ status: 'revoked', revocationReason: 'Issued in error' });
    expect(history.events.map((e: { kind: string }) => e.kind)).toEqual(['issued', 'revoked']);
    expect(history.links).toEqual({
      page: '/certificate/IC25/70002',
      pdf: '/api/certificates/pdf?id=IC25%2F70002',
      credential: '/api/certificates/credential?id=IC25%2F70002',
    });
    expect((await post('/api/staff/certificates/reinstate', { id: 'IC25/70002' })).statusCode).toBe(200);
    expect((await get('/api/staff/certificates/history?id=IC25/70002')).json().events.map((e: { kind: string }) => e.kind)).toEqual([
      'issued',
      'revoked',
      'reinstated',
    ]);
    expect((await auditOf('revoke'))[0]).toMatchObject({ target: 'IC25/70002', detail: '{"reason":"Issued in error"}' });
    expect((await post('/api/staff/certificates/revoke', { id: 'IC25/99999', reason: 'x' })).json().code).toBe('CERTIFICATE_NOT_FOUND');
  });

  it('tells staff who review referral credits (the owners), and keeps the credits from them (issue 37)', async () => {
    const reviewers = await get('/api/staff/referrals/reviewers', staff);
    expect(reviewers.statusCode).toBe(200);
    expect(reviewers.json().owners).toEqual([{ name: 'owner', email: 'owner@example.com' }]);
    expect((await get('/api/staff/referrals', staff)).json().code).toBe('STAFF_ROLE_TOO_LOW');
  });

  it('lists pending referral credits with their signals, decides them in bulk and pays the approved once', async () => {
    await signUp(app, 'ravi.kumar@example.com');
    const referrer = await app.db.selectFrom('users').select('id').where('email', '=', 'ravi.kumar@example.com').executeTakeFirstOrThrow();
    const friends: number[] = [];
    for (const email of ['ravi.kumar1@example.com', 'ravi.kumar2@example.com', 'asha@example.com']) {
      await signUp(app, email);
      friends.push((await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    }
    await app.db.updateTable('users').set({ email_confirmed_at: '2026-11-20T10:00:00.000Z' }).where('id', '=', friends[2]!).execute();
    const ids: number[] = [];
    for (const [i, friend] of friends.entries()) {
      const inserted = await app.db
        .insertInto('referrals')
        .values({ referrer_id: referrer.id, referred_user_id: friend, credited_at: `2026-11-20T1${i}:00:00.000Z`, reward: 100, status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(inserted.id);
    }
    const credits = (await get('/api/staff/referrals', owner)).json().credits;
    expect(credits).toHaveLength(3);
    expect(credits[0]).toMatchObject({
      referrerEmail: 'ravi.kumar@example.com',
      friendEmail: 'ravi.kumar1@example.com',
      friendConfirmed: false,
      creditsThatDay: 3,
    });
    expect(credits[0].likeness).toBeGreaterThan(0.8);
    expect(credits[2]).toMatchObject({ friendEmail: 'asha@example.com', friendConfirmed: true });
    expect(credits[2].likeness).toBeLessThan(0.5);
    expect((await get('/api/staff/overview')).json().pendingReferrals).toBe(3);

    expect(credits[0].likeTo).toBe('ravi.kumar@example.com');

    expect((await post('/api/staff/referrals/decide', { ids: [ids[2]!, ids[1]!], decision: 'approve' }, owner)).json().message).toBe('2 credits decided.');
    expect((await post('/api/staff/referrals/decide', { ids: [ids[0]!, ids[1]!], decision: 'refuse' }, owner)).json().message).toBe('1 credit decided.');
    const statuses = await app.db.selectFrom('referrals').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['refused', 'approved', 'approved']);

    const paidCount = async () => (await app.db.selectFrom('referrals').select('status').where('id', 'in', ids).where('status', '=', 'paid').execute()).length;
    // Making the file pays nothing (issue 37): a file that never reached the owner's disk leaves the credits owed.
    const payout = (await post('/api/staff/referrals/payout', {}, owner)).json();
    expect(payout).toMatchObject({ count: 2, rupees: 200, batch: expect.any(Number), message: expect.stringContaining('Nothing is marked paid') });
    expect(payout.csv).toContain('"ravi.kumar@example.com",2,200');
    expect(await paidCount()).toBe(0);
    // Made again (the first download was lost): the same credits, in a new file; both wait to be marked paid.
    const again = (await post('/api/staff/referrals/payout', {}, owner)).json();
    expect(again).toMatchObject({ count: 2, rupees: 200 });
    expect(again.batch).not.toBe(payout.batch);
    const waiting = (await get('/api/staff/referrals', owner)).json().batches;
    expect(waiting.map((b: { id: number }) => b.id)).toEqual([again.batch, payout.batch]);
    expect(waiting[0]).toMatchObject({ credits: 2, rupees: 200, unpaidCredits: 2, unpaidRupees: 200, madeBy: 'owner@example.com' });

    const marked = await post('/api/staff/referrals/payout/paid', { batch: again.batch }, owner);
    expect(marked.json().message).toBe(`Payout file ${again.batch} marked paid: 2 credits, ₹200.`);
    expect(await paidCount()).toBe(2);
    // The older file lists the same credits: marking it paid pays nothing twice.
    const older = await post('/api/staff/referrals/payout/paid', { batch: payout.batch }, owner);
    expect(older.json().message).toBe(
      `Payout file ${payout.batch} marked paid: 0 credits, ₹0. 2 more in the file were paid already with another file, and are not paid again.`,
    );
    const twice = await post('/api/staff/referrals/payout/paid', { batch: again.batch }, owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'PAYOUT_ALREADY_PAID', message: expect.stringContaining('owner@example.com') });
    expect((await post('/api/staff/referrals/payout/paid', { batch: 999999 }, owner)).json().code).toBe('PAYOUT_NOT_FOUND');
    expect((await get('/api/staff/referrals', owner)).json().batches).toEqual([]);
    const nothing = (await post('/api/staff/referrals/payout', {}, owner)).json();
    expect(nothing).toMatchObject({ count: 0, rupees: 0, batch: null, message: expect.stringContaining('no payout file was made') });
    // The member's account page reads the same rows: paid, nothing pending, the refused credit left out.
    expect(await referralSummary(app.db, referrer.id)).toMatchObject({ signups: 2, earnings: 200, pendingCount: 0, paid: 200 });
    expect((await auditOf('approve'))[0]).toMatchObject({ actor: 'owner@example.com' });
  });
});
