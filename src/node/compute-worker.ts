/**
 * Worker thread of the CLI's long computations (grading a path, a hint, an explanation page): the
 * main thread waits for it without blocking, so that Ctrl-C, SIGTERM and SIGHUP are handled at once
 * (process.exit ends this thread, even in the middle of a search). Loaded from dist/cli/.
 */
import { parentPort } from 'node:worker_threads';
import { COMPUTE_TASKS, failureOf, type ComputeAnswer, type ComputeRequest } from './compute-tasks.js';

parentPort?.on('message', (request: ComputeRequest) => {
  let answer: ComputeAnswer;
  try {
    const run = COMPUTE_TASKS[request.task] as (...args: unknown[]) => unknown;
    answer = { id: request.id, value: run(...request.args) };
  } catch (error) {
    answer = { id: request.id, error: failureOf(error) };
  }
  parentPort!.postMessage(answer);
});
