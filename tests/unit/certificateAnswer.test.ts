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

  it('refuses what the schema refuses, as an answer it cannot read (an error to show, never a crash)', () => {
    const broken: unknown[] = [
      { certificateID: 'IC25/1' },
      [{ ...specAnswer[0], studentName: 42 }],
      [{ ...specAnswer[0], marks: undefined }],
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
