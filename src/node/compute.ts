/**
 * Runs the CLI's long synchronous computations (see compute-tasks.ts) in one worker thread, so that
 * the main thread's event loop stays free: a signal handler runs only when the loop is, and a search
 * of seconds (a nested forcing chain) would otherwise delay Ctrl-C by as much. The worker is started
 * on the first task and does not keep the process alive while idle; process.exit stops it, even in
 * the middle of a task. Without the compiled worker (running from the TypeScript sources) the task
 * runs in-process. Results are the same data either way (structured clones of plain objects), so
 * outputs are byte-identical.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GradeError, type GradeErrorCode } from '../grader/grade.js';
import type { ComputeAnswer, ComputeFailure, ComputeRequest, ComputeTask, ComputeTasks } from './compute-tasks.js';

const WORKER_URL = new URL('./compute-worker.js', import.meta.url);

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

/** The error the task threw, rebuilt: a GradeError keeps its class and code (callers test for it). */
function rebuild(failure: ComputeFailure): Error {
  if (failure.name === 'GradeError' && failure.code !== undefined) return new GradeError(failure.code as GradeErrorCode, failure.message);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}

function settle(answer: ComputeAnswer): void {
  const entry = pending.get(answer.id);
  if (!entry) return;
  pending.delete(answer.id);
  if (pending.size === 0) worker?.unref();
  if ('error' in answer) entry.reject(rebuild(answer.error));
  else entry.resolve(answer.value);
}

function failAll(error: Error): void {
  worker = undefined;
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_URL);
  started.on('message', settle);
  started.on('error', failAll);
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`compute worker stopped (exit code ${code})`));
  });
  return started;
}

/** Whether tasks run in a worker thread (the compiled program) rather than in-process. */
export function computeInWorker(): boolean {
  return existsSync(fileURLToPath(WORKER_URL));
}

/**
 * Starts the worker now (when the compiled one exists), so that its start-up overlaps the main
 * thread's own work (reading the input): a command calls it as soon as it knows it will compute.
 */
export function warmCompute(): void {
  if (worker === undefined && computeInWorker()) {
    worker = startWorker();
    worker.unref();
  }
}

/** Runs `task` with `args` off the main thread; resolves with its result or rejects with its error. */
export async function compute<K extends ComputeTask>(task: K, ...args: Parameters<ComputeTasks[K]>): Promise<ReturnType<ComputeTasks[K]>> {
  if (!computeInWorker()) {
    const { COMPUTE_TASKS } = await import('./compute-tasks.js');
    return (COMPUTE_TASKS[task] as (...a: unknown[]) => ReturnType<ComputeTasks[K]>)(...args);
  }
  worker ??= startWorker();
  worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    worker!.postMessage({ id, task, args } satisfies ComputeRequest);
  });
}
