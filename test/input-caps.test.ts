/**
 * Issue 23 item 3: a line with no end (`/dev/zero`, a file of megabytes without a line break)
 * crashed every reader with `RangeError: Invalid string length` and a stack trace, using 630 MB.
 * A line is now capped at 65,536 characters: one error for that record, naming the file and the
 * line, the rest of it skipped in flat memory, and the records after it read as usual.
 * Files are read by runCli in this process (what the built binary runs); standard input, the endless
 * inputs and the memory checks run the built binary (`npm run build` first).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { run, runBinary } from './helpers/cli.js';
import { startCli, waitFor } from './helpers/child.js';

const PUZZLE = '.2.49.8..4185.7.6.37986.54..6..32785857614923.32...6147952..1382..1.54.66...8925.';
const CAP_MESSAGE = 'is longer than 65,536 characters';

let dir: string;
let mixed: string;
let only: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sp-input-caps-'));
  // A good record, 5 MB on one line, a good record after it.
  mixed = join(dir, 'mixed.txt');
  writeFileSync(mixed, `${PUZZLE}\n${'1'.repeat(5_000_000)}\n${PUZZLE} last\n`);
  // 5 MB and no line break at all.
  only = join(dir, 'only.txt');
  writeFileSync(only, '7'.repeat(5_000_000));
});

function expectNoCrash(text: string): void {
  expect(text).not.toMatch(/RangeError|Invalid string length|\n\s+at /);
}

/** Lines of `text` that report the cap. */
function capLines(text: string): string[] {
  return text.split('\n').filter((line) => line.includes(CAP_MESSAGE));
}

