/**
 * The seeded generator: unique puzzles of a chosen difficulty, reproducible and shardable.
 *
 * How a puzzle is made: a random full grid (seeded backtracking), then clues are removed one
 * symmetric group at a time in a seeded random order, each removal kept only when the counting
 * solver still finds exactly one solution; the grader decides whether the result is on target.
 * Easy targets stop removing as soon as the grade is reached (so they keep more givens); hard ones
 * carve down to a minimal puzzle and try again with a new grid when it misses.
 *
 * Reproducible: puzzle `i` of a run depends only on (seed, the options that shape puzzles, i);
 * `count`, `start`, `jobs` (Node), `timeoutMs` and `maxAttempts` never change a puzzle, only which ones are
 * made. So `{ count: 100 }` and `{ start: 51, count: 50 }` agree on puzzles 51-100, and any `jobs`
 * gives the same puzzles in the same order.
 *
 * ```ts
 * import { generate } from 'sudoku-press';
 * for await (const p of generate({ seed: 'book-1', count: 10, difficulty: 'hard', symmetry: 'rotational' })) {
 *   console.log(p.index, p.puzzle, p.grade.rating, p.clues); // puzzle: 81 characters
 * }
 * ```
 */
import { gridChars } from '../core/grid.js';
import type { Grade } from '../grader/grade.js';
import { GenerateError } from './errors.js';
import { makePuzzle, makePuzzleInTurns, type MadePuzzle, type PuzzleOutcome } from './generate-one.js';
import { GenerateOptionError, checkShape, resolveOptions, type GenerateOptions, type ResolvedOptions } from './options.js';

export { GenerateError, type GenerateErrorCode } from './errors.js';
export {
  GenerateOptionError,
  parseRatingBand,
  levelBand,
  resolveOptions,
  MIN_CLUES,
  MAX_MINIMAL_CLUES,
  DEFAULT_MAX_ATTEMPTS,
  type GenerateOptions,
  type GenerateOptionCode,
  type RatingBand,
  type ResolvedOptions,
} from './options.js';
export { SYMMETRIES, hasSymmetry, symmetryOrbits, type Symmetry } from './symmetry.js';
export { isMinimal } from './carve.js';
export { makePuzzle, makePuzzleInTurns, type MadePuzzle, type PuzzleOutcome } from './generate-one.js';

/** One generated puzzle, in a form that logs and serialises as it reads. */
export interface GeneratedPuzzle {
  /** 1-based index in the run: the puzzle depends only on the seed, the options and this. */
  index: number;
  /** 81 characters, `.` for an empty cell. */
  puzzle: string;
  /** 81 digits. */
  solution: string;
  grade: Grade;
  /** Number of givens. */
  clues: number;
  /** Full grids tried before this puzzle was found (1 = the first). */
  attempts: number;
}

/** The public form of a made puzzle. */
export function publicPuzzle(made: MadePuzzle): GeneratedPuzzle {
  return {
    index: made.index,
    puzzle: gridChars(made.puzzle).join(''),
    solution: gridChars(made.solution).join(''),
    grade: made.grade,
    clues: made.clues,
    attempts: made.attempts,
  };
}

/**
 * Generates `count` puzzles (default 1) numbered from `start` (default 1), in index order:
 * `{ index, puzzle, solution, grade, clues, attempts }` each, puzzle and solution as 81-character
 * strings.
 *
 * The options are checked at once: a bad value, an unknown key or an impossible combination throws
 * a {@link GenerateOptionError} from this call, before any puzzle is made. While iterating, a run
 * that passes `timeoutMs`, or a puzzle not found in `maxAttempts` full grids, ends with a
 * {@link GenerateError} (`TIMEOUT` / `MAX_ATTEMPTS`) after the puzzles made so far were yielded.
 *
 * The puzzles are made in this thread, a puzzle at a time, letting timers and events run between
 * them. In Node, `generate` of `sudoku-press/node` takes `jobs` to spread the work over worker
 * threads, with the same puzzles in the same order.
 */
export function generate(options: GenerateOptions): AsyncGenerator<GeneratedPuzzle> {
  const resolved = resolveOptions(options);
  return generateFrom(resolved, inProcess(resolved, deadlineOf(resolved)));
}

/** The `Date.now()` after which a run gives up. */
export function deadlineOf(options: ResolvedOptions): number {
  return Number.isFinite(options.timeoutMs) ? Date.now() + options.timeoutMs : Number.POSITIVE_INFINITY;
}

/**
 * The puzzles of a run from a source of outcomes in index order (this thread's, or a worker
 * pool's): each made puzzle in its public form, and the first miss as a {@link GenerateError}.
 */
export async function* generateFrom(options: ResolvedOptions, outcomes: AsyncIterable<PuzzleOutcome>): AsyncGenerator<GeneratedPuzzle> {
  let made = 0;
  for await (const outcome of outcomes) {
    if (!outcome.ok) throw missError(options, outcome, made);
    made++;
    yield publicPuzzle(outcome.puzzle);
  }
}

/** Lets timers and events run (progress displays, Ctrl-C, a page's clicks); browsers have no setImmediate. */
function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return new Promise<void>((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

async function* inProcess(options: ResolvedOptions, deadline: number): AsyncGenerator<PuzzleOutcome> {
  for (let index = options.start; index < options.start + options.count; index++) {
    // In slices: a puzzle of a rare target can take seconds of attempts.
    const outcome = await makePuzzleInTurns(options, index, deadline, nextTurn);
    yield outcome;
    if (!outcome.ok) return;
    await nextTurn();
  }
}

function missError(options: ResolvedOptions, miss: Extract<PuzzleOutcome, { ok: false }>, made: number): GenerateError {
  const made_ = `made ${made} of ${options.count} puzzle${options.count === 1 ? '' : 's'}`;
  if (miss.reason === 'timeout') {
    return new GenerateError('TIMEOUT', made, options.count, miss.index, `time limit of ${options.timeoutMs} ms reached: ${made_}`);
  }
  return new GenerateError(
    'MAX_ATTEMPTS',
    made,
    options.count,
    miss.index,
    `puzzle ${miss.index} not found in ${miss.attempts} attempts: ${made_} (the target may be rare; raise the attempt limit)`,
  );
}

/** Options of {@link generateOne}: those of {@link generate} that shape a puzzle. */
export type GenerateOneOptions = Omit<GenerateOptions, 'seed' | 'count' | 'start'>;

/**
 * Puzzle `index` (1-based) of the run with this seed and options, made synchronously in this
 * thread: the same puzzle that {@link generate} yields at that index.
 * @throws GenerateOptionError for bad options; GenerateError when the limits are reached.
 */
export function generateOne(seed: string, index: number, options: GenerateOneOptions = {}): GeneratedPuzzle {
  // Shape checked before the spread below, which would turn null or 5 into {}.
  const own = checkShape(options as GenerateOptions);
  for (const key of ['seed', 'count', 'start'] as const) {
    if (key in own) throw new GenerateOptionError('UNKNOWN_OPTION', `generateOne takes the ${key} as an argument, not as an option`);
  }
  const resolved = resolveOptions({ ...own, seed, start: index });
  const outcome = makePuzzle(resolved, index, deadlineOf(resolved));
  if (!outcome.ok) throw missError(resolved, outcome, 0);
  return publicPuzzle(outcome.puzzle);
}
