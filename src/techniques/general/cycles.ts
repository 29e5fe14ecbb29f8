import type { Board } from '../../core/board.js';
import { popcount } from '../../grader/general/shape.js';
import type { ChainHouses } from './chain-run.js';
import type { GeneralScan } from './places.js';

/*
 * Bidirectional cycles on any grid, as Sudoku Explainer's `doCycles` finds them (the 9x9 ladder's
 * src/techniques/chains/search.ts emulates it on 81 cells): a breadth-first search from a
 * candidate assumed on, alternating
 *
 *   on  -> off   weak links: the digit in the cell's peers (Y, XY modes: the cell's other digits
 *                first); only "off" nodes with a strong link of the mode are followed
 *   off -> on    strong links: a bivalue cell's other digit (Y, XY), the digit's other place in a
 *                house where it has two (X, XY), houses in SE's order
 *
 * "On" nodes are visited once; "off" nodes once per parent, skipping the parent's own ancestors.
 * Every return to the start after 4 nodes or more closes a cycle; the first that eliminates
 * something is kept. It removes the digit of any candidate outside the cycle's cells that sees a
 * node of the cycle with that digit assumed on and one assumed off (either way round the loop,
 * one of them holds). A pot is cell * size + digit - 1. Buffers grow to the largest grid seen.
 */

export const MODE_X = 0;
export const MODE_Y = 1;
export const MODE_XY = 2;

/** A cycle: its nodes from the start ("on") round to the node before the start again, alternately on and off; what it removes (pots, ascending). */
export interface Cycle {
  readonly pots: number[];
  readonly eliminations: number[];
}

let onSeen = new Int32Array(0);
let viaOff = new Int32Array(0);
let viaOn = new Int32Array(0);
let ancestor = new Int32Array(0);
let onQueue = new Int32Array(0);
let offQueue = new Int32Array(0);
let offParent = new Int32Array(0);
let forwardMark = new Int32Array(0);
let resultMark = new Int32Array(0);
let cellMark = new Int32Array(0);
let stamp = 0;
let ancestorStamp = 0;
let markStamp = 0;

function grow(pots: number, cells: number): void {
  if (onSeen.length >= pots && cellMark.length >= cells) return;
  onSeen = new Int32Array(pots);
  viaOff = new Int32Array(pots);
  viaOn = new Int32Array(pots);
  ancestor = new Int32Array(pots);
  onQueue = new Int32Array(pots);
  offQueue = new Int32Array(pots * 4);
  offParent = new Int32Array(pots * 4);
  forwardMark = new Int32Array(pots);
  resultMark = new Int32Array(pots);
  cellMark = new Int32Array(cells);
  stamp = ancestorStamp = markStamp = 0;
}

function pushOff(at: number, q: number, parent: number): void {
  if (at >= offQueue.length) {
    const queue = new Int32Array(offQueue.length * 2);
    queue.set(offQueue);
    offQueue = queue;
    const parents = new Int32Array(offParent.length * 2);
    parents.set(offParent);
    offParent = parents;
  }
  offQueue[at] = q;
  offParent[at] = parent;
}

/** Whether "pot off" has a strong link of the mode (a bivalue cell; a house with two places of its digit). */
export function hasStrongLink(board: Readonly<Board>, scan: GeneralScan, houses: ChainHouses, pot: number, mode: number): boolean {
  const size = scan.shape.size;
  const cell = (pot / size) | 0;
  if (mode !== MODE_X && popcount(board.candidates[cell]!) === 2) return true;
  if (mode === MODE_Y) return false;
  const d = pot - cell * size;
  for (let k = houses.start[cell]!; k < houses.start[cell + 1]!; k++) if (popcount(scan.places[houses.house[k]! * size + d]!) === 2) return true;
  return false;
}

/**
 * SE's doCycles from "start on", up to `maxLen` nodes: the first cycle that eliminates something,
 * or null; with `each`, gives it every such cycle (as doCycles lists them: nested chains list
 * them all, nested.ts) and returns null.
 */
