import { parentPort } from 'node:worker_threads';
import { makeVariantOutcome } from './variant-lines.js';
import { VARIANT_NEXT, VARIANT_YIELDED, type VariantMessage, type VariantOutcome, type VariantTask } from './variant-protocol.js';

/**
 * A variant generator worker thread (the CLI's `generate --variant`). It takes the next index from
 * the run's shared counter, makes that puzzle and posts its output line, until the run's indices
 * are used up or one puzzle fails; it waits while it is more than `window` ahead of the next line
 * to be written. Every puzzle is a pure function of (seed, options, index), so which thread makes
 * it does not matter.
 */
const port = parentPort;
if (!port) throw new Error('variant worker: not started as a worker thread');

/** Lines are posted in batches of at most this many milliseconds of work (small puzzles take microseconds). */
const BATCH_MS = 4;

function runTask(task: VariantTask, post: (message: VariantMessage) => void): void {
  const { run, options, deadline, first, count, window, control } = task;
  const shared = new Int32Array(control);
  let batch: VariantOutcome[] = [];
  let batchStart = 0;
  const flush = () => {
    if (batch.length === 0) return;
    post({ run, outcomes: batch, finished: false });
    batch = [];
  };
  for (;;) {
    const i = Atomics.add(shared, VARIANT_NEXT, 1);
    if (i >= count) break;
    for (;;) {
      const yielded = Atomics.load(shared, VARIANT_YIELDED);
      if (i < yielded + window) break;
      flush();
      Atomics.wait(shared, VARIANT_YIELDED, yielded, 100);
    }
    if (batch.length === 0) batchStart = performance.now();
    const outcome = makeVariantOutcome(options, first + i, deadline);
    batch.push(outcome);
    if ('error' in outcome) break;
    if (performance.now() - batchStart >= BATCH_MS) flush();
  }
  post({ run, outcomes: batch, finished: true });
}

port.on('message', (task: VariantTask) => runTask(task, (message) => port.postMessage(message)));
