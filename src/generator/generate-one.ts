import type { Grid } from '../core/grid.js';
import { LEVELS, gradePuzzle, levelOf, type Grade, type Level } from '../grader/index.js';
import { gradeWithBarePath } from '../grader/grade.js';
import { roundRating } from '../grader/levels.js';
import { type Solver, sharedSolver } from '../solver/index.js';
import { Carver } from './carve.js';
import { fillGrid } from './fill.js';
import type { RatingBand, ResolvedOptions } from './options.js';
import { puzzleRandom, type Random } from './random.js';
import { symmetryOrbits } from './symmetry.js';

/** One generated puzzle, as the generator makes it (grids); the public form is `GeneratedPuzzle`. */
export interface MadePuzzle {
  /** 1-based index in the run: the puzzle depends only on the seed, the options and this. */
  index: number;
  puzzle: Grid;
  solution: Grid;
  grade: Grade;
  /** Number of givens. */
  clues: number;
  /** Full grids tried before this puzzle was found (1 = the first). */
  attempts: number;
}

/** Why a puzzle was not made. */
export type MissReason = 'timeout' | 'max-attempts';

/** The outcome of one puzzle: made, or missed with the attempts spent. */
export type PuzzleOutcome = { ok: true; puzzle: MadePuzzle } | { ok: false; index: number; reason: MissReason; attempts: number };

/** How the graded descent runs for a level. */
interface DescentPlan {
  /** Givens left after removing clues blindly (only uniqueness checked), before grading starts. */
  start: number;
  /** The start is drawn from `start .. start + spread - 1`. */
  spread: number;
  /**
   * Fewest givens by default (unless `cluesMax` is lower): a descent that gets below it without
   * meeting the target starts over with a new grid. It keeps easier levels well apart from harder
   * ones in clue count at no cost in speed (each attempt stops sooner).
   */
  floor: number;
}

/**
 * Measured on 200 grids per count while tuning: with 36-40 givens left 97-99% of puzzles are
 * `beginner`; easy and medium ones appear from about 32 givens on (medium stays rare, 2-10%, at
 * every count). Starting lower saves grading; starting higher leaves more givens. With the floors,
 * easy puzzles have about 30 givens and medium ones 28 (27 and 26.5 without), and both are made
 * as fast or faster.
 */
const DESCENT: Partial<Record<Level, DescentPlan>> = {
  beginner: { start: 36, spread: 7, floor: 0 },
  easy: { start: 32, spread: 3, floor: 28 },
  medium: { start: 30, spread: 3, floor: 26 },
};

/** Top rating of a level, from the grader's level table. */
function topOf(level: Level): number {
  return LEVELS.find((row) => row.level === level)!.maxRating;
}

/**
 * Targets rated at most medium are reached by the graded descent, which stops as soon as the
 * target is met; harder ones by carving down to a minimal puzzle and grading it, with a new grid
 * when it misses. Both were measured at about the same speed for hard and expert; carving to
 * minimal leaves fewer givens in hard puzzles, so clue counts fall with the level.
 */
const DESCENT_MAX_RATING = topOf('medium');

/**
 * Prefilter of candidates before grading, by the counting solver's guesses (its propagation is
 * singles and locked candidates). Measured on minimal puzzles while tuning: of 300, none rated
 * hard or above was finished by the solver without a guess; of 1,500, requiring at least 3
 * guesses kept 96% of the extreme ones and dropped 41% of the others, each of which would have
 * cost a full grade. The prefilter only skips candidates; the grader still decides.
 */
function solverGuessesNeeded(band: RatingBand): number {
  if (band.min > topOf('expert')) return 3;
  if (band.min > topOf('medium')) return 1;
  return 0;
}

/**
 * Makes puzzle `index` of a run: a pure function of (seed, options, index) whenever it succeeds.
 * `deadline` (a `Date.now()` value) only decides whether it gives up, never what it makes.
 */
