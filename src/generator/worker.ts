import { parentPort, workerData } from 'node:worker_threads';
import { makePuzzle } from './generate-one.js';
import type { ResolvedOptions } from './options.js';

/**
 * A generator worker thread: receives puzzle indices, answers each with its outcome. Every puzzle
 * is a pure function of (seed, options, index), so which thread makes it does not matter.
 */
interface WorkerInput {
  options: ResolvedOptions;
  deadline: number;
}

const { options, deadline } = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('generator worker: not started as a worker thread');
port.on('message', (index: number) => {
  port.postMessage(makePuzzle(options, index, deadline));
});
