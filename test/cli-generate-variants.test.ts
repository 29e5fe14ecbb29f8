import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatVariantLine, fromFpuzzlesJson, parseVariantLine } from '../src/index.js';
import type { Rules } from '../src/rules/types.js';
import { startCli, savedRecords, waitFor } from './helpers/child.js';
import { run, runBinary } from './helpers/cli.js';

/*
 * `generate --variant NAME` through the built CLI (its usage errors, the runs whose output another
 * run's is compared with, and the check and solve of what the runs made, through runCli in this process):
 * every variant's puzzles are unique (as `check` reads them back), `solve` finds the solution `--json` gave, the same seed gives the same bytes
 * whatever --jobs and --shard, --resume goes on where a run stopped, and a bad combination is one
 * line and exit 2.
 */
const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-generate-variants-'));
let files = 0;
function file(text: string): string {
  const path = join(dir, `p${++files}.txt`);
  writeFileSync(path, text);
  return path;
}

function ok(argv: string[]): string {
  const result = runBinary(argv);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/**
 * The same through runCli in this process (the program the binary runs, without starting one):
 * for the runs that another run's output is compared with.
 */
async function okHere(argv: string[]): Promise<string> {
  const result = await run(argv);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

const linesOf = (text: string): string[] => text.split('\n').filter((line) => line !== '');

/** Whether `values` fill the grid under the rules and keep the givens: every house has every digit, every cage adds up. */
function solves(rules: Rules, givens: Uint8Array, values: number[]): boolean {
  if (values.length !== rules.cellCount) return false;
  for (let cell = 0; cell < rules.cellCount; cell++) if (givens[cell] !== 0 && givens[cell] !== values[cell]) return false;
  for (const house of rules.houses) if (new Set([...house].map((cell) => values[cell])).size !== rules.size) return false;
  for (const cage of rules.cages) {
    const digits = [...cage.cells].map((cell) => values[cell]!);
    if (new Set(digits).size !== digits.length) return false;
    if (cage.sum !== 0 && digits.reduce((a, b) => a + b, 0) !== cage.sum) return false;
  }
  for (const cell of rules.spec.odd ?? []) if (values[cell]! % 2 !== 1) return false;
  for (const cell of rules.spec.even ?? []) if (values[cell]! % 2 !== 0) return false;
  return true;
}

const digitsOf = (text: string): number[] => [...text].map((ch) => (ch === '.' ? 0 : Number.parseInt(ch, 36)));
/** A --json solution's values: digits row by row, or a Samurai's line (solve writes it so). */
const solutionOf = (text: string): number[] => (text.startsWith('samurai:') ? [...parseVariantLine(text).givens] : digitsOf(text));

/** The --json puzzle's line with the --json solution as its givens (as solve writes it). */
const solvedLine = (o: Record<string, unknown>): string => {
  const read = parseVariantLine(o.puzzle as string);
  return formatVariantLine({ rules: read.rules, givens: Uint8Array.from(solutionOf(o.solution as string)) });
};

/** Puzzles per variant: one of the slow ones (16x16 and Samurai: about a second each on a shared core). */
const COUNTS: Record<string, number> = { classic: 2, '4x4': 3, '6x6': 3, '8x8': 2, '12x12': 1, '16x16': 1, jigsaw: 2, x: 2, windoku: 2, killer: 2, oddeven: 2, samurai: 1 };

/** Each variant's --json objects, kept for the check and solve of them all below. */
const made = new Map<string, Record<string, unknown>[]>();

describe('generate --variant: every variant', () => {
  test.each(Object.keys(COUNTS))('%s: unique puzzles (check, below), the --json solution solves them (solve agrees, below), the line output is the --json puzzle', async (variant) => {
    const count = COUNTS[variant]!;
    // 16x16 at its default level ('any') takes about a second a puzzle; easy, a fifth of that.
    const args = ['generate', '--variant', variant, '-n', String(count), '--seed', `all-${variant}`, '-j', '1', ...(variant === '16x16' ? ['-d', 'easy'] : [])];
    const objects = linesOf(ok([...args, '--json'])).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects).toHaveLength(count);
    // The line output, from runCli in this process (made in this thread, from the sources): the
    // same puzzles as the binary's worker thread made.
    const plain = await run(args);
    expect([plain.code, plain.stderr]).toEqual([0, '']);
    const lines = linesOf(plain.stdout);
    expect(lines).toEqual(objects.map((o) => o.puzzle));
    expect(new Set(lines).size).toBe(count);
    objects.forEach((o, i) => {
      expect(o.type).toBe('puzzle');
      expect(o.index).toBe(i + 1);
      expect(o.variant).toBe(variant);
      // Not measured at 'any' (the default): the level says so, no rating; 4x4 and 6x6 default to
      // the children's beginner, 16x16 is asked easy here: the general grader's bands, rated.
      const level = variant === '4x4' || variant === '6x6' ? 'beginner' : variant === '16x16' ? 'easy' : 'any';
      expect(o.level).toBe(level);
      if (level === 'any') expect(o.rating).toBeUndefined();
      else expect(o.rating).toBeLessThanOrEqual(level === 'beginner' ? 1.5 : 2.3);
      if (level === 'easy') expect(o.rating).toBeGreaterThan(1.5);
      const read = parseVariantLine(o.puzzle as string);
      expect(read.rules.spec).toEqual(o.rules);
      expect(o.clues).toBe(read.givens.filter((d) => d !== 0).length);
      expect(solves(read.rules, read.givens, solutionOf(o.solution as string))).toBe(true);
      if (variant === 'killer') expect(o.clues).toBe(0);
    });
    made.set(variant, objects);
  });

  // One check and one solve of every variant's puzzles (a file of mixed variants, as users have):
  // each puzzle's record names its line, so each variant is still checked and solved on its own.
  test('check --json: every variant\'s puzzles are unique; solve: gives the --json solutions', async () => {
    expect([...made.keys()].sort()).toEqual(Object.keys(COUNTS).sort());
    const objects = [...made.values()].flat();
    const path = file(objects.map((o) => o.puzzle).join('\n') + '\n');
    const checked = linesOf(await okHere(['check', '--json', path])).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(checked.slice(0, -1).map((c) => [c.line, c.status])).toEqual(objects.map((_, i) => [i + 1, 'unique']));
    expect(checked.at(-1)).toMatchObject({ type: 'summary', unique: objects.length, multiple: 0, none: 0, invalid: 0 });
    // solve writes each solution as its puzzle's line with the solution as givens.
    expect(linesOf(await okHere(['solve', path]))).toEqual(objects.map((o) => solvedLine(o)));
  });
});

describe('generate --variant: reproducible', () => {
  test('same seed, same bytes; --jobs 2 gives what --jobs 1 gives; another seed differs', async () => {
    for (const variant of ['jigsaw', 'killer']) {
      const args = ['generate', '--variant', variant, '-n', '3', '--seed', 'rep'];
      // -j 1 in this process (runCli: the same program), -j 2 in another (the binary's workers).
      const one = await okHere([...args, '-j', '1']);
      expect(linesOf(one)).toHaveLength(3);
      expect(ok([...args, '-j', '2'])).toBe(one);
      expect(await okHere(['generate', '--variant', variant, '-n', '3', '--seed', 'other', '-j', '1'])).not.toBe(one);
    }
  });

  test('--shard halves concatenated are the whole run; --start k gives puzzles k.. of the run', async () => {
    const args = ['generate', '--variant', 'windoku', '-n', '6', '--seed', 'sh', '-d', 'easy'];
    const whole = ok([...args, '-j', '2']);
    expect(linesOf(whole)).toHaveLength(6);
    expect(ok([...args, '--shard', '1/2']) + ok([...args, '--shard', '2/2'])).toBe(whole);
    const tail = await okHere(['generate', '--variant', 'windoku', '-n', '2', '--start', '5', '--seed', 'sh', '-d', 'easy', '-j', '1']);
    expect(tail).toBe(linesOf(whole).slice(4).join('\n') + '\n');
  });

  test('--resume: a run stopped by the attempt limit goes on where it stopped, to the bytes of one whole run', async () => {
    // With one attempt per puzzle, puzzle 4 of this seed is not hard: the run stops after 3.
    const args = ['generate', '--variant', 'windoku', '-d', 'hard', '-n', '5', '--seed', 'rs'];
    const out = join(dir, 'resumed.txt');
    const first = runBinary([...args, '--max-attempts', '1', '-o', out, '--resume']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/puzzle 4: no hard windoku puzzle in 1 attempts: made 3 of 5 puzzles .*raise --max-attempts.*kept in .*\.part/);
    expect(existsSync(out)).toBe(false);
    expect(linesOf(readFileSync(`${out}.part`, 'utf8'))).toHaveLength(3);
    const second = runBinary([...args, '-o', out, '--resume']);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('resuming');
    expect(readFileSync(out, 'utf8')).toBe(await okHere([...args, '-j', '1']));
  });

  test('--timeout stops a slow run with exit 1 and says how many were made', () => {
    const result = runBinary(['generate', '--variant', '16x16', '-n', '200', '--seed', 'slow', '--timeout', '0.5', '-j', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^sudoku-press: time limit of 500 ms reached: made \d+ of 200 puzzles\n$/);
  });
});

describe('generate --variant: signals', () => {
  test('SIGINT stops a run of slow puzzles (made in a worker thread) with 130, keeping the puzzles made in FILE.part, which are the run\'s first ones', async () => {
    const out = join(dir, 'signalled.txt');
    // 16x16 at any level: about 0.3 s a puzzle on an idle machine, so the run is still going at its
    // first save (every 250 ms). Easy ones became 5 ms each: 40 were made before any save, and the
    // test waited for a progress file that never came.
    const args = ['generate', '--variant', '16x16', '-d', 'any', '-n', '40', '--seed', 'sig', '-j', '1'];
    const run = startCli([...args, '-o', out, '--resume']);
    expect(await waitFor(() => savedRecords(`${out}.part.json`) >= 1, 60_000), 'a puzzle was made').toBe(true);
    const signalled = performance.now();
    run.child.kill('SIGINT');
    const end = await run.done;
    // Within a second on an idle machine; generously bounded for a shared one.
    expect(end.endedAt - signalled).toBeLessThan(5000);
    expect(end.code).toBe(130);
    expect(existsSync(out)).toBe(false);
    const kept = linesOf(readFileSync(`${out}.part`, 'utf8'));
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(40);
    expect(kept.join('\n') + '\n').toBe(await okHere(['generate', '--variant', '16x16', '-d', 'any', '-n', String(kept.length), '--seed', 'sig', '-j', '1']));
  });
});

describe('generate --variant --format fpuzzles', () => {
  const FP_VARIANTS = ['jigsaw', 'killer', 'windoku', '6x6', 'oddeven'];
  const fpuzzles = new Map<string, string[]>();

  test.each(FP_VARIANTS)('%s: f-puzzles JSON lines, the same puzzles as the variant lines (unique and solved to their "solution": below)', async (variant) => {
    // The run of the first test above (its seed and count): its variant lines, made there, are
    // compared with these (made again here through runCli only when that test did not run).
    const count = COUNTS[variant]!;
    const args = ['generate', '--variant', variant, '-n', String(count), '--seed', `all-${variant}`];
    const json = linesOf(ok([...args, '--format', 'fpuzzles', '--solutions']));
    const lines = made.get(variant)?.map((o) => o.puzzle as string) ?? linesOf(await okHere([...args, '-j', '1']));

    expect(json).toHaveLength(count);
    expect(lines).toHaveLength(count);
    json.forEach((text, i) => {
      const read = fromFpuzzlesJson(text);
      const line = parseVariantLine(lines[i]!);
      expect(Array.from(read.givens)).toEqual(Array.from(line.givens));
      expect(read.rules.houses.map((h) => [...h].sort((a, b) => a - b))).toEqual(line.rules.houses.map((h) => [...h].sort((a, b) => a - b)));
      expect(read.rules.cages.map((c) => [c.sum, [...c.cells].sort((a, b) => a - b)])).toEqual(line.rules.cages.map((c) => [c.sum, [...c.cells].sort((a, b) => a - b)]));
      expect([read.rules.spec.odd, read.rules.spec.even]).toEqual([line.rules.spec.odd, line.rules.spec.even]);
      if (variant === 'oddeven') expect(read.rules.spec.odd!.length + read.rules.spec.even!.length).toBeGreaterThanOrEqual(8);
    });
    fpuzzles.set(variant, json);
  });

  // One check and one solve of the f-puzzles lines of every variant above (one file, as users have).
  test('check: every f-puzzles line above is unique; solve: gives its "solution"', async () => {
    expect([...fpuzzles.keys()].sort()).toEqual([...FP_VARIANTS].sort());
    const json = [...fpuzzles.values()].flat();
    const path = file(json.join('\n') + '\n');
    expect(await okHere(['check', path])).toMatch(new RegExp(`${json.length} unique, 0 multiple, 0 none, 0 invalid`));
    const solved = linesOf(await okHere(['solve', path])).map((line) => Array.from(parseVariantLine(line).givens));
    expect(solved).toEqual(json.map((text) => (JSON.parse(text) as { solution: number[] }).solution));
  });
});

describe('generate --variant: usage errors (exit 2, one line)', () => {
  test.each([
    [['--variant', 'samurai', '--format', 'fpuzzles'], /f-puzzles has no Samurai layout/],
    [['--variant', 'x', '-d', 'extreme'], /no level "extreme" for x \(one of beginner, easy, medium, hard, expert, any: the grader's rating bands/],
    [['--variant', '6x6', '-d', 'expert'], /no level "expert" for 6x6 \(one of beginner, easy, any: the grader's rating bands, as for classic puzzles; medium, hard and expert 6x6 puzzles with at least 14 givens come from/],
    [['--variant', '4x4', '-d', 'easy'], /no level "easy" for 4x4 \(one of beginner, any: the grader's rating bands, as for classic puzzles; no 4x4 puzzle above beginner was made/],
    [['--variant', 'killer', '-d', 'beginner'], /no level "beginner" for killer \(one of easy, medium, hard, expert, any: the grader's rating bands, as for classic puzzles; beginner is up to 1.5 and every cage technique rates 1.6 or more, so the only beginner killer is one whose 1-cell cages act as givens/],
    [['--variant', 'jigsaw', '--pearl', '--rating', '4.0-6.0'], /--variant jigsaw: --rating, --pearl apply to classic puzzles only/],
    [['--variant', 'killer', '--diamond'], /--diamond applies to classic puzzles only/],
    [['--variant', 'x', '--technique', 'x-wing', '--minimal', '--clues-max', '30'], /--technique, --minimal, --clues-max apply to classic puzzles only/],
    [['--variant', 'x', '--format', 'csv'], /--format csv applies to classic puzzles only/],
    [['--variant', 'nonomino'], /unknown variant \(one of classic, 4x4/],
    [['--variant', 'killer', '--symmetry', 'rotational'], /--variant killer: --symmetry has nothing to act on/],
    [['--variant', 'x', '--symmetry', 'mirror'], /--symmetry mirror is not available for variants/],
    [['--variant', 'x', '--solutions'], /--solutions needs --json or --format fpuzzles/],
    [['--format', 'fpuzzles'], /--format fpuzzles needs --variant/],
    [['--variant', '6x6', '--clues-min', '37'], /clues-min must be a whole number from 0 to 36 for 6x6 \(got 37\)/],
    [['--variant', 'killer', '--clues-min', '3'], /--variant killer: --clues-min has nothing to act on/],
    [['--variant', 'x', '-n', '0'], /count must be a whole number from 1/],
  ])('%j', async (extra, message) => {
    // In this process (runCli, what the binary runs): a usage error is found before any work.
    const result = await run(['generate', '-n', '1', '--seed', 'e', ...extra]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^sudoku-press: [^\n]*\n$/);
  });

  test('generate --help documents --variant and what its levels mean', async () => {
    const result = await run(['generate', '--help']);
    expect([result.code, result.stderr]).toEqual([0, '']);
    const help = result.stdout;
    expect(help).toContain('--variant <name>');
    expect(help).toContain("grader's rating bands, as for classic puzzles");
    expect(help).toContain('6x6 beginner and easy; 4x4 beginner');
    expect(help).toContain('--format fpuzzles');
  });
});
