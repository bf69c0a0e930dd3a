import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 28, as a second-year law student goes: the finder filtered by year
 * of study, a role opened from it with the filter kept (and the way back),
 * two roles compared side by side without sideways scrolling, and the
 * comparison shared with its own address.
 */

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations, `${label}\n${describeViolations(results.violations)}`).toEqual([]);
}

/** Nothing wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const finder = (page: Page) => page.locator('#find');
const card = (page: Page, title: string) => finder(page).locator('li', { has: page.getByRole('heading', { name: new RegExp(`^${title}\\b`) }) });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('filter by second year, open a role with the filter kept, compare two roles and share the comparison', async ({ page }) => {
      // Five pages, each checked by axe at least once: longer than one page's test.
      test.setTimeout(300_000);
      await page.goto('/internship');
      await finder(page).getByLabel('Field', { exact: true }).selectOption('Law');
      await finder(page).getByLabel('Year of study').selectOption({ label: 'Second year' });
      await expect(page).toHaveURL(/\/internship\?field=Law&year=2$/);
      // Corporate Law takes students from their third year: it goes; the five law roles open to any year stay.
      await expect(finder(page).getByRole('status')).toHaveText('5 internship roles match');
      await expect(card(page, 'Corporate Law')).toBeHidden();
      const humanRights = card(page, 'Human Rights Law');
      await expect(humanRights.locator('[data-fact="eligibility"]')).toHaveText(/LLB, BA LLB and LLM students/);
      await expect(humanRights.locator('[data-fact="location"]')).toHaveText('Bangalore · Remote/On-site');
      await expect(finder(page).getByText(/^Online, with a city\?/)).toBeVisible();
      await expectAccessible(page, 'the finder filtered by year of study');

      // The role's page keeps the filter, and says so.
      await humanRights.getByRole('link', { name: /Human Rights Law/ }).click();
      await expect(page).toHaveURL(/\/internship\/law\?role=humanRightsLaw&field=Law&year=2$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Law Internships' })).toBeVisible();
      const carried = page.locator('[data-carried]');
      await expect(carried).toContainText('Your filters from the list: Second year. 5 of these roles match them.');
      await expect(page.getByRole('radio', { name: /Human Rights Law/ })).toBeChecked();
      await expect(page.getByRole('radio', { name: /Corporate Law/ })).toBeHidden();
      // Each role's button says from which year it is open and how it is done.
      const humanRightsButton = page.locator('label', { has: page.getByRole('radio', { name: /Human Rights Law/ }) });
      await expect(humanRightsButton).toContainText('Any year');
      await expect(humanRightsButton).toContainText('Home or office');
      await expectAccessible(page, 'a role opened from the finder, filter kept');
      await carried.getByRole('button', { name: 'Show all 6 roles' }).click();
      await expect(page.getByRole('radio', { name: /Corporate Law/ })).toBeVisible();
      await expect(page.locator('label', { has: page.getByRole('radio', { name: /Corporate Law/ }) })).toContainText('Third year or above');

      // Back to the list as it was.
      await carried.getByRole('link', { name: 'Back to your list' }).click();
      await expect(page).toHaveURL(/\/internship\?field=Law&year=2#find$/);
      await expect(finder(page).getByLabel('Year of study')).toHaveValue('2');
      await expect(finder(page).getByRole('status')).toHaveText('5 internship roles match');

      // Two roles of two streams, side by side.
      await finder(page).getByLabel('Field', { exact: true }).selectOption('');
      await card(page, 'Human Rights Law')
        .getByRole('checkbox', { name: /Compare/ })
        .check();
      await card(page, 'Clinical Pharmacy')
        .getByRole('checkbox', { name: /Compare/ })
        .check();
      await expect(finder(page).getByText('2 of 3 roles chosen to compare')).toBeVisible();
      await expectAccessible(page, 'two roles ticked to compare');
      await finder(page).getByRole('button', { name: 'Compare side by side' }).click();
      await expect(page).toHaveURL(/\/internship\/compare\?roles=law\.humanRightsLaw&roles=pharmacy\.clinicalPharmacy$/);
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText([
        /Human Rights Law/,
        /Clinical Pharmacy/,
        'Stipend',
        'Duration',
        'Who can apply',
        'Work mode',
        "Skills You'll Learn",
      ]);
      await expect(table.locator('td[data-fact="stipend"]')).toHaveText([/₹4,000\/\s*month/, /₹6,000\/\s*month\s*Highest/]);
      await expect(table.locator('td[data-fact="duration"]')).toHaveText(['10 weeks', '6 weeks']);
      await expect(table.locator('td[data-fact="location"]').nth(1)).toHaveText('At the officeChennai · On-site');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'two roles compared');

      // Shared: its own address, each role with its stipend.
      const share = await page.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href');
      const message = decodeURIComponent(share!.replace('https://wa.me/?text=', ''));
      expect(message).toContain('Human Rights Law (Law), ₹4,000/month; Clinical Pharmacy (Pharmacy), ₹6,000/month');
      expect(message).toContain('/internship/compare?roles=law.humanRightsLaw&roles=pharmacy.clinicalPharmacy');

      // A third role, of a third stream: still no sideways scrolling; the shared address opens the same three.
      await page.getByLabel('Role 3').selectOption('be-btech-mtech.dataScience');
      await expect(table.locator('thead th')).toHaveCount(3);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'three roles compared');
      const address = page.url();
      await page.goto(address);
      await expect(page.getByRole('table').locator('thead th')).toHaveText([/Human Rights Law/, /Clinical Pharmacy/, /Data Science/]);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the year of study filters the finder, and ticked roles open the comparison', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/internship');
    await finder(page).getByLabel('Field', { exact: true }).selectOption('Law');
    await finder(page).getByLabel('Year of study').selectOption({ label: 'Second year' });
    await expect(finder(page).locator('[data-fact="stipend"]:visible')).toHaveCount(5);
    await finder(page).getByLabel('Year of study').selectOption({ label: 'Graduated' });
    // Intellectual Property Law welcomes graduates.
    await expect(finder(page).locator('[data-fact="stipend"]:visible')).toHaveCount(1);
    await finder(page).getByLabel('Year of study').selectOption('');
    await finder(page).getByLabel('Field', { exact: true }).selectOption('');
    await finder(page).getByLabel('Your degree').selectOption('BPharm');
    // Five pharmacy roles, two medical ones that take BPharm students, and four open to any degree.
    await expect(finder(page).locator('[data-fact="stipend"]:visible')).toHaveCount(11);
    await finder(page).getByLabel('Your degree').selectOption('');
    await card(page, 'Criminal Law')
      .getByRole('checkbox', { name: /Compare/ })
      .check();
    await card(page, 'Web Development')
      .getByRole('checkbox', { name: /Compare/ })
      .check();
    await finder(page).getByRole('button', { name: 'Compare side by side' }).click();
    await expect(page).toHaveURL(/\/internship\/compare\?roles=law\.criminalLaw&roles=bca-mca\.webDevelopment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare Internship Roles' })).toBeVisible();
  });
});
