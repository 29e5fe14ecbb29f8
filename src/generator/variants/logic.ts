import type { Rules } from '../../rules/types.js';
import { comboTable } from '../../solver/cage-sums.js';
import { popcount } from './fill.js';

/**
 * A small logical solver over the rules' houses, used to set the levels of variant puzzles (it is
 * not the SE-scale grader: no ratings, only which of three technique sets suffices).
 *
 *   singles:  naked singles (a cell with one candidate) and hidden singles (a digit with one place
 *             left in a house), over every house of the rules (rows, columns, boxes or jigsaw
 *             regions, diagonals, windows, Samurai's five grids); for killer also the cage
 *             combinations (a cell keeps only digits of the sets of distinct digits that make its
 *             cage's sum and fit the cage's other cells) and a cage's digits differing.
 *   medium:   singles, plus intersections between any two houses sharing two or more cells
 *             (a digit confined to the shared cells in one house leaves the rest of the other:
 *             pointing, claiming, and the same between a diagonal or window and a box), plus
 *             naked and hidden pairs in every house.
 *
 * The techniques only remove candidates that no solution has, so "solved" means the puzzle has
 * exactly one solution (the one found).
 */
export type LogicSet = 'singles' | 'medium';

interface Tables {
  readonly n: number;
  /** Pairs of houses sharing two or more cells: [a, b, ...]. */
  readonly overlaps: Int32Array;
  readonly combos: readonly (Uint16Array | null)[];
}

const tablesOf = new WeakMap<Rules, Tables>();

function tables(rules: Rules): Tables {
  let t = tablesOf.get(rules);
  if (t !== undefined) return t;
  const n = rules.cellCount;
  const overlaps: number[] = [];
  const houses = rules.houses;
  const inHouse = new Uint8Array(n);
  for (let a = 0; a < houses.length; a++) {
    for (const cell of houses[a]!) inHouse[cell] = 1;
    for (let b = a + 1; b < houses.length; b++) {
      let shared = 0;
      for (const cell of houses[b]!) shared += inHouse[cell]!;
      if (shared >= 2) overlaps.push(a, b);
    }
    for (const cell of houses[a]!) inHouse[cell] = 0;
  }
  const table = comboTable(rules.size);
  const combos = rules.cages.map((cage) => {
    if (cage.sum === 0) return null;
    const key = cage.cells.length * (table.maxSum + 1) + cage.sum;
    const start = table.starts[key]!;
    const end = table.starts[key + 1]!;
    return end - start > 512 ? null : table.masks.subarray(start, end);
  });
  t = { n, overlaps: Int32Array.from(overlaps), combos };
  tablesOf.set(rules, t);
  return t;
}

/**
 * Whether `givens` are solved by the techniques of `set` alone (then the puzzle is unique).
 * `out`, when given, receives the digits found (0 where none).
 */
export function solvesWith(rules: Rules, givens: ArrayLike<number>, set: LogicSet, out?: Uint8Array): boolean {
  const t = tables(rules);
  const n = t.n;
  const cand = new Int32Array(n);
  const grid = new Uint8Array(n);
  cand.fill(rules.allDigits);
  let placedCount = 0;
  const place = (cell: number, digit: number): boolean => {
    const bit = 1 << (digit - 1);
    if ((cand[cell]! & bit) === 0) return false;
    grid[cell] = digit;
    cand[cell] = bit;
    placedCount++;
    for (const peer of rules.peers[cell]!) {
      if (grid[peer] === 0) cand[peer] = cand[peer]! & ~bit;
      else if (grid[peer] === digit) return false;
    }
    return true;
  };
  for (let cell = 0; cell < n; cell++) {
    const digit = givens[cell]!;
    if (digit !== 0 && !place(cell, digit)) return false;
  }
  let ok = true;
  for (;;) {
    let progress = false;
    // Naked singles.
    for (let cell = 0; cell < n && ok; cell++) {
      if (grid[cell] !== 0) continue;
      const m = cand[cell]!;
      if (m === 0) ok = false;
      else if ((m & (m - 1)) === 0) {
        ok = place(cell, 31 - Math.clz32(m) + 1);
        progress = true;
      }
    }
    if (!ok) break;
    // Hidden singles: per house, the digits seen in exactly one cell's candidates (once & ~twice)
    // that are not placed yet; a digit in no cell and not placed is a contradiction.
    for (const house of rules.houses) {
      if (!ok) break;
      let once = 0;
      let twice = 0;
      let placed = 0;
      for (const cell of house) {
        if (grid[cell] !== 0) {
          placed |= cand[cell]!;
          continue;
        }
        const m = cand[cell]!;
        twice |= once & m;
        once |= m;
      }
      if (((once | placed) & rules.allDigits) !== rules.allDigits) {
        ok = false;
        break;
      }
      let hidden = once & ~twice & ~placed;
      if (hidden === 0) continue;
      for (const cell of house) {
        if (grid[cell] !== 0) continue;
        const m = cand[cell]! & hidden;
        if (m === 0) continue;
        if ((m & (m - 1)) !== 0) {
          ok = false; // two digits that each have only this cell
          break;
        }
        hidden &= ~m;
        ok = place(cell, 31 - Math.clz32(m) + 1);
        progress = true;
        if (!ok) break;
      }
    }
    if (!ok) break;
    if (!progress && rules.cages.length > 0) progress = cageCombos(rules, t, cand, grid);
    if (!progress && set === 'medium') progress = intersections(rules, t, cand, grid) || pairs(rules, cand, grid);
    if (placedCount === n || !progress) break;
  }
  if (out !== undefined) out.set(grid);
  return ok && placedCount === n;
}

