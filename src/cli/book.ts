import { randomInt } from 'node:crypto';
import { basename } from 'node:path';
import { Option, type Command } from 'commander';
import { GenerateError } from '../generator/index.js';
import { SYMMETRIES, type Symmetry } from '../generator/symmetry.js';
import { isLevel, LEVELS } from '../grader/index.js';
import {
  BookInputError,
  BookOutputError,
  checkBookTexts,
  checkOutput,
  TemplateError,
  generatedPuzzles,
  puzzlesFromFile,
  writeBookFile,
  type BookPuzzle,
  type BookResult,
  type BookSection,
  type BookTemplate,
} from '../render/index.js';
import { checkInputFiles } from './input.js';
import { readTemplate } from './templates.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { Progress } from './progress.js';

interface BookOptions {
  template: string;
  sections?: string;
  seed?: string;
  title: string;
  subtitle?: string;
  output: string;
  puzzles?: string;
  skipInvalid: boolean;
  force: boolean;
  showRating: boolean;
  symmetry?: Symmetry;
  jobs?: string;
  timeout?: string;
  quiet: boolean;
}

/** The default book: a section per level from easy to expert. */
export const DEFAULT_SECTIONS = 'easy:20,medium:20,hard:20,expert:20';
export const DEFAULT_OUTPUT = 'out/sudoku-book.pdf';

