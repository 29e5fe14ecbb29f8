import { OptionError, optionKeys, ownOptions } from '../core/errors.js';
import { formatGrid, type Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import { Solver, type SolveStats } from './band-solver.js';

export { Solver, type SolveStats };

/** Options of {@link countSolutions}. */
export interface CountOptions {
  /** Stop counting at this many solutions. Default 2: enough to tell unique from multiple. */
  limit?: number;
  /** Filled with the search effort when given. */
  stats?: SolveStats;
}

let shared: Solver | undefined;
function sharedSolver(): Solver {
  shared ??= new Solver();
  return shared;
}

const COUNT_OPTION_KEYS = optionKeys<CountOptions>({ limit: true, stats: true });

/**
 * Number of solutions of a puzzle (an 81-character string, an array of 81 numbers or a Uint8Array),
 * up to `limit` (default 2): 0 none (or conflicting givens), 1 unique, 2 several. An empty grid
 * returns 2 at once.
 * @throws PuzzleFormatError when `grid` is not a grid; OptionError for a bad option.
 */
export function countSolutions(grid: GridInput, options: CountOptions = {}): number {
  options = ownOptions(options, COUNT_OPTION_KEYS, 'count');
  const limit = options.limit ?? 2;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    throw new OptionError('BAD_OPTION', `limit must be a whole number of at least 1 (got ${String(limit)})`);
  }
  const solver = sharedSolver();
  const count = solver.count(grid, limit);
  if (options.stats) {
    options.stats.nodes = solver.stats.nodes;
    options.stats.guesses = solver.stats.guesses;
  }
  return count;
}

/**
 * A solution of the puzzle as 81 digits, or null when it has none. When the puzzle has several
 * solutions this is the first one found; use {@link countSolutions} to know whether it is unique.
 * @throws PuzzleFormatError when `grid` is not a grid.
 */
export function solve(grid: GridInput, options: { stats?: SolveStats } = {}): string | null {
  options = ownOptions(options, ['stats'], 'solve');
  const solution = solveGrid(toGrid(grid), options.stats);
  return solution === null ? null : formatGrid(solution);
}

/** {@link solve} on the library's own grid form, returning a grid (a new array). */
export function solveGrid(grid: Grid, stats?: SolveStats): Grid | null {
  const solver = sharedSolver();
  const count = solver.count(grid, 1);
  if (stats) {
    stats.nodes = solver.stats.nodes;
    stats.guesses = solver.stats.guesses;
  }
  return count === 0 ? null : solver.solution.slice();
}
