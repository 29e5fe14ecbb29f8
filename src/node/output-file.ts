/**
 * Output files that are never half-written, never overwritten by accident and never written
 * through someone else's link.
 *
 * A file is written to a temporary file in the target's own folder, created exclusively
 * (`O_CREAT | O_EXCL | O_NOFOLLOW`) under an unpredictable name, and moved into place only when
 * complete: without `force` by a hard link, which fails if the target appeared meanwhile (no
 * check-then-rename race), with `force` by a rename (which replaces a link at the target, never
 * what it points to). On any failure the temporary file is removed; on SIGINT / SIGTERM the CLI
 * calls {@link removeLiveTemporaries}; after a SIGKILL the next run into that folder sweeps the
 * temporary files of dead processes of this machine that belong to the same user
 * ({@link sweepStaleTemporaries}).
 *
 * Every command that writes a file goes through {@link openOutputFile} (or {@link writeOutputFile}).
 */
import { OptionError, optionKeys, ownOptions, shownValue } from '../core/errors.js';
import { createRequire } from 'node:module';
import { OutputFileError, describeFileError, makeFolder } from './file-errors.js';
import { cleanUpOnInterrupt } from './interrupt.js';
import {
  closeSync,
  constants,
  createWriteStream,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type WriteStream,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';

export { OutputFileError, describeFileError, type OutputFileErrorCode } from './file-errors.js';

/**
 * Throws an OutputFileError when `path` cannot be a new output file: a folder name (`dir/`), an
 * existing folder or device, an existing file without `force`, or a path through a file. Commands
 * call it before any work, so that a long run is not wasted on a refused file.
 */
export function checkOutputPath(path: string, force: boolean): void {
  if (typeof path !== 'string') throw new OutputFileError('BAD_PATH', shownValue(path), `the file to write must be named by a string (got ${path === null ? 'null' : typeof path})`);
  if (path === '' || path.endsWith('/') || path.endsWith('\\') || basename(path) === '.' || basename(path) === '..') {
    throw new OutputFileError('BAD_PATH', path, `${path === '' ? 'an empty name' : path} is not a file name (give the file to write, e.g. ${path}book.pdf)`);
  }
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      checkFolderPath(dirname(path), path);
      return;
    }
    throw describeFileError(error, path, 'write');
  }
  if (!stats.isFile()) throw new OutputFileError('NOT_A_FILE', path, `${path} exists and is not a file`);
  if (!force) throw new OutputFileError('EXISTS', path, `${path} already exists; use --force to replace it`);
}

/** The output's folder (or the nearest existing ancestor) must be a folder. */
function checkFolderPath(folder: string, path: string): void {
  let current = folder;
  for (;;) {
    try {
      const stats = statSync(current);
      if (!stats.isDirectory()) throw new OutputFileError('BAD_PATH', path, `cannot write ${path}: ${current} is a file, not a folder`);
      return;
    } catch (error) {
      if (error instanceof OutputFileError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw describeFileError(error, path, 'write');
      const parent = dirname(current);
      if (parent === current) return;
      current = parent;
    }
  }
}

/** Hosts sharing a folder (NFS) each sweep only their own temporary files. */
/**
 * node:crypto, loaded on first use: loading it costs 3-5 ms of a CLI start, and a command that
 * writes no file (check of one puzzle) should not pay for it.
 */
export function nodeCrypto(): typeof import('node:crypto') {
  return createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
}

let hostTagValue: string | undefined;

/** This machine's tag in temporary names (a hash of its host name, made on first use). */
function hostTagNow(): string {
  hostTagValue ??= nodeCrypto().createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
  return hostTagValue;
}
const TEMPORARY = /^\.(.+)\.([0-9a-f]{8})-(\d+)-[0-9a-f]{16}\.partial$/;

/**
 * The name of a temporary file for `target` (in its folder): marked with this machine and process,
 * so that {@link sweepStaleTemporaries} knows when its writer is gone.
 */
export function temporaryName(target: string): string {
  return `.${basename(target)}.${hostTagNow()}-${process.pid}-${nodeCrypto().randomBytes(8).toString('hex')}.partial`;
}

/** Temporary files of this process, removed by {@link removeLiveTemporaries} on a signal. */
const live = new Set<string>();
let exitHookInstalled = false;

/**
 * Removes every temporary file this process has open (synchronously: for signal handlers and
 * `process.on('exit')`). Returns how many were removed.
 */
export function removeLiveTemporaries(): number {
  let removed = 0;
  for (const path of live) {
    try {
      unlinkSync(path);
      removed++;
    } catch {
      // already gone
    }
  }
  live.clear();
  return removed;
}

/** Adds a file of this process to those removed on a signal or at exit (a lock, say). */
export function trackTemporary(path: string): void {
  track(path);
}

/** Takes a file back from {@link trackTemporary} (it was removed, or is to stay). */
export function untrackTemporary(path: string): void {
  live.delete(path);
}

/** This machine's tag in our temporary and lock file names. */
export function hostTag(): string {
  return hostTagNow();
}

function track(path: string): void {
  live.add(path);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => removeLiveTemporaries());
    cleanUpOnInterrupt(removeLiveTemporaries);
  }
}

