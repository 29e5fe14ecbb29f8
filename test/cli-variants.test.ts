import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fromFpuzzles, fromSoloId, parseVariantLine } from '../src/index.js';
import type { Rules } from '../src/rules/types.js';
import { run } from './helpers/cli.js';

/*
 * check and solve on variants, through the CLI in-process. The statuses and solutions need the
 * variant counting solver (countRules / solveRules of src/solver).
 */
const FIXTURES = new URL('./fixtures/variants/', import.meta.url).pathname;
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');
const soloIds = fixture('solo-ids.txt')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const HARD1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const X_LINE = 'x:.19..8....5.4.9.3...3..6...3....2..4.........8..5....6...6..2...9.1.4.7....3..96.';
const X_SOLUTION = '419238657756419832283756419365972184941863725827541396538697241692184573174325968';

const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-cli-variants-'));
/** Every format in one file: classic, Solo IDs, variant lines, f-puzzles over several lines, base64, an error. */
const mixed = join(dir, 'mixed.txt');
writeFileSync(
  mixed,
  [
    `${HARD1} hard1`, // 1
    soloIds[0], // 2 jigsaw
    soloIds[1], // 3 killer
    soloIds[2], // 4 6x6
    `${X_LINE} from-solo`, // 5
    '6x6:....................................', // 6: several solutions
    fixture('fpuzzles-jigsaw.json').trimEnd(), // 7..: one object over many lines
    fixture('fpuzzles-base64.txt').split('\n')[0], // the killer vf2 as base64
    `killer:12${'.'.repeat(79)} cages=aa${'.'.repeat(79)} sums=4`, // a given breaks a cage: invalid
  ].join('\n') + '\n',
);
const mixedLines = readFileSync(mixed, 'utf8').split('\n');
const base64Line = mixedLines.findIndex((line) => /^N4Ig/.test(line)) + 1;
const lastLine = mixedLines.length - 1;

/** A full grid that keeps every rule: each house holds each digit once, each cage its total. */
function isSolutionOf(rules: Rules, givens: ArrayLike<number>, solution: ArrayLike<number>): boolean {
  for (let cell = 0; cell < rules.cellCount; cell++) {
    if (solution[cell]! < 1 || solution[cell]! > rules.size) return false;
    if (givens[cell]! !== 0 && givens[cell] !== solution[cell]) return false;
  }
  for (const house of rules.houses) if (new Set(Array.from(house, (cell) => solution[cell])).size !== rules.size) return false;
  for (const cage of rules.cages) {
    const digits = Array.from(cage.cells, (cell) => solution[cell]!);
    if (new Set(digits).size !== digits.length) return false;
    if (cage.sum !== 0 && digits.reduce((a, b) => a + b, 0) !== cage.sum) return false;
  }
  return true;
}

