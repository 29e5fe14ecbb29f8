import type { Board } from '../core/board.js';
import { unlinkedRulesError } from '../core/errors.js';
import type { Grid } from '../core/grid.js';
import type { Puzzle } from '../rules/puzzle.js';
import type { Rules } from '../rules/types.js';
import type { Step } from '../core/step.js';
import type { Checked, GradeOptions, PathResult, StepOptions, Target } from './grade.js';

/**
 * How the grader reaches its code for `{ rules, givens }` puzzles without every bundle carrying it
 * (the reason and the pattern are those of src/rules/solver-link.ts): checking the rules and the
 * givens, the conflicts and the count under the rules, whether a board can still be solved under
 * them, and the general grader of other sizes and Samurai (src/grader/general). Only a rules value
 * made by `buildRules` can be graded, so `buildRules` links this in (variant-grading.ts): an app
 * that grades classic grids never bundles it.
 */
export interface VariantGrading {
  /**
   * The grade and (with `record`) the path of a `{ rules, givens }` input: the general grader's for
   * rules other than 9x9, else `run`'s (grade.ts's path) over its target.
   */
  grade(input: Partial<Puzzle>, options: GradeOptions, record: boolean, run: (target: Target, options: GradeOptions, record: boolean) => PathResult): PathResult;
  /**
   * The general grader's step (with `guess`, a guess where no technique applies) for a board under
   * `rules` of another size, or (`rules` undefined) for a `{ rules, givens }` input; undefined when
   * that input's rules are 9x9.
   */
  generalStep(position: Readonly<Board> | Partial<Puzzle>, rules: Rules | undefined, options: StepOptions, guess: boolean): Step | null | undefined;
  /** The target of a `{ rules, givens }` input: classic 9x9 rules go the classic way. */
  target(input: Partial<Puzzle>): Target;
  /** Checks a puzzle under its rules with the counting solver; throws a GradeError when it cannot be graded. */
  check(grid: Grid, uniqueness: boolean, rules: Rules): Checked;
  /** Whether a board (its placed digits) still has a solution under the rules. */
  solvable(board: Board, rules: Rules): boolean;
}

let linked: VariantGrading | null = null;

/** Called by buildRules. */
export function linkVariantGrading(grading: VariantGrading): void {
  linked = grading;
}

/** The linked code; without it no rules value was built by buildRules, so the puzzle's rules were made by hand. */
export function variantGrading(): VariantGrading {
  if (linked === null) throw unlinkedRulesError();
  return linked;
}
