import type { Rules } from '../rules/types.js';
import { cageCountOf, cageTablesOf, houseTablesOf, layoutKeyOf } from '../rules/solver-link.js';
import { killerTables9, sumOptions9 } from './cage-sums.js';
import { FIRST_ATTEMPT_NODES, LAST_ATTEMPT, NEVER, attemptStop } from './restarts.js';
import { LOCKED, RAN_OUT, WANTS_LEFTOVERS, countJigsaw9, lastJigsaw9Solution, lastJigsaw9Stats, lockLeftovers, lockLines } from './jigsaw9-solver.js';

/*
 * The counting solver for 81-cell, 9-digit rule sets (classic houses or jigsaw regions, diagonals,
 * windows, any extra house, killer cages): the fast path of rules-solver.ts, which keeps the general
 * solver for other sizes and Samurai. Same rules value in, same counts out; everything here is
 * derived from the value's houses, peers and cages.
 *
 * The grid is three words of 27 cells (cell k is bit k % 27 of word k / 27, rows 0-2, 3-5, 6-8), and
 * the state is one such board per digit, the unsolved cells and, per digit, the houses already
 * holding it, 48 ints:
 *
 *   state[d * 3 + w]   cells of word w where digit d + 1 is still possible (a placed cell keeps
 *                      only its own digit's bit)
 *   state[27 + w]      cells of word w not placed yet
 *   state[30 + d * 2]  houses 0-31 and 32-63 holding digit d + 1 (at most 64 houses take this path)
 *
 * Houses, peers (house-mates and cage-mates) and cages are cell sets of three words. Propagation to a
 * fixed point, cheapest first:
 * - naked singles and empty cells: bit-sliced counting of the nine boards of a word gives the cells
 *   with one candidate and those with none;
 * - hidden singles: a digit's board ANDed with a house: empty is a contradiction, one unplaced cell
 *   is a placement. Only houses where the digit changed since the last look, and not holding it yet;
 * - killer sums, on the cages with a cell changed since the last look: the placed digits and the
 *   candidates of the free cells (a per-cell candidate cache refreshed where cells changed) give in
 *   one lookup (sumOptions9, cage-sums.ts) the digits the free cells may keep and those they must
 *   hold; a required digit with one place left is placed. Innies (rule of 45) are extra cages;
 * - locked candidates between any two houses sharing two cells or more (a digit of one found only
 *   in the shared cells leaves the rest of the other), on the pairs with a house changed since.
 * Placing digit d in cell k clears d from k's peers (three ANDs) and k from the other eight boards.
 *
 * Search: a cell with two candidates (bit-sliced counts), else the one with fewest; each digit is
 * tried on a copy of the state one level up a preallocated stack (a path places at most 81 digits),
 * and only what the guess changed is looked at again. Nothing is allocated per node. Tables per
 * layout (houses, peers, house pairs) are cached by the rules' layout key; per rules value only the
 * cage part (peers with cage-mates, cage sets, innies) is compiled, in a WeakMap.
 */

const WORD_ALL = 0x7ffffff;
const STATE = 48;
const UNSOLVED = 27;
/** Houses of each digit already holding it, as 64 bits (two ints per digit). */
const DONE = 30;
/** The fast path takes rule sets of up to this many houses (one bit each in two ints). */
const MAX_HOUSES = 64;

interface Layout9 {
  readonly houseCount: number;
  /** House h's cells as words houseMask[h * 3..h * 3 + 2]. */
  readonly houseMask: Int32Array;
  /** Houses of each cell as 64 bits (two ints per cell), and all houses. */
  readonly housesOfBits: Int32Array;
  readonly allLow: number;
  readonly allHigh: number;
  /** Peers through the houses, three words per cell. */
  readonly peerMask: Int32Array;
  /**
   * Whether houses 0-8 are the rows, 9-17 the columns and 18-26 a partition into nine regions (boxes
   * or jigsaw pieces): then locked candidates between a line and a region read the per-cell tables
   * below, and the house pairs hold only pairs with an extra house (27..).
   */
  readonly lined: boolean;
  /**
   * Per cell k, of its row r, column c and region g: rowOut[k] the cells of r outside g (in r's
   * word), and three words each of g outside r (regionOffRow), g outside c (regionOffColumn) and c
   * outside g (columnOut).
   */
  readonly rowOut: Int32Array;
  readonly regionOffRow: Int32Array;
  readonly regionOffColumn: Int32Array;
  readonly columnOut: Int32Array;
  /**
   * On a lined layout of 27 houses, the tables above as they lie in one buffer (houseMask,
   * housesOfBits, peerMask, rowOut, regionOffRow, regionOffColumn, columnOut: 1,296 ints), which
   * jigsaw9-solver.ts takes in one copy; else null.
   */
  readonly lineTables: Int32Array | null;
  /** House pairs sharing 2+ cells: shared, first-only, second-only (9 words per pair). */
  readonly lockCount: number;
  readonly lockMask: Int32Array;
  /** The pairs of house h: (offset in lockMask, the other house) at lockOf[lockStart[h]..lockStart[h + 1]), two ints each. */
  readonly lockStart: Int32Array;
  readonly lockOf: Int32Array;
  /**
   * Jigsaw leftovers (lined layouts): for a band of k consecutive rows or columns and the k regions
   * most inside it, the band's cells outside those regions and the regions' cells outside the band
   * hold the same digits (each side holds every digit k times less what they share). Pairs of small
   * such sides, 12 words each (one side, the other, both, three words each; the houses holding
   * their cells as 64 bits; 0): a
   * digit possible on one side only leaves it. Made by the first search that branches on the layout
   * (null until then): a puzzle solved without a guess never pays for them.
   */
  leftMask: Int32Array | null;
}

export interface Compiled9 {
  readonly layout: Layout9;
  /** Peers with cage-mates (the layout's when there are no cages). */
  readonly peerMask: Int32Array;
  readonly cageCount: number;
  /** Cage i's cells are cageCells[cageStart[i]..cageStart[i + 1]). */
  readonly cageStart: Int32Array;
  readonly cageCells: Int16Array;
  readonly cageMask: Int32Array;
  readonly cageSum: Int32Array;
}

const layoutOf9 = new WeakMap<object, Layout9>();
/** The length of Layout9.lineTables: 81 + 162 + 243 + 81 + 3 * 243. */
const LINE_TABLES = 1296;

/** Whether the rules take this path: one grid of 81 cells and 9 digits. */
export function fitsGrid9(rules: Rules): boolean {
  return rules.size === 9 && rules.cellCount === 81 && rules.houseKinds.length <= MAX_HOUSES;
}

function setBit(words: Int32Array, at: number, cell: number): void {
  const w = at + ((cell / 27) | 0);
  words[w] = words[w]! | (1 << cell % 27);
}

function setHouse(bits: Int32Array, at: number, house: number): void {
  bits[at + (house >> 5)] = bits[at + (house >> 5)]! | (1 << (house & 31));
}

function clearBit(words: Int32Array, at: number, cell: number): void {
  const w = at + ((cell / 27) | 0);
  words[w] = words[w]! & ~(1 << cell % 27);
}

