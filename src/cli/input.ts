import { accessSync, constants, createReadStream, existsSync, fstatSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadResult } from '../core/parse.js';
import { hasVariantTag } from '../formats/line.js';
import { isSoloId } from '../formats/solo.js';
import { AnyPuzzleReader, isVariantRecord, readAnyPuzzles, readAnyPuzzlesText, type AnyReadResult } from '../formats/reader.js';
import { MAX_LINE_LENGTH } from '../core/lines.js';
import { textLines } from '../node/text-lines.js';
import { describeFileError } from '../node/file-errors.js';
import type { InputFingerprint } from '../node/input-fingerprint.js';
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

function linesOf(stream: Readable, name = '-'): AsyncIterable<string> {
  // Not readline: it holds a whole line, however long (see textLines).
  return refuseUtf16(textLines(Readable.from(endlessLineGuard(stream, name))), name);
}

/** The most of one line read (and skipped, past MAX_LINE_LENGTH) before the input is given up: 16 MiB. */
const MAX_SKIPPED_LINE = 1 << 24;

/**
 * The chunks of a stream, stopped with a usage error once one line passes MAX_SKIPPED_LINE
 * characters (bytes): a line past 64 KiB is reported and skipped (textLines), but an endless one
 * (`hint /dev/zero`, a binary blob with no line break) kept a command reading for ever.
 */
async function* endlessLineGuard(stream: Readable, name: string): AsyncGenerator<string | Buffer> {
  let line = 1;
  let run = 0;
  for await (const chunk of stream as AsyncIterable<string | Buffer>) {
    const text = typeof chunk === 'string';
    const last = Math.max(text ? chunk.lastIndexOf('\n') : chunk.lastIndexOf(10), text ? chunk.lastIndexOf('\r') : chunk.lastIndexOf(13));
    if (last < 0) {
      run += chunk.length;
      if (run > MAX_SKIPPED_LINE) {
        const where = name === '-' ? 'standard input' : `'${name}'`;
        throw new UsageError(`cannot read ${where}: line ${line} is longer than ${MAX_SKIPPED_LINE.toLocaleString('en-US')} characters (not a text of puzzles)`);
      }
    } else {
      for (let at = text ? chunk.indexOf('\n') : chunk.indexOf(10); at >= 0 && at <= last; at = text ? chunk.indexOf('\n', at + 1) : chunk.indexOf(10, at + 1)) line++;
      run = chunk.length - 1 - last;
    }
    yield chunk;
  }
}

/**
 * A first line of UTF-16 decoded as UTF-8: the mark's two bytes replaced, then NUL every other
 * character (little- or big-endian); or, without the mark, NUL at every other place of its first 8
 * characters or more (a file saved without it: no line of text holds that).
 */
function looksUtf16(line: string): boolean {
  if (line.length >= 8) {
    const end = Math.min(line.length, 32) & ~1;
    for (const odd of [0, 1]) {
      let at = 0;
      while (at < end && (line[at] === '\u0000') === (at % 2 === odd)) at++;
      if (at === end) return true;
    }
  }
  if (!line.startsWith('\uFFFD\uFFFD') || line.length < 6) return false;
  const nul = line[3] === '\u0000' && line[5] === '\u0000' ? 2 : line[2] === '\u0000' && line[4] === '\u0000' ? 3 : 0;
  return nul !== 0 && line[nul] !== '\u0000' && line[nul + 2] !== '\u0000';
}

/**
 * The lines, or a usage error when the first shows UTF-16 read as UTF-8 (Notepad's "Unicode",
 * Excel's "Unicode text"): its byte order mark FF FE or FE FF, then NUL between the characters.
 * Every record would otherwise be one more "unexpected character U+0000".
 */
async function* refuseUtf16(lines: AsyncIterable<string>, name: string): AsyncGenerator<string> {
  let first = true;
  // A line cut past MAX_LINE_LENGTH is passed on once the line has ended (the next line or the
  // end came): an endless one (/dev/zero) stops the input first (endlessLineGuard), and the
  // command says so in one line, not after a record "line 1 is longer than 65,536 characters".
  let cut: string | null = null;
  for await (const line of lines) {
    if (first && looksUtf16(line)) {
      throw new UsageError(`cannot read ${name === '-' ? 'standard input' : `'${name}'`}: it is UTF-16 text (save it as UTF-8)`);
    }
    first = false;
    if (cut !== null) yield cut;
    cut = line.length > MAX_LINE_LENGTH ? line : null;
    if (cut === null) yield line;
  }
  if (cut !== null) yield cut;
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
  if (name === '-') {
    // Node ends a folder given as standard input (< folder) at once, as an empty file: 'no puzzle found'.
    if (io.stdin === process.stdin && isFolder(0)) throw new UsageError('cannot read standard input: it is a folder, not a file');
    return io.stdin;
  }
  const stream = createReadStream(name, { encoding: 'utf8' });
  return stream;
}

