import type { Step } from '../core/step.js';
import type { Grade } from './grade.js';
import { levelOf, roundRating } from './levels.js';

/**
 * The running measures of a solving path, kept as serate keeps them: ER the hardest step, ED the
 * first step's difficulty, EP the hardest step up to the first one that places a digit; steps per
 * technique and guesses. Shared by the 9x9 grader (grade.ts) and the general one (general/grade.ts).
 */
export class PathTally {
  rating = 0;
  pearl = 0;
  diamond = 0;
  hardest = 'none';
  steps = 0;
  guesses = 0;
  readonly counts: Record<string, number> = {};

  /** A step of the path, once applied. */
  take(step: Step): void {
    this.steps++;
    this.counts[step.technique] = (this.counts[step.technique] ?? 0) + 1;
    this.raise(step.difficulty, step.technique);
    // serate: after each step, while no step has placed a digit yet, ED is set once (the first
    // step's difficulty) and EP becomes the running maximum at the first step that places one.
    if (this.pearl === 0) {
      if (this.diamond === 0) this.diamond = this.rating;
      if (step.placements.length > 0) this.pearl = this.rating;
    }
  }

  /** The rating is at least `difficulty`, reached by `by` (a step, or a search stopped at a bound). */
  raise(difficulty: number, by: string): void {
    if (difficulty > this.rating) {
      this.rating = difficulty;
      this.hardest = by;
    }
  }

  /** The grade; a path stopped before its first step (or placement) leaves ED and EP at the rating reached, as bounds. */
  grade(lowerBound: boolean, solver: Grade['solver'], unique: boolean): Grade {
    const rounded = roundRating(this.rating);
    return {
      rating: rounded,
      pearl: roundRating(this.pearl === 0 ? this.rating : this.pearl),
      diamond: roundRating(this.diamond === 0 ? this.rating : this.diamond),
      level: levelOf(rounded, this.guesses > 0),
      hardest: this.hardest,
      counts: this.counts,
      steps: this.steps,
      guesses: this.guesses,
      solver,
      lowerBound,
      unique,
    };
  }
}
