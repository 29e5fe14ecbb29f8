/**
 * What a resumable run has read of its input files, by content: for each file, how many bytes from
 * its start were read and their SHA-256. Saved with the progress (resumable-file.ts), and checked
 * again when the run is resumed by reading and hashing the same prefix, so that a run never goes on
 * from the records of another input (a file replaced by another of the same size, or edited).
 *
 * The prefix is what had been read when the progress was saved: every record counted as done lies
 * inside it (a record is only parsed once its bytes, and the line after it when the format needs
 * one, were read), and it may run a little past them (the reader reads ahead).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Hash } from 'node:crypto';
import { OptionError } from '../core/errors.js';
import { OutputFileError } from './file-errors.js';
import { nodeCrypto } from './output-file.js';

/** The first `bytes` bytes of an input file and their SHA-256 (hex). */
export interface InputPrefix {
  bytes: number;
  sha256: string;
}

const CHUNK = 1 << 20;

function newHash(): Hash {
  return nodeCrypto().createHash('sha256');
}

/**
 * Reads the first `prefix.bytes` bytes of `file` again and compares their hash. Returns null when
 * they match, else why not (for the message).
 */
export function checkInputPrefix(file: string, prefix: InputPrefix): string | null {
  return runSteps(checkInputPrefixSteps(file, prefix));
}

/**
 * Long synchronous work cut into steps (one per chunk read), so that a caller can let signals and
 * timers in between (see {@link runStepsAsync}); {@link runSteps} runs them at once.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end, synchronously. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` to the end, letting the event loop in (Ctrl-C, timers) at least every 20 ms. */
export async function runStepsAsync<T>(steps: Steps<T>): Promise<T> {
  let last = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - last >= 20) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      last = performance.now();
    }
  }
}

/** The SHA-256 of the first `bytes` bytes of `fd`, a step per chunk (shorter: what there is). */
export function* hashPrefixSteps(fd: number, bytes: number): Steps<Hash> {
  const hash = newHash();
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, bytes)));
  let done = 0;
  while (done < bytes) {
    const n = readSync(fd, buffer, 0, Math.min(buffer.length, bytes - done), done);
    if (n === 0) break;
    hash.update(buffer.subarray(0, n));
    done += n;
    yield;
  }
  return hash;
}

/** {@link checkInputPrefix} in steps. */
export function* checkInputPrefixSteps(file: string, prefix: InputPrefix): Steps<string | null> {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY);
  } catch (error) {
    return `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return 'it is not a regular file';
    if (stats.size < prefix.bytes) return `it is shorter than the ${prefix.bytes} bytes the interrupted run read`;
    const hash = yield* hashPrefixSteps(fd, prefix.bytes);
    return hash.digest('hex') === prefix.sha256 ? null : `its first ${prefix.bytes} bytes are not those the interrupted run read`;
  } finally {
    closeSync(fd);
  }
}

/**
 * Follows what a run reads of its input files (the reader calls {@link update} with every chunk
 * and {@link end} at the end of each file), for the progress record ({@link snapshot}).
 *
 * A resumed run reads its inputs again from their start; `expected` is what the interrupted run
 * had read (already checked by {@link checkInputPrefix} before the run starts). As a guard against
 * a file changed while the resumed run reads it, the same prefix is hashed again on the way and
 * compared: on a difference, {@link failure} is set and {@link snapshot} throws, so that no
 * progress is ever saved over records of two inputs.
 */
export class InputFingerprint {
  private readonly hashes: Hash[];
  private readonly read: number[];
  private readonly checked: boolean[];
  /** Set when a file turned out not to be what the interrupted run read. */
  failure: OutputFileError | null = null;

  constructor(
    readonly files: readonly string[],
    private readonly expected: readonly InputPrefix[] | null,
  ) {
    if (!Array.isArray(files) || files.some((file) => typeof file !== 'string')) throw new OptionError('BAD_OPTION', 'an input fingerprint needs its files as an array of paths');
    if (expected !== null && !Array.isArray(expected)) throw new OptionError('BAD_OPTION', 'an input fingerprint needs null or the expected prefixes as an array');
    this.hashes = files.map(() => newHash());
    this.read = files.map(() => 0);
    this.checked = files.map((_, i) => expected === null || expected[i]!.bytes === 0);
  }

  /** Adds the next chunk read from file `index`. Returns the failure when this chunk made one. */
  update(index: number, chunk: Buffer): OutputFileError | null {
    const hash = this.hashes[index]!;
    const expected = this.expected?.[index];
    if (expected && !this.checked[index]) {
      const need = expected.bytes - this.read[index]!;
      if (chunk.length >= need) {
        hash.update(chunk.subarray(0, need));
        this.checked[index] = true;
        if (hash.copy().digest('hex') !== expected.sha256) this.fail(index);
        hash.update(chunk.subarray(need));
        this.read[index]! += chunk.length;
        return this.failure;
      }
    }
    hash.update(chunk);
    this.read[index]! += chunk.length;
    return this.failure;
  }

  /** File `index` was read to its end. Returns the failure when it ended too soon. */
  end(index: number): OutputFileError | null {
    if (!this.checked[index]) this.fail(index);
    return this.failure;
  }

  /**
   * What was read so far, per file (for a file not yet read as far as the interrupted run did, its
   * prefix as that run left it: checked before the start).
   * @throws OutputFileError (code CHANGED) when an input changed while it was read.
   */
  snapshot(): InputPrefix[] {
    if (this.failure) throw this.failure;
    return this.files.map((_, i) =>
      this.checked[i] ? { bytes: this.read[i]!, sha256: this.hashes[i]!.copy().digest('hex') } : { ...this.expected![i]! },
    );
  }

  private fail(index: number): void {
    const file = this.files[index]!;
    this.failure ??= new OutputFileError('CHANGED', file, `${file} changed while it was read (it is not the input the interrupted run read); the progress saved before stays: run again with the same input`);
  }
}
