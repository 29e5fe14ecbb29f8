import { PuzzleFormatError, shownValue } from './errors.js';
import type { Grid } from './grid.js';
import { parsePuzzle } from './parse.js';
import { cellName } from './tables.js';

/**
 * What a public function accepts as a grid: a puzzle as text (81 characters, or a printed 9-line
 * grid; any empty-cell mark the reader knows), an array of 81 numbers (0 or `null` for an empty
 * cell), or a `Uint8Array` of 81 digits (the library's own form, used as it is).
 */
export type GridInput = string | Uint8Array | readonly (number | null)[];

const WHERE = { source: 'grid', line: 0 };

/**
 * The grid of a public argument, checked: a `Uint8Array` is returned as it is (after checking it),
 * a string is parsed (conflicting givens are not an error here: the caller decides what they mean),
 * an array is copied. Anything else throws a {@link PuzzleFormatError}: `CELL_COUNT` for a length
 * other than 81, `BAD_CELL_VALUE` for a value that is not a whole number from 0 to 9 (or null in an
 * array), `BAD_GRID_TYPE` for something that is not a grid at all; never a silent 0.
 */
export function toGrid(input: GridInput): Grid {
  if (input instanceof Uint8Array) {
    if (input.length !== 81) throw new PuzzleFormatError('CELL_COUNT', `expected 81 cells, found ${input.length}`, WHERE);
    for (let cell = 0; cell < 81; cell++) {
      if (input[cell]! > 9) throw badCellValue(cell, input[cell]);
    }
    return input;
  }
  if (typeof input === 'string') return parsePuzzle(input, { source: 'grid', rejectConflicts: false });
  if (Array.isArray(input)) {
    if (input.length !== 81) throw new PuzzleFormatError('CELL_COUNT', `expected 81 cells, found ${input.length}`, WHERE);
    const grid = new Uint8Array(81);
    for (let cell = 0; cell < 81; cell++) {
      const value: unknown = input[cell];
      if (value === null) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 9) throw badCellValue(cell, value);
      grid[cell] = value;
    }
    return grid;
  }
  const kind = input === null ? 'null' : ArrayBuffer.isView(input) ? (input as object).constructor.name : typeof input;
  throw new PuzzleFormatError('BAD_GRID_TYPE', `expected a puzzle as a string of 81 cells, an array of 81 numbers or a Uint8Array, got ${kind}`, WHERE);
}

/** The error of a cell holding something other than 0-9 (or null in an array). */
export function badCellValue(cell: number, value: unknown): PuzzleFormatError {
  return new PuzzleFormatError('BAD_CELL_VALUE', `cell ${cell + 1} (${cellName(cell)}) holds ${shownValue(value)}: expected a whole number from 0 to 9 (0 or null for an empty cell)`, WHERE);
}
