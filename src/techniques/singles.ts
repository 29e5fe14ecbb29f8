import type { Board } from '../core/board.js';
import { classicGeometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT } from '../core/tables.js';
import { seHouses } from './houses.js';
import { techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';
import { classicOr } from './variant-link.js';

/*
 * The singles scan units in the order Sudoku Explainer visits them: boxes, then columns, then rows
 * (houses.ts, `seHouses(classicGeometry()).order`), so that when several instances of equal
 * difficulty exist we take the same one SE takes.
 */

/**
 * Where each digit can go in a house: `out[(d - 1)]` becomes the 9-bit mask of the indexes i
 * (0..8, as in `houseCells`) of the house's cells that still have d as a candidate.
 */
export function unitPositions(board: Readonly<Board>, unit: number, out: Uint16Array, houseCells: Uint8Array = classicGeometry().houseCells): void {
  for (let d = 0; d < 9; d++) out[d] = 0;
  const base = unit * 9;
  for (let i = 0; i < 9; i++) {
    let mask = board.candidates[houseCells[base + i]!]!;
    while (mask !== 0) {
      const low = mask & -mask;
      const d = FIRST_DIGIT[low]! - 1;
      out[d] = out[d]! | (1 << i);
      mask ^= low;
    }
  }
}

/** Number of empty cells of a house. */
export function unitEmptyCount(board: Readonly<Board>, unit: number, houseCells: Uint8Array = classicGeometry().houseCells): number {
  let n = 0;
  const base = unit * 9;
  for (let i = 0; i < 9; i++) if (board.values[houseCells[base + i]!] === 0) n++;
  return n;
}

export function placement(technique: string, difficulty: number, cell: number, digit: number, unit: number): Step {
  return {
    technique,
    difficulty,
    placements: [{ cell, digit }],
    eliminations: [],
    pattern: { cells: [cell], digits: [digit], units: unit < 0 ? [] : [unit] },
  };
}

/**
 * Scans units in SE order for a digit with one place left. `alone` selects units with exactly one
 * empty cell (full house) or with more than one (hidden single); `kinds` limits the unit types:
 * 1 boxes, 2 lines, 3 both.
 *
 * Bit trick: over the unit's cells, `once` collects digits seen at least once and `twice` those seen
 * at least twice, so `once & ~twice` are the digits with exactly one place.
 */
function findSingleInUnits(board: Readonly<Board>, alone: boolean, kinds: number, technique: string, difficulty: number): Step | null {
  const UNIT_CELLS = classicGeometry().houseCells;
  const order = seHouses(classicGeometry()).order;
  for (let k = 0; k < 27; k++) {
    const unit = order[k]!;
    const isBox = unit >= 18;
    if (isBox ? (kinds & 1) === 0 : (kinds & 2) === 0) continue;
    const base = unit * 9;
    let once = 0;
    let twice = 0;
    let empty = 0;
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[base + i]!;
      if (board.values[cell] !== 0) continue;
      empty++;
      const mask = board.candidates[cell]!;
      twice |= once & mask;
      once |= mask;
    }
    if (empty === 0 || (empty === 1) !== alone) continue;
    const single = once & ~twice;
    if (single === 0) continue;
    const digit = FIRST_DIGIT[single]!;
    const bit = 1 << (digit - 1);
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[base + i]!;
      if (board.candidates[cell]! & bit) return placement(technique, difficulty, cell, digit, unit);
    }
  }
  return null;
}

const EMPTY_IN_UNIT = new Uint8Array(27);
const LAST_EMPTY = new Uint8Array(27);

/**
 * The last empty cell of a box, column or row (SE: a hidden single that is alone, 1.0). One pass
 * counts the empty cells of every unit; the first unit (SE order) with one left gives the step.
 */
export function findFullHouse(board: Readonly<Board>): Step | null {
  const { rowOf, colOf, regionOf } = classicGeometry();
  EMPTY_IN_UNIT.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    if (board.values[cell] !== 0) continue;
    const row = rowOf[cell]!;
    const col = 9 + colOf[cell]!;
    const box = 18 + regionOf[cell]!;
    EMPTY_IN_UNIT[row] = EMPTY_IN_UNIT[row]! + 1;
    EMPTY_IN_UNIT[col] = EMPTY_IN_UNIT[col]! + 1;
    EMPTY_IN_UNIT[box] = EMPTY_IN_UNIT[box]! + 1;
    LAST_EMPTY[row] = cell;
    LAST_EMPTY[col] = cell;
    LAST_EMPTY[box] = cell;
  }
  const order = seHouses(classicGeometry()).order;
  for (let k = 0; k < 27; k++) {
    const unit = order[k]!;
    if (EMPTY_IN_UNIT[unit] !== 1) continue;
    const cell = LAST_EMPTY[unit]!;
    // Every other digit is placed in the unit, so the cell's only possible candidate is the missing one.
    const mask = board.candidates[cell]!;
    if (mask !== 0) return placement('full-house', 1.0, cell, FIRST_DIGIT[mask]!, unit);
  }
  return null;
}

/** A digit with one place left in a box (1.2). */
export function findHiddenSingleBox(board: Readonly<Board>): Step | null {
  return findSingleInUnits(board, false, 1, 'hidden-single-box', 1.2);
}

/** A digit with one place left in a column or row, columns first as in SE (1.5). */
export function findHiddenSingleLine(board: Readonly<Board>): Step | null {
  return findSingleInUnits(board, false, 2, 'hidden-single-line', 1.5);
}

/** The first cell (row by row) with one candidate left (2.3). */
export function findNakedSingle(board: Readonly<Board>): Step | null {
  for (let cell = 0; cell < 81; cell++) {
    const mask = board.candidates[cell]!;
    if (mask !== 0 && POPCOUNT[mask] === 1) return placement('naked-single', 2.3, cell, FIRST_DIGIT[mask]!, -1);
  }
  return null;
}

// On other rules than classic each of these searches SukakuExplainer's houses of its kind (classicOr).
export const FULL_HOUSE = techniqueDef('singles', 'full-house', 'Full house', 1.0, classicOr('full-house', findFullHouse));

export const HIDDEN_SINGLE_BOX = techniqueDef('singles', 'hidden-single-box', 'Hidden single (box)', 1.2, classicOr('hidden-single-box', findHiddenSingleBox));

export const HIDDEN_SINGLE_LINE = techniqueDef('singles', 'hidden-single-line', 'Hidden single (row or column)', 1.5, classicOr('hidden-single-line', findHiddenSingleLine));

export const NAKED_SINGLE = techniqueDef('singles', 'naked-single', 'Naked single', 2.3, findNakedSingle);

/** The singles, in ladder order. */
export const SINGLES_TECHNIQUES: TechniqueDef[] = [FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE];
