import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiTypes } from '../../codegen/generateApiTypes.ts';
import { type ApiRouteName, type ApiRoutes, apiRoutes, pageEndpoints, programEndpoints, staffEndpoints } from '../../engine/shared/apiRoutes.ts';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { ALLOWANCES, type AllowanceName } from '../../server/limits/allowances.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const schemas = path.join(projectRoot, 'schemas');

/**
 * The routes a Fastify instance has, as "METHOD /path", read from its own
 * printout (printRoutes), a line per route, indented under the route whose path
 * it continues. HEAD, which Fastify adds to every GET, is left out.
 */
function routesOf(printout: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of printout.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = full;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD' && m !== '-')) routes.push(`${method} ${full}`);
  }
  return routes.sort();
}

describe('the route catalogue (engine/shared/apiRoutes.ts)', () => {
  let dispose: () => Promise<void>;
  let printout: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    const opened = await backends()[0]!.open();
    app = await apiApp(opened.handle, { rateLimits: true });
    printout = app.printRoutes({ commonPrefix: false });
    dispose = opened.dispose;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('reads the server routes it is checked against', () => {
    expect(routesOf('├── /api/account (GET, HEAD)\n│   ├── /export (GET, HEAD)\n│   └── /details (POST)\n└── /readyz (GET, HEAD)')).toEqual([
      'GET /api/account',
      'GET /api/account/export',
      'GET /readyz',
      'POST /api/account/details',
    ]);
  });

  it('holds every route the server answers (without the site), and none it does not', () => {
    const catalogue = Object.values(apiRoutes)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(catalogue).toEqual(routesOf(printout));
  });

  it('names each route once, by its place', () => {
    const endpoints = { ...pageEndpoints, ...programEndpoints, ...staffEndpoints };
    const places = Object.values(endpoints).map(([method, where]) => `${method} ${where}`);
    expect(new Set(places).size).toBe(places.length);
    expect(Object.keys(pageEndpoints).filter((name) => name in programEndpoints || name in staffEndpoints)).toEqual([]);
    expect(Object.keys(programEndpoints).filter((name) => name in staffEndpoints)).toEqual([]);
    expect(Object.keys(apiRoutes).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it("registers each route as its entry says: a member's route refuses a visitor, and each allowance is the route's", async () => {
    const names = Object.keys(apiRoutes) as ApiRouteName[];
    for (const name of names.filter((n) => apiRoutes[n].access === 'member')) {
      const { method, path: url } = apiRoutes[name];
      const answer = await app.inject({ method, url, ...(method === 'POST' ? { headers: json, payload: {} } : {}) });
      expect([name, answer.statusCode, answer.json().code]).toEqual([name, 401, 'NOT_LOGGED_IN']);
    }
    // The allowance a route counts against is the catalogue's: its headers say how many calls it allows.
    for (const name of names) {
      const { method, path: url, limit } = apiRoutes[name] as ApiRoutes[ApiRouteName];
      if (method !== 'GET' || 'file' in apiRoutes[name]) continue;
      const answer = await app.inject({ method, url, query: apiRoutes[name].querystring ? { id: 'XX00/0000' } : {} });
      const expected = limit ? String(ALLOWANCES[limit.allowance as AllowanceName].max) : undefined;
      expect([name, answer.headers['x-ratelimit-limit']]).toEqual([name, expected]);
    }
  });

  it('names schema files that exist and compile, and only objects as request bodies and query strings', () => {
    const store = loadSchemaStore(schemas);
    for (const [name, route] of Object.entries(apiRoutes)) {
      const files: (string | undefined)[] = [route.body, route.querystring, ...Object.values(route.response)];
      for (const rel of files.filter((f): f is string => Boolean(f))) {
        expect(fs.existsSync(path.join(schemas, rel)), `${name}: schemas/${rel}`).toBe(true);
        expect(() => store.validate(rel, {}), `${name}: schemas/${rel}`).not.toThrow();
      }
      for (const rel of [route.body, route.querystring].filter((f) => f !== undefined)) {
        expect(JSON.parse(fs.readFileSync(path.join(schemas, rel), 'utf8')).type, `${name}: schemas/${rel}`).toBe('object');
      }
      if ('file' in route) expect(route.method, `${name} is a file, opened by its address`).toBe('GET');
    }
  });

  it("types each route from its schemas' titles, and refuses a schema that does not exist or names no type", () => {
    const content = fs.readFileSync(path.join(projectRoot, 'engine/generated/content.ts'), 'utf8');
    const types = generateApiTypes(schemas, content);
    expect(types).toContain('  login: { body: LoginRequest; query: undefined; responses: { 200: AuthResponse } };');
    expect(types).toContain('  enrolment: { body: EnrolmentRequest; query: undefined; responses: { 200: EnquiryResponse; 201: EnquiryResponse } };');
    expect(types).toContain('  certificatePdf: { body: undefined; query: CertificateQuery; responses: Record<never, never> };');
    const missing = { method: 'POST', path: '/api/x', access: 'anyone', body: 'api/nothing.request.schema.json', response: {} } as const;
    expect(() => generateApiTypes(schemas, content, { x: missing })).toThrow(/names schemas\/api\/nothing\.request\.schema\.json, which does not exist/);
    const untyped = { method: 'POST', path: '/api/x', access: 'anyone', body: 'api/login.request.schema.json', response: {} } as const;
    expect(() => generateApiTypes(schemas, content.replace('export interface LoginRequest', 'interface LoginRequest'), { x: untyped })).toThrow(
      /title LoginRequest, but engine\/generated\/content\.ts exports no such type/,
    );
  });
});
