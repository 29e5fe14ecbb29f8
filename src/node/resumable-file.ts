/**
 * An output file that survives an interrupted run: the bytes go to `FILE.part`, and after each
 * batch of records a small progress record `FILE.part.json` says how many records and bytes are
 * complete (written after the bytes, and replaced atomically by a rename). A later run with the
 * same key reads it, cuts `FILE.part` back to the recorded bytes (dropping a half-written line
 * and anything written after the last record), and goes on from the next record, so the final
 * file is byte-identical to an uninterrupted run's. When the run completes, `FILE.part` is moved
 * to `FILE` (never over an existing file without `force`) and the progress record removed.
 *
 * The names are predictable, so they are opened as in a shared folder: never through a link
 * (`O_NOFOLLOW`), created exclusively, and an existing part file must be a regular file of ours.
 * One run at a time writes a part file: it holds `FILE.part.lock` (see {@link LEASE_MS}).
 */
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
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
  placeFile,
  trackTemporary,
  untrackTemporary,
  sweepStaleTemporaries,
  temporaryName,
} from './output-file.js';

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

interface StoredPoint extends ResumePoint {
  version: 1;
  /** What the run is (command and the options that shape its output); must match to resume. */
  key: string;
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
  private fd: number;
  private bytes: number;

  private constructor(
    readonly path: string,
    private readonly key: string,
    private readonly force: boolean,
    fd: number,
    resumed: ResumePoint,
  ) {
    this.partPath = `${path}.part`;
    this.statePath = `${path}.part.json`;
    this.lockPath = `${path}.part.lock`;
    this.fd = fd;
    this.bytes = resumed.bytes;
    this.resumed = resumed;
    this.stream = new Writable({
      write: (chunk: Buffer | string, encoding, done) => {
        try {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
          let offset = 0;
          while (offset < buffer.length) offset += writeSync(this.fd, buffer, offset, buffer.length - offset, this.bytes + offset);
          this.bytes += buffer.length;
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
   *   or it was started by a different run.
   */
  static open(path: string, options: { key: string; force?: boolean }): ResumableFile {
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
      return ResumableFile.openLocked(path, options.key, force, partPath, statePath);
    } catch (error) {
      releaseLock(lockPath);
      throw error;
    }
  }

  private static openLocked(path: string, key: string, force: boolean, partPath: string, statePath: string): ResumableFile {
    const options = { key };
    let exists = true;
    try {
      lstatSync(partPath);
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
      const file = new ResumableFile(path, key, force, fd, { records: 0, bytes: 0, data: {} });
      file.save(0, {});
      return file;
    }
    const point = readPoint(statePath, partPath);
    if (point.key !== options.key) {
      throw new OutputFileError(
        'EXISTS',
        partPath,
        `${partPath} was started by a run with other options or input; resume with the same command, or remove ${partPath} and ${statePath} to start over`,
      );
    }
    let fd: number;
    try {
      fd = openSync(partPath, constants.O_RDWR | NOFOLLOW);
    } catch (error) {
      throw describeFileError(error, partPath, 'write');
    }
    if (!isOwnRegularFile(fd)) {
      closeQuietly(fd);
      throw new OutputFileError('NOT_A_FILE', partPath, `${partPath} is not a regular file of yours; remove it to start over`);
    }
    if (fstatSync(fd).size < point.bytes) {
      closeQuietly(fd);
      throw new OutputFileError('IO', partPath, `${partPath} is shorter than its progress record says; remove ${partPath} and ${statePath} to start over`);
    }
    ftruncateSync(fd, point.bytes); // drops a half-written line, and lines after the last saved point
    return new ResumableFile(path, key, force, fd, { records: point.records, bytes: point.bytes, data: point.data });
  }

  /** Bytes in the part file. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Records that `records` records are complete in the bytes written so far (call after the
   * writer has flushed them). Atomic: a new progress file renamed over the old.
   */
  save(records: number, data: Record<string, number>): void {
    const point: StoredPoint = { version: 1, key: this.key, records, bytes: this.bytes, data };
    const temporary = join(dirname(this.statePath), temporaryName(this.statePath));
    try {
      const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o666);
      try {
        writeSync(fd, `${JSON.stringify(point)}\n`);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.statePath);
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
    closeSync(this.fd);
    this.fd = -1;
    try {
      placeFile(this.partPath, this.path, this.force);
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

function readPoint(statePath: string, partPath: string): StoredPoint {
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
  const whole = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (
    p === null ||
    typeof p !== 'object' ||
    p.version !== 1 ||
    typeof p.key !== 'string' ||
    !whole(p.records) ||
    !whole(p.bytes) ||
    typeof p.data !== 'object' ||
    p.data === null ||
    !Object.values(p.data).every(whole)
  ) {
    throw new OutputFileError('EXISTS', partPath, `${statePath} is not a progress record of sudoku-press; remove ${partPath} and ${statePath} to start over`);
  }
  return p as StoredPoint;
}

const RESUMABLE_KEYS = optionKeys<Parameters<typeof ResumableFile.open>[1]>({ key: true, force: true });
