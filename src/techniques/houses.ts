import type { Geometry } from '../core/geometry.js';
import { variantTechniques } from './variant-link.js';

/**
 * The houses of a geometry in the order Sudoku Explainer's variant fork (SukakuExplainer) visits
 * them, so that when several steps of equal difficulty exist the grader takes the one it takes.
 *
 * SukakuExplainer knows region *types*: Block (regular 3x3 boxes; absent on a jigsaw, which it runs
 * as a "latin square" with a Custom layout), Column, Row, then the extra types in a fixed order:
 * Diagonal (r1c1..r9c9), AntiDiagonal (r9c1..r1c9), DisjointGroup, Windoku, Asterisk, CenterDot and
 * Custom (jigsaw pieces, extra regions). Each technique loops over the types in that order.
 *
 * This is what every technique reads (classic included); the types of the houses and their runs,
 * which the singles and locked candidates over other houses read, are in {@link SeHouses}.
 * Built once per geometry and shared; nothing here is written after it is built.
 */
export interface SeOrder {
  /** Every house, in SE order: types in order, houses of a type ascending. */
  readonly order: Uint8Array;
}

/**
 * SE's order with its types and their runs, for the singles and locked candidates over houses other than
 * classic's (singles-houses.ts, locking-houses.ts; classic has its own scans): built by
 * `buildHouseOrder` (houses-build.ts), which buildRules links in, so classic bundles carry neither.
 */
export interface SeHouses extends SeOrder {
  /** The SE type of each house (TYPE_* below). */
  readonly typeOf: Uint8Array;
  /**
   * The types as runs of `order`: type k is order[typeStart[k] .. typeStart[k + 1]). The first
   * three (or two, on a jigsaw) are blocks, columns and rows.
   */
  readonly typeStart: readonly number[];
  /**
   * Runs of types that SE's hidden single scans together: "alone" cells over the run, then
   * hidden singles over the run. Blocks, columns and rows form the first run; both diagonals
   * another; every other type is a run of its own. Each entry is [first type, end type).
   */
  readonly singleRuns: readonly (readonly [number, number])[];
  /** Ordered pairs of types (indexes into the types) whose crossings locked candidates visit, in SE's order. */
  readonly lockingPairs: readonly (readonly [number, number])[];
  /** TYPE_* of each type index. */
  readonly typeIds: readonly number[];
}

export const TYPE_BLOCK = 0;
export const TYPE_COLUMN = 1;
export const TYPE_ROW = 2;
export const TYPE_DIAGONAL = 3;
export const TYPE_ANTI_DIAGONAL = 4;
export const TYPE_DISJOINT = 5;
export const TYPE_WINDOW = 6;
export const TYPE_ASTERISK = 7;
export const TYPE_CENTRE_DOT = 8;
export const TYPE_CUSTOM = 9;

let classicHouses: SeOrder | null = null;

/**
 * SE's visiting order of the houses of a geometry (built on first use, then shared). Classic has
 * its own small table (boxes, columns, rows); any other geometry's is built by `buildHouseOrder`
 * (houses-build.ts), which buildRules links in (variant-link.ts), so that classic bundles do not
 * carry it. The tests hold the classic table equal to the order and types `buildHouseOrder` makes.
 */
export function seHouses(geometry: Geometry): SeOrder {
  if (geometry.classic) return (classicHouses ??= classicSeHouses());
  return variantTechniques().houseOrder(geometry);
}

/** Classic's: the 9 boxes (houses 18-26), the 9 columns (9-17), the 9 rows (0-8). */
function classicSeHouses(): SeOrder {
  const order = new Uint8Array(27);
  for (let i = 0; i < 9; i++) {
    order[i] = 18 + i;
    order[9 + i] = 9 + i;
    order[18 + i] = i;
  }
  return Object.freeze({ order });
}

/** Whether two houses share a cell. */
export function housesCross(geometry: Geometry, a: number, b: number): boolean {
  const w = geometry.houseWords;
  return ((w[a * 3]! & w[b * 3]!) | (w[a * 3 + 1]! & w[b * 3 + 1]!) | (w[a * 3 + 2]! & w[b * 3 + 2]!)) !== 0;
}

/** Whether a house holds a cell. */
export function houseHas(geometry: Geometry, house: number, cell: number): boolean {
  return (geometry.houseWords[house * 3 + Math.floor(cell / 27)]! & (1 << (cell % 27))) !== 0;
}
