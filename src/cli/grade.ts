import type { Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import type { PuzzleRecord } from '../core/parse.js';
import { GradeError, gradePuzzle, type Grade, type GradeOptions } from '../grader/grade.js';
import { GradePool, workersAvailable, type GradeOutcome } from '../grader/pool.js';
import { techniqueById } from '../techniques/registry.js';
import { checkInputFiles, readInputs } from './input.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { LineWriter, ProgressLine } from './output.js';

interface GradeCliOptions {
  json: boolean;
  uniqueness: boolean;
  jobs: string;
  maxRating?: string;
}

/** `--max-rating`: a number on the ER scale. */
function parseMaxRating(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value >= 1 && value <= 20)) {
    throw new UsageError(`--max-rating must be a rating between 1.0 and 20.0 (got '${text}')`);
  }
  return value;
}

/** Puzzles per message to a worker: large enough to amortise messaging, small enough to balance. */
const BATCH = 32;

/** `4.2`, or `>=7.5` when the rating is only a lower bound. */
export function formatRating(grade: Grade): string {
  return `${grade.lowerBound ? '>=' : ''}${grade.rating.toFixed(1)}`;
}

/** serate's triple ER/EP/ED, e.g. `9.0/1.2/1.2`; `>=` when the path stopped early (ER is then a bound). */
export function formatTriple(grade: Grade): string {
  return `${formatRating(grade)}/${grade.pearl.toFixed(1)}/${grade.diamond.toFixed(1)}`;
}

/** The human name of a technique id (`guess` and `none` included). */
export function techniqueName(id: string): string {
  if (id === 'guess') return 'Guess';
  if (id === 'none') return 'none';
  return techniqueById(id)?.name ?? id;
}

function textLine(record: PuzzleRecord, outcome: GradeOutcome): string {
  const puzzle = formatGrid(record.grid);
  const label = record.label === undefined ? '' : `  ${record.label}`;
  if (!outcome.ok) return `${puzzle}  not graded: ${outcome.message}${label}`;
  const g = outcome.grade;
  const guesses = `${g.guesses} ${g.guesses === 1 ? 'guess' : 'guesses'}`;
  const several = g.unique ? '' : '  (several solutions: graded without uniqueness techniques)';
  // A lower bound below the extreme level only says "this level or harder".
  const level = g.lowerBound && g.level !== 'extreme' ? `${g.level}+` : g.level;
  return `${puzzle}  ${formatTriple(g)}  ${level}  ${g.hardest}  ${guesses}${several}${label}`;
}

function jsonLine(record: PuzzleRecord, outcome: GradeOutcome): string {
  const base = {
    source: record.source,
    line: record.line,
    ...(record.label === undefined ? {} : { label: record.label }),
    puzzle: formatGrid(record.grid),
  };
  if (!outcome.ok) return JSON.stringify({ ...base, status: outcome.code.toLowerCase(), error: outcome.message });
  const g = outcome.grade;
  return JSON.stringify({
    ...base,
    status: g.unique ? 'graded' : 'graded-multiple',
    rating: g.rating,
    pearl: g.pearl,
    diamond: g.diamond,
    lowerBound: g.lowerBound,
    level: g.level,
    hardest: g.hardest,
    guesses: g.guesses,
    steps: g.steps,
    counts: g.counts,
    solver: g.solver,
  });
}

