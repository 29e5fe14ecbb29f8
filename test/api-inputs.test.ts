import { describe, expect, test } from 'vitest';
import {
  GenerateOptionError,
  OptionError,
  PuzzleFormatError,
  boardFromGrid,
  clueCount,
  countSolutions,
  findConflict,
  formatGrid,
  generateOne,
  gradePuzzle,
  hasSymmetry,
  hintStep,
  isSolvedGrid,
  parsePuzzle,
  solve,
  solvePath,
  Solver,
} from '../src/index.js';

// Honest inputs: a grid is a string, an array of 81 numbers (0 or null empty) or a Uint8Array; anything
// else is a PuzzleFormatError with a stable code, never a silent 0. Plain outputs that survive JSON.
const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const asArray = [...HARD1].map((ch) => (ch === '.' ? 0 : Number(ch)));
const withNulls = asArray.map((d) => (d === 0 ? null : d));

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('every function that takes a grid takes the three forms', () => {
  test.each([
    ['string', HARD1],
    ['array', asArray],
    ['array with nulls', withNulls],
    ['Uint8Array', Uint8Array.from(asArray)],
    ['printed grid', formatGrid(HARD1, { style: 'grid' })],
  ])('%s', (_name, input) => {
    expect(countSolutions(input)).toBe(1);
    expect(solve(input)).toBe(SOLUTION);
    expect(new Solver().count(input, 2)).toBe(1);
    expect(clueCount(input)).toBe(17);
    expect(formatGrid(input)).toBe(HARD1);
    expect(findConflict(input)).toBeNull();
    expect(isSolvedGrid(input)).toBe(false);
    expect(hasSymmetry(input, 'none')).toBe(true);
    expect(boardFromGrid(input).values).toEqual(Uint8Array.from(asArray));
    expect(gradePuzzle(input)).toEqual(gradePuzzle(parsePuzzle(HARD1)));
    expect(hintStep(input)).toEqual(hintStep(parsePuzzle(HARD1)));
  });

  test('a string with conflicting givens is graded as a conflict of those givens, not of empty cells', () => {
    const conflict = `44${HARD1.slice(2)}`;
    expect(countSolutions(conflict)).toBe(0);
    expect(() => gradePuzzle(conflict)).toThrow(/r1c1 and r1c2 both hold 4/);
  });
});

describe('anything else is a PuzzleFormatError with a code', () => {
  test.each<[string, unknown, string]>([
    ['a short string', HARD1.slice(0, 80), 'CELL_COUNT'],
    ['80 numbers', asArray.slice(0, 80), 'CELL_COUNT'],
    ['82 numbers', [...asArray, 0], 'CELL_COUNT'],
    ['a cell holding 12', [12, ...asArray.slice(1)], 'BAD_CELL_VALUE'],
    ['a cell holding -1', [-1, ...asArray.slice(1)], 'BAD_CELL_VALUE'],
    ['a cell holding 2.5', [2.5, ...asArray.slice(1)], 'BAD_CELL_VALUE'],
    ['a cell holding "4"', ['4', ...asArray.slice(1)], 'BAD_CELL_VALUE'],
    ['a Uint8Array cell holding 12', Uint8Array.from([12, ...asArray.slice(1)]), 'BAD_CELL_VALUE'],
    ['a Uint8Array of 80', new Uint8Array(80), 'CELL_COUNT'],
    ['a letter in a string', `x${HARD1.slice(1)}`, 'BAD_CHARACTER'],
    ['null', null, 'BAD_GRID_TYPE'],
    ['undefined', undefined, 'BAD_GRID_TYPE'],
    ['a number', 42, 'BAD_GRID_TYPE'],
    ['an object', { cells: asArray }, 'BAD_GRID_TYPE'],
    ['an Int32Array', Int32Array.from(asArray), 'BAD_GRID_TYPE'],
  ])('%s', (_name, input, code) => {
    const grid = input as string;
    for (const call of [() => countSolutions(grid), () => solve(grid), () => gradePuzzle(grid), () => solvePath(grid), () => hintStep(grid), () => clueCount(grid)]) {
      expect(codeOf(call)).toBe(code);
      expect(() => call()).toThrow(PuzzleFormatError);
    }
  });

  test('the message names the cell and the value', () => {
    expect(() => countSolutions([0, 0, 0, 12, ...asArray.slice(4)])).toThrow('grid: cell 4 (r1c4) holds 12: expected a whole number from 0 to 9 (0 or null for an empty cell)');
  });
});

describe('options are checked', () => {
  test.each<[string, () => unknown, string]>([
    ['unknown grade option', () => gradePuzzle(HARD1, { uniquness: false } as object), 'UNKNOWN_OPTION'],
    ['maxRating not a number', () => gradePuzzle(HARD1, { maxRating: '7' as unknown as number }), 'BAD_OPTION'],
    ['maxRating NaN', () => gradePuzzle(HARD1, { maxRating: Number.NaN }), 'BAD_OPTION'],
    ['uniqueness not a boolean', () => gradePuzzle(HARD1, { uniqueness: 'no' as unknown as boolean }), 'BAD_OPTION'],
    ['unknown count option', () => countSolutions(HARD1, { max: 3 } as object), 'UNKNOWN_OPTION'],
    ['limit 0', () => countSolutions(HARD1, { limit: 0 }), 'BAD_OPTION'],
    ['unknown hint option', () => hintStep(HARD1, { level: 2 } as object), 'UNKNOWN_OPTION'],
    ['options not an object', () => gradePuzzle(HARD1, 5 as unknown as object), 'BAD_OPTION'],
  ])('%s', (_name, call, code) => {
    expect(call).toThrow(OptionError);
    expect(codeOf(call)).toBe(code);
  });

  test.each<[string, () => unknown, string]>([
    ['unknown generator option', () => generateOne('s', 1, { dificulty: 'easy' } as object), 'UNKNOWN_OPTION'],
    ['jobs in the portable core', () => generateOne('s', 1, { jobs: 2 } as object), 'UNKNOWN_OPTION'],
    ['seed as an option of generateOne', () => generateOne('s', 1, { seed: 'x' } as object), 'UNKNOWN_OPTION'],
    ['index beyond safe integers', () => generateOne('s', 2 ** 53), 'BAD_START'],
    ['index 0', () => generateOne('s', 0), 'BAD_START'],
  ])('%s', (_name, call, code) => {
    expect(call).toThrow(GenerateOptionError);
    expect(codeOf(call)).toBe(code);
  });
});

describe('results are plain data', () => {
  test('a generated puzzle, a grade and a step read the same after JSON', () => {
    const made = generateOne('plain', 1, { difficulty: 'medium' });
    expect(made.puzzle).toMatch(/^[1-9.]{81}$/);
    expect(made.solution).toMatch(/^[1-9]{81}$/);
    expect(JSON.parse(JSON.stringify(made))).toEqual(made);
    const grade = gradePuzzle(HARD1);
    expect(JSON.parse(JSON.stringify(grade))).toEqual(grade);
    const steps = solvePath(HARD1);
    expect(JSON.parse(JSON.stringify(steps))).toEqual(steps);
    expect(solve(HARD1)).toBe(SOLUTION);
  });
});
