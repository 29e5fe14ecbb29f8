import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT, digitsOf } from '../core/tables.js';
import { seHouses } from './houses.js';
import { unitEmptyCount, unitPositions } from './singles.js';
import { onGeometry, techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';

/**
 * Naked and hidden subsets (pairs, triples, quads) and the direct hidden pair / triple, after Sudoku
 * Explainer's `NakedSet` and `HiddenSet` rules, including their conditions:
 * - every member of the set has at least two candidates (a naked set's cells) or two places
 *   (a hidden set's digits), and the union has exactly `size` elements;
 * - naked sets are looked for in units with at least 2 x size empty cells, hidden sets in units with
 *   more than 2 x size (a hidden set in a smaller unit is the complement of a smaller naked set);
 * - a direct hidden set counts only when removing the other candidates from its cells leaves some
 *   other digit a single place in the unit; the step places that digit (2.0 / 2.5) and, like SE
 *   1.2.1, applies nothing else: the other candidates of the set's cells stay. (Removing them too
 *   changes later paths: 5 of the 230 training puzzles below ER 7.5 then rate lower than SE.) On
 *   other rules the eliminations are applied with the placement, as SukakuExplainer does.
 * Sets are tried in SE's order: units boxes, columns, rows, then the extra houses of the rules
 * (diagonals, windows..., jigsaw pieces last: see houses.ts); members as ascending bit masks.
 */

/** COMBOS[k]: every 9-bit mask with k bits, ascending (the order SE's Permutations produce). */
export const COMBOS: readonly Uint16Array[] = (() => {
  const lists: number[][] = [[], [], [], [], [], [], [], [], [], []];
  for (let mask = 0; mask < 512; mask++) lists[POPCOUNT[mask]!]!.push(mask);
  return lists.map((list) => Uint16Array.from(list));
})();

const POS = new Uint16Array(9);
/** Scratch: the members (digits 0..8 or cell indexes) that may belong to a set, ascending. */
const MEMBERS = new Uint8Array(9);

function maskCells(houseCells: Uint8Array, unit: number, indexes: number): number[] {
  const cells: number[] = [];
  for (let i = 0; i < 9; i++) if (indexes & (1 << i)) cells.push(houseCells[unit * 9 + i]!);
  return cells;
}

/** Whether a cell of the set (`union`, indexes in the unit) has a candidate outside `digits` (nothing allocated). */
function hasOtherCandidates(board: Readonly<Board>, houseCells: Uint8Array, unit: number, union: number, digits: number): boolean {
  for (let rest = union; rest !== 0; rest &= rest - 1) {
    if ((board.candidates[houseCells[unit * 9 + 31 - Math.clz32(rest & -rest)]!]! & ~digits) !== 0) return true;
  }
  return false;
}

function hiddenEliminations(board: Readonly<Board>, houseCells: Uint8Array, unit: number, union: number, digits: number): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < 9; i++) {
    if ((union & (1 << i)) === 0) continue;
    const cell = houseCells[unit * 9 + i]!;
    let extra = board.candidates[cell]! & ~digits;
    while (extra !== 0) {
      const low = extra & -extra;
      out.push({ cell, digit: FIRST_DIGIT[low]! });
      extra ^= low;
    }
  }
  return out;
}

/**
 * Hidden sets of a unit. Only digits with 2..size places can be members; combinations of them are
 * visited in SE's order (ascending masks), which restricting to the eligible members preserves.
 */
function findHiddenSet(board: Readonly<Board>, geometry: Geometry, size: number, direct: boolean, technique: string, difficulty: number): Step | null {
  const order = seHouses(geometry).order;
  for (let k = 0; k < order.length; k++) {
    const step = hiddenSetInUnit(board, geometry, order[k]!, size, direct, technique, difficulty);
    if (step !== null) return step;
  }
  return null;
}

/** The first hidden set of `size` in one unit (as {@link findHiddenSet} visits them), or null; the variant ladders' near-change checks ask it of the units a step touched. */
export function hiddenSetInUnit(board: Readonly<Board>, geometry: Geometry, unit: number, size: number, direct: boolean, technique: string, difficulty: number): Step | null {
  const combos = COMBOS[size]!;
  const { houseCells } = geometry;
  const empty = unitEmptyCount(board, unit, houseCells);
  if (direct ? empty <= size : empty <= size * 2) return null;
  unitPositions(board, unit, POS, houseCells);
  let n = 0;
  for (let d = 0; d < 9; d++) {
    const count = POPCOUNT[POS[d]!]!;
    if (count >= 2 && count <= size) MEMBERS[n++] = d;
  }
  if (n < size) return null;
  const limit = 1 << n;
  for (let c = 0; c < combos.length && combos[c]! < limit; c++) {
    const pick = combos[c]!;
    let union = 0;
    let digits = 0;
    for (let i = 0; i < n; i++) {
      if ((pick & (1 << i)) === 0) continue;
      union |= POS[MEMBERS[i]!]!;
      digits |= 1 << MEMBERS[i]!;
    }
    if (POPCOUNT[union] !== size) continue;
    if (!direct) {
      if (!hasOtherCandidates(board, houseCells, unit, union, digits)) continue;
      const eliminations = hiddenEliminations(board, houseCells, unit, union, digits);
      return {
        technique,
        difficulty,
        placements: [],
        eliminations,
        pattern: { cells: maskCells(houseCells, unit, union), digits: digitsOf(digits), units: [unit] },
      };
    }
    for (let d = 1; d <= 9; d++) {
      if (digits & (1 << (d - 1))) continue;
      const positions = POS[d - 1]!;
      if (POPCOUNT[positions]! <= 1) continue;
      const rest = positions & ~union;
      if (POPCOUNT[rest] !== 1) continue;
      const cell = houseCells[unit * 9 + FIRST_DIGIT[rest]! - 1]!;
      // Only the placement is applied, as in SE 1.2.1: the set's other candidates stay (they are
      // the reasoning, shown by the explanation, not part of the step).
      return {
        technique,
        difficulty,
        placements: [{ cell, digit: d }],
        // SukakuExplainer (the reference for other rules) applies the set's eliminations too.
        eliminations: geometry.classic ? [] : hiddenEliminations(board, houseCells, unit, union, digits),
        pattern: { cells: maskCells(houseCells, unit, union), digits: digitsOf(digits), units: [unit] },
      };
    }
  }
  return null;
}

