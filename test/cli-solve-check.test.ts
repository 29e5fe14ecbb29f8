import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { run, runBinary } from './helpers/cli.js';

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const HARD1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const MULTIPLE = '8.........95.......76.........426798...571243...893165......916....3.487....1.532';
const NONE = '46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const CONFLICT = '44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-cli-'));
const mixed = join(dir, 'mixed.txt');
writeFileSync(mixed, `# four kinds\n${HARD1} hard1\n${MULTIPLE}\n${NONE}\n${CONFLICT}\n${HARD1.slice(0, 70)}\n`);
const good = join(dir, 'good.txt');
writeFileSync(good, `${HARD1}\n${HARD1}\n`);

describe('check', () => {
  test('all unique: exit 0 and a summary', async () => {
    const result = await run(['check', good]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${good}:1: unique`);
    expect(result.stdout).toMatch(/checked 2 puzzles in [\d.]+ s \(\d+\/s\): 2 unique, 0 multiple, 0 none, 0 invalid/);
  });

  test('unique, multiple, none and invalid are each reported and the run goes on: exit 1', async () => {
    const result = await run(['check', mixed]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      `${mixed}:2: unique  hard1`,
      `${mixed}:3: multiple`,
      `${mixed}:4: none`,
      `${mixed}:5: invalid: givens conflict: r1c1 and r1c2 both hold 4 in row 1`,
      `${mixed}:6: invalid: expected 81 cells (or a grid row of 9), found 70`,
    ]);
    expect(lines[5]).toMatch(/1 unique, 1 multiple, 1 none, 2 invalid$/);
  });

  test('--json: one object per puzzle, then a summary', async () => {
    const result = await run(['check', '--json', mixed]);
    const objects = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(objects.map((o) => o.status ?? o.type)).toEqual(['unique', 'multiple', 'none', 'invalid', 'invalid', 'summary']);
    expect(objects[0]).toMatchObject({ type: 'puzzle', source: mixed, line: 2, label: 'hard1', puzzle: HARD1 });
    expect(objects[3]).toMatchObject({ code: 'CONFLICT', error: 'givens conflict: r1c1 and r1c2 both hold 4 in row 1' });
    expect(objects[5]).toMatchObject({ type: 'summary', puzzles: 5, unique: 1, multiple: 1, none: 1, invalid: 2 });
  });

  test('--quiet prints only the problems', async () => {
    const result = await run(['check', '-q', mixed]);
    expect(result.stdout).not.toContain('unique  hard1');
    expect(result.stdout).toContain(':3: multiple');
  });

  test('reads standard input when no file is given', async () => {
    const result = await run(['check'], `${HARD1}\n`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('<stdin>:1: unique');
  });

  test('usage errors exit 2 with one clear line', async () => {
    const missing = await run(['check', join(dir, 'nope.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(`sudoku-press: cannot read '${join(dir, 'nope.txt')}': no such file`);
    const badOption = await run(['check', '--frobnicate']);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain("unknown option '--frobnicate'");
  });

  test('an empty input is not a success', async () => {
    const result = await run(['check'], '# nothing here\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no puzzle found in standard input');
  });
});

describe('solve', () => {
  test('prints the solution with the label; problems go to stderr and exit 1', async () => {
    const result = await run(['solve', mixed]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim()).toBe(`${HARD1_SOLUTION} hard1`);
    expect(result.stderr).toContain(`${mixed}:3: several solutions (--first prints one)`);
    expect(result.stderr).toContain(`${mixed}:4: no solution`);
    expect(result.stderr).toContain(`${mixed}:5: givens conflict`);
  });

  test('--first prints a solution of a multi-solution puzzle', async () => {
    const result = await run(['solve', '--first'], `${MULTIPLE}\n`);
    expect(result.code).toBe(1);
    const line = result.stdout.trim();
    expect(line).toMatch(/^[1-9]{81}$/);
    for (let i = 0; i < 81; i++) if (MULTIPLE[i] !== '.') expect(line[i]).toBe(MULTIPLE[i]);
  });

  test('--format grid and json', async () => {
    const grid = await run(['solve', '-f', 'grid'], `${HARD1}\n`);
    expect(grid.code).toBe(0);
    expect(grid.stdout.split('\n').slice(0, 2)).toEqual(['# <stdin>:1', '4 1 7 | 3 6 9 | 8 2 5']);
    const json = await run(['solve', '--format', 'json'], `${HARD1}\n${MULTIPLE}\n`);
    const [first, second] = json.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(first).toMatchObject({ status: 'unique', solution: HARD1_SOLUTION });
    expect(second).toMatchObject({ status: 'multiple', solution: null });
  });

  test('an unknown format is a usage error', async () => {
    const result = await run(['solve', '-f', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("argument 'xml' is invalid");
  });
});

describe('the built binary', () => {
  test('--help on every command shows examples', () => {
    for (const command of ['solve', 'check']) {
      const result = runBinary([command, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Examples:');
    }
  });

  test('exit codes from a real process, reading stdin', () => {
    expect(runBinary(['check'], `${HARD1}\n`).code).toBe(0);
    expect(runBinary(['check'], `${MULTIPLE}\n`).code).toBe(1);
    const bad = runBinary(['check', '/nonexistent/file.txt']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toContain('    at '); // no stack trace
  });
});
