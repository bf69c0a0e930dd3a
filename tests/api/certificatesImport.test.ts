import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCertificates } from '../../server/cli/certificates.ts';
import { openDatabase } from '../../server/db/database.ts';
import { readCertificateFile, toCsv, xlsxAsCsv } from '../../server/features/certificates/certificateFile.ts';
import { allCertificates, countCertificates, upsertCertificates } from '../../server/features/certificates/repository.ts';
import { loadSettings } from '../../server/settings.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { demoCertificate } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';
import { backends } from '../support/databases.ts';
import { workbook } from '../support/xlsx.ts';

const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const cli = path.join(projectRoot, 'server', 'cli', 'certificates.ts');
/** The CERTIFICATE_ID_PATTERN setting's default. */
const ID_PATTERN = loadSettings({}).certificateIdPattern;

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'import-'));
}

function certificateRows(n: number, prefix = 'IC25', statusColumns = false): string {
  const lines = [`certificateID,studentName,regNo,college,courseName,marks,issueDate${statusColumns ? ',status,revocationReason' : ''}`];
  for (let i = 0; i < n; i++)
    lines.push(
      `${prefix}/${String(100000 + i)},Student ${i},REG${i},"College of Engineering, Patna",Web Development Internship,${60 + (i % 40)}%,2025-03-05${statusColumns ? ',,' : ''}`,
    );
  return `${lines.join('\n')}\n`;
}