/** Whether process `pid` of this machine is running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, but not ours
  }
}

/**
 * Removes the temporary files that runs of this program left in `folder` for the output
 * `target` when they were killed (SIGKILL, power cut): only regular files (never a link), owned by
 * this user, named by this machine, whose process is gone. Returns how many were removed.
 */
export function sweepStaleTemporaries(folder: string, target: string): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  const base = basename(target);
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  let removed = 0;
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (!match || match[1] !== base || match[2] !== hostTagNow()) continue;
    const pid = Number(match[3]);
    if (pid === process.pid || isAlive(pid)) continue;
    const path = join(folder, name);
    try {
      const stats = lstatSync(path);
      if (!stats.isFile() || (uid >= 0 && stats.uid !== uid)) continue;
      unlinkSync(path); // unlink never follows a link
      removed++;
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

/** Options of {@link openOutputFile}. */
export interface OutputFileOptions {
  /** Replace an existing file. Default false. */
  force?: boolean;
  /** File mode of the new file (before the umask). Default 0o666. */
  mode?: number;
}

/** A file being written: write to `stream`, then {@link OutputFile.commit} or {@link OutputFile.discard}. */
export interface OutputFile {
  /** The user's path. */
  readonly path: string;
  /** Where the bytes go until commit (in the same folder, hidden). */
  readonly temporaryPath: string;
  readonly stream: WriteStream;
  /** Ends the stream, waits for the bytes to reach the file, and moves it into place. */
  commit(): Promise<{ bytes: number }>;
  /** Stops writing and removes the temporary file; never throws. */
  discard(): Promise<void>;
}

/** Checks `path` as a new output file and makes its folder if missing; returns the folder. */
function outputFolder(path: string, force: boolean): string {
  checkOutputPath(path, force);
  const folder = dirname(path);
  makeFolder(folder, path);
  return folder;
}

/**
 * A new temporary file for `path` in `folder`, created exclusively (never a name that exists, never
 * through a link) under an unpredictable name, and tracked for removal on a signal or at exit.
 */
function openTemporary(folder: string, path: string, mode = 0o666): { fd: number; temporaryPath: string } {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  for (let attempt = 0; ; attempt++) {
    const temporaryPath = join(folder, temporaryName(path));
    try {
      const fd = openSync(temporaryPath, flags, mode);
      track(temporaryPath);
      return { fd, temporaryPath };
    } catch (error) {
      // A name taken (by chance, or planted): draw another; never open what is there.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 8) continue;
      throw describeFileError(error, path, 'write');
    }
  }
}

const OUTPUT_FILE_KEYS = optionKeys<OutputFileOptions>({ force: true, mode: true });

/**
 * Opens a new output file for `path` (its folder is made if missing). The bytes go to a temporary
 * file until {@link OutputFile.commit}.
 * @throws OutputFileError for a refused path (see {@link checkOutputPath}) or a system error.
 */
export function openOutputFile(path: string, options: OutputFileOptions = {}): OutputFile {
  options = ownOptions(options, OUTPUT_FILE_KEYS, 'output file');
  const force = options.force ?? false;
  const folder = outputFolder(path, force);
  sweepStaleTemporaries(folder, path);
  const { fd, temporaryPath } = openTemporary(folder, path, options.mode);
  // Not closed when the writes end: commit syncs the fd first (destroy closes it).
  const stream = createWriteStream('', { fd, autoClose: false });
  let failure: unknown = null;
  stream.on('error', (error) => {
    failure ??= error;
  });

  const discard = async (): Promise<void> => {
    live.delete(temporaryPath);
    if (!stream.destroyed) stream.destroy();
    try {
      unlinkSync(temporaryPath);
    } catch {
      // already gone
    }
    if (!stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
  };

  const commit = async (): Promise<{ bytes: number }> => {
    try {
      if (failure) throw failure;
      stream.end();
      await finished(stream);
      if (failure) throw failure;
      // On the disk before it takes the user's name: a crash never leaves a short file in place.
      fsyncSync(fd);
      stream.destroy();
      if (!stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
      const bytes = lstatSync(temporaryPath).size;
      placeFile(temporaryPath, path, force);
      live.delete(temporaryPath);
      return { bytes };
    } catch (error) {
      await discard();
      throw describeFileError(error, path, 'write');
    }
  };
  return { path, temporaryPath, stream, commit, discard };
}

/** Moves a complete temporary file to `path`: no-clobber by a hard link unless `force`. */
export function placeFile(temporaryPath: string, path: string, force: boolean): void {
  if (force) {
    try {
      if (!lstatSync(path).isFile() && !lstatSync(path).isSymbolicLink()) {
        throw new OutputFileError('NOT_A_FILE', path, `${path} exists and is not a file`);
      }
    } catch (error) {
      if (error instanceof OutputFileError) throw error;
    }
    renameSync(temporaryPath, path);
    return;
  }
  try {
    linkSync(temporaryPath, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new OutputFileError('EXISTS', path, `${path} already exists; use --force to replace it`);
    // File systems without hard links: check, then rename (a small race, the best they allow).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV' || code === 'EMLINK') {
      let exists = true;
      try {
        lstatSync(path);
      } catch {
        exists = false;
      }
      if (exists) throw new OutputFileError('EXISTS', path, `${path} already exists; use --force to replace it`);
      renameSync(temporaryPath, path);
      return;
    }
    throw error;
  }
  unlinkSync(temporaryPath);
}

/**
 * Writes a file through {@link openOutputFile}: `write` fills the stream; the file is moved into
 * place when it resolves, and removed when it throws (the error is passed on).
 */
export async function writeOutputFile<T>(path: string, options: OutputFileOptions, write: (stream: WriteStream) => Promise<T>): Promise<{ result: T; bytes: number }> {
  options = ownOptions(options, OUTPUT_FILE_KEYS, 'output file');
  if (typeof write !== 'function') throw new OptionError('BAD_OPTION', `the writer of ${shownValue(path)} must be a function (got ${write === null ? 'null' : typeof write})`);
  const file = openOutputFile(path, options);
  let result: T;
  try {
    result = await write(file.stream);
  } catch (error) {
    await file.discard();
    throw error;
  }
  const { bytes } = await file.commit();
  return { result, bytes };
}

/**
 * Writes `data` to `path` whole or not at all, synchronously (small files: a picture, a page), the
 * same way as {@link openOutputFile}: an exclusive temporary file beside it, moved into place
 * when written (without `force`, never over an existing file), removed on failure.
 * @throws OutputFileError naming `path`.
 */
export function writeFileWhole(path: string, data: string | Uint8Array, options: OutputFileOptions = {}): { bytes: number } {
  options = ownOptions(options, OUTPUT_FILE_KEYS, 'output file');
  // Anything else has no bytes to write: it would be an empty file under the user's name.
  if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
    throw new OptionError('BAD_OPTION', `the data of ${shownValue(path)} must be a string or a Uint8Array (got ${data === null ? 'null' : typeof data})`);
  }
  const force = options.force ?? false;
  const folder = outputFolder(path, force);
  const { fd, temporaryPath } = openTemporary(folder, path, options.mode);
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  try {
    try {
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd); // on the disk before it takes the user's name
    } finally {
      closeSync(fd);
    }
    placeFile(temporaryPath, path, force);
  } catch (error) {
    try {
      unlinkSync(temporaryPath);
    } catch {
      // already gone
    }
    throw describeFileError(error, path, 'write');
  } finally {
    live.delete(temporaryPath);
  }
  return { bytes: bytes.length };
}

/**
 * Makes the names in `folder` durable (a rename, a new link, a removal): fsync of the folder.
 * Best effort: some systems cannot open or sync a folder, and there is nothing better to do there.
 */
export function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = openSync(folder, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EBADF' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    closeQuietly(fd);
  }
}

/** Whether `fd` is a regular file owned by this user (for files opened by name in shared folders). */
export function isOwnRegularFile(fd: number): boolean {
  const stats = fstatSync(fd);
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  return stats.isFile() && (uid < 0 || stats.uid === uid);
}

/** Closes an fd, ignoring errors. */
export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // nothing to do
  }
}
