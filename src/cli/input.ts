import { accessSync, constants, createReadStream, existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { ReadResult } from '../core/parse.js';
import { hasVariantTag } from '../formats/line.js';
import { isSoloId } from '../formats/solo.js';
import { AnyPuzzleReader, isVariantRecord, readAnyPuzzles, readAnyPuzzlesText, type AnyReadResult } from '../formats/reader.js';
import { describeFileError } from '../node/file-errors.js';
import { UsageError, type CliIo } from './io.js';
import { variantRefused } from './variants.js';

/**
 * Checks that every named input can be read before any work starts (`-` is standard input).
 * Files, pipes (`<(cat f)`, named pipes) and devices (`/dev/null`, `/dev/stdin`) are read as
 * streams; a folder is refused, and so is what cannot be read, naming the user's path.
 */
export function checkInputFiles(files: readonly string[]): void {
  for (const file of files) {
    if (file === '-') continue;
    let stats;
    try {
      stats = statSync(file);
      accessSync(file, constants.R_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new UsageError(`cannot read '${file}': no such file`);
      throw new UsageError(describeFileError(error, file, 'read').message);
    }
    if (stats.isDirectory()) throw new UsageError(`cannot read '${file}': it is a folder, not a file`);
  }
}

function linesOf(stream: Readable): AsyncIterable<string> {
  return createInterface({ input: stream, crlfDelay: Infinity });
}

/**
 * Lets timers, signals and I/O in at least every `ms` milliseconds while a loop works through
 * records it already holds (a buffered chunk of a file can hold thousands): Ctrl-C is then
 * handled within a second even while hard puzzles are graded one after the other.
 */
export class Breather {
  private last = performance.now();
  constructor(private readonly ms = 50) {}

  async breathe(): Promise<void> {
    const now = performance.now();
    if (now - this.last < this.ms) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

function openInput(name: string, io: CliIo): Readable {
  if (name === '-') return io.stdin;
  const stream = createReadStream(name, { encoding: 'utf8' });
  return stream;
}

/**
 * Every record of the inputs in order, streamed (files one after another; stdin when none), classic
 * only: a variant puzzle stops the command with a usage error (the commands that call this one
 * grade or repair, which variants do not have yet).
 */
export async function* readInputs(files: readonly string[], io: CliIo): AsyncGenerator<ReadResult> {
  yield* classicOnly(readAnyInputs(files, io));
}

/** Records of the classic reader's kind; a variant record throws {@link variantRefused}. */
export async function* classicOnly(records: AsyncIterable<AnyReadResult>): AsyncGenerator<ReadResult> {
  for await (const record of records) {
    if (record.ok && isVariantRecord(record.puzzle)) throw variantRefused(record.puzzle);
    yield record as ReadResult;
  }
}

/** Every record of the inputs in order, of any format (classic, variant lines, f-puzzles, Solo IDs). */
export async function* readAnyInputs(files: readonly string[], io: CliIo): AsyncGenerator<AnyReadResult> {
  const names = files.length === 0 ? ['-'] : files;
  const breather = new Breather();
  for (const name of names) {
    const stream = openInput(name, io);
    try {
      for await (const record of readAnyPuzzles(linesOf(stream), { source: name === '-' ? '<stdin>' : name })) {
        yield record;
        await breather.breathe();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).syscall !== undefined) throw new UsageError(describeFileError(error, name, 'read').message);
      throw error;
    }
  }
}

/**
 * The records named by a `<puzzle|file>` argument: a file (or `-` for standard input), else the
 * argument itself read as a puzzle.
 */
export async function* readPuzzleArgument(arg: string, io: CliIo): AsyncGenerator<ReadResult> {
  if (arg === '-' || existsSync(arg)) {
    // Files, pipes and devices are read as streams; a folder or an unreadable file is refused.
    checkInputFiles(arg === '-' ? [] : [arg]);
    yield* readInputs([arg], io);
    return;
  }
  // Too short to be a puzzle: most likely a mistyped file name.
  const text = arg.trim();
  const variant = text.startsWith('{') || hasVariantTag(text) || isSoloId(text) || /^https?:\/\//i.test(text);
  if (!variant && arg.replace(/[\s|+-]/g, '').length < 81) {
    throw new UsageError(`'${arg}' is neither a file nor an 81-cell puzzle`);
  }
  yield* classicOnly(toAsync(readAnyPuzzlesText(arg, { source: '<argument>' })));
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * How many records the inputs hold (read once, parsed, nothing solved): what `--shard` divides.
 * Standard input cannot be read twice, so it is refused.
 */
export async function countRecords(files: readonly string[], io: CliIo, why: string): Promise<number> {
  if (files.length === 0 || files.includes('-')) throw new UsageError(`${why} reads the input twice: give files, not standard input`);
  for (const name of files) {
    if (!statSync(name).isFile()) throw new UsageError(`${why} reads the input twice: ${name} is not a regular file (a pipe or device can be read once)`);
  }
  let count = 0;
  for (const name of files) {
    const reader = new AnyPuzzleReader({ source: name, rejectConflicts: false });
    let line = 0;
    for await (const text of linesOf(openInput(name, io))) count += reader.push(text, ++line).length;
    if (reader.end()) count++;
  }
  return count;
}

/**
 * Reads the inputs and yields only the records of `range` after the first `skip` of it. `range`
 * null means all.
 */
export async function* recordsInRange(
  files: readonly string[],
  io: CliIo,
  range: { from: number; to: number } | null,
  skip: number,
): AsyncGenerator<ReadResult> {
  yield* classicOnly(anyRecordsInRange(files, io, range, skip));
}

/** {@link recordsInRange} of any format (variants too). */
export async function* anyRecordsInRange(
  files: readonly string[],
  io: CliIo,
  range: { from: number; to: number } | null,
  skip: number,
): AsyncGenerator<AnyReadResult> {
  const from = (range?.from ?? 0) + skip;
  const to = range?.to ?? Number.POSITIVE_INFINITY;
  if (from >= to) return;
  let index = 0;
  for await (const record of readAnyInputs(files, io)) {
    if (index >= from) yield record;
    index++;
    if (index >= to) return;
  }
}

/** What identifies the inputs of a resumable run: their names and sizes. */
export function inputsKey(files: readonly string[]): (string | number)[] {
  const key: (string | number)[] = [];
  for (const file of files) {
    key.push(file);
    try {
      const stats = statSync(file);
      key.push(stats.isFile() ? stats.size : -1);
    } catch {
      key.push(-1);
    }
  }
  return key;
}
