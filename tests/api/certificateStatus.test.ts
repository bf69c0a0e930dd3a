import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianIsoDate } from '../../engine/shared/dates.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { certificateEvents, setCertificateStatus, upsertCertificates } from '../../server/features/certificates/repository.ts';
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
      // The day in India (IST), as every date on the pages.
      revokedOn: indianIsoDate(new Date().toISOString()),
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
    expect(corrected).toMatchObject({ marks: '94%', correctedOn: indianIsoDate(new Date().toISOString()) });
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
