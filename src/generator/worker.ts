import { parentPort, workerData } from 'node:worker_threads';
import { makePuzzle } from './generate-one.js';
import { CONTROL_NEXT, CONTROL_YIELDED, type WorkerInput } from './pool.js';

/**
 * A generator worker thread: takes the next index from the shared counter, makes that puzzle and
 * posts its outcome, until the run's indices are used up. It waits (blocking, which is fine in a
 * worker) while it is more than `window` ahead of the next outcome to be yielded. Every puzzle is a
 * pure function of (seed, options, index), so which thread makes it does not matter.
 */
const { options, deadline, first, count, window, control } = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('generator worker: not started as a worker thread');
const shared = new Int32Array(control);
for (;;) {
  const i = Atomics.add(shared, CONTROL_NEXT, 1);
  if (i >= count) break;
  for (;;) {
    const yielded = Atomics.load(shared, CONTROL_YIELDED);
    if (i < yielded + window) break;
    Atomics.wait(shared, CONTROL_YIELDED, yielded, 100);
  }
  port.postMessage(makePuzzle(options, first + i, deadline));
}
