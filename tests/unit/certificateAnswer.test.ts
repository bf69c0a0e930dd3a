import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVerifyAnswer } from '../../engine/shared/certificateAnswer.ts';
import { splitCertificateIds } from '../../engine/shared/certificateId.ts';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

const store = loadSchemaStore(path.join(projectRoot, 'schemas'));
const schemaAccepts = (answer: unknown) => store.validate('api/verify.response.schema.json', answer).errors.length === 0;

/** The spec's answer (section 7): a list of certificate objects with the seven fields of section 3, nothing else. */
const specAnswer = [
  {
    certificateID: 'IC25/123456',
    studentName: 'Aarav Sharma',
    regNo: 'REG2025CS0142',
    college: 'National Institute of Technology Patna',
    courseName: 'Web Development Internship',
    marks: '92%',
    issueDate: '2025-03-05',
  },
];

describe('IDs typed or pasted into the verification form', () => {
  it('takes one or many, separated by commas, spaces or line breaks, keeping a space inside one ID', () => {
    expect(splitCertificateIds('IC25 123456, ic25-123457\nIC99/000000')).toEqual(['IC25 123456', 'ic25-123457', 'IC99/000000']);
    expect(splitCertificateIds('IC25/123456 IC25/123457')).toEqual(['IC25/123456', 'IC25/123457']);
    expect(splitCertificateIds('  IC25/123456  ')).toEqual(['IC25/123456']);
    expect(splitCertificateIds('ic25 123456')).toEqual(['ic25 123456']);
    expect(splitCertificateIds('IC25/123456;\r\nIC24/998701,,')).toEqual(['IC25/123456', 'IC24/998701']);
    expect(splitCertificateIds('hello')).toEqual(['hello']);
    expect(splitCertificateIds(' \n , ')).toEqual([]);
  });

  it('keeps each ID once, however it was written', () => {
    expect(splitCertificateIds('IC25/123456, ic25-123456\nIC25 123456')).toEqual(['IC25/123456']);
  });
});

describe('a verify answer, as the pages read it', () => {
  it("accepts the spec's shape (section 7): the schema allows it, and the pages read it as a valid certificate checked now", () => {
    expect(schemaAccepts(specAnswer)).toBe(true);
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(readVerifyAnswer(specAnswer, now)).toEqual([
      { ...specAnswer[0], status: 'valid', sample: false, checkedAt: now.toISOString(), page: '/certificate/IC25/123456' },
    ]);
  });

  it("reads this server's fuller answer as it is", () => {
    const full = [
      {
        ...specAnswer[0],
        kind: 'internship',
        startDate: '2025-01-06',
        endDate: '2025-03-02',
        durationWeeks: 8,
        description: 'Built websites.',
        skills: ['HTML', 'CSS'],
        status: 'revoked',
        revokedOn: '2025-09-02',
        revocationReason: 'Issued in error.',
        sample: true,
        checkedAt: '2026-11-22T12:00:00.000Z',
        page: '/certificate/IC25/123456',
      },
    ];
    expect(schemaAccepts(full)).toBe(true);
    expect(readVerifyAnswer(full)).toEqual(full);
  });

  it('refuses a truly malformed answer, as one it cannot read (an error to show, never a crash)', () => {
    const broken: unknown[] = [
      { certificateID: 'IC25/1' },
      [{ ...specAnswer[0], studentName: 42 }],
      [{ ...specAnswer[0], marks: undefined }],
      [{ ...specAnswer[0], marks: '' }],
      [{ ...specAnswer[0], marks: true }],
      [{ ...specAnswer[0], marks: { value: 92 } }],
      [{ ...specAnswer[0], regNo: null }],
      [{ ...specAnswer[0], issueDate: undefined }],
      [{ ...specAnswer[0], issueDate: '' }],
      [{ ...specAnswer[0], issueDate: 'yesterday' }],
      [{ ...specAnswer[0], issueDate: '05/03/2025' }],
      [{ ...specAnswer[0], issueDate: '2025-02-30' }],
      [{ ...specAnswer[0], issueDate: '2025-13-05' }],
      [{ ...specAnswer[0], issueDate: '2025-03-05T25:00:00Z' }],
      [{ ...specAnswer[0], issueDate: '2025-03-05T10:30:00+25:00' }],
      [{ ...specAnswer[0], issueDate: 1741170600000 }],
      [null],
      'IC25/123456',
      { certificates: specAnswer },
    ];
    for (const answer of broken) {
      expect(schemaAccepts(answer), JSON.stringify(answer)).toBe(false);
      expect(readVerifyAnswer(answer), JSON.stringify(answer)).toBeUndefined();
    }
    expect(readVerifyAnswer([])).toEqual([]);
  });
});

