#!/usr/bin/env node
import { installInterruptHandlers } from '../node/interrupt.js';
import { removeLiveTemporaries } from '../node/output-file.js';
import { outputWriteError } from './output.js';
import { runCli } from './program.js';

// Ctrl-C / SIGTERM: temporary files removed, exit 130 / 143 at once.
installInterruptHandlers((line) => process.stderr.write(line));

// Closing a pipe early (e.g. `| head`) is not an error; a full disk or a broken device is one line.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  removeLiveTemporaries();
  process.stderr.write(`sudoku-press: ${outputWriteError(error).message}\n`);
  process.exit(1);
});
process.stderr.on('error', () => {
  // Nowhere left to say anything: the exit code tells.
  process.exit(process.exitCode ?? 1);
});

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug, not a user mistake: say so in one line, with the stack only when asked for.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`sudoku-press: internal error: ${message}\n`);
    if (process.env['SUDOKU_PRESS_DEBUG']) process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    process.exitCode = 70;
  },
);