describe('check', () => {
  test('every format mixed in one file: a status per puzzle, named by file and line; exit 1', async () => {
    const result = await run(['check', mixed]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual([
      `${mixed}:1: unique  hard1`,
      `${mixed}:2: unique`,
      `${mixed}:3: unique`,
      `${mixed}:4: unique`,
      `${mixed}:5: unique  from-solo`,
      `${mixed}:6: multiple`,
      `${mixed}:7: unique  Solo jigsaw vf1`,
      `${mixed}:${base64Line}: unique  Solo killer vf2`,
      `${mixed}:${lastLine}: invalid: givens conflict: the cage at r1c1: its givens add up to 3, not its sum 4`,
      expect.stringMatching(/^checked 9 puzzles in [\d.]+ s \(\d+\/s\): 7 unique, 1 multiple, 0 none, 1 invalid$/),
    ]);
  });

  test('all the Solo IDs sgt-solo made are unique (exit 0), and so are the f-puzzles fixtures', async () => {
    for (const name of ['solo-ids.txt', 'fpuzzles-lines.jsonl', 'fpuzzles-base64.txt', 'fpuzzles-jigsaw.json']) {
      const result = await run(['check', '-q', join(FIXTURES, name)]);
      expect(result.stdout, name).toMatch(/, 0 multiple, 0 none, 0 invalid\n$/);
      expect(result.code, name).toBe(0);
    }
  });

  test('--json: a variant line carries its variant name, its rules and the puzzle as a variant line', async () => {
    const result = await run(['check', '--json', mixed]);
    const objects = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.map((o) => o['variant'] ?? o['type'])).toEqual(['puzzle', 'jigsaw', 'killer', '6x6', 'x', '6x6', 'jigsaw', 'killer', 'puzzle', 'summary']);
    expect(objects[0]).toEqual({ type: 'puzzle', source: mixed, line: 1, label: 'hard1', puzzle: HARD1, status: 'unique' });
    expect(objects[4]).toEqual({
      type: 'puzzle',
      source: mixed,
      line: 5,
      label: 'from-solo',
      variant: 'x',
      rules: { size: 9, layout: 'single', boxes: { rows: 3, cols: 3 }, diagonalDown: true, diagonalUp: true },
      puzzle: X_LINE,
      status: 'unique',
    });
    expect(objects[3]).toMatchObject({ variant: '6x6', rules: { size: 6, boxes: { rows: 2, cols: 3 } }, puzzle: '6x6:........4.125..23..32..442.5........' });
    // The puzzle field reads back to the same rules.
    expect(parseVariantLine(objects[2]!['puzzle'] as string).rules.spec).toEqual(fromSoloId(soloIds[1]!).rules.spec);
    expect(objects[8]).toMatchObject({ status: 'invalid', code: 'CONFLICT', line: lastLine });
    expect(objects[9]).toMatchObject({ type: 'summary', puzzles: 9, unique: 7, multiple: 1, invalid: 1 });
  });

  test('--format fpuzzles: each unique puzzle as f-puzzles JSON, the others and the summary on stderr', async () => {
    const result = await run(['check', '--format', 'fpuzzles', mixed]);
    expect(result.code).toBe(1);
    const objects = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(objects.length).toBe(7);
    expect(fromFpuzzles(objects[1]).rules.spec).toEqual(fromSoloId(soloIds[0]!).rules.spec);
    expect(objects[0]).toMatchObject({ size: 9, title: 'hard1' });
    expect(result.stderr).toContain(`${mixed}:6: multiple\n`);
    expect(result.stderr).toMatch(/7 unique, 1 multiple, 0 none, 1 invalid\n$/);
  });
});

describe('solve', () => {
  test('solutions of every format, a variant one as its line (read back under its rules), with their labels; the rest on stderr', async () => {
    const result = await run(['solve', mixed]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines.length).toBe(7);
    expect(lines[0]).toBe(`${HARD1_SOLUTION} hard1`);
    expect(lines[4]).toBe(`x:${X_SOLUTION} from-solo`);
    const puzzles = [fromSoloId(soloIds[0]!), fromSoloId(soloIds[1]!), fromSoloId(soloIds[2]!)];
    puzzles.forEach((puzzle, i) => {
      const read = parseVariantLine(lines[i + 1]!);
      expect(read.rules.spec).toEqual(puzzle.rules.spec);
      expect(isSolutionOf(puzzle.rules, puzzle.givens, read.givens)).toBe(true);
    });
    expect(result.stderr).toContain(`${mixed}:6: several solutions (--first prints one)`);
    expect(result.stderr).toContain(`${mixed}:${lastLine}: givens conflict: the cage at r1c1`);
  });

  test('--format fpuzzles: the puzzle with its solution, one object per line', async () => {
    const result = await run(['solve', '--format', 'fpuzzles', join(FIXTURES, 'solo-ids.txt')]);
    expect(result.code).toBe(0);
    const objects = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { solution: number[] });
    expect(objects.length).toBe(soloIds.length);
    objects.forEach((object, i) => {
      const puzzle = fromSoloId(soloIds[i]!);
      const read = fromFpuzzles(object);
      expect(read.rules.spec).toEqual(puzzle.rules.spec);
      expect(isSolutionOf(puzzle.rules, puzzle.givens, object.solution)).toBe(true);
    });
  });

  test('--json and -f grid on variants; a Samurai cannot be written as f-puzzles', async () => {
    const json = await run(['solve', '--json'], `${X_LINE}\n`);
    expect(JSON.parse(json.stdout)).toMatchObject({ variant: 'x', status: 'unique', solution: `x:${X_SOLUTION}`, puzzle: X_LINE });
    const grid = await run(['solve', '-f', 'grid'], `${soloIds[2]}\n`);
    expect(grid.stdout.split('\n').slice(1, 7).every((row) => /^[1-6]{6}$/.test(row))).toBe(true);
    const samurai = await run(['solve', '--first', '--format', 'fpuzzles', join(FIXTURES, 'variant-lines.txt')]);
    expect(samurai.code).toBe(1);
    expect(samurai.stderr).toContain('f-puzzles has no Samurai layout');
  });
});

