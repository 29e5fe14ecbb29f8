import { describe, expect, test } from 'vitest';
import { OptionError } from '../src/core/errors.js';
import { generateVariant, type VariantLevel, type VariantPuzzle } from '../src/generator/variants/index.js';
import { gradePuzzle } from '../src/grader/index.js';
import { LEVELS, levelOf } from '../src/grader/levels.js';
import { expectLevelRunsAgree } from './helpers/level-runs.js';

/*
 * Levels of 9x9 variants without cages (classic, jigsaw, X, windoku) are the grader's rating bands,
 * as for classic puzzles (src/generator/variants/graded.ts): a puzzle asked at a level is unique (by
 * a counter written here, apart from the library's solvers and rules values), carries its rating,
 * and a new grading gives that rating, in the level's band, without a guess. 'any' puzzles are not
 * measured and say so. Same seed, same bytes; the CLI gives the same lines at -j 1 and -j 2.
 */

/** The houses of a 9x9 variant from its name and jigsaw regions, built here from the rules in words. */
function housesOf(p: VariantPuzzle): number[][] {
  const houses: number[][] = [];
  const range = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  for (const i of range) {
    houses.push(range.map((j) => i * 9 + j));
    houses.push(range.map((j) => j * 9 + i));
  }
  if (p.regions !== undefined) {
    for (const region of range) houses.push(Array.from({ length: 81 }, (_, cell) => cell).filter((cell) => p.regions![cell] === region));
  } else {
    for (const b of range) houses.push(range.map((k) => (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3)));
  }
  if (p.variant === 'x') {
    houses.push(range.map((i) => i * 9 + i));
    houses.push(range.map((i) => i * 9 + 8 - i));
  }
  if (p.variant === 'windoku') {
    for (const top of [1, 5]) for (const left of [1, 5]) houses.push(range.map((k) => (top + Math.floor(k / 3)) * 9 + left + (k % 3)));
  }
  return houses;
}

/** Solutions of `givens` under `houses` (each holds 1-9 once), up to `limit`: backtracking on the cell with the fewest digits. */
function countSolutions(givens: ArrayLike<number>, houses: number[][], limit = 2): number {
  const grid = Array.from(givens);
  const housesOfCell: number[][] = Array.from({ length: 81 }, () => []);
  houses.forEach((house, h) => house.forEach((cell) => housesOfCell[cell]!.push(h)));
  const used = houses.map((house) => house.reduce((mask, cell) => (grid[cell] ? mask | (1 << grid[cell]!) : mask), 0));
  let count = 0;
  const walk = (): void => {
    let best = -1;
    let bestFree = 0;
    let bestCount = 10;
    for (let cell = 0; cell < 81; cell++) {
      if (grid[cell] !== 0) continue;
      let taken = 0;
      for (const h of housesOfCell[cell]!) taken |= used[h]!;
      const free = ~taken & 0x3fe;
      let n = 0;
      for (let d = 1; d <= 9; d++) if (free & (1 << d)) n++;
      if (n < bestCount) {
        best = cell;
        bestFree = free;
        bestCount = n;
      }
    }
    if (best < 0) {
      count++;
      return;
    }
    for (let d = 1; d <= 9 && count < limit; d++) {
      if ((bestFree & (1 << d)) === 0) continue;
      grid[best] = d;
      for (const h of housesOfCell[best]!) used[h]! |= 1 << d;
      walk();
      for (const h of housesOfCell[best]!) used[h]! &= ~(1 << d);
      grid[best] = 0;
    }
  };
  walk();
  return count;
}

function bandOf(level: string): [number, number] {
  const at = LEVELS.findIndex((row) => row.level === level);
  return [at === 0 ? 0 : LEVELS[at - 1]!.maxRating, LEVELS[at]!.maxRating];
}

