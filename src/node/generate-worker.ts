import { parentPort } from 'node:worker_threads';
import { makePuzzle, type PuzzleOutcome } from '../generator/generate-one.js';
import { CONTROL_NEXT, CONTROL_YIELDED, type WorkerMessage, type WorkerTask } from './generate-protocol.js';

/**
 * A generator worker thread, kept by the pool between runs (so its JIT-compiled code is reused).
 * For each task it takes the next index from the run's shared counter, makes that puzzle and posts
 * its outcome, until the run's indices are used up; then it says it is done and waits for the next
 * task. It waits (blocking, which is fine in a worker) while it is more than `window` ahead of the
 * next outcome to be yielded. Every puzzle is a pure function of (seed, options, index), so which
 * thread makes it does not matter.
 */
const port = parentPort;
if (!port) throw new Error('generator worker: not started as a worker thread');

/**
 * Outcomes are posted in batches of at most this many milliseconds of work: for puzzles that take
 * a fraction of a millisecond (beginner), one message per puzzle cost the main thread about as much
 * as making a tenth of them.
 */
const BATCH_MS = 4;

function runTask(task: WorkerTask, post: (message: WorkerMessage) => void): void {
  const { run, options, deadline, first, count, window, control } = task;
  const shared = new Int32Array(control);
  let batch: PuzzleOutcome[] = [];
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
    batch.push(makePuzzle(options, first + i, deadline));
    if (performance.now() - batchStart >= BATCH_MS) flush();
  }
  post({ run, outcomes: batch, finished: true });
}

port.on('message', (task: WorkerTask) => runTask(task, (message) => port.postMessage(message)));
