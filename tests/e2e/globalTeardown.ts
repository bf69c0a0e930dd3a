import fs from 'node:fs';

/** The run's database and outbox hold nothing worth keeping once it is over; a failed test's trace is kept elsewhere. */
export default function globalTeardown(): void {
  const runDir = process.env['E2E_RUN_DIR'];
  if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
}
