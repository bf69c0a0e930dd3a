import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTempProject } from '../../tooling/projectCopy.ts';

/** Starts `npm run edit` in a project copy on a free port; resolves with its address once it says it is ready. */
function startEditor(root: string): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn('npm', ['run', 'edit', '--', '--port', '0'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** The field of the form that shows the value at a JSON pointer. */
const field = (page: Page, pointer: string) => page.locator(`[id="field:${pointer}"]`);
const notes = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"] > .notes`);

const role = (i: number) => `/sections/0/roles/${i}`;
/** What the person writes over each text the template marked ✎. */
const texts: Record<string, string> = {
  '/description': 'Online data analytics internships with a monthly stipend, mentorship from working analysts and a verifiable certificate.',
  '/sections/0/intro': 'Turn raw numbers into decisions with analysts at growing companies. Choose a role to see its stipend, duration and what you will do.',
  [`${role(0)}/title`]: 'Business Data Associate',
  [`${role(0)}/description`]:
    'Clean and organise sales and operations data for a business team. You will build weekly reports in spreadsheets and SQL and present what changed.',
  [`${role(0)}/details/eligibility`]: 'Students of any degree who are comfortable with spreadsheets',
  [`${role(0)}/details/skills/0`]: 'Spreadsheets and pivot tables',
  [`${role(0)}/details/skills/1`]: 'SQL queries',
  [`${role(0)}/details/skills/2`]: 'Clear written reports',
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
  [`${role(1)}/details/responsibilities/0`]: 'Agree the measures with managers',
  [`${role(1)}/details/responsibilities/1`]: 'Build and test the dashboards',
  [`${role(1)}/details/responsibilities/2`]: 'Check the figures against the source data',
};

test('a person who does not write code adds an internship stream with two roles in the editor; it validates, builds and is listed everywhere', async ({
  page,
}) => {
  // The test runs the editor, then a full production build of the copy: minutes on a busy machine. Every wait is on a condition.
  test.setTimeout(600_000);
  const temp = makeTempProject('editor-');
  let editor: ChildProcess | undefined;
  const file = 'pages/internship/Data Analytics.json';
  try {
    const started = await startEditor(temp.root);
    editor = started.process;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(started.url);

    // Start the stream from the guided form: the same starting page as `npm run new`.
    await page.getByRole('button', { name: '+ New internship stream' }).click();
    await page.getByLabel('Name of the stream').fill('Data Analytics');
    await page.getByRole('button', { name: 'Start the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data Analytics' })).toBeVisible();
    await expect(page.locator('.document-status')).toContainText('20 texts marked ✎ to write');
    await expect(notes(page, `${role(0)}/title`)).toContainText('"title" is still the template\'s placeholder text');

    // Saving is refused while template texts remain; the draft is kept outside pages/.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Not saved: 20 texts still marked ✎ to write');
    expect(fs.existsSync(path.join(temp.root, file))).toBe(false);
    await page.getByRole('button', { name: 'Keep as draft' }).click();
    await expect(page.locator('.status-saved')).toContainText('Draft kept');
    expect(fs.readdirSync(path.join(temp.root, '.cache', 'editor-drafts'))).toHaveLength(1);

    // Two roles come with the page; the person writes over every suggestion.
    await expect(page.locator(`[data-pointer="/sections/0/roles"] > ol > li`)).toHaveCount(2);
    for (const [pointer, text] of Object.entries(texts)) await field(page, pointer).fill(text);
    await expect(page.locator('.document-status')).toContainText('No problems: ready to save.');

    // A picture chosen from public/images for the first role.
    const picture = page.locator(`[data-pointer="${role(0)}/image"]`);
    await picture.getByRole('button', { name: 'Choose a picture' }).click();
    await picture.getByLabel('Find a picture').fill('data-analysis');
    await picture.locator('.image-grid button').first().click();
    await expect(field(page, `${role(0)}/image`)).toHaveValue(/^\/images\/.*data-analysis\.svg$/);

    // A mistake, pointed out beside its field in the validator's words, then fixed.
    const stipend = `${role(1)}/details/stipend`;
    await field(page, stipend).fill('₹7,500');
    await expect(notes(page, stipend)).toContainText('"stipend" must be a whole number such as 6000, not the text "₹7,500".');
    await expect(notes(page, stipend)).toContainText('Fix: Write 7500 without quotes, ₹ sign, commas or words.');
    await expect(field(page, stipend)).toHaveAttribute('aria-invalid', 'true');
    await field(page, stipend).fill('7500');
    await expect(notes(page, stipend)).toHaveCount(0);
    await expect(page.locator('.document-status')).toContainText('No problems: ready to save.');

    // The preview, at phone width, is the page as the engine renders it, with what was just written.
    await page.getByRole('button', { name: 'Phone · 390 px' }).click();
    const frame = page.frameLocator('iframe[title="Preview at 390 px"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Data Analytics Internships' })).toBeVisible();
    await frame.getByRole('radio', { name: 'Dashboard Analyst' }).check();
    await expect(frame.locator('[data-fact="stipend"]:visible')).toHaveText('₹7,500/month');
    expect(await page.locator('iframe[title="Preview at 390 px"]').evaluate((f: HTMLIFrameElement) => f.contentWindow!.innerWidth)).toBe(390);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status-saved')).toContainText(`Saved to ${file}`);
    await expect(page.getByRole('navigation', { name: 'Documents' }).getByRole('button', { name: /Data Analytics/ })).toBeVisible();
    expect(fs.readdirSync(path.join(temp.root, '.cache', 'editor-drafts'))).toHaveLength(0);
  } finally {
    if (editor?.pid) process.kill(-editor.pid, 'SIGTERM');
  }

  try {
    // What the person saved is a page like any other: it validates, builds, and is in the menu, the search and the sitemap.
    const run = (script: string) => execFileSync('npm', ['run', script], { cwd: temp.root, encoding: 'utf8', stdio: 'pipe' });
    expect(run('validate')).toContain('no problems');
    run('build');
    const read = (rel: string) => fs.readFileSync(path.join(temp.root, rel), 'utf8');
    const saved = JSON.parse(read(file)) as { sections: { roles: { details: { stipend: unknown } }[] }[] };
    expect(saved.sections[0]!.roles).toHaveLength(2);
    expect(saved.sections[0]!.roles[1]!.details.stipend).toBe(7500);
    expect(read('dist/client/index.html')).toContain('href="/internship/Data%20Analytics"');
    expect(read('dist/client/sitemap.xml')).toContain('<loc>https://interncraft.in/internship/Data%20Analytics</loc>');
    const assets = fs.readdirSync(path.join(temp.root, 'dist/client/assets'));
    const search = read(`dist/client/assets/${assets.find((f) => f.includes('search-data'))}`);
    expect(search).toContain('/internship/Data Analytics?role=dataAnalyticsAnalyst');
    expect(search).toContain('Dashboard Analyst');
    // The editor is no part of what is built.
    const built = assets.map((f) => read(`dist/client/assets/${f}`)).join('\n');
    expect(built).not.toContain('Content editor');
    expect(built).not.toContain('/api/check');
  } finally {
    temp.remove();
  }
});
