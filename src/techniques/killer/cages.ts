import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import type { Cage } from '../../rules/types.js';
import type { TechniqueContext, TechniqueDef } from '../types.js';
import { analyseCage, type SumAnalysis } from './cage-math.js';
import { easier, eliminationsOutside, formatCombos, killerContext, killerStep, type KillerStep } from './step.js';

/**
 * Techniques on one cage at a time (and the houses it meets): what the digits of a cage can be,
 * given its total and the candidates of its cells.
 *
 *   killer-single        the last empty cell of a cage (or a cage of one cell) holds what the
 *                        total leaves: 1.0, as a full house.
 *   cage-combination     the digits of no combination that makes the total and fits the cells are
 *                        removed from every cell ("this 3-cage of 7 can only be 1, 2, 4").
 *   cage-hidden-single   a digit every combination needs has one place left in the cage.
 *   cage-arrangement     a digit of a fitting combination that no arrangement of it over the
 *                        cells can put in this cell (1+2+4 with two cells on {1,2}: the third is 4);
 *                        rated as a naked subset of the cage's size.
 *   cage-pointing        a digit every combination needs, with all its places in the cage in one
 *                        house: the rest of that house loses it.
 *   house-cage-claiming  a house's digit that fits only cells of one cage: the cage holds it, so
 *                        the cage's combinations without it go, and its cells outside the house lose it.
 *
 * Difficulty grows with the work a person does: a total with one combination (a 3-cage of 6 is
 * 1+2+3) is known by heart; otherwise every combination is listed and checked against the cells,
 * more work the more cells are empty. See docs/killer-rating.md for the whole scale.
 */

/** Difficulty of reading a cage's combinations: one combination by arithmetic alone, or listing them over `empty` cells. */
export function comboDifficulty(analysis: SumAnalysis, empty: number): number {
  if (analysis.sumCombos <= 1) return 1.6;
  return round1(Math.min(3.0, 2.0 + 0.2 * Math.max(0, empty - 2)));
}

/**
 * Difficulty of a cage arrangement over `empty` cells: matching digits to cells is the work of a
 * naked subset of that size (pair 3.0, triple 3.6 on SE's scale), a little less because the
 * digits are given by the combination: 2 cells 2.6, 3 cells 3.2, 4 cells 3.8, more 4.4.
 */
export function arrangementDifficulty(empty: number): number {
  return round1(Math.min(4.4, 2.6 + 0.6 * Math.max(0, empty - 2)));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function cageCells(cage: Cage, first = -1): number[] {
  const cells = Array.from(cage.cells);
  if (first >= 0) cells.sort((a, b) => (a === first ? -1 : b === first ? 1 : a - b));
  return cells;
}

function unionOf(masks: readonly number[]): number {
  let u = 0;
  for (const m of masks) u |= m;
  return u;
}

function intersectionOf(masks: readonly number[]): number {
  let u = 0x1ff;
  for (const m of masks) u &= m;
  return masks.length === 0 ? 0 : u;
}

function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

const findKillerSingle = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  for (const cage of killer.cages) {
    if (cage.sum === 0) continue;
    let cell = -1;
    let left = cage.sum;
    for (const c of cage.cells) {
      const v = board.values[c]!;
      if (v !== 0) left -= v;
      else if (cell < 0) cell = c;
      else cell = 81;
    }
    // Not one empty cell (none: -1, several: 81), or a total no candidate makes.
    if (cell < 0 || cell === 81 || left < 1 || left > 9 || (board.candidates[cell]! & (1 << (left - 1))) === 0) continue;
    return killerStep(
      { technique: 'killer-single', difficulty: 1.0, placements: [{ cell, digit: left }], eliminations: [], pattern: { cells: cageCells(cage, cell), digits: [left], units: [] } },
      { cageSum: cage.sum, cageSize: cage.cells.length, left },
    );
  }
  return null;
};

