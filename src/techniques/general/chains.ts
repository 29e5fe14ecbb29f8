import type { Board } from '../../core/board.js';
import type { ChainNode, Step } from '../../core/step.js';
import { lowBit, popcount } from '../../grader/general/shape.js';
import { roundDifficulty, seChainDifficulty } from '../chains/length.js';
import { chainHousesOf, type ChainHouses } from './chain-run.js';
import { MODE_X, MODE_XY, MODE_Y, hasStrongLink, searchCycle, type Cycle } from './cycles.js';
import type { GeneralScan } from './places.js';
import { buildReach } from './reach.js';

/**
 * Forcing X-chains (6.6 + length) and forcing XY-chains (7.0 + length) on any grid, as Sudoku
 * Explainer's `doForcingChains` finds them, rated with its length increment (chains/length.ts):
 * from a candidate assumed on, the shortest chain of implications that turns it off (it is
 * removed); from a candidate assumed off, the shortest that turns it on (it is placed).
 *
 *   "on -> off" (weak link):   the same digit in a peer (any house); XY: the cell's other digits
 *   "off -> on" (strong link): the digit's other place in a house where it has two; XY: a bivalue
 *                              cell's other digit
 *
 * X-chains use one digit's links only. The easiest chain wins (SE's floating-point difficulty,
 * then the shortest, then the first source in cell and digit order, "on" before "off"); each
 * breadth-first search stops at the length that could no longer beat the best so far, and no chain
 * is longer than {@link MAX_NODES} nodes. SE's bidirectional cycles (X, Y 6.5; XY 7.0; cycles.ts)
 * join the same search, mode by mode (X, Y, XY), a cell's cycle before its chains; the easiest of
 * all wins. Nishio, cell / region and dynamic forcing chains are forcing.ts's.
 */

/** Longest chain looked for, in nodes (SE 6.6 + 0.5 / 7.0 + 0.5). */
const MAX_NODES = 22;
/** Longest cycle looked for, in nodes (a cycle has an even number). */
const MAX_CYCLE_NODES = 22;

// Search buffers, grown to the largest board seen; a node is (cell * size + digit - 1) * 2 + on.
let seen = new Int32Array(0);
let parent = new Int32Array(0);
let queue = new Int32Array(0);
let stamp = 0;

interface Best {
  raw: number;
  /** Nodes of the chain (its length), the start once for a cycle. */
  length: number;
  technique: string;
  /** A forcing chain's nodes ((cell * size + digit - 1) * 2 + on), start first. */
  nodes: number[];
  cycle: Cycle | null;
}

function grow(nodes: number): void {
  if (seen.length >= nodes) return;
  seen = new Int32Array(nodes);
  parent = new Int32Array(nodes);
  queue = new Int32Array(nodes);
  stamp = 0;
}

/** Queue end of the running search. */
let tail = 0;

/** Queues `next` (reached from `from`) unless seen; true when it is the goal. */
function visit(next: number, from: number, goal: number): boolean {
  if (seen[next] === stamp) return false;
  seen[next] = stamp;
  parent[next] = from;
  queue[tail++] = next;
  return next === goal;
}

/**
 * Breadth-first search from `start` (a node) for `goal`, at most `maxNodes` nodes on the path.
 * Returns the path (nodes, start first) or null.
 */