function compileLayout9(rules: Rules): Layout9 {
  const key = layoutKeyOf(rules);
  const cached = layoutOf9.get(key);
  if (cached !== undefined) return cached;
  // The layout's own house tables, not the value's public arrays: a caller writing into those must
  // not reach what is cached here for every value on the layout.
  const { start, cells } = houseTablesOf(rules);
  const ruleHouses = start.length - 1;
  // Regions that are also a row or column (no house of their own in the rules value) come back as
  // regions after the others, before the extra houses: the layout is then lined (a house twice is
  // harmless to every rule here).
  const repeated = repeatedLines(rules, start, cells);
  const added = popcount27(repeated);
  const firstExtra = added === 0 ? ruleHouses : 27 - added;
  const houseCount = ruleHouses + added;
  // One buffer for the fixed-size tables, views into it: a file of jigsaws compiles a layout per
  // puzzle, and a typed array of its own per table cost more than filling it.
  const buffer = new Int32Array(houseCount * 3 + 162 + 243 + 81 + 3 * 243 + houseCount + 1);
  let used = 0;
  const take = (n: number): Int32Array => buffer.subarray(used, (used += n));
  const houseMask = take(houseCount * 3);
  const housesOfBits = take(81 * 2);
  for (let h = 0; h < ruleHouses; h++) {
    const to = h < firstExtra ? h : h + added;
    for (let i = start[h]!; i < start[h + 1]!; i++) {
      setBit(houseMask, to * 3, cells[i]!);
      setHouse(housesOfBits, cells[i]! * 2, to);
    }
  }
  for (let bits = repeated, to = firstExtra; bits !== 0; bits &= bits - 1, to++) {
    const line = 31 - Math.clz32(bits & -bits);
    for (let i = start[line]!; i < start[line + 1]!; i++) {
      setBit(houseMask, to * 3, cells[i]!);
      setHouse(housesOfBits, cells[i]! * 2, to);
    }
  }
  const peerMask = take(81 * 3);
  for (let h = 0; h < ruleHouses; h++) {
    const from = (h < firstExtra ? h : h + added) * 3;
    const m0 = houseMask[from]!;
    const m1 = houseMask[from + 1]!;
    const m2 = houseMask[from + 2]!;
    for (let i = start[h]!; i < start[h + 1]!; i++) {
      const at = cells[i]! * 3;
      peerMask[at] = peerMask[at]! | m0;
      peerMask[at + 1] = peerMask[at + 1]! | m1;
      peerMask[at + 2] = peerMask[at + 2]! | m2;
    }
  }
  for (let cell = 0; cell < 81; cell++) clearBit(peerMask, cell * 3, cell);
  const lined = isLined(rules.houseKinds, houseMask, houseCount, firstExtra);
  const rowOut = take(lined ? 81 : 0);
  const regionOffRow = take(lined ? 243 : 0);
  const regionOffColumn = take(lined ? 243 : 0);
  const columnOut = take(lined ? 243 : 0);
  if (lined) {
    for (let cell = 0; cell < 81; cell++) {
      const row = (cell / 9) | 0;
      const w = (cell / 27) | 0;
      const bit = 1 << cell % 27;
      let region = 18;
      while ((houseMask[region * 3 + w]! & bit) === 0) region++;
      const r0 = houseMask[region * 3]!;
      const r1 = houseMask[region * 3 + 1]!;
      const r2 = houseMask[region * 3 + 2]!;
      rowOut[cell] = houseMask[row * 3 + w]! & ~houseMask[region * 3 + w]!;
      const at = cell * 3;
      // A row lies in one word; a column is COLUMN << c in every word.
      const line = COLUMN << cell % 9;
      regionOffRow[at] = w === 0 ? r0 & ~houseMask[row * 3]! : r0;
      regionOffRow[at + 1] = w === 1 ? r1 & ~houseMask[row * 3 + 1]! : r1;
      regionOffRow[at + 2] = w === 2 ? r2 & ~houseMask[row * 3 + 2]! : r2;
      regionOffColumn[at] = r0 & ~line;
      regionOffColumn[at + 1] = r1 & ~line;
      regionOffColumn[at + 2] = r2 & ~line;
      columnOut[at] = line & ~r0;
      columnOut[at + 1] = line & ~r1;
      columnOut[at + 2] = line & ~r2;
    }
  }
  const allLow = houseCount >= 32 ? -1 : (1 << houseCount) - 1;
  const allHigh = houseCount <= 32 ? 0 : houseCount === 64 ? -1 : (1 << (houseCount - 32)) - 1;
  // House pairs sharing 2 to 8 cells (with lined houses, a line and a region are looked at through
  // the per-cell tables above): counted, then written.
  const lockStart = take(houseCount + 1);
  let pairCount = 0;
  for (let a = 0; a < houseCount; a++) {
    for (let b = Math.max(a + 1, lined ? 27 : 0); b < houseCount; b++) {
      const shared = sharedCells(houseMask, a, b);
      if (shared >= 2 && shared < 9) {
        pairCount++;
        lockStart[a + 1]!++;
        lockStart[b + 1]!++;
      }
    }
  }
  for (let h = 0; h < houseCount; h++) lockStart[h + 1]! += lockStart[h]!;
  const pairBuffer = new Int32Array(pairCount * 13);
  const lockMask = pairBuffer.subarray(0, pairCount * 9);
  const lockOf = pairBuffer.subarray(pairCount * 9);
  if (pairCount > 0) {
    const fill = lockStart.slice();
    let pair = 0;
    for (let a = 0; a < houseCount; a++) {
      for (let b = Math.max(a + 1, lined ? 27 : 0); b < houseCount; b++) {
        const shared = sharedCells(houseMask, a, b);
        if (shared < 2 || shared >= 9) continue;
        const p = pair * 9;
        for (let w = 0; w < 3; w++) {
          const x = houseMask[a * 3 + w]!;
          const y = houseMask[b * 3 + w]!;
          lockMask[p + w] = x & y;
          lockMask[p + 3 + w] = x & ~y;
          lockMask[p + 6 + w] = y & ~x;
        }
        lockOf[fill[a]! * 2] = p;
        lockOf[fill[a]!++ * 2 + 1] = b;
        lockOf[fill[b]! * 2] = p;
        lockOf[fill[b]!++ * 2 + 1] = a;
        pair++;
      }
    }
  }
  for (let h = 0; h <= houseCount; h++) lockStart[h] = lockStart[h]! * 2;
  const layout: Layout9 = {
    houseCount,
    houseMask,
    housesOfBits,
    lined,
    rowOut,
    regionOffRow,
    regionOffColumn,
    columnOut,
    allLow,
    allHigh,
    peerMask,
    lockCount: pairCount,
    lockMask,
    lockStart,
    lockOf,
    lineTables: lined && houseCount === 27 ? buffer.subarray(0, LINE_TABLES) : null,
    leftMask: lined ? null : new Int32Array(0),
  };
  layoutOf9.set(key, layout);
  return layout;
}

/**
 * Whether houses 0-26 are rows, columns and nine regions partitioning the grid (see Layout9.lined);
 * layout houses from `firstExtra` to 26 are regions the rules value holds as a row or column.
 */
function isLined(kinds: readonly string[], houseMask: Int32Array, houseCount: number, firstExtra: number): boolean {
  if (houseCount < 27) return false;
  const row = 0x1ff;
  const column = 1 | (1 << 9) | (1 << 18);
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  for (let h = 0; h < 27; h++) {
    const x0 = houseMask[h * 3]!;
    const x1 = houseMask[h * 3 + 1]!;
    const x2 = houseMask[h * 3 + 2]!;
    if (h < 9) {
      const w = (h / 3) | 0;
      const line = row << ((h % 3) * 9);
      if (kinds[h] !== 'row' || x0 !== (w === 0 ? line : 0) || x1 !== (w === 1 ? line : 0) || x2 !== (w === 2 ? line : 0)) return false;
    } else if (h < 18) {
      const line = column << (h - 9);
      if (kinds[h] !== 'column' || x0 !== line || x1 !== line || x2 !== line) return false;
    } else {
      if ((h < firstExtra && kinds[h] !== 'box' && kinds[h] !== 'region') || popcount27(x0) + popcount27(x1) + popcount27(x2) !== 9) return false;
      if ((c0 & x0) | (c1 & x1) | (c2 & x2)) return false;
      c0 |= x0;
      c1 |= x1;
      c2 |= x2;
    }
  }
  return c0 === WORD_ALL && c1 === WORD_ALL && c2 === WORD_ALL;
}

/**
 * The rows and columns (bits 0-17) that are also regions of the rules value: buildRules keeps a
 * house once, so a jigsaw region equal to a row or column (6 of Solo's 100 intermediate layouts)
 * is no house of its own and houses 18.. hold fewer than nine regions. 0 unless houses 0-17 are
 * rows and columns, 18.. start with regions of 9 cells sharing none, and the cells they leave are
 * exactly whole rows (or whole columns), one for each region missing.
 */
function repeatedLines(rules: Rules, start: ArrayLike<number>, cells: ArrayLike<number>): number {
  const kinds = rules.houseKinds;
  const ruleHouses = start.length - 1;
  if (ruleHouses < 18 || (ruleHouses >= 27 && (kinds[26] === 'region' || kinds[26] === 'box'))) return 0;
  if (kinds[17] !== 'column' || kinds[8] !== 'row' || kinds[18] === 'box') return 0;
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  let regions = 0;
  for (let h = 18; h < ruleHouses && kinds[h] === 'region'; h++, regions++) {
    if (start[h + 1]! - start[h]! !== 9) return 0;
    for (let i = start[h]!; i < start[h + 1]!; i++) {
      const cell = cells[i]!;
      const w = (cell / 27) | 0;
      const bit = 1 << cell % 27;
      const seen = w === 0 ? c0 : w === 1 ? c1 : c2;
      if ((seen & bit) !== 0) return 0;
      if (w === 0) c0 |= bit;
      else if (w === 1) c1 |= bit;
      else c2 |= bit;
    }
  }
  if (regions >= 9 || ruleHouses + 9 - regions > MAX_HOUSES) return 0;
  // The cells no region holds, as whole lines of the rules' houses 0-17.
  const left0 = ~c0 & WORD_ALL;
  const left1 = ~c1 & WORD_ALL;
  const left2 = ~c2 & WORD_ALL;
  let lines = 0;
  let l0 = 0;
  let l1 = 0;
  let l2 = 0;
  for (let h = 0; h < 18; h++) {
    if (start[h + 1]! - start[h]! !== 9) return 0;
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    for (let i = start[h]!; i < start[h + 1]!; i++) {
      const cell = cells[i]!;
      const w = (cell / 27) | 0;
      if (w === 0) m0 |= 1 << cell % 27;
      else if (w === 1) m1 |= 1 << cell % 27;
      else m2 |= 1 << cell % 27;
    }
    if ((m0 & ~left0) | (m1 & ~left1) | (m2 & ~left2)) continue;
    if ((m0 & l0) | (m1 & l1) | (m2 & l2)) return 0;
    lines |= 1 << h;
    l0 |= m0;
    l1 |= m1;
    l2 |= m2;
  }
  return l0 === left0 && l1 === left1 && l2 === left2 && popcount27(lines) === 9 - regions ? lines : 0;
}

/** Sides of a leftover pair of at most this many cells each (larger ones took out too little to pay). */
const LEFTOVER_MAX = 6;
/** At most 2 x 36 bands of lines, 12 words a pair (see Layout9.leftMask). */
const MAX_LEFTOVERS = 72;

/**
 * The leftover pairs of a lined layout (see Layout9.leftMask): for each band of k = 1..8 rows (then
 * columns), the k regions with the most cells in it (ties to the lower region) against the band.
 */
