import { Command, CommanderError } from 'commander';
import { PuzzleFormatError } from '../core/errors.js';
import { EXIT, UsageError, processIo, type CliIo, type CommandState } from './io.js';
import { registerSolve } from './solve.js';
import { registerCheck } from './check.js';
import { registerGrade } from './grade.js';
import { registerExplain } from './explain.js';
import { registerHint } from './hint.js';
import { registerGenerate } from './generate.js';
import { registerBook } from './book.js';
import { registerTemplates } from './templates.js';
import { registerRepair } from './repair.js';

export const VERSION = '0.1.0';

/** Builds the `sudoku-press` program over the given streams. */
export function buildProgram(io: CliIo, state: CommandState): Command {
  const program = new Command('sudoku-press');
  program
    .description('Sudoku puzzles people can trust and print: solve, check, grade, generate, and make PDF books.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(run with --help for usage)');
  registerSolve(program, io, state);
  registerCheck(program, io, state);
  registerGrade(program, io, state);
  registerExplain(program, io, state);
  registerHint(program, io, state);
  registerGenerate(program, io, state);
  registerBook(program, io, state);
  registerTemplates(program, io, state);
  registerRepair(program, io, state);
  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput());
  return program;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit code.
 * User mistakes become one line on stderr and code 2; nothing is thrown for them.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const state: CommandState = { exitCode: EXIT.ok };
  const program = buildProgram(io, state);
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    return state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
        return EXIT.ok;
      }
      return EXIT.usage; // commander already printed the message
    }
    if (error instanceof UsageError) {
      io.stderr.write(`sudoku-press: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof PuzzleFormatError) {
      io.stderr.write(`sudoku-press: ${error.message}\n`);
      return EXIT.failure;
    }
    if (isNodeError(error) && (error.code === 'ENOENT' || error.code === 'EACCES' || error.code === 'EISDIR')) {
      io.stderr.write(`sudoku-press: ${error.message}\n`);
      return EXIT.usage;
    }
    if (isNodeError(error) && error.code === 'EPIPE') return state.exitCode;
    throw error;
  }
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}
