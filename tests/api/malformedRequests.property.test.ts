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

/** Bodies a careless or hostile client might send: any JSON, near-miss objects, broken text, odd content types. */
const nearMissValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.oneof(fc.string(), fc.constant('IC25/123456'), fc.constant(' ic25/123456 '), fc.integer(), fc.constant(null)), { maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom('', ' ', 'a@b', 'x'.repeat(300), '\u0000', '🙂'.repeat(50), 'IC25/123456'),
);
const nearMissObject = fc.dictionary(fc.constantFrom(...keys), nearMissValue, { maxKeys: 6 });
const payload = fc.oneof(
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

  it('never answer 5xx, and every refusal carries a message', async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), payload, contentType, fc.boolean(), async (url, body, type, withCookie) => {
        count++;
        const response = await app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: type ? { 'content-type': type } : {},
          ...(withCookie ? { cookies: { ic_session: body.slice(0, 120).toWellFormed() } } : {}),
        });
        expect(response.statusCode, `${url} ${type} ${body.slice(0, 80)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      }),
      { numRuns: 2500 },
    );
    expect(count).toBe(2500);
  }, 120_000);
});
