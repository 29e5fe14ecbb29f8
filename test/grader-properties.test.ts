import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Grid } from '../src/core/grid.js';
import { parsePuzzle } from '../src/core/parse.js';
import { gradePuzzle, solvePath } from '../src/grader/grade.js';
import { solveGrid as solve } from '../src/solver/index.js';

function lines(file: string, count: number): string[] {
  const text = readFileSync(new URL(`./fixtures/data/${file}`, import.meta.url), 'utf8');
  return text
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('puzzle'))
    .slice(0, count)
    .map((line) => line.split('\t')[0]!.trim());
}

/** Checks every step of a puzzle's path against its (unique) solution; returns the steps checked. */
function checkPath(puzzle: string): number {
  const grid = parsePuzzle(puzzle);
  const solution = solve(grid)!;
  const steps = solvePath(grid);
  for (const step of steps) {
    for (const p of step.placements) {
      if (solution[p.cell] !== p.digit) throw new Error(`${step.technique} placed ${p.digit} at ${p.cell} in ${puzzle}`);
    }
    for (const e of step.eliminations) {
      if (solution[e.cell] === e.digit) throw new Error(`${step.technique} removed the solution ${e.digit} at ${e.cell} in ${puzzle}`);
    }
  }
  return steps.length;
}

describe('soundness: no step removes a solution digit or places a wrong one', () => {
  // 1000 puzzles: over 64 steps each (64 cells to fill, singles one each), most of them singles,
  // and the harder steps the set holds (3000 before: three times the CPU for the same techniques).
  test('1000 17-clue puzzles', () => {
    let steps = 0;
    for (const puzzle of lines('17clue.txt', 1000)) steps += checkPath(puzzle);
    expect(steps).toBeGreaterThan(1000 * 50);
  }, 600_000);

  test('the training set below ER 8 and the first 100 of top1465', () => {
    const train = readFileSync(new URL('./fixtures/data/se-rated-train.tsv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t') as [string, string])
      .filter(([, er]) => Number(er) < 8)
      .map(([puzzle]) => puzzle);
    for (const puzzle of [...train, ...lines('top1465.txt', 100)]) checkPath(puzzle);
  }, 600_000);
});

/** A symmetry of the Sudoku grid, as a permutation of cells plus a relabelling of digits. */
interface Symmetry {
  digits: number[]; // digits[d] = new label of d (index 0 unused)
  rowsInBands: number[][]; // per band, a permutation of its 3 rows
  bands: number[];
  colsInStacks: number[][];
  stacks: number[];
  transpose: boolean;
}

const perm3 = fc.constantFrom([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]);
const symmetry: fc.Arbitrary<Symmetry> = fc.record({
  digits: fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9], { minLength: 9, maxLength: 9 }).map((p) => [0, ...p]),
  rowsInBands: fc.tuple(perm3, perm3, perm3),
  bands: perm3,
  colsInStacks: fc.tuple(perm3, perm3, perm3),
  stacks: perm3,
  transpose: fc.boolean(),
});

function transform(grid: Grid, s: Symmetry): Grid {
  const out = new Uint8Array(81);
  for (let row = 0; row < 9; row++) {
    for (let col = 0; col < 9; col++) {
      const newRow = s.bands[Math.floor(row / 3)]! * 3 + s.rowsInBands[Math.floor(row / 3)]![row % 3]!;
      const newCol = s.stacks[Math.floor(col / 3)]! * 3 + s.colsInStacks[Math.floor(col / 3)]![col % 3]!;
      const [r, c] = s.transpose ? [newCol, newRow] : [newRow, newCol];
      const digit = grid[row * 9 + col]!;
      out[r * 9 + c] = digit === 0 ? 0 : s.digits[digit]!;
    }
  }
  return out;
}

describe('invariance: the rating does not depend on how the grid is written', () => {
  const puzzles = readFileSync(new URL('./fixtures/data/se-rated-train.tsv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t') as [string, string])
    .filter(([, er]) => Number(er) < 6.5)
    .map(([puzzle]) => parsePuzzle(puzzle));

  test('relabelled digits, permuted rows, bands, columns, stacks, transposed (training puzzles below 6.5)', () => {
    const ratings = puzzles.map((grid) => gradePuzzle(grid).rating);
    const below = puzzles.map((grid, i) => ({ grid, rating: ratings[i]! })).filter((p) => p.rating < 6.5);
    expect(below.length).toBeGreaterThan(150);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: below.length - 1 }), symmetry, (index, s) => {
        const { grid, rating } = below[index]!;
        expect(gradePuzzle(transform(grid, s)).rating).toBe(rating);
      }),
      { numRuns: 600, seed: 20261121 },
    );
  }, 600_000);
});
