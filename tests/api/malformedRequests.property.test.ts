import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer } from '../../editor/server/editorApp.ts';
import { type ApiRoute, apiRoutes, type StaffRouteName, staffEndpoints } from '../../engine/shared/apiRoutes.ts';
import { loadSchemaStore, type SchemaNode } from '../../engine/shared/schemaStore.ts';
import { makeTempProject, projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { routesOf } from '../support/routes.ts';
import { staffSignedIn } from '../support/staff.ts';

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
  const seen = { requests: 0, largest: 0, largestRoute: '' };
  /** Counts an answer for the run's summary: how many, and the largest. */
  const tally = (url: string, bytes: number) => {
    seen.requests++;
    if (bytes > seen.largest) {
      seen.largest = bytes;
      seen.largestRoute = url;
    }
  };
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, { certificates: [demoCertificate()] });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    if (seen.requests)
      console.log(`public API on ${backend.name}: ${seen.requests} requests, none 5xx; largest answer ${seen.largest} bytes (${seen.largestRoute})`);
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
          tally(url, response.rawPayload.length);
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
            tally(url, response.rawPayload.length);
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

/**
 * Values a JSON Schema describes (its $refs followed): its examples and enum, texts and numbers of its type with
 * control characters, and now and then a value of the wrong type. Bodies made of these get past the request's
 * schema often enough for the handler to run on them, which near-miss bodies alone seldom do.
 */
function shapedBy(rel: string, node: SchemaNode, depth = 0): fc.Arbitrary<unknown> {
  if (typeof node['$ref'] === 'string') {
    const target = schemas.resolveRef(rel, node['$ref']);
    const shaped = target ? shapedBy(target.rel, target.node, depth) : fc.jsonValue({ maxDepth: 1 });
    // Examples beside a $ref are this field's own (a token's form), more telling than the shared definition's.
    const own = Array.isArray(node['examples']) ? (node['examples'] as unknown[]) : [];
    return own.length ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 1 }, { arbitrary: shaped, weight: 1 }) : shaped;
  }
  const options: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: nearMissValue, weight: 1 }];
  const examples = Array.isArray(node['examples']) ? node['examples'] : [];
  if (examples.length) options.push({ arbitrary: fc.constantFrom(...examples), weight: 4 });
  if (Array.isArray(node['enum'])) options.push({ arbitrary: fc.constantFrom(...(node['enum'] as unknown[])), weight: 4 });
  const properties = node['properties'] as Record<string, SchemaNode> | undefined;
  if (node['type'] === 'object' && properties && depth < 4)
    options.push(
      {
        arbitrary: fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, shapedBy(rel, value, depth + 1)])), {
          requiredKeys: [],
        }),
        weight: 8,
      },
      // Every required field from the schema's examples: a body the handler takes, now and then a field changed.
      { arbitrary: exampleOf(rel, node), weight: 8 },
    );
  if (node['type'] === 'array' && depth < 4)
    options.push({
      arbitrary: fc.array(node['items'] ? shapedBy(rel, node['items'] as SchemaNode, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 6 }),
      weight: 3,
    });
  if (node['type'] === 'string')
    options.push({ arbitrary: fc.oneof(controlText, fc.string({ maxLength: 120 })), weight: 3 }, { arbitrary: heavyText, weight: 1 });
  if (node['type'] === 'integer' || node['type'] === 'number')
    options.push({ arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1.5)), weight: 3 });
  if (node['type'] === 'boolean') options.push({ arbitrary: fc.boolean(), weight: 3 });
  return fc.oneof(...options);
}

/** Texts that once cost the server dearly: file names that choose a parser, and what each parser chokes on. */
const heavyText = fc.constantFrom(
  'certificates.json',
  'certificates.csv',
  '['.repeat(200_000),
  `${','.repeat(200_000)}\n`,
  '"'.repeat(3_000),
  '{"a":'.repeat(20_000),
);

