import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import type { Step } from '../../core/step.js';
import { POPCOUNT } from '../../core/tables.js';
import type { Cage } from '../../rules/types.js';
import type { TechniqueContext, TechniqueDef } from '../types.js';
import { analyseCellsFor, analyseDistinctFor, MAX_LOOSE_CELLS, type SumAnalysis } from './cage-math.js';
import { easier, eliminationsOutside, formatCombos, killerContext, killerStep, type KillerStep } from './step.js';

/**
 * The rule of 45: every house holds 1..9, so n houses add up to 45 n.
 *
 *   innies        the cages wholly inside the houses add up to A; the cells of the houses not in
 *                 those cages (the innies) add up to 45 n - A.
 *   outies        the cages that reach into the houses add up to B; their cells outside the houses
 *                 (the outies) add up to B - (45 n - A).
 *   cage-splitting  when the innies (or outies) left empty all belong to one cage, the houses cut
 *                 that cage in two parts of known totals: the part on the other side of the
 *                 boundary is a smaller cage of its own.
 *
 *        rows 1-2             cages: a (12) b (9) inside; c (17) reaches into row 3
 *   r1  a a b b c . . .       innies of rows 1-2 = the c cells in them, sum 90 - A - ...
 *   r2  a a b c c . . .       outies = c's cell in row 3 = 17 - (its part in rows 1-2)
 *   r3  . . . c . . . . .
 *
 * The house sets ("regions") are each house, 2 to 4 consecutive rows or columns (more rows are the
 * complement of fewer: their innies are the others' outies) and two boxes side by side. One innie
 * or outie is placed; a set of them with a total is a small cage of its own whose combinations
 * remove candidates (its cells need not differ unless they see each other).
 *
 * Difficulty: a single innie of one house 1.8 (outie 2.0); a set adds 0.6 for two empty cells and
 * 0.2 per further cell up to 1.2 (0.2 more when its cells need not differ: they may repeat a
 * digit); cage splitting 3.0; each further house +0.4: adding more cages and houses up, and
 * listing the ways a bigger set makes its sum, is the work.
 */

/** A set of whole houses and what the cages make of it (fixed for a rules value). */
interface Region {
  houses: number[];
  cells: Uint8Array;
  /** Total of the cages (with a sum) wholly inside. */
  inside: number;
  /** Cells of the region not in a cage wholly inside (in crossing cages, in cages without a sum, or in none). */
  innies: number[];
  /** Cages with a sum crossing the region's boundary. */
  crossing: number[];
  /** Total of the crossing cages. */
  crossingSum: number;
  /** Cells of the crossing cages outside the region. */
  outies: number[];
  /** Cells of the region in no cage with a sum (the outies need them placed). */
  loose: number[];
  /** The base difficulties of its innies, outies and cage splitting: +0.4 per house past the first. */
  innieDifficulty: number;
  outieDifficulty: number;
  splitDifficulty: number;
  /** The innies, and the outies with the loose cells, as cell sets of three 27-bit words (cell c: bit c % 27 of word c / 27). */
  innieWords: Int32Array;
  outieWords: Int32Array;
  /** Whether the innies (the outies) gave no step when last rated and none of their cells changed since. */
  cleanInnies: boolean;
  cleanOuties: boolean;
}

/**
 * What a rule-of-45 technique saw on its last call (per geometry): the values and candidates of
 * every cell. Each call marks the cells that changed since, in one pass over the grid, and a set
 * that gave no step stays skipped while none of its cells changed (its result depends on those
 * cells alone): a ladder asks after every step, and a step changes few cells. The marks are
 * against what was last seen, whatever the board.
 */
