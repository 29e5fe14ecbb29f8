import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import { seesIn } from '../../core/geometry.js';
import { POPCOUNT } from '../../core/tables.js';

/**
 * The arithmetic shared by the killer techniques: which digits a set of cells can hold when they
 * must add up to a known total.
 *
 * A "sum set" is any set of empty cells whose total is known: what is left of a cage (its sum minus
 * the digits already placed in it), the innies or outies of the rule of 45, the part of a cage a
 * house cuts off. Its cells must differ where they see each other (a cage's cells always do).
 *
 * For a set whose cells all differ (a cage, or part of one), the analysis is a walk over digit
 * masks: cell i is given a digit not in the mask of the digits used by cells 0..i-1, so a mask of
 * popcount i is a state of level i. Forward, `reach[m]` marks the masks cells 0..i-1 can fill;
 * backward, `good[m]` marks those from which cells i..k-1 can complete a mask whose digits add up
 * to the total. A digit d fits cell i when some reachable m at level i has good[m | d]:
 *
 *   cells A{1,2} B{1,2} C{1,2,3,4}, total 7     reach: {} -> {1},{2} -> {1,2} -> {1,2,3},{1,2,4}
 *                                                good:  {1,2,4} (sum 7) -> {1,2} -> {1},{2} -> {}
 *   C keeps only 4 (the one combination, 1+2+4, with 1 and 2 taken by A and B).
 *
 * 512 masks per level, nine levels at most: a few thousand steps per cage.
 */

/** What a sum set allows. */
export interface SumAnalysis {
  /** Per cell of the set (same order), the digits that fit some complete arrangement. */
  allowed: number[];
  /** False when the cells need not all differ (cells that do not see each other may repeat a digit). */
  distinct: boolean;
  /** The digit sets (masks) that make the total and can be arranged over the cells, ascending. */
  combos: number[];
  /** The digit sets that make the total by arithmetic alone (ignoring candidates), for a set whose cells all differ. */
  sumCombos: number;
}

/** Scratch of {@link analyseDistinct}: marks per mask, the masks reached (level by level) and each level's start. */
let reach: Uint8Array | null = null;
let good: Uint8Array | null = null;
let reached: Uint16Array | null = null;
let levelStart: Int32Array | null = null;
let sums: Uint8Array | null = null;

/** Sum of the digits of a 9-bit mask. */
export function maskSum(mask: number): number {
  let sum = 0;
  for (let d = 0; d < 9; d++) if ((mask >> d) & 1) sum += d + 1;
  return sum;
}

/** The digits of a mask, ascending. */
export function maskDigits(mask: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < 9; d++) if ((mask >> d) & 1) out.push(d + 1);
  return out;
}

/**
 * Exact analysis of cells that all differ and must add up to `total`, with candidates `masks`
 * (one per cell) and digits `excluded` that none may take (the digits already placed in the cage).
 * `required`: digits every combination must contain (a house's digit that can only go in the
 * cage). An impossible set gives no combos and empty allowed masks.
 */
export function analyseDistinct(masks: readonly number[], total: number, excluded = 0, required = 0): SumAnalysis {
  const k = masks.length;
  if (reach === null || good === null || reached === null || levelStart === null || sums === null) {
    reach = new Uint8Array(512);
    good = new Uint8Array(512);
    reached = new Uint16Array(512);
    levelStart = new Int32Array(11);
    sums = new Uint8Array(512);
    for (let m = 0; m < 512; m++) sums[m] = maskSum(m);
  }
  // Forward: the masks cells 0..i-1 can fill, listed level by level (a mask's level is its popcount).
  let n = 0;
  reached[n++] = 0;
  reach[0] = 1;
  levelStart[0] = 0;
  for (let i = 0; i < k; i++) {
    levelStart[i + 1] = n;
    const cand = masks[i]! & ~excluded;
    for (let j = levelStart[i]!, end = levelStart[i + 1]!; j < end; j++) {
      const m = reached[j]!;
      let free = cand & ~m;
      while (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        const next = m | bit;
        if (reach[next] === 0) {
          reach[next] = 1;
          reached[n++] = next;
        }
      }
    }
  }
  levelStart[k + 1] = n;
  const combos: number[] = [];
  for (let j = levelStart[k]!; j < n; j++) {
    const m = reached[j]!;
    if (sums[m] === total && (m & required) === required) {
      good[m] = 1;
      combos.push(m);
    }
  }
  combos.sort((a, b) => a - b);
  // Backward: a digit fits cell i when it leads from a reached mask to a good one.
  const allowed = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    const cand = masks[i]! & ~excluded;
    for (let j = levelStart[i]!, end = levelStart[i + 1]!; j < end; j++) {
      const m = reached[j]!;
      let free = cand & ~m;
      while (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        if (good[m | bit] === 1) {
          good[m] = 1;
          allowed[i] = allowed[i]! | bit;
        }
      }
    }
  }
  for (let j = 0; j < n; j++) {
    reach[reached[j]!] = 0;
    good[reached[j]!] = 0;
  }
  return { allowed, combos, sumCombos: sumComboCount(k, total, excluded), distinct: true };
}

let comboCounts: Uint8Array | null = null;