/** A value made of the schema's examples (its enum's first value, else a text or number of its type), every required field given. */
function exampleOf(rel: string, node: SchemaNode): fc.Arbitrary<unknown> {
  if (Array.isArray(node['examples']) && node['examples'].length) return fc.constantFrom(...(node['examples'] as unknown[]));
  if (typeof node['$ref'] === 'string') {
    const target = schemas.resolveRef(rel, node['$ref']);
    return target ? exampleOf(target.rel, target.node) : fc.constant({});
  }
  const examples = Array.isArray(node['examples']) ? node['examples'] : Array.isArray(node['enum']) ? (node['enum'] as unknown[]) : [];
  const properties = node['properties'] as Record<string, SchemaNode> | undefined;
  if (node['type'] === 'object' && properties) {
    const required = Array.isArray(node['required']) ? (node['required'] as string[]) : [];
    return fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, exampleOf(rel, value)])), { requiredKeys: required });
  }
  if (examples.length) return fc.constantFrom(...examples);
  if (node['type'] === 'array') return fc.array(node['items'] ? exampleOf(rel, node['items'] as SchemaNode) : fc.constant('x'), { minLength: 1, maxLength: 3 });
  if (node['type'] === 'integer' || node['type'] === 'number') return fc.integer({ min: 1, max: 1000 });
  if (node['type'] === 'boolean') return fc.boolean();
  return fc.string({ minLength: 1, maxLength: 20 });
}

const schemas = loadSchemaStore(path.join(projectRoot, 'schemas'));
const schemaArbitrary = (rel: string) => shapedBy(rel, schemas.files.get(rel)!);
/** Refusals that come before a handler: the console's guard, and the request's own shape. */
const BEFORE_HANDLER = new Set([
  'STAFF_NOT_SIGNED_IN',
  'SECOND_FACTOR_REQUIRED',
  'STAFF_ONLY',
  'STAFF_ROLE_TOO_LOW',
  'VALIDATION_FAILED',
  'BODY_NOT_JSON',
  'BODY_EMPTY',
  'BODY_TOO_LARGE',
  'BODY_LENGTH_WRONG',
  'NOT_JSON_TYPE',
  'FOREIGN_ORIGIN',
]);
/** Console requests per route and database (FUZZ_RUNS sets it for a long run; the default keeps npm test quick). */
const CONSOLE_RUNS = Number(process.env['FUZZ_RUNS'] ?? 20);

