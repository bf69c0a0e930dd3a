import type { Page } from '@playwright/test';
import { catalogueFigures, courseTable, donationFigures, jobFigures, referralFigures, type StipendFigure, seats, stipends } from '../support/specFigures.ts';
import { expect, test } from './fixtures.ts';

/**
 * Every figure of the spec's tables, read from the spec text and checked on
 * the rendered pages (not on the JSON the pages are made from).
 */
const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN').format(n)}`;

const s = stipends();
const streams: [string, StipendFigure[], Record<string, string>?][] = [
  ['/internship/law', s.law, { ip: 'intellectual property' }],
  ['/internship/BE/BTech/MTech', s.engineering, { ai: 'artificial intelligence', software: 'software engineering' }],
  ['/internship/BCA/MCA', s.bca, { database: 'database', 'ui/ux': 'ui/ux' }],
  ['/internship/BBA/MBA', s.otherFields],
  ['/internship/BCom/MCom', s.otherFields],
  ['/internship/Business Analyst', s.otherFields],
  ['/internship/Pharmacy', s.otherFields],
  ['/internship/Medical', s.otherFields],
  ['/internship/Architecture', s.otherFields],
  ['/internship/Hospitality and Tourism', s.otherFields],
  ['/internship/Media and Journalism', s.otherFields],
  ['/internship/Psychology', s.otherFields],
  ['/internship/BA/MA/BSc/MSc', s.otherFields],
  ['/internship/Agriculture', s.agriculture],
];

async function radios(page: Page) {
  return page.locator('fieldset input[type="radio"]');
}

test.describe('stipends and durations (spec section 9)', () => {
  for (const [path, figures, aliases] of streams) {
    test(`${path}: every role, in order, with the first as default`, async ({ page }) => {
      await page.goto(path);
      const options = await radios(page);
      await expect(options).toHaveCount(figures.length);
      await expect(options.first()).toBeChecked();
      for (let i = 0; i < figures.length; i++) {
        const figure = figures[i]!;
        await options.nth(i).check();
        if (!figure.label.startsWith('role ')) {
          const label = (await options.nth(i).locator('xpath=..').innerText()).toLowerCase();
          const keyword = aliases?.[figure.label.toLowerCase()] ?? figure.label.toLowerCase();
          expect(label, `role ${i + 1} on ${path}`).toContain(keyword);
        }
        await expect(page.locator('[data-fact="stipend"]:visible')).toHaveText(`${rupees(figure.stipend)}/month`);
        await expect(page.locator('[data-fact="duration"]:visible')).toHaveText(`${figure.weeks} weeks`);
      }
    });
  }
});

test.describe('job figures (spec section 9)', () => {
  for (const [category, roles] of Object.entries(jobFigures())) {
    test(`/jobs/${category}: experience and salary of every role the spec gives`, async ({ page }) => {
      await page.goto(`/jobs/${category}`);
      const options = await radios(page);
      await expect(options.first()).toBeChecked();
      const labels = await options.evaluateAll((inputs) => inputs.map((i) => (i.parentElement?.textContent ?? '').trim().toLowerCase()));
      for (const role of roles) {
        const index = labels.findIndex((l) => l.startsWith(role.role.toLowerCase()));
        expect(index, `${role.role} on ${category} (labels: ${labels.join(', ')})`).toBeGreaterThanOrEqual(0);
        await options.nth(index).check();
        await expect(page.locator('[data-fact="experience"]:visible')).toHaveText(`${role.experience[0]}-${role.experience[1]} years`);
        await expect(page.locator('[data-fact="salary"]:visible')).toHaveText(`₹${role.salary[0]}-${role.salary[1]} LPA`);
      }
    });
  }
});

test.describe('the 16 course pages (spec section 9 table)', () => {
  const routes: Record<string, string> = {
    'Web Development': 'WebDevelopment',
    'Python Programming': 'PythonProgramming',
    'Digital Marketing': 'DigitalMarketing',
    'Machine Learning': 'MachineLearning',
    'Advanced Excel': 'AdvancedExcel',
    AutoCAD: 'AutoCAD',
    'Data Science': 'DataScience',
    'C/C++': 'CCPPProgramming',
    'Full Stack': 'FullStackDevelopment',
    'Cyber Security': 'CyberSecurity',
    'HR Management': 'HRManagement',
    'Electric Vehicle': 'ElectricVehicle',
    'UI/UX Design': 'UIUXDesign',
    'Product Management': 'ProductManagement',
    'Financial Modelling': 'FinancialModelling',
    'Supply Chain & Logistics': 'SupplyChainLogistics',
  };
  for (const row of courseTable()) {
    test(`${row.name}: ${row.oldPrice} then ${row.newPrice}, ${row.discount}%, ${row.weeks} weeks`, async ({ page }) => {
      expect(routes[row.name], `a route for ${row.name}`).toBeDefined();
      await page.goto(`/courses/${routes[row.name]}`);
      await expect(page.locator('[data-fact="oldPrice"]')).toHaveText(rupees(row.oldPrice));
      await expect(page.locator('[data-fact="newPrice"]')).toHaveText(rupees(row.newPrice));
      await expect(page.locator('[data-fact="discount"]')).toHaveText(`${row.discount}% OFF`);
      await expect(page.locator('[data-fact="duration"]:visible')).toHaveText(`${row.weeks} weeks`);
      if (row.weeklyHours === null) await expect(page.locator('[data-fact="weeklyHours"]')).toHaveCount(0);
      else await expect(page.locator('[data-fact="weeklyHours"]')).toHaveText(`${row.weeklyHours} hours of class a week`);
      await expect(page.locator('[data-fact="hours"]')).toHaveText(row.hours);
      if (row.projects === null) await expect(page.locator('[data-fact="projects"]')).toHaveCount(0);
      else await expect(page.locator('[data-fact="projects"]')).toHaveText(row.projects);
      if (row.caseStudies) await expect(page.locator('[data-fact="caseStudies"]')).toHaveText(row.caseStudies);
    });
  }
});

