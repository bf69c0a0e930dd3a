import type net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { upsertCertificates } from '../../../server/features/certificates/index.ts';
import { type RawAnswer, rawRequest } from '../../../tooling/rawHttp.ts';
import { requestTarget } from '../../../tooling/requestTargets.ts';
import { demoCertificate, TEST_SCRYPT } from '../../support/apiApp.ts';
import { mailbox } from '../../support/mailbox.ts';

/**
 * Page rendering never interprets text from the request: whatever address a visitor types, the answer is a page
 * (or a refusal) of ordinary size, never a server error. Thousands of random paths and queries (unicode, `$`
 * patterns String.replace would read, percent-encoded and not, very long) go as raw bytes to the server serving
 * a real build, over its socket, so Node's own parser and limits are in the way as they are in production.
 * PATH_FUZZ_RUNS=20000 for a long run.
 */
const RUNS = Number(process.env['PATH_FUZZ_RUNS'] ?? 2000);
/** Far more than any page of the site (the largest is about a tenth of this), far less than a flood. */
const MOST_BYTES = 1024 * 1024;

describe('any address a visitor can type', () => {
  let app: FastifyInstance;
  let port: number;
  let cleanup: () => Promise<void>;
  const seen = { requests: 0, largest: 0, largestTarget: '', statuses: new Map<number, number>() };

  beforeAll(async () => {
    // The site as built in the grown copy (globalSetup.ts): the real pages and server renderer, and a few more pages.
    const site = inject('grownSite');
    expect(site.runs.build.status, site.runs.build.output).toBe(0);
    const handle = await openDatabase({ sqliteFile: ':memory:' });
    await upsertCertificates(handle.db, [demoCertificate()]);
    // Every limit lifted, the lookup budget too: each certificate address is rendered, none refused with 429.
    app = await buildApp({
      database: handle,
      root: site.root,
      distDir: path.join(site.root, 'dist'),
      rateLimits: false,
      allowances: { lookupMisses: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } },
      scryptCost: TEST_SCRYPT,
      mailer: mailbox(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    cleanup = async () => {
      await app.close();
      await handle.close();
    };
  });
  afterAll(async () => {
    await cleanup?.();
    if (seen.requests) {
      const statuses = [...seen.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
      console.log(`${seen.requests} addresses; largest answer ${seen.largest} bytes (${seen.largestTarget.slice(0, 60)}…); ${statuses.join(', ')}`);
    }
  });

  const ask = async (path: string, method = 'GET'): Promise<RawAnswer> => {
    const answer = await rawRequest(port, path, { method, cap: MOST_BYTES * 4 });
    seen.requests++;
    seen.statuses.set(answer.status, (seen.statuses.get(answer.status) ?? 0) + 1);
    if (answer.bytes > seen.largest) {
      seen.largest = answer.bytes;
      seen.largestTarget = path;
    }
    return answer;
  };

  it.each([64, 100, 400])('a certificate address followed by %i copies of $` (encoded or not) is the not-found page, at its own size', async (times) => {
    const plain = await ask('/certificate/X');
    expect(plain.status).toBe(404);
    for (const tail of ['%24%60', '$`', "%24'", '$&']) {
      const answer = await ask(`/certificate/X${tail.repeat(times)}`);
      expect(answer.status).toBe(404);
      // The ID is shown (and kept in the page's data) as typed, a few times and escaped: some times its length, never a
      // copy of the page per `$` (64 copies once made 233 MB).
      expect(answer.bytes).toBeLessThan(plain.bytes + 100 * tail.length * times);
    }
  });

  it('reads an address starting // or /\\ as a path of this site, never as another host (GET // once answered 500)', async () => {
    expect((await ask('//')).status).toBe(200);
    expect((await ask('///')).status).toBe(200);
    for (const path of ['//evil.example/x', '/\\evil.example', '//certificate//', '//?role=x']) expect((await ask(path)).status, path).toBeLessThan(500);
    expect((await ask('//certificate-verification')).status).toBe(200);
  });

  it('answers an address whose percent-encoding decodes to nothing from the catalogue (400 BAD_REQUEST), never echoing it, page or API', async () => {
    for (const path of ['/%E0%A4%A', '/certificate/%E0%A4%A', '/internship/%zz', '/api/%zz', '/api/certificates/verify%C0', '/staff/%']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      const body = await answer.text();
      expect([path, answer.status]).toEqual([path, 400]);
      expect(JSON.parse(body), path).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
      expect(body, path).not.toContain(path.slice(1));
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('answers every random path and query with at most 1 MB, and never with a server error', async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(requestTarget, fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), async (path, method) => {
        count++;
        const answer = await ask(path, method);
        expect(answer.status, `${method} ${path.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${method} ${path.slice(0, 200)}`).toBeLessThan(500);
        expect(answer.bytes, `${method} ${path.slice(0, 200)}`).toBeLessThan(MOST_BYTES);
      }),
      { numRuns: RUNS },
    );
    expect(count).toBe(RUNS);
  }, 900_000);
});
