import { CONTROL_NEXT, CONTROL_YIELDED } from './generate-protocol.js';

/** A worker's share of a run: indices first..first+count-1, taken from the run's shared counter. */
export interface IndexedTask {
  run: number;
  first: number;
  count: number;
  /** How far a thread may run ahead of the next outcome the main thread has yielded. */
  window: number;
  /** Int32 slots CONTROL_NEXT (the next index to take) and CONTROL_YIELDED (how many were yielded). */
  control: SharedArrayBuffer;
}

/**
 * Outcomes are posted in batches of at most this many milliseconds of work: for puzzles that take
 * a fraction of a millisecond (beginner), one message per puzzle cost the main thread about as much
 * as making a tenth of them.
 */
const BATCH_MS = 4;

/**
 * The loop of a generator worker thread (classic and variant): takes the next index from the shared
 * counter, makes its outcome and posts outcomes in batches, until the indices are used up or `last`
 * says an outcome ends the run; waits (blocking, which is fine in a worker) while it is more than
 * `window` ahead of the next outcome to be yielded. Every puzzle is a pure function of (seed,
 * options, index), so which thread makes it does not matter.
 */
export function runIndexed<O>(
  task: IndexedTask,
  make: (index: number) => O,
  post: (message: { run: number; outcomes: O[]; finished: boolean }) => void,
  last: (outcome: O) => boolean = () => false,
): void {
  const { run, first, count, window, control } = task;
  const shared = new Int32Array(control);
  let batch: O[] = [];
  let batchStart = 0;
  const flush = () => {
    if (batch.length === 0) return;
    post({ run, outcomes: batch, finished: false });
    batch = [];
  };
  for (;;) {
    const i = Atomics.add(shared, CONTROL_NEXT, 1);
    if (i >= count) break;
    for (;;) {
      const yielded = Atomics.load(shared, CONTROL_YIELDED);
      if (i < yielded + window) break;
      // Nothing held back while waiting: the main thread may need exactly these outcomes.
      flush();
      Atomics.wait(shared, CONTROL_YIELDED, yielded, 100);
    }
    if (batch.length === 0) batchStart = performance.now();
    const outcome = make(first + i);
    batch.push(outcome);
    if (last(outcome)) break;
    if (performance.now() - batchStart >= BATCH_MS) flush();
  }
  post({ run, outcomes: batch, finished: true });
}
