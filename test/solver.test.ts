import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { extendsGrid, formatGrid, isSolvedGrid } from '../src/core/grid.js';
import { boardFromGrid } from '../src/core/board.js';
import { Solver, countSolutions, solve } from '../src/solver/index.js';
import { readSolverCases } from './helpers/solver-fixtures.js';
import { permuteBands, permuteRowsInBand, relabel, transpose } from './helpers/transforms.js';

const cases = readSolverCases();
const solutions = cases.filter((c) => c.solution).map((c) => c.solution!);

describe('counting solver on the fixture file', () => {
  test.each(cases.map((c) => [`line ${c.line} (${c.comment})`, c] as const))('%s', (_name, c) => {
    const stats = { nodes: 0, guesses: 0 };
    expect(countSolutions(c.puzzle, { stats })).toBe(c.count);
    if (c.count > 0) expect(stats.nodes).toBeGreaterThan(0);
    const found = solve(c.puzzle);
    if (c.count === 0) expect(found).toBeNull();
    else {
      expect(found).not.toBeNull();
      expect(isSolvedGrid(found!)).toBe(true);
      expect(extendsGrid(found!, c.puzzle)).toBe(true);
    }
    if (c.solution) expect(formatGrid(found!)).toBe(formatGrid(c.solution));
  });

  test('the fixture covers every kind of case the solver must handle', () => {
    const kinds = new Set(cases.map((c) => c.comment.split(':')[0]));
    for (const kind of ['unique', 'multiple solutions', 'conflicting givens', 'empty grid', 'full valid grid', 'full invalid grid (two cells swapped)']) {
      expect(kinds).toContain(kind);
    }
    expect(cases.some((c) => c.comment.startsWith('no solution'))).toBe(true);
  });

  test('limit is respected: an empty grid counts exactly up to the limit', () => {
    const solver = new Solver();
    expect(solver.count(new Uint8Array(81), 1)).toBe(1);
    expect(solver.count(new Uint8Array(81), 2)).toBe(2);
    expect(solver.count(new Uint8Array(81), 7)).toBe(7);
  });

  test('countBoard honours pencil-mark eliminations', () => {
    const unique = cases.find((c) => c.count === 1 && c.comment.includes('top95'))!;
    const board = boardFromGrid(unique.puzzle);
    const solver = new Solver();
    expect(solver.countBoard(board)).toBe(1);
    // Removing the true digit of an empty cell leaves no solution.
    const cell = unique.puzzle.findIndex((d) => d === 0);
    board.candidates[cell] = board.candidates[cell]! & ~(1 << (unique.solution![cell]! - 1));
    expect(solver.countBoard(board)).toBe(0);
  });
});

const permutation3 = fc.constantFrom([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]);
const digitMap = fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9], { minLength: 9, maxLength: 9 });

describe('properties', () => {
  test('blanking cells of a valid full grid leaves at least one solution, and solutions extend the givens', () => {
    fc.assert(
      fc.property(fc.constantFrom(...solutions), digitMap, fc.array(fc.boolean(), { minLength: 81, maxLength: 81 }), (full, map, blank) => {
        const puzzle = relabel(full, map).map((d, cell) => (blank[cell] ? 0 : d));
        const solver = new Solver();
        const count = solver.count(puzzle, 2);
        expect(count).toBeGreaterThanOrEqual(1);
        expect(isSolvedGrid(solver.solution)).toBe(true);
        expect(extendsGrid(solver.solution, puzzle)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('relabelling, permuting rows in a band, permuting bands and transposing keep the count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        digitMap,
        fc.integer({ min: 0, max: 2 }),
        permutation3,
        permutation3,
        fc.boolean(),
        (c, map, band, rowOrder, bandOrder, flip) => {
          let grid = relabel(c.puzzle, map);
          grid = permuteRowsInBand(grid, band, rowOrder);
          grid = permuteBands(grid, bandOrder);
          if (flip) grid = transpose(grid);
          expect(countSolutions(grid)).toBe(c.count);
        },
      ),
      { numRuns: 300 },
    );
  });
});
