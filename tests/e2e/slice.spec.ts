import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

test.describe('internship stream: Select Role', () => {
  // Every role's details are in the page; the stylesheet shows the chosen one's.
  const shown = (page: Page, fact: string) => page.locator(`[data-fact="${fact}"]:visible`);

  test('shows Corporate Law by default and switches role, stipend and duration at once', async ({ page }) => {
    await page.goto('/internship/law');
    await expect(page.getByRole('heading', { level: 1, name: 'Law Internships' })).toBeVisible();
    const roles = page.getByRole('group', { name: 'Select Role' });
    await expect(roles.getByRole('radio')).toHaveCount(6);
    await expect(roles.getByRole('radio', { name: 'Corporate Law' })).toBeChecked();
    await expect(shown(page, 'stipend')).toHaveText('₹6,000/month');
    await expect(shown(page, 'duration')).toHaveText('8 weeks');

    await roles.getByRole('radio', { name: 'Criminal Law' }).check();
    await expect(page.getByRole('heading', { level: 2, name: 'Criminal Law' })).toBeVisible();
    await expect(shown(page, 'stipend')).toHaveText('₹5,000/month');
    await expect(shown(page, 'duration')).toHaveText('6 weeks');
    await expect(page).toHaveURL(/\?role=criminalLaw$/);

    await roles.getByRole('radio', { name: 'Environmental Law' }).check();
    await expect(shown(page, 'stipend')).toHaveText('₹4,500/month');
    await expect(shown(page, 'duration')).toHaveText('12 weeks');

    await page.goBack();
    await expect(roles.getByRole('radio', { name: 'Criminal Law' })).toBeChecked();
    await expect(shown(page, 'stipend')).toHaveText('₹5,000/month');
  });

  test('each role button shows its stipend and weeks, so roles compare without a tap', async ({ page }) => {
    await page.goto('/internship/law');
    const roles = page.getByRole('group', { name: 'Select Role' });
    await expect(roles.getByRole('radio', { name: /Human Rights Law.*₹4,000\/month.*10 weeks/ })).toHaveCount(1);
    await expect(roles.getByRole('radio', { name: /Family Law.*₹5,000\/month.*6 weeks/ })).toHaveCount(1);
  });

  test('can be driven by the keyboard alone', async ({ page }) => {
    await page.goto('/internship/law');
    await page.getByRole('radio', { name: 'Corporate Law' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Criminal Law' })).toBeChecked();
    await expect(shown(page, 'stipend')).toHaveText('₹5,000/month');
  });

  test('opens with the role named in the address, from the server, with a title that names it', async ({ page, request }) => {
    const html = await (await request.get('/internship/law?role=intellectualPropertyLaw')).text();
    expect(html).toContain('<title>Intellectual Property Law Internship: ₹5,500/month, 8 weeks | InternCraft</title>');
    expect(html.match(/<input[^>]*value="intellectualPropertyLaw"[^>]*>/)?.[0]).toContain('checked=""');
    await page.goto('/internship/law?role=intellectualPropertyLaw');
    await expect(page.getByRole('radio', { name: 'Intellectual Property Law' })).toBeChecked();
    await expect(shown(page, 'stipend')).toHaveText('₹5,500/month');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Intellectual Property Law Internship/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://interncraft.in/internship/law');
  });

  test("Apply Now opens the site's application for the role, and the role shares its own link on WhatsApp", async ({ page }) => {
    await page.goto('/internship/law?role=criminalLaw');
    // Issue 34: applications are taken on the site unless the content gives the stream an outside form.
    // Two: at the top of the page (issue 37) and in the role's details; both open the same application.
    const applies = page.getByRole('link', { name: /Apply Now\W+Criminal Law/ });
    await expect(applies).toHaveCount(2);
    for (const apply of await applies.all()) {
      await expect(apply).toHaveAttribute('href', '/apply?internship=law/criminalLaw');
      await expect(apply).not.toHaveAttribute('target', '_blank');
    }
    const share = page.getByRole('link', { name: /Share on WhatsApp\W+Criminal Law/ });
    const text = new URL((await share.getAttribute('href'))!).searchParams.get('text')!;
    expect(text).toContain('https://interncraft.in/internship/law?role=criminalLaw');
    expect(text).toContain('Criminal Law');
  });

  test('answers both readings of the path, /internship/Law and /internship/law', async ({ page }) => {
    for (const path of ['/internship/Law', '/internship/law', '/internship/law/']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Law Internships' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://interncraft.in/internship/law');
    }
  });
});

test.describe('course detail page', () => {
  test('shows the prices, discount and weeks of the spec table', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
    await expect(page.locator('[data-fact="oldPrice"]')).toHaveText('₹20,000');
    await expect(page.locator('[data-fact="newPrice"]')).toHaveText('₹15,000');
    await expect(page.locator('[data-fact="discount"]')).toHaveText('25% OFF');
    await expect(page.locator('[data-fact="duration"]')).toHaveText('12 weeks');
    await expect(page.locator('[data-fact="weeklyHours"]')).toHaveText('6 hours of class a week');
    await expect(page.locator('[data-fact="hours"]')).toHaveText('100+');
    await expect(page.locator('[data-fact="projects"]')).toHaveText('20+');
  });

  test('opens one syllabus module at a time; clicking the open one closes it', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    const modules = page.locator('details:has(> summary:has-text("Module"))');
    const first = modules.nth(0);
    const second = modules.nth(1);
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByText('Video Lectures')).toBeVisible();
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open');
    await expect(modules.and(page.locator('[open]'))).toHaveCount(0);
  });

  test('opens FAQs independently of each other', async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    const questions = page.locator('main details:not([name])');
    await questions.nth(0).locator('summary').click();
    await questions.nth(1).locator('summary').click();
    await expect(questions.nth(0)).toHaveAttribute('open', '');
    await expect(questions.nth(1)).toHaveAttribute('open', '');
    await questions.nth(0).locator('summary').click();
    await expect(questions.nth(0)).not.toHaveAttribute('open', '');
    await expect(questions.nth(1)).toHaveAttribute('open', '');
  });

  test("Apply Now opens the site's application for the course, in the same tab", async ({ page }) => {
    await page.goto('/courses/WebDevelopment');
    const apply = page.getByRole('link', { name: /Apply Now/ }).first();
    await expect(apply).toHaveAttribute('href', '/apply?course=WebDevelopment');
    await expect(apply).not.toHaveAttribute('target', '_blank');
  });
});