test('seats per program on /enroll (spec section 9)', async ({ page }) => {
  const { byProgram, others } = seats();
  await page.goto('/enroll');
  const cards = page
    .locator('#main li')
    .filter({ has: page.getByRole('heading') })
    .filter({ hasText: 'internships available' });
  await expect(cards).toHaveCount(13);
  for (const card of await cards.all()) {
    // Its text, not innerText: Chromium answers an empty innerText for a card off screen (content-visibility: auto).
    const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
    await expect(card, title).toContainText(`${byProgram[title] ?? others} internships available`);
  }
});

test('the catalogue: 68 courses in the six id ranges, ₹899 with ₹1,499 struck, 8 weeks (Chatbot 6)', async ({ page }) => {
  const catalogue = catalogueFigures();
  await page.goto('/courses');
  for (const category of catalogue.categories) {
    const heading = page.getByRole('heading', { name: new RegExp(`^${category.title.replace(/[()]/g, '\\$&')} \\(${category.last - category.first + 1}\\)$`) });
    await expect(heading, category.title).toBeVisible();
  }
  // Catalogue cards enrol through /enrollment; the professional courses listed beside them link to their own pages.
  const cards = page.locator('#main article').filter({ has: page.getByRole('link', { name: /^Enroll Now/ }) });
  await expect(cards).toHaveCount(68);
  await expect(cards.locator('strong')).toHaveText(Array(68).fill(rupees(catalogue.price)));
  await expect(cards.locator('s')).toHaveText(Array(68).fill(rupees(catalogue.listPrice)));
  const weeks = await cards.evaluateAll((all) =>
    all.map((card) => [card.querySelector('h3, h4, h5')?.textContent, card.querySelector('[data-fact="weeks"]')?.textContent?.match(/^(\d+) weeks$/)?.[1]]),
  );
  for (const [title, w] of weeks) expect(Number(w), String(title)).toBe(title === 'Chatbot' ? catalogue.chatbotWeeks : catalogue.weeks);
});

test('the referral programme: Top Referrers, 50 per referral, Copied! for 2 seconds', async ({ page, context }) => {
  const figures = referralFigures();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto('/ReferralProgram');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.locator('td:nth-child(3)')).toHaveText(figures.referrals.map(String));
  await expect(rows.locator('td:nth-child(4)')).toHaveText(figures.earnings.map(rupees));
  const earnings = page.locator('[data-fact="earnings"]');
  await expect(earnings).toHaveText('₹0');
  await page.getByRole('button', { name: 'Simulate a referral' }).click();
  await expect(earnings).toHaveText(rupees(figures.reward));
  await page.getByRole('button', { name: 'Simulate a referral' }).click();
  await expect(earnings).toHaveText(rupees(2 * figures.reward));
  await page.getByRole('button', { name: 'Copy link' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Copied!' });
  await expect(status).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https:\/\//);
  await page.clock.runFor(figures.copiedMs - 100);
  await expect(status).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByText('Copied!')).toHaveCount(0);
  for (const network of ['WhatsApp', 'Facebook', 'Twitter'])
    await expect(page.getByRole('link', { name: new RegExp(`^${network}`) })).toHaveAttribute('href', /^https:\/\//);
});

test('the donation page: 68,000 of 1,00,000 at 68%, and the impact figures', async ({ page }) => {
  const figures = donationFigures();
  await page.goto('/donation');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(figures.percent));
  await expect(page.getByText(`₹${figures.raised} raised of ₹${figures.goal} goal`)).toBeVisible();
  for (const value of figures.impact)
    await expect(page.locator('dd').filter({ hasText: new RegExp(`^${value.replace('.', '\\.').replace('+', '\\+')}$`) })).toBeVisible();
  await expect(page.locator('[aria-roledescription="slide"][aria-label$="of 4"]')).toHaveCount(figures.imageSlider.count);
});

test('the six openings of /jobs, each applying by e-mail with the spec subject', async ({ page }) => {
  await page.goto('/jobs');
  const titles = [
    'Campus Ambassador',
    'Full Stack Developer',
    'UI/UX Designer',
    'Mobile App Developer',
    'Marketing Executive',
    'Social Media Marketing Specialist',
  ];
  for (const title of titles) {
    const apply = page.getByRole('link', { name: new RegExp(`^Apply Now\\W+${title.replace('/', '\\/')}$`) });
    const href = decodeURIComponent((await apply.getAttribute('href')) ?? '');
    expect(href).toContain('mailto:careers@interncraft.in?subject=');
    expect(href).toContain(`subject=Application for ${title} Position&body=Dear Hiring Team`);
  }
});
