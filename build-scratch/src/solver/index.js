import { Solver } from './band-solver.js';
export { Solver };
let shared;
function sharedSolver() {
    shared ??= new Solver();
    return shared;
}
/**
 * Number of solutions of a puzzle, up to `limit` (default 2): 0 none (or conflicting givens),
 * 1 unique, 2 several. An empty grid returns 2 at once.
 */
export function countSolutions(grid, options = {}) {
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
export function solve(grid, options = {}) {
    const solver = sharedSolver();
    const count = solver.count(grid, 1);
    if (options.stats) {
        options.stats.nodes = solver.stats.nodes;
        options.stats.guesses = solver.stats.guesses;
    }
    return count === 0 ? null : solver.solution.slice();
}
