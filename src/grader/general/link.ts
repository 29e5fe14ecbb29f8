import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import type { Puzzle } from '../../rules/puzzle.js';
import type { Rules } from '../../rules/types.js';
import type { Grade, GradeOptions } from '../grade.js';
import type { FailWith } from './grade.js';

/**
 * The general grader (other sizes, Samurai) as `gradePuzzle`, `solvePath`, `gradeWithPath`,
 * `nextStep` and `hintStep` reach it: through the grader's link for `{ rules, givens }` puzzles
 * (src/grader/variant-link.ts, variant-grading.ts), which `buildRules` links in, so that an app
 * that grades classic puzzles never bundles it.
 */
export interface GeneralGrader {
  /** The grade and (with `record`) the path of a puzzle of other rules than 9x9. */
  grade(puzzle: Puzzle, options: GradeOptions, record: boolean, fail: FailWith): { grade: Grade; steps: Step[] };
  /** The next step on a board of the rules; with `guess`, a guess where no technique applies. */
  step(rules: Rules, board: Readonly<Board>, options: { uniqueness?: boolean; maxDifficulty?: number }, guess: boolean, fail: FailWith): Step | null;
  /** The board of a puzzle's givens, with every candidate no given rules out. */
  board(rules: Rules, givens: ArrayLike<number>): Board;
}

/** Whether rules are for the general grader: anything but 81 cells of nine digits. */
export function isGeneralRules(rules: Pick<Rules, 'size' | 'cellCount'>): boolean {
  return rules.size !== 9 || rules.cellCount !== 81;
}