/** Naked sets of a unit: cells with 2..size candidates, combined in SE's order. */
function findNakedSet(board: Readonly<Board>, geometry: Geometry, size: number, technique: string, difficulty: number): Step | null {
  const order = seHouses(geometry).order;
  for (let k = 0; k < order.length; k++) {
    const step = nakedSetInUnit(board, geometry, order[k]!, size, technique, difficulty);
    if (step !== null) return step;
  }
  return null;
}

/** The first naked set of `size` in one unit (as {@link findNakedSet} visits them), or null. */
export function nakedSetInUnit(board: Readonly<Board>, geometry: Geometry, unit: number, size: number, technique: string, difficulty: number): Step | null {
  const combos = COMBOS[size]!;
  const { houseCells } = geometry;
  if (unitEmptyCount(board, unit, houseCells) < size * 2) return null;
  const base = unit * 9;
  let n = 0;
  for (let i = 0; i < 9; i++) {
    const count = POPCOUNT[board.candidates[houseCells[base + i]!]!]!;
    if (count >= 2 && count <= size) MEMBERS[n++] = i;
  }
  if (n < size) return null;
  const limit = 1 << n;
  for (let c = 0; c < combos.length && combos[c]! < limit; c++) {
    const pick = combos[c]!;
    let union = 0;
    let indexes = 0;
    for (let i = 0; i < n; i++) {
      if ((pick & (1 << i)) === 0) continue;
      union |= board.candidates[houseCells[base + MEMBERS[i]!]!]!;
      indexes |= 1 << MEMBERS[i]!;
    }
    if (POPCOUNT[union] !== size) continue;
    const eliminations: Candidate[] = [];
    for (let i = 0; i < 9; i++) {
      if (indexes & (1 << i)) continue;
      const cell = houseCells[base + i]!;
      let common = board.candidates[cell]! & union;
      while (common !== 0) {
        const low = common & -common;
        eliminations.push({ cell, digit: FIRST_DIGIT[low]! });
        common ^= low;
      }
    }
    if (eliminations.length === 0) continue;
    return {
      technique,
      difficulty,
      placements: [],
      eliminations,
      pattern: { cells: maskCells(houseCells, unit, indexes), digits: digitsOf(union), units: [unit] },
    };
  }
  return null;
}

function def(id: string, name: string, difficulty: number, find: (board: Readonly<Board>, geometry: Geometry) => Step | null): TechniqueDef {
  return techniqueDef('subsets', id, name, difficulty, onGeometry(find));
}

export const DIRECT_HIDDEN_PAIR = def('direct-hidden-pair', 'Direct hidden pair', 2.0, (b, g) => findHiddenSet(b, g, 2, true, 'direct-hidden-pair', 2.0));
export const DIRECT_HIDDEN_TRIPLE = def('direct-hidden-triple', 'Direct hidden triple', 2.5, (b, g) => findHiddenSet(b, g, 3, true, 'direct-hidden-triple', 2.5));
export const NAKED_PAIR = def('naked-pair', 'Naked pair', 3.0, (b, g) => findNakedSet(b, g, 2, 'naked-pair', 3.0));
export const HIDDEN_PAIR = def('hidden-pair', 'Hidden pair', 3.4, (b, g) => findHiddenSet(b, g, 2, false, 'hidden-pair', 3.4));
export const NAKED_TRIPLE = def('naked-triple', 'Naked triple', 3.6, (b, g) => findNakedSet(b, g, 3, 'naked-triple', 3.6));
export const HIDDEN_TRIPLE = def('hidden-triple', 'Hidden triple', 4.0, (b, g) => findHiddenSet(b, g, 3, false, 'hidden-triple', 4.0));
export const NAKED_QUAD = def('naked-quad', 'Naked quad', 5.0, (b, g) => findNakedSet(b, g, 4, 'naked-quad', 5.0));
export const HIDDEN_QUAD = def('hidden-quad', 'Hidden quad', 5.4, (b, g) => findHiddenSet(b, g, 4, false, 'hidden-quad', 5.4));

/** Subsets, in ladder order. */
export const SUBSET_TECHNIQUES: TechniqueDef[] = [
  DIRECT_HIDDEN_PAIR,
  DIRECT_HIDDEN_TRIPLE,
  NAKED_PAIR,
  HIDDEN_PAIR,
  NAKED_TRIPLE,
  HIDDEN_TRIPLE,
  NAKED_QUAD,
  HIDDEN_QUAD,
];
