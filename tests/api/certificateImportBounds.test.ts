import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCertificates } from '../../server/cli/certificates.ts';
import { readCertificateFile } from '../../server/features/certificates/certificateFile.ts';
import { loadSettings } from '../../server/settings.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';
import { backends } from '../support/databases.ts';
import { staffSignedIn } from '../support/staff.ts';

/** The CERTIFICATE_ID_PATTERN setting's default. */
const ID_PATTERN = loadSettings({}).certificateIdPattern;
const HEADER = 'certificateID,studentName,regNo,college,courseName,marks,issueDate';
/** The bounds, as the README and the catalogue state them (FILE_BOUNDS and CONSOLE_ROWS in certificateFile.ts). */
const CELL_CHARS = 2_000;
const CONSOLE_ROWS = 20_000;

/** `count` rows of certificates as a real file has them (each with a problem when `broken`). */
function certificateRows(count: number, { broken = false, prefix = 'IC25' } = {}): string {
  const lines = [HEADER];
  for (let i = 0; i < count; i++)
    lines.push(
      broken
        ? `${prefix}-${100000 + i},,REG2025CS${i},"College of Engineering, Patna",Web Development Internship,${60 + (i % 40)}%,2025-13-45`
        : `${prefix}/${100000 + i},Student Name ${i},REG2025CS${i},"College of Engineering, Patna",Web Development Internship,${60 + (i % 40)}%,2025-03-05`,
    );
  return `${lines.join('\n')}\n`;
}

/** The audit's files: a header of two million commas, and a JSON list nested a million deep (each 2 MB). */
const COMMAS = `${','.repeat(1_990_000)}\n`;
const DEEP = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;

describe('a certificate file past what an import reads is refused before it is parsed', () => {
  const read = (name: string, text: string, maxRows?: number) => readCertificateFile(name, text, ID_PATTERN, undefined, maxRows ? { maxRows } : {});

  it('refuses a row of more cells than a certificate has fields, on its line', () => {
    expect(read('commas.csv', COMMAS).outOfBounds).toEqual({ line: 1, message: 'a row has more than 32 cells, where a certificate has 16 fields at most' });
    const wide = `${HEADER}\nIC25/100001,A,R,C,Course,90%,2025-03-05\n${'x,'.repeat(40)}x\n`;
    expect(read('wide.csv', wide).outOfBounds?.line).toBe(3);
    // Commas inside a quoted cell are the cell's text, not cells.
    const quoted = `${HEADER}\nIC25/100001,A,R,"${','.repeat(100)}",Course,90%,2025-03-05\n`;
    expect(read('quoted.csv', quoted).outOfBounds).toBeUndefined();
  });

  it('refuses a cell longer than any field, quoted or not, on its line', () => {
    const long = 'x'.repeat(CELL_CHARS + 1);
    for (const cell of [long, `"${long}"`, `"${'a""'.repeat(700)}"`, `"line\n${long}"`]) {
      const result = read('long.csv', `${HEADER}\nIC25/100001,A,R,${cell},Course,90%,2025-03-05\n`);
      expect(result.outOfBounds?.message).toBe('a cell is longer than 2,000 characters, which no certificate field is');
      expect(result.outOfBounds?.line).toBe(2);
      expect(result.certificates).toEqual([]);
    }
    // A cell of the longest a field allows is read (and checked against that field's own length).
    const fine = read('fine.csv', `${HEADER}\nIC25/100001,A,R,"${'x'.repeat(CELL_CHARS - 2)}",Course,90%,2025-03-05\n`);
    expect(fine.outOfBounds).toBeUndefined();
    expect(fine.problems[0]?.message).toContain('college is too long');
  });

  it('refuses more rows than allowed (the console 20,000; the command line gives its own), counting no empty line', () => {
    const many = certificateRows(CONSOLE_ROWS + 1);
    expect(read('many.csv', many).outOfBounds).toEqual({
      line: CONSOLE_ROWS + 2,
      message: 'the file holds more than 20,000 certificates: import it in parts of at most 20,000',
    });
    expect(read('exact.csv', `${certificateRows(100)}\n\n\r\n`, 100).outOfBounds).toBeUndefined();
    expect(read('few.csv', certificateRows(3), 2).outOfBounds?.message).toContain('more than 2 certificates');
    expect(read('few.csv', certificateRows(3).trimEnd(), 2).outOfBounds?.line).toBe(4);
  });

  it('refuses JSON nested deeper than a certificate file, or with a text longer than any field, without overflowing', () => {
    expect(read('deep.json', DEEP).outOfBounds).toEqual({
      line: 1,
      message: 'lists and groups are nested more than 8 deep, where a certificate file needs 4 ({"certificates": [{…, "skills": […]}]})',
    });
    expect(read('deep.json', `{"certificates": [\n{"skills": ${'['.repeat(7)}${']'.repeat(7)}}]}`).outOfBounds?.line).toBe(2);
    // Brackets inside a text (an escaped quote too) are text.
    const bracketsInText = JSON.stringify([{ studentName: `\\"${'['.repeat(100)}` }]);
    expect(read('text.json', bracketsInText).outOfBounds).toBeUndefined();
    expect(read('long.json', JSON.stringify([{ college: 'x'.repeat(CELL_CHARS + 1) }])).outOfBounds?.message).toBe(
      'a text is longer than 2,000 characters, which no certificate field is',
    );
    const list = JSON.stringify(Array.from({ length: 4 }, () => ({})));
    expect(read('list.json', list, 3).outOfBounds).toBeUndefined();
    expect(read('list.json', list, 3).problems).toEqual([{ line: 1, message: 'the file holds more than 3 certificates: import it in parts of at most 3' }]);
  });

  it('keeps each row’s problem short, however many unknown fields it has', () => {
    const row = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`field${i}${'x'.repeat(100)}`, 'x']));
    const { problems } = read('keys.json', JSON.stringify([row]));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message.length).toBeLessThan(2_000);
    expect(problems[0]!.message).toMatch(/; and \d+ more$/);
  });
});

