import type { Rules } from '../../rules/types.js';
import type { Random } from '../random.js';

/**
 * A random complete solution for any rules (sizes 4..16, jigsaw regions, extra houses, Samurai;
 * killer cages are ignored: a cage partition is drawn from the solution afterwards). Backtracking
 * with forward checking: the candidates of every cell are kept per search level (one copy of
 * cellCount words per placement), the empty cell with the fewest candidates is filled next, each
 * cell tries its digits in its own seeded order. A jigsaw layout may admit no solution at all, so
 * the search gives up after `maxNodes` placements and returns null (the caller draws a new layout).
 *
 * On irregular regions (jigsaw) and grids above 9x9 the search also keeps, per level, how many
 * places each digit has left in each house, and backs out as soon as one has none: a layout where
 * some digit cannot fit a region is given up in a few placements instead of thousands, and a 16x16
 * fill takes a third of the time. The counts only cut branches that hold no solution, so the
 * solution found is the one the plain search would find first (within `maxNodes`, which it now
 * reaches less often).
 */
export function fillRules(rules: Rules, random: Random, maxNodes = 200_000): Uint8Array | null {
  const n = rules.cellCount;
  const size = rules.size;
  const t = tablesOf(rules);
  const { peerStart, peers, housesStart, housesList } = t;
  const checkHouses = rules.boxShape === null || rules.size > 9;
  const slots = rules.houses.length * size;
  grow(n, size, checkHouses ? slots : 0);
  // Each cell's digits in a seeded order: shuffleInPlace's draws, in place in `order` (no subarray per cell).
  for (let cell = 0; cell < n; cell++) {
    const at = cell * size;
    for (let k = 0; k < size; k++) order[at + k] = k + 1;
    for (let i = size - 1; i > 0; i--) {
      const j = at + random.below(i + 1);
      const digit = order[at + i]!;
      order[at + i] = order[j]!;
      order[j] = digit;
    }
  }
  if (!checkHouses && n <= 81) return fillBoxed(rules, t, maxNodes);
  // cand[level * n + cell]: candidates at that depth; count[level * slots + h * size + d]: cells of
  // house h with digit d + 1 among their candidates at that depth; grid: the digits placed so far.
  cand.fill(rules.allDigits, 0, n);
  if (checkHouses) count.fill(size, 0, slots);
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
    if (checkHouses) {
      const from = level * slots;
      const to = from + slots;
      count.copyWithin(to, from, to);
      // The cell's other digits leave its houses.
      let others = cand[base + cell]! & ~bit;
      while (others !== 0 && !dead) {
        const low = others & -others;
        others ^= low;
        const d = 31 - Math.clz32(low);
        for (let h = housesStart[cell]!; h < housesStart[cell + 1]!; h++) if (--count[to + housesList[h]! * size + d]! === 0) dead = true;
      }
      const d = digit - 1;
      for (let p = peerStart[cell]!; p < peerStart[cell + 1]! && !dead; p++) {
        const peer = peers[p]!;
        if (grid[peer] !== 0 || (cand[next + peer]! & bit) === 0) continue;
        const left = cand[next + peer]! & ~bit;
        cand[next + peer] = left;
        if (left === 0) dead = true;
        for (let h = housesStart[peer]!; h < housesStart[peer + 1]!; h++) if (--count[to + housesList[h]! * size + d]! === 0) dead = true;
      }
    } else {
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

/*
 * The same search on regular boxes up to 9x9 (classic, X, windoku, 4x4 to 8x8), where a copy of
 * every cell's candidates per level and a scan of every cell for the next one cost more than the
 * search: one candidates array, a trail of the peers each placement took the digit from (undone
 * when the search backs up or tries the level's next digit), and the empty cells kept in buckets
 * by candidate count, each a set of cells as three words of 27 bits (cell 27w + b is bit b of word
 * w), so the next cell is the lowest bit of the first bucket not empty. Same cell order (fewest
 * candidates, first of equals), same digit order, same dead ends (a peer left without a candidate),
 * so the same solution and the same count of placements against `maxNodes` as the copying search.
 */
function fillBoxed(rules: Rules, t: Tables, maxNodes: number): Uint8Array | null {
  const n = rules.cellCount;
  const size = rules.size;
  const { peerStart, peers } = t;
  const pop = popcounts(size);
  // The shared buffers as locals (module bindings cost a lookup at every use in the loop).
  const now = cand;
  const trail = trailBuffer;
  const digits = order;
  const tries = tried;
  const cells = cellAt;
  const trailStart = trailAt;
  now.fill(rules.allDigits, 0, n);
  buckets.fill(0);
  for (let cell = 0; cell < n; cell++) buckets[size * 3 + ((cell / 27) | 0)] = buckets[size * 3 + ((cell / 27) | 0)]! | (1 << cell % 27);
  const grid = new Uint8Array(n);
  // trail[trailStart[level] ..]: the peers the digit placed at that level was taken from.
  let trailLength = 0;
  let nodes = 0;
  let level = 0;
  let cell = firstOfFewest(size);
  cells[0] = cell;
  tries[0] = 0;
  trailStart[0] = 0;
  for (;;) {
    if (cell < 0) return grid;
    const k = tries[level]!;
    if (k >= size || nodes > maxNodes) {
      if (level === 0 || nodes > maxNodes) return null;
      level--;
      cell = cells[level]!;
      grid[cell] = 0;
      move(cell, 0, pop[now[cell]!]!);
      trailLength = undo(now, trail, pop, trailStart[level]!, trailLength, digits[cell * size + tries[level]! - 1]!);
      continue;
    }
    tries[level] = k + 1;
    const digit = digits[cell * size + k]!;
    const bit = 1 << (digit - 1);
    if ((now[cell]! & bit) === 0) continue;
    nodes++;
    let dead = false;
    for (let p = peerStart[cell]!; p < peerStart[cell + 1]!; p++) {
      const peer = peers[p]!;
      if (grid[peer] !== 0) continue;
      const m = now[peer]!;
      if ((m & bit) === 0) continue;
      now[peer] = m & ~bit;
      trail[trailLength++] = peer;
      const count = pop[m]!;
      move(peer, count, count - 1);
      if (m === bit) {
        dead = true;
        break;
      }
    }
    if (dead) {
      trailLength = undo(now, trail, pop, trailStart[level]!, trailLength, digit);
      continue;
    }
    grid[cell] = digit;
    move(cell, pop[now[cell]!]!, 0);
    level++;
    trailStart[level] = trailLength;
    cell = firstOfFewest(size);
    cells[level] = cell;
    tries[level] = 0;
  }
}

/** Gives `digit` back to the peers trail[from..to) it was taken from; the trail's new length. */
function undo(now: Int32Array, trail: Int16Array, pop: Uint8Array, from: number, to: number, digit: number): number {
  const bit = 1 << (digit - 1);
  for (let i = from; i < to; i++) {
    const peer = trail[i]!;
    const m = now[peer]!;
    now[peer] = m | bit;
    move(peer, pop[m]!, pop[m]! + 1);
  }
  return from;
}

/** Moves `cell` from the bucket of count `from` to that of `to` (bucket 0: placed, kept empty). */
function move(cell: number, from: number, to: number): void {
  const w = (cell / 27) | 0;
  const bit = 1 << cell % 27;
  buckets[from * 3 + w] = buckets[from * 3 + w]! & ~bit;
  if (to !== 0) buckets[to * 3 + w] = buckets[to * 3 + w]! | bit;
}

/** The empty cell with the fewest candidates (first of equals), or -1 when none is empty. */
function firstOfFewest(size: number): number {
  for (let i = 3; i < (size + 1) * 3; i++) {
    const word = buckets[i]!;
    if (word !== 0) return (i % 3) * 27 + 31 - Math.clz32(word & -word);
  }
  return -1;
}

/** Empty cells by candidate count (see fillBoxed): buckets[count * 3 + w]. */
const buckets = new Int32Array(10 * 3);

let popTable = new Uint8Array(0);

/** Popcounts of every mask of `size` bits. */
function popcounts(size: number): Uint8Array {
  if (popTable.length < 1 << size) {
    popTable = new Uint8Array(1 << size);
    for (let m = 1; m < popTable.length; m++) popTable[m] = popTable[m >> 1]! + (m & 1);
  }
  return popTable;
}

// Search buffers shared by every call (the fill is not re-entrant), grown to the largest grid seen.
let order = new Uint8Array(0);
let cand = new Int32Array(0);
let count = new Int16Array(0);
let cellAt = new Int16Array(0);
let tried = new Int32Array(0);
let trailAt = new Int32Array(0);
let trailBuffer = new Int16Array(0);

function grow(n: number, size: number, slots: number): void {
  if (order.length < n * size) order = new Uint8Array(n * size);
  if (cand.length < (n + 1) * n) cand = new Int32Array((n + 1) * n);
  if (count.length < (n + 1) * slots) count = new Int16Array((n + 1) * slots);
  if (cellAt.length < n + 1) {
    cellAt = new Int16Array(n + 1);
    tried = new Int32Array(n + 1);
    trailAt = new Int32Array(n + 1);
  }
  // Each placement takes its digit from at most every other cell.
  if (trailBuffer.length < n * n) trailBuffer = new Int16Array(n * n);
}

interface Tables {
  readonly peerStart: Int32Array;
  readonly peers: Int16Array;
  readonly housesStart: Int32Array;
  readonly housesList: Int32Array;
}

const tables = new WeakMap<Rules, Tables>();

/** Flat peer and houses-of-cell tables of a rules value, made once per value. */
function tablesOf(rules: Rules): Tables {
  let t = tables.get(rules);
  if (t !== undefined) return t;
  const n = rules.cellCount;
  const peerStart = new Int32Array(n + 1);
  const housesStart = new Int32Array(n + 1);
  for (let cell = 0; cell < n; cell++) {
    peerStart[cell + 1] = peerStart[cell]! + rules.peers[cell]!.length;
    housesStart[cell + 1] = housesStart[cell]! + rules.housesOf[cell]!.length;
  }
  const peers = new Int16Array(peerStart[n]!);
  const housesList = new Int32Array(housesStart[n]!);
  for (let cell = 0; cell < n; cell++) {
    peers.set(rules.peers[cell]!, peerStart[cell]!);
    housesList.set(rules.housesOf[cell]!, housesStart[cell]!);
  }
  t = { peerStart, peers, housesStart, housesList };
  tables.set(rules, t);
  return t;
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
