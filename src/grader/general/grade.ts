import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import { findGivenConflict, type Puzzle } from '../../rules/puzzle.js';
import type { Rules } from '../../rules/types.js';
import { countRules, lastRulesStats } from '../../solver/rules-solver.js';
import { findGeneralStep } from '../../techniques/general/ladder.js';
import { newScan } from '../../techniques/general/places.js';
import type { Grade, GradeOptions } from '../grade.js';
import { GUESS_DIFFICULTY } from '../levels.js';
import { PathTally } from '../tally.js';
import type { GeneralGrader } from './link.js';
import { lowBit, popcount, shapeOf, type GeneralShape } from './shape.js';

/**
 * The grader for every rule set the 9x9 ladder does not take: other sizes (4x4 to 16x16, any box
 * shape, jigsaw of any size, extra houses) and Samurai. The same path as the 9x9 grader (the
 * easiest step at each point, a guess rated 11.0 where no technique applies) over the general
 * ladder (src/techniques/general/ladder.ts), and the same `Grade` record: rating, pearl, diamond,
 * level, hardest, counts, steps, guesses. Killer cages are not taken here (killers are graded on
 * the 9x9 path only).
 */

/** Why a general puzzle cannot be graded; the codes of `GradeError` (src/grader/grade.ts). */
export type GeneralFailure = { code: 'CONFLICT' | 'NO_SOLUTION' | 'MULTIPLE_SOLUTIONS' | 'UNSUPPORTED_RULES'; message: string };

/** Thrown as the caller's GradeError (the link passes its constructor, to keep one error class). */
export type FailWith = (failure: GeneralFailure) => never;

/** A board of the rules: values and candidates per cell (the 9x9 `Board`, cellCount long). */
export function generalBoard(rules: Rules, givens: ArrayLike<number>): Board {
  const shape = shapeOf(rules);
  const values = Uint8Array.from(givens);
  const candidates = new Uint16Array(rules.cellCount);
  const { peers, peerStart } = shape;
  for (let cell = 0; cell < rules.cellCount; cell++) {
    if (values[cell] !== 0) continue;
    let mask = rules.allDigits;
    for (let i = peerStart[cell]!; i < peerStart[cell + 1]!; i++) {
      const digit = values[peers[i]!]!;
      if (digit !== 0) mask &= ~(1 << (digit - 1));
    }
    candidates[cell] = mask;
  }
  return { values, candidates };
}

/** Places a digit and removes it from the cell's peers. */
export function placeGeneral(board: Board, shape: GeneralShape, cell: number, digit: number): void {
  board.values[cell] = digit;
  board.candidates[cell] = 0;
  const bit = ~(1 << (digit - 1));
  const { peers, peerStart } = shape;
  for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) board.candidates[peers[i]!] = board.candidates[peers[i]!]! & bit;
}

/** Applies a step (placements, then eliminations): the one function that changes a general board. */
export function applyGeneralStep(board: Board, shape: GeneralShape, step: Step): void {
  for (const p of step.placements) placeGeneral(board, shape, p.cell, p.digit);
  for (const e of step.eliminations) board.candidates[e.cell] = board.candidates[e.cell]! & ~(1 << (e.digit - 1));
}

/** Refuses what the general grader does not take: killer cages off the 9x9 grid. */
export function checkGeneralRules(rules: Rules, fail: FailWith): void {
  if (rules.cages.length > 0) {
    fail({ code: 'UNSUPPORTED_RULES', message: `killer cages are graded on 9x9 grids only; this puzzle is ${rules.variant} ${rules.size}x${rules.size} (${rules.cellCount} cells)` });
  }
}

interface Checked {
  unique: boolean;
  stats: { nodes: number; guesses: number };
}

function checkPuzzle(rules: Rules, values: ArrayLike<number>, uniqueness: boolean, fail: FailWith): Checked {
  checkGeneralRules(rules, fail);
  const conflict = findGivenConflict(rules, values);
  if (conflict) fail({ code: 'CONFLICT', message: `invalid puzzle: ${conflict.reason}` });
  const count = countRules(rules, values, 2);
  const stats = lastRulesStats();
  if (count === 0) fail({ code: 'NO_SOLUTION', message: 'the puzzle has no solution' });
  if (count > 1 && uniqueness) fail({ code: 'MULTIPLE_SOLUTIONS', message: 'the puzzle has several solutions (grade it with uniqueness off to rate it anyway)' });
  return { unique: count === 1, stats: { nodes: stats.nodes, guesses: stats.guesses } };
}

/**
 * The fallback where no technique applies, as the 9x9 grader's (src/grader/guess.ts): the most
 * constrained empty cell (fewest candidates, first in cell order), its candidates in ascending
 * order, the first one the counting solver finds a solution for. Null on a contradictory board.
 */
