/**
 * The file destinations of output-target.ts: a new file (`-o FILE`) and a resumable one
 * (`-o FILE --resume`).
 */
import { noteOnInterrupt } from '../node/interrupt.js';
import { openOutputFile } from '../node/output-file.js';
import { ResumableFile } from '../node/resumable-file.js';
import { LineWriter } from './output.js';
import type { OutputTarget } from './output-target.js';

/** A new file, moved into place when complete. */
export function fileTarget(path: string, force: boolean): OutputTarget {
  const file = openOutputFile(path, { force });
  const writer = new LineWriter(file.stream, 1 << 16, file.path);
  return {
    writer,
    resumed: { records: 0, bytes: 0, data: {} },
    toFile: true,
    progress: async () => undefined,
    finish: async () => {
      try {
        await writer.flush();
      } catch (error) {
        await file.discard();
        throw error;
      }
      await file.commit();
    },
    abandon: async () => file.discard(),
  };
}

/** How often a resumable run saves its progress: at most this much work is redone after a kill. */
const SAVE_EVERY_MS = 250;

/** A file kept as FILE.part with its progress until complete, continued by a later run. */
export function resumableTarget(path: string, force: boolean, key: string): OutputTarget {
  const file = ResumableFile.open(path, { key, force });
  const writer = new LineWriter(file.stream, 1 << 16, file.partPath);
  const forget = noteOnInterrupt(`progress kept in ${file.partPath}: run the same command again to resume`);
  let last = performance.now();
  const save = async (records: number, data: Record<string, number>): Promise<void> => {
    await writer.flush();
    file.save(records, data);
    last = performance.now();
  };
  return {
    writer,
    resumed: { ...file.resumed },
    toFile: true,
    progress: async (records, data) => {
      if (performance.now() - last >= SAVE_EVERY_MS) await save(records, data);
    },
    finish: async (records, data) => {
      await save(records, data);
      forget();
      file.complete();
    },
    abandon: async (records, data) => {
      forget();
      try {
        await save(records, data);
      } catch {
        // the point saved last still holds
      }
      file.close();
    },
  };
}
