import type { Grid } from '../core/grid.js';
import { gradePuzzle, levelOf, type Grade, type Level } from '../grader/index.js';
import { Solver } from '../solver/index.js';
import { Carver } from './carve.js';
import { fillGrid } from './fill.js';
import type { ResolvedOptions } from './options.js';
import { puzzleRandom, type Random } from './random.js';
import { symmetryOrbits } from './symmetry.js';

/** One generated puzzle. */
export interface GeneratedPuzzle {
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
export type PuzzleOutcome = { ok: true; puzzle: GeneratedPuzzle } | { ok: false; index: number; reason: MissReason; attempts: number };

/**
 * Where the graded descent starts, per level: givens left after removing clues blindly (only
 * uniqueness checked), before each further removal is graded. Measured (see bench/generate.ts):
 * with 40 givens left almost every puzzle is `beginner`; medium and hard puzzles appear from about
 * 32 givens on. Starting lower saves grading; starting higher leaves more givens in easy puzzles.
 * The first number is the lowest start, the second how many higher ones are drawn from.
 */
const DESCENT_START: Record<Level, readonly [number, number]> = {
  beginner: [36, 7],
  easy: [32, 3],
  medium: [30, 3],
  hard: [29, 3],
  expert: [27, 3],
  extreme: [0, 1],
};

/** Rating above which a puzzle is searched for among minimal ones, never by descent. */
const DESCENT_MAX_RATING = 7.4;

/** Ratings from which the counting solver's guesses filter candidates before grading. */
const SOLVER_FILTER_MIN_RATING = 3.5;

let threadSolver: Solver | undefined;

/**
 * Makes puzzle `index` of a run: a pure function of (seed, options, index) whenever it succeeds.
 * `deadline` (a `Date.now()` value) only decides whether it gives up, never what it makes.
 */
export function makePuzzle(options: ResolvedOptions, index: number, deadline = Number.POSITIVE_INFINITY): PuzzleOutcome {
  threadSolver ??= new Solver();
  const solver = threadSolver;
  const random = puzzleRandom(options.seed, options.key, index);
  const orbits = symmetryOrbits(options.symmetry);
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    if (Date.now() > deadline) return { ok: false, index, reason: 'timeout', attempts: attempt - 1 };
    const carver = new Carver(fillGrid(random), orbits, random, solver);
    const found = options.minimal || options.band.min > DESCENT_MAX_RATING || !targeted(options) ? carveThenGrade(carver, options, solver) : gradedDescent(carver, options, random);
    if (found) {
      return {
        ok: true,
        puzzle: { index, puzzle: Uint8Array.from(carver.puzzle), solution: carver.solution, grade: found, clues: carver.clues, attempts: attempt },
      };
    }
  }
  return { ok: false, index, reason: 'max-attempts', attempts: options.maxAttempts };
}

/** Whether a level or band was asked for (without one, puzzles are carved down to minimal). */
function targeted(options: ResolvedOptions): boolean {
  return options.level !== undefined || options.band.min > 0 || Number.isFinite(options.band.max);
}

/** Whether a grade meets the target (level or band, and technique). */
function onTarget(grade: Grade, options: ResolvedOptions): boolean {
  if (options.level !== undefined ? grade.level !== options.level : grade.rating < options.band.min - 1e-9 || grade.rating > options.band.max + 1e-9) return false;
  return options.technique === undefined || (grade.counts[options.technique] ?? 0) > 0;
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
 * For targets up to expert, without `minimal`: remove clues blindly down to a level's starting
 * count, then one group at a time, grading each removal with the band's top as a cap. A removal
 * that makes the puzzle too hard is put back; the first puzzle on target is taken, so easier levels
 * keep more givens.
 */
function gradedDescent(carver: Carver, options: ResolvedOptions, random: Random): Grade | null {
  const [low, spread] = DESCENT_START[options.level ?? levelOf(options.band.min)];
  const startAt = Math.max(options.cluesMin, Math.min(options.cluesMax, low + random.below(spread)));
  carver.carveAll(startAt, options.cluesMin);
  let grade = cappedGrade(carver.puzzle, options);
  if (!grade) return null;
  const latest: { grade: Grade | null } = { grade: null };
  const accept = (puzzle: Uint8Array): boolean => {
    latest.grade = cappedGrade(puzzle, options);
    return latest.grade !== null;
  };
  for (;;) {
    if (carver.clues <= options.cluesMax && onTarget(grade, options)) return grade;
    if (!carver.removeOne(accept, options.cluesMin)) return null;
    grade = latest.grade!;
  }
}

/**
 * For `minimal`, for ratings above expert and when no level is asked for: remove every group that
 * can go, then grade once.
 * Above hard, a puzzle the counting solver finishes without guessing is skipped ungraded: its
 * propagation (singles and locked candidates) suffices, so it cannot be rated that high.
 */
function carveThenGrade(carver: Carver, options: ResolvedOptions, solver: Solver): Grade | null {
  carver.carveAll(0, options.cluesMin);
  if (carver.clues > options.cluesMax) return null;
  if (options.band.min >= SOLVER_FILTER_MIN_RATING) {
    solver.count(carver.puzzle, 2);
    if (solver.stats.guesses === 0) return null;
  }
  const grade = cappedGrade(carver.puzzle, options);
  return grade && onTarget(grade, options) ? grade : null;
}

