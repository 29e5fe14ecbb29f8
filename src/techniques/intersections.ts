import type { Board } from '../core/board.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, UNIT_CELLS } from '../core/tables.js';
import { techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';
import { classicOr } from './variant-link.js';

/**
 * Locked candidates (pointing and claiming), after Sudoku Explainer's `Locking` rule.
 *
 * Pointing: in a box, a digit's places (two or more) all lie in one line, so the rest of that line
 * loses it. Claiming: in a line, a digit's places all lie in one box, so the rest of that box loses it.
 * The "direct" forms count only when the eliminations leave the digit a single place in another unit
 * of the first unit's type (another box for pointing, another line for claiming); the step then
 * places it, and (as in SE 1.2.1) applies only that placement. SE rates them 1.7 / 1.9, the plain
 * forms 2.6 / 2.8.
 *
 * SE's order is kept: pointing box/column pairs, then box/row pairs, then claiming column/box, then
 * row/box; first units in index order, second units in index order, digits ascending.
 *
 * Every box-line crossing is a "segment" of 3 cells. For a unit split into its 3 segments with
 * candidate unions s0, s1, s2, the digits confined to segment 0 are `s0 & ~s1 & ~s2`; those with at
 * least two places in it are `(a & b) | (a & c) | (b & c)` over its three cells: all nine digits at once.
 */

/** SEGMENT[(unit * 3 + k) * 3 + j]: cell j of segment k of a unit (k-th crossing, in index order). */
const SEGMENT = new Uint8Array(27 * 3 * 3);
/** CROSSING[unit * 3 + k]: the unit crossing `unit` at its k-th segment (a box for a line, a line for a box). */
const CROSSING = new Uint8Array(27 * 3);
/** For boxes: segments 0-2 are its columns (left to right), 3-5 its rows (top to bottom). */
const BOX_SEGMENT = new Uint8Array(9 * 6 * 3);
const BOX_CROSSING = new Uint8Array(9 * 6);

for (let line = 0; line < 18; line++) {
  for (let k = 0; k < 3; k++) {
    for (let j = 0; j < 3; j++) SEGMENT[(line * 3 + k) * 3 + j] = UNIT_CELLS[line * 9 + k * 3 + j]!;
    const cell = UNIT_CELLS[line * 9 + k * 3]!;
    const row = Math.floor(cell / 9);
    const col = cell % 9;
    CROSSING[line * 3 + k] = 18 + Math.floor(row / 3) * 3 + Math.floor(col / 3);
  }
}
for (let box = 0; box < 9; box++) {
  const top = Math.floor(box / 3) * 3;
  const left = (box % 3) * 3;
  for (let k = 0; k < 3; k++) {
    for (let j = 0; j < 3; j++) {
      BOX_SEGMENT[(box * 6 + k) * 3 + j] = (top + j) * 9 + left + k; // column left + k
      BOX_SEGMENT[(box * 6 + 3 + k) * 3 + j] = (top + k) * 9 + left + j; // row top + k
    }
    BOX_CROSSING[box * 6 + k] = 9 + left + k;
    BOX_CROSSING[box * 6 + 3 + k] = top + k;
  }
}

/** IN_OTHER[u2 * 27 + u1]: mask of the indexes (in u2) of u2's cells that lie in u1 (0 unless they cross). */
const IN_OTHER = new Uint16Array(27 * 27);
for (let u2 = 0; u2 < 27; u2++) {
  for (let u1 = 0; u1 < 27; u1++) {
    if ((u1 >= 18) === (u2 >= 18)) continue;
    let mask = 0;
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[u2 * 9 + i]!;
      for (let j = 0; j < 9; j++) if (UNIT_CELLS[u1 * 9 + j] === cell) mask |= 1 << i;
    }
    IN_OTHER[u2 * 27 + u1] = mask;
  }
}

/** Cells of `unit` holding candidate `bit`, inside (`mask` bits set) or outside the index mask. */
function cellsWith(board: Readonly<Board>, unit: number, bit: number, mask: number, inside: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < 9; i++) {
    if (((mask >> i) & 1) !== (inside ? 1 : 0)) continue;
    const cell = UNIT_CELLS[unit * 9 + i]!;
    if (board.candidates[cell]! & bit) out.push(cell);
  }
  return out;
}

/** The locking step of digit `d` confined to the crossing of u1 (where it is locked) and u2. */
function lockingStep(
  board: Readonly<Board>,
  u1: number,
  u2: number,
  d: number,
  direct: boolean,
  technique: string,
  difficulty: number,
): Step | null {
  const bit = 1 << (d - 1);
  const cand = board.candidates;
  const crossing = IN_OTHER[u2 * 27 + u1]!;
  let outside = 0;
  for (let i = 0; i < 9; i++) if ((crossing & (1 << i)) === 0) outside |= cand[UNIT_CELLS[u2 * 9 + i]!]!;
  if ((outside & bit) === 0) return null;
  let u3 = -1;
  let placed = -1;
  if (direct) {
    // Another unit of u1's type that crosses u2 must keep a single place for d outside u2.
    const first = u1 >= 18 ? 18 : u1 < 9 ? 0 : 9;
    for (let u = first; u < first + 9 && u3 < 0; u++) {
      if (u === u1) continue;
      const inU2 = IN_OTHER[u * 27 + u2]!;
      if (inU2 === 0) continue;
      let count = 0;
      let outsideCount = 0;
      let last = -1;
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[u * 9 + i]!;
        if ((cand[cell]! & bit) === 0) continue;
        count++;
        if ((inU2 & (1 << i)) === 0) {
          outsideCount++;
          last = cell;
        }
      }
      if (outsideCount === 1 && count > 1) {
        u3 = u;
        placed = last;
      }
    }
    if (u3 < 0) return null;
  }
  const eliminations: Candidate[] = cellsWith(board, u2, bit, crossing, false).map((cell) => ({ cell, digit: d }));
  const cells = cellsWith(board, u1, bit, IN_OTHER[u1 * 27 + u2]!, true);
  if (!direct) {
    return { technique, difficulty, placements: [], eliminations, pattern: { cells, digits: [d], units: [u1, u2] } };
  }
  // As in SE 1.2.1, a direct hint applies only its placement; the eliminations are its reasoning.
  return {
    technique,
    difficulty,
    placements: [{ cell: placed, digit: d }],
    eliminations: [],
    pattern: { cells, digits: [d], units: [u1, u2, u3] },
  };
}

