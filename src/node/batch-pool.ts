/**
 * Worker threads that take batches of work and answer with one result per item, in order: the
 * machinery shared by `grade --jobs` (grade-pool.ts) and `draw --jobs` (draw-pool.ts). A worker is
 * started only when every running one is busy, up to `size`, so a small input never starts more
 * threads than it has batches; each batch goes to the least busy worker. A pool never starts more
 * threads than the machine runs at once (`os.availableParallelism()`): more only cost memory. A
 * worker without work does not keep the process alive (it is unref'd while idle), so a program that
 * forgets `close()` still exits when its work is done.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { OptionError, shownValue } from '../core/errors.js';

/** What a pool posts: a batch's fields and its id. */
export type BatchMessage<Q> = Q & { id: number };

/** What a worker posts back: the batch's results in order, or why the batch failed. */
export type BatchAnswer<R> = { id: number; results: R[] } | { id: number; error: string };

/** Whether a compiled worker script exists (it does not when running from the TypeScript sources). */
export function workerScriptExists(url: URL): boolean {
  return existsSync(fileURLToPath(url));
}

interface Pending<R> {
  resolve: (results: R[]) => void;
  reject: (error: Error) => void;
  worker: number;
}

export class BatchPool<Q extends object, R> {
  private readonly workers: Worker[] = [];
  private readonly busy: number[] = [];
  private readonly pending = new Map<number, Pending<R>>();
  private nextId = 0;

  /** Most threads this pool starts: the size asked for, at most `os.availableParallelism()`. */
  readonly size: number;

  /**
   * @param script the compiled worker
   * @param size most threads: a whole number of at least 1 (else an OptionError `BAD_OPTION`)
   * @param what the work, for messages ("grading", "drawing")
   */
  constructor(
    private readonly script: URL,
    size: number,
    private readonly what: string,
  ) {
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
      throw new OptionError('BAD_OPTION', `a ${what} pool's size must be a whole number of threads of at least 1 (got ${shownValue(size)})`);
    }
    this.size = Math.min(size, availableParallelism());
    if (!workerScriptExists(script)) {
      throw new Error(`worker threads need the compiled program (run npm run build): ${fileURLToPath(script)} is missing`);
    }
  }

  /** Threads started so far. */
  get started(): number {
    return this.workers.length;
  }

  /** Runs one batch in the least busy worker; resolves with its results in order. */
  run(batch: Q): Promise<R[]> {
    if (this.workers.length < this.size && this.busy.every((n) => n > 0)) this.start();
    let target = 0;
    for (let i = 1; i < this.workers.length; i++) if (this.busy[i]! < this.busy[target]!) target = i;
    const id = this.nextId++;
    // A worker with work keeps the process alive until it answers (see settle).
    if (this.busy[target]!++ === 0) this.workers[target]!.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker: target });
      this.workers[target]!.postMessage({ ...batch, id } satisfies BatchMessage<Q>);
    });
  }

  /** Stops every worker (batches still running are dropped). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private start(): void {
    const worker = new Worker(this.script);
    worker.on('message', (message: BatchAnswer<R>) => this.settle(message));
    worker.on('error', (error) => this.failAll(error));
    this.workers.push(worker);
    this.busy.push(0);
  }

  private settle(message: BatchAnswer<R>): void {
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    if (--this.busy[entry.worker]! === 0) this.workers[entry.worker]!.unref();
    if ('error' in message) entry.reject(new Error(`${this.what} worker failed: ${message.error}`));
    else entry.resolve(message.results);
  }

  private failAll(error: Error): void {
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }
}
