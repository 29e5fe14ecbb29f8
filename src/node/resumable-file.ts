/**
 * An output file that survives an interrupted run: the bytes go to `FILE.part`, and after each
 * batch of records a small progress record `FILE.part.json` says how many records and bytes are
 * complete. A later run with the same key reads it, cuts `FILE.part` back to the recorded bytes
 * (dropping a half-written line and anything written after the last record), and goes on from the
 * next record, so the final file is byte-identical to an uninterrupted run's. When the run
 * completes, `FILE.part` is moved to `FILE` (never over an existing file without `force`) and the
 * progress record removed.
 *
 * What a resumed run trusts is checked, never assumed: the record carries the SHA-256 of the part
 * file's bytes up to the recorded length, the SHA-256 of each input's bytes read so far (see
 * input-fingerprint.ts), and a seal (a SHA-256 over its own fields); a resumed run checks all three
 * (reading the part file and the inputs' prefixes again) and refuses, changing nothing, when the
 * part file, the record or an input is not what the interrupted run left. That catches edits and
 * mix-ups, not a forger: whoever can write your files can also recompute the hashes.
 *
 * Durability (a power cut, a reboot): the part file's bytes are synced (fdatasync) before a record
 * claims them, the record is written to a temporary file, synced, renamed into place and the
 * folder synced; at the end the part file takes the final name (synced before) and the folder is
 * synced before the record goes.
 *
 * The names are predictable, so they are opened as in a shared folder: never through a link
 * (`O_NOFOLLOW`), created exclusively, and an existing part file must be a regular file of ours.
 * One run at a time writes a part file: it holds `FILE.part.lock` (see {@link LEASE_MS}).
 */