function bytesOf(p: VariantPuzzle): string {
  return JSON.stringify({ text: p.text, regions: p.regions ?? null, solution: Array.from(p.solution), level: p.level, rating: p.rating ?? null });
}

const GRADED = ['beginner', 'easy', 'medium', 'hard', 'expert'] as const;

describe('9x9 variant levels: the grader rating in the level band', () => {
  test.each((['classic', 'jigsaw', 'x', 'windoku'] as const).flatMap((variant) => GRADED.map((level) => [variant, level] as const)))(
    '%s %s: unique by an independent counter, rated in the band, graded again the same, no guess',
    (variant, level) => {
      const [above, upTo] = bandOf(level);
      const p = generateVariant({ variant, seed: 'levels', index: 1, level });
      expect(p.level).toBe(level);
      expect(countSolutions(p.givens, housesOf(p))).toBe(1);
      for (let cell = 0; cell < 81; cell++) if (p.givens[cell] !== 0) expect(p.givens[cell]).toBe(p.solution[cell]);
      for (const house of housesOf(p)) expect(new Set(house.map((cell) => p.solution[cell])).size).toBe(9);
      const grade = gradePuzzle({ rules: p.rules, givens: p.givens });
      expect(grade.guesses).toBe(0);
      expect(grade.lowerBound).toBe(false);
      expect(grade.rating).toBe(p.rating);
      expect(grade.rating).toBeGreaterThan(above);
      expect(grade.rating).toBeLessThanOrEqual(upTo);
      expect(levelOf(grade.rating)).toBe(level);
      expect(p.clues).toBe(p.givens.filter((d) => d !== 0).length);
    },
    60_000,
  );

  test('same seed, same bytes; puzzle i does not depend on the puzzles made before it', () => {
    const forward = [1, 2].map((index) => bytesOf(generateVariant({ variant: 'x', seed: 'bytes', index, level: 'hard' })));
    const backward = [2, 1].map((index) => bytesOf(generateVariant({ variant: 'x', seed: 'bytes', index, level: 'hard' }))).reverse();
    expect(backward).toEqual(forward);
    expect(new Set(forward).size).toBe(2);
    const jigsaw = bytesOf(generateVariant({ variant: 'jigsaw', seed: 'bytes', index: 1, level: 'easy' }));
    expect(bytesOf(generateVariant({ variant: 'jigsaw', seed: 'bytes', index: 1, level: 'easy' }))).toBe(jigsaw);
  });

  test.each([
    ['x', undefined],
    ['jigsaw', undefined],
    ['killer', undefined],
    ['oddeven', undefined],
    ['8x8', undefined],
    ['6x6', 'any'],
  ] as const)("%s at level 'any' is not measured: level 'any', no rating", (variant, level) => {
    const p = generateVariant({ variant, seed: 'any', index: 1, ...(level === undefined ? {} : { level: level as VariantLevel }) });
    expect(p.level).toBe('any');
    expect(p.rating).toBeUndefined();
  });

  test.each([
    ['killer', 'beginner', /level must be one of easy, medium, hard, expert, any for killer/],
    ['oddeven', 'beginner', /level must be one of easy, medium, hard, any for oddeven/],
    ['6x6', 'medium', /level must be one of beginner, easy, any for 6x6/],
    ['x', 'extreme', /level must be one of beginner, easy, medium, hard, expert, any for x/],
  ] as const)('%s: level %s is refused with an OptionError', (variant, level, message) => {
    expect(() => generateVariant({ variant, seed: 's', index: 1, level: level as VariantLevel })).toThrow(OptionError);
    expect(() => generateVariant({ variant, seed: 's', index: 1, level: level as VariantLevel })).toThrow(message);
  });
});

describe('generate --variant jigsaw -d hard (the built CLI)', () => {
  test('--json carries level and rating; -j 1 and -j 2 give the same bytes', async () => {
    await expectLevelRunsAgree('jigsaw', 'hard', 'jl');
  }, 120_000);
});
