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
 * `count`, `start`, `jobs`, `timeoutMs` and `maxAttempts` never change a puzzle, only which ones are
 * made. So `{ count: 100 }` and `{ start: 51, count: 50 }` agree on puzzles 51-100, and any `jobs`
 * gives the same puzzles in the same order.
 *
 * ```ts
 * import { generate } from 'sudoku-press';
 * for await (const p of generate({ seed: 'book-1', count: 10, difficulty: 'hard', symmetry: 'rotational' })) {
 *   console.log(p.index, formatGrid(p.puzzle), p.grade.rating, p.clues);
 * }
 * ```
 */
import { GenerateError } from './errors.js';
import { makePuzzle, type GeneratedPuzzle, type PuzzleOutcome } from './generate-one.js';
import { resolveOptions, type GenerateOptions, type ResolvedOptions } from './options.js';
import { poolOutcomes, workerScript } from './pool.js';

export { GenerateError, type GenerateErrorCode } from './errors.js';
export type { GeneratedPuzzle } from './generate-one.js';
export {
  GenerateOptionError,
  parseRatingBand,
  levelBand,
  MIN_CLUES,
  MAX_MINIMAL_CLUES,
  DEFAULT_MAX_ATTEMPTS,
  type GenerateOptions,
  type GenerateOptionCode,
  type RatingBand,
} from './options.js';
export { SYMMETRIES, hasSymmetry, symmetryOrbits, type Symmetry } from './symmetry.js';
export { isMinimal } from './carve.js';

/**
 * Generates `count` puzzles (default 1) numbered from `start` (default 1), in index order:
 * `{ index, puzzle, solution, grade, clues, attempts }` each.
 *
 * The options are checked at once: a bad value or an impossible combination throws a
 * {@link GenerateOptionError} from this call, before any puzzle is made. While iterating, a run
 * that passes `timeoutMs`, or a puzzle not found in `maxAttempts` full grids, ends with a
 * {@link GenerateError} (`TIMEOUT` / `MAX_ATTEMPTS`) after the puzzles made so far were yielded.
 *
 * `jobs` > 1 uses worker threads (the compiled `dist/generator/worker.js`; when running from
 * TypeScript sources, where none exists, the work is done in-process with the same result).
 */
export function generate(options: GenerateOptions): AsyncGenerator<GeneratedPuzzle> {
  const resolved = resolveOptions(options);
  return run(resolved);
}

async function* run(options: ResolvedOptions): AsyncGenerator<GeneratedPuzzle> {
  const deadline = Number.isFinite(options.timeoutMs) ? Date.now() + options.timeoutMs : Number.POSITIVE_INFINITY;
  const script = options.jobs > 1 && options.count > 1 ? workerScript() : null;
  const outcomes = script
    ? poolOutcomes(script, options, options.start, options.count, options.jobs, deadline)
    : inProcess(options, deadline);
  let made = 0;
  for await (const outcome of outcomes) {
    if (!outcome.ok) throw missError(options, outcome, made);
    made++;
    yield outcome.puzzle;
  }
}

async function* inProcess(options: ResolvedOptions, deadline: number): AsyncGenerator<PuzzleOutcome> {
  for (let index = options.start; index < options.start + options.count; index++) {
    const outcome = makePuzzle(options, index, deadline);
    yield outcome;
    if (!outcome.ok) return;
    // Let timers and I/O (progress bars, Ctrl-C) run between puzzles.
    await new Promise<void>((resolve) => setImmediate(resolve));
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
export type GenerateOneOptions = Omit<GenerateOptions, 'seed' | 'count' | 'start' | 'jobs'>;

/**
 * Puzzle `index` (1-based) of the run with this seed and options, made synchronously in this
 * thread: the same puzzle that {@link generate} yields at that index.
 * @throws GenerateOptionError for bad options; GenerateError when the limits are reached.
 */
export function generateOne(seed: string, index: number, options: GenerateOneOptions = {}): GeneratedPuzzle {
  const resolved = resolveOptions({ ...options, seed, start: index });
  const deadline = Number.isFinite(resolved.timeoutMs) ? Date.now() + resolved.timeoutMs : Number.POSITIVE_INFINITY;
  const outcome = makePuzzle(resolved, index, deadline);
  if (!outcome.ok) throw missError(resolved, outcome, 0);
  return outcome.puzzle;
}
