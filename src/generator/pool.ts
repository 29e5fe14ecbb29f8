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

/**
 * Makes puzzles `first .. first + count - 1` on `jobs` threads (this one and `jobs - 1` workers) and
 * yields their outcomes in index order. Workers take the next index as soon as they are free; this
 * thread makes one itself whenever the next outcome to yield is not ready, which also covers the
 * workers' start-up time. At most `4 * jobs` outcomes wait for an earlier one, so memory stays
 * small when one puzzle is slow.
 */
export async function* poolOutcomes(script: URL, options: ResolvedOptions, first: number, count: number, jobs: number, deadline: number): AsyncGenerator<PuzzleOutcome> {
  const end = first + count;
  const done = new Map<number, PuzzleOutcome>();
  let nextToSend = first;
  let nextToYield = first;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const window = 4 * jobs;
  const idle: Worker[] = [];
  const workers: Worker[] = [];

  const feed = (worker: Worker): void => {
    if (nextToSend < end && nextToSend < nextToYield + window) worker.postMessage(nextToSend++);
    else idle.push(worker);
  };

  for (let i = 0; i < Math.min(jobs - 1, count); i++) {
    const worker = new Worker(script, { workerData: { options, deadline } });
    workers.push(worker);
    worker.on('message', (outcome: PuzzleOutcome) => {
      done.set(outcome.ok ? outcome.puzzle.index : outcome.index, outcome);
      feed(worker);
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
    feed(worker);
  }

  try {
    while (nextToYield < end) {
      const outcome = done.get(nextToYield);
      if (outcome === undefined) {
        if (failure) throw failure;
        if (nextToSend < end && nextToSend < nextToYield + window) {
          const index = nextToSend++;
          done.set(index, makePuzzle(options, index, deadline));
          // Let the workers' messages in before going on.
          await new Promise<void>((resolve) => setImmediate(resolve));
        } else {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
        continue;
      }
      done.delete(nextToYield);
      nextToYield++;
      while (idle.length > 0 && nextToSend < end && nextToSend < nextToYield + window) feed(idle.pop()!);
      yield outcome;
      if (!outcome.ok) return;
    }
  } finally {
    for (const worker of workers) {
      worker.removeAllListeners('exit');
      void worker.terminate();
    }
  }
}
