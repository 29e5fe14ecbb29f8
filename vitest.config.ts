import { defineConfig } from 'vitest/config';
import { CostliestFirstSequencer } from './test/helpers/file-order.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on a 2-core machine (cores - 1); most files here wait on the
    // CLI processes they start, so two at a time keep both cores busy (the suite: 312 -> 217 s).
    maxWorkers: 2,
    // Files share a worker's module cache instead of importing the library afresh each (the one
    // vi.mock, resume-integrity's node:fs, is still scoped to its file): summed import time 43.6 ->
    // 11.5 s and the whole run 411 -> 338 s on this machine (2026-11-28, 92 files, all passing).
    isolate: false,
    // The costliest files first (test/helpers/file-order.ts), also on a clean clone without
    // Vitest's results cache (CI), where Vitest's own order started the costliest file 98th of 105.
    sequence: { sequencer: CostliestFirstSequencer },
    // Lists, at the end of the run, the tests skipped for a missing system tool.
    globalSetup: ['test/global-setup.ts'],
    // scripts/test-cpu.sh: the CPU seconds of each file, its CLI runs and browsers included.
    setupFiles: process.env['SUDOKU_PRESS_CPU_LOG'] ? ['test/helpers/cpu-meter.ts'] : [],
  },
});
