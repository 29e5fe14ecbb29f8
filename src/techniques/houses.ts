import type { Geometry } from '../core/geometry.js';

/**
 * The houses of a geometry in the order Sudoku Explainer's variant fork (SukakuExplainer) visits
 * them, so that when several steps of equal difficulty exist the grader takes the one it takes.
 *
 * SukakuExplainer knows region *types*: Block (regular 3x3 boxes; absent on a jigsaw, which it runs
 * as a "latin square" with a Custom layout), Column, Row, then the extra types in a fixed order:
 * Diagonal (r1c1..r9c9), AntiDiagonal (r9c1..r1c9), DisjointGroup, Windoku, Asterisk, CenterDot and
 * Custom (jigsaw pieces, extra regions). Each technique loops over the types in that order; locked
 * candidates loop over ordered pairs of types (see {@link lockingPairs}).
 *
 * Built once per geometry and shared; nothing here is written after it is built.
 */
export interface SeHouses {
  /** Every house, in SE order: types in order, houses of a type ascending. */
  readonly order: Uint8Array;
  /**
   * The types as runs of `order`: type k is order[typeStart[k] .. typeStart[k + 1]). The first
   * three (or two, on a jigsaw) are blocks, columns and rows.
   */
  readonly typeStart: readonly number[];
  /** The SE type of each house (TYPE_* below). */
  readonly typeOf: Uint8Array;
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

const cache = new WeakMap<Geometry, SeHouses>();

/** SE's visiting order of the houses of a geometry (built on first use, then shared). */
export function seHouses(geometry: Geometry): SeHouses {
  let known = cache.get(geometry);
  if (known === undefined) {
    known = build(geometry);
    cache.set(geometry, known);
  }
  return known;
}

function typeOfHouse(geometry: Geometry, house: number): number {
  const kind = geometry.houseKinds[house]!;
  switch (kind) {
    case 'row':
      return TYPE_ROW;
    case 'column':
      return TYPE_COLUMN;
    case 'box':
      return TYPE_BLOCK;
    case 'diagonal':
      // The down diagonal holds r1c1 (cell 0); the up one r9c1 (cell 72).
      return geometry.houseCells[house * 9] === 0 ? TYPE_DIAGONAL : TYPE_ANTI_DIAGONAL;
    case 'disjoint':
      return TYPE_DISJOINT;
    case 'window':
      return TYPE_WINDOW;
    case 'asterisk':
      return TYPE_ASTERISK;
    case 'centre-dot':
      return TYPE_CENTRE_DOT;
    default:
      return TYPE_CUSTOM; // jigsaw pieces ('region') and extra regions
  }
}

function build(geometry: Geometry): SeHouses {
  const typeOf = new Uint8Array(geometry.houseCount);
  const byType: number[][] = Array.from({ length: 10 }, () => []);
  for (let house = 0; house < geometry.houseCount; house++) {
    const type = typeOfHouse(geometry, house);
    typeOf[house] = type;
    byType[type]!.push(house);
  }
  const typeIds: number[] = [];
  const typeStart: number[] = [];
  const order: number[] = [];
  for (let type = 0; type < 10; type++) {
    if (byType[type]!.length === 0) continue;
    typeIds.push(type);
    typeStart.push(order.length);
    order.push(...byType[type]!);
  }
  typeStart.push(order.length);
  const indexOf = (type: number): number => typeIds.indexOf(type);

  const singleRuns: [number, number][] = [];
  let k = 0;
  const basic = typeIds.filter((t) => t <= TYPE_ROW).length;
  singleRuns.push([0, basic]);
  k = basic;
  while (k < typeIds.length) {
    const diagonals = typeIds[k] === TYPE_DIAGONAL && typeIds[k + 1] === TYPE_ANTI_DIAGONAL;
    singleRuns.push([k, k + (diagonals ? 2 : 1)]);
    k += diagonals ? 2 : 1;
  }

  const pairs: [number, number][] = [];
  const add = (a: number, b: number): void => {
    const ia = indexOf(a);
    const ib = indexOf(b);
    if (ia >= 0 && ib >= 0) pairs.push([ia, ib]);
  };
  add(TYPE_BLOCK, TYPE_COLUMN);
  add(TYPE_BLOCK, TYPE_ROW);
  add(TYPE_COLUMN, TYPE_BLOCK);
  add(TYPE_ROW, TYPE_BLOCK);
  // The diagonals against the basic types.
  for (const basicType of [TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW]) {
    add(basicType, TYPE_DIAGONAL);
    add(basicType, TYPE_ANTI_DIAGONAL);
  }
  for (const basicType of [TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW]) {
    add(TYPE_DIAGONAL, basicType);
    add(TYPE_ANTI_DIAGONAL, basicType);
  }
  // Every further type: against the basic types both ways, the diagonals both ways, then the
  // windows (disjoint groups for the windows themselves), as SukakuExplainer's Locking lists them.
  for (const extra of [TYPE_DISJOINT, TYPE_WINDOW, TYPE_ASTERISK, TYPE_CENTRE_DOT, TYPE_CUSTOM]) {
    add(TYPE_BLOCK, extra);
    add(TYPE_COLUMN, extra);
    add(TYPE_ROW, extra);
    add(extra, TYPE_BLOCK);
    add(extra, TYPE_COLUMN);
    add(extra, TYPE_ROW);
    add(TYPE_DIAGONAL, extra);
    add(TYPE_ANTI_DIAGONAL, extra);
    add(extra, TYPE_DIAGONAL);
    add(extra, TYPE_ANTI_DIAGONAL);
    if (extra === TYPE_WINDOW) {
      add(TYPE_DISJOINT, extra);
      add(extra, TYPE_DISJOINT);
    } else if (extra !== TYPE_DISJOINT) {
      add(TYPE_WINDOW, extra);
      add(extra, TYPE_WINDOW);
    }
  }
  return Object.freeze({
    order: Uint8Array.from(order),
    typeStart: Object.freeze(typeStart),
    typeOf,
    singleRuns: Object.freeze(singleRuns.map((run) => Object.freeze(run))),
    lockingPairs: Object.freeze(pairs.map((pair) => Object.freeze(pair))),
    typeIds: Object.freeze(typeIds),
  });
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
