import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { LEVELS } from '../grader/index.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  GenerateOptionError,
  SYMMETRIES,
  parseRatingBand,
  type GenerateOptions,
  type GeneratedPuzzle,
  type Symmetry,
} from '../generator/index.js';
import { generate, type NodeGenerateOptions } from '../node/generate.js';
import { UsageError, type CliIo, type CommandState } from './io.js';
import { addTargetOptions, openOutputTarget, parseShard, resumeIsComplete, shardRange, type TargetCliOptions } from './output-target.js';
import { Progress } from './progress.js';
import { writeGenerated } from './generate-output.js';
import { VARIANT_LEVELS, runVariantGenerate } from './generate-variants.js';
import { VARIANT_NAMES } from '../generator/variants/index.js';

/** What `generate` reads of the command line (also what `generate --variant` reads). */
export interface GenerateCliOptions extends TargetCliOptions {
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
  format: 'line' | 'json' | 'csv' | 'fpuzzles';
  variant?: string;
  json: boolean;
  solutions: boolean;
  timeout?: number;
  maxAttempts?: number;
}

/** A whole number for commander; the range is checked by the generator's own validation. */
function wholeNumber(text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new InvalidArgumentError('not a whole number.');
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new InvalidArgumentError(`too large (at most ${Number.MAX_SAFE_INTEGER}).`);
  return value;
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
  const fields = [p.puzzle, p.grade.rating.toFixed(1), p.grade.level, String(p.clues), String(p.index)];
  if (solutions) fields.push(p.solution);
  return fields.join(' ');
}