const findCageCombination = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  let best: KillerStep | null = null;
  for (const cage of killer.cages) {
    const a = analyseCage(board, cage);
    if (a === null || a.empty.length < 2 || a.analysis.combos.length === 0) continue;
    const difficulty = comboDifficulty(a.analysis, a.empty.length);
    if (best !== null && difficulty >= best.difficulty) continue;
    const union = unionOf(a.analysis.combos);
    if (!a.empty.some((cell) => (board.candidates[cell]! & ~union) !== 0)) continue;
    const eliminations: Candidate[] = eliminationsOutside(board, a.empty, a.empty.map(() => union));
    best = easier(
      best,
      killerStep(
        { technique: 'cage-combination', difficulty, placements: [], eliminations, pattern: { cells: cageCells(cage), digits: digitsOf(union), units: [] } },
        { cageSum: cage.sum, cageSize: cage.cells.length, left: a.left, combos: formatCombos(a.analysis.combos) },
      ),
    );
    if (best !== null && best.difficulty <= 1.6) return best;
  }
  return best;
};

const findCageHiddenSingle = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  let best: KillerStep | null = null;
  for (const cage of killer.cages) {
    const a = analyseCage(board, cage);
    if (a === null || a.empty.length < 2 || a.analysis.combos.length === 0) continue;
    const difficulty = round1(comboDifficulty(a.analysis, a.empty.length) + 0.2);
    if (best !== null && difficulty >= best.difficulty) continue;
    const needed = intersectionOf(a.analysis.combos);
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      if ((needed & bit) === 0) continue;
      let place = -1;
      let count = 0;
      for (const cell of a.empty) {
        if (board.candidates[cell]! & bit) {
          place = cell;
          count++;
        }
      }
      if (count !== 1 || board.candidates[place] === bit) continue;
      best = easier(
        best,
        killerStep(
          { technique: 'cage-hidden-single', difficulty, placements: [{ cell: place, digit: d }], eliminations: [], pattern: { cells: cageCells(cage, place), digits: [d], units: [] } },
          { cageSum: cage.sum, cageSize: cage.cells.length, left: a.left, combos: formatCombos(a.analysis.combos) },
        ),
      );
      break;
    }
  }
  return best;
};

const findCageArrangement = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  let best: KillerStep | null = null;
  for (const cage of killer.cages) {
    const a = analyseCage(board, cage);
    if (a === null || a.empty.length < 2 || a.analysis.combos.length === 0) continue;
    // Only what the combinations alone do not remove: cage-combination comes first.
    const difficulty = arrangementDifficulty(a.empty.length);
    if (best !== null && difficulty >= best.difficulty) continue;
    const union = unionOf(a.analysis.combos);
    const allowed = a.analysis.allowed.map((m) => m | ~union);
    const eliminations = eliminationsOutside(board, a.empty, allowed);
    if (eliminations.length === 0) continue;
    best = easier(
      best,
      killerStep(
        { technique: 'cage-arrangement', difficulty, placements: [], eliminations, pattern: { cells: cageCells(cage), digits: digitsOf(union), units: [] } },
        { cageSum: cage.sum, cageSize: cage.cells.length, left: a.left, combos: formatCombos(a.analysis.combos) },
      ),
    );
  }
  return best;
};

const findCagePointing = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  const { geometry } = killer;
  let best: KillerStep | null = null;
  for (const cage of killer.cages) {
    const a = analyseCage(board, cage);
    if (a === null || a.empty.length < 2 || a.analysis.combos.length === 0) continue;
    const difficulty = a.analysis.sumCombos <= 1 ? 2.6 : 2.8;
    if (best !== null && difficulty >= best.difficulty) continue;
    const needed = intersectionOf(a.analysis.combos);
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      if ((needed & bit) === 0) continue;
      const places = a.empty.filter((cell) => (board.candidates[cell]! & bit) !== 0);
      if (places.length < 2) continue;
      // Houses holding every place of d in the cage.
      const first = places[0]!;
      for (let i = geometry.cellHouseStart[first]!, end = geometry.cellHouseStart[first + 1]!; i < end; i++) {
        const house = geometry.cellHouses[i]!;
        if (!places.every((cell) => houseHas(geometry.houseCells, house, cell))) continue;
        const eliminations: Candidate[] = [];
        for (let j = 0; j < 9; j++) {
          const cell = geometry.houseCells[house * 9 + j]!;
          if (geometry.cageOf[cell] === geometry.cageOf[first] || (board.candidates[cell]! & bit) === 0) continue;
          eliminations.push({ cell, digit: d });
        }
        if (eliminations.length === 0) continue;
        best = easier(
          best,
          killerStep(
            { technique: 'cage-pointing', difficulty, placements: [], eliminations, pattern: { cells: [...places, ...cageCells(cage).filter((c) => !places.includes(c))], digits: [d], units: [house] } },
            { cageSum: cage.sum, cageSize: cage.cells.length, left: a.left, combos: formatCombos(a.analysis.combos) },
          ),
        );
      }
    }
  }
  return best;
};

