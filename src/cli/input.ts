import { createReadStream, existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parsePuzzles, readPuzzles, type ReadResult } from '../core/parse.js';
import { UsageError, type CliIo } from './io.js';

/** Checks that every named file can be read before any work starts (`-` is standard input). */
export function checkInputFiles(files: readonly string[]): void {
  for (const file of files) {
    if (file === '-') continue;
    let isFile: boolean;
    try {
      isFile = statSync(file).isFile();
    } catch {
      throw new UsageError(`cannot read '${file}': no such file`);
    }
    if (!isFile) throw new UsageError(`cannot read '${file}': not a file`);
  }
}

function linesOf(stream: Readable): AsyncIterable<string> {
  return createInterface({ input: stream, crlfDelay: Infinity });
}

/** Every record of the inputs in order, streamed (files one after another; stdin when none). */
export async function* readInputs(files: readonly string[], io: CliIo): AsyncGenerator<ReadResult> {
  const names = files.length === 0 ? ['-'] : files;
  for (const name of names) {
    const stream = name === '-' ? io.stdin : createReadStream(name, { encoding: 'utf8' });
    yield* readPuzzles(linesOf(stream), { source: name === '-' ? '<stdin>' : name });
  }
}

/**
 * The records named by a `<puzzle|file>` argument: a file (or `-` for standard input), else the
 * argument itself read as a puzzle.
 */
export async function* readPuzzleArgument(arg: string, io: CliIo): AsyncGenerator<ReadResult> {
  if (arg === '-' || (existsSync(arg) && statSync(arg).isFile())) {
    yield* readInputs([arg], io);
    return;
  }
  if (existsSync(arg)) throw new UsageError(`cannot read '${arg}': not a file`);
  // Too short to be a puzzle: most likely a mistyped file name.
  if (arg.replace(/[\s|+-]/g, '').length < 81) {
    throw new UsageError(`'${arg}' is neither a file nor an 81-cell puzzle`);
  }
  yield* parsePuzzles(arg, { source: '<argument>' });
}
