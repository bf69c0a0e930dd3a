import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEnquiries } from '../../server/cli/enquiries.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/database.ts';
import { recordEnquiry } from '../../server/features/enquiries/repository.ts';
import { confirmSubscription, newConfirmToken, requestSubscription } from '../../server/features/newsletter/repository.ts';
import { newToken } from '../../server/security/tokens.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';
import { backends } from '../support/databases.ts';

/** The CLI, run in this process, works on whatever database its settings name: a SQLite file, or the PostgreSQL database of the test. */
const cliRun = (args: string[], env: Record<string, string>) => runCli(runEnquiries, args, env);

describe.each(backends())('npm run enquiries on $name', (backend) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enquiries-cli-'));
    if (backend.name === 'sqlite') {
      const file = path.join(dir, 'site.db');
      handle = await openDatabase({ sqliteFile: file });
      dispose = () => handle.close();
      env = { SQLITE_FILE: file, DATABASE_URL: '', PUBLIC_URL: 'https://interncraft.in' };
    } else {
      const opened = await backend.open();
      handle = opened.handle;
      dispose = opened.dispose;
      env = {
        DATABASE_URL: process.env['TEST_DATABASE_URL']!.replace(/\/[^/]*$/, `/${handle.location.split('/').pop()}`),
        PUBLIC_URL: 'https://interncraft.in',
      };
    }
    const at = (day: string) => new Date(`${day}T06:30:00Z`);
    await recordEnquiry(
      handle.db,
      {
        kind: 'enrolment',
        idempotencyKey: 'k-enrol-0000000001',
        name: '=HYPERLINK("http://evil.example","Click")',
        email: 'evil@example.com',
        phone: '+91 98765 43210',
        subject: { kind: 'course', id: '2', title: 'Revit' },
        userId: null,
      },
      at('2026-10-01'),
    );
    await recordEnquiry(
      handle.db,
      {
        kind: 'contact',
        idempotencyKey: 'k-contact-000000001',
        name: 'आशा कुमारी',
        email: 'asha@example.com',
        message: 'Line one,\n"quoted" line two',
        userId: null,
      },
      at('2026-11-05'),
    );
    const link = newToken();
    const pending = await requestSubscription(handle.db, 'reader@example.com', 'k-news-0000000001', at('2026-11-06'));
    if (pending.outcome !== 'confirm') throw new Error('expected a confirmation');
    await newConfirmToken(handle.db, pending.id, link.hash, at('2026-11-06'));
    await confirmSubscription(handle.db, link.hash, at('2026-11-06'));
  });
  afterAll(async () => {
    await dispose?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports CSV that Excel opens as written: a byte-order mark, CRLF rows, formula cells neutralised', async () => {
    const file = path.join(dir, 'all.csv');
    const result = await cliRun(['export', file], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Exported 3 rows');
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF"reference","kind","received (IST)"')).toBe(true);
    expect(text).toContain('\r\n');
    const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['kind'])).toEqual(['enrolment', 'contact', 'newsletter']);
    expect(rows[0]).toMatchObject({
      reference: 'E000001',
      'received (IST)': '2026-10-01 12:00',
      name: `'=HYPERLINK("http://evil.example","Click")`,
      phone: "'+91 98765 43210",
      'about (kind:id)': 'course:2',
      about: 'Revit',
      'from an account': 'no',
    });
    expect(rows[1]).toMatchObject({ name: 'आशा कुमारी', message: 'Line one,\n"quoted" line two' });
    expect(rows[2]).toMatchObject({ email: 'reader@example.com', 'newsletter status': 'subscribed' });
    expect(rows[2]!['unsubscribe link']).toMatch(/^https:\/\/interncraft\.in\/newsletter\?unsubscribe=\d+\.[\w-]+$/);
  });

  it('filters by kind and by day, and counts', async () => {
    const enrolments = await cliRun(['export', '--kind', 'enrolment'], env);
    expect(enrolments.code, enrolments.stderr).toBe(0);
    expect(parse(enrolments.stdout.slice(1), { columns: true })).toHaveLength(1);
    const since = await cliRun(['export', '--since', '2026-11-01'], env);
    expect((parse(since.stdout.slice(1), { columns: true }) as Record<string, string>[]).map((r) => r['kind'])).toEqual(['contact', 'newsletter']);
    expect((await cliRun(['count'], env)).stdout.trim()).toBe('3');
    expect((await cliRun(['count', '--kind', 'newsletter'], env)).stdout.trim()).toBe('1');
    expect((await cliRun(['count', '--kind', 'contact', '--since', '2026-11-06'], env)).stdout.trim()).toBe('0');
  });

  it('explains wrong arguments', async () => {
    expect((await cliRun(['export', '--kind', 'everything'], env)).stderr).toContain('--kind is one of enrolment, contact, newsletter');
    expect((await cliRun(['export', '--since', 'yesterday'], env)).stderr).toContain('--since takes a day such as 2026-11-01');
    expect((await cliRun(['launch'], env)).code).toBe(1);
  });

  it('erases every enquiry and the subscription of an address', async () => {
    const result = await cliRun(['erase', 'ASHA@example.com'], env);
    expect(result.stdout).toContain('Erased 1 enquiry of ASHA@example.com.');
    expect((await cliRun(['erase', 'reader@example.com'], env)).stdout).toContain('and the newsletter subscription');
    expect((await cliRun(['count'], env)).stdout.trim()).toBe('1');
  });
});

describe('an enrolment sent through the API is in the export', () => {
  it('appears with its course and reference', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enquiries-api-cli-'));
    const file = path.join(dir, 'site.db');
    const handle = await openDatabase({ sqliteFile: file });
    const app = await apiApp(handle);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/enquiries/enrolment',
        headers: json,
        payload: JSON.stringify({ idempotencyKey: 'k-api-000000000001', name: 'Ravi', email: 'ravi@example.com', phone: '9876543210', courseId: 3 }),
      });
      const { code, stdout } = await cliRun(['export'], { SQLITE_FILE: file, DATABASE_URL: '' });
      expect(code).toBe(0);
      expect(parse(stdout.slice(1), { columns: true })).toEqual([
        expect.objectContaining({ reference: response.json().reference, kind: 'enrolment', email: 'ravi@example.com', about: 'SCADA' }),
      ]);
    } finally {
      await app.close();
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
