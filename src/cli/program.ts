import { Command, CommanderError } from 'commander';
import { PuzzleFormatError } from '../core/errors.js';
import { OutputFileError, describeFileError } from '../node/output-file.js';
import { EXIT, UsageError, processIo, type CliIo, type CommandState } from './io.js';
import { OutputWriteError, oneLine } from './output.js';
import { registerSolve } from './solve.js';
import { registerCheck } from './check.js';
import { registerGrade } from './grade.js';
import { registerExplain } from './explain.js';
import { registerHint } from './hint.js';
import { registerGenerate } from './generate.js';
import { registerBook } from './book.js';
import { registerTemplates } from './templates.js';

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
      // One line per error, the pointer to --help on it.
      outputError: (text, write) => write(`${oneLine(text.replace(/\n+$/, ''))} (run with --help for usage)\n`),
    });
  registerSolve(program, io, state);
  registerCheck(program, io, state);
  registerGrade(program, io, state);
  registerExplain(program, io, state);
  registerHint(program, io, state);
  registerGenerate(program, io, state);
  registerBook(program, io, state);
  registerTemplates(program, io, state);
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
    const say = (message: string): void => {
      io.stderr.write(`sudoku-press: ${oneLine(message)}\n`);
    };
    if (error instanceof UsageError) {
      say(error.message);
      return EXIT.usage;
    }
    if (error instanceof PuzzleFormatError) {
      say(error.message);
      return EXIT.failure;
    }
    if (error instanceof OutputWriteError) {
      if (error.code === 'EPIPE') return state.exitCode; // the reader stopped reading: not an error
      say(error.message);
      return EXIT.failure;
    }
    if (error instanceof OutputFileError) {
      say(error.message);
      return error.isUsage || error.code === 'PERMISSION' ? EXIT.usage : EXIT.failure;
    }
    if (isNodeError(error) && error.code === 'EPIPE') return state.exitCode;
    if (isNodeError(error) && typeof error.path === 'string') {
      // A system error on a file the user named (the path is theirs, never a temporary one).
      const described = describeFileError(error, error.path, error.syscall === 'open' || error.syscall === 'read' ? 'read' : 'write');
      say(described.message);
      return described.isUsage || described.code === 'PERMISSION' ? EXIT.usage : EXIT.failure;
    }
    if (error instanceof RangeError && /call stack/.test(error.message)) {
      say('input nested too deeply to read');
      return EXIT.failure;
    }
    throw error;
  }
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}
