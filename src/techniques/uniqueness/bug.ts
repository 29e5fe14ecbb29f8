import type { Board } from '../../core/board.js';
import { classicGeometry, seesIn, type Geometry } from '../../core/geometry.js';
import type { Step } from '../../core/step.js';
import { FIRST_DIGIT, POPCOUNT, digitsOf } from '../../core/tables.js';
import { seHouses } from '../houses.js';
import { BoardMemo, eliminationList, housesSharedBy, makeStep } from './common.js';

/**
 * BUG, the bivalue universal grave, types 1-4, as Sudoku Explainer finds and rates them.
 *
 * A BUG is a state where every empty cell has two candidates and every candidate digit appears
 * exactly twice in each unit. Such a state has no solution or at least two (give every cell its
 * other candidate), so a puzzle with one solution cannot reach it. When removing a few "BUG
 * candidates" would leave a BUG, one of them is true:
 *
 * Type 1 (5.6): one BUG cell; it keeps only its BUG digits.
 * Type 2 (5.7): all BUG candidates are the same digit x: cells that see every BUG cell are not x.
 * Type 3 (5.7 + 0.1 per digit of the naked set beyond one): the BUG cells share a unit; one of them
 *   holds a BUG digit, so together they act as a cell holding one of the BUG digits in a naked set
 *   with other cells of the unit.
 * Type 4 (5.7): two BUG cells in one unit where their common non-BUG digit v is locked: one of them
 *   is v and the other holds its BUG digit, so both lose their other digit.
 *
 * A BUG candidate of a unit and digit that do not appear exactly 0 or 2 times is the one in the
 * only cell of three or more candidates among them (if several such cells, another unit decides).
 *
 * Any 9x9 houses: a BUG state (every cell two candidates, every digit twice in every house) has
 * solutions in pairs whatever the houses are (a solution's complement in the candidates is another
 * one), so the pattern is checked over every house; as SukakuExplainer, types 3 and 4 look for
 * their shared house among regular boxes, columns and rows only. Not with killer cages.
 */

/** The rules of the current search. */
let geometry: Geometry = classicGeometry();

export const BUG_IDS = ['bug-1', 'bug-2', 'bug-3', 'bug-4'] as const;

interface BugPattern {
  /** BUG cells in order found (units in SE order, digits ascending). */
  cells: number[];
  /** BUG digits of each cell, parallel to `cells`. */
  digits: number[];
  /** Union of all BUG digits. */
  all: number;
}

/** The BUG candidates of the board, or null when removing them would not leave a BUG. */
export function findBugPattern(board: Readonly<Board>, rules: Geometry = classicGeometry()): BugPattern | null {
  const c = board.candidates;
  const bugOf = new Uint16Array(81);
  const order: number[] = [];
  const houseCells = rules.houseCells;
  const seOrder = seHouses(rules).order;
  {
    for (let k = 0; k < seOrder.length; k++) {
      const u = seOrder[k]!;
      for (let d = 0; d < 9; d++) {
        const bit = 1 << d;
        let count = 0;
        let wide = -1;
        let wideCount = 0;
        for (let i = 0; i < 9; i++) {
          const cell = houseCells[u * 9 + i]!;
          const m = c[cell]!;
          if ((m & bit) === 0) continue;
          count++;
          if (POPCOUNT[m]! >= 3) {
            wide = cell;
            wideCount++;
          }
        }
        if (count === 0 || count === 2) continue;
        if (wideCount === 0) return null; // a digit 1 or 3+ times with no cell to blame
        if (wideCount === 1) {
          if (bugOf[wide] === 0) order.push(wide);
          bugOf[wide] = bugOf[wide]! | bit;
        }
      }
    }
  }
  if (order.length === 0) return null;
  // Without the BUG candidates, every empty cell must be bivalue and every digit 0 or 2 times a unit.
  for (let cell = 0; cell < 81; cell++) {
    if (board.values[cell] === 0 && POPCOUNT[c[cell]! & ~bugOf[cell]!] !== 2) return null;
  }
  for (let u = 0; u < rules.houseCount; u++) {
    for (let d = 0; d < 9; d++) {
      const bit = 1 << d;
      let count = 0;
      for (let i = 0; i < 9; i++) {
        const cell = houseCells[u * 9 + i]!;
        if (c[cell]! & ~bugOf[cell]! & bit) count++;
      }
      if (count !== 0 && count !== 2) return null;
    }
  }
  let all = 0;
  for (const cell of order) all |= bugOf[cell]!;
  return { cells: order, digits: order.map((cell) => bugOf[cell]!), all };
}

/** Cells other than the BUG cells that see every BUG cell. */
function commonPeers(cells: readonly number[]): number[] {
  const out: number[] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (!cells.includes(cell) && cells.every((b) => seesIn(geometry, b, cell))) out.push(cell);
  }
  return out;
}

