import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { digitsOfMask, lowBit, popcount, sees, type GeneralShape } from '../../grader/general/shape.js';
import { eliminationList } from '../uniqueness/common.js';
import { cellsAt, housesSharedBy, type GeneralScan } from './places.js';

/**
 * BUG (bivalue universal grave), types 1-4, on any rules of the general ladder: the 9x9 ladder's
 * technique (src/techniques/uniqueness/bug.ts, Sudoku Explainer's rules and ratings: type 1 5.6,
 * types 2 and 4 5.7, type 3 5.7 + 0.1 per digit of its naked set beyond one) over the rules'
 * houses.
 *
 * Why it is sound on every rule set the general grader takes (any size, jigsaw, extra houses,
 * Samurai; not killer cages, which it refuses): in a BUG state every empty cell has two candidates
 * and every digit has 0 or 2 places in every house. Every house of these rules holds each digit
 * once, and the constraints are the houses only. Take a solution and give every empty cell its
 * other candidate: in each house a digit with two places moved from one to the other, so it is
 * still there once, and the digits with no place are placed already. That is a second solution, so
 * a puzzle with one solution never reaches the state, and one of the "BUG candidates" (those whose
 * removal leaves it) is true. Types 3 and 4 look for the house the BUG cells share among rows,
 * columns and regular boxes only (not jigsaw pieces or extra houses), as SukakuExplainer and the
 * 9x9 ladder's variant grader do.
 */

interface BugPattern {
  /** BUG cells in the order found (houses in search order, digits ascending). */
  cells: number[];
  /** BUG digits of each cell, parallel to `cells`. */
  digits: number[];
  /** Union of all BUG digits. */
  all: number;
}

/** The BUG candidates of the board, or null when removing them would not leave a BUG. */
export function findGeneralBugPattern(board: Readonly<Board>, scan: GeneralScan): BugPattern | null {
  const { shape, places } = scan;
  const { size, order, houseCells, houseCount, cellCount } = shape;
  const c = board.candidates;
  // Cheap refusal first: a BUG leaves every empty cell bivalue, so some cell has 3+ candidates and none has 1.
  let wideCells = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const n = popcount(c[cell]!);
    if (n < 2) return null;
    if (n > 2) wideCells++;
  }
  if (wideCells === 0) return null;
  const bugOf = new Uint16Array(cellCount);
  const found: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const base = order[k]! * size;
    for (let d = 0; d < size; d++) {
      const where = places[base + d]!;
      const count = popcount(where);
      if (count === 0 || count === 2) continue;
      let wide = -1;
      let wideCount = 0;
      for (let rest = where; rest !== 0; rest &= rest - 1) {
        const cell = houseCells[base + lowBit(rest)]!;
        if (popcount(c[cell]!) >= 3) {
          wide = cell;
          wideCount++;
        }
      }
      if (wideCount === 0) return null; // a digit 1 or 3+ times with no cell to blame
      if (wideCount === 1) {
        if (bugOf[wide] === 0) found.push(wide);
        bugOf[wide] = bugOf[wide]! | (1 << d);
      }
    }
  }
  if (found.length === 0) return null;
  // Without the BUG candidates, every empty cell must be bivalue and every digit 0 or 2 times a house.
  for (let cell = 0; cell < cellCount; cell++) {
    if (board.values[cell] === 0 && popcount(c[cell]! & ~bugOf[cell]!) !== 2) return null;
  }
  for (let house = 0; house < houseCount; house++) {
    for (let d = 0; d < size; d++) {
      let count = 0;
      for (let i = 0; i < size; i++) {
        const cell = houseCells[house * size + i]!;
        if (c[cell]! & ~bugOf[cell]! & (1 << d)) count++;
      }
      if (count !== 0 && count !== 2) return null;
    }
  }
  let all = 0;
  for (const cell of found) all |= bugOf[cell]!;
  return { cells: found, digits: found.map((cell) => bugOf[cell]!), all };
}

function bug1(board: Readonly<Board>, p: BugPattern): Step | null {
  const cell = p.cells[0]!;
  const removable = board.candidates[cell]! & ~p.all;
  if (removable === 0) return null;
  return { technique: 'bug-1', difficulty: 5.6, placements: [], eliminations: eliminationList([cell], [removable]), pattern: { cells: [cell], digits: digitsOfMask(p.all), units: [] } };
}