describe('classic-only commands refuse a variant with one line and exit code 2', () => {
  const jigsawFile = join(dir, 'jigsaw.txt');
  writeFileSync(jigsawFile, `${soloIds[0]}\n`);
  const killerFile = join(dir, 'killer.txt');
  writeFileSync(killerFile, `${soloIds[1]}\n`);
  const sixFile = join(dir, 'six.txt');
  writeFileSync(sixFile, `${soloIds[2]}\n`);
  const refusal = (file: string, line: number, variant: string, what: string): string =>
    `sudoku-press: ${what}: ${file}:${line} is a ${variant} puzzle (check, solve, grade, explain and hint read variants)\n`;

  test.each([
    ['repair', ['repair', jigsawFile], 'repair takes classic puzzles only'],
    ['check --explain', ['check', '--explain', jigsawFile], '--explain takes classic puzzles only'],
  ])('%s', async (_name, argv, what) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(refusal(jigsawFile, 1, 'jigsaw', what));
  });

  test.each([
    ['grade', ['grade', sixFile]],
    ['explain', ['explain', sixFile]],
    ['hint', ['hint', sixFile]],
  ])('%s takes other sizes (the general grader: test/grader-general-cli.test.ts) and killers (test/cli-killer.test.ts)', async (_name, argv) => {
    const six = await run(argv);
    expect(six.code, six.stderr).toBe(0);
    const killer = await run([argv[0]!, killerFile]);
    expect(killer.code, killer.stderr).toBe(0);
  });

  test('their --help says so', async () => {
    for (const command of ['grade', 'explain', 'hint']) {
      const help = await run([command, '--help']);
      expect(help.stdout, command).toMatch(/Other sizes \(4x4\s+to 16x16/);
      expect(help.stdout, command).toMatch(/Killers of other\s+sizes stop the command\s+with one line/);
      expect(help.stdout, command).toMatch(/killers?/i);
    }
    expect((await run(['repair', '--help'])).stdout).toContain('Classic 9x9 puzzles only in this version');
    expect((await run(['check', '--help'])).stdout).toContain('--explain (and repair) are classic-only');
  });
});

describe('grade, explain and hint on jigsaw and X', () => {
  const layout = fixture('variant-lines.txt').split('\n')[3]!.replace(/ jigsaw-layout$/, '');

  test('grade: the jigsaw as GIVENS LAYOUT and the X line, text and --json', async () => {
    const grade = await run(['grade'], `${layout}\n${X_LINE}\n`);
    expect(grade.code).toBe(0);
    const lines = grade.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${layout}  1.5/1.5/1.5  beginner  hidden-single-line  0 guesses`);
    expect(lines[1]).toBe(`${X_LINE}  1.2/1.2/1.2  beginner  hidden-single-box  0 guesses`);
    const json = await run(['grade', '--json'], `${X_LINE}\n`);
    const object = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(object).toMatchObject({ variant: 'x', status: 'graded', rating: 1.2, pearl: 1.2, diamond: 1.2, unique: true, puzzle: X_LINE });
  });

  test('explain names regions and diagonals, and ends with the rating', async () => {
    const explain = await run(['explain', layout]);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('(jigsaw)');
    expect(explain.stdout).toMatch(/Hidden single: in region \d, \d fits only r\dc\d/);
    expect(explain.stdout).toMatch(/Rating 1\.5 \(beginner\); pearl \(EP\) 1\.5/);
    const x = await run(['explain', '--json', 'x:4.....7.....5.......6.3.....3.....61...314...29.....4.....4.8.......2.....2.....7']);
    const object = JSON.parse(x.stdout) as { grade: { rating: number; pearl: number; diamond: number }; steps: { text: string }[] };
    // SukakuExplainer rates it 2.0/1.2/1.2.
    expect([object.grade.rating, object.grade.pearl, object.grade.diamond]).toEqual([2, 1.2, 1.2]);
    expect(object.steps.some((step) => /the (down|up) diagonal/.test(step.text))).toBe(true);
  });

  test('hint: text, tiers and --json', async () => {
    const hint = await run(['hint', X_LINE]);
    expect(hint.code).toBe(0);
    expect(hint.stdout).toBe('[1.2] Hidden single: in box 2, 3 fits only r1c5\n');
    const tiers = await run(['hint', '--tier', '3', layout]);
    expect(tiers.stdout.split('\n')[0]).toMatch(/^Look at (row|column|region) \d\.$/);
    const json = JSON.parse((await run(['hint', '--json', X_LINE])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ variant: 'x', solved: false, step: { technique: 'hidden-single-box', placements: [{ cell: 4, digit: 3 }] } });
  });
});
