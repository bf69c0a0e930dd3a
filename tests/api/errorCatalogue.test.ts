import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { API_ERRORS, type ApiErrorCode } from '../../server/errors.ts';
import { readSiteSettings } from '../../server/siteSettings.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { routesOf } from '../support/routes.ts';

const codes = Object.keys(API_ERRORS) as ApiErrorCode[];
const site = readSiteSettings(projectRoot);
const store = loadSchemaStore(path.join(projectRoot, 'schemas'));

/** Every server source file but the catalogue itself. */
function serverSources(dir = path.join(projectRoot, 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') && full !== path.join(projectRoot, 'server', 'errors.ts') ? [full] : [];
  });
}

describe('the API error catalogue', () => {
  const sources = serverSources()
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');

  it.each(codes)('%s has its sentence in data/site.json, is used by the server, and has its row in the README', (code) => {
    const sentence = API_ERRORS[code].words(site.ui);
    expect(typeof sentence).toBe('string');
    expect(sentence.trim().length).toBeGreaterThan(0);
    expect(sources, `${code} is in the catalogue but no server code answers with it`).toContain(`'${code}'`);
    expect(readme).toContain(`| \`${code}\` | ${API_ERRORS[code].status} |`);
  });

  it('gives each code a status of a refusal or a failure', () => {
    for (const code of codes) expect(API_ERRORS[code].status).toBeGreaterThanOrEqual(400);
  });
});

describe.each(backends())('every refusal of every route on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, { certificates: [demoCertificate()], allowances: { lookupMisses: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  /** A refusal is `{ code, message }`: a code of the catalogue, with its own status, as schemas/api/error.schema.json says. */
  const expectCatalogued = (response: LightMyRequestResponse, what: string) => {
    if (response.statusCode < 400) return;
    expect(response.headers['content-type'], what).toMatch(/^application\/json/);
    const body = response.json() as { code: ApiErrorCode; message: string };
    expect(store.validate('api/error.schema.json', body).errors, `${what}: ${response.body}`).toEqual([]);
    expect(codes, `${what}: ${body.code}`).toContain(body.code);
    expect(response.statusCode, `${what}: ${body.code}`).toBe(API_ERRORS[body.code].status);
  };

  it('answers every bad request to every route with a catalogued code', async () => {
    const routes = routesOf(app).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (const { method, url } of routes) {
      const attempts: InjectOptions[] =
        method === 'GET'
          ? [
              { method, url },
              { method, url: `${url}?id=` },
              { method, url: `${url}?id=IC99%2F000001` },
              { method, url: `${url}?id=IC99%2F000002&extra=1` },
            ]
          : [
              { method, url, headers: json, payload: '' },
              { method, url, headers: json, payload: '{' },
              { method, url, headers: json, payload: '{}' },
              { method, url, headers: json, payload: '[1]' },
              { method, url, headers: { 'content-type': 'text/csv' }, payload: 'a,b' },
              { method, url, headers: { ...json, origin: 'https://evil.example' }, payload: '{}' },
              { method, url, headers: json, payload: JSON.stringify({ certificateIDs: ['IC99/000003'], email: 'x', password: 'y', token: 'z' }) },
              { method, url, headers: json, payload: 'x'.repeat(9000) },
            ];
      for (const attempt of attempts) {
        const response = await app.inject(attempt);
        expectCatalogued(response, `${method} ${String(attempt.url)} ${String(attempt.payload ?? '').slice(0, 40)}`);
        if (response.statusCode >= 400) seen.add(response.json().code);
      }
    }
    const unknown = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expectCatalogued(unknown, 'an API route that does not exist');
    seen.add(unknown.json().code);
    // The walk meets the request-shape refusals, the origin check, the session check and the lookup budget.
    for (const code of [
      'VALIDATION_FAILED',
      'BODY_NOT_JSON',
      'NOT_JSON_TYPE',
      'BODY_TOO_LARGE',
      'FOREIGN_ORIGIN',
      'NOT_LOGGED_IN',
      'NO_SUCH_ROUTE',
      'LOOKUP_BUDGET_SPENT',
    ])
      expect(seen, code).toContain(code);
  }, 120_000);

  it('answers an address whose percent-encoding decodes to nothing with BAD_REQUEST, never echoing it', async () => {
    for (const url of ['/%E0%A4%A', '/api/%zz', '/api/staff/%zz', '/certificate/%E0%A4%A', '/%', '/internship/%C0']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await app.inject({ method, url, headers: json, payload: method === 'POST' ? '{}' : undefined });
        expectCatalogued(response, `${method} ${url}`);
        expect(response.json(), `${method} ${url}`).toEqual({ code: 'BAD_REQUEST', message: API_ERRORS.BAD_REQUEST.words(site.ui) });
        expect(response.body).not.toContain(url.slice(1));
        // Refused before any hook runs, it still carries the headers every answer does.
        expect(response.headers['content-security-policy'], url).toBeDefined();
      }
    }
  });
});
