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
    input: null,
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
      // A signal from here on (before the summary line) finds the file in place: say so.
      noteOnInterrupt(`${path} is complete`);
    },
    abandon: async () => file.discard(),
  };
}

/** How often a resumable run saves its progress: at most this much work is redone after a kill. */
const SAVE_EVERY_MS = 250;
/**
 * A save syncs the disk (three fsyncs); on a slow disk saves are spaced to at least this many
 * times the last save's time, so that they never take more than about a tenth of the run.
 */
const SAVE_SPACING = 10;

/** Whether `path` is a complete output (see ResumableFile.isComplete): `--resume` has nothing to do. */
export function isCompleteFile(path: string): boolean {
  return ResumableFile.isComplete(path);
}

/**
 * A file kept as FILE.part with its progress until complete, continued by a later run. `inputs`:
 * the files the run reads, checked by content when it resumes.
 */
export async function resumableTarget(path: string, force: boolean, key: string, inputs?: readonly string[]): Promise<OutputTarget> {
  const file = await ResumableFile.openAsync(path, inputs === undefined ? { key, force } : { key, force, inputs });
  const writer = new LineWriter(file.stream, 1 << 16, file.partPath);
  const forget = noteOnInterrupt(`progress kept in ${file.partPath}: run the same command again to resume`);
  let next = performance.now() + SAVE_EVERY_MS;
  const save = async (records: number, data: Record<string, number>): Promise<void> => {
    await writer.flush();
    const started = performance.now();
    file.save(records, data);
    const now = performance.now();
    next = now + Math.max(SAVE_EVERY_MS, SAVE_SPACING * (now - started));
  };
  return {
    writer,
    resumed: { ...file.resumed },
    input: file.input,
    toFile: true,
    progress: async (records, data) => {
      if (performance.now() >= next) await save(records, data);
    },
    finish: async (records, data) => {
      await save(records, data);
      forget();
      file.complete();
      // A signal from here on (before the summary line) finds the file in place, not "no file written".
      noteOnInterrupt(`${path} is complete`);
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
