import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, testBrowserExecutable } from './tooling/browser.ts';

const port = Number(process.env['E2E_PORT'] ?? 5179);
// The run's own folder, removed after it (tests/e2e/globalTeardown.ts). Workers load this file again and inherit the
// variable, so they use the same folder.
process.env['E2E_RUN_DIR'] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-run-'));
const runDir = process.env['E2E_RUN_DIR'];
// A fresh embedded database per run: it starts with the demo certificates, as a new install does.
const sqliteFile = process.env['E2E_SQLITE_FILE'] ?? path.join(runDir, 'site.db');
// The tests change certificates through the import CLI, on the server's own database.
process.env['E2E_SQLITE_FILE'] = sqliteFile;
// The server's mail goes to this outbox, where the tests read it (acknowledgements, confirmation and reset links).
const outbox = process.env['E2E_OUTBOX'] ?? path.join(runDir, 'outbox');
process.env['E2E_OUTBOX'] = outbox;

/** End-to-end tests run against the built, prerendered site served by the real server (`npm run build` first). */
export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/globalTeardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A safety net for a hung test, not a measure: every wait is on a condition, and a machine kept busy by
  // other work (measured: both cores running builds) takes up to three times as long as a quiet one.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: testBrowserExecutable(), args: chromiumArgs },
    // A trace of each test, kept when it fails, costs a quarter of the suite's CPU (the account tests: 103 s without,
    // 139 s with, 131 s with DOM snapshots alone), and the tests are bound by CPU: E2E_TRACE=1 records them to debug.
    trace: process.env['E2E_TRACE'] ? 'retain-on-failure' : 'off',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    // Every test's lookups come from 127.0.0.1: a budget a whole run of tests does not spend (the API tests hold the real one).
    // For the same reason no request limits: the account tests sign up a dozen people a minute from one address.
    env: {
      PORT: String(port),
      LOG: 'off',
      SQLITE_FILE: sqliteFile,
      LOOKUP_BUDGET: '10000',
      LOOKUP_ALLOWANCE: '100000',
      RATE_LIMITS: 'off',
      // The tests sign up and log in dozens of people; at OWASP's cost each waits for the one hash a 2-core machine
      // runs at a time. The cost itself has its API test (tests/api/auth.test.ts).
      PASSWORD_HASH_COST: 'test',
      MAIL_OUTBOX: outbox,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
