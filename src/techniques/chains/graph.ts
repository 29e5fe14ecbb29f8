import type { Board } from '../../core/board.js';
import { POPCOUNT } from '../../core/tables.js';
import { MAX_HOUSES, type SeHouses } from '../forcing/se-units.js';
import { unitPositions } from '../forcing/engine.js';

/**
 * The implication graph of one board state, in typed arrays reused from call to call.
 *
 * A node is a candidate: `node = cell * 9 + digit - 1` (0..728). Two kinds of implication join
 * nodes, each in the order Sudoku Explainer enumerates them (which decides its tie-breaks):
 *
 *   weak   "if X is on, Y is off":  the other digits of X's cell (ascending), then the digit's
 *          other places in X's houses (`SeHouses.weakPeers` order, each cell once), then in its
 *          cage-mates outside them (killer: a cage is not a house, so only weak links);
 *   strong "if X is off, Y is on":  the other digit of a bivalue cell, then the other place of
 *          the digit in each of X's houses that holds it exactly twice (classic: box, row, column;
 *          a variant's extra houses after them, in SukakuExplainer's order, see se-units.ts).
 *
 *   Weak peers of a classic cell *, numbered in SE's order: its box row by row (1-8), then the
 *   rest of its row (9-14), then the rest of its column (15-20):
 *
 *        1 * 2 |  9 10 11 | 12 13 14
 *        3 4 5 |          |
 *        6 7 8 |          |
 *       -------+
 *          15
 *          ..
 *          20
 *
 * The "other digits of the cell" links are not stored: the search reads them from the mask. Of
 * the unit ones, only those to a node that some strong link leaves are listed: the searches
 * alternate weak and strong links, so the others lead nowhere (a forcing chain's last weak link,
 * to its start, is tested directly).
 */
export interface ChainGraph {
  /** The houses the links follow. */
  houses: SeHouses;
  /** Conjugate slots per node: the most houses of a cell (classic 3). */
  stride: number;
  /** Candidates of each cell (0 for a filled cell). */
  candidates: Uint16Array;
  /** The graph's build (leadingStamp[n] === stamp once n's list is made). */
  stamp: number;
  /** The other digit's node of a bivalue cell, or -1. */
  bivalue: Int16Array;
  /** Up to `stride` conjugate nodes per node (SE's house order, no repeats), -1 padded: conjugate[node * stride + k]. */
  conjugate: Int16Array;
  /** The house of each conjugate link, parallel to `conjugate`. */
  conjugateUnit: Uint8Array;
  /** Which strong links leave a node: STRONG_CELL (bivalue), STRONG_UNIT (conjugate), both or none. */
  strong: Uint8Array;
  /**
   * The weak unit neighbours of node n (in SE's order, see WEAK_PEERS) that some strong link leaves:
   * the only ones a search can go on from. `leading[leadingStart[n] .. leadingEnd[n])`, listed on
   * first use ({@link leadingLinks}): a search expands only some of the nodes.
   */
  leadingStart: Int32Array;
  leadingEnd: Int32Array;
  leading: Int16Array;
  leadingStamp: Int32Array;
  leadingTop: number;
  /** Per digit index, the cells holding it as three 27-bit words (see PEER_WORDS): digitCells[d * 3 + w]. */
  digitCells: Int32Array;
  /** The places of each digit in each unit (engine.ts's unitPositions of `candidates`; the caller's, when given). */
  places: Uint16Array;
}

/** Bits of ChainGraph.strong. */
export const STRONG_CELL = 1;
export const STRONG_UNIT = 2;

/** The places of each digit in each house of the graph's board, when the caller has not given them. */
const PLACES = new Uint16Array(MAX_HOUSES * 9);

const GRAPH: ChainGraph = {
  houses: null as unknown as SeHouses,
  stride: 3,
  candidates: new Uint16Array(81),
  stamp: 0,
  bivalue: new Int16Array(729),
  conjugate: new Int16Array(729 * 3),
  conjugateUnit: new Uint8Array(729 * 3),
  strong: new Uint8Array(729),
  leadingStart: new Int32Array(729),
  leadingEnd: new Int32Array(729),
  leading: new Int16Array(729 * 20),
  leadingStamp: new Int32Array(729),
  leadingTop: 0,
  digitCells: new Int32Array(27),
  places: PLACES,
};

