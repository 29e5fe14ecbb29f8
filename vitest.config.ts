import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Lists, at the end of the run, the tests skipped for a missing system tool.
    globalSetup: ['test/global-setup.ts'],
  },
});
