/**
 * Worker threads for `draw --jobs N`: each renders batches of pictures (SVG, PNG or PDF bytes) with
 * the same code as the main thread, so the files do not depend on N. The raster and PNG encoding
 * are CPU-bound and run in resvg's native code and zlib, one picture at a time per thread: threads
 * are what spreads them over the cores.
 */
import type { BoardPicture, VariantPicture } from '../draw/index.js';
import type { PictureOptions } from '../render/picture.js';
import type { RulesSpec } from '../rules/types.js';
import { BatchPool, workerScriptExists, type BatchAnswer, type BatchMessage } from './batch-pool.js';

/** One picture to render. */
export interface DrawJob {
  /** A classic board, or a variant's. */
  picture: BoardPicture | VariantPicture;
  options: PictureOptions;
}

/**
 * A picture as it crosses to a worker (structured clone: typed arrays and plain data): a variant's
 * rules go as the spec they were built from and are rebuilt there (variant-input.ts), since a
 * rules value's lazily made fields are not own data a clone would carry.
 */
export interface DrawJobMessage {
  picture: BoardPicture | (Omit<VariantPicture, 'rules'> & { rulesSpec: RulesSpec });
  options: PictureOptions;
}

/** A batch as the worker receives it. */
export type DrawRequest = BatchMessage<{ jobs: DrawJobMessage[] }>;

/** A worker's answer: the files' bytes in order, or why the batch failed. */
export type DrawResult = BatchAnswer<Uint8Array>;

const WORKER_URL = new URL('./draw-worker.js', import.meta.url);

/** Whether the compiled worker is available (it is not when running from the TypeScript sources). */
export function drawWorkersAvailable(): boolean {
  return workerScriptExists(WORKER_URL);
}

/** Up to `size` worker threads rendering batches of pictures (see BatchPool). */
export class DrawPool extends BatchPool<{ jobs: DrawJobMessage[] }, Uint8Array> {
  constructor(size: number) {
    super(WORKER_URL, size, 'drawing');
  }

  /** The bytes of each picture of the batch, in order. */
  render(jobs: DrawJob[]): Promise<Uint8Array[]> {
    return this.run({ jobs: jobs.map(toMessage) });
  }
}

function toMessage(job: DrawJob): DrawJobMessage {
  if (!('rules' in job.picture)) return { picture: job.picture, options: job.options };
  const { rules, ...rest } = job.picture;
  return { picture: { ...rest, rulesSpec: rules.spec }, options: job.options };
}
