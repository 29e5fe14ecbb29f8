import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import { LEVELS } from '../grader/index.js';
import {
  GenerateError,
  GenerateOptionError,
  SYMMETRIES,
  generate,
  parseRatingBand,
  type GenerateOptions,
  type GeneratedPuzzle,
  type Symmetry,
} from '../generator/index.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { LineWriter } from './output.js';

interface GenerateCliOptions {
  count: number;
  seed?: string;
  start: number;
  jobs?: number;
  difficulty?: string;
  rating?: string;
  technique?: string;
  pearl: boolean;
  diamond: boolean;
  symmetry: string;
  minimal: boolean;
  cluesMin?: number;
  cluesMax?: number;
  format: 'line' | 'json' | 'csv';
  solutions: boolean;
  timeout?: number;
  maxAttempts?: number;
}

/** A whole number for commander; the range is checked by the generator's own validation. */
function wholeNumber(text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new InvalidArgumentError('not a whole number.');
  return Number(text);
}

function seconds(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new InvalidArgumentError('not a number of seconds.');
  return value;
}

function countsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([id, n]) => `${id}:${n}`)
    .join(' ');
}

function lineOf(p: GeneratedPuzzle, solutions: boolean): string {
  const fields = [formatGrid(p.puzzle), p.grade.rating.toFixed(1), p.grade.level, String(p.clues), String(p.index)];
  if (solutions) fields.push(formatGrid(p.solution));
  return fields.join(' ');
}

function jsonOf(p: GeneratedPuzzle, solutions: boolean): string {
  return JSON.stringify({
    index: p.index,
    puzzle: formatGrid(p.puzzle),
    ...(solutions ? { solution: formatGrid(p.solution) } : {}),
    rating: p.grade.rating,
    pearl: p.grade.pearl,
    diamond: p.grade.diamond,
    level: p.grade.level,
    clues: p.clues,
    hardest: p.grade.hardest,
    steps: p.grade.steps,
    counts: p.grade.counts,
  });
}

const CSV_HEADER = ['index', 'puzzle', 'rating', 'level', 'clues', 'hardest', 'techniques'];

function csvOf(p: GeneratedPuzzle, solutions: boolean): string {
  const fields = [String(p.index), formatGrid(p.puzzle), p.grade.rating.toFixed(1), p.grade.level, String(p.clues), p.grade.hardest, countsText(p.grade.counts)];
  if (solutions) fields.push(formatGrid(p.solution));
  return fields.join(',');
}

/** Turns the command line into library options (the library checks ranges and combinations). */
function libraryOptions(cli: GenerateCliOptions, seed: string): GenerateOptions {
  const options: GenerateOptions = {
    seed,
    count: cli.count,
    start: cli.start,
    jobs: cli.jobs ?? availableParallelism(),
    symmetry: cli.symmetry as Symmetry,
    minimal: cli.minimal,
  };
  if (cli.difficulty !== undefined) options.difficulty = cli.difficulty as NonNullable<GenerateOptions['difficulty']>;
  if (cli.rating !== undefined) options.rating = parseRatingBand(cli.rating);
  if (cli.technique !== undefined) options.technique = cli.technique;
  if (cli.pearl) options.pearl = true;
  if (cli.diamond) options.diamond = true;
  if (cli.cluesMin !== undefined) options.cluesMin = cli.cluesMin;
  if (cli.cluesMax !== undefined) options.cluesMax = cli.cluesMax;
  if (cli.timeout !== undefined) options.timeoutMs = cli.timeout * 1000;
  if (cli.maxAttempts !== undefined) options.maxAttempts = cli.maxAttempts;
  return options;
}