/** npm run certificates -- …, run in this process with the settings the environment given would make. */
const cliRun = (args: string[], env: Record<string, string>) => runCli(runCertificates, args, env);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('reading a certificate file', () => {
  it('reads CSV with quoted commas, trims fields and capitalises IDs', () => {
    const { certificates, problems } = readCertificateFile(
      'a.csv',
      'certificateID,studentName,regNo,college,courseName,marks,issueDate\n ic25/123456 , Aarav Sharma ,REG1,"NIT Patna, Bihar",Web Development,92%,2025-03-05\n',
      ID_PATTERN,
    );
    expect(problems).toEqual([]);
    expect(certificates).toEqual([
      {
        certificateID: 'IC25/123456',
        studentName: 'Aarav Sharma',
        regNo: 'REG1',
        college: 'NIT Patna, Bihar',
        courseName: 'Web Development',
        marks: '92%',
        issueDate: '2025-03-05',
      },
    ]);
  });

  it('reports every bad row by its line, in words', () => {
    const csv = [
      'certificateID,studentName,regNo,college,courseName,marks,issueDate',
      'IC25/100001,A,R1,C,Course,90%,2025-03-05',
      'IC25-100002,B,R2,C,Course,90%,2025-03-05',
      'IC25/100003,,R3,C,Course,90%,31/02/2025',
      'IC25/100001,D,R4,C,Course,90%,2025-03-05',
    ].join('\n');
    const { problems } = readCertificateFile('b.csv', csv, ID_PATTERN);
    expect(problems).toEqual([
      { line: 3, message: 'certificateID "IC25-100002" does not match the ID pattern ^[A-Z]{2,4}[0-9]{2}/[0-9]{4,8}$ (the CERTIFICATE_ID_PATTERN setting)' },
      { line: 4, message: 'studentName is empty; issueDate must be a date such as 27/11/2026 (day/month/year) or 2026-11-27; got "31/02/2025"' },
      { line: 5, message: 'certificateID IC25/100001 is already on line 2' },
    ]);
  });

  it('takes IDs of another shape when the ID pattern setting allows them, and refuses two a visitor could not tell apart', () => {
    const csv = [
      'certificateID,studentName,regNo,college,courseName,marks,issueDate',
      'ABC-2025-0001,A,R1,C,Course,90%,2025-03-05',
      'ABC20250001,B,R2,C,Course,90%,2025-03-05',
    ].join('\n');
    expect(readCertificateFile('d.csv', csv, ID_PATTERN).problems[0]!.message).toContain('does not match the ID pattern');
    const { problems } = readCertificateFile('d.csv', csv, '^[A-Z]{3}-?[0-9]{4}-?[0-9]{4}$');
    expect(problems).toEqual([
      { line: 3, message: "certificateID ABC20250001 is already on line 2 as ABC-2025-0001, which a visitor's typing could not tell from it" },
    ]);
  });

  it('reads a status column: revoked needs its reason, and an empty status leaves the certificate valid', () => {
    const csv = [
      'certificateID,studentName,regNo,college,courseName,marks,issueDate,status,revocationReason',
      'IC25/100001,A,R1,C,Course,90%,2025-03-05,revoked,Issued in error.',
      'IC25/100002,B,R2,C,Course,90%,2025-03-05,,',
      'IC25/100003,C,R3,C,Course,90%,2025-03-05,revoked,',
      'IC25/100004,D,R4,C,Course,90%,2025-03-05,lost,',
    ].join('\n');
    const { certificates, problems } = readCertificateFile('e.csv', csv, ID_PATTERN);
    expect(certificates[0]).toMatchObject({ status: 'revoked', revocationReason: 'Issued in error.' });
    expect(certificates[1]).not.toHaveProperty('status');
    expect(problems.map((p) => p.line)).toEqual([4, 5]);
    expect(problems[0]!.message).toContain('revocationReason is missing');
    expect(problems[1]!.message).toContain('status must be valid or revoked');
  });

  it('reads a spreadsheet saved as CSV: its column titles and Indian dates, a wrong row named by its column title (issue 37)', () => {
    const csv = [
      'Certificate ID,Student Name,Reg. No.,College Name,Course,Marks/Grade,Date of Issue',
      'IC26/100001,Asha Rao,R1,NIT Patna,AutoCAD,91%,27/11/2026',
      'IC26/100002,Ravi Kumar,R2,NIT Patna,AutoCAD,88%,5-3-2026',
      'IC26/100003,Meera Iyer,R3,NIT Patna,AutoCAD,90%,31/11/2026',
      'IC26/100004,,R4,NIT Patna,AutoCAD,90%,46353',
    ].join('\r\n');
    const { certificates, problems } = readCertificateFile('november.csv', csv, ID_PATTERN);
    expect(certificates.map((c) => c.issueDate)).toEqual(['2026-11-27', '2026-03-05']);
    expect(problems).toEqual([
      { line: 4, message: 'Date of Issue must be a date such as 27/11/2026 (day/month/year) or 2026-11-27; got "31/11/2026"' },
      { line: 5, message: 'Student Name is empty' },
    ]);
  });

  it("reads an Excel workbook (.xlsx): its first sheet, row numbers as lines, Excel's own dates", async () => {
    const bytes = workbook([
      ['Certificate ID', 'Student Name', 'Registration Number', 'College', 'Course', 'Marks', 'Issue Date'],
      ['IC26/100011', 'Asha Rao', 'R11', 'NIT Patna', 'Revit', '91%', 46353],
      ['IC26/100012', 'Ravi Kumar', 'R12', 'NIT Patna', 'Revit', 88, '27-11-2026'],
      ['IC26/100013', 'Meera Iyer', 'R13', 'NIT Patna', 'Revit', '90%', 'next week'],
    ]);
    const csv = await xlsxAsCsv(bytes.toString('base64'));
    const { certificates, problems } = readCertificateFile('november.xlsx.csv', csv!, ID_PATTERN);
    expect(certificates).toMatchObject([
      { certificateID: 'IC26/100011', issueDate: '2026-11-27', marks: '91%' },
      { certificateID: 'IC26/100012', issueDate: '2026-11-27', marks: '88' },
    ]);
    expect(problems).toEqual([{ line: 4, message: 'Issue Date must be a date such as 27/11/2026 (day/month/year) or 2026-11-27; got "next week"' }]);
    expect(await xlsxAsCsv(Buffer.from('not a workbook').toString('base64'))).toBeUndefined();
  });

  it('names missing and unknown columns of the header', () => {
    const { problems } = readCertificateFile('c.csv', 'certificateID,Student Name,What writing does\nIC25/100001,A,x\n', ID_PATTERN);
    expect(problems[0]!.line).toBe(1);
    // In the titles of the template, which the staff download.
    expect(problems[0]!.message).toContain('missing: Registration Number, College, Course, Marks, Issue Date');
    expect(problems[0]!.message).toContain('not known: "What writing does"');
  });

  it('reads JSON lists and reports rows by line', () => {
    const json = `[\n  ${JSON.stringify(demoCertificate())},\n  ${JSON.stringify({ ...demoCertificate({ certificateID: 'IC25/100002' }), marks: 92 })}\n]`;
    const { problems } = readCertificateFile('d.json', json, ID_PATTERN);
    expect(problems).toEqual([{ line: 3, message: 'marks must be text; got 92' }]);
  });
});

