import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import { seesIn } from '../../core/geometry.js';
import { POPCOUNT } from '../../core/tables.js';
import type { Cage } from '../../rules/types.js';

/**
 * The arithmetic shared by the killer techniques: which digits a set of cells can hold when they
 * must add up to a known total.
 *
 * A "sum set" is any set of empty cells whose total is known: what is left of a cage (its sum minus
 * the digits already placed in it), the innies or outies of the rule of 45, the part of a cage a
 * house cuts off. Its cells must differ where they see each other (a cage's cells always do).
 *
 * For a set of k cells that all differ (a cage, or part of one), the digits they hold are a set
 * of k digits adding up to the total: one of the few masks of popcount k and that digit sum (12
 * at most), listed once in a table. A combination fits when the cells can take its digits one
 * each: a perfect matching of cells and digits. A digit d fits cell i when some perfect matching
 * gives d to i: one matching found, then (i, d) is in another exactly when the cell j matched to d
 * reaches i over "j could take the digit matched to the next cell" links, an alternating cycle:
 *
 *   cells A{1,2} B{1,2} C{1,2,3,4}, total 7     combinations of 3 digits adding to 7: {1,2,4}
 *   matching A-1 B-2 C-4; links A->B (A could take B's 2), B->A, C->A, C->B
 *   B (matched to 2) reaches A, fits; C-1: A does not reach C, so C keeps only 4.
 *
 * Per combination: a matching (k short augmenting searches over digit masks) and a closure of k
 * bit rows, a few hundred operations, instead of a walk over the 512 digit masks.
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

/** Masks of 9 digits grouped by popcount and digit sum, ascending in each group; group g = popcount * 46 + sum starts at comboStart[g] (built on first use, with the scratch below). */
let comboMasks = new Uint16Array(0);
let comboStart = new Int32Array(0);
/** Scratch of the matching: per cell its candidates within the combination, its matched digit (a bit) and the cells it reaches; per digit its cell (-1: none). */
let adjacent = new Uint16Array(0);
let mateOfCell = new Uint16Array(0);
let reaches = new Uint16Array(0);
let mateOfDigit = new Int8Array(0);
let visited = 0;

function buildComboTable(): void {
  const start = new Int32Array(10 * 46 + 1);
  const group = (m: number): number => POPCOUNT[m]! * 46 + maskSum(m);
  for (let m = 0; m < 512; m++) start[group(m) + 1]!++;
  for (let g = 0; g < 10 * 46; g++) start[g + 1]! += start[g]!;
  const masks = new Uint16Array(512);
  const next = start.slice(0, 10 * 46);
  for (let m = 0; m < 512; m++) masks[next[group(m)]!++] = m;
  comboMasks = masks;
  comboStart = start;
  adjacent = new Uint16Array(9);
  mateOfCell = new Uint16Array(9);
  reaches = new Uint16Array(9);
  mateOfDigit = new Int8Array(9);
}

/** Augmenting path from cell i (digits in `visited` are taken for this search). */
function augment(i: number): boolean {
  let free = adjacent[i]! & ~visited;
  while (free !== 0) {
    const bit = free & -free;
    free ^= bit;
    visited |= bit;
    const d = 31 - Math.clz32(bit);
    const j = mateOfDigit[d]!;
    if (j < 0 || augment(j)) {
      mateOfDigit[d] = i;
      mateOfCell[i] = bit;
      return true;
    }
  }
  return false;
}

/**
 * Whether the cells (candidates in `adjacent`, within `combo`) can take the digits of `combo` one
 * each; if so, ORs into `allowed` every digit some such arrangement gives each cell.
 */
function arrange(k: number, combo: number, allowed: number[]): boolean {
  // Every cell open to every digit of the combination (a fresh cage): any arrangement will do.
  let full = true;
  for (let i = 0; i < k && full; i++) full = adjacent[i] === combo;
  if (full) {
    for (let i = 0; i < k; i++) allowed[i] = allowed[i]! | combo;
    return true;
  }
  mateOfDigit.fill(-1);
  for (let i = 0; i < k; i++) {
    visited = 0;
    if (!augment(i)) return false;
  }
  // The combination fits; when earlier ones already allow every digit it offers, it adds nothing.
  let news = false;
  for (let i = 0; i < k && !news; i++) news = (adjacent[i]! & ~allowed[i]!) !== 0;
  if (!news) return true;
  // Links: i -> j when i could take the digit matched to j.
  for (let i = 0; i < k; i++) {
    let other = adjacent[i]! & ~mateOfCell[i]!;
    let links = 0;
    while (other !== 0) {
      const bit = other & -other;
      other ^= bit;
      links |= 1 << mateOfDigit[31 - Math.clz32(bit)]!;
    }
    reaches[i] = links;
  }
  for (let x = 0; x < k; x++) {
    const via = reaches[x]!;
    for (let i = 0; i < k; i++) if ((reaches[i]! >> x) & 1) reaches[i] = reaches[i]! | via;
  }
  for (let i = 0; i < k; i++) {
    let fits = mateOfCell[i]!;
    let other = adjacent[i]! & ~fits;
    while (other !== 0) {
      const bit = other & -other;
      other ^= bit;
      if ((reaches[mateOfDigit[31 - Math.clz32(bit)]!]! >> i) & 1) fits |= bit;
    }
    allowed[i] = allowed[i]! | fits;
  }
  return true;
}

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
  const allowed = new Array<number>(k).fill(0);
  const combos: number[] = [];
  if (k <= 9 && total >= 0 && total <= 45) {
    let union = 0;
    for (let i = 0; i < k; i++) union |= masks[i]! & ~excluded;
    if (comboMasks.length === 0) buildComboTable();
    for (let j = comboStart[k * 46 + total]!, end = comboStart[k * 46 + total + 1]!; j < end; j++) {
      const combo = comboMasks[j]!;
      if ((combo & ~union) !== 0 || (combo & required) !== required) continue;
      let ok = true;
      for (let i = 0; i < k && ok; i++) {
        adjacent[i] = masks[i]! & ~excluded & combo;
        ok = adjacent[i] !== 0;
      }
      if (ok && arrange(k, combo, allowed)) combos.push(combo);
    }
  }
  return { allowed, combos, sumCombos: sumComboCount(k, total, excluded), distinct: true };
}

