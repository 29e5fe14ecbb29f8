import type { Grid } from '../core/grid.js';
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

/**
 * Number of solutions of a puzzle, up to `limit` (default 2): 0 none (or conflicting givens),
 * 1 unique, 2 several. An empty grid returns 2 at once.
 */
export function countSolutions(grid: Grid, options: CountOptions = {}): number {
  const solver = sharedSolver();
  const count = solver.count(grid, options.limit ?? 2);
  if (options.stats) {
    options.stats.nodes = solver.stats.nodes;
    options.stats.guesses = solver.stats.guesses;
  }
  return count;
}

/**
 * A solution of the puzzle, or null when it has none. When the puzzle has several solutions this is
 * the first one found; use {@link countSolutions} to know whether it is unique.
 */
export function solve(grid: Grid, options: { stats?: SolveStats } = {}): Grid | null {
  const solver = sharedSolver();
  const count = solver.count(grid, 1);
  if (options.stats) {
    options.stats.nodes = solver.stats.nodes;
    options.stats.guesses = solver.stats.guesses;
  }
  return count === 0 ? null : solver.solution.slice();
}
