import { describe, expect, it } from 'vitest';
import type { ShownCertificate } from '../../shared/certificateAnswer.ts';
import { linkedInUrl } from './Certificate.tsx';

const certificate: ShownCertificate = {
  certificateID: 'IC25/123457',
  studentName: 'Ishita Verma',
  regNo: 'REG2025BBA077',
  college: 'Patna University',
  courseName: 'Digital Marketing Internship',
  marks: '88%',
  issueDate: '2025-04-18',
  status: 'valid',
  sample: false,
  checkedAt: '2026-11-22T12:00:00.000Z',
  page: '/certificate/IC25/123457',
};
const page = 'https://interncraft.in/certificate/IC25/123457';

describe("a certificate's LinkedIn link", () => {
  it('names the organisation by its LinkedIn ID when data/site.json sets one, so the profile shows our logo and page', () => {
    const url = new URL(linkedInUrl(certificate, { name: 'InternCraft', linkedInId: '2414183' }, page));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Digital Marketing Internship',
      organizationId: '2414183',
      issueYear: '2025',
      issueMonth: '4',
      certUrl: page,
      certId: 'IC25/123457',
    });
  });

  it('names it by name when no ID is set', () => {
    const params = new URL(linkedInUrl(certificate, { name: 'InternCraft' }, page)).searchParams;
    expect(params.get('organizationName')).toBe('InternCraft');
    expect(params.has('organizationId')).toBe(false);
  });
});
