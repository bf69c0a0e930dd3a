import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitCounts } from '../../server/limits/counts.ts';
import { lookupBudget } from '../../server/limits/lookupBudget.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const MINUTE = 60_000;
const real = demoCertificate();
/** Ten certificates that exist, for requests of ten found IDs. */
const issued = Array.from({ length: 10 }, (_, i) => demoCertificate({ certificateID: `IC25/${String(500000 + i)}` }));
const guesses = (from: number, n = 10) => Array.from({ length: n }, (_, i) => `IC25/${String(900000 + from + i)}`);

describe.each(backends())('the certificate lookup budget on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, {
      certificates: [real, ...issued],
      allowances: { lookupMisses: { max: 30, windowMs: 10 * MINUTE }, lookups: { max: 60, windowMs: 60 * MINUTE } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const verify = (ids: string[], from: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/certificates/verify',
      headers: { ...json, ...from.headers },
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
      payload: { certificateIDs: ids },
    });

  it('answers 30 IDs that find nothing, then 429 with how long to wait, whatever X-Forwarded-For says', async () => {
    const client = '198.51.100.10';
    for (const from of [0, 10, 20])
      expect((await verify(guesses(from), { remoteAddress: client, headers: { 'x-forwarded-for': `10.0.0.${from}` } })).statusCode).toBe(200);
    const refused = await verify(guesses(30), { remoteAddress: client, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'LOOKUP_BUDGET_SPENT',
      message: expect.stringMatching(/^Too many certificate IDs have been checked from your connection\. Please wait \d+ minutes? and try again\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('once spent, answers a certificate that exists exactly as one that does not, on every lookup route: the refusal says nothing about any ID', async () => {
    const client = '198.51.100.11';
    for (const from of [100, 110, 120]) await verify(guesses(from), { remoteAddress: client });
    const existing = await verify([real.certificateID], { remoteAddress: client });
    const madeUp = await verify(['IC25/999999'], { remoteAddress: client });
    expect(existing.statusCode).toBe(429);
    expect(existing.json()).toEqual(madeUp.json());
    for (const route of ['pdf', 'credential', 'status', 'qr.svg']) {
      const realOne = await app.inject({
        method: 'GET',
        url: `/api/certificates/${route}?id=${encodeURIComponent(real.certificateID)}`,
        remoteAddress: client,
      });
      const fakeOne = await app.inject({ method: 'GET', url: `/api/certificates/${route}?id=IC25%2F999998`, remoteAddress: client });
      expect([route, realOne.statusCode, realOne.json()]).toEqual([route, 429, fakeOne.json()]);
    }
  });

  it('counts found lookups too, against a larger allowance: past it, nothing more is answered', async () => {
    const client = '198.51.100.12';
    const statuses: number[] = [];
    // Six requests of ten certificates that exist spend the 60.
    const ids = issued.map((c) => c.certificateID);
    for (let i = 0; i < 7; i++) statuses.push((await verify(i === 6 ? [real.certificateID] : ids, { remoteAddress: client })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('counts an IPv6 client by its /64: five addresses of one network share one budget', async () => {
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await verify(guesses(200 + i * 10), { remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` });
      answered.push(response.statusCode);
    }
    expect(answered).toEqual([200, 200, 200, 429, 429]);
    // Another network is another client.
    expect((await verify(guesses(300), { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it('cannot be overrun by simultaneous requests: of 60 sent at once, each with an ID that finds nothing, at most 30 are answered', async () => {
    const client = '198.51.100.13';
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => verify([`IC25/${800000 + i}`], { remoteAddress: client })));
    const answered = responses.filter((r) => r.statusCode === 200).length;
    expect(answered).toBeLessThanOrEqual(30);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });
});

describe('the budget, counted', () => {
  it('refuses once an allowance is spent, says how long until its window ends, and answers again after it; each client counts alone', async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    try {
      const budget = lookupBudget(limitCounts(handle.db), { lookups: { max: 100, windowMs: 3_600_000 }, misses: { max: 30, windowMs: 600_000 } });
      const start = Date.UTC(2026, 0, 1, 10, 0, 0);
      expect(await budget.spend('client', 30, 30, start)).toEqual({ ok: true });
      // The next request is refused whatever it holds: found IDs only, or none that find nothing.
      expect(await budget.spend('client', 1, 0, start + 60_000)).toEqual({ ok: false, retryAfterMs: 540_000 });
      expect(await budget.spend('other', 1, 1, start + 60_000)).toEqual({ ok: true });
      expect(await budget.spend('client', 1, 1, start + 600_000)).toEqual({ ok: true });
    } finally {
      await dispose();
    }
  });
});