function leftovers(houseMask: Int32Array, housesOfBits: Int32Array): Int32Array {
  const out = new Int32Array(MAX_LEFTOVERS * 12);
  let count = 0;
  const overlap = new Int32Array(9);
  forEachBand(houseMask, (b0, b1, b2, k) => {
    for (let g = 0; g < 9; g++) {
      const at = (18 + g) * 3;
      overlap[g] = popcount27(houseMask[at]! & b0) + popcount27(houseMask[at + 1]! & b1) + popcount27(houseMask[at + 2]! & b2);
    }
    // The k regions with most cells in the band, by selection (taken ones marked -1).
    let inside = 0;
    let q0 = 0;
    let q1 = 0;
    let q2 = 0;
    for (let i = 0; i < k; i++) {
      let best = 0;
      for (let g = 1; g < 9; g++) if (overlap[g]! > overlap[best]!) best = g;
      inside += overlap[best]!;
      overlap[best] = -1;
      const at = (18 + best) * 3;
      q0 |= houseMask[at]!;
      q1 |= houseMask[at + 1]!;
      q2 |= houseMask[at + 2]!;
    }
    const size = 9 * k - inside;
    if (size === 0 || size > LEFTOVER_MAX) return;
    const at = count * 12;
    out[at] = b0 & ~q0;
    out[at + 1] = b1 & ~q1;
    out[at + 2] = b2 & ~q2;
    out[at + 3] = q0 & ~b0;
    out[at + 4] = q1 & ~b1;
    out[at + 5] = q2 & ~b2;
    let known = false;
    for (let i = 0; i < at && !known; i += 12) {
      known = out[i] === out[at] && out[i + 1] === out[at + 1] && out[i + 2] === out[at + 2] && out[i + 3] === out[at + 3] && out[i + 4] === out[at + 4] && out[i + 5] === out[at + 5];
    }
    if (known) return;
    for (let w = 0; w < 3; w++) {
      out[at + 6 + w] = out[at + w]! | out[at + 3 + w]!;
      for (let bits = out[at + 6 + w]!; bits !== 0; bits &= bits - 1) {
        const cell = w * 27 + 31 - Math.clz32(bits & -bits);
        out[at + 9] = out[at + 9]! | housesOfBits[cell * 2]!;
        out[at + 10] = out[at + 10]! | housesOfBits[cell * 2 + 1]!;
      }
    }
    count++;
  });
  return out.slice(0, count * 12);
}

/** Calls `visit` for each band of k = 1..8 consecutive rows, then columns: its cells as three words, and k. */
function forEachBand(houseMask: Int32Array, visit: (b0: number, b1: number, b2: number, k: number) => void): void {
  for (let lines = 0; lines < 2; lines++) {
    for (let first = 0; first < 9; first++) {
      let b0 = 0;
      let b1 = 0;
      let b2 = 0;
      for (let last = first; last < 8; last++) {
        const line = (lines === 0 ? last : 9 + last) * 3;
        b0 |= houseMask[line]!;
        b1 |= houseMask[line + 1]!;
        b2 |= houseMask[line + 2]!;
        visit(b0, b1, b2, last - first + 1);
      }
    }
  }
}

/** Cells shared by houses a and b. */
function sharedCells(houseMask: Int32Array, a: number, b: number): number {
  return popcount27(houseMask[a * 3]! & houseMask[b * 3]!) + popcount27(houseMask[a * 3 + 1]! & houseMask[b * 3 + 1]!) + popcount27(houseMask[a * 3 + 2]! & houseMask[b * 3 + 2]!);
}