/** Digits confined to segment `k` (of three with unions s[0..2]) with at least two places in it. */
function confined(s0: number, s1: number, s2: number, a: number, b: number, c: number): number {
  return s0 & ~s1 & ~s2 & ((a & b) | (a & c) | (b & c));
}

/** Scratch for lockedInSegments: the nine cells' candidates, then the three segments' unions. */
const SEGMENT_CELLS = new Uint16Array(9);
const SEGMENT_UNION = new Uint16Array(3);

/**
 * The first locking step among the three segments (three cells each, `segments[(first + k) * 3 + j]`)
 * of `unit`: a digit in two or more cells of segment k and in no other segment of the unit is locked
 * there, so it leaves the rest of the unit crossing at `crossings[first + k]`.
 */
function lockedInSegments(
  board: Readonly<Board>,
  segments: Uint8Array,
  crossings: Uint8Array,
  first: number,
  unit: number,
  direct: boolean,
  technique: string,
  difficulty: number,
): Step | null {
  const cand = board.candidates;
  for (let k = 0; k < 3; k++) {
    let union = 0;
    for (let j = 0; j < 3; j++) {
      const mask = cand[segments[(first + k) * 3 + j]!]!;
      SEGMENT_CELLS[k * 3 + j] = mask;
      union |= mask;
    }
    SEGMENT_UNION[k] = union;
  }
  for (let k = 0; k < 3; k++) {
    let digits = confined(
      SEGMENT_UNION[k]!,
      SEGMENT_UNION[(k + 1) % 3]!,
      SEGMENT_UNION[(k + 2) % 3]!,
      SEGMENT_CELLS[k * 3]!,
      SEGMENT_CELLS[k * 3 + 1]!,
      SEGMENT_CELLS[k * 3 + 2]!,
    );
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const step = lockingStep(board, unit, crossings[first + k]!, FIRST_DIGIT[low]!, direct, technique, difficulty);
      if (step) return step;
    }
  }
  return null;
}

function findPointing(board: Readonly<Board>, direct: boolean, technique: string, difficulty: number): Step | null {
  // Pass 1: box/column pairs (segments 0-2), pass 2: box/row pairs (segments 3-5).
  for (let pass = 0; pass < 2; pass++) {
    for (let box = 0; box < 9; box++) {
      const step = lockedInSegments(board, BOX_SEGMENT, BOX_CROSSING, box * 6 + pass * 3, 18 + box, direct, technique, difficulty);
      if (step) return step;
    }
  }
  return null;
}

function findClaiming(board: Readonly<Board>, direct: boolean, technique: string, difficulty: number): Step | null {
  // Columns (units 9-17) first, then rows (0-8), as SE; each line meets the boxes in segment order.
  for (let pass = 0; pass < 2; pass++) {
    for (let n = 0; n < 9; n++) {
      const line = pass === 0 ? 9 + n : n;
      const step = lockedInSegments(board, SEGMENT, CROSSING, line * 3, line, direct, technique, difficulty);
      if (step) return step;
    }
  }
  return null;
}

export function findDirectPointing(board: Readonly<Board>): Step | null {
  return findPointing(board, true, 'direct-pointing', 1.7);
}

export function findDirectClaiming(board: Readonly<Board>): Step | null {
  return findClaiming(board, true, 'direct-claiming', 1.9);
}

export function findPlainPointing(board: Readonly<Board>): Step | null {
  return findPointing(board, false, 'pointing', 2.6);
}

export function findPlainClaiming(board: Readonly<Board>): Step | null {
  return findClaiming(board, false, 'claiming', 2.8);
}

/** On other rules than classic each searches locked candidates of its kind over every pair of crossing houses (classicOr). */
function def(id: string, name: string, difficulty: number, classic: (board: Readonly<Board>) => Step | null): TechniqueDef {
  return techniqueDef('intersections', id, name, difficulty, classicOr(id, classic));
}

export const DIRECT_POINTING = def('direct-pointing', 'Direct pointing', 1.7, findDirectPointing);
export const DIRECT_CLAIMING = def('direct-claiming', 'Direct claiming', 1.9, findDirectClaiming);
export const POINTING = def('pointing', 'Pointing', 2.6, findPlainPointing);
export const CLAIMING = def('claiming', 'Claiming', 2.8, findPlainClaiming);

/** Locked candidates, in ladder order. */
export const INTERSECTION_TECHNIQUES: TechniqueDef[] = [DIRECT_POINTING, DIRECT_CLAIMING, POINTING, CLAIMING];
