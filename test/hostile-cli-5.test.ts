/**
 * A hostile run of the variant commands (polish 11): empty input written to a file, `-o -`, a
 * report over a device. In-process runs on small inputs: cheap.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { run } from './helpers/cli.js';

const SIX = '6x6:..351.5.12.3.3....4163.5...1........';

describe('input with no puzzle, written with -o', () => {
  test.each(['check', 'grade'])('%s makes no file (an empty one only made the next run need --force); with a puzzle it does', async (command) => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-polish11-'));
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    const out = join(dir, 'out.txt');
    const result = await run([command, empty, '-o', out]);
    expect([result.code, result.stderr.trim().split('\n').at(-1)]).toEqual([1, `sudoku-press: no puzzle found in ${empty}`]);
    expect(existsSync(out)).toBe(false);
    const again = await run([command, empty, '-o', out]);
    expect(again.stderr).not.toMatch(/already exists/);
    const six = join(dir, 'six.txt');
    writeFileSync(six, `${SIX}\n`);
    expect((await run([command, six, '-o', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^.*six\.txt:1|^6x6:/);
  });
});

describe('-o -', () => {
  test.each([
    ['grade', SIX],
    ['check', SIX],
    ['generate', '--variant', '6x6', '-n', '1'],
    ['draw', SIX],
    ['explain', '--html', SIX],
    ['book', '--sections', '6x6-beginner:1'],
  ])('%s: one line, exit 2, no file named "-" (it wrote one; `-` is standard input elsewhere)', async (...args) => {
    const result = await run([...args, '-o', '-']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("sudoku-press: -o -: '-' is not taken as a name (what prints lines goes to standard output when -o is left out; ./- names a file '-')\n");
    expect(existsSync('-')).toBe(false);
  });
});

describe('grade --report over a device', () => {
  test('says it is not a file (it said "use --force", which then refused it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-polish11-'));
    const six = join(dir, 'six.txt');
    writeFileSync(six, `${SIX}\n`);
    for (const force of [[], ['--force']]) {
      const result = await run(['grade', '--report', '/dev/null', ...force, six]);
      expect([result.code, result.stderr]).toEqual([2, 'sudoku-press: --report /dev/null exists and is not a file\n']);
    }
  });
});

describe('a book whose seed and file name hold terminal escapes', () => {
  test('the summary shows them escaped, never obeyed (the seed and the path were printed raw)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-polish11-'));
    const out = join(dir, 'b\u001b]0;owned\u0007.pdf');
    const result = await run(['book', '--sections', '6x6-beginner:1', '--seed', 's\u001b[31mX', '-o', out, '--cover']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(result.stdout).toContain('1 puzzle from seed s\\u001b[31mX:');
    expect(result.stdout).toContain('b\\u001b]0;owned\\u0007.pdf');
    expect(existsSync(out)).toBe(true);
  }, 60_000);
});

describe('output names holding terminal escapes', () => {
  test('draw, explain --html and grade --report name them escaped in their last line (they were printed raw)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-polish11-'));
    const six = join(dir, 'six.txt');
    writeFileSync(six, `${SIX}\n`);
    const odd = join(dir, 'o\u001b[31m');
    const runs = [
      await run(['draw', six, '-o', `${odd}-pictures`]),
      await run(['explain', '--html', six, '-o', `${odd}-pages`]),
      await run(['explain', '--html', six, '-o', `${odd}.html`]),
      await run(['grade', '--report', `${odd}-report.html`, six]),
    ];
    for (const result of runs) {
      expect(result.code).toBe(0);
      expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
      expect(result.stderr).toContain('o\\u001b[31m');
    }
  });
});
