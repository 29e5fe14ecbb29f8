import { toGrid, type GridInput } from './grid-input.js';
import { optionKeys, ownOptions } from './errors.js';
import { ALL_DIGITS, BOX_OF, COL_OF, ROW_OF, UNIT_CELLS, cellName, unitName } from './tables.js';

/** 81 cells row by row; 0 is an empty cell, 1..9 a digit. The one grid type of the library. */
export type Grid = Uint8Array;

/** An empty grid. */
export function emptyGrid(): Grid {
  return new Uint8Array(81);
}

/** Number of filled cells. */
export function clueCount(input: GridInput): number {
  const grid = toGrid(input);
  let n = 0;
  for (let cell = 0; cell < 81; cell++) if (grid[cell] !== 0) n++;
  return n;
}

/** Two givens that clash: the same digit twice in one unit. */
export interface Conflict {
  cells: [number, number];
  digit: number;
  unit: number;
}

/** The first pair of equal digits in a unit (rows, then columns, then boxes), or null. */
export function findConflict(input: GridInput): Conflict | null {
  const grid = toGrid(input);
  if (!hasConflict(grid)) return null;
  const seenAt = new Int8Array(10);
  for (let unit = 0; unit < 27; unit++) {
    seenAt.fill(-1);
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[unit * 9 + i]!;
      const digit = grid[cell]!;
      if (digit === 0) continue;
      const earlier = seenAt[digit]!;
      if (earlier >= 0) return { cells: [UNIT_CELLS[unit * 9 + earlier]!, cell], digit, unit };
      seenAt[digit] = i;
    }
  }
  return null;
}

const unitSeen = new Uint16Array(27);

/** Whether any digit repeats in a unit: one pass with a mask per unit. */
export function hasConflict(grid: Grid): boolean {
  unitSeen.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const digit = grid[cell]!;
    if (digit === 0) continue;
    const bit = 1 << (digit - 1);
    const row = ROW_OF[cell]!;
    const col = 9 + COL_OF[cell]!;
    const box = 18 + BOX_OF[cell]!;
    if ((unitSeen[row]! | unitSeen[col]! | unitSeen[box]!) & bit) return true;
    unitSeen[row] = unitSeen[row]! | bit;
    unitSeen[col] = unitSeen[col]! | bit;
    unitSeen[box] = unitSeen[box]! | bit;
  }
  return false;
}

/** `r1c1 and r1c5 both hold 7 in row 1` */
export function describeConflict(conflict: Conflict): string {
  const [a, b] = conflict.cells;
  return `${cellName(a)} and ${cellName(b)} both hold ${conflict.digit} in ${unitName(conflict.unit)}`;
}

/** Whether the grid is complete and every unit holds each digit once. */
export function isSolvedGrid(input: GridInput): boolean {
  const grid = toGrid(input);
  for (let unit = 0; unit < 27; unit++) {
    let mask = 0;
    for (let i = 0; i < 9; i++) {
      const digit = grid[UNIT_CELLS[unit * 9 + i]!]!;
      if (digit === 0) return false;
      mask |= 1 << (digit - 1);
    }
    if (mask !== ALL_DIGITS) return false;
  }
  return true;
}

/** Whether `solution` keeps every given of `puzzle`. */
export function extendsGrid(solutionInput: GridInput, puzzleInput: GridInput): boolean {
  const solution = toGrid(solutionInput);
  const puzzle = toGrid(puzzleInput);
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== 0 && puzzle[cell] !== solution[cell]) return false;
  }
  return true;
}

/** The cells of a valid grid as text, `empty` for an empty cell: {@link formatGrid}'s line (joined) without its checks and options. */
export function gridChars(grid: Grid, empty = '.'): string[] {
  const chars: string[] = [];
  for (let cell = 0; cell < 81; cell++) chars.push(grid[cell] === 0 ? empty : String(grid[cell]));
  return chars;
}

/** Options for {@link formatGrid}. */
export interface FormatOptions {
  /** `line`: 81 characters; `grid`: 9 rows with box separators. Default `line`. */
  style?: 'line' | 'grid';
  /** Character for empty cells. Default `.`. */
  empty?: string;
}

const FORMAT_OPTION_KEYS = optionKeys<FormatOptions>({ style: true, empty: true });

/** A grid as text: one 81-character line, or a 9-row grid with `|` and `------+-------+------`. */
export function formatGrid(input: GridInput, options: FormatOptions = {}): string {
  options = ownOptions(options, FORMAT_OPTION_KEYS, 'format');
  const chars = gridChars(toGrid(input), options.empty ?? '.');
  if ((options.style ?? 'line') === 'line') return chars.join('');
  const rows: string[] = [];
  for (let row = 0; row < 9; row++) {
    if (row === 3 || row === 6) rows.push('------+-------+------');
    const c = chars.slice(row * 9, row * 9 + 9);
    rows.push(`${c.slice(0, 3).join(' ')} | ${c.slice(3, 6).join(' ')} | ${c.slice(6, 9).join(' ')}`);
  }
  return rows.join('\n');
}