/** How many sets of `k` digits outside `excluded` add up to `total` (arithmetic alone). */
function sumComboCount(k: number, total: number, excluded: number): number {
  if (excluded !== 0) {
    let count = 0;
    for (let m = 0; m < 512; m++) if ((m & excluded) === 0 && POPCOUNT[m] === k && sums![m] === total) count++;
    return count;
  }
  if (comboCounts === null) {
    comboCounts = new Uint8Array(10 * 46);
    for (let m = 0; m < 512; m++) comboCounts[POPCOUNT[m]! * 46 + sums![m]!]!++;
  }
  return total < 0 || total > 45 ? 0 : comboCounts[k * 46 + total]!;
}

/** The largest set whose cells need not differ that {@link analyseCells} searches (9^k assignments at worst). */
export const MAX_LOOSE_CELLS = 4;

/**
 * Analysis of empty cells that must add up to `total` where only cells that see each other must
 * differ (the innies of two rows may repeat a digit). Cells that all see each other go through
 * {@link analyseDistinct}; otherwise a depth-first search over the candidates (at most
 * {@link MAX_LOOSE_CELLS} cells; returns null above), pruned by the least and most the cells left
 * can add.
 */
export function analyseCells(geometry: Geometry, board: Readonly<Board>, cells: readonly number[], total: number): SumAnalysis | null {
  const masks = cells.map((cell) => board.candidates[cell]!);
  let distinct = true;
  for (let i = 0; i < cells.length && distinct; i++) for (let j = i + 1; j < cells.length; j++) if (!seesIn(geometry, cells[i]!, cells[j]!)) distinct = false;
  if (distinct) return analyseDistinct(masks, total);
  const k = cells.length;
  if (k > MAX_LOOSE_CELLS) return null;
  const lows = masks.map((m) => 32 - Math.clz32(m & -m));
  const highs = masks.map((m) => 32 - Math.clz32(m));
  const minAfter = new Array<number>(k + 1).fill(0);
  const maxAfter = new Array<number>(k + 1).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    minAfter[i] = minAfter[i + 1]! + lows[i]!;
    maxAfter[i] = maxAfter[i + 1]! + highs[i]!;
  }
  const sees: number[] = cells.map((a, i) => {
    let m = 0;
    for (let j = 0; j < i; j++) if (seesIn(geometry, a, cells[j]!)) m |= 1 << j;
    return m;
  });
  const allowed = new Array<number>(k).fill(0);
  const digits = new Array<number>(k).fill(0);
  let solutions = 0;
  const walk = (i: number, sum: number): void => {
    if (i === k) {
      if (sum !== total) return;
      solutions++;
      for (let j = 0; j < k; j++) allowed[j] = allowed[j]! | (1 << (digits[j]! - 1));
      return;
    }
    if (sum + minAfter[i]! > total || sum + maxAfter[i]! < total) return;
    let taken = 0;
    for (let j = 0; j < i; j++) if ((sees[i]! >> j) & 1) taken |= 1 << (digits[j]! - 1);
    let free = masks[i]! & ~taken;
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      digits[i] = 32 - Math.clz32(bit);
      walk(i + 1, sum + digits[i]!);
    }
  };
  walk(0, 0);
  return { allowed, combos: [], sumCombos: solutions, distinct: false };
}

/** A cage's state on a board: its empty cells, the digits placed in it, and what is left of its sum. */
export interface CageState {
  empty: number[];
  placed: number;
  left: number;
}

/** The state of cage cells with sum `sum` (0: no sum) on a board. */
export function cageState(board: Readonly<Board>, cells: ArrayLike<number>, sum: number): CageState {
  const empty: number[] = [];
  let placed = 0;
  let left = sum;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const v = board.values[cell]!;
    if (v === 0) empty.push(cell);
    else {
      placed |= 1 << (v - 1);
      left -= v;
    }
  }
  return { empty, placed, left };
}

/**
 * A one-entry memo per key object (a cage, a rule-of-45 set): the last analysis, reused while the
 * cells' candidates, the total and the excluded and required digits are unchanged. A ladder asks
 * every technique again after each step, and most cages have not changed since.
 */
const memo = new WeakMap<object, { masks: number[]; total: number; excluded: number; required: number; result: SumAnalysis }>();

/** {@link analyseDistinct}, remembered per `key`. */
export function analyseDistinctFor(key: object, masks: number[], total: number, excluded = 0, required = 0): SumAnalysis {
  const last = memo.get(key);
  if (last !== undefined && last.total === total && last.excluded === excluded && last.required === required && sameMasks(last.masks, masks)) return last.result;
  const result = analyseDistinct(masks, total, excluded, required);
  memo.set(key, { masks, total, excluded, required, result });
  return result;
}

const looseMemo = new WeakMap<object, { cells: readonly number[]; masks: number[]; total: number; result: SumAnalysis | null }>();

/** {@link analyseCells}, remembered per `key` (the same cells must come with the same key). */
export function analyseCellsFor(key: object, geometry: Geometry, board: Readonly<Board>, cells: readonly number[], total: number): SumAnalysis | null {
  const masks = cells.map((cell) => board.candidates[cell]!);
  const last = looseMemo.get(key);
  if (last !== undefined && last.total === total && last.cells.length === cells.length && last.cells.every((c, i) => c === cells[i]) && sameMasks(last.masks, masks)) return last.result;
  const result = analyseCells(geometry, board, cells, total);
  looseMemo.set(key, { cells: [...cells], masks, total, result });
  return result;
}

function sameMasks(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

