import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Grade, GradeErrorCode, GradeOptions } from '../grader/grade.js';

/** The grade of one puzzle, or why it could not be graded. */
/** A puzzle's grade (with the milliseconds grading took, measured where it ran) or why it has none. */
export type GradeOutcome = { ok: true; grade: Grade; ms?: number } | { ok: false; code: GradeErrorCode; message: string };

/** A batch sent to a worker. */
export interface BatchRequest {
  id: number;
  puzzles: string[];
  options: GradeOptions;
}

/** A worker's answer: one outcome per puzzle, in order (or a failure of the whole batch). */
export type BatchResult = { id: number; results: GradeOutcome[] } | { id: number; error: string };

const WORKER_URL = new URL('./grade-worker.js', import.meta.url);

/** Whether the compiled worker is available (it is not when running from the TypeScript sources). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_URL));
}

interface Pending {
  resolve: (results: GradeOutcome[]) => void;
  reject: (error: Error) => void;
  worker: number;
}

/**
 * Up to `size` worker threads that grade batches of puzzles. A worker is started only when every
 * running one is busy, so a small input never starts more threads than it has batches. Batches go
 * to the least busy worker; each `grade` call resolves with the batch's outcomes in input order.
 */
export class GradePool {
  private readonly workers: Worker[] = [];
  private readonly busy: number[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly size: number) {
    if (!workersAvailable()) {
      throw new Error(`worker threads need the compiled program (run npm run build): ${fileURLToPath(WORKER_URL)} is missing`);
    }
  }

  private start(): void {
    const worker = new Worker(WORKER_URL);
    worker.on('message', (message: BatchResult) => this.settle(message));
    worker.on('error', (error) => this.failAll(error));
    this.workers.push(worker);
    this.busy.push(0);
  }

  /** Threads started so far. */
  get started(): number {
    return this.workers.length;
  }

  /** Grades puzzles (81-character strings) in the least busy worker. */
  grade(puzzles: string[], options: GradeOptions): Promise<GradeOutcome[]> {
    if (this.workers.length < this.size && this.busy.every((n) => n > 0)) this.start();
    let target = 0;
    for (let i = 1; i < this.workers.length; i++) if (this.busy[i]! < this.busy[target]!) target = i;
    const id = this.nextId++;
    this.busy[target]!++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker: target });
      this.workers[target]!.postMessage({ id, puzzles, options } satisfies BatchRequest);
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private settle(message: BatchResult): void {
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    this.busy[entry.worker]!--;
    if ('error' in message) entry.reject(new Error(`grading worker failed: ${message.error}`));
    else entry.resolve(message.results);
  }

  private failAll(error: Error): void {
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }
}
