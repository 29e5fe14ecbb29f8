import { classicGeometry, type Geometry } from '../../core/geometry.js';

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
   * not classic (classic has its own fast scan): pairs of houses (source, target) that share cells,
   * source places inside target then remove the digit from target's other places. Flat pairs
   * [source, target, ...] in SE's order of region-type pairs, then by source, then by target.
   */
  readonly lockingPairs: Uint8Array;
  /** Largest number of houses of one cell (classic 3). */
  readonly maxHousesOfCell: number;
  /** Largest number of peers of one cell (classic 20). */
  readonly maxPeers: number;
}

/** Rank of a house kind in SukakuExplainer's region types (diagonals apart: see rankOf). */
const KIND_RANK: Record<string, number> = {
  box: 0,
  row: 1,
  column: 2,
  diagonal: 3,
  disjoint: 5,
  window: 6,
  asterisk: 7,
  'centre-dot': 8,
  extra: 9,
  region: 10,
};

function rankOf(geometry: Geometry, house: number): number {
  const kind = geometry.houseKinds[house]!;
  const rank = KIND_RANK[kind] ?? 9;
  // SukakuExplainer's "Diagonal" is "/" (r1c9 to r9c1), visited before its "AntiDiagonal" "\".
  if (kind === 'diagonal') return geometry.houseCells[house * 9] === 8 ? 3 : 4;
  return rank;
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
    classicHouses ??= buildSeHouses(classicGeometry());
    return classicHouses;
  }
  let known = built.get(geometry);
  if (known === undefined) {
    known = buildSeHouses(geometry);
    built.set(geometry, known);
  }
  return known;
}

function buildSeHouses(geometry: Geometry): SeHouses {
  if (geometry.houseCount > MAX_HOUSES) throw new RangeError(`the chain searches take at most ${MAX_HOUSES} houses, not ${geometry.houseCount}`);
  const cells = geometry.houseCells;
  const start = new Uint16Array(82);
  const house: number[] = [];
  const index: number[] = [];
  const seen: number[] = [];
  const cageStart = new Uint16Array(82);
  const cageMates: number[] = [];
  const peerStart = new Uint16Array(82);
  const weakPeers: number[] = [];
  let maxHousesOfCell = 0;
  let maxPeers = 0;
  const inEarlier = new Uint8Array(81);
  for (let cell = 0; cell < 81; cell++) {
    start[cell] = house.length;
    peerStart[cell] = weakPeers.length;
    const own: number[] = [];
    for (let k = geometry.cellHouseStart[cell]!; k < geometry.cellHouseStart[cell + 1]!; k++) own.push(geometry.cellHouses[k]!);
    own.sort((a, b) => rankOf(geometry, a) - rankOf(geometry, b) || a - b);
    inEarlier.fill(0);
    inEarlier[cell] = 1;
    for (const h of own) {
      let mask = 0;
      let at = -1;
      for (let i = 0; i < 9; i++) {
        const other = cells[h * 9 + i]!;
        if (other === cell) at = i;
        if (inEarlier[other]) mask |= 1 << i;
      }
      for (let i = 0; i < 9; i++) {
        const other = cells[h * 9 + i]!;
        if (inEarlier[other]) continue;
        inEarlier[other] = 1;
        weakPeers.push(other);
      }
      house.push(h);
      index.push(at);
      seen.push(mask);
    }
    cageStart[cell] = cageMates.length;
    for (let k = geometry.peerStart[cell]!; k < geometry.peerStart[cell + 1]!; k++) {
      const peer = geometry.peers[k]!;
      if (inEarlier[peer]) continue;
      cageMates.push(peer);
      weakPeers.push(peer);
    }
    maxHousesOfCell = Math.max(maxHousesOfCell, own.length);
    maxPeers = Math.max(maxPeers, weakPeers.length - peerStart[cell]!);
  }
  start[81] = house.length;
  const houseCount = geometry.houseCount;
  const ranks: number[] = [];
  for (let h = 0; h < houseCount; h++) if (!ranks.includes(rankOf(geometry, h))) ranks.push(rankOf(geometry, h));
  ranks.sort((a, b) => a - b);
  const ofRank = (rank: number): number[] => Array.from({ length: houseCount }, (_, h) => h).filter((h) => rankOf(geometry, h) === rank);
  const order = ranks.flatMap(ofRank);
  // Region-type pairs as Locking.java lists them: box / line pairs, then each extra type with the
  // box, column and row (both ways), then with each extra type before it (both ways).
  const typePairs: [number, number][] = [[0, 2], [0, 1], [2, 0], [1, 0]];
  const extras = ranks.filter((rank) => rank > 2);
  extras.forEach((e, i) => {
    typePairs.push([0, e], [2, e], [1, e], [e, 0], [e, 2], [e, 1]);
    for (const f of extras.slice(0, i)) typePairs.push([f, e], [e, f]);
  });
  const lockingPairs: number[] = [];
  for (const [a, b] of typePairs) {
    for (const source of ofRank(a)) {
      for (const target of ofRank(b)) {
        let shared = 0;
        for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) if (cells[source * 9 + i] === cells[target * 9 + j]) shared++;
        if (shared > 0 && source !== target) lockingPairs.push(source, target);
      }
    }
  }
  cageStart[81] = cageMates.length;
  peerStart[81] = weakPeers.length;
  return Object.freeze({
    geometry,
    houseCount: geometry.houseCount,
    cells,
    start,
    house: Uint8Array.from(house),
    index: Uint8Array.from(index),
    seen: Uint16Array.from(seen),
    cageStart,
    cageMates: Uint8Array.from(cageMates),
    peerStart,
    weakPeers: Uint8Array.from(weakPeers),
    order: Uint8Array.from(order),
    lockingPairs: Uint8Array.from(lockingPairs),
    maxHousesOfCell,
    maxPeers,
  });
}

/** The cell and digit index of each potential (cell * 9 + digit - 1), without a division. */
export const POT_CELL = new Uint8Array(729);
export const POT_DIGIT = new Uint8Array(729);
for (let pot = 0; pot < 729; pot++) {
  POT_CELL[pot] = Math.floor(pot / 9);
  POT_DIGIT[pot] = pot % 9;
}
