import type { Grade } from '../grader/index.js';
import type { Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import { PEERS } from '../core/tables.js';
import { Solver } from '../solver/index.js';
import { shuffleInPlace, type Random } from './random.js';

/**
 * Clue removal from a full grid, one symmetric group (orbit) at a time in a seeded random order.
 * A removal is kept only when the puzzle still has exactly one solution (and passes the caller's
 * extra test); otherwise the group goes back. After `carveAll` every group has been tried once, so
 * no single group can be removed any more: the puzzle is minimal with respect to the symmetry.
 */
export class Carver {
  // `declare`: fields the constructor sets, which the build need not define first (bytes in a
  // browser bundle).
  declare readonly solution: Grid;
  declare private readonly orbits: readonly (readonly number[])[];
  declare private readonly solver: Solver;
  /** The puzzle being carved (givens of `solution`, 0 for removed cells). */
  declare readonly puzzle: Uint8Array;
  /** Number of givens left. */
  clues = 81;
  /** A pearl or diamond made from this puzzle by adding givens (see the generator's liftToPearl). */
  lifted: { puzzle: Uint8Array; grade: Grade } | undefined;
  declare private readonly order: number[];
  private next = 0;

  constructor(solution: Grid, orbits: readonly (readonly number[])[], random: Random, solver: Solver) {
    this.solution = solution;
    this.orbits = orbits;
    this.solver = solver;
    this.puzzle = Uint8Array.from(solution);
    const order = new Array<number>(orbits.length);
    for (let i = 0; i < orbits.length; i++) order[i] = i;
    shuffleInPlace(order, random);
    this.order = order;
  }

  /**
   * Tries the untried groups in order until one can be removed; returns false when none is left.
   * `accept` (optional) sees the puzzle with the group removed and a unique solution; returning
   * false puts the group back.
   */
  removeOne(accept?: (puzzle: Uint8Array) => boolean, minClues = 0): boolean {
    while (this.next < this.order.length) {
      const orbit = this.orbits[this.order[this.next++]!]!;
      if (this.clues - orbit.length < minClues) continue;
      for (const cell of orbit) this.puzzle[cell] = 0;
      if (this.stillUnique(orbit) && (accept === undefined || accept(this.puzzle))) {
        this.clues -= orbit.length;
        return true;
      }
      for (const cell of orbit) this.puzzle[cell] = this.solution[cell]!;
    }
    return false;
  }

  /** Removes groups until none can go or `clues <= stopAt`, never going below `minClues`. */
  carveAll(stopAt = 0, minClues = 0): void {
    while (this.clues > stopAt && this.removeOne(undefined, minClues));
  }

  /**
   * The puzzle was unique before `orbit` was emptied, so any other solution differs from
   * `solution` inside the orbit. When each emptied cell is forced by the givens among its peers
   * (a naked single on the givens alone), there is none and the solver is not needed.
   */
  private stillUnique(orbit: readonly number[]): boolean {
    let forced = true;
    for (const cell of orbit) {
      let seen = 0;
      for (let i = 0; i < 20; i++) {
        const digit = this.puzzle[PEERS[cell * 20 + i]!]!;
        if (digit !== 0) seen |= 1 << (digit - 1);
      }
      if (seen !== (0x1ff & ~(1 << (this.solution[cell]! - 1)))) {
        forced = false;
        break;
      }
    }
    if (forced) return true;
    return this.solver.count(this.puzzle, 2) === 1;
  }
}

/** Whether no single given can be removed without losing uniqueness (checked with the solver). */
export function isMinimal(puzzle: GridInput, solver: Solver = new Solver()): boolean {
  const work = Uint8Array.from(toGrid(puzzle));
  for (let cell = 0; cell < 81; cell++) {
    const digit = work[cell]!;
    if (digit === 0) continue;
    work[cell] = 0;
    const count = solver.count(work, 2);
    work[cell] = digit;
    if (count === 1) return false;
  }
  return true;
}