export function makePuzzle(options: ResolvedOptions, index: number, deadline = Number.POSITIVE_INFINITY): PuzzleOutcome {
  const attempts = puzzleAttempts(options, index, deadline);
  for (;;) {
    const step = attempts.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link makePuzzle} in slices: the same puzzle, but the thread is let go (`nextTurn`) whenever a
 * slice of attempts has taken `sliceMs`, so that a rare target (one puzzle can take seconds) does
 * not keep timers, I/O and Ctrl-C waiting.
 */
export async function makePuzzleInTurns(
  options: ResolvedOptions,
  index: number,
  deadline: number,
  nextTurn: () => Promise<void>,
  sliceMs = 50,
): Promise<PuzzleOutcome> {
  const attempts = puzzleAttempts(options, index, deadline);
  let sliceStart = Date.now();
  for (;;) {
    const step = attempts.next();
    if (step.done) return step.value;
    if (Date.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = Date.now();
    }
  }
}

/** The attempts of {@link makePuzzle}, one full grid per step; returns the outcome. */
function* puzzleAttempts(options: ResolvedOptions, index: number, deadline: number): Generator<void, PuzzleOutcome> {
  const solver = sharedSolver();
  const random = puzzleRandom(options.seed, options.key, index);
  const orbits = symmetryOrbits(options.symmetry);
  const descend = !options.minimal && targeted(options) && options.band.max <= DESCENT_MAX_RATING + 1e-9;
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    if (Date.now() > deadline) return { ok: false, index, reason: 'timeout', attempts: attempt - 1 };
    const carver = new Carver(fillGrid(random), orbits, random, solver);
    const found = descend ? gradedDescent(carver, options, random) : carveThenGrade(carver, options, solver);
    if (found) {
      return {
        ok: true,
        puzzle: { index, puzzle: Uint8Array.from(carver.puzzle), solution: carver.solution, grade: found, clues: carver.clues, attempts: attempt },
      };
    }
    if (carver.lifted) {
      const { puzzle, grade } = carver.lifted;
      return { ok: true, puzzle: { index, puzzle, solution: carver.solution, grade, clues: countClues(puzzle), attempts: attempt } };
    }
    yield;
  }
  return { ok: false, index, reason: 'max-attempts', attempts: options.maxAttempts };
}

/** Whether a level or band was asked for (without one, puzzles are carved down to minimal). */
function targeted(options: ResolvedOptions): boolean {
  return options.level !== undefined || options.band.min > 0 || Number.isFinite(options.band.max);
}

/** Whether a grade meets the target (level or band, technique, pearl or diamond). */
function onTarget(grade: Grade, options: ResolvedOptions): boolean {
  if (options.diamond && grade.diamond !== grade.rating) return false;
  if (options.pearl && grade.pearl !== grade.rating) return false;
  return onLevelTarget(grade, options);
}

/** Whether a grade meets the level or band and technique, pearl and diamond aside. */
function onLevelTarget(grade: Grade, options: ResolvedOptions): boolean {
  if (options.level !== undefined ? grade.level !== options.level : grade.rating < options.band.min - 1e-9 || grade.rating > options.band.max + 1e-9) return false;
  return options.technique === undefined || (grade.counts[options.technique] ?? 0) > 0;
}

function countClues(puzzle: Grid): number {
  let n = 0;
  for (let cell = 0; cell < 81; cell++) if (puzzle[cell] !== 0) n++;
  return n;
}

/**
 * Pearls and diamonds are rare among carved puzzles (none above beginner in 300 random minimal
 * puzzles), because a carved puzzle almost always opens with singles. So a puzzle on the level
 * target is lifted instead: the digits its path places before its hardest step are added as givens
 * (with their symmetric partners). The lifted puzzle opens where the hardest step was found; its
 * fresh candidates are a superset of that board's, so no single can open it either. Measured on
 * the 300 random puzzles: every lift kept its rating and was a pearl; diamonds came for all easy
 * ones, 15 of 23 medium, 4 of 29 hard, 3 of 92 expert, 0 of 15 extreme. The lifted puzzle is
 * graded again and kept only if it meets the whole target.
 */