function search(board: Readonly<Board>, scan: GeneralScan, xy: boolean, start: number, goal: number, maxNodes: number, order?: ChainHouses): number[] | null {
  const { shape, places } = scan;
  const { size, houseCells } = shape;
  // The shape's order, or SE's (box, row, column...) where the path itself matters (nested.ts).
  const peers = order?.peers ?? shape.peers;
  const peerStart = order?.peerStart ?? shape.peerStart;
  const cellHouses = order?.house ?? shape.cellHouses;
  const cellHouseStart = order?.start ?? shape.cellHouseStart;
  const cand = board.candidates;
  stamp++;
  let head = 0;
  tail = 0;
  queue[tail++] = start;
  seen[start] = stamp;
  parent[start] = -1;
  // Depth by levels: `levelEnd` is where the current level's nodes end in the queue.
  let depth = 1;
  let levelEnd = tail;
  while (head < tail) {
    if (head === levelEnd) {
      depth++;
      levelEnd = tail;
      if (depth > maxNodes) return null;
    }
    const node = queue[head++]!;
    forcingVisits++;
    const id = node >> 1;
    const cell = (id / size) | 0;
    const d = id - cell * size;
    const bit = 1 << d;
    if ((node & 1) === 1) {
      // On: the cell's other digits (XY) and the digit's other places in the peers are off.
      if (xy) {
        for (let other = cand[cell]! & ~bit; other !== 0; other &= other - 1) if (visit((cell * size + lowBit(other)) * 2, node, goal)) return path(goal);
      }
      for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
        const peer = peers[i]!;
        if ((cand[peer]! & bit) !== 0 && board.values[peer] === 0 && visit((peer * size + d) * 2, node, goal)) return path(goal);
      }
    } else {
      // Off: a bivalue cell's other digit (XY) and the digit's other place in a house of two are on.
      const mask = cand[cell]!;
      if (xy && popcount(mask) === 2 && visit((cell * size + lowBit(mask & ~bit)) * 2 + 1, node, goal)) return path(goal);
      for (let k = cellHouseStart[cell]!, end = cellHouseStart[cell + 1]!; k < end; k++) {
        const house = cellHouses[k]!;
        const at = places[house * size + d]!;
        if (popcount(at) !== 2) continue;
        for (let m = at; m !== 0; m &= m - 1) {
          const mate = houseCells[house * size + lowBit(m)]!;
          if (mate !== cell && visit((mate * size + d) * 2 + 1, node, goal)) return path(goal);
        }
      }
    }
  }
  return null;
}

/** Nodes the forcing-chain searches processed (nested.ts counts them as effort). */
let forcingVisits = 0;

/**
 * SE's doForcingChains from one node (a "start on" node looks for "start off", and the other way
 * round), any length up to `maxNodes`, on a board with the places `scan` holds: the shortest
 * chain as nodes, start first, or null; and the nodes processed since the last call
 * ({@link takeForcingVisits}). The nested chains' listing (nested.ts) runs it on a run's grid.
 */
export function shortestForcingChain(board: Readonly<Board>, scan: GeneralScan, xy: boolean, start: number, maxNodes: number): number[] | null {
  grow(scan.shape.cellCount * scan.shape.size * 2);
  return search(board, scan, xy, start, start ^ 1, maxNodes, chainHousesOf(scan.shape));
}

export function takeForcingVisits(): number {
  const n = forcingVisits;
  forcingVisits = 0;
  return n;
}

function path(goal: number): number[] {
  const nodes: number[] = [];
  for (let node = goal; node !== -1; node = parent[node]!) nodes.push(node);
  return nodes.reverse();
}

/** Whether a chain of `length` nodes at `base` beats the best (lower difficulty, then shorter). */
function beats(base: number, length: number, best: Best): boolean {
  const raw = seChainDifficulty(base, length);
  return raw < best.raw || (raw === best.raw && length < best.length);
}

/** The longest chain worth looking for: {@link MAX_NODES}, or the longest that beats the best. */
function longestBelow(base: number, best: Best | null): number {
  if (best === null) return MAX_NODES;
  let length = MAX_NODES;
  while (length > 0 && !beats(base, length, best)) length--;
  return length;
}

const CYCLE_ID = ['x-cycle', 'y-cycle', 'xy-cycle'];
const CYCLE_BASE = [6.5, 6.5, 7.0];
const FORCING_ID = ['forcing-x-chain', '', 'forcing-xy-chain'];
const FORCING_BASE = [6.6, 0, 7.0];

