import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { FIRST_DIGIT } from '../core/tables.js';
import { buildHouseOrder } from './houses-build.js';
import { TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW } from './houses.js';
import { placement } from './singles.js';

/*
 * The singles over any houses, in SukakuExplainer's order: only rules other than classic use them
 * (classic has its fast scans in singles.ts), so buildRules links them in (variant-link.ts) and
 * classic bundles do not carry them.
 */

/** Scratch of {@link findSingleInHouses}: per house, its empty cells and the digits with one place in them. */
let HOUSE_EMPTY = new Uint8Array(0);
let HOUSE_SINGLE = new Uint16Array(0);

/**
 * SukakuExplainer's hidden-single producer over any houses, for a non-classic geometry: the first
 * single in its order. Runs of types (blocks, columns, rows; both diagonals; then each further
 * type) are scanned for "alone" cells (the last empty cell of a house, 1.0) and then for hidden
 * singles; a hidden single is 1.2 in a regular 3x3 box and 1.5 in any other house (a jigsaw piece
 * included, as in SukakuExplainer, which has no boxes on a jigsaw). `scanned`, if given, holds
 * each house's {@link scanHouse} of this board (house-scans.ts keeps them from board to board).
 */
export function findSingleInHouses(board: Readonly<Board>, geometry: Geometry, scanned?: Uint32Array): Step | null {
  const se = buildHouseOrder(geometry);
  const { houseCells } = geometry;
  if (HOUSE_EMPTY.length < geometry.houseCount) {
    HOUSE_EMPTY = new Uint8Array(geometry.houseCount);
    HOUSE_SINGLE = new Uint16Array(geometry.houseCount);
  }
  for (const [from, to] of se.singleRuns) {
    for (let pass = 0; pass < 2; pass++) {
      const alone = pass === 0;
      for (let k = se.typeStart[from]!, end = se.typeStart[to]!; k < end; k++) {
        const house = se.order[k]!;
        const base = house * 9;
        if (alone) {
          // Kept for the second pass (`scanned`: each house's scanHouse of this board, kept up by the caller).
          const scan = scanned === undefined ? scanHouse(board, houseCells, base) : scanned[house]!;
          HOUSE_EMPTY[house] = scan >>> 16;
          HOUSE_SINGLE[house] = scan & 0xffff;
        }
        const empty = HOUSE_EMPTY[house]!;
        if (empty === 0 || (empty === 1) !== alone) continue;
        const single = HOUSE_SINGLE[house]!;
        if (single === 0) continue;
        const digit = FIRST_DIGIT[single]!;
        const bit = 1 << (digit - 1);
        for (let i = 0; i < 9; i++) {
          const cell = houseCells[base + i]!;
          if ((board.candidates[cell]! & bit) === 0) continue;
          if (alone) return placement('full-house', 1.0, cell, digit, house);
          const type = se.typeOf[house]!;
          if (type === TYPE_BLOCK) return placement('hidden-single-box', 1.2, cell, digit, house);
          if (type === TYPE_ROW || type === TYPE_COLUMN) return placement('hidden-single-line', 1.5, cell, digit, house);
          return placement('hidden-single-house', 1.5, cell, digit, house);
        }
      }
    }
  }
  return null;
}

/**
 * One house's empty cells (its 9 cells from `base` in houseCells): their count << 16 | the digits
 * that are candidates in exactly one of them.
 */
export function scanHouse(board: Readonly<Board>, houseCells: ArrayLike<number>, base: number): number {
  let once = 0;
  let twice = 0;
  let empty = 0;
  for (let i = 0; i < 9; i++) {
    const cell = houseCells[base + i]!;
    if (board.values[cell] !== 0) continue;
    empty++;
    const mask = board.candidates[cell]!;
    twice |= once & mask;
    once |= mask;
  }
  return (empty << 16) | (once & ~twice);
}

/** Types other than blocks, columns and rows (bit per TYPE_*). */
const OTHER_HOUSES = ~((1 << TYPE_BLOCK) | (1 << TYPE_ROW) | (1 << TYPE_COLUMN));

/**
 * The first single of one kind on any geometry, in SE's house order: `alone` for the last empty
 * cell of a house (any type), else a hidden single in a house whose type is in `types`.
 */
export function findSingleOfKind(board: Readonly<Board>, geometry: Geometry, alone: boolean, types: number, technique: string, difficulty: number): Step | null {
  const se = buildHouseOrder(geometry);
  const { houseCells } = geometry;
  for (let k = 0; k < se.order.length; k++) {
    const house = se.order[k]!;
    if (!alone && ((1 << se.typeOf[house]!) & types) === 0) continue;
    const base = house * 9;
    const scan = scanHouse(board, houseCells, base);
    const empty = scan >>> 16;
    const single = scan & 0xffff;
    if (empty === 0 || (empty === 1) !== alone || single === 0) continue;
    const digit = FIRST_DIGIT[single]!;
    for (let i = 0; i < 9; i++) {
      const cell = houseCells[base + i]!;
      if (board.candidates[cell]! & (1 << (digit - 1))) return placement(technique, difficulty, cell, digit, house);
    }
  }
  return null;
}

/** A digit with one place left in a jigsaw piece or an extra house (diagonal, window...), SE order (1.5). */
export function findHiddenSingleHouse(board: Readonly<Board>, geometry: Geometry): Step | null {
  return findSingleOfKind(board, geometry, false, OTHER_HOUSES, 'hidden-single-house', 1.5);
}