function gradeHere(record: PuzzleRecord, options: GradeOptions): GradeOutcome {
  try {
    return { ok: true, grade: gradePuzzle(record.grid, options) };
  } catch (error) {
    if (error instanceof GradeError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

function parseJobs(text: string): number {
  if (!/^[1-9][0-9]*$/.test(text)) throw new UsageError(`--jobs wants a positive whole number, not '${text}'`);
  const jobs = Number(text);
  if (jobs > 256) throw new UsageError(`--jobs ${jobs} is too many (at most 256)`);
  return jobs;
}

export function registerGrade(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('grade')
    .description('Rate each puzzle on the Sudoku Explainer scale, solving it the way a person would.')
    .argument('[files...]', 'puzzle files (standard input when none, or -)')
    .option('--json', 'one JSON object per puzzle, with the count of each technique used', false)
    .option('--no-uniqueness', 'do not use techniques that assume a unique solution (then puzzles with several solutions are graded too)')
    .option('-j, --jobs <n>', 'grade in n worker threads (output stays in input order)', '1')
    .option(
      '--max-rating <r>',
      'quick screening: stop once a puzzle needs a technique rated above r and report it as ">=" (e.g. 7.4 skips the slow forcing chains)',
    )
    .addHelpText(
      'after',
      `
Output, one line per puzzle:
  <puzzle>  <ER>/<EP>/<ED>  <level>  <hardest technique>  <n> guesses  [label]
  Sudoku Explainer's triple from the solving path: ER (the rating) is its hardest step, EP (pearl)
  the hardest step up to the first one that places a digit, ED (diamond) its first step. ">="
  marks a lower bound (a path stopped early). Levels: beginner <=1.5, easy <=2.3, medium <=3.4, hard <=4.6, expert <=7.4,
  extreme above or when a guess was needed. Puzzles with conflicting givens, no solution or
  several solutions are reported as "not graded".

Exit code 0 when every puzzle was graded, 1 when some could not be, 2 for usage errors.

Examples:
  $ sudoku-press grade puzzles.txt
  $ echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku-press grade
  $ sudoku-press grade --json --jobs 4 big-file.txt > grades.jsonl
  $ sudoku-press grade --no-uniqueness several-solutions.txt
  $ sudoku-press grade --max-rating 7.4 huge-file.txt   # fast; 7.5+ puzzles show as ">=7.5"`,
    )
    .action(async (files: string[], cli: GradeCliOptions) => {
      const jobs = parseJobs(cli.jobs);
      if (jobs > 1 && !workersAvailable()) throw new UsageError('--jobs needs the compiled program (npm run build, then dist/cli/main.js)');
      checkInputFiles(files);
      const options: GradeOptions = { uniqueness: cli.uniqueness };
      if (cli.maxRating !== undefined) options.maxRating = parseMaxRating(cli.maxRating);
      const out = new LineWriter(io.stdout);
      const progress = new ProgressLine(io.stderr, io.stderrIsTTY, 'graded');
      const format = cli.json ? jsonLine : textLine;
      let failures = 0;
      let done = 0;

      const emit = async (record: PuzzleRecord, outcome: GradeOutcome): Promise<void> => {
        if (!outcome.ok) failures++;
        done++;
        progress.tick(done);
        await out.line(format(record, outcome));
      };
      const reportInvalid = async (message: string, source: string, line: number, reason: string, code: string) => {
        failures++;
        if (cli.json) await out.line(JSON.stringify({ source, line, status: 'invalid', error: reason, code }));
        else io.stderr.write(`${message} (invalid)\n`);
      };

      if (jobs === 1) {
        for await (const record of readInputs(files, io)) {
          if (!record.ok) {
            const e = record.error;
            await reportInvalid(e.message, e.source, e.line, e.reason, e.code);
            continue;
          }
          await emit(record.puzzle, gradeHere(record.puzzle, options));
        }
      } else {
        // Batches go to the workers as they are read; results are written in input order.
        type Item = { kind: 'puzzle'; record: PuzzleRecord } | { kind: 'invalid'; message: string; source: string; line: number; reason: string; code: string };
        const pool = new GradePool(jobs);
        const queue: { items: Item[]; results: Promise<GradeOutcome[]> }[] = [];
        let items: Item[] = [];
        const send = () => {
          if (items.length === 0) return;
          const puzzles = items.flatMap((item) => (item.kind === 'puzzle' ? [formatGrid(item.record.grid)] : []));
          queue.push({ items, results: puzzles.length > 0 ? pool.grade(puzzles, options) : Promise.resolve([]) });
          items = [];
        };
        const drainOne = async () => {
          const head = queue.shift()!;
          const results = await head.results;
          let k = 0;
          for (const item of head.items) {
            if (item.kind === 'invalid') await reportInvalid(item.message, item.source, item.line, item.reason, item.code);
            else await emit(item.record, results[k++]!);
          }
        };
        try {
          for await (const record of readInputs(files, io)) {
            if (record.ok) items.push({ kind: 'puzzle', record: record.puzzle });
            else {
              const e = record.error;
              items.push({ kind: 'invalid', message: e.message, source: e.source, line: e.line, reason: e.reason, code: e.code });
            }
            if (items.length >= BATCH) send();
            while (queue.length > jobs * 4) await drainOne();
          }
          send();
          while (queue.length > 0) await drainOne();
        } finally {
          await pool.close();
        }
      }
      progress.clear();
      await out.flush();
      if (done === 0 && failures === 0) {
        io.stderr.write(`sudoku-press: no puzzle found in ${files.length > 0 ? files.join(', ') : 'standard input'}\n`);
      }
      state.exitCode = failures === 0 ? EXIT.ok : EXIT.failure;
    });
}
