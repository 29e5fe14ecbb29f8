/**
 * Ctrl-C, SIGTERM and SIGHUP for a command-line process: remove the temporary files of unfinished
 * outputs, say in one line what was kept, and exit at once with 128 + the signal's number (130,
 * 143, 129), as shells expect. Work in progress is not awaited: what a run writes is either
 * complete and in place, or kept as a resumable part file that the next run continues.
 */

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
export type StopSignal = keyof typeof EXIT_CODES;

/** What the interrupted run keeps (a resumable part file), said in the message. */
const notes = new Set<string>();

/**
 * Adds a sentence to the message an interruption prints (e.g. "progress kept in out.txt.part;
 * run the same command again to resume"); returns a function that takes it back.
 */
export function noteOnInterrupt(text: string): () => void {
  notes.add(text);
  return () => notes.delete(text);
}

/**
 * What to undo on a signal or a failed run: the output-file module adds its removal of temporary
 * files when it makes the first one (so that a command writing no file never loads it).
 */
const cleanups = new Set<() => unknown>();

/**
 * Runs `cleanup` (synchronously) when the process is interrupted, or on {@link runCleanups};
 * returns a function that takes it back (once what it would undo is complete).
 */
export function cleanUpOnInterrupt(cleanup: () => unknown): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs every cleanup now (for a process about to exit on an error). */
export function runCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // the others still run
    }
  }
}

/** The line an interruption prints: what was kept or written whole, or that no file was written. */
export function interruptMessage(signal: StopSignal): string {
  const kept = [...notes];
  return `sudoku-press: interrupted (${signal}); ${kept.length > 0 ? kept.join('; ') : 'no file written'}\n`;
}

let installed = false;

/**
 * Installs the handlers (once). `write` prints the one line (standard error). The exit code is
 * 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
 */
export function installInterruptHandlers(write: (line: string) => void): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  for (const signal of Object.keys(EXIT_CODES) as StopSignal[]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      runCleanups();
      try {
        write(interruptMessage(signal));
      } catch {
        // stderr gone: the exit code still tells
      }
      process.exit(EXIT_CODES[signal]);
    });
  }
}