function liftToPearl(puzzle: Grid, solution: Grid, options: ResolvedOptions, solver: Solver): { puzzle: Uint8Array; grade: Grade } | null {
  const { grade, steps } = gradeWithBarePath(puzzle);
  const hardest = steps.findIndex((step) => roundRating(step.difficulty) === grade.rating);
  if (hardest < 0) return null;
  const lifted = Uint8Array.from(puzzle);
  const orbits = symmetryOrbits(options.symmetry);
  const orbitOf = new Int8Array(81);
  orbits.forEach((orbit, i) => orbit.forEach((cell) => (orbitOf[cell] = i)));
  for (let s = 0; s < hardest; s++) {
    for (const p of steps[s]!.placements) for (const cell of orbits[orbitOf[p.cell]!]!) lifted[cell] = solution[cell]!;
  }
  const max = options.band.max;
  const gradeOf = (grid: Grid): Grade | null => {
    const g = gradePuzzle(grid, Number.isFinite(max) ? { maxRating: max } : {});
    return !g.lowerBound && onTarget(g, options) ? g : null;
  };
  let liftedGrade = gradeOf(lifted);
  if (!liftedGrade) return null;
  // Lifting adds many givens: take back every added group (in cell order) that can go while the
  // puzzle stays unique and on target.
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== 0 || lifted[cell] === 0 || countClues(lifted) <= options.cluesMin) continue;
    const orbit = orbits[orbitOf[cell]!]!;
    for (const c of orbit) if (puzzle[c] === 0) lifted[c] = 0;
    const g = solver.count(lifted, 2) === 1 ? gradeOf(lifted) : null;
    if (g) liftedGrade = g;
    else for (const c of orbit) if (puzzle[c] === 0) lifted[c] = solution[c]!;
  }
  const clues = countClues(lifted);
  return clues <= options.cluesMax && clues >= options.cluesMin ? { puzzle: lifted, grade: liftedGrade } : null;
}

/** For pearl and diamond targets: a grade on the level target that is not one yet is lifted. */
function tryLift(carver: Carver, grade: Grade, options: ResolvedOptions): void {
  if ((options.pearl || options.diamond) && onLevelTarget(grade, options) && !onTarget(grade, options)) {
    carver.lifted = liftToPearl(carver.puzzle, carver.solution, options, sharedSolver()) ?? undefined;
  }
}

/** A grade capped at the band's top: null when the puzzle is rated above it. */
function cappedGrade(puzzle: Grid, options: ResolvedOptions): Grade | null {
  const max = options.band.max;
  const grade = gradePuzzle(puzzle, Number.isFinite(max) ? { maxRating: max } : {});
  if (grade.lowerBound || grade.rating > max + 1e-9) return null;
  if (options.level !== undefined && options.level !== 'extreme' && grade.level === 'extreme') return null;
  return grade;
}

/**
 * For targets up to medium, without `minimal`: remove clues blindly down to a level's starting
 * count, then one group at a time, grading each removal with the band's top as a cap. A removal
 * that makes the puzzle too hard is put back; the first puzzle on target is taken, so easier levels
 * keep more givens.
 */
function gradedDescent(carver: Carver, options: ResolvedOptions, random: Random): Grade | null {
  const plan = DESCENT[options.level ?? levelOf(options.band.min)] ?? { start: 30, spread: 1, floor: 0 };
  const floor = Math.max(options.cluesMin, Math.min(plan.floor, options.cluesMax));
  const startAt = Math.max(floor, Math.min(options.cluesMax, plan.start + random.below(plan.spread)));
  carver.carveAll(startAt, floor);
  let grade = cappedGrade(carver.puzzle, options);
  if (!grade) return null;
  const latest: { grade: Grade | null } = { grade: null };
  const accept = (puzzle: Uint8Array): boolean => {
    latest.grade = cappedGrade(puzzle, options);
    return latest.grade !== null;
  };
  for (;;) {
    if (carver.clues <= options.cluesMax && onTarget(grade, options)) return grade;
    if (carver.clues <= options.cluesMax) {
      tryLift(carver, grade, options);
      if (carver.lifted) return null;
    }
    if (!carver.removeOne(accept, floor)) return null;
    grade = latest.grade!;
  }
}

/**
 * For `minimal`, for targets above medium and when no level is asked for: remove every group that
 * can go (down to `cluesMin`), then grade once, unless the solver prefilter rules it out.
 */
function carveThenGrade(carver: Carver, options: ResolvedOptions, solver: Solver): Grade | null {
  carver.carveAll(0, options.cluesMin);
  if (carver.clues > options.cluesMax) return null;
  const guesses = solverGuessesNeeded(options.band);
  if (guesses > 0) {
    solver.count(carver.puzzle, 2);
    if (solver.stats.guesses < guesses) return null;
  }
  const grade = cappedGrade(carver.puzzle, options);
  if (grade && onTarget(grade, options)) return grade;
  if (grade) tryLift(carver, grade, options);
  return null;
}