describe.each(backends())('every console route, with an owner signed in, on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let owner: string;
  const seen = { requests: 0, largest: 0, largestRoute: '', handled: new Map<string, number>() };
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, { certificates: [demoCertificate()] });
    owner = (await staffSignedIn(app, 'fuzz-owner@example.com', 'owner')).cookie;
    // Someone for the member routes to find, an enquiry for the inbox's, and a referral credit for the payout's.
    await staffSignedIn(app, 'meera@example.com', 'staff');
    await app.inject({
      method: 'POST',
      url: apiRoutes.contact.path,
      headers: json,
      payload: { name: 'Asha', email: 'asha@example.com', message: 'Hello', idempotencyKey: 'fuzz-contact-0001' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    if (seen.requests)
      console.log(`console on ${backend.name}: ${seen.requests} requests, none 5xx; largest answer ${seen.largest} bytes (${seen.largestRoute})`);
  });

  it('refuses what PostgreSQL cannot hold (a NUL, a number past its integer) by the schema, before the database sees it', async () => {
    // Each answered 500 on PostgreSQL in the long fuzz run (SQLite took them).
    const asked: [string, string, object?][] = [
      ['POST', apiRoutes.staffRemove.path, { userId: Number.MAX_SAFE_INTEGER }],
      ['POST', apiRoutes.staffEnquiryUpdate.path, { id: 2 ** 31, note: 'Called' }],
      ['POST', apiRoutes.staffReferralsDecide.path, { ids: [Number.MAX_SAFE_INTEGER], decision: 'approve' }],
      ['POST', apiRoutes.staffCertificateRevoke.path, { id: 'IC25/123456', reason: 'wrong\u0000' }],
      ['GET', `${apiRoutes.staffEnquiry.path}?id=999999999999`],
      ['GET', `${apiRoutes.staffEnquiries.path}?search=%00`],
      ['GET', `${apiRoutes.staffCertificates.path}?search=%00`],
      ['GET', `${apiRoutes.staffAudit.path}?action=%00`],
      ['GET', `${apiRoutes.staffAudit.path}?actor=a%00`],
    ];
    for (const [method, url, body] of asked) {
      const response = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        cookies: { ic_staff: owner },
        ...(body ? { headers: json, payload: body } : {}),
      });
      expect([url, response.statusCode, response.json().code]).toEqual([url, 400, 'VALIDATION_FAILED']);
    }
  });

  // Signing out last: it ends the owner's session, after which only the guard would answer.
  const names = (Object.keys(staffEndpoints) as StaffRouteName[]).sort((a, b) => Number(a === 'staffLogout') - Number(b === 'staffLogout'));

  it.each(names)(
    '%s never answers 5xx, whatever it is sent, and its handler is reached',
    async (name) => {
      const route = apiRoutes[name] as ApiRoute;
      const body = route.body
        ? fc.oneof({ arbitrary: schemaArbitrary(route.body).map((v) => JSON.stringify(v)), weight: 4 }, { arbitrary: payload, weight: 1 })
        : payload;
      const query = route.querystring
        ? schemaArbitrary(route.querystring)
        : fc.dictionary(fc.constantFrom('id', 'page', 'search', 'x'), controlText, { maxKeys: 3 });
      let count = 0;
      let handled = 0;
      await fc.assert(
        fc.asyncProperty(
          body,
          query,
          fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', ''),
          async (text, asked, type) => {
            count++;
            const queryString = Object.fromEntries(
              Object.entries(typeof asked === 'object' && asked !== null && !Array.isArray(asked) ? asked : {}).map(([k, v]) => [
                k,
                typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
              ]),
            );
            const response = await app.inject({
              method: route.method,
              url: route.path,
              query: queryString,
              cookies: { ic_staff: owner },
              ...(route.method === 'POST' ? { payload: text, headers: type ? { 'content-type': type } : {} } : {}),
            });
            const what = `${route.method} ${route.path} ${JSON.stringify(queryString).slice(0, 80)} ${text.slice(0, 80)}`;
            expect(response.statusCode, what).toBeLessThan(500);
            const bytes = response.rawPayload.length;
            if (bytes > seen.largest) {
              seen.largest = bytes;
              seen.largestRoute = name;
            }
            if (response.statusCode >= 400) {
              const refusal = response.json() as { code: string };
              expect(Object.keys(refusal).sort(), what).toEqual(['code', 'message']);
              if (!BEFORE_HANDLER.has(refusal.code)) handled++;
            } else handled++;
          },
        ),
        { numRuns: CONSOLE_RUNS },
      );
      seen.requests += count;
      expect(count).toBe(CONSOLE_RUNS);
      expect(handled, `${name}: no request reached its handler`).toBeGreaterThan(0);
    },
    600_000,
  );
});

/** Editor requests per route: EDITOR_FUZZ_RUNS for a long run (a check or a save validates the whole project, about 0.2 s). */
const EDITOR_RUNS = Number(process.env['EDITOR_FUZZ_RUNS'] ?? 3);
/** Texts an editor request may name: documents, folders and names, with the ways out of the project an attacker tries. */
const editorText = fc.oneof(
  controlText,
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    'pages/index.json',
    'data/site.json',
    'pages/internship/law.json',
    '../package.json',
    'pages/../../x.json',
    '%2e%2e/x',
    '/etc/passwd',
    'pages/',
    '',
    'images',
    'logo.png',
    '..',
  ),
);