export function registerGenerate(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('generate')
    .description('Make puzzles with exactly one solution, of a chosen difficulty, reproducibly from a seed.')
    .option('-n, --count <n>', 'how many puzzles', wholeNumber, 1)
    .option('-s, --seed <text>', 'any text; the same seed and options give the same puzzles (default: a random seed, printed on stderr)')
    .option('--start <k>', 'index of the first puzzle (to make puzzles k, k+1, ... of a larger run)', wholeNumber, 1)
    .option('-j, --jobs <n>', 'worker threads (default: the number of cores); the output does not depend on it', wholeNumber)
    .option('-d, --difficulty <level>', `a level: ${LEVELS.map((row) => row.level).join(', ')}`)
    .option('-r, --rating <band>', 'a band of ratings, e.g. 4.0-6.0 (instead of --difficulty)')
    .option('-t, --technique <id>', 'require that the solving path uses this technique (ids as in `grade --json`)')
    .option('--pearl', 'a "pearl": the hardest step comes by the first placement (Sudoku Explainer EP = ER)', false)
    .option('--diamond', 'a "diamond": the first step is the hardest (ED = ER; also a pearl)', false)
    .option('--symmetry <kind>', `symmetry of the givens: ${SYMMETRIES.join(', ')}`, 'none')
    .option('--minimal', 'no given can be removed without losing uniqueness', false)
    .option('--clues-min <n>', 'fewest givens', wholeNumber)
    .option('--clues-max <n>', 'most givens', wholeNumber)
    .addOption(new Option('-f, --format <format>', 'output format').choices(['line', 'json', 'csv']).default('line'))
    .option('--solutions', 'include each solution', false)
    .option('--timeout <seconds>', 'give up after this long (reports how many were made)', seconds)
    .option('--max-attempts <n>', 'give up on a puzzle after this many full grids', wholeNumber)
    .addHelpText(
      'after',
      `
Output (line format), one line per puzzle:
  <puzzle> <rating> <level> <clues> <index> [<solution>]
json: one object per line with index, puzzle, rating, pearl, diamond (serate's ER/EP/ED), level, clues, hardest, steps, counts (steps per
technique) [and solution]. csv: a header, then index,puzzle,rating,level,clues,hardest,techniques.

Puzzle i depends only on the seed, the options that shape puzzles and i: --count 100 and then
--start 51 --count 50 give the same puzzles 51-100, and any --jobs gives the same output.

Exit code 0 when all puzzles were made, 1 when --timeout or --max-attempts stopped the run, 2 for
bad options.

Examples:
  $ sudoku-press generate --count 10 --difficulty easy --seed book-1
  $ sudoku-press generate -n 100 -d hard --symmetry rotational --format json --seed s > hard.jsonl
  $ sudoku-press generate -n 5 --rating 6.0-7.4 --technique xy-wing --seed w --solutions
  $ sudoku-press generate -n 3 --rating 7.5-9 --diamond --seed d   # hard from the very first step`,
    )
    .action(async (cli: GenerateCliOptions) => {
      const seed = cli.seed ?? randomBytes(6).toString('hex');
      let puzzles: AsyncGenerator<GeneratedPuzzle>;
      try {
        puzzles = generate(libraryOptions(cli, seed));
      } catch (error) {
        if (error instanceof GenerateOptionError) throw new UsageError(error.message);
        throw error;
      }
      if (cli.seed === undefined) io.stderr.write(`sudoku-press: seed ${seed} (repeat this run with --seed ${seed})\n`);

      const out = new LineWriter(io.stdout);
      const format = cli.format === 'json' ? jsonOf : cli.format === 'csv' ? csvOf : lineOf;
      if (cli.format === 'csv') await out.line([...CSV_HEADER, ...(cli.solutions ? ['solution'] : [])].join(','));
      // On a terminal the bar goes to stderr; when the puzzles scroll by on the same terminal they
      // would break it up, and are progress enough.
      const stdoutIsTTY = Boolean((io.stdout as { isTTY?: boolean }).isTTY);
      const bar = io.stderrIsTTY && !stdoutIsTTY ? startBar(io, cli.count) : null;
      const started = performance.now();
      let made = 0;
      let flushed = started;
      try {
        for await (const p of puzzles) {
          await out.line(format(p, cli.solutions));
          made++;
          if (bar) bar.update(made, { rate: (made / Math.max(1e-3, (performance.now() - started) / 1000)).toFixed(1) });
          // When puzzles are slow, lines still reach the reader soon after they are made.
          const now = performance.now();
          if (now - flushed > 250) {
            await out.flush();
            flushed = now;
          }
        }
      } catch (error) {
        if (!(error instanceof GenerateError)) throw error;
        await out.flush();
        bar?.stop();
        io.stderr.write(`sudoku-press: ${error.message}\n`);
        state.exitCode = EXIT.failure;
        return;
      }
      await out.flush();
      bar?.stop();
    });
}

function startBar(io: CliIo, total: number): cliProgress.SingleBar {
  const bar = new cliProgress.SingleBar(
    {
      stream: io.stderr,
      format: 'generate [{bar}] {value}/{total} | {rate} puzzles/s | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { rate: '0.0' });
  return bar;
}
