import { parentPort } from 'node:worker_threads';
import { makePuzzle } from '../generator/generate-one.js';
import type { WorkerMessage, WorkerTask } from './generate-protocol.js';
import { runIndexed } from './indexed-run.js';

/**
 * A generator worker thread, kept by the pool between runs (so its JIT-compiled code is reused).
 * Each task is one run's share of indices (see runIndexed); then it waits for the next task.
 */
const port = parentPort;
if (!port) throw new Error('generator worker: not started as a worker thread');

function runTask(task: WorkerTask, post: (message: WorkerMessage) => void): void {
  runIndexed(task, (index) => makePuzzle(task.options, index, task.deadline), post);
}

port.on('message', (task: WorkerTask) => runTask(task, (message) => port.postMessage(message)));
