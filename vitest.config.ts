import { defineConfig } from 'vitest/config';
import { contentPlugin } from './engine/vite/contentPlugin.ts';

export default defineConfig({
  // The content plugin serves virtual:site to the section tests, as it does to the app.
  plugins: [contentPlugin()],
  test: {
    include: [
      'engine/sections/**/*.test.ts',
      'engine/sections/**/*.test.tsx',
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'tests/build/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
