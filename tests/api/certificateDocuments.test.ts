import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCertificateStatus, upsertCertificates } from '../../server/features/certificates/repository.ts';
import { readSiteSettings } from '../../server/siteSettings.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, demoCertificate } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const settings = readSiteSettings(projectRoot);
const pageUrl = `${settings.siteUrl}/certificate/IC25/123456`;
/** The programme the first certificate is for, as data/ describes it. */
const webDevelopment = (
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'data', 'internshipPrograms.json'), 'utf8')) as {
    items: { id: string; description: string; skills: string[] }[];
  }
).items.find((p) => p.id === 'webDevelopment')!;
const design = (
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'data', 'site.json'), 'utf8')) as {
    certificateDesign: { signatories: { name: string; title: string }[] };
  }
).certificateDesign;

/** poppler's pdftoppm and zbar's zbarimg read the QR code off the rendered PDF; .ci/run installs them and sets REQUIRE_PDF_TOOLS. */
function hasTool(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const pdfTools = hasTool('pdftoppm') && hasTool('zbarimg');
if (!pdfTools && process.env['REQUIRE_PDF_TOOLS'])
  throw new Error('REQUIRE_PDF_TOOLS is set but pdftoppm or zbarimg is missing (apt-get install poppler-utils zbar-tools).');

describe.each(backends())('a certificate PDF, credential and QR code on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let handle: Awaited<ReturnType<typeof backend.open>>['handle'];
  beforeAll(async () => {
    ({ handle, dispose } = await backend.open());
    app = await apiApp(handle, {
      certificates: [
        demoCertificate({ kind: 'internship', programme: 'webDevelopment', startDate: '2025-01-06', endDate: '2025-03-02' }),
        demoCertificate({ certificateID: 'IC25/200001', studentName: 'अनन्या Zoë Iyer', courseName: 'AutoCAD Course', programme: 'AutoCAD' }),
        demoCertificate({ certificateID: 'IC25/200002' }),
      ],
    });
    await setCertificateStatus(handle.db, 'IC25/200002', { status: 'revoked', reason: 'Issued in error.' });
    await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/300001', studentName: 'प्रिया कृष्णमूर्ति' })], { sample: true });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('signs an Open Badges 3.0 credential that verifies against /.well-known/jwks.json, and a changed copy does not', async () => {
    const response = await get('/api/certificates/credential?id=ic25-123456');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('certificate-IC25-123456.jwt');
    const jwt = response.body;
    const jwks = createLocalJWKSet((await get('/.well-known/jwks.json')).json());
    const { payload, protectedHeader } = await jwtVerify(jwt, jwks, { issuer: settings.siteUrl });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: pageUrl,
      jti: pageUrl,
      issuer: { id: settings.siteUrl, name: settings.name },
      validFrom: '2025-03-05T00:00:00Z',
      description: webDevelopment.description,
      credentialSubject: {
        activityStartDate: '2025-01-06T00:00:00+05:30',
        activityEndDate: '2025-03-02T00:00:00+05:30',
        achievement: {
          name: 'Web Development Internship',
          achievementType: 'ext:Internship',
          // What the holder did, what earning it took, and the skills it stands for: from the programme's content in data/.
          description: webDevelopment.description,
          criteria: {
            id: pageUrl,
            narrative:
              'Completing the online internship Web Development Internship: its weekly tasks and projects, reviewed by a mentor, with the result recorded on the certificate.',
          },
          alignment: webDevelopment.skills.map((skill) => ({
            type: ['Alignment'],
            targetType: 'ceasn:Competency',
            targetName: skill,
            targetUrl: `${pageUrl}#skills`,
          })),
          tag: webDevelopment.skills,
        },
        identifier: [{ identityHash: 'Aarav Sharma' }],
        result: [{ value: '92%' }],
      },
      credentialStatus: { type: '1EdTechRevocationList' },
    });
    expect(payload.nbf).toBe(Date.UTC(2025, 2, 5) / 1000);

    // One character of the payload changed: the signature no longer holds.
    const [header, body, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { credentialSubject: { result: { value: string }[] } };
    claims.credentialSubject.result[0]!.value = '99%';
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(jwtVerify(tampered, jwks)).rejects.toThrow(/signature/);
    const flipped = `${jwt.slice(0, -2)}${jwt.at(-2) === 'A' ? 'B' : 'A'}${jwt.at(-1)}`;
    await expect(jwtVerify(flipped, jwks)).rejects.toThrow();
    expect(decodeProtectedHeader(jwt).kid).toBe((await get('/.well-known/jwks.json')).json().keys[0].kid);
  });

  it('gives no credential for a revoked certificate, and its status address lists the revocation', async () => {
    const refused = await get('/api/certificates/credential?id=IC25%2F200002');
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toMatch(/^Certificate IC25\/200002 was revoked on \d{2} \w+ \d{4}: Issued in error\.$/);
    const status = (await get('/api/certificates/status?id=IC25%2F200002')).json();
    expect(status.revokedCredentials).toEqual([{ id: `${settings.siteUrl}/certificate/IC25/200002`, revocationReason: 'Issued in error.' }]);
    expect((await get('/api/certificates/status?id=IC25%2F123456')).json().revokedCredentials).toEqual([]);
  });

  it('answers an unknown ID with the spec sentence, naming the ID as typed', async () => {
    const response = await get('/api/certificates/pdf?id=%20ic25%2F000001%20');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'CERTIFICATE_NOT_FOUND',
      message: 'No certificate found with ID: ic25/000001. Please verify the ID and try again.',
    });
  });

  it('gives the QR code of the page as SVG', async () => {
    const response = await get('/api/certificates/qr.svg?id=IC25%2F123456');
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg/);
  });

  // Four PDFs drawn, rendered and read: a minute is a safety net for a busy machine, not a measure.
  it.skipIf(!pdfTools)('makes a PDF whose QR code opens the certificate page; a revoked one says so', { timeout: 90_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-pdf-'));
    try {
      const read = async (id: string) => {
        const response = await get(`/api/certificates/pdf?id=${encodeURIComponent(id)}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const file = path.join(dir, `${id.replace(/\W/g, '-')}.pdf`);
        fs.writeFileSync(file, response.rawPayload);
        execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, file.replace(/\.pdf$/, '')]);
        const qr = execFileSync('zbarimg', ['--quiet', '--raw', file.replace(/\.pdf$/, '.png')], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim();
        const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
        return { qr, text };
      };
      const valid = await read('IC25/123456');
      expect(valid.qr).toBe(pageUrl);
      // The certificate the site advertises: its title by kind, the holder, the programme with its length and dates, the signatories, the ID.
      for (const printed of [
        'Certificate of Internship',
        'Aarav Sharma',
        'has successfully completed the 8-week online internship',
        'Web Development Internship',
        'from 06 January 2025 to 02 March 2025, with a result of 92%',
        'Issued on 05 March 2025',
        'Certificate ID: IC25/123456',
        ...design.signatories.flatMap((s) => [s.name, s.title]),
      ])
        expect(valid.text).toContain(printed);
      expect(valid.text).not.toMatch(/REVOKED|SAMPLE/);

      const course = await read('IC25/200001');
      expect(course.text).toContain('अनन्या Zoë Iyer');
      expect(course.text).toContain('Certificate of Course Completion');
      expect(course.text).toContain('has successfully completed the 8-week course');

      const revoked = await read('IC25/200002');
      expect(revoked.qr).toBe(`${settings.siteUrl}/certificate/IC25/200002`);
      expect(revoked.text).toMatch(/REVOKED on \d{2} \w+ \d{4} \(IST\): Issued in error\./);

      const sample = await read('IC25/300001');
      expect(sample.qr).toBe(`${settings.siteUrl}/certificate/IC25/300001`);
      expect(sample.text).toContain('SAMPLE: this certificate was not issued to anyone');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
