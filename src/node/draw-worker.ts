/**
 * Worker thread for `draw --jobs N`: renders batches of pictures and answers with their bytes in
 * order. Loaded from the compiled `dist/cli/draw-worker.js`.
 */
import { parentPort } from 'node:worker_threads';
import { renderPicture } from '../render/picture.js';
import type { DrawRequest, DrawResult } from './draw-pool.js';
import { rulesOfSpec } from './variant-input.js';

parentPort?.on('message', (request: DrawRequest) => {
  void (async () => {
    try {
      const results: Uint8Array[] = [];
      for (const { picture, options } of request.jobs) {
        if ('rulesSpec' in picture) {
          const { rulesSpec, ...rest } = picture;
          results.push(await renderPicture({ ...rest, rules: rulesOfSpec(rulesSpec) }, options));
        } else results.push(await renderPicture(picture, options));
      }
      parentPort!.postMessage({ id: request.id, results } satisfies DrawResult);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies DrawResult);
    }
  })();
});