/** How many sets of `k` digits outside `excluded` add up to `total` (arithmetic alone). */
function sumComboCount(k: number, total: number, excluded: number): number {
  if (k > 9 || total < 0 || total > 45) return 0;
  if (comboMasks.length === 0) buildComboTable();
  const start = comboStart[k * 46 + total]!;
  const end = comboStart[k * 46 + total + 1]!;
  if (excluded === 0) return end - start;
  let count = 0;
  for (let j = start; j < end; j++) if ((comboMasks[j]! & excluded) === 0) count++;
  return count;
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
 * A one-entry memo per key object (a rule-of-45 set, a part of a cage): the last analysis, reused
 * while the cells' candidates, the total and the excluded and required digits are unchanged. A
 * ladder asks every technique again after each step, and most sets have not changed since.
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

/** A cage on a board: its empty cells, what is left of its sum, and the analysis of its empty cells. */
export interface CageAnalysis {
  empty: number[];
  left: number;
  analysis: SumAnalysis;
}

interface CageMemo {
  required: number;
  /** Per cell of the cage, `value << 9 | candidates` when the result was computed. */
  state: Uint16Array;
  result: CageAnalysis | null;
}

/** The last analysis of each cage (`required` 0), and of each cage with required digits (house-cage claiming's). */
const cageMemo = new WeakMap<Cage, CageMemo>();
const requiredMemo = new WeakMap<Cage, CageMemo>();

/**
 * A cage's analysis on the board ({@link analyseDistinct} of its empty cells, its placed digits
 * excluded), or null for a cage without a sum or without empty cells. Remembered per cage while
 * its cells are unchanged: the cage techniques each ask for every cage after every step.
 */
export function analyseCage(board: Readonly<Board>, cage: Cage, required = 0): CageAnalysis | null {
  if (cage.sum === 0) return null;
  const cells = cage.cells;
  const memos = required === 0 ? cageMemo : requiredMemo;
  let last = memos.get(cage);
  if (last !== undefined && last.required === required) {
    let same = true;
    for (let i = 0; i < cells.length && same; i++) same = last.state[i] === ((board.values[cells[i]!]! << 9) | board.candidates[cells[i]!]!);
    if (same) return last.result;
  }
  if (last === undefined) {
    last = { required, state: new Uint16Array(cells.length), result: null };
    memos.set(cage, last);
  }
  for (let i = 0; i < cells.length; i++) last.state[i] = (board.values[cells[i]!]! << 9) | board.candidates[cells[i]!]!;
  last.required = required;
  const state = cageState(board, cells, cage.sum);
  last.result =
    state.empty.length === 0 ? null : { empty: state.empty, left: state.left, analysis: analyseDistinct(state.empty.map((cell) => board.candidates[cell]!), state.left, state.placed, required) };
  return last.result;
}

const looseMemo = new WeakMap<object, { cells: readonly number[]; masks: number[]; total: number; result: SumAnalysis | null }>();

/** {@link analyseCells}, remembered per `key` (the same cells must come with the same key). */
export function analyseCellsFor(key: object, geometry: Geometry, board: Readonly<Board>, cells: readonly number[], total: number): SumAnalysis | null {
  const last = looseMemo.get(key);
  if (last !== undefined && last.total === total && sameState(last, board, cells)) return last.result;
  const result = analyseCells(geometry, board, cells, total);
  looseMemo.set(key, { cells: [...cells], masks: cells.map((cell) => board.candidates[cell]!), total, result });
  return result;
}

/** Whether `cells` are the remembered cells with the remembered candidates. */
function sameState(last: { cells: readonly number[]; masks: number[] }, board: Readonly<Board>, cells: readonly number[]): boolean {
  if (last.cells.length !== cells.length) return false;
  for (let i = 0; i < cells.length; i++) if (last.cells[i] !== cells[i] || last.masks[i] !== board.candidates[cells[i]!]) return false;
  return true;
}

function sameMasks(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

