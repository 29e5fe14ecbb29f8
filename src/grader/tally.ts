import type { Step } from '../core/step.js';
import type { Grade } from './grade.js';
import { GUESS_DIFFICULTY, levelOf, roundRating } from './levels.js';

/**
 * The running measures of a solving path, kept as serate keeps them: ER the hardest step, ED the
 * first step's difficulty, EP the hardest step up to the first one that places a digit; steps per
 * technique and guesses. Shared by the 9x9 grader (grade.ts) and the general one (general/grade.ts).
 */
export class PathTally {
  topRating = 0;
  pearlRating = 0;
  diamondRating = 0;
  topBy = 'none';
  stepCount = 0;
  guessCount = 0;
  readonly perTechnique: Record<string, number> = {};

  /** A step of the path, once applied. */
  takeStep(step: Step): void {
    this.stepCount++;
    this.perTechnique[step.technique] = (this.perTechnique[step.technique] ?? 0) + 1;
    this.raiseTo(step.difficulty, step.technique);
    // serate: after each step, while no step has placed a digit yet, ED is set once (the first
    // step's difficulty) and EP becomes the running maximum at the first step that places one.
    if (this.pearlRating === 0) {
      if (this.diamondRating === 0) this.diamondRating = this.topRating;
      if (step.placements.length > 0) this.pearlRating = this.topRating;
    }
  }

  /** The rating is at least `difficulty`, reached by `by` (a step, or a search stopped at a bound). */
  raiseTo(difficulty: number, by: string): void {
    if (difficulty > this.topRating) {
      this.topRating = difficulty;
      this.topBy = by;
    }
  }

  /** A guess the path needs where the rating limit stops it: the rating is at least a guess's. */
  guessBeyondLimit(): void {
    this.topRating = Math.max(this.topRating, GUESS_DIFFICULTY);
    this.topBy = 'guess';
    this.guessCount++;
  }

  /** The grade; a path stopped before its first step (or placement) leaves ED and EP at the rating reached, as bounds. */
  toGrade(lowerBound: boolean, solver: Grade['solver'], unique: boolean): Grade {
    const rounded = roundRating(this.topRating);
    return {
      rating: rounded,
      pearl: roundRating(this.pearlRating === 0 ? this.topRating : this.pearlRating),
      diamond: roundRating(this.diamondRating === 0 ? this.topRating : this.diamondRating),
      level: levelOf(rounded, this.guessCount > 0),
      hardest: this.topBy,
      counts: this.perTechnique,
      steps: this.stepCount,
      guesses: this.guessCount,
      solver,
      lowerBound,
      unique,
    };
  }
}
