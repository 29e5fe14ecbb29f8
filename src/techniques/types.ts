import type { Geometry } from '../core/geometry.js';
import type { Board } from '../core/board.js';
import type { Step } from '../core/step.js';

/** What a technique may consult besides the board. */
export interface TechniqueContext {
  /** When false, techniques that assume a unique solution (unique rectangles, BUG) must not run. */
  uniqueness: boolean;
  /**
   * Whether an explained forcing-chain step carries the chains behind it (`Step.chains`, what
   * `explain` shows; the shorter X/Y-chain steps always do). Default true.
   */
  chains?: boolean;
  /**
   * The rules' house tables (houses, houses of a cell, peers, cages) for a 9x9 rule set; absent
   * means classic ({@link classicGeometry}). Techniques read houses and peers from here, never
   * from the global 9x9 tables, so that jigsaw, X, windoku and killer grids are graded by the
   * same code.
   */
  geometry?: Geometry;
}

/**
 * A technique: a pure function from the board (values and candidates) to the next step it finds,
 * or null. It never changes the board. When several instances exist it returns the easiest one
 * (lowest `difficulty`), ties broken by the first found in cell order.
 */
export type TechniqueFn = (board: Readonly<Board>, context: TechniqueContext) => Step | null;

/** An entry of the technique ladder. */
export interface TechniqueDef {
  /** Stable kebab-case id, e.g. `hidden-single-box`, `xy-wing`; used in CLI flags and JSON. */
  id: string;
  /** Human name, e.g. `Hidden single (box)`. */
  name: string;
  /** Family (file) it belongs to, e.g. `singles`, `fish`, `uniqueness`, `chains`. */
  family: string;
  /** Lowest difficulty its steps can have on the Sudoku Explainer scale. */
  difficulty: number;
  /** Highest difficulty its steps can have (chains grow with length); equals `difficulty` if fixed. */
  maxDifficulty: number;
  /** True for techniques that assume the puzzle has exactly one solution. */
  uniqueness: boolean;
  find: TechniqueFn;
}
