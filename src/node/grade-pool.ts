import { ownOptions } from '../core/errors.js';
import { GRADE_OPTION_KEYS, type Grade, type GradeErrorCode, type GradeOptions } from '../grader/grade.js';
import { BatchPool, workerScriptExists, type BatchAnswer, type BatchMessage } from './batch-pool.js';
import type { VariantInput } from './variant-input.js';

/** A puzzle's grade (with the milliseconds grading took, measured where it ran) or why it has none. */
export type GradeOutcome = { ok: true; grade: Grade; ms?: number } | { ok: false; code: GradeErrorCode; message: string };

/** A puzzle for a grading worker: a classic one as 81 characters, a variant as its rules' spec and givens. */
export type PoolPuzzle = string | VariantInput;

/** A batch sent to a grading worker. */
export interface GradeBatch {
  puzzles: PoolPuzzle[];
  options: GradeOptions;
}

/** A batch as the worker receives it. */
export type BatchRequest = BatchMessage<GradeBatch>;

/** A worker's answer: one outcome per puzzle, in order (or a failure of the whole batch). */
export type BatchResult = BatchAnswer<GradeOutcome>;

const WORKER_URL = new URL('./grade-worker.js', import.meta.url);

/** Whether the compiled worker is available (it is not when running from the TypeScript sources). */
export function workersAvailable(): boolean {
  return workerScriptExists(WORKER_URL);
}

/**
 * Up to `size` worker threads that grade batches of puzzles (see BatchPool: started as the work
 * needs them, never more than `os.availableParallelism()`); each `grade` call resolves with the
 * batch's outcomes in input order. Idle workers do not keep the process alive; `close()` stops them.
 * @throws OptionError (`BAD_OPTION`) when `size` is not a whole number of at least 1.
 */
export class GradePool extends BatchPool<GradeBatch, GradeOutcome> {
  constructor(size: number) {
    super(WORKER_URL, size, 'grading');
  }

  /**
   * Grades puzzles (81-character strings, or variants as {@link VariantInput}) in the least busy worker.
   * @throws OptionError for options that are not grade options (checked here, before any thread).
   */
  grade(puzzles: PoolPuzzle[], options: GradeOptions = {}): Promise<GradeOutcome[]> {
    options = ownOptions(options, GRADE_OPTION_KEYS, 'grade');
    return this.run({ puzzles, options: { ...options } });
  }
}
