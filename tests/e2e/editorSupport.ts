import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TEST_BUILD_ENV } from '../support/testBuilds.ts';

/** With SCREENSHOT_DIR set (docs/screenshots for the closing notes), the screens a person sees are kept there at 1280 px. */
export async function keep(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: path.resolve(dir, `${name}-1280.png`) });
}

/**
 * The release a dist/ serves, copied into another dist/ as its only release, in the layout of the README's Publishing
 * section (releases/<id>, `current` pointing at it, `client` through `current`).
 */
export function copyServedRelease(fromDist: string, toDist: string): void {
  const id = path.basename(fs.readlinkSync(path.join(fromDist, 'current')));
  fs.cpSync(path.join(fromDist, 'releases', id), path.join(toDist, 'releases', id), { recursive: true, verbatimSymlinks: true });
  fs.symlinkSync(path.join('releases', id), path.join(toDist, 'current'));
  fs.symlinkSync(path.join('current', 'client'), path.join(toDist, 'client'));
}

/**
 * Starts `npm run edit` in a project copy on a free port (publishing to the copy's dist/, and linking to `site` when
 * given); resolves with its address once it says it is ready.
 */
export function startEditor(root: string, site?: string): Promise<{ url: string; process: ChildProcess }> {
  const args = ['run', 'edit', '--', '--port', '0', ...(site ? ['--site', site] : [])];
  // Its Publish builds with the tests' compression (tests/support/testBuilds.ts).
  const child = spawn('npm', args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...TEST_BUILD_ENV } });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Editor ready at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve({ url: match[1]!, process: child });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm run edit stopped (${code}):\n${output}`)));
  });
}

/** The field of the editor's form that shows the value at a JSON pointer. */
export const field = (page: Page, pointer: string) => page.locator(`[id="field:${pointer}"]`);

/** The pointer of a role of the stream's first section. */
export const role = (i: number) => `/sections/0/roles/${i}`;

/** What a person writes over each text the new-stream template marks ✎, for a "Data Analytics" stream with two roles. */
export const dataAnalyticsTexts: Record<string, string> = {
  '/description': 'Online data analytics internships with a monthly stipend, mentorship from working analysts and a verifiable certificate.',
  '/sections/0/intro': 'Turn raw numbers into decisions with analysts at growing companies. Choose a role to see its stipend, duration and what you will do.',
  [`${role(0)}/title`]: 'Business Data Associate',
  [`${role(0)}/description`]:
    'Clean and organise sales and operations data for a business team. You will build weekly reports in spreadsheets and SQL and present what changed.',
  [`${role(0)}/details/eligibility`]: 'Students of any degree who are comfortable with spreadsheets',
  [`${role(0)}/details/skills/0`]: 'Spreadsheets and pivot tables',
  [`${role(0)}/details/skills/1`]: 'SQL queries',
  [`${role(0)}/details/skills/2`]: 'Clear written reports',
  [`${role(0)}/details/whoCanApply/degrees/0`]: 'BCom',
  [`${role(0)}/details/responsibilities/0`]: 'Clean and merge weekly sales data',
  [`${role(0)}/details/responsibilities/1`]: 'Build the weekly report',
  [`${role(0)}/details/responsibilities/2`]: 'Present the main changes to the team',
  [`${role(1)}/title`]: 'Dashboard Analyst',
  [`${role(1)}/description`]:
    'Design dashboards that managers read every morning. You will choose the measures, build the charts and check that the numbers agree with the source systems.',
  [`${role(1)}/details/eligibility`]: 'Students in their second year or above who know basic statistics',
  [`${role(1)}/details/skills/0`]: 'Dashboard design',
  [`${role(1)}/details/skills/1`]: 'Basic statistics',
  [`${role(1)}/details/skills/2`]: 'Data visualisation',
  [`${role(1)}/details/whoCanApply/degrees/0`]: 'BSc Statistics',
  [`${role(1)}/details/responsibilities/0`]: 'Agree the measures with managers',
  [`${role(1)}/details/responsibilities/1`]: 'Build and test the dashboards',
  [`${role(1)}/details/responsibilities/2`]: 'Check the figures against the source data',
};
