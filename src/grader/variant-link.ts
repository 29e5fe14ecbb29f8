import type { Board } from '../core/board.js';
import { PuzzleFormatError } from '../core/errors.js';
import type { Grid } from '../core/grid.js';
import type { Puzzle } from '../rules/puzzle.js';
import type { Rules } from '../rules/types.js';
import type { Checked, Target } from './grade.js';

/**
 * How the grader reaches its code for `{ rules, givens }` puzzles without every bundle carrying it
 * (the reason and the pattern are those of src/rules/solver-link.ts): checking the rules and the
 * givens, the conflicts and the count under the rules, whether a board can still be solved under
 * them. Only a rules value made by `buildRules` can be graded, so `buildRules` links this in
 * (variant-grading.ts): an app that grades classic grids never bundles it.
 */
export interface VariantGrading {
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
  if (linked === null) throw new PuzzleFormatError('BAD_PUZZLE', 'the rules of the puzzle were not made by buildRules or the rules constructors', { source: 'puzzle', line: 0 });
  return linked;
}
