import { defineConfig } from 'vitest/config';

/**
 * npm run test:build: the tests that build the site in a copy of the project, apart from the unit and API tests
 * (vitest.config.ts) and one file at a time, since a build takes every core for half a minute.
 * - tests/build/*.test.ts test building itself (a first start, releases) and make their own builds;
 * - tests/build/grownSite/ test a copy grown as its people grow it (a section type, a page and a stream added), built
 *   once for all of them by its globalSetup, which runs only when one of them does.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    projects: [
      { extends: true, test: { name: 'builds', include: ['tests/build/*.test.ts'] } },
      { extends: true, test: { name: 'grown site', include: ['tests/build/grownSite/*.test.ts'], globalSetup: ['tests/build/grownSite/globalSetup.ts'] } },
    ],
  },
});
