import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { formatGrid } from '../core/grid.js';
import type { PuzzleFormatError } from '../core/errors.js';
import type { ReportStats } from '../pages/report.js';
import { GradeError, gradePuzzle, type Grade, type GradeOptions } from '../grader/grade.js';
import { GradePool, workersAvailable, type GradeOutcome, type PoolPuzzle } from '../node/grade-pool.js';
import { variantInput } from '../node/variant-input.js';
import { techniqueNameIn } from '../grader/technique-names.js';
import type { HouseKind } from '../rules/types.js';
import { availableParallelism } from 'node:os';
import { openOutputFile } from '../node/output-file.js';
import { isVariantRecord, type AnyReadResult, type AnyRecord } from '../formats/reader.js';
import { anyRecordsInRange, checkInputFiles, countRecords, inputsKey, requireRegularFiles } from './input.js';
import { ungradableRefused, variantFields } from './variants.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { gradeFailureLine, invalidLine, recordFields } from './json.js';
import { inputsName, terminalSafe } from './output.js';
import { addTargetOptions, openOutputTarget, parseShard, resumeIsComplete, shardRange, type TargetCliOptions } from './output-target.js';
import { Progress } from './progress.js';

interface GradeCliOptions extends TargetCliOptions {
  report?: string;
  stats: boolean;
  json: boolean;
  uniqueness: boolean;
  jobs: string;
  maxRating?: string;
  effortLimit?: string;
}

/** `--max-rating`: a number on the ER scale. */
function parseMaxRating(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value >= 1 && value <= 20)) {
    throw new UsageError(`--max-rating must be a rating between 1.0 and 20.0 (got '${text}')`);
  }
  return value;
}

/** `--effort-limit`: node expansions per forcing-chain search of the general grader, a whole number from 1. */
function parseEffortLimit(text: string): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`--effort-limit must be a whole number of search steps, 1 or more (got '${text}')`);
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

/** The human name of a technique id (`guess` and `none` included), as a puzzle with these house kinds makes it (technique-names.ts). */
export function techniqueName(id: string, houseKinds?: readonly HouseKind[]): string {
  return id === 'none' ? 'none' : techniqueNameIn(id, houseKinds);
}

/** The puzzle as the output shows it: 81 characters, or a variant's own line (jigsaw layout, X tag...). */
function shownPuzzle(record: AnyRecord): string {
  return isVariantRecord(record) ? String(variantFields(record)['puzzle']) : formatGrid(record.grid);
}

function textLine(record: AnyRecord, outcome: GradeOutcome): string {
  const puzzle = shownPuzzle(record);
  const label = record.label === undefined ? '' : `  ${record.label}`;
  if (!outcome.ok) return `${puzzle}  not graded: ${outcome.message}${label}`;
  const g = outcome.grade;
  const guesses = `${g.guesses} ${g.guesses === 1 ? 'guess' : 'guesses'}`;
  const several = g.unique ? '' : '  (several solutions: graded without uniqueness techniques)';
  // A lower bound below the extreme level only says "this level or harder".
  const level = g.lowerBound && g.level !== 'extreme' ? `${g.level}+` : g.level;
  return `${puzzle}  ${formatTriple(g)}  ${level}  ${g.hardest}  ${guesses}${several}${label}`;
}

