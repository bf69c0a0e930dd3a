import { defineConfig } from 'vitest/config';

/** npm run test:cluster: the API through nginx, in front of two server instances on one PostgreSQL (tests/cluster/globalSetup.ts). */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    globalSetup: ['tests/cluster/globalSetup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One cluster, one suite at a time: the tests count against its shared limits.
    fileParallelism: false,
  },
});