function bug2(board: Readonly<Board>, shape: GeneralShape, p: BugPattern): Step | null {
  const c = board.candidates;
  const cells: number[] = [];
  for (let cell = 0; cell < shape.cellCount; cell++) {
    if ((c[cell]! & p.all) !== 0 && !p.cells.includes(cell) && p.cells.every((b) => sees(shape, b, cell))) cells.push(cell);
  }
  if (cells.length === 0) return null;
  return { technique: 'bug-2', difficulty: 5.7, placements: [], eliminations: eliminationList(cells, cells.map(() => p.all)), pattern: { cells: [...p.cells], digits: digitsOfMask(p.all), units: [] } };
}

function bug4(board: Readonly<Board>, shape: GeneralShape, p: BugPattern): Step | null {
  const c = board.candidates;
  const [c1, c2] = p.cells as [number, number];
  const common = c[c1]! & c[c2]! & ~p.all;
  if (popcount(common) !== 1) return null;
  const units = housesSharedBy(shape, p.cells, true);
  if (units.length === 0) return null;
  const r1 = c[c1]! & ~p.digits[0]! & ~common;
  const r2 = c[c2]! & ~p.digits[1]! & ~common;
  if ((r1 | r2) === 0) return null;
  // SE reports the last shared house.
  return {
    technique: 'bug-4',
    difficulty: 5.7,
    placements: [],
    eliminations: eliminationList([c1, c2], [r1, r2]),
    pattern: { cells: [c1, c2], digits: [lowBit(common) + 1, ...digitsOfMask(p.all)], units: [units[units.length - 1]!] },
  };
}

/** Type 3: the easiest naked set (degree 2..6) with the BUG cells as one virtual cell; sets in ascending order of their positions. */
function bug3(board: Readonly<Board>, shape: GeneralShape, p: BugPattern): Step | null {
  const c = board.candidates;
  const { size, houseCells } = shape;
  let best: Step | null = null;
  let bestDegree = 99;
  for (const u of housesSharedBy(shape, p.cells, true)) {
    let eligible = 0;
    let bugPositions = 0;
    for (let i = 0; i < size; i++) {
      const cell = houseCells[u * size + i]!;
      if (p.cells.includes(cell)) bugPositions |= 1 << i;
      else if (popcount(c[cell]!) >= 2) eligible |= 1 << i;
    }
    for (let set = eligible & -eligible; set !== 0; set = (set - eligible) & eligible) {
      const degree = popcount(set) + 1;
      if (degree > 6 || degree >= bestDegree) continue;
      let union = 0;
      for (let rest = set; rest !== 0; rest &= rest - 1) union |= c[houseCells[u * size + lowBit(rest)]!]!;
      if (popcount(union) !== degree || (p.all & ~union) !== 0) continue;
      // The set's cells, and the digits of the set in the house's other cells (not the BUG cells).
      const eliminations: Candidate[] = [];
      for (let rest = ((1 << size) - 1) & ~set & ~bugPositions; rest !== 0; rest &= rest - 1) {
        const cell = houseCells[u * size + lowBit(rest)]!;
        for (let m = c[cell]! & union; m !== 0; m &= m - 1) eliminations.push({ cell, digit: lowBit(m) + 1 });
      }
      if (eliminations.length === 0) continue;
      const setCells = cellsAt(shape, u, set);
      bestDegree = degree;
      best = {
        technique: 'bug-3',
        difficulty: (57 + (degree - 1)) / 10,
        placements: [],
        eliminations,
        pattern: { cells: [...p.cells, ...setCells], digits: digitsOfMask(union), units: [u] },
      };
    }
  }
  return best;
}

/**
 * The easiest BUG step on the board, or null: Sudoku Explainer's BivalueUniversalGrave producer as
 * the 9x9 grader's group picks it (type 1, else types 2 and 4 at 5.7, else type 3).
 */
export function findGeneralBug(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const p = findGeneralBugPattern(board, scan);
  if (p === null) return null;
  const { shape } = scan;
  if (p.cells.length === 1) return bug1(board, p);
  if (popcount(p.all) === 1) return bug2(board, shape, p) ?? (p.cells.length === 2 ? bug4(board, shape, p) : null);
  return (p.cells.length === 2 ? bug4(board, shape, p) : null) ?? bug3(board, shape, p);
}
