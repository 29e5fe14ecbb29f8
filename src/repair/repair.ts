import { CodedError, optionKeys, ownOptions, shownValue } from '../core/errors.js';
import { describeConflict, findConflict, type Conflict, type Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import type { Placement } from '../core/step.js';
import { gradePuzzle, GradeError } from '../grader/grade.js';
import { symmetryOrbits, type Symmetry } from '../generator/symmetry.js';
import { Solver } from '../solver/index.js';
import { SetFamily, searchHittingSets } from './hitting-set.js';
import { minimalCore, minimalUnavoidableSet, otherSolution } from './unavoidable.js';

/** Options of {@link repairPuzzle}. */
export interface RepairOptions {
  /**
   * The solution the added clues are taken from (81 digits, extending the puzzle). Default: the
   * first solution the counting solver finds.
   */
  solution?: GridInput;
  /** Add clues in symmetric groups (all empty cells of a group together). Default `none`. */
  symmetry?: Symmetry;
  /**
   * Among the smallest repairs, prefer the one whose rating is lowest (`true`) or closest to this
   * rating (a number). The count of added clues stays the minimum.
   */
  keepLevel?: boolean | number;
  /** How many repairs to list (alternatives, smallest first). Default 1. */
  repairs?: number;
  /** Effort bound of the hitting-set searches, in search nodes (about 2 s). Default 5,000,000. */
  maxNodes?: number;
}

/** One way to make the puzzle unique: clues to add (for a puzzle with several solutions). */
export interface AddRepair {
  /** The clues added, each from the chosen solution, in cell order. */
  added: Placement[];
  /** The repaired puzzle (81 characters, `.` for empty). */
  puzzle: string;
  /** The repaired puzzle's rating (ER), when `keepLevel` asked for it. */
  rating?: number;
}

/** One way to make an unsolvable puzzle solvable: givens to remove. */
export interface RemoveRepair {
  /** The givens removed, in cell order. */
  removed: Placement[];
  /** The puzzle without them. */
  puzzle: string;
  /** Whether the result has one solution or several. */
  status: 'unique' | 'multiple';
  /** Its (first) solution. */
  solution: string;
}

/** What {@link repairPuzzle} found. */
export type RepairReport =
  | { status: 'unique'; solution: string }
  | { status: 'invalid'; conflict: Conflict; error: string }
  | {
      status: 'multiple';
      /** Two different solutions: the chosen one first. */
      solutions: [string, string];
      /** Cells where they differ. */
      differences: number[];
      /** The repairs, smallest first; the first has the provably smallest number of added clues when `proven`. */
      repairs: AddRepair[];
      /** The fewest clues to add (when `proven`; else a lower bound). */
      minimum: number;
      /** False when an effort bound stopped the search: the repairs listed are sound but maybe not smallest. */
      proven: boolean;
      /** Unavoidable sets collected (a measure of the work). */
      unavoidableSets: number;
    }
  | {
      status: 'none';
      repairs: RemoveRepair[];
      minimum: number;
      proven: boolean;
    };

/** Why a puzzle cannot be repaired. */
export type RepairErrorCode = 'EMPTY' | 'BAD_SOLUTION' | 'BAD_OPTION';

/** A puzzle or option the repair cannot work with (the message says why). */
export class RepairError extends CodedError<RepairErrorCode> {
  override readonly name = 'RepairError';
}

const REPAIR_OPTION_KEYS = optionKeys<RepairOptions>({ solution: true, symmetry: true, keepLevel: true, repairs: true, maxNodes: true });

let sharedSolver: Solver | undefined;

const gridText = (grid: Grid): string => Array.from(grid, (d) => (d === 0 ? '.' : String(d))).join('');

/**
 * For a puzzle with several solutions: a provably smallest set of clues (from one solution) that
 * makes it unique, and alternatives. For a puzzle with no solution whose givens do not conflict
 * directly: a smallest set of givens whose removal makes it solvable. For conflicting givens: the
 * conflict. For a unique puzzle: its solution.
 *
 * How: the puzzle plus the clues is unique exactly when the clues hit every unavoidable set of the
 * chosen solution (cells whose digits another solution changes). Those sets are collected lazily
 * with the counting solver: the smallest hitting set of the sets known so far is added, and if the
 * puzzle is still not unique, the other solution found gives new minimal sets, until it is unique.
 * Each round's hitting set is exact (branch and bound), so the last one is the minimum. The same
 * loop with cores (sets of givens without a solution) finds the smallest removal.
 * The puzzle (and `solution`) may be a string, an array of 81 numbers or a Uint8Array.
 * @throws RepairError for an empty grid, a `solution` that does not solve the puzzle, a bad option value;
 *   OptionError for options that are not an object (null included) or an unknown option.
 * @throws PuzzleFormatError for something that is not a grid.
 */
export function repairPuzzle(input: GridInput, options: RepairOptions = {}): RepairReport {
  options = ownOptions(options, REPAIR_OPTION_KEYS, 'repair');
  const puzzle = toGrid(input);
  const conflict = findConflict(puzzle);
  if (conflict) return { status: 'invalid', conflict, error: `givens conflict: ${describeConflict(conflict)}` };
  const wanted = options.repairs ?? 1;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 1000) throw new RepairError('BAD_OPTION', `repairs must be a whole number from 1 to 1000 (got ${shownValue(wanted)})`);
  let givens = 0;
  for (let cell = 0; cell < 81; cell++) if (puzzle[cell] !== 0) givens++;
  if (givens === 0) throw new RepairError('EMPTY', 'the grid is empty: there is no puzzle to repair (a unique puzzle needs at least 17 givens)');
  sharedSolver ??= new Solver();
  const solver = sharedSolver;
  const count = solver.count(puzzle, 2);
  if (count === 0) return removeRepairs(puzzle, solver, wanted, options.maxNodes ?? 5_000_000);
  const first = Uint8Array.from(solver.solution);
  const second = count > 1 ? Uint8Array.from(solver.secondSolution) : null;
  let target = first;
  if (options.solution) {
    const s = toGrid(options.solution);
    for (let cell = 0; cell < 81; cell++) {
      if (!(s[cell]! >= 1 && s[cell]! <= 9)) throw new RepairError('BAD_SOLUTION', `the solution given is not a full grid (cell ${cell + 1} is empty)`);
      if (puzzle[cell] !== 0 && puzzle[cell] !== s[cell]) throw new RepairError('BAD_SOLUTION', `the solution given does not keep the puzzle's given at cell ${cell + 1}`);
    }
    if (findConflict(s)) throw new RepairError('BAD_SOLUTION', 'the solution given breaks the rules (a digit repeats in a unit)');
    target = Uint8Array.from(s);
  }
  if (count === 1) {
    if (options.solution && gridText(target) !== gridText(first)) throw new RepairError('BAD_SOLUTION', 'the solution given is not the puzzle\'s solution');
    return { status: 'unique', solution: gridText(first) };
  }
  return addRepairs(puzzle, target, first, second!, solver, options, wanted);
}

