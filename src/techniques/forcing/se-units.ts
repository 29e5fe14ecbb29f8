import { classicGeometry, type Geometry } from '../../core/geometry.js';
import { variantTechniques } from '../variant-link.js';

/*
 * A cell's houses in the order (Sukaku) Explainer visits them: the order of the links every chain
 * and forcing-chain run follows, which decides the parents it records and so the ratings. A module
 * of its own so that the static closures (closure.ts, contradictions.ts) need not import the engine
 * that imports them.
 *
 * Sudoku Explainer visits a cell's box, row, then column. SukakuExplainer, its fork for variants,
 * loops over its list of region types, each giving the cell's region of that type if it has one:
 * block (absent on a jigsaw: the grid is a latin square there), row, column, then the extra types
 * in a fixed order: diagonal "/", diagonal "\", disjoint group, windoku window, asterisk, centre
 * dot, and last the custom regions (a jigsaw's regions, or extra regions). Its region types hold
 * their cells in reading order, as our houses do, so a cell's place in a house is the same.
 */

/** The houses of a geometry as the chain searches read them. Typed arrays: never write into them. */
export interface SeHouses {
  readonly geometry: Geometry;
  /** Houses (27 + extra houses). */
  readonly houseCount: number;
  /** The nine cells of each house, ascending (geometry.houseCells). */
  readonly cells: Uint8Array;
  /** A cell's houses in SE's order: house[start[cell] .. start[cell + 1]) (classic: cell * 3 + 0..2, box, row, column). */
  readonly start: Uint16Array;
  readonly house: Uint8Array;
  /** Index of the cell inside each of those houses (parallel to `house`). */
  readonly index: Uint8Array;
  /**
   * The places of each of those houses an "on" node's links need not visit (parallel to `house`):
   * the cell itself, and the cells of the cell's earlier houses (SE's sets keep a node once, at
   * its first link). Classic: in its row and column, the cells of its box.
   */
  readonly seen: Uint16Array;
  /**
   * Cage-mates of each cell that share no house with it (killer): weak links only, after the
   * houses' ones, ascending: cageMates[cageStart[cell] .. cageStart[cell + 1]). Empty elsewhere.
   */
  readonly cageStart: Uint16Array;
  readonly cageMates: Uint8Array;
  /**
   * Every peer of each cell once, in the order of the links from it: its houses' cells in SE's
   * order (classic: box row by row, rest of the row, rest of the column), then `cageMates`:
   * weakPeers[peerStart[cell] .. peerStart[cell + 1]).
   */
  readonly peerStart: Uint16Array;
  readonly weakPeers: Uint8Array;
  /** Every house, type by type in SE's order (classic: boxes, rows, columns), each type ascending. */
  readonly order: Uint8Array;
  /**
   * Locking (pointing / claiming) as SukakuExplainer's Locking looks for it, when the geometry is
   * not classic (classic has its own fast scan, and this is empty there): pairs of houses (source, target) that share cells,
   * source places inside target then remove the digit from target's other places. Flat pairs
   * [source, target, ...] in SE's order of region-type pairs, then by source, then by target.
   */
  readonly lockingPairs: Uint8Array;
  /** Largest number of houses of one cell (classic 3). */
  readonly maxHousesOfCell: number;
  /** Largest number of peers of one cell (classic 20). */
  readonly maxPeers: number;
}

/**
 * Most houses a geometry may have for the chain searches (their fixed buffers are this size):
 * 27, plus diagonals, windows, disjoint groups, asterisk, centre dot and some extra regions.
 */
export const MAX_HOUSES = 64;

let classicHouses: SeHouses | null = null;
const built = new WeakMap<Geometry, SeHouses>();

/** The chain houses of a geometry (absent: classic), built once per geometry. */
export function seHousesOf(geometry?: Geometry): SeHouses {
  if (geometry === undefined || geometry.classic) {
    classicHouses ??= classicChainHouses();
    return classicHouses;
  }
  let known = built.get(geometry);
  if (known === undefined) {
    // Built by se-units-build.ts, which buildRules links in (why: techniques/variant-link.ts).
    known = variantTechniques().chainHouses(geometry);
    built.set(geometry, known);
  }
  return known;
}

/**
 * Classic's chain houses, from the classic tables: a cell's box, row, then column (SE's order);
 * no cage-mates; no locking pairs (classic locking has its own scan). The general builder
 * (`buildChainHouses`, se-units-build.ts) makes the same tables from the classic geometry (the
 * tests compare them); this one keeps it out of classic bundles.
 */
function classicChainHouses(): SeHouses {
  const geometry = classicGeometry();
  const cells = geometry.houseCells;
  const start = new Uint16Array(82);
  const house = new Uint8Array(243);
  const index = new Uint8Array(243);
  const seen = new Uint16Array(243);
  const peerStart = new Uint16Array(82);
  const weakPeers = new Uint8Array(81 * 20);
  const inEarlier = new Uint8Array(81);
  let peers = 0;
  for (let cell = 0; cell < 81; cell++) {
    start[cell] = cell * 3;
    peerStart[cell] = peers;
    inEarlier.fill(0);
    inEarlier[cell] = 1;
    for (let k = 0; k < 3; k++) {
      const h = k === 0 ? 18 + geometry.regionOf[cell]! : k === 1 ? geometry.rowOf[cell]! : 9 + geometry.colOf[cell]!;
      let mask = 0;
      for (let i = 0; i < 9; i++) {
        const other = cells[h * 9 + i]!;
        if (other === cell) index[cell * 3 + k] = i;
        if (inEarlier[other]) mask |= 1 << i;
      }
      // The peers in the order of the links: each house's cells not seen in an earlier one.
      for (let i = 0; i < 9; i++) {
        const other = cells[h * 9 + i]!;
        if (inEarlier[other]) continue;
        inEarlier[other] = 1;
        weakPeers[peers++] = other;
      }
      house[cell * 3 + k] = h;
      seen[cell * 3 + k] = mask;
    }
  }
  start[81] = 243;
  peerStart[81] = peers;
  const order = new Uint8Array(27);
  for (let i = 0; i < 9; i++) {
    order[i] = 18 + i;
    order[9 + i] = i;
    order[18 + i] = 9 + i;
  }
  return Object.freeze({
    geometry,
    houseCount: 27,
    cells,
    start,
    house,
    index,
    seen,
    cageStart: new Uint16Array(82),
    cageMates: new Uint8Array(0),
    peerStart,
    weakPeers,
    order,
    lockingPairs: new Uint8Array(0),
    maxHousesOfCell: 3,
    maxPeers: 20,
  });
}

/**
 * The house linking a parent cell to a child cell (the child's first in SE's order: classic box,
 * row, column), -1 for the same cell, undefined for cage-mates sharing no house (killer).
 */
export function linkUnit(h: SeHouses, from: number, to: number): number | undefined {
  if (from === to) return -1;
  const words = h.geometry.houseWords;
  for (let k = h.start[to]!; k < h.start[to + 1]!; k++) {
    const house = h.house[k]!;
    if ((words[house * 3 + ((from / 27) | 0)]! >> (from % 27)) & 1) return house;
  }
  return undefined;
}

/** The cell and digit index of each potential (cell * 9 + digit - 1), without a division. */
export const POT_CELL = new Uint8Array(729);
export const POT_DIGIT = new Uint8Array(729);
for (let pot = 0; pot < 729; pot++) {
  POT_CELL[pot] = Math.floor(pot / 9);
  POT_DIGIT[pot] = pot % 9;
}
