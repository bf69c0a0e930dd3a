import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTempProject, projectRoot } from '../../tooling/projectCopy.ts';
import { type ServerProcess, startServer } from '../support/serverProcess.ts';
import { copyServedRelease, field, keep, startEditor } from './editorSupport.ts';

const HINDI = 'कानून में इंटर्नशिप';
const ENGLISH = 'Law Internships for Students';

test('a translator writes a Hindi text beside its English; the English changes and the Hindi is flagged to check, with what changed; marked checked, it is published and the site serves it under /hi/', async ({
  browser,
}) => {
  // A publish (a production build of the copy) on a machine that may be busy: minutes. Every wait is on a condition.
  test.setTimeout(900_000);
  const temp = makeTempProject('editor-translation-');
  let editor: ChildProcess | undefined;
  let site: ServerProcess | undefined;
  try {
    // The site as deployed, as in publishing.spec.ts: this run's release copied into the copy's dist/, its links real.
    copyServedRelease(path.join(projectRoot, 'dist'), path.join(temp.root, 'dist'));
    temp.edit('data/site.json', (text) => text.replaceAll('"placeholder:', '"').replaceAll('-placeholder"', '"'));
    site = await startServer({ DIST_DIR: path.join(temp.root, 'dist'), SQLITE_FILE: ':memory:', RATE_LIMITS: 'off' });
    const siteUrl = `http://127.0.0.1:${site.port}`;
    const started = await startEditor(temp.root, siteUrl);
    editor = started.process;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(started.url);
    const nav = page.getByRole('navigation', { name: 'Pages and lists' });
    const status = page.locator('.document-status');
    const hindiTab = page.getByRole('tab', { name: /हिंदी/ });
    const title = '/sections/0/title';

    // The list says how far each page's Hindi is; the law page's is whole.
    const law = nav.getByRole('button', { name: /^Law internships/ });
    await expect(law.locator('[data-translation]')).toHaveText('हिंदी ✓');
    await expect(nav.getByRole('button', { name: /^About Us/ }).locator('[data-translation]')).toHaveText('हिंदी: not translated yet');
    await law.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Law internships' })).toBeVisible();

    // The Hindi beside the English: a text written over, saved.
    await hindiTab.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('हिंदी');
    const row = page.locator(`.t-row[data-pointer="${title}"]`);
    await expect(row.locator('.t-english')).toHaveText('Law Internships');
    // The stream's figures are shown once, the English's, with no box to write them in.
    const role = page.locator('.t-group[data-pointer="/sections/0/roles/1"]');
    await expect(role.locator('.t-fixed')).toContainText(/Stipend:\s*5000/);
    await expect(role.locator('textarea')).not.toHaveCount(0);
    await expect(role.locator('[id="field:/sections/0/roles/1/details/stipend"]')).toHaveCount(0);
    await field(page, title).fill(HINDI);
    await expect(status).toContainText('No problems: ready to save.', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status-saved')).toContainText('Saved at');
    expect(JSON.parse(temp.read('pages/internship/law.hi.json')).texts[title]).toEqual({ source: 'Law Internships', text: HINDI });

    // The English of that text changes: saved at once, the Hindi now to check, as the English form and the tab say.
    await page.getByRole('tab', { name: 'English' }).click();
    // The form, not the Hindi (whose boxes are named by the same places), before typing.
    await expect(page.getByRole('form', { name: 'Fields of Law internships' })).toBeVisible();
    await field(page, title).fill(ENGLISH);
    await expect(status).toContainText('The हिंदी of 1 changed text is to check against the new English.', { timeout: 120_000 });
    await expect(hindiTab).toContainText('1 to check');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status-saved')).toContainText('Saved at');
    await expect(law.locator('[data-translation]')).toHaveText('हिंदी: 1 to check');

    // In the Hindi, the text is flagged, with the English it was made from and the English now, what changed marked.
    await hindiTab.click();
    await page.getByRole('button', { name: 'To check (1)' }).click();
    await expect(page.locator('.t-row')).toHaveCount(1);
    await expect(row).toHaveClass(/t-stale/);
    await expect(row.locator('.t-was')).toHaveText('It was: Law Internships');
    await expect(row.locator('.t-now')).toHaveText(`It is now: ${ENGLISH}`);
    await expect(row.locator('.t-now ins')).toHaveText('for Students');
    await expect(field(page, title)).toHaveValue(HINDI);
    await expect(row).toContainText('The English changed since this was translated');
    await keep(page, 'editor-translation-stale');

    // Checked: the new English is what it translates; saved, nothing is left to check.
    await row.getByRole('button', { name: /Checked/ }).click();
    await expect(row).not.toHaveClass(/t-stale/);
    await expect(hindiTab).toContainText('translated');
    await expect(status).toContainText('No problems: ready to save.', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status-saved')).toContainText('Saved at');
    expect(JSON.parse(temp.read('pages/internship/law.hi.json')).texts[title]).toEqual({ source: ENGLISH, text: HINDI });
    await expect(law.locator('[data-translation]')).toHaveText('हिंदी ✓');

    // Published as any change is; the running site serves the English and the Hindi.
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.locator('.publish-summary')).toContainText('Published at', { timeout: 600_000 });
    const english = await (await fetch(`${siteUrl}/internship/law`)).text();
    expect(english).toContain(ENGLISH);
    const hindi = await fetch(`${siteUrl}/hi/internship/law`);
    expect(hindi.status).toBe(200);
    const hindiPage = await hindi.text();
    expect(hindiPage).toContain(HINDI);
    expect(hindiPage).not.toContain(ENGLISH);
  } finally {
    if (editor?.pid) process.kill(-editor.pid, 'SIGTERM');
    site?.child.kill('SIGTERM');
    await site?.exited;
    temp.remove();
  }
});