function houseHas(houseCells: Uint8Array, house: number, cell: number): boolean {
  for (let j = 0; j < 9; j++) if (houseCells[house * 9 + j] === cell) return true;
  return false;
}

const findHouseCageClaiming = (board: Readonly<Board>, context: TechniqueContext): Step | null => {
  const killer = killerContext(context);
  if (killer === null) return null;
  const { geometry, cages } = killer;
  let best: KillerStep | null = null;
  for (let house = 0; house < geometry.houseCount; house++) {
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      let cage = -2;
      let count = 0;
      let placed = false;
      for (let j = 0; j < 9; j++) {
        const cell = geometry.houseCells[house * 9 + j]!;
        if (board.values[cell] === d) placed = true;
        if ((board.candidates[cell]! & bit) === 0) continue;
        count++;
        const c = geometry.cageOf[cell]!;
        cage = cage === -2 || cage === c ? c : -1;
      }
      if (placed || count < 2 || cage < 0) continue;
      const theCage = cages[cage]!;
      const eliminations: Candidate[] = [];
      // The cage holds d in this house, so its cells outside the house do not.
      for (const cell of theCage.cells) if (!houseHas(geometry.houseCells, house, cell) && board.candidates[cell]! & bit) eliminations.push({ cell, digit: d });
      let combos = `digits with ${d}`;
      let hard = false;
      const a = analyseCage(board, theCage, bit);
      if (a !== null && a.analysis.combos.length > 0) {
        const union = unionOf(a.analysis.combos);
        for (const cell of a.empty) {
          let gone = board.candidates[cell]! & ~union;
          while (gone !== 0) {
            const low = gone & -gone;
            gone ^= low;
            const digit = 32 - Math.clz32(low);
            if (!eliminations.some((e) => e.cell === cell && e.digit === digit)) eliminations.push({ cell, digit });
          }
        }
        combos = formatCombos(a.analysis.combos);
        hard = a.analysis.sumCombos > 1;
      }
      if (eliminations.length === 0) continue;
      best = easier(
        best,
        killerStep(
          { technique: 'house-cage-claiming', difficulty: hard ? 3.2 : 3.0, placements: [], eliminations, pattern: { cells: cageCells(theCage), digits: [d], units: [house] } },
          { cageSum: theCage.sum, cageSize: theCage.cells.length, left: a?.left ?? 0, combos },
        ),
      );
    }
  }
  return best;
};

/** The techniques on single cages, easiest first. */
export const CAGE_TECHNIQUES: readonly TechniqueDef[] = [
  { id: 'killer-single', name: 'Cage single', family: 'killer', difficulty: 1.0, maxDifficulty: 1.0, uniqueness: false, find: findKillerSingle },
  { id: 'cage-combination', name: 'Cage combination', family: 'killer', difficulty: 1.6, maxDifficulty: 3.0, uniqueness: false, find: findCageCombination },
  { id: 'cage-hidden-single', name: 'Cage hidden single', family: 'killer', difficulty: 1.8, maxDifficulty: 3.2, uniqueness: false, find: findCageHiddenSingle },
  { id: 'cage-arrangement', name: 'Cage arrangement', family: 'killer', difficulty: 2.6, maxDifficulty: 4.4, uniqueness: false, find: findCageArrangement },
  { id: 'cage-pointing', name: 'Cage pointing', family: 'killer', difficulty: 2.6, maxDifficulty: 2.8, uniqueness: false, find: findCagePointing },
  { id: 'house-cage-claiming', name: 'House-cage claiming', family: 'killer', difficulty: 3.0, maxDifficulty: 3.2, uniqueness: false, find: findHouseCageClaiming },
];
