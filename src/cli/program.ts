import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { PuzzleFormatError } from '../core/errors.js';
import { OutputFileError, describeFileError } from '../node/file-errors.js';
import { EXIT, UsageError, processIo, type CliIo, type CommandState } from './io.js';
import { OutputWriteError, oneLine } from './output.js';

/** Adds one subcommand to the program. */
type Register = (program: Command, io: CliIo, state: CommandState) => void;

/**
 * The subcommands, each loaded only when it is run (or when the whole program's help is asked for):
 * `check` should not pay for the PDF writer, nor `solve` for the grader.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  solve: async () => (await import('./solve.js')).registerSolve,
  check: async () => (await import('./check.js')).registerCheck,
  grade: async () => (await import('./grade.js')).registerGrade,
  explain: async () => (await import('./explain.js')).registerExplain,
  hint: async () => (await import('./hint.js')).registerHint,
  generate: async () => (await import('./generate.js')).registerGenerate,
  book: async () => (await import('./book.js')).registerBook,
  cover: async () => (await import('./cover.js')).registerCover,
  templates: async () => (await import('./templates.js')).registerTemplates,
  draw: async () => (await import('./draw.js')).registerDraw,
  repair: async () => (await import('./repair.js')).registerRepair,
};

let version: string | undefined;

/** The package's version, from its package.json (two folders up from src/cli or dist/cli). */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

/**
 * The subcommand that argv runs: its first word when that names one. Options of the program itself
 * come before it (`--version`, `--help`), so the first word is the command or there is none.
 */
function commandOf(argv: readonly string[]): string | undefined {
  const first = argv[0];
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? first : undefined;
}

/**
 * Builds the `sudoku-press` program over the given streams, with the subcommand `argv` runs, or with
 * every subcommand when argv names none (help, version, an unknown command).
 */
export async function buildProgram(io: CliIo, state: CommandState, argv: readonly string[] = []): Promise<Command> {
  const program = new Command('sudoku-press');
  program
    .description('Sudoku puzzles people can trust and print: solve, check, grade, generate, and make PDF books.')
    .version(packageVersion())
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // One line per error, the pointer to --help on it.
      outputError: (text, write) => write(`${oneLine(text.replace(/\n+$/, ''))} (run with --help for usage)\n`),
    });
  const only = commandOf(argv);
  // --version needs no command; help and unknown commands need them all.
  const versionOnly = argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');
  const names = versionOnly ? [] : only === undefined ? Object.keys(COMMANDS) : [only];
  for (const name of names) (await COMMANDS[name]!())(program, io, state);
  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput());
  // `-o -` reads as standard output, as `-` is standard input; the file machinery would make a file named '-'.
  program.hook('preAction', (_, action) => {
    const options = action.opts();
    if (options['output'] === '-' || options['outDir'] === '-') {
      throw new UsageError("-o -: '-' is not taken as a name (what prints lines goes to standard output when -o is left out; ./- names a file '-')");
    }
  });
  return program;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit code.
 * User mistakes become one line on stderr and code 2; nothing is thrown for them.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const state: CommandState = { exitCode: EXIT.ok };
  const program = await buildProgram(io, state, argv);
  // An unknown command is a usage error with or without --help (commander would show the help of
  // the program and exit 0): parsed alone, it gets commander's own "unknown command" line.
  const first = argv[0];
  const unknown = first !== undefined && !first.startsWith('-') && first !== 'help' && commandOf(argv) === undefined;
  try {
    await program.parseAsync((unknown ? [first] : argv) as string[], { from: 'user' });
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