export function registerBook(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('book')
    .description('Make a printable PDF puzzle book: title page, contents, a section per level, solutions at the back.')
    .option('-t, --template <name|file>', 'layout: a shipped template (see `sudoku-press templates`) or a .json file', 'letter-4up')
    .option('-s, --sections <list>', `level:count,... in book order (default ${DEFAULT_SECTIONS}; with --puzzles: every puzzle of the file, by level)`)
    .option('--seed <seed>', 'any string; the same seed and options make the same PDF, byte for byte (default: a random seed, printed)')
    .option('--title <text>', 'title on the title page and in the running header', 'Sudoku Puzzles')
    .option('--subtitle <text>', 'subtitle on the title page (default: what is in the book)')
    .option('-o, --output <file>', 'PDF to write', DEFAULT_OUTPUT)
    .option('--puzzles <file>', 'lay out the puzzles of this file (checked, solved and graded) instead of generating')
    .option('--skip-invalid', 'with --puzzles: leave out unreadable, unsolvable and multi-solution puzzles instead of stopping', false)
    .option('-f, --force', 'replace the output file if it exists', false)
    .option('--show-rating', 'print each puzzle\'s rating next to its level (also a template setting)', false)
    .addOption(new Option('--symmetry <symmetry>', 'symmetry of generated puzzles (default: the template\'s)').choices(SYMMETRIES))
    .option('--jobs <n>', 'generator worker threads (the book does not depend on it)')
    .option('--timeout <seconds>', 'give up generating after this long (exit code 1, no file written)')
    .option('-q, --quiet', 'no progress on stderr', false)
    .addHelpText(
      'after',
      `
Levels: ${LEVELS.map((row) => row.level).join(', ')}.
The PDF is written to a temporary file next to the output and renamed when complete, so a failed
or interrupted run leaves no half-written book. Progress goes to stderr, the summary to stdout.
Exit code 0 when the book was written, 1 when the puzzles could not make it, 2 for usage errors.

Examples:
  $ sudoku-press book --seed 42 --title "Weekend Sudoku" -o out/weekend.pdf
  $ sudoku-press book --template kdp-6x9-2up --sections easy:50,medium:50,hard:50 --seed 7 -o out/kdp.pdf
  $ sudoku-press book --puzzles my-puzzles.txt --template large-print-8.5x11-1up -o out/large.pdf
  $ sudoku-press book --puzzles top95.txt --sections hard:10,expert:10 --skip-invalid --force`,
    )
    .action(async (options: BookOptions) => {
      const template = withOverrides(readTemplate(options.template), options);
      const wanted = options.sections === undefined ? undefined : parseSections(options.sections);
      const jobs = options.jobs === undefined ? undefined : parseJobs(options.jobs);
      const timeoutMs = options.timeout === undefined ? undefined : parseTimeout(options.timeout);
      if (options.puzzles !== undefined) checkInputFiles([options.puzzles]);
      try {
        checkBookTexts(options);
        checkOutput(options.output, options.force);
      } catch (error) {
        if (error instanceof BookOutputError) throw new UsageError(error.message);
        throw error;
      }
      const progress = new BookProgress(io, !options.quiet);

      let sections: BookSection[];
      let puzzles: AsyncIterable<BookPuzzle> | Iterable<BookPuzzle>;
      let origin: string;
      let seed: string | undefined;
      if (options.puzzles !== undefined) {
        if (options.seed !== undefined) throw new UsageError('--seed makes no difference with --puzzles (the puzzles come from the file)');
        let fileBook;
        try {
          fileBook = await puzzlesFromFile(options.puzzles, {
            sections: wanted,
            skipInvalid: options.skipInvalid,
            onRecord: (read) => progress.reading(read),
          });
        } catch (error) {
          if (error instanceof BookInputError) return fail(io, state, progress, error.message);
          throw error;
        }
        progress.doneReading(fileBook.puzzles.length, fileBook.skipped.length);
        for (const skip of fileBook.skipped) io.stderr.write(`${skip.source}:${skip.line}: left out: ${skip.reason}\n`);
        sections = fileBook.sections;
        puzzles = fileBook.puzzles;
        origin = `puzzles from ${basename(options.puzzles)}`;
      } else {
        if (options.skipInvalid) throw new UsageError('--skip-invalid only applies with --puzzles');
        sections = wanted ?? parseSections(DEFAULT_SECTIONS);
        seed = options.seed ?? String(randomInt(100000, 1000000));
        if (options.seed === undefined) progress.note(`seed ${seed} (pass --seed ${seed} to make this book again)`);
        puzzles = generatedPuzzles(sections, {
          seed,
          symmetry: template.symmetry,
          ...(jobs === undefined ? {} : { jobs }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        });
        origin = `seed ${seed}`;
      }

      const controller = new AbortController();
      const stop = (): void => controller.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      let result: BookResult;
      try {
        result = await writeBookFile({
          template,
          title: options.title,
          subtitle: options.subtitle ?? describeContents(sections),
          sections,
          puzzles,
          output: options.output,
          force: options.force,
          colophon: `Made with sudoku-press \u00b7 ${origin} \u00b7 template ${template.name}`,
          subject: `sudoku-press book; template ${template.name}; sections ${sections.map((s) => `${s.level}:${s.count}`).join(',')}; ${origin}`,
          signal: controller.signal,
          onPage: (page, pages) => progress.page(page, pages),
        });
      } catch (error) {
        if (error instanceof BookOutputError && error.code !== 'ABORTED') throw new UsageError(error.message);
        if (error instanceof TemplateError) throw new UsageError(error.message);
        if (error instanceof BookOutputError) return fail(io, state, progress, error.message);
        if (error instanceof GenerateError) {
          const why =
            error.code === 'TIMEOUT'
              ? `--timeout ${options.timeout} s passed while generating puzzle ${error.index} of a section of ${error.requested}`
              : error.message;
          return fail(io, state, progress, `${why}; no file written`);
        }
        throw error;
      } finally {
        process.removeListener('SIGINT', stop);
        process.removeListener('SIGTERM', stop);
        progress.stop();
      }
      io.stdout.write(summary(result, template, seed));
      state.exitCode = EXIT.ok;
    });
}

function fail(io: CliIo, state: CommandState, progress: BookProgress, message: string): void {
  progress.stop();
  io.stderr.write(`sudoku-press: ${message}\n`);
  state.exitCode = EXIT.failure;
}


function withOverrides(template: BookTemplate, options: BookOptions): BookTemplate {
  return {
    ...template,
    showRating: template.showRating || options.showRating,
    symmetry: options.symmetry ?? template.symmetry,
  };
}

/** `easy:20,medium:20` -> sections; a usage error names the bad part. */
export function parseSections(text: string): BookSection[] {
  const sections: BookSection[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    const match = /^([a-z]+):(\d+)$/i.exec(item);
    if (!match) throw new UsageError(`--sections: expected level:count (e.g. easy:20), got '${item}'`);
    const level = match[1]!.toLowerCase();
    if (!isLevel(level)) throw new UsageError(`--sections: unknown level '${match[1]}'; levels are ${LEVELS.map((r) => r.level).join(', ')}`);
    const count = Number(match[2]);
    if (count < 1 || count > 100000) throw new UsageError(`--sections: ${level} needs a count from 1 to 100000, got ${match[2]}`);
    sections.push({ level, count });
  }
  return sections;
}

function parseTimeout(text: string): number {
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout: expected a number of seconds above 0, got '${text}'`);
  return seconds * 1000;
}

function parseJobs(text: string): number {
  const jobs = Number(text);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) throw new UsageError(`--jobs: expected a whole number from 1 to 64, got '${text}'`);
  return jobs;
}

function describeContents(sections: readonly BookSection[]): string {
  const total = sections.reduce((sum, s) => sum + s.count, 0);
  const levels = [...new Set(sections.map((s) => s.level))];
  const range = levels.length === 1 ? levels[0]! : `${levels[0]} to ${levels[levels.length - 1]}`;
  return `${total} puzzle${total === 1 ? '' : 's'}, ${range}`;
}

function summary(result: BookResult, template: BookTemplate, seed: string | undefined): string {
  const { plan } = result;
  const size = `${round(template.page.width / 72)} x ${round(template.page.height / 72)} in${template.bleed > 0 ? ` + ${round(template.bleed / 72)} in bleed` : ''}`;
  const lines = [
    `Wrote ${result.path}: ${plan.pageCount} pages, ${(result.bytes / 1e6).toFixed(1)} MB, template ${template.name} (${size}, ${template.puzzlesPerPage} per page)`,
    `${plan.puzzleCount} puzzles${seed === undefined ? '' : ` from seed ${seed}`}:`,
  ];
  for (const s of plan.sections) {
    const range = s.first === s.last ? `puzzle ${s.first}` : `puzzles ${s.first}-${s.last}`;
    lines.push(`  ${s.title.padEnd(9)} ${range.padEnd(18)} from page ${s.page}`);
  }
  if (plan.solutionsPage !== null) lines.push(`  ${'Solutions'.padEnd(9)} ${''.padEnd(18)} from page ${plan.solutionsPage}`);
  return `${lines.join('\n')}\n`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** What the book command shows on stderr: progress on a terminal, and its notes unless --quiet. */
class BookProgress {
  private readonly reader: Progress;
  private writer: Progress | undefined;

  constructor(
    private readonly io: CliIo,
    private readonly enabled: boolean,
  ) {
    this.reader = new Progress(io, 'reading and grading puzzles:', undefined, enabled);
  }

  note(text: string): void {
    if (this.enabled) this.reader.note(text);
  }

  reading(read: number): void {
    this.reader.update(read);
  }

  doneReading(kept: number, skipped: number): void {
    this.note(`read and graded ${kept} puzzle${kept === 1 ? '' : 's'}${skipped > 0 ? ` (${skipped} left out)` : ''}`);
  }

  page(page: number, pages: number): void {
    this.writer ??= new Progress(this.io, 'writing page', pages, this.enabled);
    this.writer.update(page, pages);
  }

  stop(): void {
    this.reader.clear();
    this.writer?.clear();
  }
}