function isFolder(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Input file `index` as bytes, each chunk shown to `fingerprint` (what a resumable run read, by
 * content) before the lines are cut from it; a file that is not what an interrupted run read stops
 * the stream with the fingerprint's error.
 */
function openWatchedInput(name: string, index: number, fingerprint: InputFingerprint): Readable {
  const stream = createReadStream(name);
  stream.on('data', (chunk: Buffer | string) => {
    const failure = fingerprint.update(index, typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (failure) stream.destroy(failure);
  });
  stream.on('end', () => {
    const failure = fingerprint.end(index);
    if (failure) stream.destroy(failure);
  });
  return stream;
}

/**
 * Every record of the inputs in order, streamed (files one after another; stdin when none), classic
 * only: a variant puzzle stops the command with a usage error (the commands that call this one
 * grade or repair, which variants do not have yet). `fingerprint`: a resumable run's record of what
 * it read (files only).
 */
export async function* readInputs(files: readonly string[], io: CliIo, fingerprint?: InputFingerprint | null): AsyncGenerator<ReadResult> {
  yield* classicOnly(readAnyInputs(files, io, fingerprint));
}

/** Records of the classic reader's kind; a variant record throws {@link variantRefused}. */
export async function* classicOnly(records: AsyncIterable<AnyReadResult>): AsyncGenerator<ReadResult> {
  for await (const record of records) {
    if (record.ok && isVariantRecord(record.puzzle)) throw variantRefused(record.puzzle);
    yield record as ReadResult;
  }
}

/** Every record of the inputs in order, of any format (classic, variant lines, f-puzzles, Solo IDs). */
export async function* readAnyInputs(files: readonly string[], io: CliIo, fingerprint?: InputFingerprint | null): AsyncGenerator<AnyReadResult> {
  const names = files.length === 0 ? ['-'] : files;
  if (names.includes('-') && (io.stdin as { isTTY?: boolean }).isTTY === true) {
    // A command typed without a file (or with -) would otherwise wait in silence for the keyboard.
    io.stderr.write('sudoku-press: reading puzzles from the terminal: type or paste them, then Ctrl-D (or give a file)\n');
  }
  const breather = new Breather();
  for (const [index, name] of names.entries()) {
    const stream = fingerprint && name !== '-' ? openWatchedInput(name, index, fingerprint) : openInput(name, io);
    try {
      for await (const record of readAnyPuzzles(linesOf(stream, name), { source: name === '-' ? '<stdin>' : name })) {
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
  yield* classicOnly(readAnyPuzzleArgument(arg, io));
}

/** {@link readPuzzleArgument} of any format (variants too). */
export async function* readAnyPuzzleArgument(arg: string, io: CliIo): AsyncGenerator<AnyReadResult> {
  if (arg === '-' || existsSync(arg)) {
    // Files, pipes and devices are read as streams; a folder or an unreadable file is refused.
    checkInputFiles(arg === '-' ? [] : [arg]);
    yield* readAnyInputs([arg], io);
    return;
  }
  // Too short to be a puzzle: most likely a mistyped file name.
  const text = arg.trim();
  const variant = text.startsWith('{') || hasVariantTag(text) || isSoloId(text) || /^https?:\/\//i.test(text);
  if (!variant && arg.replace(/[\s|+-]/g, '').length < 81) {
    throw new UsageError(`'${arg}' is neither a file nor an 81-cell puzzle`);
  }
  yield* toAsync(readAnyPuzzlesText(arg, { source: '<argument>' }));
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * How many records the inputs hold (read once, parsed, nothing solved): what `--shard` divides.
 * Standard input cannot be read twice, so it is refused.
 */
export async function countRecords(files: readonly string[], io: CliIo, why: string): Promise<number> {
  requireRegularFiles(files, `${why} reads the input twice`);
  let count = 0;
  for (const name of files) {
    const reader = new AnyPuzzleReader({ source: name, rejectConflicts: false });
    let line = 0;
    for await (const text of linesOf(openInput(name, io), name)) count += reader.push(text, ++line).length;
    if (reader.end()) count++;
  }
  return count;
}

/**
 * Throws a UsageError unless the inputs are regular files that can be read again: not standard
 * input, a pipe, a process substitution (`<(cat f)`, /dev/fd/N) or a device. `why` starts the message.
 */
export function requireRegularFiles(files: readonly string[], why: string): void {
  if (files.length === 0 || files.includes('-')) throw new UsageError(`${why}: give files, not standard input`);
  for (const name of files) {
    let regular: boolean;
    try {
      regular = statSync(name).isFile();
    } catch (error) {
      throw new UsageError(describeFileError(error, name, 'read').message);
    }
    if (!regular) throw new UsageError(`${why}: ${name} is not a regular file (a pipe, a process substitution or a device can be read once)`);
  }
}

/**
 * Reads the inputs and yields only the records of `range` after the first `skip` of it. `range`
 * null means all. `fingerprint`: a resumable run's record of what it read (see readInputs).
 */
export async function* recordsInRange(
  files: readonly string[],
  io: CliIo,
  range: { from: number; to: number } | null,
  skip: number,
  fingerprint?: InputFingerprint | null,
): AsyncGenerator<ReadResult> {
  yield* classicOnly(anyRecordsInRange(files, io, range, skip, fingerprint));
}

/** {@link recordsInRange} of any format (variants too). */
export async function* anyRecordsInRange(
  files: readonly string[],
  io: CliIo,
  range: { from: number; to: number } | null,
  skip: number,
  fingerprint?: InputFingerprint | null,
): AsyncGenerator<AnyReadResult> {
  const from = (range?.from ?? 0) + skip;
  const to = range?.to ?? Number.POSITIVE_INFINITY;
  if (from >= to) return;
  let index = 0;
  for await (const record of readAnyInputs(files, io, fingerprint)) {
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
