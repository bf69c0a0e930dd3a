import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApp, demoCertificate } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const routes = [
  '/api/certificates/verify',
  '/api/auth/signup',
  '/api/auth/login',
  '/api/login',
  '/api/auth/logout',
  '/api/enquiries/enrolment',
  '/api/enquiries/contact',
  '/api/newsletter',
  '/api/newsletter/confirm',
  '/api/newsletter/unsubscribe',
  '/api/newsletter/one-click-unsubscribe?token=1.x',
  '/api/auth/password-reset',
  '/api/auth/password-reset/confirm',
  '/api/account/details',
  '/api/account/password',
  '/api/account/newsletter',
  '/api/account/delete',
] as const;
/** Requests with the ID in the query string: the certificate's page data, PDF, credential, status and QR code. */
const byIdRoutes = ['/api/certificates/pdf', '/api/certificates/credential', '/api/certificates/status', '/api/certificates/qr.svg'] as const;
/** Bodies per route and database: FUZZ_RUNS=10000 for a long run (the default keeps npm test quick). */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 500);
const keys = [
  'certificateIDs',
  'email',
  'password',
  'fullName',
  'registrationNo',
  'idempotencyKey',
  'name',
  'phone',
  'courseId',
  'message',
  'token',
  'ref',
  'subscribe',
  'currentPassword',
  'newPassword',
  '__proto__',
  'constructor',
  'prototype',
  'ids',
  '',
];

/** Text with control characters among ordinary ones: NUL, escape, line breaks, DEL (a NUL once broke PostgreSQL). */
const controlText = fc.string({
  unit: fc.constantFrom('\u0000', '\u0001', '\u0007', '\n', '\r', '\t', '\u001b', '\u007f', 'a', 'Z', '@', '.', '/', '1', ' ', 'é'),
  maxLength: 40,
});

/** Bodies a careless or hostile client might send: any JSON, near-miss objects, broken text, odd content types. */
const nearMissValue = fc.oneof(
  controlText,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.oneof(fc.string(), fc.constant('IC25/123456'), fc.constant(' ic25/123456 '), fc.integer(), fc.constant(null)), { maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom('', ' ', 'a@b', 'x'.repeat(300), '\u0000', '🙂'.repeat(50), 'IC25/123456'),
);
const nearMissObject = fc.dictionary(fc.constantFrom(...keys), nearMissValue, { maxKeys: 6 });
/** Bodies of the right shape whose text holds control characters: these reach the database if anything does. */
const wellShaped = fc.oneof(
  fc.record({ email: controlText, password: controlText }),
  fc.record({ fullName: controlText, registrationNo: controlText, email: controlText, password: controlText }),
  fc.record({ certificateIDs: fc.array(controlText, { minLength: 1, maxLength: 10 }) }),
);
const payload = fc.oneof(
  wellShaped.map((o) => JSON.stringify(o)),
  nearMissObject.map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('{', '{"certificateIDs":', '[1,2', 'null', '"x"', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}', '\ufeff{}'),
  fc.integer({ min: 1, max: 40 }).map((n) => '['.repeat(n * 50)),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  'application/json; charset=latin1',
);

describe.each(backends())('malformed requests on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, { certificates: [demoCertificate()] });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it.each(routes)(
    '%s never answers 5xx, and every refusal carries a code and a message',
    async (url) => {
      let count = 0;
      await fc.assert(
        fc.asyncProperty(payload, contentType, fc.boolean(), async (body, type, withCookie) => {
          count++;
          const response = await app.inject({
            method: 'POST',
            url,
            payload: body,
            headers: type ? { 'content-type': type } : {},
            ...(withCookie ? { cookies: { ic_session: body.slice(0, 120).toWellFormed() } } : {}),
          });
          expect(response.statusCode, `${url} ${type} ${body.slice(0, 80)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        }),
        { numRuns: RUNS },
      );
      expect(count).toBe(RUNS);
    },
    600_000,
  );

  it.each(byIdRoutes)(
    '%s?id=… never answers 5xx, whatever the ID',
    async (url) => {
      let count = 0;
      await fc.assert(
        fc.asyncProperty(
          // Now and then a real ID, whose PDF is drawn for real (slow): mostly made-up ones.
          fc.oneof(
            { arbitrary: controlText, weight: 5 },
            { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 5 },
            { arbitrary: fc.constant('IC25/123456'), weight: 1 },
          ),
          async (id) => {
            count++;
            const response = await app.inject({ method: 'GET', url, query: { id } });
            expect(response.statusCode, `${url} ${JSON.stringify(id)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
          },
        ),
        { numRuns: RUNS },
      );
      expect(count).toBe(RUNS);
    },
    600_000,
  );
});