function addRepairs(puzzle: Grid, target: Grid, first: Grid, second: Grid, solver: Solver, options: RepairOptions, wanted: number): RepairReport {
  const maxNodes = options.maxNodes ?? 5_000_000;
  // Elements of the hitting set: symmetric groups of empty cells (a single cell without symmetry).
  const orbits = symmetryOrbits(options.symmetry ?? 'none');
  const groupOf = new Int8Array(81).fill(-1);
  const groups: number[][] = [];
  for (const orbit of orbits) {
    const empty = orbit.filter((cell) => puzzle[cell] === 0);
    if (empty.length === 0) continue;
    for (const cell of empty) groupOf[cell] = groups.length;
    groups.push(empty);
  }
  const weights = groups.map((g) => g.length);
  const allowed: [number, number, number] = [0, 0, 0];
  for (let e = 0; e < groups.length; e++) allowed[e >> 5] = (allowed[e >> 5]! | (1 << (e & 31))) >>> 0;

  const family = new SetFamily();
  const work = new Uint8Array(81);
  const trial = new Uint8Array(81);
  const seen = new Set<string>();
  const addSet = (cells: number[]): void => {
    const elements = new Set(cells.map((cell) => groupOf[cell]!));
    const key = [...elements].sort((a, b) => a - b).join(',');
    if (seen.has(key)) return;
    seen.add(key);
    family.addElements(elements);
  };
  /**
   * Is the puzzle plus these groups unique? If not, collect new unavoidable sets: from the other
   * solution found, then with that set fixed too, and so on (a batch of disjoint sets per round).
   */
  const uniqueWith = (elements: number[]): boolean => {
    trial.set(puzzle);
    for (const e of elements) for (const cell of groups[e]!) trial[cell] = target[cell]!;
    let unique = true;
    for (let round = 0; round < 81; round++) {
      if (solver.count(trial, 2) < 2) break;
      unique = false;
      const other = otherSolution(solver, target)!;
      const set = minimalUnavoidableSet(target, other, solver, work);
      // A set is found among the cells still empty in trial (the other solution keeps the rest).
      addSet(set);
      for (const cell of set) trial[cell] = target[cell]!;
    }
    return unique;
  };

  const otherOfTarget = gridText(target) === gridText(first) ? second : first;

  const repairs: AddRepair[] = [];
  const avoid: [number, number, number][] = [];
  let minimum = 0;
  let proven = true;
  let nodes = 0;
  uniqueWith([]);
  // With keepLevel, look at several smallest repairs and keep the best rated.
  const keepLevel = options.keepLevel;
  const pool = keepLevel === undefined || keepLevel === false ? wanted : Math.max(wanted, 24);
  let cost = 0;
  while (repairs.length < pool) {
    const result = searchHittingSets(family, { weights, allowed, limit: 1, avoid, minCost: cost, maxNodes: Math.max(1, maxNodes - nodes) });
    nodes += result.nodes;
    if (!result.complete) {
      proven = proven && repairs.length > 0;
      if (repairs.length === 0) minimum = result.cost;
      break;
    }
    const hit = result.sets[0];
    if (!hit) break; // no further repair exists
    cost = result.cost;
    if (!uniqueWith(hit)) continue;
    if (repairs.length === 0) minimum = cost;
    // Beyond the minimum cost, list only repairs none of whose groups can be left out.
    if (cost > minimum && !isMinimalRepair(hit, puzzle, target, groups, solver, trial)) {
      avoid.push(wordsOf(hit));
      continue;
    }
    avoid.push(wordsOf(hit));
    repairs.push(addRepairOf(hit, puzzle, target, groups));
  }
  if (repairs.length === 0) {
    // The effort bound stopped the search before any repair: give the chosen solution's own clues
    // greedily (sound, not smallest).
    repairs.push(greedyRepair(puzzle, target, groups, groupOf, solver, trial));
    proven = false;
  }
  let listed = repairs;
  if (keepLevel !== undefined && keepLevel !== false) {
    const smallest = repairs.filter((r) => r.added.length === repairs[0]!.added.length);
    for (const r of smallest) r.rating = ratingOf(r.puzzle);
    const score = (r: AddRepair) => (typeof keepLevel === 'number' ? Math.abs(r.rating! - keepLevel) : r.rating!);
    const order = smallest.map((r, i) => ({ r, i })).sort((a, b) => score(a.r) - score(b.r) || a.i - b.i);
    listed = [...order.map((o) => o.r), ...repairs.filter((r) => r.added.length !== repairs[0]!.added.length)].slice(0, wanted);
  }
  return {
    status: 'multiple',
    solutions: [gridText(target), gridText(otherOfTarget)],
    differences: diffCells(target, otherOfTarget),
    repairs: listed,
    minimum,
    proven,
    unavoidableSets: family.size,
  };
}

