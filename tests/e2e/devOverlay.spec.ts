import { type ChildProcess, spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { makeTempProject } from '../../tooling/projectCopy.ts';

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

test('in npm run dev, a content error shows as an overlay and goes away when the file is fixed', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const temp = makeTempProject('dev-overlay-');
  const port = 5300 + testInfo.workerIndex;
  let server: ChildProcess | undefined;
  try {
    server = spawn('npx', ['vite', '--port', String(port), '--strictPort'], { cwd: temp.root, stdio: 'ignore', detached: true });
    await waitForServer(`http://localhost:${port}/`, 30_000);
    await page.goto(`http://localhost:${port}/internship/law`);
    await expect(page.getByRole('heading', { level: 1, name: 'Law Internships' })).toBeVisible({ timeout: 20_000 });

    temp.edit('pages/internship/law.json', (t) => t.replace('"stipend": 6000', '"stipend": "6000/month"'));
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toBeAttached({ timeout: 15_000 });
    await expect(overlay).toContainText('pages/internship/law.json:');
    await expect(overlay).toContainText('"stipend" must be a whole number such as 6000');

    temp.edit('pages/internship/law.json', (t) => t.replace('"stipend": "6000/month"', '"stipend": 7000'));
    await expect(overlay).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('[data-fact="stipend"]:visible')).toHaveText('₹7,000/month', { timeout: 15_000 });
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    temp.remove();
  }
});