describe("every fair reading of the spec's answer (sections 3 and 7), which this server's schema does not send", () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  const read = (fields: Record<string, unknown>) => readVerifyAnswer([{ ...specAnswer[0], ...fields }], now)?.[0];

  it('takes marks as a number or as text, shown as written', () => {
    expect(schemaAccepts([{ ...specAnswer[0], marks: 92 }])).toBe(false);
    expect(read({ marks: 92 })?.marks).toBe('92');
    expect(read({ marks: 87.5 })?.marks).toBe('87.5');
    expect(read({ marks: 0 })?.marks).toBe('0');
    expect(read({ marks: '92%' })?.marks).toBe('92%');
    expect(read({ marks: 'A+' })?.marks).toBe('A+');
  });

  it('takes a registration number as a number too', () => {
    expect(read({ regNo: 2025142 })?.regNo).toBe('2025142');
  });

  it('takes issueDate as a date, or a date and time, keeping the day of issue', () => {
    expect(read({ issueDate: '2025-03-05' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05T10:30:00Z' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05T10:30:00.000Z' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05T10:30:00+05:30' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05T10:30+0530' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05 10:30:00z' })?.issueDate).toBe('2025-03-05');
    // No zone: no moment to place, so the date as written.
    expect(read({ issueDate: '2025-03-05T23:30:00' })?.issueDate).toBe('2025-03-05');
    expect(schemaAccepts([{ ...specAnswer[0], issueDate: '2025-03-05T10:30:00Z' }])).toBe(false);
  });

  it('takes the day in India for a moment near midnight, whatever zone it is written in', () => {
    // 00:30 on 05 March in India, written in UTC: still the 4th there.
    expect(read({ issueDate: '2025-03-04T19:00:00Z' })?.issueDate).toBe('2025-03-05');
    // 23:59 on 05 March in India: already the 6th in UTC+13 and later.
    expect(read({ issueDate: '2025-03-05T23:59:59+05:30' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05T18:29:59Z' })?.issueDate).toBe('2025-03-05');
    expect(read({ issueDate: '2025-03-05T18:30:00Z' })?.issueDate).toBe('2025-03-06');
    // A moment written in another zone is still placed in India: 05 March 20:00 in New York is the 6th in India.
    expect(read({ issueDate: '2025-03-05T20:00:00-05:00' })?.issueDate).toBe('2025-03-06');
    // A year's last moment in UTC is New Year's Day in India.
    expect(read({ issueDate: '2024-12-31T23:00:00Z' })?.issueDate).toBe('2025-01-01');
  });

  it('ignores fields it does not know, and keeps those of ours it does', () => {
    const certificate = read({ marks: 92, issueDate: '2025-03-05T10:30:00Z', grade: 'A', id: 7, meta: { by: 'x' }, status: 'revoked' });
    expect(certificate).toEqual({
      ...specAnswer[0],
      marks: '92',
      issueDate: '2025-03-05',
      status: 'revoked',
      sample: false,
      checkedAt: now.toISOString(),
      page: '/certificate/IC25/123456',
    });
  });

  it('reads its own reading again unchanged (the form hands /details what it read)', () => {
    const once = readVerifyAnswer([{ ...specAnswer[0], marks: 92, issueDate: '2025-03-04T19:00:00Z' }], now);
    expect(readVerifyAnswer(once, new Date())).toEqual(once);
  });
});
