import type { PuzzleOutcome } from '../generator/generate-one.js';
import type { ResolvedOptions } from '../generator/options.js';

/*
 * What the generator's pool and its worker threads say to each other. Apart from the pool, so that
 * the worker does not import the pool: each built entry then holds the pool code it uses, next to
 * the worker scripts the pool looks for beside its own module.
 */

/** Slots of the shared control array: the next index to take (from 0), and how many were yielded. */
export const CONTROL_NEXT = 0;
export const CONTROL_YIELDED = 1;

/** One run's work, posted to a worker. */
export interface WorkerTask {
  /** Tags the worker's messages, so that none is taken for another run's. */
  run: number;
  options: ResolvedOptions;
  deadline: number;
  first: number;
  count: number;
  window: number;
  control: SharedArrayBuffer;
}

/** What a worker posts: outcomes, and whether it has no index of the run left to take. */
export interface WorkerMessage {
  run: number;
  outcomes: PuzzleOutcome[];
  finished: boolean;
}