describe.each(backends())('writing certificates on $name', (backend) => {
  it('writes all rows in one transaction: a failure at chunk 3 leaves none of the file', async () => {
    const { handle, dispose } = await backend.open();
    try {
      const rows = Array.from({ length: 1000 }, (_, i) => demoCertificate({ certificateID: `IC25/${String(200000 + i)}` }));
      await expect(
        upsertCertificates(handle.db, rows, {
          onChunk: (written) => {
            if (written >= 600) throw new Error('disk full (simulated)');
          },
        }),
      ).rejects.toThrow('disk full');
      expect(await countCertificates(handle.db)).toBe(0);
      const result = await upsertCertificates(handle.db, rows);
      expect(result).toEqual({ added: 1000, updated: 0, unchanged: 0 });
      expect(await upsertCertificates(handle.db, rows)).toEqual({ added: 0, updated: 0, unchanged: 1000 });
      const changed = rows.map((r, i) => (i === 5 ? { ...r, marks: '99%' } : r));
      expect(await upsertCertificates(handle.db, changed)).toEqual({ added: 0, updated: 1, unchanged: 999 });
    } finally {
      await dispose();
    }
  });
});

describe('npm run certificates', () => {
  it('imports a good file, changes nothing the second time, and exports it back', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = { SQLITE_FILE: path.join(dir, 'site.db') };
    fs.writeFileSync(path.join(dir, 'batch.csv'), certificateRows(120));
    const first = await cliRun(['import', path.join(dir, 'batch.csv')], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Imported 120 certificates from batch.csv: 120 added, 0 updated, 0 unchanged.');
    const second = await cliRun(['import', path.join(dir, 'batch.csv')], env);
    expect(second.stdout).toContain('0 added, 0 updated, 120 unchanged.');
    const exported = await cliRun(['export'], env);
    // Excel's CSV (byte-order mark, every text quoted, CRLF) holding exactly what was imported.
    expect(exported.stdout.startsWith('\uFEFF"certificateID","studentName"')).toBe(true);
    expect(readCertificateFile('export.csv', exported.stdout, ID_PATTERN).certificates).toEqual(
      readCertificateFile('import.csv', certificateRows(120, 'IC25', true), ID_PATTERN).certificates,
    );
  }, 60_000);

  it('writes nothing when row N is bad, and says which line', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = { SQLITE_FILE: path.join(dir, 'site.db') };
    const lines = certificateRows(50).trimEnd().split('\n');
    lines[31] = lines[31]!.replace('2025-03-05', '2025-13-45');
    fs.writeFileSync(path.join(dir, 'bad.csv'), `${lines.join('\n')}\n`);
    const result = await cliRun(['import', path.join(dir, 'bad.csv')], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('1 problem; nothing was imported.');
    expect(result.stderr).toContain('line 32: issueDate must be a date such as 27/11/2026 (day/month/year) or 2026-11-27; got "2025-13-45"');
    const handle = await openDatabase({ sqliteFile: env.SQLITE_FILE });
    expect(await countCertificates(handle.db)).toBe(0);
    await handle.close();
  }, 60_000);

  it('leaves none of a file in the database when the import is killed half-way', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'big.csv');
    const sqliteFile = path.join(dir, 'site.db');
    fs.writeFileSync(file, certificateRows(60_000, 'KL25'));
    const child = spawn(tsx, [cli, 'import', file], { cwd: projectRoot, env: { ...process.env, SQLITE_FILE: sqliteFile } });
    const killedAfter = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const progress = /… (\d+) of 60000/.exec(stderr);
        if (progress) {
          child.kill('SIGKILL');
          resolve(progress[1]!);
        }
      });
      child.on('exit', () => reject(new Error(`import ended before it could be killed:\n${stderr}`)));
    });
    await new Promise((r) => child.once('exit', r));
    expect(Number(killedAfter)).toBeLessThan(60_000);
    const handle = await openDatabase({ sqliteFile });
    expect(await countCertificates(handle.db)).toBe(0);
    expect(await allCertificates(handle.db)).toEqual([]);
    await handle.close();
  }, 120_000);

  it('exports CSV that Excel opens safely and that reads back the same', () => {
    const certificates = [
      demoCertificate({ college: 'College "A", Patna' }),
      demoCertificate({ certificateID: 'IC25/100002', studentName: '=HYPERLINK("http://evil.example","Click")', college: "'=quoted", marks: '-' }),
    ];
    const csv = toCsv(certificates);
    expect(csv.startsWith('\uFEFF"certificateID",')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).not.toMatch(/(^|,)"[=+\-@]/m);
    expect(readCertificateFile('x.csv', csv, ID_PATTERN).certificates).toEqual(certificates);
  });
});
