import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDb } from '../../server/cli/db.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { runCli } from '../support/cli.ts';

/**
 * The embedded database holds the credential signing key, the link secret, sessions and every account, and the
 * outbox holds reset links: readable by the server's user only (files 0600, folders 0700), whatever the umask,
 * as they are made and when a server opens what an older version left readable by all.
 */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

let dir: string;
let umask: number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-'));
  // The usual umask, which makes new files readable by everyone.
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('is made in a folder of its own (0700), the database, its -wal and -shm files and its marker 0600', async () => {
    const file = path.join(dir, 'data', 'site.db');
    const handle = await openDatabase({ sqliteFile: file });
    try {
      expect(modeOf(path.join(dir, 'data'))).toBe(0o700);
      for (const part of [file, `${file}-wal`, `${file}-shm`, path.join(dir, 'data', '.site.db.created')]) expect([part, modeOf(part)]).toEqual([part, 0o600]);
    } finally {
      await handle.close();
    }
  });

  it('is closed to others when opened, if an older version left it readable by all; a folder that was there is left as it is', async () => {
    const file = path.join(dir, 'site.db');
    fs.chmodSync(dir, 0o755);
    // As before: made with the umask's 0644, -wal and -shm in use by another connection.
    const older = new BetterSqlite3(file);
    older.pragma('journal_mode = WAL');
    older.exec('create table t (x); insert into t values (1)');
    for (const part of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(part)).toBe(0o644);
    const handle = await openDatabase({ sqliteFile: file });
    try {
      for (const part of [file, `${file}-wal`, `${file}-shm`]) expect([part, modeOf(part)]).toEqual([part, 0o600]);
      expect(modeOf(dir)).toBe(0o755);
    } finally {
      await handle.close();
      older.close();
    }
  });

  it('is backed up, and kept aside before a restore, into files only its user can read', async () => {
    const live = path.join(dir, 'site.db');
    await (await openDatabase({ sqliteFile: live })).close();
    const backupFile = path.join(dir, 'backup.db');
    expect((await runCli(runDb, ['backup', backupFile], { SQLITE_FILE: live })).code).toBe(0);
    expect(modeOf(backupFile)).toBe(0o600);
    expect((await runCli(runDb, ['restore', backupFile], { SQLITE_FILE: live })).code).toBe(0);
    const aside = fs.readdirSync(dir).find((name) => name.startsWith('site.db.before-restore-'));
    expect(aside).toBeDefined();
    expect(modeOf(path.join(dir, aside!))).toBe(0o600);
    expect(modeOf(live)).toBe(0o600);
  });
});

describe('the outbox', () => {
  const mail = { to: 'student@example.com', subject: 'Reset your password', text: 'https://interncraft.in/reset?token=secret', kind: 'password-reset' };

  it('is made 0700, and each mail in it 0600', async () => {
    const outbox = path.join(dir, 'data', 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: 'Site <site@example.com>' });
    await mailer.send(mail);
    mailer.close();
    expect(modeOf(path.join(dir, 'data'))).toBe(0o700);
    expect(modeOf(outbox)).toBe(0o700);
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(modeOf(path.join(outbox, files[0]!))).toBe(0o600);
  });

  it('is closed to others from the start of a server, if an older version made it readable by all', () => {
    const outbox = path.join(dir, 'outbox');
    fs.mkdirSync(outbox, { mode: 0o755 });
    expect(modeOf(outbox)).toBe(0o755);
    createMailer({ outboxDir: outbox, from: 'Site <site@example.com>' }).close();
    expect(modeOf(outbox)).toBe(0o700);
  });
});
