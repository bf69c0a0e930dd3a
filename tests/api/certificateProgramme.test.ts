import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { runCertificates } from '../../server/cli/certificates.ts';
import { readCertificateFile, toCsv } from '../../server/features/certificates/certificateFile.ts';
import { programmeCatalogue } from '../../server/features/certificates/programmes.ts';
import { allCertificates, printedFields, setCertificateStatus, upsertCertificates } from '../../server/features/certificates/repository.ts';
import { loadSettings } from '../../server/settings.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';
import { backends } from '../support/databases.ts';

const ID_PATTERN = loadSettings({}).certificateIdPattern;
const programmes = programmeCatalogue(projectRoot);
const store = loadSchemaStore(path.join(projectRoot, 'schemas'));
const read = (name: string, text: string) => readCertificateFile(name, text, ID_PATTERN, programmes);
const HEADER = 'certificateID,studentName,regNo,college,courseName,marks,issueDate';
/** The content the programmes come from, read as the server reads it. */
const webDevelopment = (
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'data', 'internshipPrograms.json'), 'utf8')) as {
    items: { id: string; description: string; skills: string[]; durationWeeks: number }[];
  }
).items.find((p) => p.id === 'webDevelopment')!;
const autocad = JSON.parse(fs.readFileSync(path.join(projectRoot, 'data', 'courseDetails', 'AutoCAD.json'), 'utf8')) as {
  description: string;
  syllabus: string[];
  durationWeeks: number;
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("a certificate file's programme columns", () => {
  it('reads kind, programme, dates, length, description and skills (a CSV cell of skills split at semicolons)', () => {
    const csv = [
      `${HEADER},kind,programme,startDate,endDate,durationWeeks,description,skills`,
      'IC25/100001,Aarav Sharma,R1,NIT Patna,Web Development Internship,92%,2025-03-05,internship,webDevelopment,2025-01-06,2025-03-02,8,Built a shop.,React; Node.js ; ',
      'IC25/100002,Rohan Das,R2,BCE,AutoCAD Course,A+,2025-06-30,,,,,,,',
    ].join('\n');
    const { certificates, problems } = read('a.csv', csv);
    expect(problems).toEqual([]);
    expect(certificates[0]).toEqual({
      ...demoCertificate({ certificateID: 'IC25/100001', regNo: 'R1', college: 'NIT Patna' }),
      kind: 'internship',
      programme: 'webDevelopment',
      startDate: '2025-01-06',
      endDate: '2025-03-02',
      durationWeeks: 8,
      description: 'Built a shop.',
      skills: ['React', 'Node.js'],
    });
    // Empty cells say nothing.
    expect(Object.keys(certificates[1]!)).toEqual(['certificateID', 'studentName', 'regNo', 'college', 'courseName', 'marks', 'issueDate']);
  });

  it('refuses, by line and in words, a programme data/ does not have, one of the other kind, dates out of order or alone, and a length that is no number of weeks', () => {
    const csv = [
      `${HEADER},kind,programme,startDate,endDate,durationWeeks`,
      'IC25/100001,A,R1,C,Web Development Internship,90%,2025-03-05,,webDevelopmnet,,,',
      'IC25/100002,B,R2,C,AutoCAD Course,90%,2025-03-05,internship,AutoCAD,,,',
      'IC25/100003,C,R3,C,Course,90%,2025-03-05,,,2025-03-01,2025-02-01,',
      'IC25/100004,D,R4,C,Course,90%,2025-03-05,,,2025-03-01,,',
      'IC25/100005,E,R5,C,Course,90%,2025-03-05,,,,,eight',
      'IC25/100006,F,R6,C,Course,90%,2025-03-05,workshop,,,,0',
    ].join('\n');
    expect(read('b.csv', csv).problems).toEqual([
      {
        line: 2,
        message:
          'programme "webDevelopmnet" is neither a course in data/courseDetails nor an internship program in data/internshipPrograms; did you mean webDevelopment?',
      },
      { line: 3, message: 'programme AutoCAD is a course, but kind says internship' },
      { line: 4, message: 'endDate 2025-02-01 is before startDate 2025-03-01' },
      { line: 5, message: 'endDate is missing: give both the start and the end date, or neither' },
      { line: 6, message: 'durationWeeks must be a whole number of weeks, such as 8; got "eight"' },
      { line: 7, message: 'kind must be internship or course; got "workshop"; durationWeeks must be a whole number of weeks from 1 to 104; got 0' },
    ]);
  });

  it('reads skills as a list in a JSON file', () => {
    const json = JSON.stringify([{ ...demoCertificate(), programme: 'AutoCAD', skills: [' 2D drafting ', 'Layouts'] }]);
    expect(read('c.json', json)).toEqual({ certificates: [{ ...demoCertificate(), programme: 'AutoCAD', skills: ['2D drafting', 'Layouts'] }], problems: [] });
  });
});

describe.each(backends())("a certificate's programme on $name", (backend) => {
  let app: FastifyInstance;
  let handle: Awaited<ReturnType<typeof backend.open>>['handle'];
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, dispose } = await backend.open());
    app = await apiApp(handle, {
      certificates: [
        // Its programme's content (data/internshipPrograms.json) gives what it does not say itself.
        demoCertificate({ kind: 'internship', programme: 'webDevelopment', startDate: '2025-01-06', endDate: '2025-03-02' }),
        // Its own words win over its programme's.
        demoCertificate({
          certificateID: 'IC25/200001',
          courseName: 'AutoCAD Course',
          programme: 'AutoCAD',
          durationWeeks: 6,
          description: 'Drew the plans of a two-storey house.',
          skills: ['2D drafting'],
        }),
        // Nothing but the spec's fields: its kind from its name.
        demoCertificate({ certificateID: 'IC25/200002', courseName: 'Python Course' }),
        demoCertificate({ certificateID: 'IC25/200003', courseName: 'AutoCAD Course', programme: 'AutoCAD' }),
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const verify = async (ids: string[]) => {
    const response = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: JSON.stringify({ certificateIDs: ids }) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(store.validate('api/verify.response.schema.json', body).errors).toEqual([]);
    return body;
  };

  it("answers a certificate's programme facts: its own first, else its programme's in data/, its length from its dates", async () => {
    const [own, course, bare, matched] = await verify(['IC25/123456', 'IC25/200001', 'IC25/200002', 'IC25/200003']);
    expect(own).toMatchObject({
      kind: 'internship',
      startDate: '2025-01-06',
      endDate: '2025-03-02',
      durationWeeks: 8,
      description: webDevelopment.description,
      skills: webDevelopment.skills,
    });
    expect(course).toMatchObject({ kind: 'course', durationWeeks: 6, description: 'Drew the plans of a two-storey house.', skills: ['2D drafting'] });
    expect(bare.kind).toBe('course');
    expect(bare).not.toHaveProperty('description');
    expect(bare).not.toHaveProperty('durationWeeks');
    expect(matched).toMatchObject({ kind: 'course', durationWeeks: autocad.durationWeeks, description: autocad.description, skills: autocad.syllabus });
  });

  it('keeps them through export and import: the same file again changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'programme-'));
    dirs.push(dir);
    const file = path.join(dir, 'all.csv');
    const before = await allCertificates(handle.db);
    fs.writeFileSync(file, toCsv(before.map(printedFields)));
    const { certificates, problems } = read(file, fs.readFileSync(file, 'utf8'));
    expect(problems).toEqual([]);
    expect(await upsertCertificates(handle.db, certificates)).toMatchObject({ added: 0, updated: 0, unchanged: before.length });
    // A changed description is a correction, recorded with its time.
    const changed = certificates.map((c) => (c.certificateID === 'IC25/200001' ? { ...c, description: 'Drew a school.' } : c));
    expect(await upsertCertificates(handle.db, changed)).toMatchObject({ updated: 1 });
    expect((await verify(['IC25/200001']))[0]).toMatchObject({ description: 'Drew a school.', correctedOn: expect.any(String) });
  });

  it("gives the day of a revocation in India's time, where a late evening in UTC is already the next day", async () => {
    await setCertificateStatus(handle.db, 'IC25/200002', { status: 'revoked', reason: 'Issued in error.' });
    await sql`update certificates set revoked_at = '2025-09-01T20:00:00.000Z' where certificate_id = 'IC25/200002'`.execute(handle.db);
    expect((await verify(['IC25/200002']))[0]).toMatchObject({ status: 'revoked', revokedOn: '2025-09-02' });
    const refused = await app.inject({ method: 'GET', url: '/api/certificates/credential?id=IC25/200002' });
    expect(refused.json().message).toBe('Certificate IC25/200002 was revoked on 02 September 2025: Issued in error.');
  });
});

describe('importing programme columns from the command line', () => {
  it('checks the programme against data/ and stores the facts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'programme-cli-'));
    dirs.push(dir);
    const env = { SQLITE_FILE: path.join(dir, 'site.db') };
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, `${HEADER},programme\nIC25/100001,A,R1,C,Course,90%,2025-03-05,dataScince\n`);
    const refused = await runCli(runCertificates, ['import', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'line 2: programme "dataScince" is neither a course in data/courseDetails nor an internship program in data/internshipPrograms; did you mean dataScience?',
    );
    const good = path.join(dir, 'good.csv');
    fs.writeFileSync(
      good,
      `${HEADER},programme,startDate,endDate\nIC25/100001,A,R1,C,Data Science Internship,90%,2025-08-01,dataScience,2025-05-05,2025-07-27\n`,
    );
    expect((await runCli(runCertificates, ['import', good], env)).code).toBe(0);
    const exported = await runCli(runCertificates, ['export'], env);
    expect(exported.stdout).toContain(
      '"IC25/100001","A","R1","C","Data Science Internship","90%","2025-08-01",,"dataScience","2025-05-05","2025-07-27",,,,,\r\n',
    );
  });
});
