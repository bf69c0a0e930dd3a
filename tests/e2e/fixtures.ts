import { test as base, expect } from '@playwright/test';

/** Console messages a test announces it will cause (a refused log-in logs its 401), matched per test. */
let expected: RegExp[] = [];

/**
 * Every end-to-end test fails if the page logs an error or a React hydration
 * warning: a page that works but complains is not done.
 */
export const test = base.extend<{ consoleProblems: string[]; expectConsole: (pattern: RegExp) => void; waitForLive: boolean }>({
  /** Off for tests of the page before its script has come (they hold the script back, so the mark is not set yet). */
  waitForLive: [true, { option: true }],
  /**
   * A page opened by a test is used once it is live: a click before the page's script has taken over would be
   * lost on a busy machine. Opening waits for the mark the app sets when hydrated (App.tsx).
   */
  page: async ({ page, javaScriptEnabled, waitForLive }, use) => {
    // Without script there is nothing to wait for: the server's HTML is the page.
    if (javaScriptEnabled === false || !waitForLive) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const live = () => page.locator('html[data-live]').waitFor({ state: 'attached' });
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await live();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await live();
      return response;
    };
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter; this one has none
  expectConsole: async ({}, use) => {
    await use((pattern) => expected.push(pattern));
  },
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (expected.some((pattern) => pattern.test(text))) return;
        // The not-found page is meant to arrive with a 404 status; the browser reports that as a failed load.
        if (/Failed to load resource.*404/.test(text) && message.location().url === page.url()) return;
        if (message.type() === 'error' || /hydrat|did not match|mismatch/i.test(text)) problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      expected = [];
      await use(problems);
      expect(problems, 'console errors or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
