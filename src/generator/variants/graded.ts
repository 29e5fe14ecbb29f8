import { gradePuzzle } from '../../grader/grade.js';
import { LEVELS } from '../../grader/levels.js';
import type { Rules } from '../../rules/types.js';
import { countRules } from '../../solver/rules-solver.js';
import { shuffleInPlace, type Random } from '../random.js';
import { carve, DROP, KEEP, solvedBy, STOP, type Beyond } from './carve.js';
import type { RatingBand } from './killer.js';
import { singlesGeneralRating } from './direct-rating.js';
import { singlesRating } from './rating.js';

/*
 * Levels of 9x9 variants without cages (classic, jigsaw, X, windoku, and any such rules value) as
 * the grader's rating bands, the classic level table of src/grader/levels.ts: a `hard` jigsaw rates
 * as a `hard` classic does (above 3.4, up to 4.6). The grader is the 9x9 one, which grades these
 * rule sets as SukakuExplainer does. size-bands.ts makes the other sizes and Samurai
 * with the same functions through their rules value (there the grader is the general one).
 *
 * Grading is the costly part, so the variant logic (logic.ts) carves first, as a filter that can
 * only err on the easy side: a puzzle its technique set solves rates at most that set's top (hidden
 * singles 1.5, singles 2.3, intersections and pairs 3.4; the logic reads every house the grader
 * does, and the path the grader takes, easiest step first, never needs a step harder than one the
 * set offers).
 *
 *   beginner  carve with hidden singles (it rates 1.5 at most); its rating is read off the singles
 *             as the grader would rate them (rating.ts), the grader itself only where that cannot say.
 *   easy      carve with singles (carveBelow); while hidden singles alone still solve the carving
 *             (it would rate 1.5 at most), its last orbits are given again and carved on in a new
 *             order. A carving they cannot solve rates above 1.5 and at most 2.3, 1.7-2.3 (both
 *             ladders, the 9x9 one and the general one of the other sizes and Samurai, have the
 *             direct techniques between the hidden and naked singles): 9x9 rule sets are graded
 *             once; the general grader's rules have it read off the closures of its rungs up to
 *             2.3 (direct-rating.ts), the grader itself only where that cannot say.
 *   medium    the same a step up: carve with intersections and pairs, given back while singles
 *             solve it; grade once (above 2.3 unless the step it needs is a direct one, such as a
 *             pointing that gives a single at once); at or below the band, climb: the givens left
 *             are taken out one orbit at a time in a seeded order, a removal kept when the puzzle is unique (counting solver) and
 *             grades without a guess at most 3.4, until it rates in the band.
 *   hard,     carve with intersections and pairs, where a removal they do not solve is graded there
 *   expert    and then (unique, no guess, at most the band's top: kept; in the band: done), while the
 *             puzzle still has givens to spare, so that the rating rises a step at a time.
 *
 * A carving that misses is tried again in a new seeded order, a few times, before the caller draws
 * a new solution (for jigsaw, drawing a solution means drawing layouts too).
 *
 * Why not a minimal carving graded once: minimal puzzles of these rule sets are mostly extreme (30
 * of each, seed `dist`: X 28 extreme, 2 expert; jigsaw 25 extreme, 3 expert, 2 hard), so the
 * bands are reached from below.
 */

/** The levels made to the grader's bands. */
export type GradedLevel = 'beginner' | 'easy' | 'medium' | 'hard' | 'expert';

/** Carvings one solution may take, per level, and the grades of one carving (medium's climb, hard's and expert's removals). */
const PLANS: Readonly<Record<GradedLevel, { carvings: number; maxGrades: number }>> = {
  beginner: { carvings: 1, maxGrades: 1 },
  easy: { carvings: 3, maxGrades: 1 },
  medium: { carvings: 3, maxGrades: 6 },
  hard: { carvings: 3, maxGrades: 16 },
  expert: { carvings: 2, maxGrades: 30 },
};

/** The rating band of a level of the level table (levels.ts): above the level before, up to its own top. */
export function ratingBandOf(level: GradedLevel): RatingBand {
  const at = LEVELS.findIndex((row) => row.level === level);
  return { above: at === 0 ? 0 : LEVELS[at - 1]!.maxRating, upTo: LEVELS[at]!.maxRating };
}

type Graded = { givens: Uint8Array; rating: number; clues: number };

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
): Graded | null {
  const plan = PLANS[level];
  const band = ratingBandOf(level);
  for (let carving = 0; carving < plan.carvings; carving++) {
    let made: Graded | null;
    if (level === 'hard' || level === 'expert') made = carveGraded(rules, solution, orbits, random, band, plan.maxGrades, minClues);
    else if (level === 'beginner') made = beginner(rules, carve(rules, solution, orbits, random, 'hidden', minClues).givens, band);
    else made = carveBelow(rules, solution, orbits, random, level, band, plan.maxGrades, minClues);
    if (made !== null) return made;
  }
  return null;
}

/**
 * Easy and medium: carve with the level's set (singles; intersections and pairs); while the
 * result is solved by the set below (hidden singles; singles), so that it rates below the band, the
 * last orbits emptied are given again and the carving goes on from there in a new order (cheaper
 * than a new carving, and the same solution). Then grade; medium climbs (see the top of this file).
 */
