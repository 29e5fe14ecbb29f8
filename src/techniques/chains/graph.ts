import type { Board } from '../../core/board.js';
import { BOX_OF, COL_OF, POPCOUNT, ROW_OF, UNIT_CELLS } from '../../core/tables.js';
import { SE_UNITS } from '../forcing/se-units.js';

/**
 * The implication graph of one board state, in typed arrays reused from call to call.
 *
 * A node is a candidate: `node = cell * 9 + digit - 1` (0..728). Two kinds of implication join
 * nodes, each in the order Sudoku Explainer enumerates them (which decides its tie-breaks):
 *
 *   weak   "if X is on, Y is off":  the other digits of X's cell (ascending), then the digit's
 *          other places in X's box, row and column (`WEAK_PEERS` order, each cell once);
 *   strong "if X is off, Y is on":  the other digit of a bivalue cell, then the other place of
 *          the digit in each of X's box, row and column that holds it exactly twice.
 *
 *   Weak peers of a cell *, numbered in SE's order: its box row by row (1-8), then the rest of
 *   its row (9-14), then the rest of its column (15-20):
 *
 *        1 * 2 |  9 10 11 | 12 13 14
 *        3 4 5 |          |
 *        6 7 8 |          |
 *       -------+
 *          15
 *          ..
 *          20
 *
 * The "other digits of the cell" links are not stored: the search reads them from the mask.
 */
export interface ChainGraph {
  /** Candidates of each cell (0 for a filled cell). */
  candidates: Uint16Array;
  /**
   * Weak unit neighbours of node n: `weak[weakStart[n] .. weakEnd[n])`, listed on first use
   * ({@link weakLinks}): a search expands only some of the nodes.
   */
  weakStart: Int32Array;
  weakEnd: Int32Array;
  weak: Int16Array;
  /** The graph's build (weakStamp[n] === stamp once n's list is made) and the list pool's top. */
  weakStamp: Int32Array;
  stamp: number;
  weakTop: number;
  /** The other digit's node of a bivalue cell, or -1. */
  bivalue: Int16Array;
  /** Up to 3 conjugate nodes per node (box, row, column order, no repeats), -1 padded. */
  conjugate: Int16Array;
  /** The unit (0..26) of each conjugate link, parallel to `conjugate`. */
  conjugateUnit: Uint8Array;
}

/** The 20 peers of each cell in SE's order: box (row-major), then row, then column. */
const WEAK_PEERS = new Uint8Array(81 * 20);
for (let cell = 0; cell < 81; cell++) {
  let n = 0;
  const box = BOX_OF[cell]!;
  for (let i = 0; i < 9; i++) {
    const other = UNIT_CELLS[(18 + box) * 9 + i]!;
    if (other !== cell) WEAK_PEERS[cell * 20 + n++] = other;
  }
  for (let i = 0; i < 9; i++) {
    const other = UNIT_CELLS[ROW_OF[cell]! * 9 + i]!;
    if (BOX_OF[other] !== box) WEAK_PEERS[cell * 20 + n++] = other;
  }
  for (let i = 0; i < 9; i++) {
    const other = UNIT_CELLS[(9 + COL_OF[cell]!) * 9 + i]!;
    if (BOX_OF[other] !== box) WEAK_PEERS[cell * 20 + n++] = other;
  }
}

/** Units of a cell in SE's region order: box, row, column. */
export function seUnitsOf(cell: number): [number, number, number] {
  return [18 + BOX_OF[cell]!, ROW_OF[cell]!, 9 + COL_OF[cell]!];
}

const GRAPH: ChainGraph = {
  candidates: new Uint16Array(81),
  weakStart: new Int32Array(729),
  weakEnd: new Int32Array(729),
  weak: new Int16Array(729 * 20),
  weakStamp: new Int32Array(729),
  stamp: 0,
  weakTop: 0,
  bivalue: new Int16Array(729),
  conjugate: new Int16Array(729 * 3),
  conjugateUnit: new Uint8Array(729 * 3),
};

/** Per unit and digit: how many cells hold it, and the sum of those cells (the pair's partner). */
const UNIT_COUNT = new Uint8Array(27 * 9);
const UNIT_SUM = new Int16Array(27 * 9);

/**
 * Builds the implication graph of a board into the shared buffers and returns them. The result is
 * valid until the next call (the chain search uses it at once and keeps nothing).
 */
export function buildChainGraph(board: Readonly<Board>): ChainGraph {
  const g = GRAPH;
  const cand = g.candidates;
  for (let cell = 0; cell < 81; cell++) cand[cell] = board.values[cell] === 0 ? board.candidates[cell]! : 0;

  UNIT_COUNT.fill(0);
  UNIT_SUM.fill(0);
  for (let unit = 0; unit < 27; unit++) {
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[unit * 9 + i]!;
      let mask = cand[cell]!;
      while (mask !== 0) {
        const bit = mask & -mask;
        mask ^= bit;
        const d = 31 - Math.clz32(bit);
        UNIT_COUNT[unit * 9 + d]!++;
        UNIT_SUM[unit * 9 + d]! += cell;
      }
    }
  }

  g.stamp++;
  g.weakTop = 0;
  for (let cell = 0; cell < 81; cell++) {
    const mask = cand[cell]!;
    for (let d = 0; d < 9; d++) {
      const node = cell * 9 + d;
      g.bivalue[node] = -1;
      g.conjugate[node * 3] = -1;
      g.conjugate[node * 3 + 1] = -1;
      g.conjugate[node * 3 + 2] = -1;
      const bit = 1 << d;
      if ((mask & bit) === 0) continue;
      if (POPCOUNT[mask] === 2) g.bivalue[node] = cell * 9 + (31 - Math.clz32(mask & ~bit));
      let k = 0;
      for (let u = 0; u < 3; u++) {
        const unit = SE_UNITS[cell * 3 + u]!;
        if (UNIT_COUNT[unit * 9 + d] !== 2) continue;
        const other = UNIT_SUM[unit * 9 + d]! - cell;
        const otherNode = other * 9 + d;
        if (k > 0 && (g.conjugate[node * 3] === otherNode || g.conjugate[node * 3 + 1] === otherNode)) continue;
        g.conjugate[node * 3 + k] = otherNode;
        g.conjugateUnit[node * 3 + k] = unit;
        k++;
      }
    }
  }
  return g;
}

/** Lists node n's weak unit neighbours if not yet (see ChainGraph.weakStart); returns their start. */
export function weakLinks(g: ChainGraph, n: number): number {
  if (g.weakStamp[n] === g.stamp) return g.weakStart[n]!;
  const cell = (n / 9) | 0;
  const d = n - cell * 9;
  const bit = 1 << d;
  const cand = g.candidates;
  let w = g.weakTop;
  g.weakStart[n] = w;
  for (let i = 0; i < 20; i++) {
    const peer = WEAK_PEERS[cell * 20 + i]!;
    if (cand[peer]! & bit) g.weak[w++] = peer * 9 + d;
  }
  g.weakEnd[n] = w;
  g.weakTop = w;
  g.weakStamp[n] = g.stamp;
  return g.weakStart[n]!;
}
