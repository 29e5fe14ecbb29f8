import {
  GenerateOptionError,
  deadlineOf,
  generate as generateHere,
  generateFrom,
  resolveOptions,
  type GenerateOptions,
  type GeneratedPuzzle,
} from '../generator/index.js';
import { ownCopy, shownValue } from '../core/errors.js';
import { poolOutcomes, workerScript } from './generate-pool.js';

/** Options of the Node {@link generate}: the portable ones, and how many threads share the work. */
export interface NodeGenerateOptions extends GenerateOptions {
  /**
   * Threads making puzzles: this one and `jobs - 1` worker threads. Default 1 (in-process). The
   * puzzles do not depend on it. More threads than the machine has cores only add overhead.
   */
  jobs?: number;
}

/** Most threads a run may ask for. */
export const MAX_JOBS = 256;

/**
 * {@link generateHere | generate} of the portable core, spread over worker threads when `jobs` > 1:
 * the same puzzles in the same order. Workers need the compiled package (`dist/node/generate-worker.js`);
 * when running from TypeScript sources, where none exists, the work is done in this thread.
 */
export function generate(options: NodeGenerateOptions): AsyncGenerator<GeneratedPuzzle> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return generateHere(options);
  const { jobs: jobsOption, ...portable } = ownCopy(options);
  const jobs = jobsOption ?? 1;
  if (typeof jobs !== 'number' || !Number.isInteger(jobs) || jobs < 1 || jobs > MAX_JOBS) {
    throw new GenerateOptionError('BAD_JOBS', jobs > MAX_JOBS ? `jobs ${jobs} is too many (at most ${MAX_JOBS})` : `jobs must be a whole number of at least 1 (got ${shownValue(jobs)})`);
  }
  const resolved = resolveOptions(portable);
  const script = jobs > 1 && resolved.count > 1 ? workerScript() : null;
  if (!script) return generateHere(portable);
  const threads = Math.min(jobs, resolved.count);
  return generateFrom(resolved, poolOutcomes(script, resolved, resolved.start, resolved.count, threads, deadlineOf(resolved)));
}