export function generalGuess(board: Readonly<Board>, shape: GeneralShape): Step | null {
  let best = -1;
  let bestCount = 17;
  for (let cell = 0; cell < shape.cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const n = popcount(board.candidates[cell]!);
    if (n < bestCount) {
      best = cell;
      bestCount = n;
      if (n <= 2) break;
    }
  }
  if (best < 0 || bestCount === 0) return null;
  const digits: number[] = [];
  for (let mask = board.candidates[best]!; mask !== 0; mask &= mask - 1) digits.push(lowBit(mask) + 1);
  const trial = board.values.slice();
  for (const digit of digits) {
    trial[best] = digit;
    // The counter reads the placed digits only; the board's eliminations are sound, so a digit
    // that leads to a solution of the placed digits leads to one of the board.
    if (countRules(shape.rules, trial, 1) > 0) {
      return { technique: 'guess', difficulty: GUESS_DIFFICULTY, placements: [{ cell: best, digit }], eliminations: [], pattern: { cells: [best], digits, units: [] } };
    }
  }
  return null;
}

/** The grade and (when `record`) the path of a general puzzle. */
export function gradeGeneral(puzzle: Puzzle, options: GradeOptions, record: boolean, fail: FailWith): { grade: Grade; steps: Step[] } {
  const { rules } = puzzle;
  const uniqueness = options.uniqueness ?? true;
  const checked = checkPuzzle(rules, puzzle.givens, uniqueness, fail);
  const limit = options.maxRating ?? Infinity;
  const shape = shapeOf(rules);
  const scan = newScan(shape, { effortLimit: options.effortLimit, uniqueness: uniqueness && checked.unique });
  const board = generalBoard(rules, puzzle.givens);
  const steps: Step[] = [];
  const tally = new PathTally();
  let lowerBound = false;
  let empty = 0;
  for (let cell = 0; cell < rules.cellCount; cell++) if (board.values[cell] === 0) empty++;
  // Each step fills a cell or removes one of the at most cellCount * size candidates.
  const maxSteps = rules.cellCount * rules.size + 1;

  while (empty > 0) {
    if (tally.stepCount >= maxSteps) {
      lowerBound = true;
      break;
    }
    const found = findGeneralStep(board, scan, limit);
    let step = found.step;
    if (found.bounded > 0) {
      // A forcing-chain search gave up at its effort limit: the easiest step from here is not
      // known, only that it is rated at least that technique's base (every rung below found
      // nothing). The path stops there, as at maxRating: the rating is a lower bound.
      tally.raiseTo(found.bounded, 'unknown');
      lowerBound = true;
      break;
    }
    if (!step && found.skipped !== Infinity) {
      // Only techniques above the limit could go on: the rating is at least their difficulty.
      tally.raiseTo(found.skipped, 'unknown');
      lowerBound = true;
      break;
    }
    if (!step) {
      if (GUESS_DIFFICULTY > limit) {
        tally.guessBeyondLimit();
        lowerBound = true;
        break;
      }
      step = generalGuess(board, shape);
      if (!step) throw new Error('general grader: no candidate of the guessed cell leads to a solution');
      tally.guessCount++;
    }
    applyGeneralStep(board, shape, step);
    empty -= step.placements.length;
    tally.takeStep(step);
    if (record) steps.push(step);
    if (tally.topRating > limit) {
      lowerBound ||= empty > 0;
      break;
    }
  }
  return { grade: tally.toGrade(lowerBound, checked.stats, checked.unique), steps };
}

/**
 * The next step on a general board (its placed digits and candidates), a guess when no technique
 * applies; null when it is solved. The board is not changed.
 */
export function generalHint(rules: Rules, board: Readonly<Board>, options: { uniqueness?: boolean; maxDifficulty?: number }, fail: FailWith): Step | null {
  const uniqueness = options.uniqueness ?? true;
  const checked = checkPuzzle(rules, board.values, uniqueness, fail);
  let empty = false;
  for (let cell = 0; cell < rules.cellCount; cell++) if (board.values[cell] === 0) empty = true;
  if (!empty) return null;
  const shape = shapeOf(rules);
  const found = findGeneralStep(board, newScan(shape, { uniqueness: uniqueness && checked.unique }), options.maxDifficulty ?? Infinity);
  return found.step ?? generalGuess(board, shape);
}

/** The general grader, as variant-grading.ts hands it the puzzles of other sizes and Samurai (see link.ts). */
export const GENERAL_GRADER: GeneralGrader = {
  grade: gradeGeneral,
  step: (rules, board, options, guess, fail) => {
    if (guess) return generalHint(rules, board, options, fail);
    checkGeneralRules(rules, fail);
    // As the 9x9 nextStep: uniqueness on unless the options say otherwise (the caller knows the puzzle).
    return findGeneralStep(board, newScan(shapeOf(rules), { uniqueness: options.uniqueness ?? true }), options.maxDifficulty ?? Infinity).step;
  },
  board: generalBoard,
};