/**
 * Builds the implication graph of a board into the shared buffers and returns them. The result is
 * valid until the next call (the chain search uses it at once and keeps nothing). `positions`, the
 * places of each digit in each unit (engine.ts's unitPositions) of a board without placed digits,
 * spares finding them. Only the entries of the board's candidates are written: no search reads
 * the others.
 */
export function buildChainGraph(board: Readonly<Board>, h: SeHouses, positions?: Uint16Array): ChainGraph {
  const g = GRAPH;
  if (g.houses !== h) {
    g.houses = h;
    // Buffers for the geometry's houses per cell and peers (classic: 3 and 20).
    const stride = Math.max(3, h.maxHousesOfCell);
    if (stride !== g.stride) {
      g.stride = stride;
      g.conjugate = new Int16Array(729 * stride);
      g.conjugateUnit = new Uint8Array(729 * stride);
    }
    if (g.leading.length < 729 * h.maxPeers) g.leading = new Int16Array(729 * h.maxPeers);
  }
  const stride = g.stride;
  const { start: houseStart, house: houseOf, index: houseIndex, cells: houseCells } = h;
  const cand = g.candidates;
  for (let cell = 0; cell < 81; cell++) cand[cell] = board.values[cell] === 0 ? board.candidates[cell]! : 0;
  const places = positions ?? unitPositions(h, cand, PLACES);
  g.places = places;

  g.stamp++;
  g.leadingTop = 0;
  g.digitCells.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const mask = cand[cell]!;
    if (mask === 0) continue;
    const word = (cell / 27) | 0;
    const cellBit = 1 << (cell - word * 27);
    const bivalue = POPCOUNT[mask] === 2;
    let digits = mask;
    while (digits !== 0) {
      const bit = digits & -digits;
      digits ^= bit;
      const d = 31 - Math.clz32(bit);
      const node = cell * 9 + d;
      g.digitCells[d * 3 + word] = g.digitCells[d * 3 + word]! | cellBit;
      let strong = 0;
      g.bivalue[node] = -1;
      if (bivalue) {
        g.bivalue[node] = cell * 9 + (31 - Math.clz32(mask & ~bit));
        strong = STRONG_CELL;
      }
      let k = 0;
      const at = node * stride;
      for (let u = houseStart[cell]!; u < houseStart[cell + 1]!; u++) {
        const unit = houseOf[u]!;
        const slot = places[unit * 9 + d]!;
        if (POPCOUNT[slot] !== 2) continue;
        const other = houseCells[unit * 9 + 31 - Math.clz32(slot & ~(1 << houseIndex[u]!))]!;
        const otherNode = other * 9 + d;
        // (Two houses can hold the same pair: a box and a line, a line and a diagonal...)
        let repeated = false;
        for (let j = 0; j < k; j++) if (g.conjugate[at + j] === otherNode) repeated = true;
        if (repeated) continue;
        g.conjugate[at + k] = otherNode;
        g.conjugateUnit[at + k] = unit;
        strong |= STRONG_UNIT;
        k++;
      }
      for (; k < stride; k++) g.conjugate[at + k] = -1;
      g.strong[node] = strong;
    }
  }
  return g;
}

/** Lists node n's weak unit neighbours that a strong link leaves, if not yet (see ChainGraph.leading); returns their start. */
export function leadingLinks(g: ChainGraph, n: number): number {
  if (g.leadingStamp[n] === g.stamp) return g.leadingStart[n]!;
  const cell = (n / 9) | 0;
  const d = n - cell * 9;
  const bit = 1 << d;
  const cand = g.candidates;
  const { peerStart, weakPeers } = g.houses;
  let w = g.leadingTop;
  g.leadingStart[n] = w;
  for (let i = peerStart[cell]!; i < peerStart[cell + 1]!; i++) {
    const peer = weakPeers[i]!;
    if (cand[peer]! & bit && g.strong[peer * 9 + d] !== 0) g.leading[w++] = peer * 9 + d;
  }
  g.leadingEnd[n] = w;
  g.leadingTop = w;
  g.leadingStamp[n] = g.stamp;
  return g.leadingStart[n]!;
}
