import type { Board } from '../core/board.js';
import { unlinkedRulesError } from '../core/errors.js';
import { geometryOf } from '../core/geometry.js';
import type { Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import { checkedPuzzle, type Puzzle } from '../rules/puzzle.js';
import { rulesCounter } from '../rules/solver-link.js';
import type { Rules } from '../rules/types.js';
import type { Checked, Target } from './grade.js';
import { GradeError } from './grade-error.js';
import { GENERAL_GRADER, type GeneralFailure } from './general/grade.js';
import { isGeneralRules } from './general/link.js';
import type { VariantGrading } from './variant-link.js';

/*
 * What the grader does for `{ rules, givens }` puzzles (grade.ts does the rest): only a rules
 * value made by buildRules can be graded, so buildRules links this in (variant-link.ts) and an app
 * that grades classic grids never bundles it.
 */

/** Turns a failure of the general grader into a GradeError. */
function failGeneral(failure: GeneralFailure): never {
  throw new GradeError(failure.code, failure.message);
}

/** A `{ rules, givens }` input of rules other than 9x9 (other sizes, Samurai), checked (checkedPuzzle); null for rules of 9x9. */
function generalPuzzle(input: Partial<Puzzle>): Puzzle | null {
  const { rules, givens } = checkedPuzzle(input);
  return isGeneralRules(rules) ? { rules, givens: Uint8Array.from(givens) } : null;
}

/** The target of a `{ rules, givens }` input (checked): classic 9x9 rules go the classic way. */
function targetOf(input: Partial<Puzzle>): Target {
  const { rules, givens } = checkedPuzzle(input);
  if (rules.size !== 9 || rules.cellCount !== 81) {
    throw new GradeError('UNSUPPORTED_RULES', `the grader takes 9x9 rule sets; this puzzle is ${rules.variant} (${rules.cellCount} cells)`);
  }
  const grid = toGrid(givens as GridInput);
  const geometry = geometryOf(rules);
  return geometry.classic ? { grid, rules: undefined, geometry: undefined } : { grid, rules, geometry };
}

/** Checks a puzzle with the variant counting solver; throws a GradeError when it cannot be graded. */
function checkVariant(grid: Grid, uniqueness: boolean, rules: Rules): Checked {
  const counter = variantCounter();
  const conflict = counter.conflict(rules, grid);
  if (conflict) throw new GradeError('CONFLICT', `invalid puzzle: ${conflict.reason}`);
  const count = counter.count(rules, grid, 2);
  const stats = counter.stats();
  if (count === 0) throw new GradeError('NO_SOLUTION', 'the puzzle has no solution');
  if (count > 1 && uniqueness) {
    throw new GradeError('MULTIPLE_SOLUTIONS', 'the puzzle has several solutions (grade it with uniqueness off to rate it anyway)');
  }
  return { unique: count === 1, stats: { nodes: stats.nodes, guesses: stats.guesses } };
}

function variantCounter(): NonNullable<ReturnType<typeof rulesCounter>> {
  const counter = rulesCounter();
  // A rules value made by buildRules links the counter; only a hand-made one gets here.
  if (counter === null) throw unlinkedRulesError();
  return counter;
}

/** Whether a board has a solution under `rules`. */
function solvable(board: Board, rules: Rules): boolean {
  // The variant counter reads the placed digits only; the board's eliminations are sound, so a
  // placement that leads to a solution of the givens leads to one of the board.
  return variantCounter().count(rules, board.values, 1) > 0;
}

/** The grader's code for rules other than classic, as buildRules links it in (why: variant-link.ts). */
export const VARIANT_GRADING: VariantGrading = {
  grade: (input, options, record, run) => {
    const general = generalPuzzle(input);
    return general === null ? run(targetOf(input), options, record) : GENERAL_GRADER.grade(general, options, record, failGeneral);
  },
  generalStep: (position, rules, options, guess) => {
    if (rules !== undefined) return GENERAL_GRADER.step(rules, position as Readonly<Board>, options, guess, failGeneral);
    const general = generalPuzzle(position as Partial<Puzzle>);
    if (general === null) return undefined;
    return GENERAL_GRADER.step(general.rules, GENERAL_GRADER.board(general.rules, general.givens), options, guess, failGeneral);
  },
  target: targetOf,
  check: checkVariant,
  solvable,
};
