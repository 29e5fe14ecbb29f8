/*
 * The errors of files the CLI and the books write or read, apart from the machinery that writes
 * them (output-file.ts): a command that writes no file still reports its input's errors this way,
 * and should not load that machinery to do so.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Stable codes of {@link OutputFileError}. */
export type OutputFileErrorCode =
  | 'EXISTS' // the target exists and `force` is off
  | 'NOT_A_FILE' // the target is a folder or a device
  | 'BAD_PATH' // a folder name, or a path through a file
  | 'PERMISSION' // the folder cannot be written, or a file cannot be read
  | 'NO_SPACE' // the disk (or quota) is full
  | 'CHANGED' // a resumed run's input, part file or progress record is not what the interrupted run left
  | 'IO'; // any other system error

/**
 * A file that cannot be written (or read); `message` names the user's file, never a temporary one.
 * Codes EXISTS, NOT_A_FILE, BAD_PATH and CHANGED are the user's mistakes in options or files (usage
 * errors); the others are conditions of the system.
 */
export class OutputFileError extends Error {
  override readonly name = 'OutputFileError';
  constructor(
    readonly code: OutputFileErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }

  /** Whether the user can fix it by changing the command line (exit code 2 in the CLI). */
  get isUsage(): boolean {
    return this.code === 'EXISTS' || this.code === 'NOT_A_FILE' || this.code === 'BAD_PATH' || this.code === 'CHANGED';
  }
}

/**
 * Why `path` cannot be read as a file of this kind ("no such file", "a folder, not a font file",
 * "not a regular file..."), or null when it is a regular file.
 */
export function whyNotAFile(path: string, kind: string): string | null {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'no such file';
    if (code === 'ENOTDIR') return 'a part of this path is a file, not a folder';
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    return (error as Error).message;
  }
  if (stats.isDirectory()) return `a folder, not a ${kind} file`;
  if (!stats.isFile()) return `not a regular file (a device, a pipe or a socket), so not a ${kind} file`;
  return null;
}

/** One line for a system error on `path`, naming the user's file. */
export function describeFileError(error: unknown, path: string, action: 'read' | 'write'): OutputFileError {
  if (error instanceof OutputFileError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return new OutputFileError('PERMISSION', path, `permission denied: ${path}`);
    case 'EROFS':
      return new OutputFileError('PERMISSION', path, `cannot ${action} ${path}: read-only file system`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new OutputFileError('NO_SPACE', path, `cannot write ${path}: no space left on device`);
    case 'EFBIG':
      return new OutputFileError('NO_SPACE', path, `cannot write ${path}: file too large for this file system or limit`);
    case 'ENOENT':
      return new OutputFileError(action === 'read' ? 'BAD_PATH' : 'BAD_PATH', path, `no such file or folder: ${path}`);
    case 'ENOTDIR':
      return new OutputFileError('BAD_PATH', path, `${path}: a part of this path is a file, not a folder`);
    case 'EISDIR':
      return new OutputFileError('NOT_A_FILE', path, `${path} is a folder, not a file`);
    case 'ELOOP':
      return new OutputFileError('BAD_PATH', path, `${path}: too many levels of symbolic links`);
    case 'ENAMETOOLONG':
      return new OutputFileError('BAD_PATH', path, `${path}: file name too long`);
    default: {
      const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '') : String(error);
      return new OutputFileError('IO', path, `cannot ${action} ${path}: ${reason}`);
    }
  }
}

/**
 * Makes `folder` and its missing parents, one at a time: a recursive mkdir reports ENOENT when a
 * parent cannot be made on a read-only file system, where one folder at a time says what is wrong
 * (EROFS, EACCES); and under a parent that exists but takes no folders (/proc) it never returns
 * (Node 20: `mkdirSync('/proc/x', { recursive: true })` loops on ENOENT, deaf to signals).
 * @throws OutputFileError naming `path` (the user's file or folder).
 */
export function makeFolder(folder: string, path: string): void {
  const missing: string[] = [];
  for (let current = resolve(folder); !existsSync(current); current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new OutputFileError('BAD_PATH', path, `cannot write ${path}: the folder ${dir} cannot be made there`);
      if (code !== 'EEXIST') throw describeFileError(error, path, 'write');
    }
  }
}
