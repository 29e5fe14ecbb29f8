import { checkedLimit, optionKeys, ownOptions, unlinkedRulesError } from '../core/errors.js';
import { formatGrid, type Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import { formatValues, type Puzzle } from '../rules/puzzle.js';
import { rulesCounter, type RulesCounter } from '../rules/solver-link.js';
import type { Rules } from '../rules/types.js';
import { Solver, type SolveStats } from './band-solver.js';

export { Solver, type SolveStats };
// The variant solver itself is reached through the rules value's link (solver-link.ts), not
// imported here, so that apps counting only classic grids do not bundle it.
export { countRules, solveRules } from './rules-solver.js';

/** Options of {@link countSolutions}. */
export interface CountOptions {
  /** Stop counting at this many solutions. Default 2: enough to tell unique from multiple. */
  limit?: number;
  /** Filled with the search effort when given (an object that cannot be filled, a frozen one, is left as it is). */
  stats?: SolveStats;
}

/** What the solving calls take: a classic grid (see {@link GridInput}) or a puzzle under any rules. */
export type SolveInput = GridInput | Puzzle;

let shared: Solver | undefined;
/**
 * The counting solver of this thread, shared by the library's calls (counting, the grader, the
 * generator): preallocated and reusable; each use reads its answer (count, solution, stats) right
 * after its own call, so no call keeps state another could change.
 */
export function sharedSolver(): Solver {
  shared ??= new Solver();
  return shared;
}

/**
 * Copies a search's counts into the caller's stats object, if given. One that cannot take them (a
 * frozen object, a symbol...) is left as it is: an OptionError there made the browser bundle 15 B
 * larger, 9 B under its budget (test/package.test.ts), and the answer is right either way.
 */
function fillStats(stats: SolveStats | undefined, from: SolveStats): void {
  // Object.isExtensible is false for a primitive (a symbol, a number...) as for a frozen object: not filled.
  if (!stats || !Object.isExtensible(stats)) return;
  stats.nodes = from.nodes;
  stats.guesses = from.guesses;
}

const COUNT_OPTION_KEYS = optionKeys<CountOptions>({ limit: true, stats: true });

/**
 * Number of solutions of a puzzle, up to `limit` (default 2): 0 none (or conflicting givens), 1
 * unique, 2 several. The puzzle is a classic grid (an 81-character string, an array of 81 numbers
 * or a Uint8Array; an empty grid returns 2 at once) or a `{ rules, givens }` puzzle under any rules
 * (classic 9x9 rules go to the same band solver).
 * @throws PuzzleFormatError when the input is not a puzzle; OptionError for a bad option.
 */
export function countSolutions(input: SolveInput, options: CountOptions = {}): number {
  options = ownOptions(options, COUNT_OPTION_KEYS, 'count');
  const limit = checkedLimit(options.limit ?? 2);
  const puzzle = asPuzzle(input);
  if (puzzle !== null && !isClassic9(puzzle.rules)) {
    const counter = linkedCounter();
    const count = counter.count(puzzle.rules, puzzle.givens, limit);
    fillStats(options.stats, counter.stats());
    return count;
  }
  const solver = sharedSolver();
  const count = solver.count(puzzle === null ? (input as GridInput) : puzzle.givens, limit);
  fillStats(options.stats, solver.stats);
  return count;
}

/**
 * A solution of the puzzle (a classic grid or a `{ rules, givens }` puzzle), one character per cell
 * (1-9, then A-G on sizes over 9), or null when it has none. When the puzzle has several solutions
 * this is the first one found; use {@link countSolutions} to know whether it is unique.
 * @throws PuzzleFormatError when the input is not a puzzle.
 */
export function solve(input: SolveInput, options: { stats?: SolveStats } = {}): string | null {
  options = ownOptions(options, ['stats'], 'solve');
  const puzzle = asPuzzle(input);
  if (puzzle !== null && !isClassic9(puzzle.rules)) {
    const counter = linkedCounter();
    const solution = counter.solve(puzzle.rules, puzzle.givens);
    fillStats(options.stats, counter.stats());
    return solution === null ? null : formatValues(puzzle.rules, solution);
  }
  const solution = solveGrid(puzzle === null ? toGrid(input as GridInput) : puzzle.givens, options.stats);
  return solution === null ? null : formatGrid(solution);
}

/** {@link solve} on the library's own grid form, returning a grid (a new array). */
export function solveGrid(grid: Grid, stats?: SolveStats): Grid | null {
  const solver = sharedSolver();
  const count = solver.count(grid, 1);
  fillStats(stats, solver.stats);
  return count === 0 ? null : solver.solution.slice();
}

function linkedCounter(): RulesCounter {
  const counter = rulesCounter();
  // Only a rules value made by hand (not by buildRules) gets here.
  if (counter === null) throw unlinkedRulesError();
  return counter;
}

function isClassic9(rules: Rules): boolean {
  return rules.variant === 'classic' && rules.size === 9;
}

/**
 * The `{ rules, givens }` puzzle of an input, checked by the linked counter (rules/puzzle.ts
 * checkedPuzzle: givens one per cell of the rules, each 0..size), or null for a classic grid input.
 */
function asPuzzle(input: SolveInput): Puzzle | null {
  // Anything else that is not a grid is left to toGrid, which names it (BAD_GRID_TYPE).
  if (typeof input !== 'object' || input === null || !('rules' in input)) return null;
  return linkedCounter().puzzle(input as Partial<Puzzle>);
}