function jsonOf(p: GeneratedPuzzle, solutions: boolean): string {
  return JSON.stringify({
    type: 'puzzle',
    index: p.index,
    status: 'graded',
    puzzle: p.puzzle,
    ...(solutions ? { solution: p.solution } : {}),
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
  const fields = [String(p.index), p.puzzle, p.grade.rating.toFixed(1), p.grade.level, String(p.clues), p.grade.hardest, countsText(p.grade.counts)];
  if (solutions) fields.push(p.solution);
  return fields.join(',');
}

/** Turns the command line into library options (the library checks ranges and combinations). */
function libraryOptions(cli: GenerateCliOptions, seed: string): NodeGenerateOptions {
  const options: NodeGenerateOptions = {
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
  const command = program
    .command('generate')
    .description('Make puzzles with exactly one solution, of a chosen difficulty, reproducibly from a seed.')
    .option('-n, --count <n>', 'how many puzzles', wholeNumber, 1)
    .option('-s, --seed <text>', 'any text; the same seed and options give the same puzzles (default: a random seed, printed on stderr)')
    .option('--start <k>', 'index of the first puzzle (to make puzzles k, k+1, ... of a larger run)', wholeNumber, 1)
    .option('-j, --jobs <n>', 'worker threads (default: the number of cores); the output does not depend on it', wholeNumber)
    .option('--variant <name>', `a variant instead of classic puzzles: ${VARIANT_NAMES.join(', ')}`)
    .option('-d, --difficulty <level>', `a level: ${LEVELS.map((row) => row.level).join(', ')} (with --variant: ${VARIANT_LEVELS.join(', ')})`)
    .option('-r, --rating <band>', 'a band of ratings, e.g. 4.0-6.0 (instead of --difficulty)')
    .option('-t, --technique <id>', 'require that the solving path uses this technique (ids as in `grade --json`)')
    .option('--pearl', 'a "pearl": the hardest step comes by the first placement (Sudoku Explainer EP = ER)', false)
    .option('--diamond', 'a "diamond": the first step is the hardest (ED = ER; also a pearl)', false)
    .option('--symmetry <kind>', `symmetry of the givens: ${SYMMETRIES.join(', ')}`, 'none')
    .option('--minimal', 'no given can be removed without losing uniqueness', false)
    .option('--clues-min <n>', 'fewest givens', wholeNumber)
    .option('--clues-max <n>', 'most givens', wholeNumber)
    .addOption(new Option('-f, --format <format>', 'output format').choices(['line', 'json', 'csv', 'fpuzzles']).default('line'))
    .option('--json', 'the same as --format json', false)
    .option('--solutions', 'include each solution', false)
    .option('--timeout <seconds>', 'give up after this long (reports how many were made)', seconds)
    .option('--max-attempts <n>', `give up on a puzzle after this many full grids (default ${DEFAULT_MAX_ATTEMPTS.toLocaleString('en-US')})`, wholeNumber);
  addTargetOptions(command, 'puzzles');
  command
    .addHelpText(
      'after',
      `
Output (line format), one line per puzzle:
  <puzzle> <rating> <level> <clues> <index> [<solution>]
json (also --json): one object per line, type "puzzle", with index, status ("graded"), puzzle,
[solution,] rating, pearl, diamond (serate's ER/EP/ED), level, clues, hardest, steps, counts (steps per technique); a run that stops
early ends with a line of type "error" (code, error). csv: a header, then index,puzzle,rating,level,clues,hardest,techniques.

Puzzle i depends only on the seed, the options that shape puzzles and i: --count 100 and then
--start 51 --count 50 give the same puzzles 51-100, and any --jobs gives the same output.

Exit code 0 when all puzzles were made, 1 when --timeout or --max-attempts stopped the run, 2 for
bad options.

Variants (--variant NAME): one puzzle per line as a variant line (what check, solve and the
readers take: a classic 81-character line, a jigsaw as GIVENS LAYOUT, else tagged, e.g.
"x:...", "killer:... cages=... sums=...", "samurai:.../.../.../.../..."); --format fpuzzles writes
f-puzzles JSON (not Samurai); --json writes objects with type "puzzle", index, variant, rules,
puzzle (the variant line), solution, level, rating (graded levels), clues. The levels are the
grader's rating bands, as for classic puzzles: beginner (up to 1.5), easy (2.3), medium (3.4),
hard (4.6), expert (7.4). classic, jigsaw, x, windoku, 8x8, 12x12, 16x16 and samurai take all
five; killer easy to expert; oddeven easy, medium and hard; 6x6 beginner and easy; 4x4 beginner. any (the
default; 4x4 and 6x6 default to beginner, at least 7 and 14 givens) = whatever a minimal carving
gives, not graded: its level is "any". --rating, --technique, --pearl, --diamond, --minimal,
--clues-max and csv are classic only; --symmetry takes none or rotational (not killer);
--max-attempts defaults to 100 for variants. Every guarantee above (seed, --start, --jobs,
--shard, --resume, --timeout) holds for variants; their puzzles are made in worker threads.

Long runs: -o FILE writes the file whole or not at all; with --resume, progress is kept in
FILE.part and the same command run again goes on where it stopped (the file ends up byte for byte
what one uninterrupted run writes). --shard K/N makes the K-th of N equal blocks of the indices;
the N outputs concatenated in order (cat) are the one-machine output.

Examples:
  $ sudoku-press generate --count 10 --difficulty easy --seed book-1
  $ sudoku-press generate -n 100 -d hard --symmetry rotational --format json --seed s > hard.jsonl
  $ sudoku-press generate -n 5 --rating 6.0-7.4 --technique xy-wing --seed w --solutions
  $ sudoku-press generate -n 3 -d hard --pearl --seed p   # the hardest step before the first placement
  $ sudoku-press generate -n 100000 -d extreme --seed x -o extreme.txt --resume
  $ sudoku-press generate --variant jigsaw -n 20 -d medium --seed j > jigsaw.txt
  $ sudoku-press generate --variant killer -n 5 --format fpuzzles --seed k > killers.jsonl
  $ parallel sudoku-press generate -n 1000 --seed s --shard {}/4 -o part-{}.txt ::: 1 2 3 4 && cat part-{1,2,3,4}.txt > all.txt`,
    )
    .action(async (cli: GenerateCliOptions) => {
      const shard = parseShard(cli.shard);
      if (cli.resume && cli.seed === undefined) throw new UsageError('--resume needs --seed (a resumed run must make the same puzzles)');
      const seed = cli.seed ?? randomBytes(6).toString('hex');
      if (cli.json) cli.format = 'json';
      if (cli.variant !== undefined) {
        await runVariantGenerate(io, state, cli as GenerateCliOptions & { variant: string }, seed, shard, cli.seed !== undefined);
        return;
      }
      if (cli.format === 'fpuzzles') throw new UsageError('--format fpuzzles needs --variant (classic puzzles: line, json or csv)');
      const range = shardRange(cli.count, shard);
      // Checked for the whole run, so that every shard refuses what the whole run would.
      let options: NodeGenerateOptions;
      try {
        options = libraryOptions(cli, seed);
        void generate(options).return(undefined);
      } catch (error) {
        if (error instanceof GenerateOptionError) throw new UsageError(error.message);
        throw error;
      }
      if (await resumeIsComplete(io, cli)) return;
      const key = JSON.stringify(['generate', 1, seed, options.difficulty ?? null, cli.rating ?? null, options.technique ?? null, options.symmetry, options.minimal,
        options.cluesMin ?? null, options.cluesMax ?? null, cli.start, cli.count, shard, cli.format, cli.solutions]);
      const target = await openOutputTarget(io, cli, key);
      if (cli.seed === undefined) io.stderr.write(`sudoku-press: seed ${seed} (repeat this run with --seed ${seed})\n`);

      const done = target.resumed.records;
      const first = cli.start + range.from + done;
      const left = range.to - range.from - done;
      if (done > 0) io.stderr.write(`sudoku-press: resuming ${cli.output}: ${done} puzzle${done === 1 ? '' : 's'} already made, ${Math.max(0, left)} to go\n`);
      const format = cli.format === 'json' ? jsonOf : cli.format === 'csv' ? csvOf : lineOf;
      // On a terminal the progress line goes to stderr; when the puzzles scroll by on the same
      // terminal they would break it up, and are progress enough.
      const stdoutIsTTY = Boolean((io.stdout as { isTTY?: boolean }).isTTY);
      const progress = new Progress(io, 'generated', Math.max(0, left), target.toFile || !stdoutIsTTY);
      const header = cli.format === 'csv' && (shard === null || shard.k === 1) && target.resumed.bytes === 0 ? [...CSV_HEADER, ...(cli.solutions ? ['solution'] : [])].join(',') : undefined;
      // Threads beyond the cores or the puzzles only cost memory.
      const jobs = Math.max(1, Math.min(options.jobs ?? 1, availableParallelism(), Math.max(1, left)));
      const lines = async function* () {
        if (left <= 0) return;
        for await (const p of generate({ ...options, start: first, count: left, jobs })) yield format(p, cli.solutions);
      };
      // The library says "raise the attempt limit"; here that limit is an option.
      const attemptLimit = cli.maxAttempts === undefined ? `raise --max-attempts (default ${DEFAULT_MAX_ATTEMPTS})` : 'raise --max-attempts';
      await writeGenerated(lines(), { io, state, cli, target, progress, done, jsonErrors: cli.format === 'json', attemptLimit, header });
    });
}