describe.each(backends())('the console’s certificate import on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let staff: string;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle);
    staff = (await staffSignedIn(app, 'meera@example.com', 'staff')).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const send = (fileName: string, text: string, write = false) =>
    app.inject({ method: 'POST', url: '/api/staff/certificates/import', headers: json, payload: { fileName, text, write }, cookies: { ic_staff: staff } });

  it('refuses the audit’s files with the catalogue’s IMPORT_OUT_OF_BOUNDS, in a few hundred bytes, never 500', async () => {
    const deep = await send('deep.json', DEEP);
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json()).toEqual({
      code: 'IMPORT_OUT_OF_BOUNDS',
      message: expect.stringContaining('lists and groups are nested more than 8 deep'),
    });
    expect(deep.json().message).toContain('(line 1). Nothing was written.');
    const commas = await send('commas.csv', COMMAS);
    expect(commas.statusCode).toBe(400);
    expect(commas.json()).toEqual({ code: 'IMPORT_OUT_OF_BOUNDS', message: expect.stringContaining('a row has more than 32 cells') });
    expect(commas.body.length).toBeLessThan(400);
  });

  it('refuses a request body nested deep (BODY_TOO_DEEP) before parsing it, on the import’s 2 MB as on any route', async () => {
    const nested = `${'['.repeat(900_000)}${']'.repeat(900_000)}`;
    const deepBody = await app.inject({
      method: 'POST',
      url: '/api/staff/certificates/import',
      headers: json,
      payload: `{"fileName":"a.csv","text":"x","write":false,"extra":${nested}}`,
      cookies: { ic_staff: staff },
    });
    expect(deepBody.statusCode).toBe(400);
    expect(deepBody.json()).toEqual({ code: 'BODY_TOO_DEEP', message: expect.stringContaining('more than 16 deep') });
    const verify = await app.inject({
      method: 'POST',
      url: '/api/certificates/verify',
      headers: json,
      payload: `{"certificateIDs":${'['.repeat(17)}${']'.repeat(17)}}`,
    });
    expect(verify.json().code).toBe('BODY_TOO_DEEP');
    // Lists inside a text are text.
    const inText = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['['.repeat(40)] } });
    expect(inText.statusCode).toBe(200);
  });

  it('previews 15,017 rows in a bounded answer: the first 100 rows and problems, and every one counted', async () => {
    const text = certificateRows(15_017, { prefix: 'BD25' });
    const preview = await send('november.csv', text);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ rowCount: 15_017, changes: { new: 15_017, changed: 0, unchanged: 0 }, problems: [], problemCount: 0, written: 0 });
    expect(body.rows).toHaveLength(100);
    expect(body.rows[0]).toEqual({ certificateID: 'BD25/100000', studentName: 'Student Name 0', courseName: 'Web Development Internship', change: 'new' });
    // 1.9 MB before: a row for every one of the 15,017.
    expect(preview.body.length).toBeLessThan(20_000);

    const broken = await send('broken.csv', certificateRows(15_017, { broken: true, prefix: 'BD25' }));
    expect(broken.json()).toMatchObject({ rowCount: 0, problemCount: 15_017 });
    expect(broken.json().problems).toHaveLength(100);
    expect(broken.json().problems[0]).toEqual({ line: 2, message: expect.stringContaining('studentName is empty') });
    expect(broken.body.length).toBeLessThan(30_000);
    const refused = await send('broken.csv', certificateRows(15_017, { broken: true, prefix: 'BD25' }), true);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_PROBLEMS', message: expect.stringContaining('15017 rows') });

    // Written, the rows are counted again as what they now are; a few hundred are as good as 15,000 here.
    const some = certificateRows(300, { prefix: 'BD25' });
    expect((await send('november.csv', some, true)).json()).toMatchObject({ written: 300, rowCount: 300 });
    const again = (await send('november.csv', text)).json();
    expect(again.changes).toEqual({ new: 14_717, changed: 0, unchanged: 300 });
    expect(again.rows[0].change).toBe('unchanged');
  }, 120_000);

  it('goes on answering while a 15,000-row file is read: no wait between /healthz answers a quarter of the import’s', async () => {
    const text = certificateRows(15_000, { prefix: 'HZ25' });
    let importing = true;
    const gaps: number[] = [];
    const started = performance.now();
    const answered = send('healthz.csv', text).then((response) => {
      importing = false;
      return response;
    });
    let last = performance.now();
    while (importing) {
      // A timer between asks, as a prober's: inject alone never leaves the microtask queue, so no answer could come in.
      await new Promise((resolve) => setTimeout(resolve, 1));
      await app.inject({ method: 'GET', url: '/healthz' });
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    const took = performance.now() - started;
    expect((await answered).statusCode).toBe(200);
    // Read on the request thread, the file held it for most of the import (a header of commas, 9 s).
    expect(Math.max(...gaps)).toBeLessThan(took / 4);
  }, 60_000);

  it('reads one file at a time and keeps four waiting: more are refused at once with IMPORT_BUSY and Retry-After', async () => {
    const fresh = await apiApp(app.database);
    try {
      const cookie = (await staffSignedIn(fresh, 'queue@example.com', 'staff')).cookie;
      const text = certificateRows(500, { prefix: 'QU25' });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fresh.inject({
            method: 'POST',
            url: '/api/staff/certificates/import',
            headers: json,
            payload: { fileName: 'q.csv', text, write: false },
            cookies: { ic_staff: cookie },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 503, 503, 503]);
      const busy = answers.find((a) => a.statusCode === 503)!;
      expect(busy.json()).toEqual({ code: 'IMPORT_BUSY', message: expect.stringMatching(/try again in \d+ seconds/) });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe('npm run certificates -- import, bounded', () => {
  it('refuses a file past the bounds, and one over 256 MB before reading it, importing nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bounds-'));
    try {
      const env = { SQLITE_FILE: path.join(dir, 'site.db') };
      const deep = path.join(dir, 'deep.json');
      fs.writeFileSync(deep, DEEP);
      const refused = await runCli(runCertificates, ['import', deep], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('1 problem; nothing was imported.');
      expect(refused.stderr).toContain('line 1: lists and groups are nested more than 8 deep');
      const huge = path.join(dir, 'huge.csv');
      // A sparse file: its size says 257 MB without writing them.
      fs.writeFileSync(huge, HEADER);
      fs.truncateSync(huge, 257 * 1024 * 1024);
      const tooBig = await runCli(runCertificates, ['import', huge], env);
      expect(tooBig.code).toBe(1);
      expect(tooBig.stderr).toContain('is 257 MB; a certificate file may be at most 256 MB');
      expect(fs.existsSync(env.SQLITE_FILE)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
