import type { Board } from '../core/board.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT, UNIT_CELLS } from '../core/tables.js';
import type { TechniqueDef } from './types.js';

/**
 * Locked candidates (pointing and claiming), after Sudoku Explainer's `Locking` rule.
 *
 * Pointing: in a box, a digit's places all lie in one line, so the rest of that line loses it.
 * Claiming: in a line, a digit's places all lie in one box, so the rest of that box loses it.
 * The "direct" forms count only when the eliminations leave the digit a single place in another
 * unit of the first unit's type (another box for pointing, another line for claiming); the step then
 * also places it. SE rates them 1.7 / 1.9, the plain forms 2.6 / 2.8.
 */

/** INTERSECT[u1 * 27 + u2]: mask of the indexes (in u1) of u1's cells that also lie in u2. */
const INTERSECT = new Uint16Array(27 * 27);
for (let u1 = 0; u1 < 27; u1++) {
  for (let u2 = 0; u2 < 27; u2++) {
    if (u1 === u2) continue;
    let mask = 0;
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[u1 * 9 + i]!;
      for (let j = 0; j < 9; j++) if (UNIT_CELLS[u2 * 9 + j] === cell) mask |= 1 << i;
    }
    // Only box-line crossings (3 shared cells) count as intersections.
    INTERSECT[u1 * 27 + u2] = POPCOUNT[mask] === 3 ? mask : 0;
  }
}

const BOXES = [18, 19, 20, 21, 22, 23, 24, 25, 26];
const COLUMNS = [9, 10, 11, 12, 13, 14, 15, 16, 17];
const ROWS = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/** The (first-unit type, second-unit type) passes of SE, in its order. */
const POINTING_PASSES: ReadonlyArray<readonly [number[], number[]]> = [
  [BOXES, COLUMNS],
  [BOXES, ROWS],
];
const CLAIMING_PASSES: ReadonlyArray<readonly [number[], number[]]> = [
  [COLUMNS, BOXES],
  [ROWS, BOXES],
];

/** Scratch: positions of each digit in each unit, POS[unit * 9 + d - 1]. */
const POS = new Uint16Array(27 * 9);

/** Fills `pos` with the 9-bit position mask of every digit in every unit. */
export function allUnitPositions(board: Readonly<Board>, pos: Uint16Array): void {
  pos.fill(0);
  for (let unit = 0; unit < 27; unit++) {
    const base = unit * 9;
    for (let i = 0; i < 9; i++) {
      let mask = board.candidates[UNIT_CELLS[base + i]!]!;
      while (mask !== 0) {
        const low = mask & -mask;
        const k = base + FIRST_DIGIT[low]! - 1;
        pos[k] = pos[k]! | (1 << i);
        mask ^= low;
      }
    }
  }
}

function lockingEliminations(board: Readonly<Board>, u1: number, u2: number, digit: number): Candidate[] {
  const bit = 1 << (digit - 1);
  const out: Candidate[] = [];
  const inter = INTERSECT[u2 * 27 + u1]!;
  for (let j = 0; j < 9; j++) {
    if (inter & (1 << j)) continue;
    const cell = UNIT_CELLS[u2 * 9 + j]!;
    if (board.candidates[cell]! & bit) out.push({ cell, digit });
  }
  return out;
}

function lockedCells(u1: number, positions: number): number[] {
  const cells: number[] = [];
  for (let i = 0; i < 9; i++) if (positions & (1 << i)) cells.push(UNIT_CELLS[u1 * 9 + i]!);
  return cells;
}

function findLocking(
  board: Readonly<Board>,
  passes: ReadonlyArray<readonly [number[], number[]]>,
  direct: boolean,
  technique: string,
  difficulty: number,
): Step | null {
  allUnitPositions(board, POS);
  for (const [firstUnits, secondUnits] of passes) {
    for (const u1 of firstUnits) {
      for (const u2 of secondUnits) {
        const inter = INTERSECT[u1 * 27 + u2]!;
        if (inter === 0) continue;
        for (let d = 1; d <= 9; d++) {
          const positions = POS[u1 * 9 + d - 1]!;
          if (POPCOUNT[positions]! <= 1 || (positions & ~inter) !== 0) continue;
          if (!direct) {
            const eliminations = lockingEliminations(board, u1, u2, d);
            if (eliminations.length === 0) continue;
            return {
              technique,
              difficulty,
              placements: [],
              eliminations,
              pattern: { cells: lockedCells(u1, positions), digits: [d], units: [u1, u2] },
            };
          }
          // Direct: another unit of u1's type crossing u2 is left with one place for d.
          for (const u3 of firstUnits) {
            if (u3 === u1) continue;
            const inter3 = INTERSECT[u3 * 27 + u2]!;
            if (inter3 === 0) continue;
            const positions3 = POS[u3 * 9 + d - 1]!;
            if (POPCOUNT[positions3]! <= 1) continue;
            const rest = positions3 & ~inter3;
            if (POPCOUNT[rest] !== 1) continue;
            const cell = UNIT_CELLS[u3 * 9 + FIRST_DIGIT[rest]! - 1]!;
            return {
              technique,
              difficulty,
              placements: [{ cell, digit: d }],
              eliminations: lockingEliminations(board, u1, u2, d),
              pattern: { cells: lockedCells(u1, positions), digits: [d], units: [u1, u2, u3] },
            };
          }
        }
      }
    }
  }
  return null;
}

export function findDirectPointing(board: Readonly<Board>): Step | null {
  return findLocking(board, POINTING_PASSES, true, 'direct-pointing', 1.7);
}

export function findDirectClaiming(board: Readonly<Board>): Step | null {
  return findLocking(board, CLAIMING_PASSES, true, 'direct-claiming', 1.9);
}

export function findPointing(board: Readonly<Board>): Step | null {
  return findLocking(board, POINTING_PASSES, false, 'pointing', 2.6);
}

export function findClaiming(board: Readonly<Board>): Step | null {
  return findLocking(board, CLAIMING_PASSES, false, 'claiming', 2.8);
}

function def(id: string, name: string, difficulty: number, find: (board: Readonly<Board>) => Step | null): TechniqueDef {
  return { id, name, family: 'intersections', difficulty, maxDifficulty: difficulty, uniqueness: false, find };
}

export const DIRECT_POINTING = def('direct-pointing', 'Direct pointing', 1.7, findDirectPointing);
export const DIRECT_CLAIMING = def('direct-claiming', 'Direct claiming', 1.9, findDirectClaiming);
export const POINTING = def('pointing', 'Pointing', 2.6, findPointing);
export const CLAIMING = def('claiming', 'Claiming', 2.8, findClaiming);

/** Locked candidates, in ladder order. */
export const INTERSECTION_TECHNIQUES: TechniqueDef[] = [DIRECT_POINTING, DIRECT_CLAIMING, POINTING, CLAIMING];
