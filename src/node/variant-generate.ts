import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GenerateError } from '../generator/errors.js';
import { makeVariantOutcome } from './variant-lines.js';
import { VARIANT_NEXT, VARIANT_YIELDED, type VariantMessage, type VariantOutcome, type VariantRunOptions, type VariantTask } from './variant-protocol.js';

const WORKER_URL = new URL('./variant-worker.js', import.meta.url);

function stopped(outcome: Extract<VariantOutcome, { error: unknown }>, made: number, count: number, timeoutMs: number | undefined): GenerateError {
  const made_ = `made ${made} of ${count} puzzle${count === 1 ? '' : 's'}`;
  if (outcome.error.code === 'TIMEOUT') return new GenerateError('TIMEOUT', made, count, outcome.index, `time limit of ${timeoutMs ?? 0} ms reached: ${made_}`);
  return new GenerateError('MAX_ATTEMPTS', made, count, outcome.index, `puzzle ${outcome.index}: ${outcome.error.message}: ${made_} (the level may be rare for this variant; raise the attempt limit)`);
}

/**
 * The output lines of variant puzzles `first .. first + count - 1`, in index order, made on `jobs`
 * worker threads (at least one: this thread only waits, so that a signal stops the run at once and
 * `deadline` is kept while a puzzle is being made). Threads take indices from one shared counter
 * and run at most `window` indices ahead of the next line written; the lines do not depend on
 * `jobs`. Throws a GenerateError (TIMEOUT, MAX_ATTEMPTS) after the lines made before it. Without
 * the compiled worker (running from the TypeScript sources) the puzzles are made in this thread.
 */
export async function* variantLines(options: VariantRunOptions, first: number, count: number, jobs: number, deadline: number, timeoutMs?: number): AsyncGenerator<string> {
  if (count <= 0) return;
  if (!existsSync(fileURLToPath(WORKER_URL))) {
    for (let i = 0; i < count; i++) {
      const outcome = makeVariantOutcome(options, first + i, deadline);
      if ('error' in outcome) throw stopped(outcome, i, count, timeoutMs);
      yield outcome.line;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return;
  }
  const threads = Math.max(1, Math.min(jobs, count));
  const window = 64 * threads;
  const control = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const shared = new Int32Array(control);
  const done = new Map<number, VariantOutcome>();
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const task: VariantTask = { run: 1, options, deadline, first, count, window, control };
  const workers: Worker[] = [];
  for (let t = 0; t < threads; t++) {
    const worker = new Worker(WORKER_URL);
    worker.on('message', (message: VariantMessage) => {
      for (const outcome of message.outcomes) done.set(outcome.index, outcome);
      notify();
    });
    worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
    worker.on('exit', (code) => {
      if (code !== 0) failure ??= new Error(`variant generator worker stopped with code ${code}`);
      notify();
    });
    worker.postMessage(task);
    workers.push(worker);
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    if (Number.isFinite(deadline)) {
      // Wakes the wait below when the time is up, even while every worker is deep in one puzzle.
      // setTimeout takes at most 2^31 - 1 ms (24.8 days): longer, Node warns and fires after 1 ms.
      timer = setTimeout(notify, Math.min(2 ** 31 - 1, Math.max(0, deadline - Date.now()) + 1));
      timer.unref();
    }
    for (let yielded = 0; yielded < count; ) {
      const outcome = done.get(first + yielded);
      if (outcome === undefined) {
        if (failure) throw failure;
        if (Date.now() > deadline) throw stopped({ index: first + yielded, error: { code: 'TIMEOUT', message: '' } }, yielded, count, timeoutMs);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if ('error' in outcome) throw stopped(outcome, yielded, count, timeoutMs);
      done.delete(first + yielded);
      yielded++;
      Atomics.store(shared, VARIANT_YIELDED, yielded);
      Atomics.notify(shared, VARIANT_YIELDED);
      yield outcome.line;
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    Atomics.store(shared, VARIANT_NEXT, count);
    for (const worker of workers) void worker.terminate();
  }
}
