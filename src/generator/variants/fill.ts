import type { Rules } from '../../rules/types.js';
import { shuffleInPlace, type Random } from '../random.js';

/**
 * A random complete solution for any rules (sizes 4..16, jigsaw regions, extra houses, Samurai;
 * killer cages are ignored: a cage partition is drawn from the solution afterwards). Backtracking
 * with forward checking: the candidates of every cell are kept per search level (one copy of
 * cellCount words per placement), the empty cell with the fewest candidates is filled next, each
 * cell tries its digits in its own seeded order. A jigsaw layout may admit no solution at all, so
 * the search gives up after `maxNodes` placements and returns null (the caller draws a new layout).
 */
export function fillRules(rules: Rules, random: Random, maxNodes = 200_000): Uint8Array | null {
  const n = rules.cellCount;
  const size = rules.size;
  const { order, peerStart, peers, cand, cellAt, tried } = scratchOf(rules);
  for (let cell = 0; cell < n; cell++) {
    const digits = order.subarray(cell * size, cell * size + size);
    for (let k = 0; k < size; k++) digits[k] = k + 1;
    shuffleInPlace(digits, random);
  }
  // cand[level * n + cell]: candidates at that depth; grid: the digits placed so far.
  cand.fill(rules.allDigits, 0, n);
  const grid = new Uint8Array(n);
  let nodes = 0;
  let level = 0;
  let cell = pickCell(cand, 0, n, grid);
  cellAt[0] = cell;
  tried[0] = 0;
  for (;;) {
    if (cell < 0) return grid; // every cell placed
    const base = level * n;
    const k = tried[level]!;
    if (k >= size || nodes > maxNodes) {
      if (level === 0 || nodes > maxNodes) return null;
      level--;
      cell = cellAt[level]!;
      grid[cell] = 0; // the digit placed at this level is taken back; its next one is tried
      continue;
    }
    tried[level] = k + 1;
    const digit = order[cell * size + k]!;
    const bit = 1 << (digit - 1);
    if ((cand[base + cell]! & bit) === 0) continue;
    nodes++;
    const next = base + n;
    cand.copyWithin(next, base, base + n);
    let dead = false;
    for (let p = peerStart[cell]!; p < peerStart[cell + 1]!; p++) {
      const peer = peers[p]!;
      if (grid[peer] !== 0) continue;
      const left = cand[next + peer]! & ~bit;
      cand[next + peer] = left;
      if (left === 0) {
        dead = true;
        break;
      }
    }
    if (dead) continue;
    grid[cell] = digit;
    cand[next + cell] = bit;
    level++;
    cell = pickCell(cand, next, n, grid);
    cellAt[level] = cell;
    tried[level] = 0;
  }
}

interface Scratch {
  readonly order: Uint8Array;
  readonly peerStart: Int32Array;
  readonly peers: Int16Array;
  readonly cand: Int32Array;
  readonly cellAt: Int16Array;
  readonly tried: Int32Array;
}

const scratches = new WeakMap<Rules, Scratch>();

/** The fill's flat peer table and search buffers for a rules value, made once per value (the fill is not re-entrant). */
function scratchOf(rules: Rules): Scratch {
  let scratch = scratches.get(rules);
  if (scratch !== undefined) return scratch;
  const n = rules.cellCount;
  const peerStart = new Int32Array(n + 1);
  for (let cell = 0; cell < n; cell++) peerStart[cell + 1] = peerStart[cell]! + rules.peers[cell]!.length;
  const peers = new Int16Array(peerStart[n]!);
  for (let cell = 0; cell < n; cell++) peers.set(rules.peers[cell]!, peerStart[cell]!);
  scratch = {
    order: new Uint8Array(n * rules.size),
    peerStart,
    peers,
    cand: new Int32Array((n + 1) * n),
    cellAt: new Int16Array(n + 1),
    tried: new Int32Array(n + 1),
  };
  scratches.set(rules, scratch);
  return scratch;
}

/** The empty cell with the fewest candidates (first of equals), or -1 when none is empty. */
function pickCell(cand: Int32Array, base: number, n: number, grid: Uint8Array): number {
  let best = -1;
  let bestCount = 99;
  for (let cell = 0; cell < n; cell++) {
    if (grid[cell] !== 0) continue;
    const count = popcount(cand[base + cell]!);
    if (count < bestCount) {
      best = cell;
      bestCount = count;
      if (count <= 1) break;
    }
  }
  return best;
}

export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
