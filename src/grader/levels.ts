import { roundDifficulty } from '../techniques/chains/length.js';

/** Difficulty levels, easiest first. */
export type Level = 'beginner' | 'easy' | 'medium' | 'hard' | 'expert' | 'extreme';

/** One row of the level table: a level holds ratings up to `maxRating` (inclusive). */
export interface LevelRow {
  level: Level;
  maxRating: number;
  /** What a solver needs at this level. */
  description: string;
}

/**
 * THE level table (the only one in the code). A puzzle that needed a guess is `extreme` whatever
 * its rating.
 */
export const LEVELS: readonly LevelRow[] = [
  { level: 'beginner', maxRating: 1.5, description: 'hidden singles, no pencil marks' },
  { level: 'easy', maxRating: 2.3, description: 'singles' },
  { level: 'medium', maxRating: 3.4, description: 'intersections, pairs, X-wing' },
  { level: 'hard', maxRating: 4.6, description: 'triples, swordfish, wings, simple uniqueness' },
  { level: 'expert', maxRating: 7.4, description: 'quads, jellyfish, BUG, exclusion, cycles, simple forcing chains' },
  { level: 'extreme', maxRating: Number.POSITIVE_INFINITY, description: 'harder forcing chains, or guessing' },
];

/** The level of a rating; `guessed` (the path needed a guess) makes it `extreme`. */
export function levelOf(rating: number, guessed = false): Level {
  if (guessed) return 'extreme';
  for (const row of LEVELS) if (rating <= row.maxRating + 1e-9) return row.level;
  return 'extreme';
}

/** Whether a string names a level. */
export function isLevel(text: string): text is Level {
  return LEVELS.some((row) => row.level === text);
}

/**
 * Difficulty given to a guess (our own: SE rates a puzzle it cannot solve 20.0). It is the base of
 * SE's deepest level (5); the hardest unique puzzles known need at most level 4 (every one of the
 * 375 of forum_hardest_1106), so a guess in practice marks a puzzle graded with several solutions.
 */
export const GUESS_DIFFICULTY = 11.0;

/** Rounds a rating to one decimal (as the techniques round a difficulty). */
export const roundRating: (rating: number) => number = roundDifficulty;
