import type { Grid } from '../core/grid.js';
import type { Solver } from '../solver/index.js';

/**
 * The other solution of the last `solver.count(grid, 2)` that returned 2: the one of the two it
 * recorded that differs from `target` (null when both equal it, which cannot happen for two distinct
 * solutions).
 */
export function otherSolution(solver: Solver, target: Grid): Uint8Array | null {
  if (!sameGrid(solver.solution, target)) return solver.solution;
  if (!sameGrid(solver.secondSolution, target)) return solver.secondSolution;
  return null;
}

function sameGrid(a: Grid, b: Grid): boolean {
  for (let cell = 0; cell < 81; cell++) if (a[cell] !== b[cell]) return false;
  return true;
}

/**
 * A minimal unavoidable set of `target` inside the cells where `other` (another solution of the
 * same puzzle) differs from it: cells whose digits can be exchanged for others while every other
 * cell keeps its digit of `target`, and none of which can be fixed without losing every such
 * exchange. Any puzzle whose only solution is `target` has a given in each unavoidable set.
 *
 * Shrinking: start from the grid `target` with the differing cells emptied (solutions: `target`
 * and `other`), and fix the cells one by one; a fix that leaves a second solution is kept, and so
 * is every cell where that second solution agrees with `target`. A cell whose fix left `target`
 * alone stays empty: fixing it on a smaller set can only leave fewer solutions, so the result is
 * minimal. `work` is a scratch grid.
 */
export function minimalUnavoidableSet(target: Grid, other: Grid, solver: Solver, work: Uint8Array): number[] {
  work.set(target);
  for (let cell = 0; cell < 81; cell++) if (other[cell] !== target[cell]) work[cell] = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (work[cell] !== 0) continue;
    work[cell] = target[cell]!;
    if (solver.count(work, 2) < 2) {
      work[cell] = 0;
      continue;
    }
    const second = otherSolution(solver, target)!;
    for (let c = cell + 1; c < 81; c++) if (work[c] === 0 && second[c] === target[c]) work[c] = target[c]!;
  }
  const cells: number[] = [];
  for (let cell = 0; cell < 81; cell++) if (work[cell] === 0) cells.push(cell);
  return cells;
}

/**
 * A minimal set of givens of an unsolvable puzzle that has no solution by itself (a core): removing
 * any one of them makes it solvable. Deletion-based: each given is dropped in turn and kept out when
 * the rest still has no solution. `work` is a scratch grid, `puzzle` is not changed.
 */
export function minimalCore(puzzle: Grid, solver: Solver, work: Uint8Array): number[] {
  work.set(puzzle);
  for (let cell = 0; cell < 81; cell++) {
    if (work[cell] === 0) continue;
    const digit = work[cell]!;
    work[cell] = 0;
    if (solver.count(work, 1) > 0) work[cell] = digit;
  }
  const cells: number[] = [];
  for (let cell = 0; cell < 81; cell++) if (work[cell] !== 0) cells.push(cell);
  return cells;
}
