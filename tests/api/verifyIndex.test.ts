import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { upsertCertificates } from '../../server/repositories/certificates.ts';
import type { VerifyIndexOptions } from '../../server/repositories/verifyIndex.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';

const many = Array.from({ length: 50 }, (_, i) => demoCertificate({ certificateID: `IC25/${String(200000 + i)}`, studentName: `Student ${i}` }));

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** A server on an embedded database file (so that a second connection, as another process would, can write to it). */
async function serverOnFile(verifyIndex: VerifyIndexOptions = {}): Promise<{ app: FastifyInstance; handle: DatabaseHandle; file: string; logged: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-index-'));
  const file = path.join(dir, 'site.db');
  const handle = await openDatabase({ sqliteFile: file });
  const logged: string[] = [];
  const app = await apiApp(handle, { certificates: many, verifyIndex: { log: (message) => logged.push(message), ...verifyIndex } });
  cleanup.push(async () => {
    await app.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { app, handle, file, logged };
}

async function verify(app: FastifyInstance, ids: string[]): Promise<{ certificateID: string; studentName: string }[]> {
  const response = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ids } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the in-memory verify index', () => {
  it('is built in the background and says so', async () => {
    const { app, logged } = await serverOnFile();
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()?.certificates).toBe(50);
    expect(logged.join('\n')).toMatch(/^verify index: 50 certificates in memory \(\d+\.\d\d MB\), built in [\d.]+ s$/m);
    expect((await verify(app, ['IC25/200007', 'IC25/999999', 'IC25/200003'])).map((c) => c.studentName)).toEqual(['Student 7', 'Student 3']);
  });

  it('never answers from an older table: a write by this server is seen by the next request, then indexed', async () => {
    const { app, handle } = await serverOnFile();
    await app.certificateLookup.warm();
    await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/300001', studentName: 'New Student' }), { ...many[0]!, studentName: 'Renamed Student' }]);
    expect((await verify(app, ['IC25/300001', 'IC25/200000'])).map((c) => c.studentName)).toEqual(['New Student', 'Renamed Student']);
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()?.certificates).toBe(51);
    expect((await verify(app, ['IC25/300001', 'IC25/200000'])).map((c) => c.studentName)).toEqual(['New Student', 'Renamed Student']);
  });

  it('never answers from an older table: inserts, updates and deletes by another process are seen 5 ms after their commit', async () => {
    const { app, file } = await serverOnFile();
    await app.certificateLookup.warm();
    const asked = ['IC25/400001', 'IC25/200001', 'IC25/200002'];
    expect((await verify(app, asked)).map((c) => c.studentName)).toEqual(['Student 1', 'Student 2']);
    const other = new BetterSqlite3(file);
    cleanup.push(async () => void other.close());
    const now = new Date().toISOString();
    other
      .prepare('INSERT INTO certificates (certificate_id, student_name, reg_no, college, course_name, marks, issue_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run('IC25/400001', 'Imported Elsewhere', 'REG1', 'NIT Patna', 'Web Development Internship', '80%', '2025-05-01', now, now);
    other.prepare('UPDATE certificates SET student_name = ? WHERE certificate_id = ?').run('Corrected Name', 'IC25/200001');
    other.prepare('DELETE FROM certificates WHERE certificate_id = ?').run('IC25/200002');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await verify(app, asked)).map((c) => c.studentName)).toEqual(['Imported Elsewhere', 'Corrected Name']);
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()?.certificates).toBe(50);
    expect((await verify(app, asked)).map((c) => c.studentName)).toEqual(['Imported Elsewhere', 'Corrected Name']);
  });

  it('drops a build that saw the table change half-way, and builds again', async () => {
    const { app, handle } = await serverOnFile({ chunkRows: 5 });
    await app.certificateLookup.warm();
    await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/500001' })]);
    // The next request starts a build (5 rows a turn); a write lands before it can finish.
    await verify(app, ['IC25/200000']);
    await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/500002' })]);
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()?.certificates).toBe(50);
    await verify(app, ['IC25/200000']);
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()?.certificates).toBe(52);
    expect((await verify(app, ['IC25/500002', 'IC25/500001'])).map((c) => c.certificateID)).toEqual(['IC25/500002', 'IC25/500001']);
  });

  it('past its memory limit, verifies from the database and says why', async () => {
    const { app, logged } = await serverOnFile({ maxBytes: 4096 });
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()).toBeUndefined();
    expect(logged.join('\n')).toMatch(/would take it past 0.00 MB \(VERIFY_INDEX_MB\); verifying from the database/);
    expect((await verify(app, ['IC25/200049', 'IC25/200000'])).map((c) => c.studentName)).toEqual(['Student 49', 'Student 0']);
  });

  it('is off with a limit of 0', async () => {
    const { app, logged } = await serverOnFile({ maxBytes: 0 });
    await app.certificateLookup.warm();
    expect(app.certificateLookup.stats()).toBeUndefined();
    expect(logged).toEqual([]);
    expect(await verify(app, ['IC25/200010'])).toHaveLength(1);
  });
});