function popcount27(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Most summed cages a rules value can give: 81 one-cell cages, plus one innie per house. */
const MAX_CAGES = 81 + MAX_HOUSES;
/** Innies have at most 5 cells. */
const MAX_CAGE_CELLS = 81 + 5 * MAX_HOUSES;

/** One compiled rules value: the tables of a slot of the cache below, filled in place. */
interface Slot extends Compiled9 {
  rules: Rules | null;
  layout: Layout9;
  peerMask: Int32Array;
  cageCount: number;
}

/**
 * The compiled cage tables of the last few rules values with cages, in preallocated slots taken in
 * turn: a checker that builds every killer afresh compiles each into a slot without allocating (a
 * table per value made as much garbage as the search), and a generator counting one rules value
 * many times finds it here. The slots are private to this module: no caller can reach them.
 */
const SLOTS = 4;
const slots: Slot[] = [];
let nextSlot = 0;
/** Rules values without summed cages use their layout's tables as they are (cage-mates aside). */
const plainOf = new WeakMap<Layout9, Compiled9>();
// Scratch of compile9 for killerTables9, made on first use: house rests as (3 words, sum), the
// summed cage whose first cell each cell is (or -1), and the cells with cage-mates (unread here).
let rest = new Int32Array(0);
let firstOf = new Int16Array(0);
const withPeersScratch = new Int32Array(3);

function newSlot(layout: Layout9): Slot {
  return {
    rules: null,
    layout,
    peerMask: new Int32Array(81 * 3),
    cageCount: 0,
    cageStart: new Int32Array(MAX_CAGES + 1),
    cageCells: new Int16Array(MAX_CAGE_CELLS),
    cageMask: new Int32Array(MAX_CAGES * 3),
    cageSum: new Int32Array(MAX_CAGES),
  };
}

/**
 * The solver tables of an 81-cell, 9-digit rules value (see {@link fitsGrid9}): the layout's, with
 * the cage-mates among the peers and the summed cages and innies of a killer.
 */
export function compile9(rules: Rules): Compiled9 {
  for (let i = 0; i < slots.length; i++) if (slots[i]!.rules === rules) return slots[i]!;
  const layout = compileLayout9(rules);
  if (cageCountOf(rules) === 0) return plainTables(layout);
  if (slots.length < SLOTS) slots.push(newSlot(layout));
  if (rest.length === 0) {
    rest = new Int32Array(MAX_HOUSES * 4);
    firstOf = new Int16Array(81).fill(-1);
  }
  const slot = slots[nextSlot]!;
  nextSlot = (nextSlot + 1) % SLOTS;
  slot.rules = null; // until filled
  slot.layout = layout;
  slot.peerMask.set(layout.peerMask);
  const { cageStart, cageCells, cageMask, cageSum } = slot;
  // Cage-mates join the peers; the summed cages and the innies they leave (the rule of 45) are
  // made as for killers over classic boxes (cage-sums.ts), from the cages as buildRules sorted them.
  const count = killerTables9(cageTablesOf(rules), layout.houseMask, layout.houseCount, layout.housesOfBits, slot.peerMask, withPeersScratch, cageMask, cageSum, rest, firstOf);
  let at = 0;
  for (let i = 0; i < count; i++) {
    for (let w = 0; w < 3; w++) {
      for (let bits = cageMask[i * 3 + w]!; bits !== 0; bits &= bits - 1) cageCells[at++] = w * 27 + 31 - Math.clz32(bits & -bits);
    }
    cageStart[i + 1] = at;
  }
  cageStart[0] = 0;
  slot.cageCount = count;
  slot.rules = rules;
  return slot;
}

/** The tables of a layout's houses alone (rules values on it without cages). */
function plainTables(layout: Layout9): Compiled9 {
  let plain = plainOf.get(layout);
  if (plain === undefined) {
    // The slots' shape (same fields in the same order), so that the search's reads stay monomorphic.
    const slot: Slot = { rules: null, layout, peerMask: layout.peerMask, cageCount: 0, cageStart: new Int32Array(1), cageCells: new Int16Array(0), cageMask: new Int32Array(0), cageSum: new Int32Array(0) };
    plain = slot;
    plainOf.set(layout, plain);
  }
  return plain;
}

/**
 * The fast path's house, peer and cage sets of a rules value decoded back into cell lists (innies
 * included among the cages, after the rules' own summed cages), so that tests can hold them equal
 * to the rules value they were derived from.
 */
export function grid9TablesOf(rules: Rules): {
  houses: number[][];
  peers: number[][];
  cages: { cells: number[]; sum: number }[];
  /** For lined layouts (see Layout9.lined), per cell: its row outside its region, its region outside its row, and so on; else null. */
  lines: { rowOut: number[]; regionOffRow: number[]; regionOffColumn: number[]; columnOut: number[] }[] | null;
  /** The house pairs locked candidates looks at through pair tables. */
  pairs: [number, number][];
  /** For lined layouts, the leftover pairs (made now if the layout has none yet): the two sides' cells; else null. */
  leftovers: [number[], number[]][] | null;
} {
  const compiled = compile9(rules);
  const layout = compiled.layout;
  const cellsOf = (words: Int32Array, at: number): number[] => {
    const cells: number[] = [];
    for (let cell = 0; cell < 81; cell++) if ((words[at + ((cell / 27) | 0)]! >>> cell % 27) & 1) cells.push(cell);
    return cells;
  };
  const pairs: [number, number][] = [];
  for (let h = 0; h < layout.houseCount; h++) {
    for (let i = layout.lockStart[h]!; i < layout.lockStart[h + 1]!; i += 2) if (layout.lockOf[i + 1]! > h) pairs.push([h, layout.lockOf[i + 1]!]);
  }
  return {
    houses: Array.from({ length: layout.houseCount }, (_, h) => cellsOf(layout.houseMask, h * 3)),
    peers: Array.from({ length: 81 }, (_, cell) => cellsOf(compiled.peerMask, cell * 3)),
    cages: Array.from({ length: compiled.cageCount }, (_, i) => ({ cells: cellsOf(compiled.cageMask, i * 3), sum: compiled.cageSum[i]! })),
    lines: !layout.lined
      ? null
      : Array.from({ length: 81 }, (_, cell) => {
          const rowWord = new Int32Array(3);
          rowWord[(cell / 27) | 0] = layout.rowOut[cell]!;
          return {
            rowOut: cellsOf(rowWord, 0),
            regionOffRow: cellsOf(layout.regionOffRow, cell * 3),
            regionOffColumn: cellsOf(layout.regionOffColumn, cell * 3),
            columnOut: cellsOf(layout.columnOut, cell * 3),
          };
        }),
    pairs,
    leftovers: !layout.lined
      ? null
      : (() => {
          const left = (layout.leftMask ??= leftovers(layout.houseMask, layout.housesOfBits));
          return Array.from({ length: left.length / 12 }, (_, i): [number[], number[]] => [cellsOf(left, i * 12), cellsOf(left, i * 12 + 3)]);
        })(),
  };
}

// The search's scratch, shared and made on first use: one state per level (a path places at most
// 81 digits), the first solution of the last count, the marks of what changed, the candidate cache.
let stack = new Int32Array(0);
let found = new Uint8Array(0);
let dirtyHouses = new Int32Array(0);
let lockHouses = new Int32Array(0);
let cand = new Int16Array(0);
/** The cells of each digit's givens (three words per digit), scratch of placeGivens. */
let givenBits = new Int32Array(0);
let solutions = 0;
let limit = 2;
let nodes = 0;
let guesses = 0;
let peers: Int32Array = new Int32Array(0);
let tables: Compiled9;

/** The first solution of the last count that found one (a new array). */
export function lastGrid9Solution(): Uint8Array {
  return jigsawPath ? lastJigsaw9Solution().slice() : found.slice();
}

/** Search effort of the last count. */
export function lastGrid9Stats(): { nodes: number; guesses: number } {
  return jigsawPath ? lastJigsaw9Stats() : { nodes: nodes + carried.nodes, guesses: guesses + carried.guesses };
}

/** The effort of jigsaw9-solver.ts's count when it ran out and the search below took over, else none. */
let carried = { nodes: 0, guesses: 0 };
const NONE = { nodes: 0, guesses: 0 };

/** Whether the last count went to jigsaw9-solver.ts. */
let jigsawPath = false;

/**
 * Number of solutions of `givens` (81 cells, 0 empty) under `rules` (81 cells, 9 digits), up to
 * `max`; the first is kept for {@link lastGrid9Solution}. Assumes valid input: clashing givens count 0.
 */
export function countGrid9(rules: Rules, givens: ArrayLike<number>, max: number): number {
  return countCompiled(compile9(rules), rules.startMasks, rules, givens, max);
}

/** countGrid9 on compiled tables and start masks (those of `rules`, or a relaxation of them: see layoutSolvable). */
function countCompiled(compiled: Compiled9, startMasks: Uint16Array | null, rules: Rules, givens: ArrayLike<number>, max: number): number {
  if (stack.length === 0) {
    stack = new Int32Array(STATE * 83);
    found = new Uint8Array(81);
    dirtyHouses = new Int32Array(18);
    lockHouses = new Int32Array(18);
    cand = new Int16Array(81);
    givenBits = new Int32Array(27);
  }
  tables = compiled;
  const layout = tables.layout;
  jigsawPath = isPlainJigsaw(tables);
  carried = NONE;
  if (jigsawPath) {
    let count = countJigsaw9(layout, givens, startMasks, max, capped ? Math.min(firstAttemptNodes, capNodes) : firstAttemptNodes);
    if (count === WANTS_LEFTOVERS) {
      // Its first search on the layout: the leftover pairs, then the count again with them.
      layout.leftMask = leftovers(layout.houseMask, layout.housesOfBits);
      count = countJigsaw9(layout, givens, startMasks, max, capped ? Math.min(firstAttemptNodes, capNodes) : firstAttemptNodes);
    }
    if (count !== RAN_OUT) return count;
    // A nearly empty grid that went astray (a 2-given jigsaw whose layout cannot be filled ran
    // 12.5M nodes there, 21 s): the search below, with its restarts, counts it.
    jigsawPath = false;
    carried = lastJigsaw9Stats();
  }
  peers = tables.peerMask;
  housesOfBits = tables.layout.housesOfBits;
  limit = Math.max(1, max);
  attempt = 0;
  stopAt = capped ? Math.min(firstAttemptNodes, capNodes) : firstAttemptNodes;
  nodes = 0;
  guesses = 0;
  for (;;) {
    restart = false;
    aborted = false;
    solutions = 0;
    stack.fill(WORD_ALL, 0, DONE);
    stack.fill(0, DONE, STATE);
    if (startMasks !== null) applyStartMasks(startMasks);
    allDirty();
    if (!placeGivens(givens)) return 0;
    weight = 1;
    if (propagate(0)) {
      symmetric = interchangeable(startMasks);
      search(0);
    }
    if (restart) {
      // The layout's leftovers were just made: the count from the start, as every later one.
      nodes = 0;
      guesses = 0;
      continue;
    }
    if (!aborted) return Math.min(solutions, limit);
    if (capped && nodes >= capNodes) return UNKNOWN;
    // The search went astray (see attempt): again from the givens, taking the cells in another order.
    // Between attempts a sparse grid asks what may prove it has no solution (see solvableLayouts).
    let pending = false;
    if (givens !== NO_GIVENS) {
      // (Read before the nested counts, which set it for themselves.)
      const rulesAsk = symmetric && (startMasks !== null || tables.peerMask !== layout.peerMask);
      if (attempt === 0 && leftoverClash()) return 0;
      const budget = firstAttemptNodes * 2 ** attempt;
      const onLayout = knownSolvable(solvableLayouts, triedLayouts, layout, plainTables(layout), null, rules, budget);
      if (onLayout === 0) return 0;
      pending = onLayout === UNKNOWN;
      if (rulesAsk) {
        const relabelled = relabelledCount(rules, startMasks, givens, budget);
        if (relabelled >= 0) return relabelled;
        if (relabelled === UNKNOWN) pending = true;
      }
    }
    attempt++;
    // While a proof is pending, the last attempt has a budget too (doubling on), so that neither
    // count waits on the other.
    stopAt = pending && attempt >= LAST_ATTEMPT ? Math.min(NEVER, nodes + firstAttemptNodes * 2 ** attempt) : attemptStop(attempt, nodes, firstAttemptNodes);
    if (capped) stopAt = Math.min(stopAt, capNodes);
  }
}

/**
 * Which start of the count this is. On puzzles a search takes tens of nodes, but on a nearly empty
 * grid one early choice that no rule refutes until deep down can cost millions: a jigsaw windoku
 * with a single given took 200,000 nodes (5 s), one with 2 givens more than a minute; a 9x9 X with
 * odd/even marks and 4 givens as long. So past a budget of nodes (restarts.ts) the count starts
 * again from the givens, taking the cells from another word on (attempt % 3) and on odd attempts
 * the last of the ties (search).
 */
let attempt = 0;
/** The first attempt's budget (restarts.ts); lower only in the tests, so that small counts run out. */
let firstAttemptNodes = FIRST_ATTEMPT_NODES;

/** For the tests: sets the first attempt's budget (no argument: back to restarts.ts's). */
export function setFirstAttemptNodes(budget = FIRST_ATTEMPT_NODES): void {
  firstAttemptNodes = budget;
}

/** The node count past which a search stops (and sets aborted). */
let stopAt = FIRST_ATTEMPT_NODES;
let aborted = false;

/**
 * Plain jigsaws (houses 0-26 rows, columns and nine regions, nothing else: no extra house, no
 * cage; odd/even marks allowed) go to the digit-major solver of jigsaw9-solver.ts.
 */
function isPlainJigsaw(compiled: Compiled9): boolean {
  const layout = compiled.layout;
  return layout.lined && layout.houseCount === 27 && compiled.cageCount === 0 && compiled.peerMask === layout.peerMask;
}

/** Whether {@link countGrid9} hands these rules to jigsaw9-solver.ts (for the tests). */
export function takesJigsaw9(rules: Rules): boolean {
  return fitsGrid9(rules) && isPlainJigsaw(compile9(rules));
}

/*
 * Interchangeable digits. Two digits that no given holds, that no summed cage tells apart and that
 * every odd/even mark allows alike (both odd or both even) can be swapped in any solution to give
 * another: the solutions below a node where neither is placed (by a given, a guess or propagation)
 * with the cell holding one are those with it holding the other, swapped. So where a branching
 * cell may take several such digits of one class, only the lowest is tried and each solution found
 * below counts for all of them (weight: the product of these multiplicities along the path). Counts
 * stay exact; the first solution found is the one the full search finds first (the branches left out
 * come after the one tried and hold a solution only if it does), unless a restart changes the path.
 * A proof that a nearly empty grid has no solution no longer walks each digit order: a jigsaw
 * windoku with 2 givens took 820,000 nodes.
 */
/** Whether the count's root had two interchangeable digits placed nowhere (else no node below has). */
let symmetric = false;
/** Per digit, the digits interchangeable with it (itself included), as a 9-bit mask. */
const digitClass = new Int32Array(9);
/** Solutions each one found counts for (see above). */
let weight = 1;

/**
 * Fills digitClass for the start masks and the state at the root (after the givens and propagation) and
 * says whether two digits of a class are placed nowhere. Rules with summed cages have no
 * interchangeable digits (a cage's sum tells every digit apart).
 */
function interchangeable(masks: Uint16Array | null): boolean {
  if (tables.cageCount > 0) return false;
  let free = 0;
  for (let d = 0, at = DONE; d < 9; d++, at += 2) if ((stack[at]! | stack[at + 1]!) === 0) free |= 1 << d;
  if ((free & (free - 1)) === 0) return false;
  fillDigitClasses(masks);
  let any = false;
  for (let d = 0; d < 9; d++) {
    const same = digitClass[d]! & free;
    if (((free >>> d) & 1) !== 0 && (same & (same - 1)) !== 0) any = true;
  }
  return any;
}

/** digitClass from the odd/even marks alone: two digits are alike when every mark allows both or neither. */
function fillDigitClasses(masks: Uint16Array | null): void {
  digitClass.fill(0x1ff);
  if (masks !== null) {
    for (let cell = 0; cell < 81; cell++) {
      const m = masks[cell]! & 0x1ff;
      if (m === 0x1ff) continue;
      for (let d = 0; d < 9; d++) digitClass[d] = digitClass[d]! & ((m >>> d) & 1 ? m : ~m);
    }
  }
  for (let d = 0; d < 9; d++) digitClass[d] = digitClass[d]! & 0x1ff;
}

/*
 * Relabelled solutions. Without summed cages, permuting the digits within their classes (digits
 * every mark allows alike) maps solutions of the grid without givens to solutions. So the grid
 * without givens, with each given cell kept to its digit's class (a relaxation of the count: none
 * of its solutions is lost), is counted to one, like the layout below and with the same budget. No
 * solution: none with the givens either. A solution whose given cells hold equal digits where the
 * givens are equal and different ones where they differ maps, through a permutation within classes,
 * onto one with the givens; every permutation of the digits no given holds, within their classes,
 * then gives another (each digit is somewhere in the grid): the product of those counts' factorials
 * is a lower bound of the count. An odd/even jigsaw with 2 givens searched 27M nodes (43 s) for a
 * second solution while the marked grid without givens has two within 7,896.
 */
const RELABEL_NONE = -2;
let relabelMasks = new Uint16Array(0);
const relabelFound = new Uint8Array(81);
const relabelTo = new Int8Array(10);

/**
 * The count's answer (0, or `limit` when at least that many solutions are proved) from a relabelled
 * solution, UNKNOWN past `budget` nodes, or RELABEL_NONE when the solution found proves less.
 */
function relabelledCount(rules: Rules, startMasks: Uint16Array | null, givens: ArrayLike<number>, budget: number): number {
  if (relabelMasks.length === 0) relabelMasks = new Uint16Array(81);
  fillDigitClasses(startMasks);
  let givenDigits = 0;
  for (let cell = 0; cell < 81; cell++) {
    const m = startMasks === null ? 0x1ff : startMasks[cell]! & 0x1ff;
    const g = givens[cell]!;
    relabelMasks[cell] = g === 0 ? m : m & digitClass[g - 1]!;
    if (g !== 0) givenDigits |= 1 << (g - 1);
  }
  const count = nestedCount(tables, relabelMasks, rules, budget, relabelFound);
  if (count <= 0) return count;
  // Given cells of S holding one digit must have one given digit, and the other way round.
  relabelTo.fill(0);
  let taken = 0;
  for (let cell = 0; cell < 81; cell++) {
    const g = givens[cell]!;
    if (g === 0) continue;
    const s = relabelFound[cell]!;
    if (relabelTo[s] === 0) {
      if (((taken >>> g) & 1) !== 0) return RELABEL_NONE;
      taken |= 1 << g;
      relabelTo[s] = g;
    } else if (relabelTo[s] !== g) return RELABEL_NONE;
  }
  // Solutions proved: per class, the factorial of its digits no given holds.
  let proved = 1;
  let seen = 0;
  for (let d = 0; d < 9; d++) {
    if (((seen >>> d) & 1) !== 0) continue;
    seen |= digitClass[d]!;
    for (let k = popcount27(digitClass[d]! & ~givenDigits); k > 1; k--) proved *= k;
  }
  if (proved < limit) return RELABEL_NONE;
  // The solution kept for lastGrid9Solution: S relabelled, the other digits of each class onto its
  // digits no given holds, in order.
  for (let d = 0; d < 9; d++) {
    if (relabelTo[d + 1] !== 0) continue;
    const open = digitClass[d]! & ~(taken >>> 1);
    const to = 31 - Math.clz32(open & -open);
    relabelTo[d + 1] = to + 1;
    taken |= 1 << (to + 1);
  }
  for (let cell = 0; cell < 81; cell++) found[cell] = relabelTo[relabelFound[cell]!]!;
  return limit;
}

/*
 * Proofs for sparse grids. Between the attempts of a count (see attempt) the grid without givens
 * is counted under the layout's houses alone (no marks, no cages, all nine digits alike, per
 * layout): a grid with givens has a solution only if it has one. Where the rules differ from the
 * layout but keep interchangeable digits (odd/even marks, cages without sums), the grid without
 * givens under the rules is counted too, each given cell kept to its digit's class (see
 * relabelledCount, above). Each such count gets the budget of the attempt that just ran out and is
 * given up past it (UNKNOWN), to be asked again with the next, twice as large: a layout whose proof
 * is long (51M nodes on one random jigsaw) costs a count at most about as much as its own attempts,
 * whichever proof ends first. Random jigsaw windoku layouts often have no solution at all (a grid
 * with a few givens took up to 4.6M nodes, 22 s, with interchangeable digits; the grid without
 * givens at most 16,613, 0.16 s), and an odd/even jigsaw with one given on a layout without a
 * solution took 56.7M nodes (182 s) with its marks, which split the digits into two classes; the
 * layout alone 15,009 (0.14 s).
 */
const solvableLayouts = new WeakMap<Layout9, boolean>();
/** The largest budget a count of the layout without givens was given up at. */
const triedLayouts = new WeakMap<Layout9, number>();
const NO_GIVENS = new Uint8Array(81);
/** A count given up past capNodes (nested counts only). */
const UNKNOWN = -1;
/** Whether the current count is a nested one with a budget in all, and that budget. */
let capped = false;
let capNodes = NEVER;

/** 1 or 0 when the grid without givens is known (or now counted within `budget`) to have a solution or none, else UNKNOWN. */
function knownSolvable<K extends object>(known: WeakMap<K, boolean>, tried: WeakMap<K, number>, key: K, compiled: Compiled9, startMasks: Uint16Array | null, rules: Rules, budget: number): number {
  const result = known.get(key);
  if (result !== undefined) return result ? 1 : 0;
  if ((tried.get(key) ?? 0) >= budget) return UNKNOWN;
  const count = nestedCount(compiled, startMasks, rules, budget);
  if (count === UNKNOWN) tried.set(key, budget);
  else known.set(key, count > 0);
  return count === UNKNOWN ? UNKNOWN : Math.min(count, 1);
}

/**
 * The grid without givens counted to 1 under `compiled` and `startMasks`, UNKNOWN past `budget`
 * nodes (its solution into `solution` when one is found): a count nested in the current one, whose
 * tables, limit and effort so far are kept.
 */
function nestedCount(compiled: Compiled9, startMasks: Uint16Array | null, rules: Rules, budget: number, solution: Uint8Array | null = null): number {
  const savedTables = tables;
  const savedLimit = limit;
  const savedNodes = nodes;
  const savedGuesses = guesses;
  const savedAttempt = attempt;
  // The nested count may go to jigsaw9-solver.ts (and says so in jigsawPath), while this count
  // runs here: what lastGrid9Solution and lastGrid9Stats read stays this count's.
  const savedCarried = carried;
  capped = true;
  capNodes = budget;
  const count = countCompiled(compiled, startMasks, rules, NO_GIVENS, 1);
  capped = false;
  capNodes = NEVER;
  // Its effort on either path, jigsaw9-solver.ts's included, joins this count's.
  const effort = lastGrid9Stats();
  if (count > 0 && solution !== null) solution.set(lastGrid9Solution());
  tables = savedTables;
  peers = tables.peerMask;
  housesOfBits = tables.layout.housesOfBits;
  jigsawPath = false;
  carried = savedCarried;
  limit = savedLimit;
  attempt = savedAttempt;
  nodes = savedNodes + effort.nodes;
  guesses = savedGuesses + effort.guesses;
  return count;
}

/*
 * Leftover equalities. The two sides of a leftover pair (k lines against k regions: see
 * wideLeftovers) hold the same digits, as many times each, so a cell's digit is held on the other
 * side by a cell that is not its peer (house-mate or cage-mate) and may hold it. When no cell there can, the grid has no solution; when
 * one only can, the two cells are equal. Equal cells make classes, whose candidates are the
 * intersection of their cells' and whose peers the union: a class holding two peers, or without a
 * candidate, leaves no solution either. A jigsaw killer with a cage over two cells its layout makes
 * equal (columns 7-9 against their three regions leave {r1c7, r2c7} = {r2c6, r3c6}, and r2c6 sees
 * r2c7 in its row, so r1c7 = r2c6) searched for minutes without finding that out; an odd/even
 * jigsaw whose layout makes r8c7 and r9c7 equal to r6c8 took 840,110 nodes.
 */
let classOf = new Int8Array(0);
let classCand = new Int16Array(0);
/** Per class (at its root cell), its cells' peers and its cells, three words each. */
let classPeers = new Int32Array(0);
let classCells = new Int32Array(0);

function classRoot(cell: number): number {
  while (classOf[cell] !== cell) cell = classOf[cell]!;
  return cell;
}

/** Joins class b into class a (both roots); true when the joined class cannot be filled. */
function joinClasses(a: number, b: number): boolean {
  classOf[b] = a;
  classCand[a] = classCand[a]! & classCand[b]!;
  let clash = classCand[a] === 0;
  for (let w = 0; w < 3; w++) {
    classPeers[a * 3 + w] = classPeers[a * 3 + w]! | classPeers[b * 3 + w]!;
    classCells[a * 3 + w] = classCells[a * 3 + w]! | classCells[b * 3 + w]!;
    if ((classPeers[a * 3 + w]! & classCells[a * 3 + w]!) !== 0) clash = true;
  }
  return clash;
}

/** Sides of the leftover pairs read for equalities: at most this many cells each. */
const WIDE_SIDE_MAX = 8;
const wideLeftoversOf = new WeakMap<Layout9, Int32Array>();

/**
 * The leftover pairs of a lined layout for the equalities: for each band of k = 1..8 rows (then
 * columns), every k regions meeting it (Layout9.leftMask takes only the k most inside), sides of at
 * most WIDE_SIDE_MAX cells, as 6 words a pair (one side, the other). Made once per layout, by the
 * first count that asks (a few thousand region sets).
 */
function wideLeftovers(houseMask: Int32Array): Int32Array {
  const out: number[] = [];
  const seen = new Set<string>();
  forEachBand(houseMask, (b0, b1, b2, k) => {
    let meeting = 0;
    for (let g = 0; g < 9; g++) {
      const at = (18 + g) * 3;
      if (((houseMask[at]! & b0) | (houseMask[at + 1]! & b1) | (houseMask[at + 2]! & b2)) !== 0) meeting |= 1 << g;
    }
    // Every set of k regions among those meeting the band (9-bit sets with k bits).
    for (let set = 0; set < 512; set++) {
      if ((set & ~meeting) !== 0 || popcount27(set) !== k) continue;
      let q0 = 0;
      let q1 = 0;
      let q2 = 0;
      for (let g = 0; g < 9; g++) {
        if (((set >>> g) & 1) === 0) continue;
        q0 |= houseMask[(18 + g) * 3]!;
        q1 |= houseMask[(18 + g) * 3 + 1]!;
        q2 |= houseMask[(18 + g) * 3 + 2]!;
      }
      const a0 = b0 & ~q0;
      const a1 = b1 & ~q1;
      const a2 = b2 & ~q2;
      const size = popcount27(a0) + popcount27(a1) + popcount27(a2);
      if (size === 0 || size > WIDE_SIDE_MAX) continue;
      const pair = [a0, a1, a2, q0 & ~b0, q1 & ~b1, q2 & ~b2];
      const key = pair.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(...pair);
    }
  });
  return Int32Array.from(out);
}

/** Whether the leftover equalities of the root state (stack 0) leave it no solution (see above). */
function leftoverClash(): boolean {
  const layout = tables.layout;
  if (!layout.lined) return false;
  let left = wideLeftoversOf.get(layout);
  if (left === undefined) {
    left = wideLeftovers(layout.houseMask);
    wideLeftoversOf.set(layout, left);
  }
  if (left.length === 0) return false;
  if (classOf.length === 0) {
    classOf = new Int8Array(81);
    classCand = new Int16Array(81);
    classPeers = new Int32Array(81 * 3);
    classCells = new Int32Array(81 * 3);
  }
  for (let cell = 0; cell < 81; cell++) {
    const w = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    let cands = 0;
    for (let d = 0; d < 9; d++) if ((stack[d * 3 + w]! & bit) !== 0) cands |= 1 << d;
    classOf[cell] = cell;
    classCand[cell] = cands;
    for (let v = 0; v < 3; v++) {
      classPeers[cell * 3 + v] = tables.peerMask[cell * 3 + v]!;
      classCells[cell * 3 + v] = v === w ? bit : 0;
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (let at = 0; at < left.length; at += 6) {
      for (let side = 0; side < 2; side++) {
        const from = at + side * 3;
        const to = at + 3 - side * 3;
        for (let w = 0; w < 3; w++) {
          for (let bits = left[from + w]!; bits !== 0; bits &= bits - 1) {
            const a = classRoot(w * 27 + 31 - Math.clz32(bits & -bits));
            // The classes of the other side that may hold a's digit: none, one, or more (-2).
            let only = -1;
            for (let v = 0; v < 3 && only !== -2; v++) {
              for (let others = left[to + v]! & ~classPeers[a * 3 + v]!; others !== 0; others &= others - 1) {
                const b = classRoot(v * 27 + 31 - Math.clz32(others & -others));
                if ((classCand[a]! & classCand[b]!) === 0 || b === only) continue;
                if (only !== -1) {
                  only = -2;
                  break;
                }
                only = b;
              }
            }
            if (only === -1) return true;
            if (only >= 0 && only !== a) {
              if (joinClasses(a, only)) return true;
              changed = true;
            }
          }
        }
      }
    }
  }
  return false;
}

/** Set by a search that made its layout's leftovers: the count starts over with them. */
let restart = false;

/**
 * The givens into state 0 at once, what place() would do for each but with the cells leaving the
 * other digits' boards in one pass per board (place() looks at the nine boards per cell: most of
 * the cost of a puzzle solved without a guess). Every house is marked for a look already; false on
 * a digit out of range or a given where an earlier given (or a start mask) took its digit away.
 */
function placeGivens(givens: ArrayLike<number>): boolean {
  givenBits.fill(0);
  let g0 = 0;
  let g1 = 0;
  let g2 = 0;
  for (let cell = 0; cell < 81; cell++) {
    const digit = givens[cell]!;
    if (digit === 0) continue;
    if (digit > 9) return false;
    const d = digit - 1;
    const w = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    const own = d * 3;
    if ((stack[own + w]! & bit) === 0) return false;
    const p = cell * 3;
    stack[own] = stack[own]! & ~peers[p]!;
    stack[own + 1] = stack[own + 1]! & ~peers[p + 1]!;
    stack[own + 2] = stack[own + 2]! & ~peers[p + 2]!;
    givenBits[own + w] = givenBits[own + w]! | bit;
    if (w === 0) g0 |= bit;
    else if (w === 1) g1 |= bit;
    else g2 |= bit;
    const done = DONE + d * 2;
    stack[done] = stack[done]! | housesOfBits[cell * 2]!;
    stack[done + 1] = stack[done + 1]! | housesOfBits[cell * 2 + 1]!;
  }
  for (let d = 0; d < 9; d++) {
    const at = d * 3;
    stack[at] = stack[at]! & (~g0 | givenBits[at]!);
    stack[at + 1] = stack[at + 1]! & (~g1 | givenBits[at + 1]!);
    stack[at + 2] = stack[at + 2]! & (~g2 | givenBits[at + 2]!);
  }
  stack[UNSOLVED] = stack[UNSOLVED]! & ~g0;
  stack[UNSOLVED + 1] = stack[UNSOLVED + 1]! & ~g1;
  stack[UNSOLVED + 2] = stack[UNSOLVED + 2]! & ~g2;
  return true;
}

/**
 * Odd/even marks: a marked cell leaves the boards of the digits of the other parity (state 0).
 * Kept out of countGrid9, which rules without marks call many times a second.
 */
function applyStartMasks(startMasks: Uint16Array): void {
  for (let cell = 0; cell < 81; cell++) {
    const banned = ~startMasks[cell]! & 0x1ff;
    if (banned === 0) continue;
    const w = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    for (let d = 0; d < 9; d++) if ((banned & (1 << d)) !== 0) stack[d * 3 + w] = stack[d * 3 + w]! & ~bit;
  }
}

// Per digit, the houses (64 bits, two ints) where hidden singles (dirtyHouses) and locked
// candidates (lockHouses) have not looked since the digit changed there.
let housesOfBits: Int32Array = new Int32Array(0);

/** Cells (three words) whose candidates changed since the cage pass last looked. */
let changed0 = 0;
let changed1 = 0;
let changed2 = 0;

/** Marks every house of every digit for a look (a new state). */
function allDirty(): void {
  changed0 = changed1 = changed2 = WORD_ALL;
  stale0 = stale1 = stale2 = WORD_ALL;
  const layout = tables.layout;
  for (let d = 0; d < 9; d++) {
    dirtyHouses[d * 2] = lockHouses[d * 2] = layout.allLow;
    dirtyHouses[d * 2 + 1] = lockHouses[d * 2 + 1] = layout.allHigh;
  }
}

/**
 * Places digit d (0..8) in `cell` of the state at `base`; false if d is no longer possible there.
 * The houses of the cell are done for d; d changed in every house (its peers lost it), the other
 * digits only in the houses of the cell.
 */
function place(base: number, d: number, cell: number): boolean {
  const w = (cell / 27) | 0;
  const bit = 1 << cell % 27;
  const own = base + d * 3;
  if ((stack[own + w]! & bit) === 0) return false;
  const p = cell * 3;
  const x0 = stack[own]!;
  const x1 = stack[own + 1]!;
  const x2 = stack[own + 2]!;
  stack[own] = x0 & ~peers[p]!;
  stack[own + 1] = x1 & ~peers[p + 1]!;
  stack[own + 2] = x2 & ~peers[p + 2]!;
  changed0 |= x0 & peers[p]!;
  changed1 |= x1 & peers[p + 1]!;
  changed2 |= x2 & peers[p + 2]!;
  if (w === 0) changed0 |= bit;
  else if (w === 1) changed1 |= bit;
  else changed2 |= bit;
  const low = housesOfBits[cell * 2]!;
  const high = housesOfBits[cell * 2 + 1]!;
  const done = base + DONE + d * 2;
  stack[done] = stack[done]! | low;
  stack[done + 1] = stack[done + 1]! | high;
  dirtyHouses[d * 2] = lockHouses[d * 2] = tables.layout.allLow & ~stack[done]!;
  dirtyHouses[d * 2 + 1] = lockHouses[d * 2 + 1] = tables.layout.allHigh & ~stack[done + 1]!;
  // The cell leaves the other digits' boards (its own keeps it: it was never its own peer), without
  // a branch per board (whether a board holds the cell is unpredictable); then the houses of the
  // cell are marked for the digits it had.
  const shift = cell % 27;
  let had = 0;
  for (let k = 0, at = base + w; k < 9; k++, at += 3) {
    const v = stack[at]!;
    had |= ((v >>> shift) & 1) << k;
    stack[at] = v & ~bit;
  }
  stack[own + w] = stack[own + w]! | bit;
  for (had &= ~(1 << d); had !== 0; had &= had - 1) {
    const k = (31 - Math.clz32(had & -had)) * 2;
    dirtyHouses[k] = dirtyHouses[k]! | low;
    dirtyHouses[k + 1] = dirtyHouses[k + 1]! | high;
    lockHouses[k] = lockHouses[k]! | low;
    lockHouses[k + 1] = lockHouses[k + 1]! | high;
  }
  stack[base + UNSOLVED + w] = stack[base + UNSOLVED + w]! & ~bit;
  return true;
}

/** Marks the digits of `digits` changed in the cells of `c0..c2` (cell sets of three words). */
function touched(digits: number, c0: number, c1: number, c2: number): void {
  changed0 |= c0;
  changed1 |= c1;
  changed2 |= c2;
  // The houses holding any of the cells: few cells (a cage, a house's rest), so walked one by one.
  let low = 0;
  let high = 0;
  for (let w = 0, c = c0; w < 3; w++, c = w === 1 ? c1 : c2) {
    for (let bits = c; bits !== 0; bits &= bits - 1) {
      const cell = w * 27 + 31 - Math.clz32(bits & -bits);
      low |= housesOfBits[cell * 2]!;
      high |= housesOfBits[cell * 2 + 1]!;
    }
  }
  for (let d = 0; d < 9; d++) {
    if ((digits & (1 << d)) === 0) continue;
    dirtyHouses[d * 2] = dirtyHouses[d * 2]! | low;
    dirtyHouses[d * 2 + 1] = dirtyHouses[d * 2 + 1]! | high;
    lockHouses[d * 2] = lockHouses[d * 2]! | low;
    lockHouses[d * 2 + 1] = lockHouses[d * 2 + 1]! | high;
  }
}

/** Naked singles until none is left; false on a cell without candidates. */
function nakedSingles(base: number): boolean {
  for (;;) {
    let placed = false;
    for (let w = 0; w < 3; w++) {
      const at = base + w;
      let one = stack[at]!;
      let two = 0;
      let v = stack[at + 3]!;
      two |= one & v;
      one |= v;
      v = stack[at + 6]!;
      two |= one & v;
      one |= v;
      v = stack[at + 9]!;
      two |= one & v;
      one |= v;
      v = stack[at + 12]!;
      two |= one & v;
      one |= v;
      v = stack[at + 15]!;
      two |= one & v;
      one |= v;
      v = stack[at + 18]!;
      two |= one & v;
      one |= v;
      v = stack[at + 21]!;
      two |= one & v;
      one |= v;
      v = stack[at + 24]!;
      two |= one & v;
      one |= v;
      if (one !== WORD_ALL) return false;
      let singles = one & ~two & stack[base + UNSOLVED + w]!;
      while (singles !== 0) {
        const bit = singles & -singles;
        singles ^= bit;
        let d = 0;
        while (d < 9 && (stack[at + d * 3]! & bit) === 0) d++;
        // An earlier single of this pass may have taken the cell's last digit away.
        if (d === 9 || !place(base, d, w * 27 + 31 - Math.clz32(bit))) return false;
        placed = true;
      }
    }
    if (!placed) return true;
  }
}

/** Hidden singles in the houses marked for a look, until none is marked; -1 on a contradiction, else how many were placed. */
function hiddenSingles(base: number): number {
  const houses = tables.layout.houseMask;
  const lined = tables.layout.lined;
  const u0 = base + UNSOLVED;
  let placed = 0;
  for (let d = 0; d < 9; d++) {
    const at = base + d * 3;
    const done = base + DONE + d * 2;
    for (;;) {
      let low = dirtyHouses[d * 2]! & ~stack[done]!;
      let high = dirtyHouses[d * 2 + 1]! & ~stack[done + 1]!;
      if ((low | high) === 0) break;
      dirtyHouses[d * 2] = 0;
      dirtyHouses[d * 2 + 1] = 0;
      if (lined && (low & 0x3ffff) !== 0) {
        const found = linedSingles(base, d, low);
        if (found < 0) return -1;
        placed += found;
        low &= ~0x3ffff;
      }
      for (let half = 0; half < 64; half += 32, low = high) {
        for (; low !== 0; low &= low - 1) {
          const h = (half + 31 - Math.clz32(low & -low)) * 3;
          const a = stack[at]! & houses[h]!;
          const b = stack[at + 1]! & houses[h + 1]!;
          const c = stack[at + 2]! & houses[h + 2]!;
          if ((a | b | c) === 0) return -1;
          // Exactly one cell: one word non-zero with one bit.
          let cell: number;
          if (a !== 0) {
            if ((a & (a - 1)) !== 0 || (b | c) !== 0 || (stack[u0]! & a) === 0) continue;
            cell = 31 - Math.clz32(a);
          } else if (b !== 0) {
            if ((b & (b - 1)) !== 0 || c !== 0 || (stack[u0 + 1]! & b) === 0) continue;
            cell = 27 + 31 - Math.clz32(b);
          } else {
            if ((c & (c - 1)) !== 0 || (stack[u0 + 2]! & c) === 0) continue;
            cell = 54 + 31 - Math.clz32(c);
          }
          if (!place(base, d, cell)) return -1;
          placed++;
        }
      }
    }
  }
  return placed;
}

/** A column's cells in each word: bits c, c + 9 and c + 18 of column 0. */
const COLUMN = 1 | (1 << 9) | (1 << 18);

/**
 * Hidden singles of digit d in the rows and columns of `houses` (bits 0-17, houses not holding d),
 * for lined layouts: a row is 9 bits of one word; the columns are counted all at once, one and two
 * or more candidates, over the nine rows folded onto bits 0-8. -1 on a contradiction, else how many
 * were placed.
 */
function linedSingles(base: number, d: number, houses: number): number {
  const at = base + d * 3;
  const u0 = base + UNSOLVED;
  let placed = 0;
  for (let bits = houses & 0x1ff; bits !== 0; bits &= bits - 1) {
    const r = 31 - Math.clz32(bits & -bits);
    const w = (r / 3) | 0;
    const shift = (r % 3) * 9;
    const seg = (stack[at + w]! >>> shift) & 0x1ff;
    if (seg === 0) return -1;
    // One cell, not placed since the houses were read.
    if ((seg & (seg - 1)) !== 0 || ((stack[u0 + w]! >>> shift) & seg) === 0) continue;
    if (!place(base, d, r * 9 + 31 - Math.clz32(seg))) return -1;
    placed++;
  }
  const columns = (houses >>> 9) & 0x1ff;
  if (columns === 0) return placed;
  let one = 0;
  let two = 0;
  for (let w = 0; w < 3; w++) {
    const v = stack[at + w]!;
    let s = v & 0x1ff;
    two |= one & s;
    one |= s;
    s = (v >>> 9) & 0x1ff;
    two |= one & s;
    one |= s;
    s = v >>> 18;
    two |= one & s;
    one |= s;
  }
  if ((columns & ~one) !== 0) return -1;
  for (let singles = columns & ~two; singles !== 0; singles &= singles - 1) {
    const c = 31 - Math.clz32(singles & -singles);
    const line = COLUMN << c;
    let w = 0;
    let v = stack[at]! & line;
    if (v === 0) {
      w = 1;
      v = stack[at + 1]! & line;
      if (v === 0) {
        w = 2;
        v = stack[at + 2]! & line;
      }
    }
    // A placement of this pass took the column's one cell: no cell left for d in it.
    if (v === 0) return -1;
    if ((stack[u0 + w]! & v) === 0) continue;
    if (!place(base, d, w * 27 + 31 - Math.clz32(v))) return -1;
    placed++;
  }
  return placed;
}

/**
 * Locked candidates over the house pairs sharing cells, for each digit on the pairs with a house
 * changed since the last look (a house already holding the digit gives nothing); -1 on a
 * contradiction, else whether anything was taken out (1) or not (0).
 */
function lockedCandidates(base: number): number {
  const layout = tables.layout;
  const lock = layout.lockMask;
  const lockStart = layout.lockStart;
  const lockOf = layout.lockOf;
  let changed = 0;
  for (let d = 0; d < 9; d++) {
    const done = base + DONE + d * 2;
    const low = lockHouses[d * 2]! & ~stack[done]!;
    const high = lockHouses[d * 2 + 1]! & ~stack[done + 1]!;
    lockHouses[d * 2] = 0;
    lockHouses[d * 2 + 1] = 0;
    if ((low | high) === 0) continue;
    const at = base + d * 3;
    const x0 = stack[at]!;
    const x1 = stack[at + 1]!;
    const x2 = stack[at + 2]!;
    let y0 = x0;
    let y1 = x1;
    let y2 = x2;
    if (layout.lined) {
      // Rows, columns and regions: jigsaw9-solver.ts's pass (a house emptied is found elsewhere here).
      lockLines(layout, y0, y1, y2, low, false);
      y0 = LOCKED[0]!;
      y1 = LOCKED[1]!;
      y2 = LOCKED[2]!;
    }
    // House pairs: all of them on other layouts, those with an extra house on lined ones.
    for (let half = 0, bits = layout.lockCount === 0 ? 0 : low; half < 64; half += 32, bits = layout.lockCount === 0 ? 0 : high) {
      for (; bits !== 0; bits &= bits - 1) {
        const h = half + 31 - Math.clz32(bits & -bits);
        for (let i = lockStart[h]!, end = lockStart[h + 1]!; i < end; i += 2) {
          // A pair with both houses marked is looked at from the lower one only.
          const other = lockOf[i + 1]!;
          if (other < h && ((other < 32 ? low >>> other : high >>> (other - 32)) & 1) !== 0) continue;
          const p = lockOf[i]!;
          if (((y0 & lock[p]!) | (y1 & lock[p + 1]!) | (y2 & lock[p + 2]!)) === 0) continue;
          const first = (y0 & lock[p + 3]!) | (y1 & lock[p + 4]!) | (y2 & lock[p + 5]!);
          const second = (y0 & lock[p + 6]!) | (y1 & lock[p + 7]!) | (y2 & lock[p + 8]!);
          if (first === 0 && second !== 0) {
            y0 &= ~lock[p + 6]!;
            y1 &= ~lock[p + 7]!;
            y2 &= ~lock[p + 8]!;
          } else if (second === 0 && first !== 0) {
            y0 &= ~lock[p + 3]!;
            y1 &= ~lock[p + 4]!;
            y2 &= ~lock[p + 5]!;
          }
        }
      }
    }
    // Leftovers: d on one side of a pair only leaves that side.
    if (layout.leftMask !== null) {
      lockLeftovers(layout.leftMask, y0, y1, y2, low, high);
      y0 = LOCKED[0]!;
      y1 = LOCKED[1]!;
      y2 = LOCKED[2]!;
    }
    if (y0 !== x0 || y1 !== x1 || y2 !== x2) {
      stack[at] = y0;
      stack[at + 1] = y1;
      stack[at + 2] = y2;
      touched(1 << d, x0 ^ y0, x1 ^ y1, x2 ^ y2);
      changed = 1;
    }
  }
  return changed;
}

/** In `cand` (the candidates of each cell, bits 0-8, for the cage pass; stale where stale0..2 say): a placed cell. */
const PLACED = 0x200;
let stale0 = WORD_ALL;
let stale1 = WORD_ALL;
let stale2 = WORD_ALL;

/**
 * Killer sums over the summed cages (innies included) with a cell changed since the last pass;
 * -1 on a contradiction, 1 if anything changed, else 0.
 */
function cageSums(base: number): number {
  const t = tables;
  const seen0 = changed0;
  const seen1 = changed1;
  const seen2 = changed2;
  changed0 = changed1 = changed2 = 0;
  // Candidates per cell, refreshed where they changed (a digit's board at a time: fewer steps than
  // nine lookups per cell); PLACED marks a placed cell.
  const s0 = (stale0 | seen0) & WORD_ALL;
  const s1 = (stale1 | seen1) & WORD_ALL;
  const s2 = (stale2 | seen2) & WORD_ALL;
  stale0 = stale1 = stale2 = 0;
  for (let w = 0, c = s0; w < 3; w++, c = w === 1 ? s1 : s2) {
    const placedCells = c & ~stack[base + UNSOLVED + w]!;
    for (let bits = c; bits !== 0; bits &= bits - 1) {
      const cell = w * 27 + 31 - Math.clz32(bits & -bits);
      cand[cell] = (placedCells >>> cell % 27) & 1 ? PLACED : 0;
    }
    for (let d = 0, at = base + w; d < 9; d++, at += 3) {
      for (let bits = stack[at]! & c; bits !== 0; bits &= bits - 1) {
        const cell = w * 27 + 31 - Math.clz32(bits & -bits);
        cand[cell] = cand[cell]! | (1 << d);
      }
    }
  }
  const cells = t.cageCells;
  const cageStart = t.cageStart;
  let changed = 0;
  const u = base + UNSOLVED;
  for (let i = 0; i < t.cageCount; i++) {
    if (((t.cageMask[i * 3]! & seen0) | (t.cageMask[i * 3 + 1]! & seen1) | (t.cageMask[i * 3 + 2]! & seen2)) === 0) continue;
    const start = cageStart[i]!;
    const end = cageStart[i + 1]!;
    // Placed digits of the cage, and the digits its free cells may still take.
    let placed = 0;
    let union = 0;
    let free = 0;
    for (let j = start; j < end; j++) {
      const v = cand[cells[j]!]!;
      if ((v & PLACED) !== 0) placed |= v;
      else {
        union |= v;
        free++;
      }
    }
    placed &= 0x1ff;
    const rest = t.cageSum[i]! - digitSum(placed);
    if (free === 0) {
      if (rest !== 0) return -1;
      continue;
    }
    // The free cells hold `free` distinct digits of `union` (placed ones excluded) adding up to `rest`.
    const options = sumOptions9(free, rest);
    if (options === null) return -1;
    const found = options[union & ~placed]!;
    if (found === 0) return -1;
    const allowed = found & 0x1ff;
    const required = found >>> 9;
    const drop = union & ~allowed;
    if (drop !== 0) {
      const f0 = t.cageMask[i * 3]! & stack[u]!;
      const f1 = t.cageMask[i * 3 + 1]! & stack[u + 1]!;
      const f2 = t.cageMask[i * 3 + 2]! & stack[u + 2]!;
      for (let bits = drop; bits !== 0; bits &= bits - 1) {
        const d = 31 - Math.clz32(bits & -bits);
        const at = base + d * 3;
        stack[at] = stack[at]! & ~f0;
        stack[at + 1] = stack[at + 1]! & ~f1;
        stack[at + 2] = stack[at + 2]! & ~f2;
      }
      touched(drop, f0, f1, f2);
      changed = 1;
    }
    // A digit every combination needs, with one place left in the cage, goes there.
    for (let bits = required; bits !== 0; bits &= bits - 1) {
      const d = 31 - Math.clz32(bits & -bits);
      const at = base + d * 3;
      const a = stack[at]! & t.cageMask[i * 3]!;
      const b = stack[at + 1]! & t.cageMask[i * 3 + 1]!;
      const c = stack[at + 2]! & t.cageMask[i * 3 + 2]!;
      if ((a | b | c) === 0) return -1;
      let cell = -1;
      if (a !== 0) {
        if ((a & (a - 1)) === 0 && (b | c) === 0 && (stack[u]! & a) !== 0) cell = 31 - Math.clz32(a);
      } else if (b !== 0) {
        if ((b & (b - 1)) === 0 && c === 0 && (stack[u + 1]! & b) !== 0) cell = 27 + 31 - Math.clz32(b);
      } else if ((c & (c - 1)) === 0 && (stack[u + 2]! & c) !== 0) cell = 54 + 31 - Math.clz32(c);
      if (cell >= 0) {
        if (!place(base, d, cell)) return -1;
        changed = 1;
      }
    }
  }
  return changed;
}

/** Sum of the digits of a mask (digit d is bit d - 1). */
function digitSum(mask: number): number {
  let sum = 0;
  for (; mask !== 0; mask &= mask - 1) sum += 32 - Math.clz32(mask & -mask);
  return sum;
}

/** Every rule to a fixed point; false on a contradiction. */
function propagate(base: number): boolean {
  nodes++;
  for (;;) {
    if (!nakedSingles(base)) return false;
    const hidden = hiddenSingles(base);
    if (hidden < 0) return false;
    if (hidden > 0) continue;
    if (tables.cageCount > 0) {
      const sums = cageSums(base);
      if (sums < 0) return false;
      if (sums > 0) continue;
    }
    const locked = lockedCandidates(base);
    if (locked < 0) return false;
    if (locked === 0) return true;
  }
}

function search(base: number): void {
  const u = base + UNSOLVED;
  if ((stack[u]! | stack[u + 1]! | stack[u + 2]!) === 0) {
    if (solutions === 0) {
      for (let d = 0; d < 9; d++) {
        for (let w = 0; w < 3; w++) {
          let cells = stack[base + d * 3 + w]!;
          while (cells !== 0) {
            const bit = cells & -cells;
            cells ^= bit;
            found[w * 27 + 31 - Math.clz32(bit)] = d + 1;
          }
        }
      }
    }
    solutions += weight;
    return;
  }
  if (nodes > stopAt) {
    aborted = true;
    return;
  }
  const layout = tables.layout;
  if (layout.leftMask === null) {
    // The first count on a lined layout that has to guess (this is its root): the leftovers, then
    // the count starts over with them, so that its effort and path are those of every later count.
    layout.leftMask = leftovers(layout.houseMask, layout.housesOfBits);
    if (layout.leftMask.length > 0) {
      restart = true;
      return;
    }
  }
  // A cell with two candidates (bit-sliced counts per word), the one seeing the most unsolved cells
  // (its guesses place or take out the most: on Solo's unreasonable jigsaws 21 nodes a puzzle
  // against 25 for the first such cell); else the cell with fewest candidates.
  let cell = -1;
  let most = -1;
  const u0 = stack[u]!;
  const u1 = stack[u + 1]!;
  const u2 = stack[u + 2]!;
  // Later attempts of a count (attempt): from another word on, on odd ones the last of the ties.
  const firstWord = attempt % 3;
  const tie = attempt & 1;
  for (let i = 0; i < 3; i++) {
    const w = (firstWord + i) % 3;
    let one = 0;
    let two = 0;
    let three = 0;
    for (let at = base + w; at < base + 27; at += 3) {
      const v = stack[at]!;
      three |= two & v;
      two |= one & v;
      one |= v;
    }
    for (let pairs = two & ~three & stack[u + w]!; pairs !== 0; pairs &= pairs - 1) {
      const k = w * 27 + 31 - Math.clz32(pairs & -pairs);
      const seen = popcount27(u0 & peers[k * 3]!) + popcount27(u1 & peers[k * 3 + 1]!) + popcount27(u2 & peers[k * 3 + 2]!);
      if (seen + tie > most) {
        most = seen;
        cell = k;
      }
    }
  }
  if (cell < 0) {
    let best = 10;
    for (let i = 0; i < 3; i++) {
      const w = (firstWord + i) % 3;
      let open = stack[u + w]!;
      while (open !== 0) {
        const bit = open & -open;
        open ^= bit;
        let n = 0;
        for (let at = base + w; at < base + 27; at += 3) if ((stack[at]! & bit) !== 0) n++;
        if (n < best + tie) {
          best = n;
          cell = w * 27 + 31 - Math.clz32(bit);
        }
      }
    }
  }
  const w = (cell / 27) | 0;
  const bit = 1 << cell % 27;
  const next = base + STATE;
  // Digits placed nowhere yet (see interchangeable): of those of one class only the lowest is
  // tried, its solutions counted for each of the class's digits the cell may take.
  let free = 0;
  if (symmetric) {
    for (let d = 0, at = base + DONE; d < 9; d++, at += 2) if ((stack[at]! | stack[at + 1]!) === 0) free |= 1 << d;
    let cands = 0;
    for (let d = 0; d < 9; d++) if ((stack[base + d * 3 + w]! & bit) !== 0) cands |= 1 << d;
    free &= cands;
  }
  const outer = weight;
  for (let d = 0; d < 9; d++) {
    if ((stack[base + d * 3 + w]! & bit) === 0) continue;
    if (((free >>> d) & 1) !== 0) {
      const same = free & digitClass[d]!;
      // A higher digit of a class: counted with the lowest.
      if ((same & ((1 << d) - 1)) !== 0) continue;
      weight = outer * popcount27(same);
    } else weight = outer;
    stack.copyWithin(next, base, next);
    guesses++;
    // The parent's state was at a fixed point: only what the guess changes needs a look.
    dirtyHouses.fill(0);
    lockHouses.fill(0);
    changed0 = changed1 = changed2 = 0;
    // The cached candidates are those of wherever the last search ended.
    stale0 = stale1 = stale2 = WORD_ALL;
    if (place(next, d, cell) && propagate(next)) {
      search(next);
      if (solutions >= limit || aborted) {
        weight = outer;
        return;
      }
    }
  }
  weight = outer;
}
