import { expect, test } from './fixtures.ts';

test('keyboard-only search: open with Ctrl+K, pick a role, land on it chosen, and go back', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Search the site' });
  await expect(box).toBeFocused();
  await page.keyboard.type('crimnal law');
  const listbox = page.getByRole('listbox');
  const first = listbox.getByRole('option').first();
  await expect(first).toContainText('Criminal Law');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(listbox.getByRole('group').first()).toHaveAccessibleName('Internship roles');
  await expect(first.locator('mark').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/internship\/law\?role=criminalLaw$/);
  await expect(page.getByRole('radio', { name: 'Criminal Law' })).toBeChecked();
  await expect(page.locator('[data-fact="stipend"]:visible')).toHaveText('₹5,000/month');
  await page.goBack();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("'/' opens search and Escape closes it, returning focus", async ({ page }) => {
  await page.goto('/');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
});

test('the search worker and its index are fetched only when search is first opened', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const beforeOpen = [...loaded];
  // The search button is an island of every page; its worker, engine and index are not.
  expect(beforeOpen.some((p) => /search\.worker|search-data|searchEngine/.test(p) && p.startsWith('/assets/'))).toBe(false);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.keyboard.type('python');
  await expect(page.getByRole('option').first()).toContainText('Python Programming');
  // Search runs in its worker: the worker fetches its language's index (the page's own resource timing has neither
  // the engine nor the index: a worker's fetches are in its own).
  expect(loaded.some((p) => /search\.worker/.test(p))).toBe(true);
  expect(loaded.some((p) => /search-data-en/.test(p))).toBe(true);
  expect(loaded.some((p) => /search-data-hi/.test(p))).toBe(false);
  const fetchedByPage = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(fetchedByPage.some((name) => /search\.worker/.test(name))).toBe(true);
  expect(fetchedByPage.filter((name) => /search-data|searchEngine/.test(name))).toEqual([]);
});

test('search understands how students ask', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search the site' });
  for (const [query, first] of [
    ['b pharm internship', 'Pharmacy Internships'],
    ['check my certificate', 'Verify Certificate'],
    ['work from home', 'Work from home internships'],
  ] as const) {
    await box.fill(query);
    await expect(page.getByRole('option').first()).toContainText(first);
  }
});

test('search says what the site does not have, lists what it has, and ends where relevance ends (issue 28)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search the site' });
  await box.fill('free courses');
  await expect(page.locator('[data-search-note]')).toContainText('No course here is free: courses start at ₹899 (short courses ₹899 each, usually ₹1,499)');
  await expect(page.getByRole('option').first()).toContainText('Courses');
  await expect(page.getByRole('option')).not.toHaveCount(24);
  await box.fill('pyhton course');
  await expect(page.getByRole('option').first()).toContainText('Python Programming');
  await expect(page.locator('[data-search-note]')).toHaveCount(0);
  await box.fill('vakil internship');
  await expect(page.getByRole('option').first()).toContainText('Law Internships');
  await page.goto('/search?q=sarkari%20naukri');
  await expect(page.locator('[data-search-note]')).toHaveText(
    'There are no government jobs on this site. It lists job roles by field and openings at InternCraft, below.',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Jobs', exact: true })).toBeVisible();
});

test('Enter on a query with a note opens the search page, which keeps the note; an arrow still picks a result (issue 37)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search the site' });
  await box.fill('free course');
  await expect(page.locator('[data-search-note]')).toContainText('No course here is free: courses start at ₹899');
  await expect(page.getByRole('option', { selected: true })).toHaveCount(0);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=free%20course$/);
  await expect(page.getByRole('main').locator('[data-search-note]')).toContainText('No course here is free: courses start at ₹899');
  await expect(page.getByRole('main').getByRole('link', { name: 'Courses', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).first().click();
  await box.fill('free course');
  await expect(page.locator('dialog [data-search-note]')).toBeVisible();
  await box.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toContainText('Courses');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/courses$/);
});

