import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import type { Puzzle } from '../../rules/puzzle.js';
import type { Rules } from '../../rules/types.js';
import type { Grade, GradeOptions } from '../grade.js';
import type { FailWith } from './grade.js';

/**
 * How `gradePuzzle`, `solvePath`, `gradeWithPath`, `nextStep` and `hintStep` reach the general
 * grader (other sizes, Samurai) without every bundle carrying it: the reason and the pattern are
 * those of src/rules/solver-link.ts. A rules value of another size is only ever made by
 * `buildRules`, so `buildRules` links the general grader in, and an app that grades classic
 * puzzles never bundles it.
 */
export interface GeneralGrader {
  /** The grade and (with `record`) the path of a puzzle of other rules than 9x9. */
  grade(puzzle: Puzzle, options: GradeOptions, record: boolean, fail: FailWith): { grade: Grade; steps: Step[] };
  /** The next step on a board of the rules; with `guess`, a guess where no technique applies. */
  step(rules: Rules, board: Readonly<Board>, options: { uniqueness?: boolean; maxDifficulty?: number }, guess: boolean, fail: FailWith): Step | null;
  /** The board of a puzzle's givens, with every candidate no given rules out. */
  board(rules: Rules, givens: ArrayLike<number>): Board;
}

let linked: GeneralGrader | null = null;

/** Called by buildRules. */
export function linkGeneralGrader(grader: GeneralGrader): void {
  linked = grader;
}

/** The linked general grader; null only when no rules value was ever built. */
export function generalGrader(): GeneralGrader | null {
  return linked;
}

/** Whether rules are for the general grader: anything but 81 cells of nine digits. */
export function isGeneralRules(rules: Pick<Rules, 'size' | 'cellCount'>): boolean {
  return rules.size !== 9 || rules.cellCount !== 81;
}
