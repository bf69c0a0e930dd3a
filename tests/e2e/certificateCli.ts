import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../tooling/projectCopy.ts';

/** Changes a certificate through the import CLI, on the database the test server reads (playwright.config.ts names it). */
export function certificates(...args: string[]): void {
  execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['server/cli/certificates.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, SQLITE_FILE: process.env['E2E_SQLITE_FILE'] },
    stdio: 'pipe',
  });
}

/** Certificates we issued (not samples), loaded through the import as staff load them; importing them again changes nothing. */
export function importIssued(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-issued-'));
  try {
    const file = path.join(dir, 'issued.csv');
    fs.writeFileSync(
      file,
      [
        'certificateID,studentName,regNo,college,courseName,marks,issueDate,programme,startDate,endDate',
        'IC26/700001,Meera Nair,REG2025LAW044,Chanakya National Law University,Corporate Law Internship,91%,2026-02-14,corporateLaw,2025-12-15,2026-02-08',
        'IC26/700002,Vikram Singh,REG2025ME102,Bihar College of Engineering,AutoCAD Course,B+,2026-01-20,AutoCAD,2025-11-17,2026-01-11',
        'IC26/700003,Sneha Kulkarni,REG2025CS221,College of Engineering Pune,Web Development Internship,89%,2026-02-20,webDevelopment,2025-12-22,2026-02-15',
        '',
      ].join('\n'),
    );
    try {
      certificates('import', file);
    } catch {
      // Two workers importing at the same moment: one wrote them first; the second, again, finds them unchanged.
      certificates('import', file);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
