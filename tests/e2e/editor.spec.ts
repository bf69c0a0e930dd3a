import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { dataAnalyticsTexts, field, role, startEditor } from './editorSupport.ts';

const notes = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"] > .notes`);

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
    await expect(page.locator('.document-status')).toContainText('22 texts marked ✎ to write');
    await expect(notes(page, `${role(0)}/title`)).toContainText('This is still the template’s suggestion, marked ✎.');

    // Saving is refused while template texts remain; the draft is kept outside pages/.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Not saved: 22 texts marked ✎ to write');
    expect(fs.existsSync(path.join(temp.root, file))).toBe(false);
    await page.getByRole('button', { name: 'Keep as draft' }).click();
    await expect(page.locator('.status-saved')).toContainText('Draft kept');
    expect(fs.readdirSync(path.join(temp.root, '.cache', 'editor-drafts'))).toHaveLength(1);

    // Two roles come with the page; the person writes over every suggestion.
    await expect(page.locator(`[data-pointer="/sections/0/roles"] > ol > li`)).toHaveCount(2);
    for (const [pointer, text] of Object.entries(dataAnalyticsTexts)) await field(page, pointer).fill(text);
    await expect(page.locator('.document-status')).toContainText('No problems: ready to save.');

    // A picture chosen from public/images for the first role.
    const picture = page.locator(`[data-pointer="${role(0)}/image"]`);
    await picture.getByRole('button', { name: 'Choose a picture' }).click();
    await picture.getByLabel('Find a picture').fill('data-analysis');
    await picture.locator('.image-grid button').first().click();
    await expect(field(page, `${role(0)}/image`)).toHaveValue(/^\/images\/.*data-analysis\.svg$/);

    // A mistake, pointed out beside its field in the form's words (no property names), then fixed.
    const stipend = `${role(1)}/details/stipend`;
    await field(page, stipend).fill('₹7,500');
    await expect(notes(page, stipend)).toContainText('This must be a whole number such as 6000, not “₹7,500”.');
    await expect(notes(page, stipend)).toContainText('Write 7500: digits only, without the ₹ sign, commas or words.');
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
    await expect(page.locator('.status-saved')).toContainText('Saved at');
    await expect(page.getByRole('navigation', { name: 'Pages and lists' }).getByRole('button', { name: /Data Analytics internships/ })).toBeVisible();
    // It starts with its Hindi beside it, nothing written: not translated yet, and counted so.
    expect(JSON.parse(fs.readFileSync(path.join(temp.root, 'pages/internship/Data Analytics.hi.json'), 'utf8'))).toEqual({
      $schema: '../../schemas/translation.schema.json',
      texts: {},
    });
    await expect(
      page
        .getByRole('navigation', { name: 'Pages and lists' })
        .getByRole('button', { name: /Data Analytics internships/ })
        .locator('[data-translation]'),
    ).toHaveText('हिंदी: not translated yet');
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
    expect(read('dist/client/index.html')).toContain('href="/internship/data-analytics"');
    expect(read('dist/client/sitemap.xml')).toContain('<loc>https://interncraft.in/internship/data-analytics</loc>');
    const assets = fs.readdirSync(path.join(temp.root, 'dist/client/assets'));
    // English's search records: their own chunk (virtual:search-data-en, named so).
    const search = read(`dist/client/assets/${assets.find((f) => /search-data-en-[\w-]+\.js$/.test(f))}`);
    expect(search).toContain('/internship/data-analytics?role=dataAnalyticsAnalyst');
    expect(search).toContain('Dashboard Analyst');
    // The editor is no part of what is built.
    const built = assets.map((f) => read(`dist/client/assets/${f}`)).join('\n');
    expect(built).not.toContain('Content editor');
    expect(built).not.toContain('/api/check');
  } finally {
    temp.remove();
  }
});