import {
  closeSync,
  constants,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import type { Hash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { optionKeys, ownOptions } from '../core/errors.js';
import { Writable } from 'node:stream';
import { utimesSync } from 'node:fs';
import { makeFolder } from './file-errors.js';
import {
  OutputFileError,
  checkOutputPath,
  closeQuietly,
  describeFileError,
  hostTag,
  isAlive,
  isOwnRegularFile,
  nodeCrypto,
  placeFile,
  syncFolder,
  trackTemporary,
  untrackTemporary,
  sweepStaleTemporaries,
  temporaryName,
} from './output-file.js';
import { InputFingerprint, checkInputPrefixSteps, hashPrefixSteps, runSteps, runStepsAsync, type InputPrefix, type Steps } from './input-fingerprint.js';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * A run holds `FILE.part.lock` while it writes, and touches it at every save; a lock whose process
 * is gone (this machine), or that nobody touched for this long (another machine), is stale.
 */
const LEASE_MS = 60_000;

/** Takes the lock of a part file: one writer at a time (two runs of the same command in two terminals). */
function acquireLock(lockPath: string, partPath: string): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o666);
      try {
        writeSync(fd, `${hostTag()}-${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      trackTemporary(lockPath);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw describeFileError(error, partPath, 'write');
    }
    let holder = '';
    let stale: boolean;
    try {
      const stats = lstatSync(lockPath);
      if (!stats.isFile()) throw new OutputFileError('NOT_A_FILE', lockPath, `${lockPath} is not a regular file; remove it`);
      const fd = openSync(lockPath, constants.O_RDONLY | NOFOLLOW);
      try {
        const buffer = Buffer.alloc(100);
        holder = buffer.subarray(0, readSync(fd, buffer, 0, 100, 0)).toString('utf8').trim();
      } finally {
        closeSync(fd);
      }
      const match = /^([0-9a-f]{8})-(\d+)$/.exec(holder);
      stale = (match !== null && match[1] === hostTag() && !isAlive(Number(match[2]))) || Date.now() - stats.mtimeMs > LEASE_MS;
    } catch (error) {
      if (error instanceof OutputFileError) throw error;
      stale = true; // gone meanwhile: try again
    }
    if (!stale) {
      throw new OutputFileError(
        'EXISTS',
        partPath,
        `${partPath} is being written by another run (${holder || 'unknown'}); wait for it to end, or remove ${lockPath} if that run is gone`,
      );
    }
    try {
      unlinkSync(lockPath);
    } catch {
      // taken by someone else meanwhile: the next attempt tells
    }
  }
  throw new OutputFileError('EXISTS', partPath, `cannot take ${lockPath}: other runs keep taking it`);
}

function releaseLock(lockPath: string): void {
  untrackTemporary(lockPath);
  try {
    unlinkSync(lockPath);
  } catch {
    // already gone
  }
}

/** What a progress record holds. */
export interface ResumePoint {
  /** Records (puzzles made, input records read) whose output is complete. */
  records: number;
  /** Bytes of the part file that hold them. */
  bytes: number;
  /** Counters the command keeps (failures, statuses), so that the summary covers the whole run. */
  data: Record<string, number>;
}

/** Version 2: with the part file's checksum, the inputs' prefixes and the seal. */
interface StoredPoint extends ResumePoint {
  version: 2;
  /** What the run is (command and the options that shape its output); must match to resume. */
  key: string;
  /** SHA-256 (hex) of the part file's first `bytes` bytes. */
  part: string;
  /** Per input file, the bytes read so far and their SHA-256; null for a run without input files. */
  input: InputPrefix[] | null;
  /** SHA-256 (hex) over the fields above (see {@link sealOf}): a record edited by hand is refused. */
  seal: string;
}

/** The seal of a record: a hash over its fields, in a fixed order. */
function sealOf(point: Omit<StoredPoint, 'seal'>): string {
  const fields = [point.version, point.key, point.records, point.bytes, Object.entries(point.data), point.part, point.input?.map((i) => [i.bytes, i.sha256]) ?? null];
  return nodeCrypto().createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** Options of {@link ResumableFile.open}. */
export interface ResumableFileOptions {
  /** What the run is (command and the options that shape its output): a part file of another key is refused. */
  key: string;
  /** Replace an existing final file at the end. Default false. */
  force?: boolean;
  /**
   * The input files the run reads from their start (regular files): what was read of them is
   * saved by content, and a resumed run is refused when they changed. The reader reports what it
   * reads to {@link ResumableFile.input}.
   */
  inputs?: readonly string[];
}

/** A resumable run's files; see the module comment. */
export class ResumableFile {
  readonly partPath: string;
  readonly statePath: string;
  readonly lockPath: string;
  /** Where the previous run stopped (records 0 for a fresh start). */
  readonly resumed: ResumePoint;
  /** Writes go straight to the part file (synchronously, so a saved point never runs ahead of the bytes). */
  readonly stream: Writable;
  /** What the run read of its inputs (when `inputs` were given): the reader feeds it every chunk. */
  readonly input: InputFingerprint | null;
  private fd: number;
  private bytes: number;
  /** SHA-256 of the part file's bytes so far. */
  private readonly hash: Hash;

  private constructor(
    readonly path: string,
    private readonly key: string,
    private readonly force: boolean,
    fd: number,
    resumed: ResumePoint,
    hash: Hash,
    input: InputFingerprint | null,
  ) {
    this.partPath = `${path}.part`;
    this.statePath = `${path}.part.json`;
    this.lockPath = `${path}.part.lock`;
    this.fd = fd;
    this.bytes = resumed.bytes;
    this.resumed = resumed;
    this.hash = hash;
    this.input = input;
    this.stream = new Writable({
      write: (chunk: Buffer | string, encoding, done) => {
        try {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
          let offset = 0;
          while (offset < buffer.length) offset += writeSync(this.fd, buffer, offset, buffer.length - offset, this.bytes + offset);
          this.bytes += buffer.length;
          this.hash.update(buffer);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    });
  }

  /**
   * Opens (or starts) the part file of `path` for the run described by `key`.
   * @throws OutputFileError when the output exists (without `force`), the part file is not ours,
   *   or it was started by a different run; code CHANGED when the part file, its record or an
   *   input is not what the interrupted run left (nothing is changed then).
   */
  static open(path: string, options: ResumableFileOptions): ResumableFile {
    return runSteps(ResumableFile.openSteps(path, options));
  }

  /**
   * {@link open}, letting the event loop in (Ctrl-C, timers) while it reads the part file and the
   * inputs' prefixes again to check them (gigabytes take seconds).
   */
  static openAsync(path: string, options: ResumableFileOptions): Promise<ResumableFile> {
    return runStepsAsync(ResumableFile.openSteps(path, options));
  }

  private static *openSteps(path: string, options: ResumableFileOptions): Steps<ResumableFile> {
    options = ownOptions(options, RESUMABLE_KEYS, 'resumable file');
    const force = options.force ?? false;
    checkOutputPath(path, force);
    const partPath = `${path}.part`;
    const statePath = `${path}.part.json`;
    makeFolder(dirname(path), path);
    const lockPath = `${path}.part.lock`;
    acquireLock(lockPath, partPath);
    try {
      // A run killed while it saved a progress record left its temporary (see save).
      sweepStaleTemporaries(dirname(statePath), statePath);
      return yield* ResumableFile.openLocked(path, options, force, partPath, statePath);
    } catch (error) {
      releaseLock(lockPath);
      throw error;
    }
  }

  /**
   * Whether the output `path` is complete: the file exists and no part file of an unfinished run
   * remains (one left as a second name of the file by a run stopped while it completed is removed,
   * with its record). It says nothing of what the file holds: a file there under that name is
   * taken as the output of the command that asks.
   * @throws OutputFileError when another run is writing the part file.
   */
  static isComplete(path: string): boolean {
    let final;
    try {
      final = lstatSync(path);
    } catch {
      return false;
    }
    if (!final.isFile()) return false;
    const partPath = `${path}.part`;
    const statePath = `${path}.part.json`;
    const lockPath = `${path}.part.lock`;
    acquireLock(lockPath, partPath);
    try {
      let part;
      try {
        part = lstatSync(partPath);
      } catch {
        part = null;
      }
      // The part file is still there as a second name of the final file: complete() was stopped
      // between placing the file and removing the part file.
      const leftover = part !== null && part.isFile() && part.ino === final.ino && part.dev === final.dev;
      if (part !== null && !leftover) return false;
      removeIfFile(statePath);
      if (leftover) removeIfFile(partPath);
      return true;
    } finally {
      releaseLock(lockPath);
    }
  }

  private static *openLocked(path: string, options: ResumableFileOptions, force: boolean, partPath: string, statePath: string): Steps<ResumableFile> {
    const key = options.key;
    const inputs = options.inputs ?? null;
    let exists = true;
    try {
      const part = lstatSync(partPath);
      // A run stopped between making its part file and saving its first record left an empty
      // part file and no record: nothing was done, start afresh.
      if (part.isFile() && part.size === 0 && !existsQuietly(statePath)) {
        unlinkSync(partPath);
        exists = false;
      }
    } catch {
      exists = false;
    }
    if (!exists) {
      let fd: number;
      try {
        fd = openSync(partPath, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o666);
      } catch (error) {
        throw describeFileError(error, partPath, 'write');
      }
      const input = inputs === null ? null : new InputFingerprint(inputs, null);
      const file = new ResumableFile(path, key, force, fd, { records: 0, bytes: 0, data: {} }, nodeCrypto().createHash('sha256'), input);
      file.save(0, {});
      return file;
    }
    const point = readPoint(statePath, partPath, key);
    const startOver = `remove ${partPath} and ${statePath} to start over`;
    if ((point.input === null) !== (inputs === null) || (point.input !== null && inputs !== null && point.input.length !== inputs.length)) {
      throw new OutputFileError('EXISTS', partPath, `${partPath} was started by a run with other options or input; resume with the same command, or ${startOver}`);
    }
    // The inputs first: the usual mistake (an input replaced), and nothing to read of the part file.
    if (point.input !== null && inputs !== null) {
      for (let i = 0; i < inputs.length; i++) {
        const why = yield* checkInputPrefixSteps(inputs[i]!, point.input[i]!);
        if (why !== null) {
          throw new OutputFileError(
            'CHANGED',
            partPath,
            `${inputs[i]} is not the input ${partPath} was made from (${why}); resume with that input, or ${startOver}`,
          );
        }
      }
    }
    let fd: number;
    try {
      fd = openSync(partPath, constants.O_RDWR | NOFOLLOW);
    } catch (error) {
      throw describeFileError(error, partPath, 'write');
    }
    try {
      if (!isOwnRegularFile(fd)) throw new OutputFileError('NOT_A_FILE', partPath, `${partPath} is not a regular file of yours; remove it to start over`);
      const changed = `${partPath} was changed after its progress was saved (it is not what the run wrote)`;
      if (fstatSync(fd).size < point.bytes) throw new OutputFileError('CHANGED', partPath, `${changed}: it is shorter than ${statePath} says; ${startOver}`);
      const hash = yield* hashPrefixSteps(fd, point.bytes);
      if (hash.copy().digest('hex') !== point.part) throw new OutputFileError('CHANGED', partPath, `${changed}: its checksum does not match ${statePath}; ${startOver}`);
      ftruncateSync(fd, point.bytes); // drops a half-written line, and lines after the last saved point
      const input = inputs === null ? null : new InputFingerprint(inputs, point.input);
      return new ResumableFile(path, key, force, fd, { records: point.records, bytes: point.bytes, data: point.data }, hash, input);
    } catch (error) {
      closeQuietly(fd);
      throw error instanceof OutputFileError ? error : describeFileError(error, partPath, 'write');
    }
  }

  /** Bytes in the part file. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Records that `records` records are complete in the bytes written so far (call after the
   * writer has flushed them). The bytes are synced first; the record is replaced atomically (a
   * new file, synced, renamed over the old, the folder synced).
   * @throws OutputFileError (code CHANGED) when an input changed while it was read: nothing is saved.
   */
  save(records: number, data: Record<string, number>): void {
    const input = this.input?.snapshot() ?? null;
    const unsealed: Omit<StoredPoint, 'seal'> = { version: 2, key: this.key, records, bytes: this.bytes, data, part: this.hash.copy().digest('hex'), input };
    const point: StoredPoint = { ...unsealed, seal: sealOf(unsealed) };
    const folder = dirname(this.statePath);
    const temporary = join(folder, temporaryName(this.statePath));
    try {
      fdatasyncSync(this.fd); // the bytes before the record that claims them
      const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o666);
      try {
        writeSync(fd, `${JSON.stringify(point)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.statePath);
      syncFolder(folder);
      const now = new Date();
      utimesSync(this.lockPath, now, now); // the lease: this run is alive
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // not made
      }
      throw describeFileError(error, this.statePath, 'write');
    }
  }

  /** The run is complete: the part file becomes `path`, the progress record goes. */
  complete(): { bytes: number } {
    try {
      fsyncSync(this.fd);
    } catch (error) {
      throw describeFileError(error, this.partPath, 'write');
    }
    closeSync(this.fd);
    this.fd = -1;
    try {
      placeFile(this.partPath, this.path, this.force);
      syncFolder(dirname(this.path)); // the final name is there before the record goes
    } catch (error) {
      releaseLock(this.lockPath); // the part file stays, complete, for a run with --force
      throw describeFileError(error, this.path, 'write');
    }
    try {
      unlinkSync(this.statePath);
    } catch {
      // already gone
    }
    releaseLock(this.lockPath);
    return { bytes: this.bytes };
  }

  /** Stops writing and keeps both files for the next run. */
  close(): void {
    if (this.fd >= 0) closeQuietly(this.fd);
    this.fd = -1;
    releaseLock(this.lockPath);
  }
}

