import fs from 'node:fs';

/** Debian's Chromium when it is installed (Playwright cannot download browsers here), else Playwright's own. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && fs.existsSync(p!));
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
