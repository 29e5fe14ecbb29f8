#!/usr/bin/env node
import { runCli } from './program.js';
// Closing a pipe early (e.g. `| head`) is not an error.
process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE')
        process.exit(process.exitCode ?? 0);
    throw error;
});
runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
}, (error) => {
    // A bug, not a user mistake: say so in one line, with the stack only when asked for.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`sudoku-press: internal error: ${message}\n`);
    if (process.env['SUDOKU_PRESS_DEBUG'])
        process.stderr.write(`${error.stack ?? ''}\n`);
    process.exitCode = 70;
});