test.describe('donation sliders', () => {
  test('the image slider moves every 4000 ms and the donor slider every 5000 ms', async ({ page }) => {
    await page.clock.install();
    await page.goto('/donation');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const images = page.locator('[aria-roledescription="slide"][aria-label$="of 4"]');
    const quotes = page.locator('[aria-roledescription="slide"][aria-label$="of 3"]');
    const active = (slides: typeof images) => slides.evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-active') === 'true'));
    /** Advances the fake clock in 100 ms steps until the active slide changes; returns the time taken. */
    const timeToNextSlide = async (slides: typeof images) => {
      const before = await active(slides);
      for (let elapsed = 100; elapsed <= 10_000; elapsed += 100) {
        await page.clock.runFor(100);
        if ((await active(slides)) !== before) return elapsed;
      }
      return Infinity;
    };
    expect(await active(images)).toBe(0);
    expect(await active(quotes)).toBe(0);
    expect(await timeToNextSlide(images)).toBeLessThanOrEqual(4000);
    expect(await active(images)).toBe(1);
    expect(await timeToNextSlide(images)).toBe(4000);
    expect(await active(images)).toBe(2);
    const quoteStep = await timeToNextSlide(quotes);
    expect(quoteStep).toBeLessThanOrEqual(5000);
    expect(await timeToNextSlide(quotes)).toBe(5000);
  });

  test('stop while hovered, and when paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/donation');
    const images = page.locator('[aria-roledescription="slide"][aria-label$="of 4"]');
    const active = () => images.evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-active') === 'true'));
    await page.locator('[aria-roledescription="carousel"]').filter({ has: images.first() }).hover();
    await page.clock.runFor(9000);
    expect(await active()).toBe(0);
    await page.mouse.move(0, 0);
    await page.getByRole('checkbox', { name: 'Pause slideshow' }).first().check();
    await page.mouse.move(0, 0);
    await page.locator('body').focus();
    await page.clock.runFor(9000);
    expect(await active()).toBe(0);
  });

  test('show the campaign at 68% of ₹1,00,000', async ({ page }) => {
    await page.goto('/donation');
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '68');
    await expect(page.getByText('₹68,000 raised of ₹1,00,000 goal')).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('the mobile menu opens, and closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await nav.locator('summary', { hasText: 'Internships' }).click();
    await nav.getByRole('link', { name: 'Law' }).click();
    await expect(page).toHaveURL(/\/internship\/law$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
  });

  test('sub-menus open on hover and on click, one at a time, and close on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const menu = (name: string) => nav.locator('details', { has: page.locator('summary', { hasText: name }) });
    const internships = menu('Internships');
    await internships.locator('summary').hover();
    await expect(internships).toHaveAttribute('open', '');
    await page.mouse.move(5, 600);
    await expect(internships).not.toHaveAttribute('open');
    await internships.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(internships).toHaveAttribute('open', '');
    await menu('Courses').locator('summary').click();
    await expect(menu('Courses')).toHaveAttribute('open', '');
    await expect(internships).not.toHaveAttribute('open');
    await page.keyboard.press('Escape');
    await expect(menu('Courses')).not.toHaveAttribute('open');
    await expect(menu('Courses').locator('summary')).toBeFocused();
  });

  test('scrolls to the top on a route change', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('link', { name: 'See all 20 internships' }).click();
    await expect(page).toHaveURL(/\/internship$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('unknown addresses get the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | InternCraft');
  });
});

test.describe('course enrollment', () => {
  test('Enroll Now carries the course to /enrollment, which thanks the student by course name', async ({ page }) => {
    await page.goto('/');
    await page
      .locator('#main')
      .getByRole('link', { name: /Enroll Now\W+Revit/ })
      .last()
      .click();
    await expect(page).toHaveURL(/\/enrollment\?course=2$/);
    // The address changes first; the home page (which has Revit headings of its own) stays until the new page is drawn.
    await expect(page.getByRole('heading', { level: 1, name: 'Course Enrollment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Revit' })).toBeVisible();
    await expect(page.getByText('8 weeks')).toBeVisible();
    await expect(page.getByText('₹899')).toBeVisible();
    await page.getByLabel('Full name').fill('Asha Kumari');
    await page.getByLabel('Email').fill('asha@example.com');
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for enrolling in Revit!' })).toBeFocused();
  });

  test("says 'Course not found' without a course", async ({ page }) => {
    await page.goto('/enrollment');
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  });
});