function diffCells(a: Grid, b: Grid): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < 81; cell++) if (a[cell] !== b[cell]) cells.push(cell);
  return cells;
}

function wordsOf(elements: number[]): [number, number, number] {
  const w: [number, number, number] = [0, 0, 0];
  for (const e of elements) w[e >> 5] = (w[e >> 5]! | (1 << (e & 31))) >>> 0;
  return w;
}

function addRepairOf(elements: number[], puzzle: Grid, target: Grid, groups: number[][]): AddRepair {
  const repaired = Uint8Array.from(puzzle);
  const cells = elements.flatMap((e) => groups[e]!).sort((a, b) => a - b);
  for (const cell of cells) repaired[cell] = target[cell]!;
  return { added: cells.map((cell) => ({ cell, digit: target[cell]! })), puzzle: gridText(repaired) };
}

/** Whether leaving out any one group of a repair loses uniqueness. */
function isMinimalRepair(elements: number[], puzzle: Grid, target: Grid, groups: number[][], solver: Solver, trial: Uint8Array): boolean {
  for (const skip of elements) {
    trial.set(puzzle);
    for (const e of elements) if (e !== skip) for (const cell of groups[e]!) trial[cell] = target[cell]!;
    if (solver.count(trial, 2) === 1) return false;
  }
  return true;
}

