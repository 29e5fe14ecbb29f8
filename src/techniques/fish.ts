import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT } from '../core/tables.js';
import { COMBOS } from './subsets.js';
import { techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';
import { variantTechniques } from './variant-link.js';

/**
 * Basic fish (X-wing, swordfish, jellyfish), after Sudoku Explainer's `Fisherman`: `size` base lines
 * in which a digit's places (at least two per line) all fall in `size` cover lines; the digit goes
 * from the rest of the cover lines. Base columns are tried before base rows; line sets as ascending
 * masks, and for each set the digits 1..9 (SE's order). As in SE, a digit is only considered while at
 * most 9 - 2 x size of its copies are placed.
 */

/** How many of each digit are placed. */
export const PLACED = new Uint8Array(10);
/** LINE_POS[(orientation * 9 + d - 1) * 9 + line]: places of d in a line; orientation 0 columns, 1 rows. */
export const LINE_POS = new Uint16Array(2 * 9 * 9);
/** BASE_LINES[orientation * 9 + d - 1]: the lines holding d in two places or more (the only possible base lines). */
export const BASE_LINES = new Uint16Array(2 * 9);

/** Cell at base line `base` and cover line `cover`; columns as base when `columnsBase`. */
function cellAt(columnsBase: boolean, base: number, cover: number): number {
  return columnsBase ? cover * 9 + base : base * 9 + cover;
}

/** The fish a search found: its digit, base lines and cover lines. */
export const found = { digit: 0, lines: 0, union: 0 };

function fillLinePositions(board: Readonly<Board>): void {
  LINE_POS.fill(0);
  PLACED.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const value = board.values[cell]!;
    if (value !== 0) {
      PLACED[value] = PLACED[value]! + 1;
      continue;
    }
    const row = Math.floor(cell / 9);
    const col = cell % 9;
    let mask = board.candidates[cell]!;
    while (mask !== 0) {
      const low = mask & -mask;
      mask ^= low;
      const d = FIRST_DIGIT[low]! - 1;
      LINE_POS[d * 9 + col] = LINE_POS[d * 9 + col]! | (1 << row);
      LINE_POS[(9 + d) * 9 + row] = LINE_POS[(9 + d) * 9 + row]! | (1 << col);
    }
  }
  for (let i = 0; i < 18; i++) {
    let lines = 0;
    for (let line = 0; line < 9; line++) if (POPCOUNT[LINE_POS[i * 9 + line]!]! >= 2) lines |= 1 << line;
    BASE_LINES[i] = lines;
  }
}

/** Whether a fish of base lines `lines` and cover lines `union` has the digit (of `offset` in LINE_POS) to remove: in a cover line outside the base lines. */
export function eliminates(offset: number, lines: number, union: number): boolean {
  for (let other = 0x1ff & ~lines; other !== 0; other &= other - 1) {
    if ((LINE_POS[offset + 31 - Math.clz32(other & -other)]! & union) !== 0) return true;
  }
  return false;
}

/**
 * The first fish in SE's order (line sets as ascending masks, then digits 1..9), into `found`, or
 * false: base columns in pass 0, rows in pass 1. (Variant grading finds the same through the
 * variant link, visiting only the sets of each digit's possible base lines: fish-subsets.ts.)
 */
function firstFish(pass: number, size: number): boolean {
  for (const lines of COMBOS[size]!) {
    for (let d = 1; d <= 9; d++) {
      // Every base line must hold the digit twice or more.
      if (PLACED[d]! + size * 2 > 9 || (lines & ~BASE_LINES[pass * 9 + d - 1]!) !== 0) continue;
      const offset = (pass * 9 + d - 1) * 9;
      let union = 0;
      for (let b = 0; b < 9; b++) if (lines & (1 << b)) union |= LINE_POS[offset + b]!;
      if (POPCOUNT[union] !== size || !eliminates(offset, lines, union)) continue;
      found.digit = d;
      found.lines = lines;
      found.union = union;
      return true;
    }
  }
  return false;
}

function findFish(board: Readonly<Board>, size: number, technique: string, difficulty: number, geometry: Geometry | undefined): Step | null {
  fillLinePositions(board);
  for (let pass = 0; pass < 2; pass++) {
    const columnsBase = pass === 0;
    if (!(geometry === undefined || geometry.classic ? firstFish(pass, size) : variantTechniques().firstFish(pass, size))) continue;
    const { digit: d, lines, union } = found;
    const bit = 1 << (d - 1);
    const eliminations: Candidate[] = [];
    for (let j = 0; j < 9; j++) {
      if ((union & (1 << j)) === 0) continue;
      for (let b = 0; b < 9; b++) {
        if (lines & (1 << b)) continue;
        const cell = cellAt(columnsBase, b, j);
        if (board.candidates[cell]! & bit) eliminations.push({ cell, digit: d });
      }
    }
    eliminations.sort((x, y) => x.cell - y.cell);
    const cells: number[] = [];
    const baseUnits: number[] = [];
    const coverUnits: number[] = [];
    for (let b = 0; b < 9; b++) {
      if ((lines & (1 << b)) === 0) continue;
      baseUnits.push(columnsBase ? 9 + b : b);
      for (let j = 0; j < 9; j++) {
        const cell = cellAt(columnsBase, b, j);
        if (board.candidates[cell]! & bit) cells.push(cell);
      }
    }
    for (let j = 0; j < 9; j++) if (union & (1 << j)) coverUnits.push(columnsBase ? j : 9 + j);
    cells.sort((x, y) => x - y);
    return {
      technique,
      difficulty,
      placements: [],
      eliminations,
      pattern: { cells, digits: [d], units: [...baseUnits, ...coverUnits] },
    };
  }
  return null;
}

function def(id: string, name: string, size: number, difficulty: number): TechniqueDef {
  return techniqueDef('fish', id, name, difficulty, (board, context) => findFish(board, size, id, difficulty, context.geometry));
}

export const X_WING = def('x-wing', 'X-wing', 2, 3.2);
export const SWORDFISH = def('swordfish', 'Swordfish', 3, 3.8);
export const JELLYFISH = def('jellyfish', 'Jellyfish', 4, 5.2);

/** Basic fish, in ladder order. */
export const FISH_TECHNIQUES: TechniqueDef[] = [X_WING, SWORDFISH, JELLYFISH];