function jsonLine(record: AnyRecord, outcome: GradeOutcome): string {
  if (!outcome.ok) {
    if (!isVariantRecord(record)) return gradeFailureLine(record, outcome.code, outcome.message);
    return JSON.stringify({ type: 'puzzle', ...variantFields(record), status: 'not-graded', code: outcome.code, error: outcome.message });
  }
  const g = outcome.grade;
  return JSON.stringify({
    type: 'puzzle',
    ...(isVariantRecord(record) ? variantFields(record) : recordFields(record)),
    status: 'graded',
    unique: g.unique,
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

function gradeHere(record: AnyRecord, options: GradeOptions): GradeOutcome {
  try {
    const started = performance.now();
    const grade = gradePuzzle(isVariantRecord(record) ? { rules: record.rules, givens: record.givens } : record.grid, options);
    return { ok: true, grade, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof GradeError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** A record as the grading workers take it. */
function poolPuzzle(record: AnyRecord): PoolPuzzle {
  return isVariantRecord(record) ? variantInput(record) : formatGrid(record.grid);
}

function parseJobs(text: string): number {
  if (!/^[1-9][0-9]*$/.test(text)) throw new UsageError(`--jobs wants a positive whole number, not '${text}'`);
  const jobs = Number(text);
  if (jobs > 256) throw new UsageError(`--jobs ${jobs} is too many (at most 256)`);
  return jobs;
}

function checkReportFile(path: string, force: boolean): void {
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`--report ${path} is a folder; give a file name such as out/report.html`);
  // A device or a pipe (/dev/full): --force would not replace it either.
  if (existsSync(path) && !statSync(path).isFile()) throw new UsageError(`--report ${path} exists and is not a file`);
  if (existsSync(path) && !force) throw new UsageError(`${path} already exists (use --force to replace it)`);
}

/** `--stats --json`: one object of type "stats". */
function statsJson(stats: ReportStats): Record<string, unknown> {
  return {
    type: 'stats',
    total: stats.total,
    graded: stats.graded,
    notGraded: stats.notGraded,
    ratings: stats.ratings,
    histogram: [...stats.bins.entries()].map(([tenth, count]) => ({ rating: tenth / 10, count })),
    guessed: stats.guessed.count,
    bounded: stats.bounded.count,
    levels: stats.levels,
    techniques: stats.techniques.map((t) => ({ id: t.id, puzzles: t.puzzles, steps: t.steps })),
    slowest: stats.slowest.map((p) => ({ source: p.source, line: p.line, puzzle: p.puzzle, ...(p.variant === undefined ? {} : { variant: p.variant }), rating: p.rating, ms: Math.round(p.ms ?? 0) })),
    ...(stats.variants.length === 0 ? {} : { variants: stats.variants }),
  };
}


export function registerGrade(program: Command, io: CliIo, state: CommandState): void {
  const command = program
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
    .option(
      '--effort-limit <n>',
      'other sizes and Samurai: search steps one forcing-chain search may spend (default 5000000); a puzzle whose search runs out is reported as ">=" that technique\'s rating',
    )
    .option('--report <file>', 'also write a static HTML report: histogram of ratings, puzzles per level, techniques needed, guesses, bounds, the slowest')
    .option('--stats', "print the report's numbers as a short table instead of a line per puzzle", false);
  addTargetOptions(command, 'grades', { force: false });
  command.option('--force', 'with -o or --report: replace the file if it exists', false);
  command
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

Exit code 0 when every puzzle was graded, 1 when some could not be (or no puzzle was found), 2 for
usage errors. -o FILE writes the grades whole or not at all; with --resume a later run of the same
command goes on where an interrupted one stopped. --shard K/N grades the K-th of N equal blocks of
the records; the N outputs concatenated in order (cat) are the one-run output.

Variants: every 9x9 rule set is graded like classic puzzles, from any input format (variant lines,
f-puzzles JSON, Solo IDs); the line shows the puzzle in its own format. Jigsaw, X (diagonals),
windoku and other extra-house rules: SukakuExplainer's techniques over every house. Killers (and
killer X...): the house techniques without uniqueness plus the killer techniques (cage sums, rule
of 45, cage splitting; scale in docs/killer-rating.md); a killer the ladder cannot finish is rated
by a guess (11.0, extreme). Other sizes (4x4 to 16x16, any box shape, jigsaw) and Samurai: the
general ladder (singles, intersections of any two houses, subsets, fish per grid, XY/XYZ-wing,
aligned pair and triple exclusion, cycles, forcing X- and XY-chains, nishio, cell / region and
dynamic forcing chains up to 9.0, at the same difficulties; no uniqueness techniques, no nested
chains: where it is stuck, a guess, 11.0). --effort-limit bounds each of its forcing-chain
searches: a search that runs out stops the path, and the rating shows as a lower bound (">=7.5").
Killers of other sizes stop the command with one line ("only 9x9 killers are graded: FILE:LINE is
a killer puzzle"), exit code 2.

Examples:
  $ sudoku-press grade puzzles.txt
  $ echo '9j:e7c1_4c5_2b2c5b6b2d6_3c6c7c9_4d5b6b8c1b5_4c1_8c8e,a_cb_cb__c_b_c_a_aa__baacc_aa_bjd_iabaababb_aa_a_bab____bac_' | sudoku-press grade
  $ echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku-press grade
  $ sudoku-press grade --json --jobs 4 big-file.txt > grades.jsonl
  $ sudoku-press grade --no-uniqueness several-solutions.txt
  $ sudoku-press grade --max-rating 7.4 huge-file.txt   # fast; 7.5+ puzzles show as ">=7.5"
  $ sudoku-press grade --json big.txt -o grades.jsonl --resume
  $ parallel sudoku-press grade big.txt --shard {}/4 -o grades-{}.txt ::: 1 2 3 4
  $ sudoku-press grade puzzles.txt --report out/report.html --stats -j 2`,
    )
    .action(async (files: string[], cli: GradeCliOptions) => {
      // Threads beyond the cores only cost memory; the pool starts them as the work needs them.
      const jobs = Math.min(parseJobs(cli.jobs), availableParallelism());
      if (jobs > 1 && !workersAvailable()) throw new UsageError('--jobs needs the compiled program (npm run build, then dist/cli/main.js)');
      checkInputFiles(files);
      if (cli.report !== undefined) checkReportFile(cli.report, cli.force);
      // A report of the records of this run alone would be wrong after a resumed one.
      if (cli.resume && (cli.report !== undefined || cli.stats)) throw new UsageError('--report and --stats cover one whole run: they do not go with --resume');
      const collector = cli.report !== undefined || cli.stats ? new (await import('../pages/report.js')).ReportCollector() : undefined;
      const options: GradeOptions = { uniqueness: cli.uniqueness };
      if (cli.maxRating !== undefined) options.maxRating = parseMaxRating(cli.maxRating);
      if (cli.effortLimit !== undefined) options.effortLimit = parseEffortLimit(cli.effortLimit);
      const shard = parseShard(cli.shard);
      if (cli.resume) requireRegularFiles(files, '--resume reads the input again');
      if (await resumeIsComplete(io, cli)) return;
      const total = shard ? await countRecords(files, io, '--shard') : null;
      const range = total === null ? null : shardRange(total, shard);
      const key = JSON.stringify(['grade', 2, cli.json, cli.uniqueness, options.maxRating ?? null, cli.stats, shard, range, inputsKey(files), ...(options.effortLimit === undefined ? [] : [options.effortLimit])]);
      // Opened now, so that a report that cannot be written stops the run before the grading, not after.
      const reportFile = cli.report === undefined ? null : openOutputFile(cli.report, { force: cli.force });
      let target;
      try {
        // --force also replaces the --report file: with --report and no -o it is no misuse.
        target = await openOutputTarget(io, cli.output === undefined && cli.report !== undefined ? { ...cli, force: false } : cli, key, files);
      } catch (error) {
        await reportFile?.discard();
        throw error;
      }
      const out = target.writer;
      const progress = new Progress(io, 'graded');
      const format = cli.json ? jsonLine : textLine;
      let failures = target.resumed.data['failures'] ?? 0;
      let graded = target.resumed.data['graded'] ?? 0;
      let records = target.resumed.records;
      if (records > 0) progress.note(`sudoku-press: resuming ${cli.output}: ${records} records already graded`);
      const counters = (): Record<string, number> => ({ failures, graded });

      // A record is counted once its line is out, so that a saved point never covers a record without its line.
      const emit = async (record: AnyRecord, outcome: GradeOutcome): Promise<void> => {
        if (collector) {
          const variant = isVariantRecord(record) ? record.rules.variant : undefined;
          if (outcome.ok) collector.addGrade({ puzzle: shownPuzzle(record), source: record.source, line: record.line, label: record.label, variant, houseKinds: isVariantRecord(record) ? record.rules.houseKinds : undefined }, outcome.grade, outcome.ms);
          else collector.addFailure(outcome.code === 'NO_SOLUTION' ? 'none' : outcome.code === 'MULTIPLE_SOLUTIONS' ? 'multiple' : 'invalid', { variant });
        }
        if (!cli.stats) await out.line(format(record, outcome));
        if (!outcome.ok) failures++;
        graded++;
        records++;
        progress.update(records);
        await target.progress(records, counters());
      };
      const reportInvalid = async (error: PuzzleFormatError) => {
        collector?.addFailure('invalid');
        if (cli.json && !cli.stats) await out.line(invalidLine(error));
        else {
          progress.clear();
          io.stderr.write(`${terminalSafe(error.message)} (invalid)\n`);
        }
        failures++;
        records++;
        await target.progress(records, counters());
      };
      const inputs = gradableOnly(anyRecordsInRange(files, io, range, target.resumed.records, target.input));

      try {
        // One job grades in a worker thread too (when the compiled one exists): the main thread then
        // stays free to stop at once on Ctrl-C, where a hard puzzle takes seconds to grade.
        if (jobs === 1 && !workersAvailable()) {
          for await (const record of inputs) {
            if (!record.ok) {
              await reportInvalid(record.error);
              continue;
            }
            await emit(record.puzzle, gradeHere(record.puzzle, options));
          }
        } else {
          // Batches go to the workers as they are read; results are written in input order. A variant
          // goes as its rules' spec and givens (the worker rebuilds the rules).
          type Item = { kind: 'puzzle'; record: AnyRecord } | { kind: 'invalid'; error: PuzzleFormatError };
          const pool = new GradePool(jobs);
          // Each batch's results are written as soon as they and every earlier batch's are in (a
          // promise chain, in input order), not when the next record arrives: an input that stalls
          // (typed lines, /dev/zero's endless line after its error) still gets its answers at once.
          let writing: Promise<void> = Promise.resolve();
          let failure: { error: unknown } | null = null;
          const inFlight: Promise<void>[] = [];
          let items: Item[] = [];
          const send = () => {
            if (items.length === 0) return;
            const batch = items;
            items = [];
            const puzzles = batch.flatMap((item) => (item.kind === 'puzzle' ? [poolPuzzle(item.record)] : []));
            const results = puzzles.length > 0 ? pool.grade(puzzles, options) : Promise.resolve([]);
            writing = writing.then(async () => {
              const outcomes = await results;
              let k = 0;
              for (const item of batch) {
                if (item.kind === 'invalid') await reportInvalid(item.error);
                else await emit(item.record, outcomes[k++]!);
              }
            });
            const done = writing.then(
              () => void inFlight.shift(),
              (error: unknown) => {
                failure ??= { error };
                inFlight.shift();
              },
            );
            inFlight.push(done);
          };
          try {
            for await (const record of inputs) {
              if (failure !== null) break;
              if (!record.ok) items.push({ kind: 'invalid', error: record.error });
              else items.push({ kind: 'puzzle', record: record.puzzle });
              // Idle workers take what there is; busy ones let a batch fill.
              if (items.length >= BATCH || inFlight.length === 0) send();
              while (inFlight.length > jobs * 4) await inFlight[0];
            }
            send();
            await writing;
            if (failure !== null) throw (failure as { error: unknown }).error;
          } finally {
            await pool.close();
          }
        }
        progress.clear();
        if (collector) {
          const report = await import('../pages/report.js');
          const stats = collector.stats();
          if (cli.stats) {
            if (cli.json) await out.line(JSON.stringify(statsJson(stats)));
            else for (const line of report.statsText(stats).trimEnd().split('\n')) await out.line(line);
          }
          if (reportFile !== null) {
            const sources = files.length === 0 ? 'standard input' : files.join(', ');
            reportFile.stream.write(report.reportPage(stats, { subtitle: `${stats.total} puzzles from ${sources}` }));
            await reportFile.commit();
            io.stderr.write(`wrote the report ${terminalSafe(cli.report!)}\n`);
          }
        }
        // No puzzle at all: no file either (an empty one would only make the next run need --force).
        if (records === 0 && !(shard && total !== 0) && !cli.resume) await target.abandon(records, counters());
        else await target.finish(records, counters());
      } catch (error) {
        progress.clear();
        await reportFile?.discard();
        await target.abandon(records, counters());
        throw error;
      }
      const empty = records === 0 && !(shard && total !== 0);
      if (empty) io.stderr.write(`sudoku-press: no puzzle found in ${inputsName(files)}\n`);
      state.exitCode = failures === 0 && !empty ? EXIT.ok : EXIT.failure;
    });
}

/** The records, stopping the command (one line, exit 2) at a variant the grader cannot take (other sizes, Samurai). */
async function* gradableOnly(records: AsyncIterable<AnyReadResult>): AsyncGenerator<AnyReadResult> {
  for await (const record of records) {
    if (record.ok && isVariantRecord(record.puzzle)) {
      const refused = ungradableRefused(record.puzzle);
      if (refused !== null) throw refused;
    }
    yield record;
  }
}
