import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { upsertCertificates } from '../../server/features/certificates/repository.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const store = loadSchemaStore(`${projectRoot}/schemas`);
const certificates = [
  demoCertificate(),
  demoCertificate({ certificateID: 'IC25/123457', studentName: 'Ishita Verma', issueDate: '2025-04-18' }),
  demoCertificate({ certificateID: 'IC24/998701', studentName: 'Fatima Siddiqui', issueDate: '2024-12-12' }),
  // Quotes, backslashes and letters beyond ASCII must come back exactly.
  demoCertificate({ certificateID: 'IC25/555001', studentName: 'Zoë "Zed" D\'Souza \\ अनन्या ✓', college: "St. Xavier's College, Mumbai\n(Autonomous)" }),
];

/** What the answer holds for a certificate: the printed fields exactly as stored, and what a verifier needs besides. */
const shown = (certificate: (typeof certificates)[number]) => ({
  ...certificate,
  // Told by its name when neither it nor a programme says (all of these are internships).
  kind: 'internship',
  status: 'valid',
  sample: false,
  checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  page: `/certificate/${certificate.certificateID}`,
});

describe.each(backends())('POST /api/certificates/verify on $name', (backend) => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    ({ handle, dispose } = opened);
    app = await apiApp(opened.handle, { certificates });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const verify = (payload: unknown, headers: Record<string, string> = json) =>
    app.inject({ method: 'POST', url: '/api/certificates/verify', headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  it('answers the certificates found, in the order asked, with every field', async () => {
    const response = await verify({ certificateIDs: ['IC24/998701', 'IC25/123456'] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((c: { certificateID: string }) => c.certificateID)).toEqual(['IC24/998701', 'IC25/123456']);
    expect(body[1]).toEqual(shown(certificates[0]!));
    expect(store.validate('api/verify.response.schema.json', body).errors).toEqual([]);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers names with quotes, backslashes and any script exactly as stored', async () => {
    const response = await verify({ certificateIDs: ['IC25/555001'] });
    expect(response.json()).toEqual([shown(certificates[3]!)]);
  });

  it('trims the IDs and reads them without regard to case', async () => {
    const response = await verify({ certificateIDs: ['  ic25/123457 '] });
    expect(response.json()).toEqual([shown(certificates[1]!)]);
  });

  it.each(['IC25 123456', 'IC25-123456', 'ic25123456', 'IC25 / 123456', 'ＩＣ２５／１２３４５６'])('finds IC25/123456 when it is typed %j', async (typed) => {
    const body = (await verify({ certificateIDs: [typed] })).json();
    expect(body.map((c: { certificateID: string }) => c.certificateID)).toEqual(['IC25/123456']);
  });

  it('answers an ID of any shape, or none, as not found: never a format error', async () => {
    for (const typed of ['hello world', 'IC25/12', '<script>', 'x'.repeat(65), 'a\u0000b', '']) {
      const response = await verify({ certificateIDs: [typed] });
      expect(response.statusCode, typed).toBe(200);
      expect(response.json(), typed).toEqual([]);
    }
  });

  it('answers the found ones of a request mixing found, not found and malformed IDs', async () => {
    const body = (await verify({ certificateIDs: ['IC25/123457', 'nope', 'IC24-998701', '!!!'] })).json();
    expect(body.map((c: { certificateID: string }) => c.certificateID)).toEqual(['IC25/123457', 'IC24/998701']);
  });

  it('answers an empty list for IDs that do not exist, and each ID once', async () => {
    expect((await verify({ certificateIDs: ['IC25/000000'] })).json()).toEqual([]);
    expect((await verify({ certificateIDs: ['IC25/123456', 'ic25/123456'] })).json()).toHaveLength(1);
  });

  it('answers certificates written after the server started, and changes to them, at once', async () => {
    await upsertCertificates(handle.db, [
      demoCertificate({ certificateID: 'IC25/600001', studentName: 'Imported Later' }),
      { ...certificates[2]!, studentName: 'Fatima S. Siddiqui' },
    ]);
    expect((await verify({ certificateIDs: ['IC25/600001', 'IC24/998701'] })).json().map((c: { studentName: string }) => c.studentName)).toEqual([
      'Imported Later',
      'Fatima S. Siddiqui',
    ]);
  });

  it('is never cached by shared caches (personal data)', async () => {
    expect((await verify({ certificateIDs: ['IC25/123456'] })).headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a missing list', {}, 'The request needs "certificateIDs".'],
    ['a list that is not a list', { certificateIDs: 'IC25/123456' }, 'certificateIDs must be a list of certificate IDs, such as ["IC25/123456"].'],
    ['an empty list', { certificateIDs: [] }, 'Send at least one certificate ID.'],
    ['an ID that is not text', { certificateIDs: [123456] }, 'The item 1 must be a string.'],
    ['more than 10 IDs', { certificateIDs: Array.from({ length: 11 }, (_, i) => `IC25/${String(100000 + i)}`) }, 'Send at most 10 certificate IDs at a time.'],
    ['a property that is not allowed', { certificateIDs: ['IC25/123456'], all: true }, '"all" is not allowed in this request.'],
    ['a body that is not an object', ['IC25/123456'], 'The request body must be a JSON object.'],
  ])('answers 400 with a message for %s', async (_what, payload, message) => {
    const response = await verify(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await verify('{"certificateIDs": [');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await verify(JSON.stringify({ certificateIDs: ['IC25/123456'], padding: 'x'.repeat(9000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });

  it('answers 415 for a body that is not sent as JSON', async () => {
    const response = await verify('certificateIDs=IC25/123456', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/JSON/);
  });

  it('refuses a request from a foreign origin', async () => {
    const response = await verify({ certificateIDs: ['IC25/123456'] }, { ...json, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/another website/);
  });

  it('accepts a request from its own origin', async () => {
    const response = await verify({ certificateIDs: ['IC25/123456'] }, { ...json, origin: 'http://localhost:80', host: 'localhost:80' });
    expect(response.statusCode).toBe(200);
  });
});

describe('rate limit on verification', () => {
  it('answers 429 with a message after the limit', async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    const app = await apiApp(handle, {
      rateLimits: { verify: { max: 3, windowMs: 60_000 }, login: { max: 3, windowMs: 60_000 }, signup: { max: 3, windowMs: 60_000 } },
    });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC25/123456'] } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    await app.close();
    await dispose();
  });
});