/**
 * The content editor's every route, over HTTP, in a throwaway copy of the project: its routes are found from the
 * server itself, so a route added (or one whose checks change, as its routes move to schemas) is fuzzed as it is.
 * Publish is left out: each would build the whole site, a minute of both cores, and it reads no input.
 */
describe('every content editor route, over HTTP', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let editor: { app: FastifyInstance; port: number };
  const documents: { rel: string; text: string; hash: string | null }[] = [];
  const seen = { requests: 0, largest: 0, largestRoute: '' };
  beforeAll(async () => {
    temp = makeTempProject('editor-fuzz-');
    editor = await startEditorServer({ root: temp.root, port: 0 });
    for (const rel of ['pages/index.json', 'data/site.json', 'pages/internship/law.json']) {
      const opened = (await (await fetch(`http://127.0.0.1:${editor.port}/api/document?rel=${encodeURIComponent(rel)}`)).json()) as {
        text: string;
        hash: string;
      };
      documents.push({ rel, text: opened.text, hash: opened.hash });
    }
  }, 120_000);
  afterAll(async () => {
    await editor?.app.close();
    temp?.remove();
    if (seen.requests) console.log(`editor: ${seen.requests} requests, none 5xx; largest answer ${seen.largest} bytes (${seen.largestRoute})`);
  });

  /** A document body: a real document with its text and hash, or parts of one, or nothing like one. */
  const documentBody = fc.constantFrom(0, 1, 2).chain((i) =>
    fc.record(
      {
        rel: fc.oneof(fc.constant(documents[i]?.rel), editorText),
        original: fc.oneof(fc.constant(documents[i]?.text), controlText),
        value: fc.oneof(
          fc.constant(documents[i] ? JSON.parse(documents[i].text) : {}),
          fc.jsonValue({ maxDepth: 3 }),
          fc.dictionary(fc.constantFrom('$schema', 'path', 'title', 'sections', 'name', '__proto__'), nearMissValue, { maxKeys: 4 }),
        ),
        openedHash: fc.oneof(fc.constant(documents[i]?.hash), fc.constant(null), controlText),
        kind: fc.constantFrom('internship', 'jobs', 'course', '__proto__', ''),
        name: editorText,
      },
      { requiredKeys: [] },
    ),
  );
  const editorBody = fc.oneof(
    { arbitrary: documentBody.map((b) => ({ type: 'application/json', body: JSON.stringify(b) as string | ArrayBuffer })), weight: 5 },
    { arbitrary: payload.map((b) => ({ type: 'application/json', body: b as string | ArrayBuffer })), weight: 2 },
    { arbitrary: fc.uint8Array({ maxLength: 600 }).map((b) => ({ type: 'image/png', body: b.slice().buffer as string | ArrayBuffer })), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>', '<svg', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><svg/>')
        .map((b) => ({ type: 'image/svg+xml', body: b as string | ArrayBuffer })),
      weight: 1,
    },
  );

  it('answers every route, whatever it is sent, never with a server error', async () => {
    const routes = routesOf(editor.app).filter((r) => !(r.method === 'POST' && r.url === '/api/publish') && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { method, url } of routes) {
      let count = 0;
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom('rel', 'q', 'folder', 'name', 'x'), editorText, { maxKeys: 3 }), editorBody, async (query, sent) => {
          count++;
          const target = `http://127.0.0.1:${editor.port}${url}?${new URLSearchParams(query).toString()}`;
          const withBody = method === 'POST';
          const response = await fetch(target, {
            method,
            ...(withBody ? { body: sent.body, headers: { 'content-type': sent.type } } : {}),
          });
          const answer = await response.arrayBuffer();
          expect(response.status, `${method} ${target.slice(0, 120)} ${String(sent.body).slice(0, 80)}`).toBeLessThan(500);
          if (answer.byteLength > seen.largest) {
            seen.largest = answer.byteLength;
            seen.largestRoute = `${method} ${url}`;
          }
        }),
        { numRuns: EDITOR_RUNS },
      );
      seen.requests += count;
    }
  }, 900_000);
});