/** The level of a unique puzzle for variants: 'easy' (singles), 'medium' or 'hard' (anything else). */
export function variantLevelOf(rules: Rules, givens: ArrayLike<number>): 'easy' | 'medium' | 'hard' {
  if (solvesWith(rules, givens, 'singles')) return 'easy';
  if (solvesWith(rules, givens, 'medium')) return 'medium';
  return 'hard';
}

function cageCombos(rules: Rules, t: Tables, cand: Int32Array, grid: Uint8Array): boolean {
  let progress = false;
  rules.cages.forEach((cage, i) => {
    const combos = t.combos[i];
    if (combos === null || combos === undefined) return;
    let placed = 0;
    let free = 0;
    for (const cell of cage.cells) {
      if (grid[cell] !== 0) placed |= 1 << (grid[cell]! - 1);
      else free |= cand[cell]!;
    }
    let allowed = 0;
    for (const m of combos) {
      if ((m & placed) !== placed) continue;
      const rest = m & ~placed;
      if ((rest & ~free) !== 0) continue;
      let fits = true;
      for (const cell of cage.cells) if (grid[cell] === 0 && (cand[cell]! & rest) === 0) fits = false;
      if (fits) allowed |= rest;
    }
    for (const cell of cage.cells) {
      if (grid[cell] !== 0) continue;
      const left = cand[cell]! & allowed;
      if (left !== cand[cell]) {
        cand[cell] = left;
        progress = true;
      }
    }
  });
  return progress;
}

function intersections(rules: Rules, t: Tables, cand: Int32Array, grid: Uint8Array): boolean {
  const mark = new Uint8Array(t.n);
  for (let i = 0; i < t.overlaps.length; i += 2) {
    for (let side = 0; side < 2; side++) {
      const a = rules.houses[t.overlaps[i + side]!]!;
      const b = rules.houses[t.overlaps[i + 1 - side]!]!;
      for (const cell of b) mark[cell] = 1;
      for (let d = 0; d < rules.size; d++) {
        const bit = 1 << d;
        let inside = 0;
        let outside = 0;
        for (const cell of a) {
          if (grid[cell] !== 0 || (cand[cell]! & bit) === 0) continue;
          if (mark[cell]) inside++;
          else outside++;
        }
        if (inside === 0 || outside > 0) continue;
        let removed = false;
        for (const cell of b) {
          if (grid[cell] !== 0 || (cand[cell]! & bit) === 0) continue;
          if (a.includes(cell)) continue;
          cand[cell] = cand[cell]! & ~bit;
          removed = true;
        }
        if (removed) {
          for (const cell of b) mark[cell] = 0;
          return true;
        }
      }
      for (const cell of b) mark[cell] = 0;
    }
  }
  return false;
}

function pairs(rules: Rules, cand: Int32Array, grid: Uint8Array): boolean {
  for (const house of rules.houses) {
    const free: number[] = [];
    for (const cell of house) if (grid[cell] === 0) free.push(cell);
    // Naked pairs: two cells with the same two candidates.
    for (let i = 0; i < free.length; i++) {
      const m = cand[free[i]!]!;
      if (popcount(m) !== 2) continue;
      for (let j = i + 1; j < free.length; j++) {
        if (cand[free[j]!] !== m) continue;
        let removed = false;
        for (const cell of free) {
          if (cell === free[i] || cell === free[j] || (cand[cell]! & m) === 0) continue;
          cand[cell] = cand[cell]! & ~m;
          removed = true;
        }
        if (removed) return true;
      }
    }
    // Hidden pairs: two digits with the same two places.
    for (let d1 = 0; d1 < rules.size; d1++) {
      const p1 = placesOf(free, cand, 1 << d1);
      if (p1.length !== 2) continue;
      for (let d2 = d1 + 1; d2 < rules.size; d2++) {
        const p2 = placesOf(free, cand, 1 << d2);
        if (p2.length !== 2 || p2[0] !== p1[0] || p2[1] !== p1[1]) continue;
        const keep = (1 << d1) | (1 << d2);
        let removed = false;
        for (const cell of p1) {
          if ((cand[cell]! & ~keep) !== 0) {
            cand[cell] = cand[cell]! & keep;
            removed = true;
          }
        }
        if (removed) return true;
      }
    }
  }
  return false;
}

function placesOf(free: readonly number[], cand: Int32Array, bit: number): number[] {
  const places: number[] = [];
  for (const cell of free) if (cand[cell]! & bit) places.push(cell);
  return places;
}
