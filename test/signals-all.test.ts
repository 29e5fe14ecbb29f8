/**
 * Issue 23, item 2: every command stops soon after SIGINT / SIGTERM / SIGHUP, even in the middle of
 * a long synchronous step (grading a puzzle that needs nested forcing chains takes seconds), exits
 * with 130 / 143 / 129 and leaves no file: no output, no temporary file, no partial folder of pages.
 *
 * Each run is signalled once its handlers are installed (read from /proc where there is one) and a
 * little later, so that the work has started: after a fixed time, or sooner once one of its threads
 * (the main one or a worker) has spent some CPU time on the work (also from /proc); the wait for
 * its exit is bounded generously (the machine is shared) and printed. Before the fix, `explain` and `explain --html` ran on and exited 0
 * with the page written, `explain --html -o folder/` and `book --puzzles` of hard puzzles ignored the
 * signal for over 30 s, `grade --report` left its report, `draw -o folder/` its pictures.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { handlersInstalled, sleep, startCli, threadCpuMs, waitFor, waitForThreadCpu } from './helpers/child.js';

/** Within a second on an idle machine; five on a loaded shared one. */
const STOP_BOUND_MS = 5000;
const EXIT_CODE = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type StopSignal = keyof typeof EXIT_CODE;

const DATA = new URL('./fixtures/data/', import.meta.url).pathname;
const FORUM = readFileSync(join(DATA, 'forum_hardest_1106.txt'), 'utf8').split('\n');
/** forum_hardest_1106 line 100: ER 11.8, nested dynamic forcing chains (seconds to grade). */
const HARD = FORUM[99]!.trim();
/** Line 50: its very first step is a nested dynamic forcing chain (the slowest hint of lines 1-60: about a second). */
const HARD_FIRST_STEP = FORUM[49]!.trim();
/** Ten hard puzzles in a row (lines 95-104). */
const HARD_TEN = `${FORUM.slice(94, 104).join('\n')}\n`;
/** A quick puzzle (ER 2.6), then the ten hard ones: its page is written at once, then the work goes on. */
const CLASSIC_EASY = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const EASY_THEN_HARD = `4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n${HARD_TEN}`;

/**
 * Two hard jigsaws of test/fixtures/variants/se-rated.txt (ER 9.3 and 9.2, dynamic forcing chains:
 * about 2.5 s each to grade), as variant lines (givens, then the region layout).
 */
const SE_RATED = readFileSync(new URL('./fixtures/variants/se-rated.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t'));
const HARD_JIGSAWS = SE_RATED.filter(([puzzle, , triple]) => !puzzle!.includes(':') && Number(triple!.split('/')[0]) >= 9.2).map(([puzzle]) => puzzle!);
const HARD_JIGSAW = HARD_JIGSAWS[0]!;

interface Stopped {
  code: number | null;
  signal: string | null;
  ms: number;
  left: string[];
  stderr: string;
}

/**
 * Runs the CLI in a fresh folder (holding `files`), signals it once it is working (handlers in, then
 * `afterMs` more or once one of its threads has spent `cpuMs` of CPU time on the work, or once
 * `started(dir)` holds), and says how it ended and what it left in the folder.
 */
async function interrupt(
  argv: string[],
  options: { signal?: StopSignal; files?: Record<string, string>; afterMs?: number; cpuMs?: number; started?: (dir: string) => boolean } = {},
): Promise<Stopped> {
  const dir = mkdtempSync(join(tmpdir(), 'sp-signals-all-'));
  const inputs = Object.keys(options.files ?? {});
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), text);
  const run = startCli(argv, { cwd: dir });
  const pid = run.child.pid!;
  // The handlers are installed as the program starts, before any work.
  if (handlersInstalled(pid) === null) await sleep(1500);
  else await waitFor(() => handlersInstalled(pid) === true, 30_000);
  if (options.started) expect(await waitFor(() => options.started!(dir), 60_000), 'the work started').toBe(true);
  else {
    // Whichever comes first: on a loaded machine the sleep (the run gets little CPU time, the test's
    // bound before), on an idle one the run's own work (where the sleep let its worker and V8 helper
    // threads all run: seconds of CPU in some runs).
    const worked = waitForThreadCpu(pid, options.cpuMs ?? 100);
    await Promise.race([sleep(options.afterMs ?? 400), worked]);
  }
  const cpu = [...(threadCpuMs(pid)?.values() ?? [])].reduce((a, b) => a + b, 0);
  const signal = options.signal ?? 'SIGINT';
  const signalled = performance.now();
  run.child.kill(signal);
  const end = await run.done;
  const ms = end.endedAt - signalled;
  const left = (readdirSync(dir, { recursive: true }) as string[]).filter((name) => !inputs.includes(name)).sort();
  console.log(`${signal} (at ${cpu} CPU-ms) -> exit ${end.code ?? end.signal} in ${ms.toFixed(0)} ms: sudoku-press ${argv.join(' ').slice(0, 90)}`);
  return { code: end.code, signal: end.signal, ms, left, stderr: end.stderr };
}

