import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markAddressConfirmed } from '../../server/features/accounts/repository.ts';
import { closeUntouched } from '../../server/features/applications/index.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { lawAnswers, testApplyables } from '../support/applyables.ts';
import { backends } from '../support/databases.ts';
import { type Mailbox, mailbox } from '../support/mailbox.ts';
import { cookieOf, staffSignedIn } from '../support/staff.ts';

/** The smallest file that is a PDF by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe.each(backends())('applications on the site, on $name', (backend) => {
  let app: FastifyInstance;
  let mail: Mailbox;
  let dispose: () => Promise<void>;
  let staff: string;
  let owner: string;
  let people = 0;

  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    mail = mailbox();
    app = await apiApp(opened.handle, { applyables: testApplyables, mailer: mail, publicUrl: 'https://interncraft.in' });
    staff = (await staffSignedIn(app, 'meera@example.com', 'staff')).cookie;
    owner = (await staffSignedIn(app, 'owner@example.com', 'owner')).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  /** A new student, signed up (and her address confirmed unless asked not to): her session and her account's number. */
  const student = async (confirmed = true) => {
    const email = `student${++people}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload: { fullName: `Student ${people}`, email, password: 'correct horse battery' },
    });
    const id = signup.json().user.id as number;
    if (confirmed) await markAddressConfirmed(app.db, id);
    return { session: cookieOf(signup, 'ic_session'), id, email };
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
  const applyFor = (session: string, id: string, answers = lawAnswers(), extra: Record<string, unknown> = {}) =>
    call('POST', '/api/applications', session, { subject: { kind: 'internship', id }, answers, idempotencyKey: randomUUID(), ...extra });
  const console = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie = staff) =>
    app.inject({ method, url, cookies: { ic_staff: cookie }, ...(payload ? { headers: json, payload: JSON.stringify(payload) } : {}) }).then(async (r) => {
      await app.mailQueue.drain();
      return r;
    });
  const move = (ids: number[], status: string, extra: Record<string, unknown> = {}) =>
    console('POST', '/api/staff/applications/update', { ids, status, ...extra });
  const idOf = (reference: string) => Number(reference.slice(1));

  it('tells the application page what an address names: one thing, every role of a programme, or nothing', async () => {
    const items = async (query: string) => {
      const answer = await call('GET', `/api/applyables?${query}`, undefined);
      expect(answer.statusCode).toBe(200);
      return (answer.json().items as { kind: string; id: string }[]).map((item) => `${item.kind}:${item.id}`);
    };
    expect(await items('kind=internship&id=law%2FcriminalLaw')).toEqual(['internship:law/criminalLaw']);
    expect(await items('kind=internship&id=law')).toEqual(['internship:law/corporateLaw', 'internship:law/criminalLaw']);
    expect(await items('kind=course&id=WebDevelopment')).toEqual(['course:WebDevelopment']);
    // A programme's id names its roles only as an internship; anything else unknown names nothing.
    expect(await items('kind=course&id=law')).toEqual([]);
    expect(await items('kind=internship&id=nowhere')).toEqual([]);
    expect((await call('GET', '/api/applyables?kind=scholarship&id=law', undefined)).statusCode).toBe(400);
  });

  it('takes an application once: a second attempt shows the first, and a repeat of the request is the same one', async () => {
    const priya = await student();
    const first = await applyFor(priya.session, 'law/criminalLaw');
    expect(first.statusCode, first.body).toBe(201);
    const sent = first.json();
    expect(sent).toMatchObject({
      existing: false,
      application: { status: 'applied', counts: true, subject: { title: 'Criminal Law' }, programme: { id: 'law' } },
    });
    expect(sent.message).toContain('Criminal Law');
    expect(sent.application.steps).toEqual([{ at: expect.any(String), status: 'applied' }]);
    // Shown as the form asked it, and kept as she gave it for the next form to offer again.
    expect(sent.application.answers).toContainEqual({ id: 'yearOfStudy', question: 'Year of study', answer: 'Second year', value: '2' });

    const again = await applyFor(priya.session, 'law/criminalLaw', lawAnswers({ whyYou: 'A second try.' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ existing: true, application: { reference: sent.application.reference } });
    expect(again.json().message).toMatch(/You applied for Criminal Law on \d{2} \w+ \d{4}/);
    // Acknowledged by mail once, with a link to her account and nothing anyone typed.
    const acks = mail.sent.filter((m) => m.to === priya.email && m.kind === 'application-applied');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.text).toContain('https://interncraft.in/account');
    expect(acks[0]!.text).not.toContain('moot');

    const mine = (await call('GET', '/api/account/applications', priya.session)).json();
    expect(mine.applications).toHaveLength(1);
  });

  it('refuses answers a question does not take, and says before anything is kept whether she can apply', async () => {
    const ravi = await student();
    const missing = await applyFor(ravi.session, 'law/criminalLaw', lawAnswers({ whyYou: '' }));
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'ANSWER_MISSING']);
    expect(missing.json().message).toContain('Why should we pick you for this role?');
    const past = await applyFor(ravi.session, 'law/criminalLaw', lawAnswers({ startDate: '2020-01-01' }));
    expect([past.statusCode, past.json().code]).toEqual([400, 'ANSWER_INVALID']);
    const hours = await applyFor(ravi.session, 'law/criminalLaw', lawAnswers({ hoursPerWeek: '90' }));
    expect(hours.json().code).toBe('ANSWER_INVALID');
    const stray = await applyFor(ravi.session, 'law/criminalLaw', { ...lawAnswers(), favouriteColour: 'blue' });
    expect(stray.json().code).toBe('ANSWER_UNKNOWN');
    // Corporate law is for the third year and above: a second-year student is told so, with the role's name.
    const early = await applyFor(ravi.session, 'law/corporateLaw');
    expect([early.statusCode, early.json().code]).toEqual([422, 'NOT_ELIGIBLE']);
    expect(early.json().message).toContain('Corporate Law');
    const wrongDegree = await applyFor(ravi.session, 'law/criminalLaw', lawAnswers({ degree: 'BCom' }));
    expect(wrongDegree.json().code).toBe('NOT_ELIGIBLE');
    const unknown = await applyFor(ravi.session, 'law/spaceLaw');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'APPLICATION_SUBJECT_UNKNOWN']);
    const external = await call('POST', '/api/applications', ravi.session, {
      subject: { kind: 'opening', id: 'campusAmbassador' },
      answers: {},
      idempotencyKey: randomUUID(),
    });
    expect([external.statusCode, external.json().code]).toEqual([409, 'APPLICATION_NOT_ON_SITE']);
    const visitor = await call('POST', '/api/applications', undefined, {
      subject: { kind: 'internship', id: 'law/criminalLaw' },
      answers: lawAnswers(),
      idempotencyKey: randomUUID(),
    });
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'NOT_LOGGED_IN']);
    expect((await call('GET', '/api/account/applications', ravi.session)).json().applications).toEqual([]);
  });

  it('keeps a résumé only if it is a PDF by its bytes and at most 2 MB, and gives it only to its owner and the team, as a download', async () => {
    const asha = await student();
    const upload = (body: Buffer, session = asha.session) =>
      app.inject({
        method: 'POST',
        url: '/api/account/resumes',
        cookies: { ic_session: session },
        headers: { 'content-type': 'application/pdf' },
        payload: body,
      });
    const fake = await upload(Buffer.from('<html><script>alert(1)</script></html>'));
    expect([fake.statusCode, fake.json().code]).toEqual([415, 'RESUME_NOT_PDF']);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024 + 1 - 9 - 6, 0x20), Buffer.from('%%EOF\n')]);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    const tooBig = await upload(big);
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([413, 'RESUME_TOO_LARGE']);
    const kept = await upload(PDF);
    expect(kept.statusCode, kept.body).toBe(201);
    const resumeId = kept.json().resume.id as number;

    const applied = await applyFor(asha.session, 'law/criminalLaw', lawAnswers(), { resumeId });
    expect(applied.json().application.resume).toMatchObject({ id: resumeId, bytes: PDF.length });
    const own = await app.inject({ method: 'GET', url: `/api/account/resumes/file?id=${resumeId}`, cookies: { ic_session: asha.session } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="resume-E\d+\.pdf"$/);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);

    const stranger = await student();
    const theirs = await app.inject({ method: 'GET', url: `/api/account/resumes/file?id=${resumeId}`, cookies: { ic_session: stranger.session } });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'RESUME_NOT_FOUND']);
    // Nor can she attach someone else's to her own application.
    const borrowed = await applyFor(stranger.session, 'law/criminalLaw', lawAnswers(), { resumeId });
    expect(borrowed.json().code).toBe('RESUME_NOT_FOUND');

    const forTeam = await console('GET', `/api/staff/applications/resume?id=${idOf(applied.json().application.reference)}`);
    expect(forTeam.statusCode).toBe(200);
    expect(forTeam.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('shows the team only applications whose address is confirmed, and counts the others', async () => {
    const waiting = await student(false);
    const applied = await applyFor(waiting.session, 'law/criminalLaw');
    expect(applied.json().application.counts).toBe(false);
    expect(applied.json().message).toContain('Confirm your e-mail address');
    const board = (await console('GET', '/api/staff/applications?search=student')).json();
    expect(board.items.map((i: { email: string }) => i.email)).not.toContain(waiting.email);
    expect(board.awaitingConfirmation).toBeGreaterThanOrEqual(1);
    await markAddressConfirmed(app.db, waiting.id);
    const after = (await console('GET', '/api/staff/applications?search=student')).json();
    expect(after.items.map((i: { email: string }) => i.email)).toContain(waiting.email);
    // Each row says where it may move, as one application does: the board's bulk move offers only those.
    const row = after.items.find((i: { email: string }) => i.email === waiting.email);
    expect(row.moves).toEqual(['underReview', 'shortlisted', 'assignment', 'interview', 'offer', 'notSelected']);
  });

  it('takes an application through every step to a certificate, telling the student of each by mail and on her account', async () => {
    const fatima = await student();
    const reference = (await applyFor(fatima.session, 'law/criminalLaw')).json().application.reference as string;
    const id = idOf(reference);
    for (const [status, extra] of [
      ['underReview', {}],
      ['shortlisted', {}],
      ['assignment', { toStudent: 'Summarise the attached FIR by Friday.' }],
      ['interview', {}],
      ['offer', {}],
      ['joined', {}],
      ['completed', {}],
    ] as const) {
      const moved = await move([id], status, extra);
      expect([status, moved.statusCode, moved.json().changed]).toEqual([status, 200, [id]]);
    }
    const skipped = await move([id], 'interview');
    expect(skipped.json().refused).toEqual([{ id, code: 'APPLICATION_MOVE_NOT_ALLOWED', message: expect.stringContaining('Completed') }]);

    const detail = (await console('GET', `/api/staff/applications/one?id=${id}`)).json();
    // The seats an offer takes one of, as the board shows them, beside the moves.
    expect(detail.application.seats).toEqual({ id: 'law', title: 'Law', seats: 2, taken: expect.any(Number) });
    expect(detail.application.certificate).toMatchObject({
      studentName: expect.any(String),
      courseName: 'Law Internship: Criminal Law',
      certificateID: expect.stringMatching(/^IC\d{2}\/\d{6}$/),
    });
    const issue = await console('POST', '/api/staff/applications/certificate', {
      id,
      certificate: {
        ...detail.application.certificate,
        regNo: 'REG2025LAW042',
        skills: undefined,
        marks: 'A',
        issueDate: new Date().toISOString().slice(0, 10),
        kind: 'internship',
      },
    });
    expect(issue.statusCode, issue.body).toBe(200);
    const twice = await console('POST', '/api/staff/applications/certificate', {
      id,
      certificate: {
        ...detail.application.certificate,
        regNo: 'REG2025LAW042',
        skills: undefined,
        certificateID: 'IC26/999999',
        marks: 'A',
        issueDate: '2026-01-01',
      },
    });
    expect(twice.statusCode).toBe(409);

    const mine = (await call('GET', '/api/account/applications', fatima.session)).json().applications[0];
    expect(mine.status).toBe('completed');
    expect(mine.steps.map((s: { status?: string }) => s.status)).toEqual([
      'applied',
      'underReview',
      'shortlisted',
      'assignment',
      'interview',
      'offer',
      'joined',
      'completed',
    ]);
    expect(mine.steps.find((s: { status?: string }) => s.status === 'assignment').message).toBe('Summarise the attached FIR by Friday.');
    expect(mine.certificate).toEqual({
      id: detail.application.certificate.certificateID,
      page: `/certificate/${detail.application.certificate.certificateID}`,
    });
    const verify = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: [mine.certificate.id] } });
    expect(verify.json()[0]).toMatchObject({ courseName: 'Law Internship: Criminal Law' });
    // A mail for every step she hears about, each with the link to her account, none with the team's words.
    const kinds = mail.sent.filter((m) => m.to === fatima.email && m.kind.startsWith('application-')).map((m) => m.kind);
    expect(kinds).toEqual([
      'application-applied',
      'application-underReview',
      'application-shortlisted',
      'application-assignment',
      'application-interview',
      'application-offer',
      'application-joined',
      'application-completed',
    ]);
    expect(mail.sent.filter((m) => m.to === fatima.email).some((m) => m.text.includes('FIR'))).toBe(false);
  });

  it('never offers more seats than the programme has, however many offers are made at once, and /enroll says what is left', async () => {
    const seats = async () => (await app.inject({ method: 'GET', url: '/api/programmes/seats' })).json().programmes.find((p: { id: string }) => p.id === 'law');
    const before = await seats();
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(idOf((await applyFor((await student()).session, 'law/criminalLaw')).json().application.reference));
    // Every offer at once, each its own request.
    const answers = await Promise.all(ids.map((id) => move([id], 'offer')));
    const made = answers.filter((a) => a.json().changed.length === 1).length;
    expect(made).toBe(before.left);
    const refusal = answers.find((a) => a.json().refused.length)!.json().refused[0];
    expect(refusal).toMatchObject({ code: 'SEATS_FULL', message: expect.stringContaining('Law has no seats left') });
    expect(await seats()).toMatchObject({ seats: 2, left: 0 });
    // An offer declined gives its seat back.
    const offered = ids.filter((_, n) => answers[n]!.json().changed.length === 1);
    await move([offered[0]!], 'notSelected', { reason: 'noResponse' });
    expect(await seats()).toMatchObject({ left: 1 });
    const notSelectedWithoutReason = await move([offered[1]!], 'notSelected');
    expect(notSelectedWithoutReason.json().refused[0].code).toBe('REASON_REQUIRED');
  });

  it('lets a student withdraw, which takes the application off the open lists', async () => {
    const omar = await student();
    const reference = (await applyFor(omar.session, 'law/criminalLaw')).json().application.reference;
    const openBefore = (await console('GET', `/api/staff/applications?open=yes&search=${encodeURIComponent(omar.email)}`)).json();
    expect(openBefore.items).toHaveLength(1);
    const withdrawn = await call('POST', '/api/account/applications/withdraw', omar.session, { reference });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const openAfter = (await console('GET', `/api/staff/applications?open=yes&search=${encodeURIComponent(omar.email)}`)).json();
    expect(openAfter.items).toHaveLength(0);
    const again = await call('POST', '/api/account/applications/withdraw', omar.session, { reference });
    expect(again.json().code).toBe('APPLICATION_CANNOT_WITHDRAW');
    const someoneElse = await student();
    const theirs = await call('POST', '/api/account/applications/withdraw', someoneElse.session, { reference });
    expect(theirs.json().code).toBe('APPLICATION_NOT_FOUND');
  });

  it("counts on the console's first screen the applications being decided and those the site will close within 3 days, and lists those", async () => {
    const days = app.site.accounts.applicationDecisionDays;
    const overview = async () => (await console('GET', '/api/staff/overview')).json();
    const before = await overview();
    expect(before.closingWithinDays).toBe(3);
    const ago = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    const [soon, later, waiting] = [await student(), await student(), await student(false)];
    const soonId = idOf((await applyFor(soon.session, 'law/criminalLaw')).json().application.reference);
    const laterId = idOf((await applyFor(later.session, 'law/criminalLaw')).json().application.reference);
    const waitingId = idOf((await applyFor(waiting.session, 'law/criminalLaw')).json().application.reference);
    // Untouched for all but two days of the limit (closed within 3 days), all but four (not yet), and one whose address
    // is not confirmed (it does not count for the team at all).
    for (const [id, d] of [
      [soonId, days - 2],
      [laterId, days - 4],
      [waitingId, days - 2],
    ] as const) {
      await app.db
        .updateTable('enquiries')
        .set({ status_at: ago(d) })
        .where('id', '=', id)
        .execute();
    }
    const counted = await overview();
    expect(counted.openApplications - before.openApplications).toBe(2);
    expect(counted.closingSoon - before.closingSoon).toBe(1);
    const closing = (await console('GET', '/api/staff/applications?closing=yes')).json();
    expect(closing.total).toBe(counted.closingSoon);
    expect(closing.closingWithinDays).toBe(3);
    expect(closing.items.map((i: { id: number }) => i.id)).toContain(soonId);
    expect(closing.items.map((i: { id: number }) => i.id)).not.toContain(laterId);
    // The unconfirmed one is on no list and in no count until she confirms.
    const hers = (await console('GET', `/api/staff/applications?search=${encodeURIComponent(waiting.email)}`)).json();
    expect([hers.total, hers.items]).toEqual([0, []]);
    expect(hers.awaitingConfirmation).toBeGreaterThanOrEqual(1);
    // A move touches it: no longer closing; a decision takes it off the open count.
    await move([soonId], 'shortlisted');
    expect((await overview()).closingSoon).toBe(before.closingSoon);
    await move([laterId], 'notSelected', { reason: 'skillsMismatch' });
    expect((await overview()).openApplications - before.openApplications).toBe(1);
    // Viewers read the same first screen.
    const viewer = (await staffSignedIn(app, `viewer${++people}@example.com`, 'viewer')).cookie;
    expect((await console('GET', '/api/staff/overview', undefined, viewer)).json()).toEqual(await overview());
  });

  it('closes kindly an application nobody touched for the days set, with a mail that says so, and never a touched one', async () => {
    const days = app.site.accounts.applicationDecisionDays;
    const lost = await student();
    const noted = await student();
    const lostId = idOf((await applyFor(lost.session, 'law/criminalLaw')).json().application.reference);
    const notedId = idOf((await applyFor(noted.session, 'law/criminalLaw')).json().application.reference);
    const later = (d: number) => new Date(Date.now() + d * 86_400_000);
    // The lost one came two days before the other; the other is written about today, which keeps it open.
    await app.db
      .updateTable('enquiries')
      .set({ status_at: later(-2).toISOString() })
      .where('id', '=', lostId)
      .execute();
    await app.db
      .updateTable('enquiries')
      .set({ status_at: later(-2).toISOString() })
      .where('id', '=', notedId)
      .execute();
    const noting = await app.inject({
      method: 'POST',
      url: '/api/staff/applications/update',
      cookies: { ic_staff: staff },
      headers: json,
      payload: JSON.stringify({ ids: [notedId], note: 'Call on Monday.' }),
    });
    expect(noting.statusCode).toBe(200);
    // The day before the limit nothing closes; past it, only the untouched one.
    expect(await closeUntouched(app, later(days - 3))).toBe(0);
    const closed = await closeUntouched(app, later(days - 1));
    await app.mailQueue.drain();
    expect(closed).toBeGreaterThanOrEqual(1);
    const mine = (await call('GET', '/api/account/applications', lost.session)).json().applications[0];
    expect(mine).toMatchObject({ status: 'notSelected', reason: 'notDecidedInTime' });
    const closing = mail.sent.filter((m) => m.to === lost.email && m.kind === 'application-notSelected');
    expect(closing).toHaveLength(1);
    expect(closing[0]!.text).toContain('could not decide on it in time');
    const still = (await call('GET', '/api/account/applications', noted.session)).json().applications[0];
    expect(still.status).toBe('applied');
    void lostId;
  });

  it('puts her applications and résumés in her data download, and deletes them with her account', async () => {
    const neha = await student();
    const resumeId = (
      await app.inject({
        method: 'POST',
        url: '/api/account/resumes',
        cookies: { ic_session: neha.session },
        headers: { 'content-type': 'application/pdf' },
        payload: PDF,
      })
    ).json().resume.id;
    await applyFor(neha.session, 'law/criminalLaw', lawAnswers(), { resumeId });
    const download = (await app.inject({ method: 'GET', url: '/api/account/export', cookies: { ic_session: neha.session } })).json();
    expect(download.applications[0]).toMatchObject({
      about: 'Criminal Law',
      status: 'applied',
      answers: expect.arrayContaining([{ question: 'Degree', answer: 'BA LLB' }]),
    });
    expect(Buffer.from(download.resumes[0].pdfBase64, 'base64').equals(PDF)).toBe(true);
    const deleted = await call('POST', '/api/account/delete', neha.session, { password: 'correct horse battery' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await app.db.selectFrom('enquiries').select('id').where('email', '=', neha.email).execute();
    expect(left).toEqual([]);
    expect(await app.db.selectFrom('resumes').select('id').where('id', '=', resumeId).execute()).toEqual([]);
    void owner;
  });
});
