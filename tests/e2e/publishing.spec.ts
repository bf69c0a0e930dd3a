import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTempProject, projectRoot } from '../../tooling/projectCopy.ts';
import { type ServerProcess, startServer } from '../support/serverProcess.ts';
import { copyServedRelease, dataAnalyticsTexts, field, keep, startEditor } from './editorSupport.ts';

const SENTENCE = 'Online internships that start real careers, now in data analytics too';

test('a person who does not write code finds the home page, changes a sentence, adds a stream and publishes; the running site serves it, and a page opened before keeps working', async ({
  browser,
}) => {
  // A build of the copy (the publish) on a machine that may be busy: minutes. Every wait is on a condition.
  test.setTimeout(900_000);
  const temp = makeTempProject('publish-');
  let editor: ChildProcess | undefined;
  let site: ServerProcess | undefined;
  try {
    // The site as deployed: the release this run's server answers from (`npm run build` before the browser tests),
    // copied into the copy's dist/ rather than built again, and served by the real server from there. It is never
    // restarted below. The copy's forms are made real (its placeholder links replaced) so that it may be published.
    copyServedRelease(path.join(projectRoot, 'dist'), path.join(temp.root, 'dist'));
    temp.edit('data/site.json', (text) => text.replaceAll('"placeholder:', '"').replaceAll('-placeholder"', '"'));
    site = await startServer({ DIST_DIR: path.join(temp.root, 'dist'), SQLITE_FILE: ':memory:', RATE_LIMITS: 'off' });
    const siteUrl = `http://127.0.0.1:${site.port}`;

    // A visitor has the home page open before anything is published.
    const visitor = await browser.newPage();
    const failed: string[] = [];
    visitor.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await visitor.goto(`${siteUrl}/`);
    await visitor.locator('html[data-live]').waitFor({ state: 'attached' });

    const started = await startEditor(temp.root, siteUrl);
    editor = started.process;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(started.url);
    const nav = page.getByRole('navigation', { name: 'Pages and lists' });

    // Find the home page by what it is called, and change a sentence of it.
    await nav.getByLabel('Find').fill('home');
    await expect(nav.getByRole('button', { name: /^Home/ }).first()).toBeVisible();
    await keep(page, 'editor-find');
    await nav.getByRole('button', { name: /^Home/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByRole('button', { name: /Section 1: Opening banner/ }).click();
    await field(page, '/sections/0/title').fill(SENTENCE);
    await expect(page.locator('.document-status')).toContainText('No problems: ready to save.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status-saved')).toContainText('Saved at');

    // Add a stream from the guided form and write over every ✎ suggestion.
    await nav.getByLabel('Find').fill('');
    await page.getByRole('button', { name: '+ New internship stream' }).click();
    await page.getByLabel('Name of the stream').fill('Data Analytics');
    await page.getByRole('button', { name: 'Start the page' }).click();
    for (const [pointer, text] of Object.entries(dataAnalyticsTexts)) await field(page, pointer).fill(text);
    await expect(page.locator('.document-status')).toContainText('No problems: ready to save.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.status-saved')).toContainText('Saved at');

    // Publish, with progress, then a plain summary with a link to each page added or changed.
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('list', { name: 'Progress' })).toBeVisible();
    const summary = page.locator('.publish-summary');
    await expect(summary).toContainText('Published at', { timeout: 600_000 });
    // The stream, and the same page under /hi/ (in English with its notice until its Hindi is written).
    await expect(summary).toContainText('2 pages added');
    const added = summary.getByRole('link', { name: 'Data Analytics internships /internship/data-analytics' });
    await expect(added).toHaveAttribute('href', `${siteUrl}/internship/data-analytics`);
    await expect(summary.getByRole('link', { name: 'Data Analytics internships (हिंदी) /hi/internship/data-analytics' })).toHaveAttribute(
      'href',
      `${siteUrl}/hi/internship/data-analytics`,
    );
    await expect(summary.getByRole('link', { name: 'Home /', exact: true })).toHaveAttribute('href', `${siteUrl}/`);
    await expect(page.locator('.publish-history li.current')).toContainText('published from the editor');
    await keep(page, 'editor-publish-summary');

    // The running site (not restarted) serves the new stream, its menus and its search records.
    const stream = await fetch(`${siteUrl}/internship/data-analytics`);
    expect(stream.status).toBe(200);
    const home = await (await fetch(`${siteUrl}/`)).text();
    expect(home).toContain(SENTENCE);
    expect(home).toContain('href="/internship/data-analytics"');
    const fresh = await browser.newPage();
    await fresh.goto(`${siteUrl}/`);
    await fresh.locator('html[data-live]').waitFor({ state: 'attached' });
    await fresh.getByRole('button', { name: 'Search' }).click();
    await fresh.keyboard.type('dashboard analyst');
    await expect(fresh.getByRole('option').first()).toContainText('Dashboard Analyst');

    // The page opened before the publish: its search and its in-place navigation still load its own scripts.
    await visitor.getByRole('button', { name: 'Search' }).click();
    await visitor.keyboard.type('python');
    await expect(visitor.getByRole('option').first()).toContainText('Python Programming');
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(/\/courses\/PythonProgramming$/);
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Python Programming');
    expect(failed).toEqual([]);

    // Undo of the last publish: the site is back as it was, at once.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Undo the last publish' }).click();
    await expect(page.locator('.publish')).toContainText('The site is back as it was');
    expect((await fetch(`${siteUrl}/internship/data-analytics`)).status).toBe(404);
    expect(await (await fetch(`${siteUrl}/`)).text()).not.toContain(SENTENCE);
  } finally {
    if (editor?.pid) process.kill(-editor.pid, 'SIGTERM');
    site?.child.kill('SIGTERM');
    await site?.exited;
    temp.remove();
  }
});

test('Publish is refused, with each reason beside its field, while a link is only a placeholder; nothing is built', async ({ browser }) => {
  test.setTimeout(300_000);
  const temp = makeTempProject('publish-refused-');
  let editor: ChildProcess | undefined;
  try {
    const started = await startEditor(temp.root, 'http://127.0.0.1:5328');
    editor = started.process;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(started.url);
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    const refused = page.locator('.publish-refused');
    // No release is live in this copy: every placeholder link stops it, and every page that uses one, each named.
    await expect(refused).toContainText(/Not published: \d+ things to finish first/);
    await expect(refused).toContainText('Nothing on the site has changed.');
    // Each reason opens its field, where the same words stand beside it.
    await refused.getByRole('button', { name: 'Site settings' }).first().click();
    const link = page.locator('[data-pointer="/links/registerForm"]');
    // The document's check runs the whole project's rules: on a machine busy with builds it can take a minute.
    await expect(page.locator('.document-status')).not.toContainText('Checking', { timeout: 120_000 });
    await expect(link.locator('.note-warning')).toContainText('This is not the real address yet');
    await expect(page.locator('[id="field:/links/registerForm"]')).toBeFocused();
    await expect(page.locator('.document-status')).toContainText('links are not the real address yet');
    await keep(page, 'editor-problem-beside-field');
  } finally {
    if (editor?.pid) process.kill(-editor.pid, 'SIGTERM');
    temp.remove();
  }
});
