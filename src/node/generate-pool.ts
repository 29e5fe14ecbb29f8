import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { makePuzzleInTurns, type PuzzleOutcome } from '../generator/generate-one.js';

const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
import type { ResolvedOptions } from '../generator/options.js';
import { CONTROL_NEXT, CONTROL_YIELDED, type WorkerMessage, type WorkerTask } from './generate-protocol.js';

/**
 * The compiled worker next to this module, or null when running from TypeScript sources (tests),
 * where a worker thread cannot load `.ts`: the caller then works in-process, which gives the same
 * puzzles.
 */
export function workerScript(): URL | null {
  const url = new URL('./generate-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : null;
}

/**
 * Idle workers, kept between runs: a new thread spends about half a CPU-second compiling the
 * grader hot (measured on extreme puzzles), which a library caller making several runs (a book
 * of several levels) then pays once per thread instead of once per run. Idle workers are unref'd,
 * so they never keep the process alive.
 */
const idle: Worker[] = [];
let lastRun = 0;

function takeWorker(script: URL): Worker {
  const href = script.href;
  const i = idle.findIndex((worker) => (worker as Worker & { scriptHref?: string }).scriptHref === href);
  if (i >= 0) return idle.splice(i, 1)[0]!;
  const worker = new Worker(script) as Worker & { scriptHref?: string };
  worker.scriptHref = href;
  // A worker that dies while idle leaves the pool.
  worker.on('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

/**
 * Makes puzzles `first .. first + count - 1` on `jobs` threads (this one and `jobs - 1` workers) and
 * yields their outcomes in index order. All threads take the next index from one shared atomic
 * counter, so nobody waits for work to be handed out; this thread makes a puzzle whenever the next
 * outcome to yield is not ready (which also covers the workers' start-up). No thread runs more than
 * `window` indices ahead of the next one to yield, so memory stays small when one puzzle is slow.
 * After a complete run the workers go back to the idle pool; after one that stopped early (a miss,
 * or the caller stopped iterating) they are terminated, as they may be busy with unwanted puzzles.
 */
export async function* poolOutcomes(script: URL, options: ResolvedOptions, first: number, count: number, jobs: number, deadline: number): AsyncGenerator<PuzzleOutcome> {
  // Outcomes are small (about 1 KB), so the window can be wide: with 8 per thread, a worker making
  // beginner puzzles (a fifth of a millisecond each) kept stopping to wait for it (measured: jobs 2
  // used 1.09x the CPU of jobs 1, against 1.04x with 64 per thread).
  const window = 64 * jobs;
  const control = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const shared = new Int32Array(control);
  const done = new Map<number, PuzzleOutcome>();
  const run = ++lastRun;
  let yielded = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const task: WorkerTask = { run, options, deadline, first, count, window, control };
  interface Member {
    worker: Worker;
    finished: boolean;
    onMessage: (message: WorkerMessage) => void;
    onError: (error: Error) => void;
    onExit: (code: number) => void;
  }
  const members: Member[] = [];
  const release = (member: Member) => {
    member.worker.off('message', member.onMessage);
    member.worker.off('error', member.onError);
    member.worker.off('exit', member.onExit);
  };
  for (let i = 0; i < Math.min(jobs - 1, count); i++) {
    const worker = takeWorker(script);
    const member: Member = {
      worker,
      finished: false,
      onMessage: (message) => {
        if (message.run !== run) return;
        for (const outcome of message.outcomes) done.set(outcome.ok ? outcome.puzzle.index : outcome.index, outcome);
        if (message.finished) {
          member.finished = true;
          if (yielded >= count) {
            // The run was over before this worker said so: it can go back to the pool now.
            release(member);
            idle.push(worker);
          }
        }
        notify();
      },
      onError: (error) => {
        failure ??= error;
        notify();
      },
      onExit: (code) => {
        failure ??= new Error(`generator worker stopped with code ${code}`);
        notify();
      },
    };
    worker.on('message', member.onMessage);
    worker.on('error', member.onError);
    worker.on('exit', member.onExit);
    worker.ref();
    worker.postMessage(task);
    members.push(member);
  }

  try {
    let last: PuzzleOutcome | undefined;
    while (yielded < count) {
      const outcome = done.get(first + yielded);
      if (outcome === undefined) {
        if (failure) throw failure;
        // Take the next index ourselves when it is in the window; otherwise wait for a worker.
        const next = Atomics.load(shared, CONTROL_NEXT);
        if (next < count && next < yielded + window && Atomics.compareExchange(shared, CONTROL_NEXT, next, next + 1) === next) {
          // In slices, so that this thread answers timers, workers' messages and Ctrl-C meanwhile.
          done.set(first + next, await makePuzzleInTurns(options, first + next, deadline, nextTurn));
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
      if (yielded === count) {
        last = outcome;
        break;
      }
      yield outcome;
      if (!outcome.ok) return;
    }
    // All outcomes are in, so every worker is past its last puzzle: each goes back to the pool (now,
    // or when its "done" arrives) before the last outcome is handed out.
    for (const member of members) {
      member.worker.unref();
      if (member.finished) {
        release(member);
        idle.push(member.worker);
      }
    }
    members.length = 0;
    if (last) yield last;
  } finally {
    // Workers still running are stopped; make the ones waiting for the window give up first.
    Atomics.store(shared, CONTROL_NEXT, count);
    for (const member of members) {
      release(member);
      void member.worker.terminate();
    }
  }
}
