/**
 * Where a command's lines go: standard output, a new file (`-o FILE`, written safely and moved
 * into place when complete), or a resumable file (`-o FILE --resume`). Also `--shard K/N`.
 */
import type { Command } from 'commander';
import { noteOnInterrupt } from '../node/interrupt.js';
import { OutputFileError, openOutputFile, type OutputFile } from '../node/output-file.js';
import { ResumableFile } from '../node/resumable-file.js';
import { UsageError, type CliIo } from './io.js';
import { LineWriter } from './output.js';

/** The options every command that writes records shares. */
export interface TargetCliOptions {
  output?: string;
  force: boolean;
  resume: boolean;
  shard?: string;
}

/** Adds `-o/--output`, `--force` (unless the command has its own), `--resume` and `--shard` to a command. */
export function addTargetOptions(command: Command, what: string, options: { force?: boolean } = {}): Command {
  command.option('-o, --output <file>', `write the ${what} to this file (written whole or not at all; see --resume)`);
  if (options.force ?? true) command.option('--force', 'with -o: replace the file if it exists', false);
  return command
    .option('--resume', 'with -o: keep progress in FILE.part; a later run of the same command goes on from where it stopped', false)
    .option('--shard <k/n>', `do only the k-th of n equal shares of the ${what} (cat the n outputs in order for the whole)`);
}

/** Shard `k` (1-based) of `n`. */
export interface Shard {
  k: number;
  n: number;
}

/** `3/8` -> { k: 3, n: 8 }. */
export function parseShard(text: string | undefined): Shard | null {
  if (text === undefined) return null;
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(text);
  if (!match) throw new UsageError(`--shard wants K/N, e.g. 2/4 (the second of four shares), not '${text}'`);
  const k = Number(match[1]);
  const n = Number(match[2]);
  if (n < 1 || k < 1 || k > n) throw new UsageError(`--shard ${text}: K must be from 1 to N (and N at least 1)`);
  return { k, n };
}

/**
 * The share `[from, to)` of `total` items that shard k of n does: contiguous blocks in order, so
 * the shards' outputs concatenated in order are the one-machine output.
 */
export function shardRange(total: number, shard: Shard | null): { from: number; to: number } {
  if (!shard) return { from: 0, to: total };
  // Exact in integers for totals up to 2^53 / n (BigInt: no rounding at the block edges).
  const edge = (k: number): number => Number((BigInt(total) * BigInt(k)) / BigInt(shard.n));
  return { from: edge(shard.k - 1), to: edge(shard.k) };
}

/** An open destination for a command's lines. */
export interface OutputTarget {
  readonly writer: LineWriter;
  /** Where a resumed run stopped: records already written, their bytes and the counters saved with them. */
  readonly resumed: { records: number; bytes: number; data: Record<string, number> };
  /** Whether lines go to a file (summaries then go to standard error). */
  readonly toFile: boolean;
  /**
   * Call after each record: a resumable file saves its progress about four times a second (after
   * flushing the lines of the records done).
   */
  progress(records: number, data: Record<string, number>): Promise<void>;
  /** Flushes and puts the file in place. */
  finish(records: number, data: Record<string, number>): Promise<void>;
  /** After a failure: a new file is removed; a resumable one keeps its progress. */
  abandon(records: number, data: Record<string, number>): Promise<void>;
}

/**
 * Opens the destination. `key` describes the run (command, options that shape the output and the
 * inputs) for `--resume` to check that it continues the same run.
 */
export function openOutputTarget(io: CliIo, cli: TargetCliOptions, key: string): OutputTarget {
  if (cli.output === undefined) {
    if (cli.resume) throw new UsageError('--resume needs -o FILE (the file to continue)');
    if (cli.force) throw new UsageError('--force only applies with -o FILE');
    const writer = new LineWriter(io.stdout);
    return {
      writer,
      resumed: { records: 0, bytes: 0, data: {} },
      toFile: false,
      progress: async () => undefined,
      finish: async () => writer.flush(),
      abandon: async () => {
        try {
          await writer.flush();
        } catch {
          // the first failure is the one reported
        }
      },
    };
  }
  const path = cli.output;
  try {
    return cli.resume ? resumableTarget(path, cli.force, key) : fileTarget(openOutputFile(path, { force: cli.force }));
  } catch (error) {
    if (error instanceof OutputFileError && error.isUsage) throw new UsageError(error.message);
    throw error;
  }
}

function fileTarget(file: OutputFile): OutputTarget {
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

function resumableTarget(path: string, force: boolean, key: string): OutputTarget {
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