class Watch {
  private readonly values = new Uint8Array(81);
  private readonly candidates = new Uint16Array(81);
  private seen = false;
  /** The cells changed since the last call, and the empty cells, as three 27-bit words. */
  readonly changed = new Int32Array(3);
  readonly empty = new Int32Array(3);
  update(board: Readonly<Board>): void {
    this.changed.fill(0);
    this.empty.fill(0);
    for (let cell = 0; cell < 81; cell++) {
      const word = cell < 27 ? 0 : cell < 54 ? 1 : 2;
      const bit = 1 << (cell - 27 * word);
      const v = board.values[cell]!;
      const c = board.candidates[cell]!;
      if (v === 0) this.empty[word] = this.empty[word]! | bit;
      if (!this.seen || v !== this.values[cell] || c !== this.candidates[cell]) {
        this.changed[word] = this.changed[word]! | bit;
        this.values[cell] = v;
        this.candidates[cell] = c;
      }
    }
    this.seen = true;
  }
}

function cellWords(cells: readonly number[]): Int32Array {
  const words = new Int32Array(3);
  for (const cell of cells) words[Math.floor(cell / 27)] = words[Math.floor(cell / 27)]! | (1 << (cell % 27));
  return words;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** The rule-of-45 regions of a geometry, and what its innies and outies techniques last saw. */
interface Sets {
  regions: Region[];
  innies: Watch;
  outies: Watch;
}

const setsOf = new WeakMap<Geometry, Sets>();

function buildRegion(geometry: Geometry, cages: readonly Cage[], houses: number[], crossingMark: Uint8Array): Region {
  const cells = new Uint8Array(81);
  for (const house of houses) for (let j = 0; j < 9; j++) cells[geometry.houseCells[house * 9 + j]!] = 1;
  let inside = 0;
  const innies: number[] = [];
  const crossing: number[] = [];
  let crossingSum = 0;
  const outies: number[] = [];
  const loose: number[] = [];
  crossingMark.fill(0);
  for (let index = 0; index < cages.length; index++) {
    const cage = cages[index]!;
    if (cage.sum === 0) continue;
    let inCount = 0;
    for (const cell of cage.cells) inCount += cells[cell]!;
    if (inCount === 0) continue;
    if (inCount === cage.cells.length) {
      inside += cage.sum;
      continue;
    }
    crossing.push(index);
    crossingMark[index] = 1;
    crossingSum += cage.sum;
    for (const cell of cage.cells) if (cells[cell] === 0) outies.push(cell);
  }
  for (let cell = 0; cell < 81; cell++) {
    if (cells[cell] === 0) continue;
    const c = geometry.cageOf[cell]!;
    if (c < 0 || cages[c]!.sum === 0) {
      loose.push(cell);
      innies.push(cell);
    } else if (crossingMark[c] === 1) innies.push(cell);
  }
  outies.sort((a, b) => a - b);
  const rated = (base: number): number => Math.round((base + 0.4 * (houses.length - 1)) * 10) / 10;
  return {
    houses,
    cells,
    inside,
    innies,
    crossing,
    crossingSum,
    outies,
    loose,
    innieDifficulty: rated(1.8),
    outieDifficulty: rated(2.0),
    splitDifficulty: rated(3.0),
    innieWords: cellWords(innies),
    outieWords: cellWords([...outies, ...loose]),
    cleanInnies: false,
    cleanOuties: false,
  };
}

/** The regions of a killer geometry and the techniques' watches (built once per geometry). */
function setsFor(geometry: Geometry, cages: readonly Cage[]): Sets {
  const known = setsOf.get(geometry);
  if (known !== undefined) return known;
  const sets: number[][] = [];
  for (let house = 0; house < geometry.houseCount; house++) sets.push([house]);
  for (let length = 2; length <= 4; length++) {
    for (let first = 0; first + length <= 9; first++) {
      const rows: number[] = [];
      const cols: number[] = [];
      for (let k = 0; k < length; k++) {
        rows.push(first + k);
        cols.push(9 + first + k);
      }
      sets.push(rows, cols);
    }
  }
  if (geometry.regularBoxes) {
    for (let box = 0; box < 9; box++) {
      if (box % 3 < 2) sets.push([18 + box, 19 + box]);
      if (box < 6) sets.push([18 + box, 21 + box]);
    }
  }
  const crossingMark = new Uint8Array(cages.length);
  const built: Sets = { regions: sets.map((houses) => buildRegion(geometry, cages, houses, crossingMark)), innies: new Watch(), outies: new Watch() };
  setsOf.set(geometry, built);
  return built;
}

/** A sum set on the board: its empty cells and what they must add up to (null when inconsistent). */
function openSet(board: Readonly<Board>, cells: readonly number[], total: number): { empty: number[]; left: number } {
  const empty: number[] = [];
  let left = total;
  for (const cell of cells) {
    const v = board.values[cell]!;
    if (v === 0) empty.push(cell);
    else left -= v;
  }
  return { empty, left };
}

/** What a set of innies or outies adds to a single one: a small cage of its own (0.8), whose cells may repeat a digit where they do not see each other (1.0). */
const SET_EXTRA = 0.6;
const LOOSE_SET_EXTRA = 0.8;

/** What a set of `empty` cells adds: 0.6 for two (0.8 when they may repeat a digit), 0.2 more per further cell, to 1.2 (1.4). */
function setExtra(empty: number, distinct: boolean): number {
  return Math.min(distinct ? 1.2 : 1.4, (distinct ? SET_EXTRA : LOOSE_SET_EXTRA) + 0.2 * (empty - 2));
}

/** {@link rateSet}'s answer for a set with no step at any difficulty. */
const NO_STEP = -1;

/**
 * The difficulty of the step of a set with a total (one cell placed, or the candidates no
 * arrangement allows removed), without building it: {@link NO_STEP} when there is none at any
 * difficulty, Infinity when one may exist but would not be easier than `limit`. `emptyCount`: how
 * many of `cells` are empty (most sets are rated out by the limit on that alone).
 */
function rateSet(board: Readonly<Board>, geometry: Geometry, difficulty: number, cells: readonly number[], total: number, limit: number, emptyCount: number): number {
  if (emptyCount === 0) return NO_STEP;
  if ((emptyCount === 1 ? difficulty : difficulty + SET_EXTRA) >= limit) return Infinity;
  if (emptyCount === 1) {
    let left = total;
    let last = -1;
    for (const cell of cells) {
      const v = board.values[cell]!;
      if (v === 0) last = cell;
      else left -= v;
    }
    return left < 1 || left > 9 || (board.candidates[last]! & (1 << (left - 1))) === 0 ? NO_STEP : difficulty;
  }
  // More cells than the analysis takes: over 9 they cannot all differ; over MAX_LOOSE_CELLS
  // only cells that all see each other are analysed (the others give no step).
  if (emptyCount > 9) return NO_STEP;
  if (emptyCount > MAX_LOOSE_CELLS && !emptyCellsSeeEachOther(board, geometry, cells)) return NO_STEP;
  const { empty, left } = openSet(board, cells, total);
  const analysis = analyseCellsFor(cells, geometry, board, empty, left);
  if (analysis === null) return NO_STEP;
  // Nothing removed, or everything (a contradiction is not this technique's to report): no step.
  let removed = 0;
  let candidates = 0;
  for (let i = 0; i < empty.length; i++) {
    const mask = board.candidates[empty[i]!]!;
    removed += POPCOUNT[mask & ~analysis.allowed[i]!]!;
    candidates += POPCOUNT[mask]!;
  }
  if (removed === 0 || removed === candidates) return NO_STEP;
  const rated = Math.round((difficulty + setExtra(empty.length, analysis.distinct)) * 10) / 10;
  return rated < limit ? rated : Infinity;
}

/** Whether the empty cells of `cells` all see each other: each is in every other's peers. */
function emptyCellsSeeEachOther(board: Readonly<Board>, geometry: Geometry, cells: readonly number[]): boolean {
  // The cells that see (or are) every empty cell, as three 27-bit words; then each empty cell must be one of them.
  let w0 = -1;
  let w1 = -1;
  let w2 = -1;
  for (const cell of cells) {
    if (board.values[cell] !== 0) continue;
    const own = 1 << (cell % 27);
    const word = Math.floor(cell / 27);
    w0 &= geometry.peerWords[cell * 3]! | (word === 0 ? own : 0);
    w1 &= geometry.peerWords[cell * 3 + 1]! | (word === 1 ? own : 0);
    w2 &= geometry.peerWords[cell * 3 + 2]! | (word === 2 ? own : 0);
  }
  for (const cell of cells) {
    if (board.values[cell] !== 0) continue;
    const word = Math.floor(cell / 27);
    if ((((word === 0 ? w0 : word === 1 ? w1 : w2) >> (cell % 27)) & 1) === 0) return false;
  }
  return true;
}

/** The step {@link rateSet} rated `rated` (its analysis is remembered, so this is cheap). */
function setStep(board: Readonly<Board>, geometry: Geometry, technique: string, rated: number, cells: readonly number[], total: number, region: Region, cagesTotal: number): KillerStep {
  const { empty, left } = openSet(board, cells, total);
  const fields = { left, setSum: total, total: 45 * region.houses.length, cagesTotal };
  if (empty.length === 1) {
    return killerStep({ technique, difficulty: rated, placements: [{ cell: empty[0]!, digit: left }], eliminations: [], pattern: { cells: [...cells], digits: [left], units: [...region.houses] } }, fields);
  }
  const analysis = analyseCellsFor(cells, geometry, board, empty, left)!;
  return killerStep(
    { technique, difficulty: rated, placements: [], eliminations: eliminationsOutside(board, empty, analysis.allowed), pattern: { cells: [...cells], digits: [], units: [...region.houses] } },
    { ...fields, combos: formatCombos(analysis.combos) },
  );
}

function innieTotal(region: Region): number {
  return 45 * region.houses.length - region.inside;
}

/** The outies' total, or null while a loose cell of the region is empty. */
function outieTotal(board: Readonly<Board>, region: Region): number | null {
  let loose = 0;
  for (const cell of region.loose) {
    const v = board.values[cell]!;
    if (v === 0) return null;
    loose += v;
  }
  return region.crossingSum - (45 * region.houses.length - region.inside - loose);
}

function findInOut(board: Readonly<Board>, context: TechniqueContext, outies: boolean): Step | null {
  const killer = killerContext(context);
  if (killer === null) return null;
  const sets = setsFor(killer.geometry, killer.cages);
  const watch = outies ? sets.outies : sets.innies;
  watch.update(board);
  const c0 = watch.changed[0]!;
  const c1 = watch.changed[1]!;
  const c2 = watch.changed[2]!;
  const e0 = watch.empty[0]!;
  const e1 = watch.empty[1]!;
  const e2 = watch.empty[2]!;
  // The easiest set so far; its step is built once, at the end.
  let bestRated = Infinity;
  let bestRegion: Region | null = null;
  let bestTotal = 0;
  for (const region of sets.regions) {
    const words = outies ? region.outieWords : region.innieWords;
    const w0 = words[0]!;
    const w1 = words[1]!;
    const w2 = words[2]!;
    let clean = outies ? region.cleanOuties : region.cleanInnies;
    if (clean && ((w0 & c0) | (w1 & c1) | (w2 & c2)) !== 0) {
      clean = false;
      if (outies) region.cleanOuties = false;
      else region.cleanInnies = false;
    }
    const difficulty = outies ? region.outieDifficulty : region.innieDifficulty;
    if (difficulty >= bestRated || clean) continue;
    const cells = outies ? region.outies : region.innies;
    const total = outies ? outieTotal(board, region) : innieTotal(region);
    if (total === null || cells.length === 0) continue;
    // (The outies' total is known only once the loose cells are placed: then the empty cells of the words are outies.)
    const rated = rateSet(board, killer.geometry, difficulty, cells, total, bestRated, bitCount(w0 & e0) + bitCount(w1 & e1) + bitCount(w2 & e2));
    // Nothing at any difficulty: skip the set until one of its cells changes.
    if (rated === NO_STEP) {
      if (outies) region.cleanOuties = true;
      else region.cleanInnies = true;
    } else if (rated < bestRated) {
      bestRated = rated;
      bestRegion = region;
      bestTotal = total;
    }
  }
  if (bestRegion === null) return null;
  if (outies) return setStep(board, killer.geometry, 'outies', bestRated, bestRegion.outies, bestTotal, bestRegion, bestTotal + 45 * bestRegion.houses.length);
  return setStep(board, killer.geometry, 'innies', bestRated, bestRegion.innies, bestTotal, bestRegion, bestRegion.inside);
}

/**
 * Cage splitting: the region cuts a cage whose cells inside (or outside) the region are the only
 * empty innies (outies); the other part of that cage then has a total of its own.
 */
function findCageSplitting(board: Readonly<Board>, context: TechniqueContext): Step | null {
  const killer = killerContext(context);
  if (killer === null) return null;
  const { geometry, cages } = killer;
  let best: KillerStep | null = null;
  for (const region of setsFor(geometry, cages).regions) {
    const difficulty = region.splitDifficulty;
    if (best !== null && difficulty >= best.difficulty) continue;
    for (const side of [0, 1]) {
      // side 0: the innies; side 1: the outies.
      const set = side === 0 ? region.innies : region.outies;
      const total = side === 0 ? innieTotal(region) : outieTotal(board, region);
      if (total === null || set.length === 0) continue;
      // The one crossing cage holding every empty cell of the set.
      let cageIndex = -1;
      let ok = true;
      for (const cell of set) {
        if (board.values[cell] !== 0) continue;
        const c = geometry.cageOf[cell]!;
        if (c < 0 || !region.crossing.includes(c) || (cageIndex >= 0 && c !== cageIndex)) ok = false;
        cageIndex = c;
      }
      if (!ok || cageIndex < 0) continue;
      const cage = cages[cageIndex]!;
      // The set's cells outside that cage are all placed: the cage's part in the set makes the rest.
      let known = 0;
      for (const cell of set) if (geometry.cageOf[cell] !== cageIndex) known += board.values[cell]!;
      const partSum = total - known;
      const other = Array.from(cage.cells).filter((cell) => !set.includes(cell));
      const { empty, left } = openSet(board, other, cage.sum - partSum);
      if (empty.length === 0) continue;
      let step: KillerStep | null = null;
      const fields = { cageSum: cage.sum, cageSize: cage.cells.length, left, setSum: cage.sum - partSum, total: 45 * region.houses.length, cagesTotal: partSum };
      if (empty.length === 1) {
        const cell = empty[0]!;
        if (left < 1 || left > 9 || (board.candidates[cell]! & (1 << (left - 1))) === 0) continue;
        step = killerStep({ technique: 'cage-splitting', difficulty, placements: [{ cell, digit: left }], eliminations: [], pattern: { cells: other, digits: [left], units: [...region.houses] } }, fields);
      } else {
        let placed = 0;
        for (const cell of cage.cells) if (board.values[cell] !== 0) placed |= 1 << (board.values[cell]! - 1);
        const analysis: SumAnalysis = analyseDistinctFor(
          set,
          empty.map((cell) => board.candidates[cell]!),
          left,
          placed,
        );
        if (analysis.combos.length === 0) continue;
        const eliminations = eliminationsOutside(board, empty, analysis.allowed);
        if (eliminations.length === 0) continue;
        step = killerStep(
          { technique: 'cage-splitting', difficulty, placements: [], eliminations, pattern: { cells: other, digits: [], units: [...region.houses] } },
          { ...fields, combos: formatCombos(analysis.combos) },
        );
      }
      best = easier(best, step);
    }
  }
  return best;
}

/** The rule-of-45 techniques. */
export const RULE_OF_45_TECHNIQUES: readonly TechniqueDef[] = [
  { id: 'innies', name: 'Innies (rule of 45)', family: 'killer', difficulty: 1.8, maxDifficulty: 4.4, uniqueness: false, find: (board, context) => findInOut(board, context, false) },
  { id: 'outies', name: 'Outies (rule of 45)', family: 'killer', difficulty: 2.0, maxDifficulty: 4.6, uniqueness: false, find: (board, context) => findInOut(board, context, true) },
  { id: 'cage-splitting', name: 'Cage splitting', family: 'killer', difficulty: 3.0, maxDifficulty: 4.2, uniqueness: false, find: findCageSplitting },
];
