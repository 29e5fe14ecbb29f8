/**
 * Worker threads for `draw --jobs N`: each renders batches of pictures (SVG, PNG or PDF bytes) with
 * the same code as the main thread, so the files do not depend on N. The raster and PNG encoding
 * are CPU-bound and run in resvg's native code and zlib, one picture at a time per thread: threads
 * are what spreads them over the cores.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BoardPicture } from '../draw/index.js';
import type { PictureOptions } from '../render/picture.js';

/** One picture to render. Typed arrays and dates cross to the worker by structured clone. */
export interface DrawJob {
  picture: BoardPicture;
  options: PictureOptions;
}

/** A batch sent to a worker. */
export interface DrawRequest {
  id: number;
  jobs: DrawJob[];
}

/** A worker's answer: the files' bytes in order, or why the batch failed. */
export type DrawResult = { id: number; files: Uint8Array[] } | { id: number; error: string };

const WORKER_URL = new URL('./draw-worker.js', import.meta.url);

/** Whether the compiled worker is available (it is not when running from the TypeScript sources). */
export function drawWorkersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_URL));
}

interface Pending {
  resolve: (files: Uint8Array[]) => void;
  reject: (error: Error) => void;
  worker: number;
}

/** A fixed set of worker threads; each batch goes to the least busy one. */
export class DrawPool {
  private readonly workers: Worker[] = [];
  private readonly busy: number[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(size: number) {
    if (!drawWorkersAvailable()) {
      throw new Error(`worker threads need the compiled program (run npm run build): ${fileURLToPath(WORKER_URL)} is missing`);
    }
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_URL);
      worker.on('message', (message: DrawResult) => this.settle(message));
      worker.on('error', (error) => this.failAll(error));
      this.workers.push(worker);
      this.busy.push(0);
    }
  }

  /** The bytes of each picture of the batch, in order. */
  render(jobs: DrawJob[]): Promise<Uint8Array[]> {
    let target = 0;
    for (let i = 1; i < this.workers.length; i++) if (this.busy[i]! < this.busy[target]!) target = i;
    const id = this.nextId++;
    this.busy[target]!++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker: target });
      this.workers[target]!.postMessage({ id, jobs } satisfies DrawRequest);
    });
  }

  /** Stops every worker (batches still running are dropped). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private settle(message: DrawResult): void {
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    this.busy[entry.worker]!--;
    if ('error' in message) entry.reject(new Error(`drawing worker failed: ${message.error}`));
    else entry.resolve(message.files);
  }

  private failAll(error: Error): void {
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }
}
