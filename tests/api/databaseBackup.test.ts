import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { setCertificateStatus, upsertCertificates } from '../../server/repositories/certificates.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** npm run db -- …, as an operator runs it, against the SQLite file given. */
async function db(sqliteFile: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/db.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  dirs.push(dir);
  return dir;
}

describe('npm run db -- backup and restore', () => {
  it('copies the database while the server runs and writes, and a restored copy verifies the certificate it held', async () => {
    const dir = tempDir();
    const live = path.join(dir, 'site.db');
    const backupFile = path.join(dir, 'backup.db');
    const handle = await openDatabase({ sqliteFile: live });
    const app = await apiApp(handle, { certificates: [demoCertificate()] });
    const verify = async () =>
      (await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC25/123456'] } })).json();

    // Sign-ups keep arriving while the backup runs.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const email = `student${written}@example.com`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: json,
          payload: JSON.stringify({ fullName: 'S', email, password: 'secret1' }),
        });
        expect(response.statusCode).toBe(201);
        written++;
      }
    })();
    const backedUp = await db(live, 'backup', backupFile);
    writing = false;
    await writes;
    expect(backedUp.code).toBe(0);
    expect(backedUp.out).toMatch(/^Backed up .* to .*backup\.db: 1 certificates, \d+ accounts\.\n$/);
    expect(written).toBeGreaterThan(0);

    // Then the live certificate is revoked and the accounts change: the backup still has it as it was.
    await setCertificateStatus(handle.db, 'IC25/123456', { status: 'revoked', reason: 'Issued in error' });
    expect((await verify())[0].status).toBe('revoked');

    const restored = await db(live, 'restore', backupFile);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('Kept the database as it was in');
    expect(restored.out).toMatch(/Restored .*backup\.db into .*site\.db: 1 certificates, \d+ accounts\./);
    // The running server reads the restored data; so does a fresh one.
    expect((await verify())[0]).toMatchObject({ certificateID: 'IC25/123456', status: 'valid' });
    await app.close();
    await handle.close();
    const reopened = await openDatabase({ sqliteFile: live });
    const fresh = await apiApp(reopened);
    const answer = (
      await fresh.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['ic25 123456'] } })
    ).json();
    expect(answer[0]).toMatchObject({ certificateID: 'IC25/123456', studentName: 'Aarav Sharma', status: 'valid' });
    await fresh.close();
    await reopened.close();
    // And the database as it was before the restore is beside it, revoked certificate and all.
    const aside = fs.readdirSync(dir).find((name) => name.startsWith('site.db.before-restore-'));
    expect(aside).toBeDefined();
  });

  it('refuses to overwrite an existing backup, and to restore a file that is not a database of this site, changing nothing', async () => {
    const dir = tempDir();
    const live = path.join(dir, 'site.db');
    const handle = await openDatabase({ sqliteFile: live });
    await upsertCertificates(handle.db, [demoCertificate()]);
    await handle.close();
    const before = fs.readFileSync(live);

    const existing = path.join(dir, 'taken.db');
    fs.writeFileSync(existing, 'keep me');
    const overwrite = await db(live, 'backup', existing);
    expect(overwrite.code).toBe(1);
    expect(overwrite.out).toContain('already exists');
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');

    const notADatabase = path.join(dir, 'notes.txt');
    fs.writeFileSync(notADatabase, 'not a database');
    const refused = await db(live, 'restore', notADatabase);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('cannot be restored');
    expect(refused.out).toContain('Nothing was changed.');
    expect(fs.readFileSync(live).equals(before)).toBe(true);

    const missing = await db(live, 'restore', path.join(dir, 'nope.db'));
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('There is no file');
  });

  it('points to pg_dump and pg_restore for PostgreSQL', async () => {
    const { stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/db.ts', 'backup', 'site.dump'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: 'postgres://example.invalid/site' },
    }).catch((error: { stderr: string }) => error);
    expect(stderr).toContain('pg_dump --format=custom --file=site.dump "$DATABASE_URL"');
  });
});