function expectStopped(stopped: Stopped, signal: StopSignal = 'SIGINT'): void {
  expect({ code: stopped.code, signal: stopped.signal, left: stopped.left }).toEqual({ code: EXIT_CODE[signal], signal: null, left: [] });
  expect(stopped.stderr).toMatch(new RegExp(`sudoku-press: interrupted \\(${signal}\\); no file written\\n$`));
  expect(stopped.ms).toBeLessThan(STOP_BOUND_MS);
}

/** A folder's first file has appeared (a page, a picture). */
const firstFileIn = (folder: string) => (dir: string) => existsSync(join(dir, folder)) && readdirSync(join(dir, folder)).some((name) => !name.startsWith('.'));

describe('every command stops on a signal, mid-work, and leaves no file', { timeout: 120_000 }, () => {
  test('grade: one hard puzzle (SIGINT, SIGTERM), ten in a row, and --report', async () => {
    expectStopped(await interrupt(['grade', 'hard.txt', '-o', 'g.txt'], { files: { 'hard.txt': `${HARD}\n` } }));
    expectStopped(await interrupt(['grade', 'ten.txt', '-o', 'g.txt'], { files: { 'ten.txt': HARD_TEN }, afterMs: 1500, cpuMs: 200 }));
    expectStopped(await interrupt(['grade', '--json', 'hard.txt'], { signal: 'SIGTERM', files: { 'hard.txt': `${HARD}\n` } }), 'SIGTERM');
    expectStopped(await interrupt(['grade', 'ten.txt', '--report', 'r.html'], { files: { 'ten.txt': HARD_TEN }, afterMs: 1500, cpuMs: 200 }));
  });

  test('explain: text, JSON (SIGHUP), an HTML page (SIGINT, SIGTERM)', async () => {
    expectStopped(await interrupt(['explain', HARD]));
    expectStopped(await interrupt(['explain', '--json', HARD], { signal: 'SIGHUP' }), 'SIGHUP');
    expectStopped(await interrupt(['explain', '--html', HARD, '-o', 'e.html']));
    expectStopped(await interrupt(['explain', '--html', HARD, '-o', 'e.html'], { signal: 'SIGTERM' }), 'SIGTERM');
  });

  test('explain --html -o folder/: SIGINT, SIGTERM and SIGHUP once pages are written remove them and the folder', async () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      expectStopped(await interrupt(['explain', '--html', 'ten.txt', '-o', 'ex/'], { signal, files: { 'ten.txt': EASY_THEN_HARD }, started: firstFileIn('ex') }), signal);
    }
  });

  test('variants (graded in worker threads like classic): a hard jigsaw in grade, grade -j 2 --report, explain, explain --html', async () => {
    expect(HARD_JIGSAWS.length).toBeGreaterThanOrEqual(2);
    const jigsaws = `${[...HARD_JIGSAWS, ...HARD_JIGSAWS].join('\n')}\n`;
    expectStopped(await interrupt(['grade', 'j.txt', '-o', 'g.txt'], { files: { 'j.txt': jigsaws }, afterMs: 800, cpuMs: 150 }));
    expectStopped(await interrupt(['grade', 'j.txt', '-j', '2', '--report', 'r.html'], { signal: 'SIGTERM', files: { 'j.txt': jigsaws }, afterMs: 800, cpuMs: 150 }), 'SIGTERM');
    expectStopped(await interrupt(['explain', 'j.txt'], { files: { 'j.txt': `${HARD_JIGSAW}\n` } }));
    expectStopped(await interrupt(['explain', '--html', 'j.txt', '-o', 'e.html'], { signal: 'SIGHUP', files: { 'j.txt': `${HARD_JIGSAW}\n` } }), 'SIGHUP');
    expectStopped(await interrupt(['explain', '--html', 'j.txt', '-o', 'ex/'], { files: { 'j.txt': `${CLASSIC_EASY}\n${jigsaws}` }, started: firstFileIn('ex') }));
  });

  test('hint on a puzzle whose first step is a forcing chain', async () => {
    expectStopped(await interrupt(['hint', HARD_FIRST_STEP], { afterMs: 150, cpuMs: 50 }));
  });

  test('check, check --explain, solve and repair on big inputs', async () => {
    // Big enough to take seconds on a quiet machine (the fixture's 3,000 puzzles are checked in 0.1 s,
    // so three copies were done before the signal came once nothing else ran).
    const big = readFileSync(join(DATA, '17clue.txt'), 'utf8').repeat(60);
    const multi = readFileSync(join(DATA, 'multi_solution_sample.txt'), 'utf8').repeat(5);
    expectStopped(await interrupt(['check', 'big.txt', '-o', 'c.txt'], { files: { 'big.txt': big } }));
    expectStopped(await interrupt(['check', '--explain', '--keep-level', 'low', 'multi.txt', '-o', 'c.txt'], { files: { 'multi.txt': multi } }));
    expectStopped(await interrupt(['solve', 'big.txt'], { signal: 'SIGTERM', files: { 'big.txt': big } }), 'SIGTERM');
    expectStopped(await interrupt(['repair', '--keep-level', 'low', 'multi.txt'], { files: { 'multi.txt': multi } }));
  });

  test('draw -o folder/: the pictures drawn so far are removed', async () => {
    const many = readFileSync(join(DATA, '17clue.txt'), 'utf8').split('\n').slice(0, 3000).join('\n');
    expectStopped(await interrupt(['draw', 'many.txt', '-o', 'pictures/', '-q'], { files: { 'many.txt': many }, started: firstFileIn('pictures') }));
  });

  test('generate: a big run to a file (SIGINT, SIGHUP)', async () => {
    expectStopped(await interrupt(['generate', '-n', '5000', '--seed', 's', '-d', 'hard', '-o', 'g.txt'], { afterMs: 800, cpuMs: 150 }));
    expectStopped(await interrupt(['generate', '-n', '5000', '--seed', 's', '-d', 'hard', '-j', '1', '-o', 'g.txt'], { signal: 'SIGHUP', afterMs: 800, cpuMs: 150 }), 'SIGHUP');
  });

  test('book and cover: generated, from a file of hard puzzles (graded), with a primer', async () => {
    expectStopped(await interrupt(['book', '--seed', '1', '--sections', 'easy:300,hard:100', '-o', 'b.pdf', '-q'], { signal: 'SIGTERM', afterMs: 800, cpuMs: 150 }), 'SIGTERM');
    // Signalled while the puzzles are graded (in input order: ten take over ten seconds), 1.5 s in as
    // for grade above, or once a worker has graded for 0.2 CPU-s (where 1.5 s was up to 3 CPU-s of
    // the run's threads).
    expectStopped(await interrupt(['book', '--puzzles', 'ten.txt', '-o', 'b.pdf', '-q'], { files: { 'ten.txt': HARD_TEN }, afterMs: 1500, cpuMs: 200 }));
    expectStopped(await interrupt(['book', '--puzzles', 'ten.txt', '--primer', '--hints', '-o', 'b.pdf', '-q'], { signal: 'SIGHUP', files: { 'ten.txt': HARD_TEN }, afterMs: 1500, cpuMs: 200 }), 'SIGHUP');
    expectStopped(await interrupt(['cover', '--puzzles', 'ten.txt', '-o', 'c.pdf'], { files: { 'ten.txt': HARD_TEN }, afterMs: 1500, cpuMs: 200 }));
    // The whole cover takes about 0.7 s: signalled early, while its page is laid out.
    expectStopped(await interrupt(['cover', '--seed', '1', '--sections', 'easy:300,hard:100', '-o', 'c.pdf'], { afterMs: 150, cpuMs: 50 }));
  });
});