describe('a 5 MB line is one bad record, and the record after it is read', () => {
  test('check', async () => {
    const r = await run(['check', mixed]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${mixed}:2: invalid: line 2 ${CAP_MESSAGE}`);
    expect(r.stdout).toContain(`${mixed}:3: unique`);
    expect(capLines(r.stdout + r.stderr)).toHaveLength(1);
  });

  test('solve', async () => {
    const r = await run(['solve', mixed]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(capLines(r.stderr)).toEqual([`${mixed}:2: line 2 ${CAP_MESSAGE} (invalid)`]);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  test('grade', async () => {
    const r = await run(['grade', mixed]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(capLines(r.stderr)).toHaveLength(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  test('explain', async () => {
    const r = await run(['explain', mixed]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(capLines(r.stdout + r.stderr)).toHaveLength(1);
    expect(r.stdout.match(/^Puzzle /gm)).toHaveLength(2);
  });

  test('explain --html', async () => {
    const out = join(dir, 'explained');
    const r = await run(['explain', '--html', mixed, '-o', out]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(capLines(r.stderr)).toHaveLength(1);
    expect(r.stdout + r.stderr).toContain('wrote 2 pages');
  });

  test('repair', async () => {
    const r = await run(['repair', mixed]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(capLines(r.stderr)).toHaveLength(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  test('draw', async () => {
    const out = join(dir, 'pictures');
    const r = await run(['draw', mixed, '-o', out]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(capLines(r.stderr)).toHaveLength(1);
    expect(readdirSync(out)).toHaveLength(2);
  });

  test('book --puzzles: refused without --skip-invalid, left out with it', async () => {
    const pdf = join(dir, 'book.pdf');
    const refused = await run(['book', '--puzzles', mixed, '-o', pdf, '-q']);
    expectNoCrash(refused.stderr);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`sudoku-press: ${mixed}:2: line 2 ${CAP_MESSAGE} (use --skip-invalid to leave such puzzles out)\n`);
    expect(existsSync(pdf)).toBe(false);
    const skipped = await run(['book', '--puzzles', mixed, '--skip-invalid', '-o', pdf, '-q']);
    expectNoCrash(skipped.stderr);
    expect(skipped.code).toBe(0);
    expect(capLines(skipped.stderr)).toEqual([`${mixed}:2: left out: line 2 ${CAP_MESSAGE}`]);
    expect(skipped.stdout).toContain('2 puzzles');
  });

  test('hint of a file holding only the long line', async () => {
    const r = await run(['hint', only]);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`sudoku-press: ${only}:1: line 1 ${CAP_MESSAGE}\n`);
  });

  test('standard input, and a file with no line break at all', async () => {
    const piped = runBinary(['check'], readFileSync(mixed, 'utf8')); // a pipe: read in the pipe's chunks
    expectNoCrash(piped.stderr);
    expect(piped.code).toBe(1);
    expect(piped.stdout).toContain(`<stdin>:2: invalid: line 2 ${CAP_MESSAGE}`);
    expect(piped.stdout).toContain('<stdin>:3: unique');
    const alone = await run(['check', only]);
    expectNoCrash(alone.stderr);
    expect(alone.code).toBe(1);
    expect(capLines(alone.stdout)).toEqual([`${only}:1: invalid: line 1 ${CAP_MESSAGE}`]);
  });
});

/** Resident memory of a process in kB, from /proc (Linux), or null elsewhere. */
function residentKb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

describe('/dev/zero: the error comes at once, memory stays flat, and the run stops after 16 MiB of the endless line', () => {
  test.runIf(existsSync('/dev/zero')).each([
    ['check', ['check', '/dev/zero']],
    ['solve', ['solve', '/dev/zero']],
    ['grade', ['grade', '/dev/zero']],
    ['repair', ['repair', '/dev/zero']],
    ['explain', ['explain', '/dev/zero']],
    ['draw', ['draw', '/dev/zero', '-o', 'DIR/zero-pictures']],
  ])('%s', async (_name, argv) => {
    const { child, done } = startCli(argv.map((a) => a.replace('DIR', dir)));
    let output = '';
    child.stdout!.on('data', (text: string) => (output += text));
    child.stderr!.on('data', (text: string) => (output += text));
    let ended = false;
    let rss = 0; // kB, the most seen (0 where /proc is not there)
    void done.then(() => (ended = true));
    // Before the cap, this crashed within a second with a RangeError (exit 1). Then it read on (and
    // skipped) the endless line for ever; now it stops once the line passes 16 MiB (cli/input.ts),
    // exit 2, having read in flat memory.
    try {
      await waitFor(() => {
        rss = Math.max(rss, residentKb(child.pid!) ?? 0);
        return ended;
      }, 20_000);
      expect(ended).toBe(true);
      expect(rss).toBeLessThan(400_000);
    } finally {
      if (!ended) child.kill('SIGTERM');
    }
    const result = await done;
    expectNoCrash(result.stderr);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("sudoku-press: cannot read '/dev/zero': line 1 is longer than 16,777,216 characters (not a text of puzzles)");
    expect(capLines(result.stdout + result.stderr).length).toBeLessThanOrEqual(1);
    expect(output).not.toBe('');
  });

  test.runIf(existsSync('/dev/zero'))('book --puzzles /dev/zero fails at once on the first record', async () => {
    const r = await run(['book', '--puzzles', '/dev/zero', '-o', join(dir, 'zero.pdf'), '-q']);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`sudoku-press: /dev/zero:1: line 1 ${CAP_MESSAGE} (use --skip-invalid to leave such puzzles out)\n`);
  });
});

describe('template and texts files are read up to their caps only', () => {
  test.runIf(existsSync('/dev/zero')).each([
    ['--template', ['book', '--seed', '1', '-t', '/dev/zero', '-o', 'OUT', '-q'], '/dev/zero: the file is longer than 100000 characters, the most a template has'],
    ['--texts', ['book', '--seed', '1', '--texts', '/dev/zero', '-o', 'OUT', '-q'], '--texts /dev/zero: the file is longer than 100,000 characters, the most a texts file has'],
    ['templates', ['templates', '/dev/zero'], '/dev/zero: the file is longer than 100000 characters, the most a template has'],
  ])('%s /dev/zero', async (_name, argv, message) => {
    const r = await run(argv.map((a) => (a === 'OUT' ? join(dir, 'never.pdf') : a)));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`sudoku-press: ${message}\n`);
  });
});

/**
 * Issue 23 item 5: `book --puzzles` of a long file graded every puzzle before saying the book
 * would pass the template's page limit (100,000 lines: 35-79 s). It now refuses as soon as that
 * is certain.
 */
describe('book --puzzles past the page limit is refused before the file is graded through', () => {
  const easy = PUZZLE;
  const LIMIT_MESSAGE = /letter-4up\.json: margins\.insideByPageCount: the book would have at least \d+ pages, more than the last row allows \(828\); make fewer puzzles or add a row\n$/;

  test('without --skip-invalid: counted first, so the invalid records after the limit are never reached', async () => {
    // 3,000 puzzles make more than 828 letter-4up pages; the records after them have many
    // solutions. Grading in file order failed on line 3,001 (exit 1); counting first refuses the
    // book for its length (exit 2) without grading anything.
    const file = join(dir, 'too-many.txt');
    writeFileSync(file, `${`${easy}\n`.repeat(3000)}${`${'.'.repeat(81)}\n`.repeat(100)}`);
    const r = await run(['book', '--puzzles', file, '-o', join(dir, 'too-many.pdf'), '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(LIMIT_MESSAGE);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(existsSync(join(dir, 'too-many.pdf'))).toBe(false);
  });

  test.runIf(process.platform !== 'win32').each([[[]], [['--skip-invalid']]])('from a pipe that never ends %j: refused once enough puzzles are kept', async (extra) => {
    const fifo = join(dir, `fifo-${extra.length}`);
    execFileSync('mkfifo', [fifo]);
    const { child, done } = startCli(['book', '--puzzles', fifo, ...extra, '-o', join(dir, 'fifo.pdf'), '-q']);
    const writer = createWriteStream(fifo);
    writer.on('error', () => undefined); // the reader goes away first: EPIPE
    writer.write(`${easy}\n`.repeat(3000));
    // The pipe stays open: reading to its end (as before) never finishes.
    let ended = false;
    void done.then(() => (ended = true));
    const refused = await waitFor(() => ended, 40_000); // within the test's own 60 s
    if (!refused) child.kill('SIGKILL');
    writer.destroy();
    const result = await done;
    expect(refused).toBe(true);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(LIMIT_MESSAGE);
  });

  test('a file under the limit is still made into a book', async () => {
    const file = join(dir, 'enough.txt');
    writeFileSync(file, `${easy}\n`.repeat(40));
    const r = await run(['book', '--puzzles', file, '-o', join(dir, 'enough.pdf'), '-q']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('40 puzzles');
  });
});
