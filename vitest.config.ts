import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on a 2-core machine (cores - 1); most files here wait on the
    // CLI processes they start, so two at a time keep both cores busy (the suite: 312 -> 217 s).
    maxWorkers: 2,
    // Lists, at the end of the run, the tests skipped for a missing system tool.
    globalSetup: ['test/global-setup.ts'],
    // scripts/test-cpu.sh: the CPU seconds of each file, its CLI runs and browsers included.
    setupFiles: process.env['SUDOKU_PRESS_CPU_LOG'] ? ['test/helpers/cpu-meter.ts'] : [],
  },
});