function carveBelow(rules: Rules, solution: Uint8Array, orbits: readonly (readonly number[])[], random: Random, level: 'easy' | 'medium', band: RatingBand, maxGrades: number, minClues: number): Graded | null {
  const set = level === 'easy' ? 'singles' : 'medium';
  const below = level === 'easy' ? 'hidden' : 'singles';
  let carved = carve(rules, solution, orbits, random, set, minClues);
  let easier = solvedBy(rules, solution, carved.givens, below);
  for (let again = 0; again < RECARVES && easier; again++) {
    const from = carved.givens;
    for (let i = Math.max(0, carved.kept.length - RECARVED_ORBITS); i < carved.kept.length; i++) for (const cell of orbits[carved.kept[i]!]!) from[cell] = solution[cell]!;
    carved = carve(rules, solution, orbits, random, set, minClues, { from });
    easier = solvedBy(rules, solution, carved.givens, below);
  }
  if (easier) return null;
  // Easy on the general grader's rules: its rating read off the closures of its rungs up to 2.3 (direct-rating.ts).
  const known = level === 'easy' ? singlesGeneralRating(rules, carved.givens) : null;
  if (known !== null) return known > band.above + 1e-9 && known <= band.upTo + 1e-9 ? { givens: carved.givens, rating: known, clues: cluesOf(carved.givens) } : null;
  const made = graded(rules, carved.givens, band);
  return made !== null || level === 'easy' ? made : climb(rules, solution, orbits, random, carved.givens, band, maxGrades - 1, minClues);
}

/** Times a carving below the band is taken back in part and carved again, and the orbits given again each time. */
const RECARVES = 6;
const RECARVED_ORBITS = 10;

/** The grader's rating when the puzzle grades without a guess at most `upTo`, else -1. */
export function rate(rules: Rules, givens: Uint8Array, upTo: number): number {
  const grade = gradePuzzle({ rules, givens }, { maxRating: upTo });
  return grade.guesses > 0 || grade.lowerBound || grade.rating > upTo + 1e-9 ? -1 : grade.rating;
}

function cluesOf(givens: Uint8Array): number {
  let clues = 0;
  for (const digit of givens) if (digit !== 0) clues++;
  return clues;
}

/** `givens` with its rating when that is in the band, else null. */
function graded(rules: Rules, givens: Uint8Array, band: RatingBand): Graded | null {
  const rating = rate(rules, givens, band.upTo);
  return rating > band.above + 1e-9 ? { givens, rating, clues: cluesOf(givens) } : null;
}

/**
 * A beginner carving: hidden singles solve it, so its rating is one of the three steps at or below
 * 1.5, which rating.ts finds as the grader would, without the grader's other techniques (the
 * grader is asked should rating.ts not know the puzzle).
 */
function beginner(rules: Rules, givens: Uint8Array, band: RatingBand): Graded | null {
  // Carved with hidden singles: they solve it (carve.ts keeps only removals its set solves).
  const rating = singlesRating(rules, givens, true);
  if (rating === null) return graded(rules, givens, band);
  return rating > band.above + 1e-9 && rating <= band.upTo + 1e-9 ? { givens, rating, clues: cluesOf(givens) } : null;
}

/** Medium's climb from a puzzle rated at or below the band (see the top of this file). */
function climb(rules: Rules, solution: Uint8Array, orbits: readonly (readonly number[])[], random: Random, givens: Uint8Array, band: RatingBand, maxGrades: number, minClues: number): Graded | null {
  let clues = cluesOf(givens);
  let grades = 0;
  const order = new Int32Array(orbits.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleInPlace(order, random);
  for (const o of order) {
    if (grades >= maxGrades) break;
    const orbit = orbits[o]!;
    if (givens[orbit[0]!] === 0 || clues - orbit.length < minClues) continue;
    for (const cell of orbit) givens[cell] = 0;
    let rating = -1;
    if (countRules(rules, givens, 2) === 1) {
      grades++;
      rating = rate(rules, givens, band.upTo);
    }
    if (rating < 0) {
      for (const cell of orbit) givens[cell] = solution[cell]!;
      continue;
    }
    clues -= orbit.length;
    if (rating > band.above + 1e-9) return { givens, rating, clues };
  }
  return null;
}

/** Hard and expert (see the top of this file). */
function carveGraded(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  band: RatingBand,
  maxGrades: number,
  minClues: number,
): Graded | null {
  let grades = 0;
  let rating = -1;
  const beyond = (puzzle: Uint8Array): Beyond => {
    if (grades >= maxGrades || countRules(rules, puzzle, 2) !== 1) return DROP;
    grades++;
    const next = rate(rules, puzzle, band.upTo);
    if (next < 0) return DROP;
    rating = next;
    return rating > band.above + 1e-9 ? STOP : KEEP;
  };
  const { givens } = carve(rules, solution, orbits, random, 'medium', minClues, { beyond });
  return rating > band.above + 1e-9 ? { givens, rating, clues: cluesOf(givens) } : null;
}
