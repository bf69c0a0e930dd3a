import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { contentPlugin } from './engine/vite/contentPlugin.ts';

export default defineConfig({
  // The content plugin serves virtual:site to the section tests, as it does to the app.
  plugins: [contentPlugin()],
  test: {
    include: ['engine/sections/**/*.test.ts', 'engine/sections/**/*.test.tsx', 'tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/api/**/*.test.ts'],
    // Tests that build the site or run the compiler are not here: the builds are npm run test:build
    // (vitest.build.config.ts), the compiler's questions npm run typecheck.
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker keeps its modules from one test file to the next instead of importing them again for each: the
    // imports (Fastify, the schemas compiled, React) were 141 of the suite's 241 s on 2 cores, and are 16 s without.
    // No test file mocks a module or sets up state another would see (each makes its own app and database); one that
    // must (vi.mock, a module-level setting) would leak into the next file in its worker, and needs a project of its own.
    isolate: false,
    // Two test files at a time: vitest's default (one fewer than the cores) runs one at a time on the 2-core machines
    // CI and we use, where two took the suite from 245 s to 152 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