/** Whether `path` exists (as anything, a dangling link included). */
function existsQuietly(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Removes `path` when it is a regular file (never through a link). */
function removeIfFile(path: string): void {
  try {
    if (lstatSync(path).isFile()) unlinkSync(path);
  } catch {
    // gone, or not ours to remove
  }
}

function readPoint(statePath: string, partPath: string, key: string): StoredPoint {
  const startOver = `remove ${partPath} and ${statePath} to start over`;
  let text = '';
  try {
    const fd = openSync(statePath, constants.O_RDONLY | NOFOLLOW);
    try {
      if (!isOwnRegularFile(fd)) throw new Error('not a regular file of yours');
      const buffer = Buffer.alloc(64 * 1024);
      const length = readSync(fd, buffer, 0, buffer.length, 0);
      text = buffer.subarray(0, length).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : `cannot be read (${(error as Error).message})`;
    throw new OutputFileError('EXISTS', partPath, `${partPath} exists but its progress record ${statePath} ${why}; remove ${partPath} to start over`);
  }
  let point: unknown;
  try {
    point = JSON.parse(text);
  } catch {
    point = null;
  }
  const p = point as Partial<StoredPoint> | null;
  const notOurs = new OutputFileError('EXISTS', partPath, `${statePath} is not a progress record of sudoku-press; ${startOver}`);
  if (p === null || typeof p !== 'object' || typeof p.key !== 'string') throw notOurs;
  if (p.key !== key) {
    throw new OutputFileError('EXISTS', partPath, `${partPath} was started by a run with other options or input; resume with the same command, or ${startOver}`);
  }
  if ((p.version as number) === 1) {
    throw new OutputFileError('EXISTS', partPath, `${partPath} was started by an older sudoku-press, whose progress record has no checksums; ${startOver}`);
  }
  const whole = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  const hex = (h: unknown): boolean => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h);
  if (
    p.version !== 2 ||
    !whole(p.records) ||
    !whole(p.bytes) ||
    typeof p.data !== 'object' ||
    p.data === null ||
    Array.isArray(p.data) ||
    !Object.values(p.data).every(whole) ||
    !hex(p.part) ||
    !hex(p.seal) ||
    !(p.input === null || (Array.isArray(p.input) && p.input.every((i: unknown) => typeof i === 'object' && i !== null && whole((i as InputPrefix).bytes) && hex((i as InputPrefix).sha256))))
  ) {
    throw notOurs;
  }
  const stored = p as StoredPoint;
  const { seal, ...fields } = stored;
  if (sealOf(fields) !== seal) {
    throw new OutputFileError('CHANGED', partPath, `${statePath} was changed after it was saved (its seal does not match its fields); ${startOver}`);
  }
  return stored;
}

const RESUMABLE_KEYS = optionKeys<ResumableFileOptions>({ key: true, force: true, inputs: true });