/** Adds groups where another solution differs until unique, then takes back what can go. */
function greedyRepair(puzzle: Grid, target: Grid, groups: number[][], groupOf: Int8Array, solver: Solver, trial: Uint8Array): AddRepair {
  trial.set(puzzle);
  const chosen: number[] = [];
  while (solver.count(trial, 2) > 1) {
    const other = otherSolution(solver, target)!;
    let cell = 0;
    while (other[cell] === target[cell]) cell++;
    const e = groupOf[cell]!;
    chosen.push(e);
    for (const c of groups[e]!) trial[c] = target[c]!;
  }
  for (let i = chosen.length - 1; i >= 0; i--) {
    const e = chosen[i]!;
    for (const c of groups[e]!) trial[c] = 0;
    if (solver.count(trial, 2) === 1) chosen.splice(i, 1);
    else for (const c of groups[e]!) trial[c] = target[c]!;
  }
  return addRepairOf(chosen.sort((a, b) => a - b), puzzle, target, groups);
}

function ratingOf(puzzle: string): number {
  const grid = Uint8Array.from(puzzle, (ch) => (ch === '.' ? 0 : Number(ch)));
  try {
    return gradePuzzle(grid).rating;
  } catch (error) {
    if (error instanceof GradeError) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

/** No solution: the fewest givens to remove (cores of givens hit by an exact hitting set). */
function removeRepairs(puzzle: Grid, solver: Solver, wanted: number, maxNodes: number): RepairReport {
  const cells: number[] = [];
  const indexOf = new Int8Array(81).fill(-1);
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== 0) {
      indexOf[cell] = cells.length;
      cells.push(cell);
    }
  }
  const weights = cells.map(() => 1);
  const allowed = wordsOf(cells.map((_, i) => i));
  const family = new SetFamily();
  const work = new Uint8Array(81);
  const trial = new Uint8Array(81);
  const solvableWithout = (elements: number[]): boolean => {
    trial.set(puzzle);
    for (const e of elements) trial[cells[e]!] = 0;
    if (solver.count(trial, 1) > 0) return true;
    family.addElements(minimalCore(trial, solver, work).map((cell) => indexOf[cell]!));
    return false;
  };
  solvableWithout([]);
  const repairs: RemoveRepair[] = [];
  const avoid: [number, number, number][] = [];
  let minimum = 0;
  let proven = true;
  let nodes = 0;
  let cost = 0;
  while (repairs.length < wanted) {
    const result = searchHittingSets(family, { weights, allowed, limit: 1, avoid, minCost: cost, maxNodes: Math.max(1, maxNodes - nodes) });
    nodes += result.nodes;
    if (!result.complete) {
      proven = repairs.length > 0;
      break;
    }
    const hit = result.sets[0];
    if (!hit) break;
    cost = result.cost;
    if (!solvableWithout(hit)) continue;
    avoid.push(wordsOf(hit));
    if (repairs.length === 0) minimum = cost;
    else if (!hit.every((skip) => !solvableWith(puzzle, cells, hit, skip, solver, trial))) continue;
    trial.set(puzzle);
    for (const e of hit) trial[cells[e]!] = 0;
    const n = solver.count(trial, 2);
    repairs.push({
      removed: hit.map((e) => ({ cell: cells[e]!, digit: puzzle[cells[e]!]! })),
      puzzle: gridText(trial),
      status: n === 1 ? 'unique' : 'multiple',
      solution: gridText(solver.solution),
    });
  }
  return { status: 'none', repairs, minimum, proven };
}

/** Whether the puzzle without the givens `hit` except `keep` is solvable. */
function solvableWith(puzzle: Grid, cells: number[], hit: number[], keep: number, solver: Solver, trial: Uint8Array): boolean {
  trial.set(puzzle);
  for (const e of hit) if (e !== keep) trial[cells[e]!] = 0;
  return solver.count(trial, 1) > 0;
}
