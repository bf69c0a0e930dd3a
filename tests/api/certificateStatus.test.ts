import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { certificateEvents, setCertificateStatus, upsertCertificates } from '../../server/repositories/certificates.ts';
import { lookupBudget } from '../../server/security/lookupBudget.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

describe.each(backends())('certificate status on $name', (backend) => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, dispose } = await backend.open());
    app = await apiApp(handle, { certificates: [demoCertificate(), demoCertificate({ certificateID: 'IC25/200001', studentName: 'Neha Gupta' })] });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const verify = (ids: string[]) => app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ids } });

  it('says when and why a certificate was revoked, and that it stands again once reinstated, recording each change', async () => {
    await setCertificateStatus(handle.db, 'ic25-200001', { status: 'revoked', reason: 'Issued in error: the internship was not completed.' });
    const [revoked] = (await verify(['IC25/200001'])).json();
    expect(revoked).toMatchObject({
      status: 'revoked',
      revocationReason: 'Issued in error: the internship was not completed.',
      revokedOn: new Date().toISOString().slice(0, 10),
    });

    await setCertificateStatus(handle.db, 'IC25/200001', { status: 'valid' });
    const [again] = (await verify(['IC25/200001'])).json();
    expect(again.status).toBe('valid');
    expect(again).not.toHaveProperty('revocationReason');
    expect((await certificateEvents(handle.db, 'IC25/200001')).map((e) => e.kind)).toEqual(['issued', 'revoked', 'reinstated']);
  });

  it('shows when the printed details were corrected after issue, and records which fields', async () => {
    await upsertCertificates(handle.db, [demoCertificate({ marks: '94%' })]);
    const [corrected] = (await verify(['IC25/123456'])).json();
    expect(corrected).toMatchObject({ marks: '94%', correctedOn: new Date().toISOString().slice(0, 10) });
    const events = await certificateEvents(handle.db, 'IC25/123456');
    expect(events.at(-1)).toMatchObject({ kind: 'corrected', detail: JSON.stringify({ fields: ['marks'] }) });
  });

  it('refuses an ID that a visitor could not tell from one already issued', async () => {
    await expect(upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25-123456' })])).rejects.toThrow(/same typing as IC25\/123456/);
  });

  it('marks sample certificates as samples', async () => {
    await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/310022' })], { sample: true });
    expect((await verify(['IC25/310022'])).json()[0].sample).toBe(true);
  });
});

describe.each(backends())('the budget of lookups that find nothing, on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle, { certificates: [demoCertificate()], lookupBudget: { misses: 30, windowMs: 10 * 60_000 } });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const verify = (ids: string[], headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/certificates/verify', headers: { ...json, ...headers }, payload: { certificateIDs: ids } });
  const guesses = (from: number) => Array.from({ length: 10 }, (_, i) => `IC25/${String(900000 + from + i)}`);

  it('answers 30 IDs that find nothing, then 429 with how long to wait, whatever X-Forwarded-For says', async () => {
    for (const from of [0, 10, 20]) expect((await verify(guesses(from), { 'x-forwarded-for': `10.0.0.${from}` })).statusCode).toBe(200);
    const refused = await verify(guesses(30), { 'x-forwarded-for': '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many of the certificate IDs tried from your connection were not found\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The PDF, credential and QR addresses share the budget.
    expect((await app.inject({ method: 'GET', url: '/api/certificates/pdf?id=IC25%2F999999' })).statusCode).toBe(429);
  });

  it('still answers certificates that are found: they cost nothing', async () => {
    const found = await verify(['IC25/123456']);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toHaveLength(1);
  });
});

describe('the budget window', () => {
  it('frees misses as the window slides, and says how long until the next one is free', async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    try {
      const budget = lookupBudget(handle.db, { misses: 30, windowMs: 600_000 });
      const start = Date.UTC(2026, 0, 1, 10, 0, 0);
      await budget.spend('client', 30, start + 60_000);
      expect(await budget.left('client', start + 120_000)).toEqual({ left: 0, retryAfterMs: expect.any(Number) });
      const { retryAfterMs } = await budget.left('client', start + 120_000);
      // The misses were made one minute into a window: one is free again once 1/30 of them has aged out of the last ten minutes.
      const freed = await budget.left('client', start + 120_000 + retryAfterMs);
      expect(freed.left).toBeGreaterThanOrEqual(1);
      expect(await budget.left('other', start + 120_000)).toEqual({ left: 30, retryAfterMs: 0 });
      expect((await budget.left('client', start + 1_300_000)).left).toBe(30);
    } finally {
      await dispose();
    }
  });
});
