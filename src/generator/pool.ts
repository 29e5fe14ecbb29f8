import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { makePuzzle, type PuzzleOutcome } from './generate-one.js';
import type { ResolvedOptions } from './options.js';

/**
 * The compiled worker next to this module, or null when running from TypeScript sources (tests),
 * where a worker thread cannot load `.ts`: the caller then works in-process, which gives the same
 * puzzles.
 */
export function workerScript(): URL | null {
  const url = new URL('./worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : null;
}

/** Slots of the shared control array: the next index to take (from 0), and how many were yielded. */
export const CONTROL_NEXT = 0;
export const CONTROL_YIELDED = 1;

/** What a worker is started with. */
export interface WorkerInput {
  options: ResolvedOptions;
  deadline: number;
  first: number;
  count: number;
  window: number;
  control: SharedArrayBuffer;
}

/**
 * Makes puzzles `first .. first + count - 1` on `jobs` threads (this one and `jobs - 1` workers) and
 * yields their outcomes in index order. All threads take the next index from one shared atomic
 * counter, so nobody waits for work to be handed out; this thread makes a puzzle whenever the next
 * outcome to yield is not ready (which also covers the workers' start-up). No thread runs more than
 * `window` indices ahead of the next one to yield, so memory stays small when one puzzle is slow.
 */
export async function* poolOutcomes(script: URL, options: ResolvedOptions, first: number, count: number, jobs: number, deadline: number): AsyncGenerator<PuzzleOutcome> {
  const window = 8 * jobs;
  const control = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const shared = new Int32Array(control);
  const done = new Map<number, PuzzleOutcome>();
  let yielded = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const workers: Worker[] = [];
  const input: WorkerInput = { options, deadline, first, count, window, control };
  for (let i = 0; i < Math.min(jobs - 1, count); i++) {
    const worker = new Worker(script, { workerData: input });
    workers.push(worker);
    worker.on('message', (outcome: PuzzleOutcome) => {
      done.set(outcome.ok ? outcome.puzzle.index : outcome.index, outcome);
      notify();
    });
    worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
    worker.on('exit', (code) => {
      if (code !== 0) failure ??= new Error(`generator worker stopped with code ${code}`);
      notify();
    });
  }

  try {
    while (yielded < count) {
      const outcome = done.get(first + yielded);
      if (outcome === undefined) {
        if (failure) throw failure;
        // Take the next index ourselves when it is in the window; otherwise wait for a worker.
        const next = Atomics.load(shared, CONTROL_NEXT);
        if (next < count && next < yielded + window && Atomics.compareExchange(shared, CONTROL_NEXT, next, next + 1) === next) {
          done.set(first + next, makePuzzle(options, first + next, deadline));
          // Let the workers' messages in before going on.
          await new Promise<void>((resolve) => setImmediate(resolve));
        } else if (next >= count || next >= yielded + window) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
        continue;
      }
      done.delete(first + yielded);
      yielded++;
      Atomics.store(shared, CONTROL_YIELDED, yielded);
      Atomics.notify(shared, CONTROL_YIELDED);
      yield outcome;
      if (!outcome.ok) return;
    }
  } finally {
    // Workers still running are stopped; make the ones waiting for the window give up first.
    Atomics.store(shared, CONTROL_NEXT, count);
    for (const worker of workers) {
      worker.removeAllListeners('exit');
      void worker.terminate();
    }
  }
}