/** Regular boxes, columns and rows shared by all the cells, in SE order. */
function unitsSharedByAll(cells: readonly number[]): number[] {
  return housesSharedBy(geometry, cells, true);
}

function bug1(board: Readonly<Board>, p: BugPattern): Step | null {
  const cell = p.cells[0]!;
  const removable = board.candidates[cell]! & ~p.all;
  if (removable === 0) return null;
  return makeStep('bug-1', 56, eliminationList([cell], [removable]), {
    cells: [cell],
    digits: digitsOf(p.all),
    units: [],
  });
}

function bug2(board: Readonly<Board>, p: BugPattern): Step | null {
  const c = board.candidates;
  const cells: number[] = [];
  const masks: number[] = [];
  for (const cell of commonPeers(p.cells)) {
    if (c[cell]! & p.all) {
      cells.push(cell);
      masks.push(p.all);
    }
  }
  if (cells.length === 0) return null;
  return makeStep('bug-2', 57, eliminationList(cells, masks), {
    cells: [...p.cells],
    digits: digitsOf(p.all),
    units: [],
  });
}

function bug4(board: Readonly<Board>, p: BugPattern): Step | null {
  const c = board.candidates;
  const [c1, c2] = p.cells as [number, number];
  const common = c[c1]! & c[c2]! & ~p.all;
  if (POPCOUNT[common] !== 1) return null;
  const units = unitsSharedByAll(p.cells);
  if (units.length === 0) return null;
  const r1 = c[c1]! & ~p.digits[0]! & ~common;
  const r2 = c[c2]! & ~p.digits[1]! & ~common;
  if ((r1 | r2) === 0) return null;
  // SE reports the last shared unit.
  return makeStep('bug-4', 57, eliminationList([c1, c2], [r1, r2]), {
    cells: [c1, c2],
    digits: [FIRST_DIGIT[common]!, ...digitsOf(p.all)],
    units: [units[units.length - 1]!],
  });
}

/** Type 3: the easiest naked set (degree 2..6) with the BUG cells as one virtual cell. */
function bug3(board: Readonly<Board>, p: BugPattern): Step | null {
  const c = board.candidates;
  let best: Step | null = null;
  let bestDegree = 99;
  for (const u of unitsSharedByAll(p.cells)) {
    const others: number[] = [];
    for (let i = 0; i < 9; i++) {
      const cell = geometry.houseCells[u * 9 + i]!;
      if (!p.cells.includes(cell)) others.push(cell);
    }
    const n = others.length;
    for (let set = 1; set < 1 << n; set++) {
      const degree = POPCOUNT[set]! + 1;
      if (degree > 6 || degree >= bestDegree) continue;
      let union = 0;
      let ok = true;
      for (let i = 0; i < n && ok; i++) {
        if ((set & (1 << i)) === 0) continue;
        const m = c[others[i]!]!;
        if (POPCOUNT[m]! < 2) ok = false;
        union |= m;
      }
      if (!ok || POPCOUNT[union] !== degree || (p.all & ~union) !== 0) continue;
      const cells: number[] = [];
      const masks: number[] = [];
      const setCells: number[] = [];
      for (let i = 0; i < n; i++) {
        const cell = others[i]!;
        if (set & (1 << i)) setCells.push(cell);
        else if (c[cell]! & union) {
          cells.push(cell);
          masks.push(c[cell]! & union);
        }
      }
      if (cells.length === 0) continue;
      bestDegree = degree;
      best = makeStep('bug-3', 57 + (degree - 1), eliminationList(cells, masks), {
        cells: [...p.cells, ...setCells],
        digits: digitsOf(union),
        units: [u],
      });
    }
  }
  return best;
}

type BugResults = (Step | null)[];

function computeBug(board: Readonly<Board>): BugResults {
  const results: BugResults = [null, null, null, null];
  const p = findBugPattern(board, geometry);
  if (p === null) return results;
  if (p.cells.length === 1) {
    results[0] = bug1(board, p);
  } else if (POPCOUNT[p.all] === 1) {
    results[1] = bug2(board, p);
    if (p.cells.length === 2) results[3] = bug4(board, p);
  } else {
    if (p.cells.length === 2) results[3] = bug4(board, p);
    results[2] = bug3(board, p);
  }
  return results;
}

const memo = new BoardMemo<BugResults>();

/** The BUG step of one type on this board (houses of `rules`, default classic), or null. */
export function findBug(board: Readonly<Board>, type: 1 | 2 | 3 | 4, rules: Geometry = classicGeometry()): Step | null {
  geometry = rules;
  return memo.get(board, computeBug, rules)[type - 1] ?? null;
}
