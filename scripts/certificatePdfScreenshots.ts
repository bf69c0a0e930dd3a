/**
 * npm run screenshot:certificates: the certificate PDF as holders get it, for a valid, a revoked and a sample
 * certificate (holders with Devanagari names), each page rendered to PNG by poppler's pdftoppm and set beside
 * the sample certificate the site shows (public/images/documents/certificate.svg), into docs/screenshots/.
 * The PDFs come from the server's own route (GET /api/certificates/pdf), on a throwaway embedded database.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { setCertificateStatus, upsertCertificates } from '../server/features/certificates/index.ts';
import { chromiumArgs, chromiumExecutable } from '../tooling/browser.ts';

const root = process.cwd();
const outDir = path.join(root, 'docs', 'screenshots');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-pdfs-'));
const handle = await openDatabase({ sqliteFile: path.join(work, 'site.db') });

const base = { regNo: 'REG2025LAW044', college: 'Chanakya National Law University', marks: '91%' };
await upsertCertificates(handle.db, [
  {
    ...base,
    certificateID: 'IC26/800001',
    studentName: 'प्रिया कृष्णमूर्ति',
    courseName: 'Corporate Law Internship',
    issueDate: '2026-02-14',
    programme: 'corporateLaw',
    startDate: '2025-12-15',
    endDate: '2026-02-08',
  },
  {
    ...base,
    certificateID: 'IC26/800002',
    studentName: 'अर्जुन त्रिपाठी',
    regNo: 'REG2025ME102',
    college: 'Bihar College of Engineering',
    courseName: 'AutoCAD Course',
    marks: 'B+',
    issueDate: '2026-01-20',
    programme: 'AutoCAD',
    startDate: '2025-11-17',
    endDate: '2026-01-11',
  },
]);
await upsertCertificates(
  handle.db,
  [
    {
      ...base,
      certificateID: 'IC25/900001',
      studentName: 'स्नेहा कुलकर्णी',
      regNo: 'REG2025CS221',
      college: 'College of Engineering Pune',
      courseName: 'Web Development Internship',
      marks: '89%',
      issueDate: '2025-03-05',
      programme: 'webDevelopment',
      startDate: '2025-01-06',
      endDate: '2025-03-02',
    },
  ],
  { sample: true },
);
await setCertificateStatus(handle.db, 'IC26/800002', { status: 'revoked', reason: 'Issued in error: the course was not completed.' });

const app = await buildApp({ database: handle, root, rateLimits: false, logger: false });
const shots: { label: string; id: string }[] = [
  { label: 'valid', id: 'IC26/800001' },
  { label: 'revoked', id: 'IC26/800002' },
  { label: 'sample', id: 'IC25/900001' },
];
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1700, height: 640 }, deviceScaleFactor: 1 });
const sample = `data:image/svg+xml;base64,${fs.readFileSync(path.join(root, 'public', 'images', 'documents', 'certificate.svg')).toString('base64')}`;
for (const { label, id } of shots) {
  const response = await app.inject({ method: 'GET', url: `/api/certificates/pdf?id=${encodeURIComponent(id)}` });
  if (response.statusCode !== 200) throw new Error(`The PDF of ${id} answered ${response.statusCode}: ${response.body}`);
  const pdf = path.join(work, `${label}.pdf`);
  fs.writeFileSync(pdf, response.rawPayload);
  fs.copyFileSync(pdf, path.join(outDir, `certificate-pdf-${label}.pdf`));
  execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
  const rendered = `data:image/png;base64,${fs.readFileSync(pdf.replace(/\.pdf$/, '.png')).toString('base64')}`;
  await page.setContent(`<!doctype html><html><body style="margin:0;padding:16px;background:#e2e8f0;font:600 15px system-ui,sans-serif;color:#0f172a">
    <div style="display:flex;gap:16px;align-items:flex-start">
      <figure style="margin:0"><img src="${sample}" width="800" style="display:block;box-shadow:0 2px 8px #0003"><figcaption style="margin-top:6px">The sample the site shows (public/images/documents/certificate.svg)</figcaption></figure>
      <figure style="margin:0"><img src="${rendered}" width="842" style="display:block;box-shadow:0 2px 8px #0003"><figcaption style="margin-top:6px">GET /api/certificates/pdf?id=${id} (${label}), rendered by pdftoppm</figcaption></figure>
    </div></body></html>`);
  await page.waitForLoadState('load');
  const file = path.join(outDir, `certificate-pdf-${label}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
await app.close();
await handle.close();
fs.rmSync(work, { recursive: true, force: true });