test('the /search page shows grouped results for ?q=, and its form works', async ({ page }) => {
  await page.goto('/search?q=stipend%209000');
  await expect(page.getByRole('status').filter({ hasText: /results/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Internship roles' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the site' }).fill('corprate law');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\?q=corprate\+law$/);
  await expect(page.getByRole('link', { name: 'Corporate Law' }).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the /search page shows its prerendered empty state and a working form', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByText('Search internships, roles, courses and jobs')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('python');
    await page.getByRole('searchbox', { name: 'Search the site' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=python$/);
  });
});

test('filters on /internship live in the address, and the back button undoes them', async ({ page }) => {
  await page.goto('/internship#find');
  const finder = page.locator('#find');
  const count = finder.getByRole('status');
  await expect(count).toHaveText(/^\d+ internship roles match$/);
  await finder.getByLabel('Field').selectOption('Law');
  await expect(page).toHaveURL(/field=Law/);
  await expect(count).toHaveText('6 internship roles match');
  await finder.getByLabel('Duration').selectOption('8');
  await expect(page).toHaveURL(/weeks=8/);
  await expect(count).toHaveText('2 internship roles match');
  await finder.getByLabel('Minimum stipend').selectOption({ label: '₹6,000 or more' });
  await expect(count).toHaveText('1 internship role matches');
  await finder.getByLabel('Work mode').selectOption({ label: 'Work from home possible' });
  await expect(count).toHaveText('1 internship role matches');
  await expect(finder.locator('[data-fact="stipend"]:visible')).toHaveText(['₹6,000/month']);
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(count).toHaveText('6 internship roles match');
  await page.goto('/internship?weeks=12&minStipend=9000#find');
  await expect(count).toHaveText(/^\d+ internship roles? match(es)?$/);
  // Their text, not innerText: Chromium answers an empty innerText for a card off screen (content-visibility: auto).
  const stipends = await finder.locator('[data-fact="stipend"]:visible').allTextContents();
  expect(stipends.length).toBeGreaterThan(0);
  for (const s of stipends) expect(Number(s.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(9000);
});

test('the finder sorts by stipend and by duration, and every result shows its stipend, weeks and place', async ({ page }) => {
  await page.goto('/internship?sort=stipend#find');
  const finder = page.locator('#find');
  // Their text, not innerText (see above).
  const stipends = (await finder.locator('[data-fact="stipend"]:visible').allTextContents()).map((s) => Number(s.replace(/[^\d]/g, '')));
  expect(stipends.length).toBeGreaterThan(20);
  expect(stipends).toEqual([...stipends].sort((a, b) => b - a));
  await finder.getByLabel('Sort by').selectOption({ label: 'Shortest first' });
  const weeks = (await finder.locator('[data-fact="duration"]:visible').allTextContents()).map((s) => Number.parseInt(s, 10));
  expect(weeks).toEqual([...weeks].sort((a, b) => a - b));
  for (const card of await finder.locator('li:visible').all()) {
    await expect(card.locator('[data-fact="stipend"]')).toHaveText(/^₹[\d,]+\/month$/);
    await expect(card.locator('[data-fact="duration"]')).toHaveText(/^\d+ weeks$/);
    await expect(card.locator('[data-fact="location"]')).not.toBeEmpty();
  }
});

test('filters on /courses by kind, category and price live in the address', async ({ page }) => {
  await page.goto('/courses?category=civil');
  await expect(page.locator('#main article:visible')).toHaveCount(5);
  await expect(page.getByRole('status').filter({ hasText: 'short courses' })).toHaveText('5 short courses');
  await page.goto('/courses?kind=professional&price=1');
  // Their text, not innerText: Chromium answers an empty innerText for a card off screen (content-visibility: auto).
  const prices = await page.locator('#main article:visible strong').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) {
    const n = Number(p.replace(/[^\d]/g, ''));
    expect(n).toBeGreaterThanOrEqual(10000);
    expect(n).toBeLessThanOrEqual(15000);
  }
  await page.getByLabel('Price').selectOption('');
  await expect(page).toHaveURL(/\?kind=professional$/);
  await expect(page.locator('#main article:visible')).toHaveCount(16);
  await expect(page.getByRole('heading', { name: 'Professional courses (16)' })).toBeVisible();
});
