import type { Rules } from '../../rules/types.js';
import { shuffleInPlace, type Random } from '../random.js';
import { gradedGivens, rate, ratingBandOf, type GradedLevel } from './graded.js';

/*
 * Levels of the other sizes (4x4, 6x6, 8x8, 12x12, 16x16) and Samurai as the grader's rating
 * bands: the general grader (src/grader/general) rates them on the classic scale with the classic
 * level table, and graded.ts makes them exactly as it makes 9x9 ones (the variant logic carves as a
 * filter, the grader decides), through the rules value. A variant offers a level only where its
 * puzzles reach the band at a usable rate (measured with bench/size-bands.ts, docs/variants.md "Levels of the
 * other sizes and Samurai"); the others are refused with the levels it has.
 *
 * Beginner is graded.ts's beginner carving (hidden singles), rated by rating.ts off the singles instead of
 * the grader (over the rules' houses, as the general grader reads them).
 *
 * Fewest givens (`minClues`, 7 and 14 by default on 4x4 and 6x6, for children's books): a carving
 * stopped there is mostly solved by the set below the level (6x6 easy at 14 givens from 9 of 40
 * puzzles within 20 solutions, 4x4 never), so above beginner the band is reached without the floor
 * and givens are then given back: orbits in a seeded order, each kept while the puzzle still rates
 * in the band (graded: a given can make a step easier), until the floor is met.
 */

/** The variants whose levels are the general grader's bands. */
export type SizeBandVariant = '4x4' | '6x6' | '8x8' | '12x12' | '16x16' | 'samurai';

/** Per variant, the bands it offers, easiest first (docs/variants.md and docs/benchmarks.md give the rates measured). */
export const SIZE_BAND_LEVELS: Readonly<Record<SizeBandVariant, readonly GradedLevel[]>> = {
  '4x4': ['beginner'],
  '6x6': ['beginner', 'easy'],
  '8x8': ['beginner', 'easy', 'medium', 'hard', 'expert'],
  '12x12': ['beginner', 'easy', 'medium', 'hard', 'expert'],
  '16x16': ['beginner', 'easy', 'medium', 'hard', 'expert'],
  samurai: ['beginner', 'easy', 'medium', 'hard', 'expert'],
};

/**
 * Why a variant lacks the bands it lacks (measured, bench/size-bands.ts with 20 attempts a puzzle,
 * at the default fewest givens), for the one-line refusal.
 */
export const SIZE_BANDS_REFUSED: Readonly<Partial<Record<SizeBandVariant, string>>> = {
  '4x4': 'no 4x4 puzzle above beginner was made (0 of 20 at each level, 20 solutions each; minimal 4x4 carvings are solved by hidden singles)',
  '6x6': 'medium, hard and expert 6x6 puzzles with at least 14 givens come from 4-7% of solutions (5-9 of 20 puzzles failed at 20 solutions)',
};

/** Whether `variant` is one whose levels are the general grader's bands. */
export function isSizeBandVariant(variant: string): variant is SizeBandVariant {
  return Object.prototype.hasOwnProperty.call(SIZE_BAND_LEVELS, variant);
}

/**
 * Givens for `solution` rated in `level`'s band with at least `minClues` givens (see the top of
 * this file), or null when this solution did not reach it.
 */
export function sizeBandGivens(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  level: GradedLevel,
  minClues: number,
): { givens: Uint8Array; rating: number; clues: number } | null {
  // Beginner keeps its floor as it carves (hidden singles from a full grid stop there).
  if (minClues === 0 || level === 'beginner') return gradedGivens(rules, solution, orbits, random, level, minClues);
  const made = gradedGivens(rules, solution, orbits, random, level, 0);
  if (made === null || made.clues >= minClues) return made;
  const band = ratingBandOf(level);
  const { givens } = made;
  let { clues, rating } = made;
  const order = new Int32Array(orbits.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleInPlace(order, random);
  for (const o of order) {
    if (clues >= minClues) break;
    const orbit = orbits[o]!;
    if (givens[orbit[0]!] !== 0) continue;
    for (const cell of orbit) givens[cell] = solution[cell]!;
    const next = rate(rules, givens, band.upTo);
    if (next > band.above + 1e-9) {
      rating = next;
      clues += orbit.length;
    } else for (const cell of orbit) givens[cell] = 0;
  }
  return clues >= minClues ? { givens, rating, clues } : null;
}
