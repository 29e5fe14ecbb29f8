import { gradePuzzle } from '../../grader/grade.js';
import { LEVELS } from '../../grader/levels.js';
import type { Rules } from '../../rules/types.js';
import { countRules } from '../../solver/rules-solver.js';
import { shuffleInPlace, type Random } from '../random.js';
import { carve, DROP, KEEP, STOP, type Beyond } from './carve.js';
import type { RatingBand } from './killer.js';
import { solvesWith, type LogicSet } from './logic.js';

/*
 * Levels of 9x9 variants without cages (classic, jigsaw, X, windoku, and any such rules value) as
 * the grader's rating bands, the classic level table of src/grader/levels.ts: a `hard` jigsaw rates
 * as a `hard` classic does (above 3.4, up to 4.6). The grader is the 9x9 one, which grades these
 * rule sets as SukakuExplainer does.
 *
 * Grading is the costly part, so the variant logic (logic.ts) carves first, as a filter that can
 * only err on the easy side: a puzzle its technique set solves rates at most that set's top (hidden
 * singles 1.5, singles 2.3, intersections and pairs 3.4; the grader has every house the logic has,
 * and the path it takes, easiest step first, never needs a step harder than one the set offers).
 *
 *   1. Carve the solution down to minimal for the level's set (hidden singles for beginner, singles
 *      for easy, intersections and pairs for medium and above).
 *   2. Grade it once (`maxRating` at the band's top). In the band: done.
 *   3. At or below the band: climb. The givens still there are taken out one orbit at a time in a
 *      seeded order; a removal stays when the puzzle is unique (counting solver) and grades without a
 *      guess at or below the band's top; the climb stops in the band, or after the level's grades
 *      (then null: the caller draws a new solution).
 *
 * Why a climb rather than a minimal carve graded once: minimal puzzles of these rule sets are
 * mostly extreme (30 of each, seed `dist`: X 28 extreme, 2 expert; jigsaw 25 extreme, 3 expert,
 * 2 hard; windoku rated from easy to extreme), so the harder bands are reached from below.
 */

/** The levels made to the grader's bands. */
export type GradedLevel = 'beginner' | 'easy' | 'medium' | 'hard' | 'expert';

/**
 * What each level carves with, how many carvings (each in a new seeded order) one solution may
 * take, and how many grades each carving's climb may take.
 */
const PLANS: Readonly<Record<GradedLevel, { set: LogicSet; carvings: number; maxGrades: number; beyond: boolean }>> = {
  beginner: { set: 'hidden', carvings: 3, maxGrades: 1, beyond: false },
  easy: { set: 'singles', carvings: 4, maxGrades: 1, beyond: false },
  medium: { set: 'medium', carvings: 1, maxGrades: 6, beyond: false },
  hard: { set: 'medium', carvings: 3, maxGrades: 16, beyond: true },
  expert: { set: 'medium', carvings: 2, maxGrades: 30, beyond: true },
};

/** The rating band of a level of the level table (levels.ts): above the level before, up to its own top. */
export function ratingBandOf(level: GradedLevel): RatingBand {
  const at = LEVELS.findIndex((row) => row.level === level);
  return { above: at === 0 ? 0 : LEVELS[at - 1]!.maxRating, upTo: LEVELS[at]!.maxRating };
}

/**
 * Givens for `solution` under `rules` (9x9, no cages) whose grader rating is in `level`'s band, with
 * at least `minClues` givens, removed in whole `orbits`; null when this solution did not reach it.
 */
export function gradedGivens(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  level: GradedLevel,
  minClues: number,
): { givens: Uint8Array; rating: number; clues: number } | null {
  const plan = PLANS[level];
  for (let carving = 0; carving < plan.carvings; carving++) {
    const made = carveAndClimb(rules, solution, orbits, random, level, plan, minClues);
    if (made !== null) return made;
  }
  return null;
}

function carveAndClimb(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  level: GradedLevel,
  plan: { set: LogicSet; maxGrades: number; beyond: boolean },
  minClues: number,
): { givens: Uint8Array; rating: number; clues: number } | null {
  const band = ratingBandOf(level);
  if (plan.beyond) return carveGraded(rules, solution, orbits, random, band, plan.maxGrades, minClues);
  const { givens } = carve(rules, solution, orbits, random, plan.set, minClues);
  // Hidden singles solve it: it rates 1.5 at most, beginner (the logic reads the grader's houses).
  if (level !== 'beginner' && solvesWith(rules, givens, 'hidden')) return null;
  let clues = 0;
  for (const digit of givens) if (digit !== 0) clues++;
  let grades = 0;
  const rate = (): number => {
    grades++;
    const grade = gradePuzzle({ rules, givens }, { maxRating: band.upTo });
    return grade.guesses > 0 || grade.lowerBound || grade.rating > band.upTo + 1e-9 ? -1 : grade.rating;
  };
  let rating = rate();
  if (rating < 0) return null;
  if (rating > band.above + 1e-9) return { givens, rating, clues };
  const order = new Int32Array(orbits.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleInPlace(order, random);
  for (const o of order) {
    if (grades >= plan.maxGrades) break;
    const orbit = orbits[o]!;
    if (givens[orbit[0]!] === 0 || clues - orbit.length < minClues) continue;
    for (const cell of orbit) givens[cell] = 0;
    const next = countRules(rules, givens, 2) === 1 ? rate() : -1;
    if (next < 0) {
      for (const cell of orbit) givens[cell] = solution[cell]!;
      continue;
    }
    rating = next;
    clues -= orbit.length;
    if (rating > band.above + 1e-9) return { givens, rating, clues };
  }
  return null;
}

/**
 * Hard and expert: the carving with the medium set, where a removal the set does not solve is
 * graded there and then (unique, no guess, at most the band's top: kept; in the band: done), while
 * the puzzle still has givens to spare, so that the rating rises a step at a time.
 */
function carveGraded(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  band: RatingBand,
  maxGrades: number,
  minClues: number,
): { givens: Uint8Array; rating: number; clues: number } | null {
  let grades = 0;
  let rating = -1;
  const beyond = (puzzle: Uint8Array): Beyond => {
    if (grades >= maxGrades || countRules(rules, puzzle, 2) !== 1) return DROP;
    grades++;
    const grade = gradePuzzle({ rules, givens: puzzle }, { maxRating: band.upTo });
    if (grade.guesses > 0 || grade.lowerBound || grade.rating > band.upTo + 1e-9) return DROP;
    rating = grade.rating;
    return rating > band.above + 1e-9 ? STOP : KEEP;
  };
  const { givens } = carve(rules, solution, orbits, random, 'medium', minClues, beyond);
  if (rating <= band.above + 1e-9) return null;
  let clues = 0;
  for (const digit of givens) if (digit !== 0) clues++;
  return { givens, rating, clues };
}
