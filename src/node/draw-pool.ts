/**
 * Worker threads for `draw --jobs N`: each renders batches of pictures (SVG, PNG or PDF bytes) with
 * the same code as the main thread, so the files do not depend on N. The raster and PNG encoding
 * are CPU-bound and run in resvg's native code and zlib, one picture at a time per thread: threads
 * are what spreads them over the cores.
 */
import type { BoardPicture, VariantPicture } from '../draw/index.js';
import type { PictureOptions } from '../render/picture.js';
import { BatchPool, workerScriptExists, type BatchAnswer, type BatchMessage } from './batch-pool.js';

/** One picture to render. Typed arrays and dates cross to the worker by structured clone. */
export interface DrawJob {
  /** A classic board, or a variant's (its rules cross as plain data and typed arrays). */
  picture: BoardPicture | VariantPicture;
  options: PictureOptions;
}

/** A batch as the worker receives it. */
export type DrawRequest = BatchMessage<{ jobs: DrawJob[] }>;

/** A worker's answer: the files' bytes in order, or why the batch failed. */
export type DrawResult = BatchAnswer<Uint8Array>;

const WORKER_URL = new URL('./draw-worker.js', import.meta.url);

/** Whether the compiled worker is available (it is not when running from the TypeScript sources). */
export function drawWorkersAvailable(): boolean {
  return workerScriptExists(WORKER_URL);
}

/** Up to `size` worker threads rendering batches of pictures (see BatchPool). */
export class DrawPool extends BatchPool<{ jobs: DrawJob[] }, Uint8Array> {
  constructor(size: number) {
    super(WORKER_URL, size, 'drawing');
  }

  /** The bytes of each picture of the batch, in order. */
  render(jobs: DrawJob[]): Promise<Uint8Array[]> {
    return this.run({ jobs });
  }
}
