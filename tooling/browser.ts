import fs from 'node:fs';

/** Debian's Chromium when it is installed (Playwright cannot download browsers here), else Playwright's own. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && fs.existsSync(p!));
}

/**
 * The browser the tests drive: Chromium's headless shell when it is installed (Debian's chromium-headless-shell, the
 * build Playwright itself runs headless tests in), else the full browser. The shell draws the same pages with the same
 * engine without the browser's own interface: the account tests took 186 s of CPU with the full browser and 139 s with
 * the shell, measured side by side, and the browser tests are bound by CPU on a 2-core machine. The benches and
 * screenshots keep the full browser, which is what a visitor runs.
 */
export function testBrowserExecutable(): string | undefined {
  const shell = '/usr/bin/chromium-headless-shell';
  return !process.env['CHROMIUM_PATH'] && fs.existsSync(shell) ? shell : chromiumExecutable();
}

/** Flags for a sandboxed, offline CI machine: no background network chatter, no GPU. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