/** One mode's cycles and forcing chains (SE's order: cell, digit, the cycle, then the chains from "on" and from "off"). */
function findIn(board: Readonly<Board>, scan: GeneralScan, mode: number, best: Best | null): Best | null {
  const { cellCount, size } = scan.shape;
  const houses = chainHousesOf(scan.shape);
  const xy = mode === MODE_XY;
  grow(cellCount * size * 2);
  // Which candidates have a chain or cycle of any length (reach.ts): the searches skip the others.
  const reach = buildReach(board, scan, mode);
  for (let cell = 0; cell < cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const count = popcount(board.candidates[cell]!);
    if (count < 2 || (mode === MODE_Y && count !== 2)) continue;
    for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) {
      const id = cell * size + lowBit(m);
      if (hasStrongLink(board, scan, houses, id, mode) && reach.cycle(id)) {
        const limit = Math.min(longestBelow(CYCLE_BASE[mode]!, best), MAX_CYCLE_NODES);
        const cycle = limit >= 4 ? searchCycle(board, scan, houses, id, mode, limit) : null;
        if (cycle !== null) best = { raw: seChainDifficulty(CYCLE_BASE[mode]!, cycle.pots.length), length: cycle.pots.length, technique: CYCLE_ID[mode]!, nodes: [], cycle };
      }
      if (mode === MODE_Y) continue;
      const base = FORCING_BASE[mode]!;
      for (let on = 1; on >= 0; on--) {
        const limit = longestBelow(base, best);
        if (limit < 3) break;
        if (on === 1 ? !reach.onChain(id) : !reach.offChain(id)) continue;
        const found = search(board, scan, xy, id * 2 + on, id * 2 + (1 - on), limit);
        if (found === null) continue;
        const raw = seChainDifficulty(base, found.length);
        if (best === null || raw < best.raw || (raw === best.raw && found.length < best.length)) best = { raw, length: found.length, technique: FORCING_ID[mode]!, nodes: found, cycle: null };
      }
    }
  }
  return best;
}

/**
 * The easiest bidirectional cycle (X 6.5, Y 6.5, XY 7.0), forcing X-chain (6.6) or forcing
 * XY-chain (7.0), plus SE's length increment, on the board, or null.
 */
export function findForcingChain(board: Readonly<Board>, scan: GeneralScan): Step | null {
  let best: Best | null = null;
  for (let mode = MODE_X; mode <= MODE_XY; mode++) best = findIn(board, scan, mode, best);
  if (best === null) return null;
  const size = scan.shape.size;
  if (best.cycle !== null) return cycleStep(best, size);
  const nodes: ChainNode[] = [];
  const cells: number[] = [];
  const digits = new Set<number>();
  for (let i = 0; i < best.nodes.length; i++) {
    const id = best.nodes[i]! >> 1;
    const cell = (id / size) | 0;
    const digit = id - cell * size + 1;
    const node: ChainNode = { cell, digit, on: (best.nodes[i]! & 1) === 1 };
    if (i === 0) node.parents = [];
    nodes.push(node);
    if (!cells.includes(cell)) cells.push(cell);
    digits.add(digit);
  }
  const first = nodes[0]!;
  const target = { cell: first.cell, digit: first.digit };
  return {
    technique: best.technique,
    difficulty: roundDifficulty(best.raw),
    placements: first.on ? [] : [target],
    eliminations: first.on ? [target] : [],
    pattern: { cells, digits: [...digits].sort((a, b) => a - b), units: [] },
    chains: [{ nodes }],
  };
}

/** A cycle's step: one chain round the loop, back to its first node. */
function cycleStep(best: Best, size: number): Step {
  const cycle = best.cycle!;
  const nodes: ChainNode[] = [];
  const cells: number[] = [];
  const digits = new Set<number>();
  const pots = [...cycle.pots, cycle.pots[0]!];
  pots.forEach((pot, i) => {
    const cell = (pot / size) | 0;
    const digit = pot - cell * size + 1;
    const node: ChainNode = { cell, digit, on: i % 2 === 0 };
    if (i === 0) node.parents = [];
    nodes.push(node);
    if (i < cycle.pots.length && !cells.includes(cell)) cells.push(cell);
    digits.add(digit);
  });
  return {
    technique: best.technique,
    difficulty: roundDifficulty(best.raw),
    placements: [],
    eliminations: cycle.eliminations.map((pot) => ({ cell: (pot / size) | 0, digit: (pot % size) + 1 })),
    pattern: { cells, digits: [...digits].sort((a, b) => a - b), units: [] },
    chains: [{ nodes }],
  };
}
