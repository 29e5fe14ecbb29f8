import type { Readable, Writable } from 'node:stream';

/** The streams a command talks to; tests pass their own. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  /** Whether stderr is a terminal (progress bars only then). */
  stderrIsTTY: boolean;
}

/** The process's own streams. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    stderrIsTTY: Boolean(process.stderr.isTTY),
  };
}

/** Exit codes shared by every command. */
export const EXIT = {
  ok: 0,
  /** Some puzzle is not unique / not solvable / invalid, or a target was not reached. */
  failure: 1,
  /** Bad options or arguments. */
  usage: 2,
} as const;

/** A user's mistake in options or arguments: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'USAGE';
}

/** Result holder that each command's action fills in. */
export interface CommandState {
  exitCode: number;
}
