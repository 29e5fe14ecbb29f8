/**
 * Where a command's lines go: standard output, a new file (`-o FILE`, written safely and moved
 * into place when complete), or a resumable file (`-o FILE --resume`): see file-target.ts, loaded
 * only for a file. Also `--shard K/N`.
 */
import type { Command } from 'commander';
import type { InputFingerprint } from '../node/input-fingerprint.js';
import { OutputFileError } from '../node/file-errors.js';
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
  /** What a resumable run read of its inputs (pass it to the reader, see recordsInRange); else null. */
  readonly input: InputFingerprint | null;
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
 * `--resume` (without `--force`) on an output that is already complete (the file is there and no
 * part file is left): says so on standard error and returns true, the command has nothing to do
 * (exit 0, so that a rerun of a finished job is harmless).
 */
export async function resumeIsComplete(io: CliIo, cli: TargetCliOptions): Promise<boolean> {
  if (!cli.resume || cli.force || cli.output === undefined) return false;
  const { isCompleteFile } = await import('./file-target.js');
  try {
    if (!isCompleteFile(cli.output)) return false;
  } catch (error) {
    if (error instanceof OutputFileError && error.isUsage) throw new UsageError(error.message);
    throw error;
  }
  io.stderr.write(`sudoku-press: ${cli.output} is already complete: nothing to do (--force makes it again)\n`);
  return true;
}

/**
 * Opens the destination. `key` describes the run (command, options that shape the output and the
 * inputs) for `--resume` to check that it continues the same run; `inputs` are the files it reads
 * from their start, which `--resume` checks by content (see ResumableFile).
 */
export async function openOutputTarget(io: CliIo, cli: TargetCliOptions, key: string, inputs?: readonly string[]): Promise<OutputTarget> {
  if (cli.output === undefined) {
    if (cli.resume) throw new UsageError('--resume needs -o FILE (the file to continue)');
    if (cli.force) throw new UsageError('--force only applies with -o FILE');
    const writer = new LineWriter(io.stdout);
    return {
      writer,
      resumed: { records: 0, bytes: 0, data: {} },
      input: null,
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
  // The file machinery only when there is a file: standard output is the common case.
  const { fileTarget, resumableTarget } = await import('./file-target.js');
  try {
    return cli.resume ? await resumableTarget(path, cli.force, key, inputs) : fileTarget(path, cli.force);
  } catch (error) {
    if (error instanceof OutputFileError && error.isUsage) throw new UsageError(error.message);
    throw error;
  }
}
