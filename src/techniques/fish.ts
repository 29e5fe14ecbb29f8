import type { Board } from '../core/board.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT } from '../core/tables.js';
import { COMBOS } from './subsets.js';
import type { TechniqueDef } from './types.js';

/**
 * Basic fish (X-wing, swordfish, jellyfish), after Sudoku Explainer's `Fisherman`: `size` base lines
 * in which a digit's places (at least two per line) all fall in `size` cover lines; the digit goes
 * from the rest of the cover lines. Base columns are tried before base rows; line sets as ascending
 * masks, and for each set the digits 1..9 (SE's order). As in SE, a digit is only considered while at
 * most 9 - 2 x size of its copies are placed.
 */

const PLACED = new Uint8Array(10);
/** LINE_POS[(orientation * 9 + d - 1) * 9 + line]: places of d in a line; orientation 0 columns, 1 rows. */
const LINE_POS = new Uint16Array(2 * 9 * 9);
/** BASE_LINES[orientation * 9 + d - 1]: the lines holding d in two places or more (the only possible base lines). */
const BASE_LINES = new Uint16Array(2 * 9);

/** Cell at base line `base` and cover line `cover`; columns as base when `columnsBase`. */
function cellAt(columnsBase: boolean, base: number, cover: number): number {
  return columnsBase ? cover * 9 + base : base * 9 + cover;
}

/** Scratch: the lines of the set bits of a digit's base lines, in order. */
const LINE_OF_BIT = new Uint8Array(9);
/** The set and cover lines of the fish {@link firstFishOfDigit} found. */
let foundLines = 0;
let foundUnion = 0;

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

/**
 * The first fish of a digit in SE's order (base-line sets as ascending masks), with its set in
 * foundLines / foundUnion, or false. Only subsets of the digit's possible base lines are visited:
 * the k-th set bit of the digit's base lines stands for bit k of a COMBOS mask, a map that keeps
 * the ascending order. Sets at or above `below` are not looked at.
 */
function firstFishOfDigit(offset: number, baseLines: number, size: number, below: number): boolean {
  const count = POPCOUNT[baseLines]!;
  if (count < size) return false;
  let m = 0;
  for (let bits = baseLines; bits !== 0; bits &= bits - 1) LINE_OF_BIT[m++] = 31 - Math.clz32(bits & -bits);
  const combos = COMBOS[size]!;
  const limit = 1 << count;
  for (let c = 0; c < combos.length; c++) {
    const pick = combos[c]!;
    if (pick >= limit) break;
    let lines = 0;
    let union = 0;
    for (let bits = pick; bits !== 0; bits &= bits - 1) {
      const line = LINE_OF_BIT[31 - Math.clz32(bits & -bits)]!;
      lines |= 1 << line;
      union |= LINE_POS[offset + line]!;
    }
    if (lines >= below) return false;
    if (POPCOUNT[union] !== size) continue;
    // Something to eliminate: the digit in a cover line outside the base lines.
    let other = 0x1ff & ~lines;
    let eliminates = false;
    for (; other !== 0; other &= other - 1) {
      if ((LINE_POS[offset + 31 - Math.clz32(other & -other)]! & union) !== 0) {
        eliminates = true;
        break;
      }
    }
    if (!eliminates) continue;
    foundLines = lines;
    foundUnion = union;
    return true;
  }
  return false;
}

function findFish(board: Readonly<Board>, size: number, technique: string, difficulty: number): Step | null {
  fillLinePositions(board);
  for (let pass = 0; pass < 2; pass++) {
    const columnsBase = pass === 0;
    // SE's order: line sets ascending, then digits 1..9: the smallest set, its smallest digit.
    let bestLines = 512;
    let bestDigit = 0;
    let bestUnion = 0;
    for (let d = 1; d <= 9; d++) {
      if (PLACED[d]! + size * 2 > 9) continue;
      if (!firstFishOfDigit((pass * 9 + d - 1) * 9, BASE_LINES[pass * 9 + d - 1]!, size, bestLines)) continue;
      if (foundLines < bestLines) {
        bestLines = foundLines;
        bestDigit = d;
        bestUnion = foundUnion;
      }
    }
    if (bestDigit === 0) continue;
    const d = bestDigit;
    const lines = bestLines;
    const union = bestUnion;
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
  return {
    id,
    name,
    family: 'fish',
    difficulty,
    maxDifficulty: difficulty,
    uniqueness: false,
    find: (board) => findFish(board, size, id, difficulty),
  };
}

export const X_WING = def('x-wing', 'X-wing', 2, 3.2);
export const SWORDFISH = def('swordfish', 'Swordfish', 3, 3.8);
export const JELLYFISH = def('jellyfish', 'Jellyfish', 4, 5.2);

/** Basic fish, in ladder order. */
export const FISH_TECHNIQUES: TechniqueDef[] = [X_WING, SWORDFISH, JELLYFISH];
