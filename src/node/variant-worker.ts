import { parentPort } from 'node:worker_threads';
import { makeVariantOutcome } from './variant-lines.js';
import { runIndexed } from './indexed-run.js';
import type { VariantMessage, VariantOutcome, VariantTask } from './variant-protocol.js';

/**
 * A variant generator worker thread (the CLI's `generate --variant`). It takes the next index from
 * the run's shared counter, makes that puzzle and posts its output line, until the run's indices
 * are used up or one puzzle fails; it waits while it is more than `window` ahead of the next line
 * to be written. Every puzzle is a pure function of (seed, options, index), so which thread makes
 * it does not matter.
 */
const port = parentPort;
if (!port) throw new Error('variant worker: not started as a worker thread');

function runTask(task: VariantTask, post: (message: VariantMessage) => void): void {
  // One failed puzzle (a time or attempt limit) ends this thread's share of the run.
  runIndexed(task, (index): VariantOutcome => makeVariantOutcome(task.options, index, task.deadline), post, (outcome) => 'error' in outcome);
}

port.on('message', (task: VariantTask) => runTask(task, (message) => port.postMessage(message)));