export function searchCycle(board: Readonly<Board>, scan: GeneralScan, houses: ChainHouses, start: number, mode: number, maxLen: number, each?: (cycle: Cycle) => void): Cycle | null {
  const { size, cellCount, houseCells } = scan.shape;
  grow(cellCount * size, cellCount);
  const cand = board.candidates;
  const useCell = mode !== MODE_X;
  const useConjugate = mode !== MODE_Y;
  if (++stamp >= 0x7ffffff0) {
    onSeen.fill(0);
    stamp = 1;
  }
  onSeen[start] = stamp;
  viaOff[start] = -1;
  onQueue[0] = start;
  onCount = 1;
  let offCount = 0;
  let length = 0;
  while (onCount > 0 || offCount > 0) {
    if (length + 2 > maxLen) return null;
    length++;
    cycleVisits += onCount + offCount;
    for (let i = 0; i < onCount; i++) {
      const p = onQueue[i]!;
      if (++ancestorStamp >= 0x7ffffff0) {
        ancestor.fill(0);
        ancestorStamp = 1;
      }
      const a = ancestorStamp;
      for (let q = p; viaOff[q]! >= 0; q = viaOn[q]!) ancestor[viaOff[q]!] = a;
      const cell = (p / size) | 0;
      const d = p - cell * size;
      if (useCell) {
        for (let m = cand[cell]! & ~(1 << d); m !== 0; m &= m - 1) {
          const q = cell * size + 31 - Math.clz32(m & -m);
          if (ancestor[q] !== a && hasStrongLink(board, scan, houses, q, mode)) pushOff(offCount++, q, p);
        }
      }
      for (let k = houses.peerStart[cell]!, end = houses.peerStart[cell + 1]!; k < end; k++) {
        const peer = houses.peers[k]!;
        if ((cand[peer]! & (1 << d)) === 0) continue;
        const q = peer * size + d;
        if (ancestor[q] !== a && hasStrongLink(board, scan, houses, q, mode)) pushOff(offCount++, q, p);
      }
    }
    onCount = 0;
    length++;
    for (let i = 0; i < offCount; i++) {
      const y = offQueue[i]!;
      const x = offParent[i]!;
      const cell = (y / size) | 0;
      const d = y - cell * size;
      const mask = cand[cell]!;
      // The bivalue cell's other digit, then the digit's other place in each house of two.
      if (useCell && popcount(mask) === 2) {
        const found = reachOn(board, scan, start, cell * size + 31 - Math.clz32(mask & ~(1 << d)), x, y, length);
        if (found !== null) {
          if (each === undefined) return found;
          each(found);
        }
      }
      if (!useConjugate) continue;
      for (let k = houses.start[cell]!; k < houses.start[cell + 1]!; k++) {
        const house = houses.house[k]!;
        const places = scan.places[house * size + d]!;
        if (popcount(places) !== 2) continue;
        const first = houseCells[house * size + 31 - Math.clz32(places & -places)]!;
        const mate = first !== cell ? first : houseCells[house * size + 31 - Math.clz32(places & (places - 1))]!;
        const found = reachOn(board, scan, start, mate * size + d, x, y, length);
        if (found !== null) {
          if (each === undefined) return found;
          each(found);
        }
      }
    }
    offCount = 0;
  }
  return null;
}

/** Length of the "on" queue of the running search. */
let onCount = 0;
/** Nodes the cycle searches processed (nested.ts counts them as effort). */
let cycleVisits = 0;

/** The nodes processed by {@link searchCycle} since the last call (and resets the count). */
export function takeCycleVisits(): number {
  const n = cycleVisits;
  cycleVisits = 0;
  return n;
}

/** Queues "z on" reached from y (off, itself from x); at the start, the cycle closed there if it eliminates something. */
function reachOn(board: Readonly<Board>, scan: GeneralScan, start: number, z: number, x: number, y: number, length: number): Cycle | null {
  if (z === start) return length >= 4 ? cycleAt(board, scan, start, x, y) : null;
  if (onSeen[z] !== stamp) {
    onSeen[z] = stamp;
    viaOff[z] = y;
    viaOn[z] = x;
    onQueue[onCount++] = z;
  }
  return null;
}

/** The cycle start .. x, y (back to the start), if it eliminates anything. */
function cycleAt(board: Readonly<Board>, scan: GeneralScan, start: number, x: number, y: number): Cycle | null {
  const { size, peers, peerStart } = scan.shape;
  const cand = board.candidates;
  // From the start: start, ..., x (on), y (off).
  const back: number[] = [y];
  for (let q = x; ; q = viaOn[q]!) {
    back.push(q);
    if (viaOff[q]! < 0) break;
    back.push(viaOff[q]!);
  }
  const pots = back.reverse();
  if (++markStamp >= 0x7ffffff0) {
    cellMark.fill(0);
    forwardMark.fill(0);
    resultMark.fill(0);
    markStamp = 1;
  }
  const m = markStamp;
  for (const pot of pots) cellMark[(pot / size) | 0] = m;
  for (let i = 0; i < pots.length; i += 2) {
    const cell = (pots[i]! / size) | 0;
    const d = pots[i]! - cell * size;
    for (let k = peerStart[cell]!; k < peerStart[cell + 1]!; k++) {
      const peer = peers[k]!;
      if (cellMark[peer] !== m && (cand[peer]! & (1 << d)) !== 0) forwardMark[peer * size + d] = m;
    }
  }
  const eliminations: number[] = [];
  for (let i = 1; i < pots.length; i += 2) {
    const cell = (pots[i]! / size) | 0;
    const d = pots[i]! - cell * size;
    for (let k = peerStart[cell]!; k < peerStart[cell + 1]!; k++) {
      const target = peers[k]! * size + d;
      if (forwardMark[target] === m && resultMark[target] !== m) {
        resultMark[target] = m;
        eliminations.push(target);
      }
    }
  }
  if (eliminations.length === 0) return null;
  return { pots, eliminations: eliminations.sort((a, b) => a - b) };
}
