import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * A setup file for scripts/test-cpu.sh: the CPU seconds each test file costs, its worker's own
 * (user + system) and that of the processes it started and waited for (the CLI runs, Chromium,
 * npm), read from /proc/self/stat (Linux). One JSON line per file is appended to the file named by
 * SUDOKU_PRESS_CPU_LOG, and one per test (with its name) when SUDOKU_PRESS_CPU_TESTS=1. Not part of
 * `npm test`.
 */
const LOG = process.env['SUDOKU_PRESS_CPU_LOG'];
const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/** [own, children] CPU seconds of this process so far. */
function cpu(): [number, number] {
  // Fields after the command name (which may hold spaces): utime is the 14th field, cstime the 17th.
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ').map(Number);
  return [(fields[11]! + fields[12]!) / TICKS_PER_SECOND, (fields[13]! + fields[14]!) / TICKS_PER_SECOND];
}

let file = '';
let start: [number, number] = [0, 0];
const wall = performance.now();
start = cpu();
// (Vitest reads the first parameter as fixtures, which must be destructured.)
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, suite) => {
  file = (suite as unknown as { filepath?: string }).filepath ?? suite.name;
});
afterAll(() => {
  if (LOG === undefined || LOG === '') return;
  const [own, children] = cpu();
  const line = { file: file.replace(/^.*\/test\//, 'test/'), own: +(own - start[0]).toFixed(2), children: +(children - start[1]).toFixed(2), wall: +((performance.now() - wall) / 1000).toFixed(1) };
  appendFileSync(LOG, `${JSON.stringify(line)}\n`);
});

if (process.env['SUDOKU_PRESS_CPU_TESTS'] === '1') {
  let before: [number, number] = [0, 0];
  beforeEach(() => {
    before = cpu();
  });
  // eslint-disable-next-line no-empty-pattern
  afterEach(({ task }) => {
    if (LOG === undefined || LOG === '') return;
    const [own, children] = cpu();
    const line = { file: file.replace(/^.*\/test\//, 'test/'), test: task.fullName ?? task.name, own: +(own - before[0]).toFixed(2), children: +(children - before[1]).toFixed(2) };
    appendFileSync(LOG, `${JSON.stringify(line)}\n`);
  });
}
