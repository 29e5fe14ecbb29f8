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
  planBook,
  puzzlesFromFile,
  writeBookFile,
  type BookPuzzle,
  type BookResult,
  type BookContent,
  type BookSection,
  type BookTemplate,
  type Paper,
  resolveFront,
  resolveTexts,
} from '../render/index.js';
import { isValidIsbn, MAX_TEXT_LENGTH, MAX_TEXTS_FILE_CHARS, type BookTexts, type FrontMatter } from '../book/texts.js';
import type { Teaching } from '../book/primer.js';
import { bookVariantLevels, BOOK_VARIANTS, isBookVariant, SECTION_PRESETS, sectionTitle, VARIANT_INFO } from '../book/variants.js';
import { capitalize } from '../render/layout.js';
import { parseTexts } from '../render/template.js';
import { readSmallTextFile, textLines } from '../node/text-lines.js';
import { createReadStream, statSync } from 'node:fs';
import { PuzzleReader } from '../core/parse.js';
import { describeFileError } from '../node/file-errors.js';
import { COVER_THEME_NAMES } from '../render/cover-themes.js';
import { checkInputFiles } from './input.js';
import { readTemplate } from './templates.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';
import { oneLine, terminalSafe } from './output.js';
import { Progress } from './progress.js';

export interface BookOptions {
  template: string;
  sections?: string;
  seed?: string;
  title?: string;
  subtitle?: string;
  author?: string;
  publisher?: string;
  year?: string;
  edition?: string;
  isbn?: string;
  rights?: string;
  texts?: string;
  credit?: boolean;
  primer: boolean;
  hints: boolean;
  cover?: boolean;
  coverOutput?: string;
  theme?: string;
  paper?: Paper;
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

/** The options `book` and `cover` share: what the book is, so that a cover matches its interior. */
export function addBookOptions(command: Command): Command {
  return command
    .option('-t, --template <name|file>', 'layout: a shipped template (see `sudoku-press templates`) or a .json file', 'letter-4up')
    .option('-s, --sections <list>', `level:count or variant-level:count,... in book order, or a preset (variety, children); default ${DEFAULT_SECTIONS}; with --puzzles: every puzzle of the file, by level`)
    .option('--seed <seed>', 'any string; the same seed and options make the same PDF, byte for byte (default: a random seed, printed)')
    .option('--title <text>', 'title (default: the template\'s, else "Sudoku Puzzles")')
    .option('--subtitle <text>', 'subtitle (default: the template\'s, else what is in the book)')
    .option('--author <name>', 'author, on the title page, the copyright line and the cover')
    .option('--publisher <name>', 'publisher, on the title and copyright pages')
    .option('--year <year>', 'copyright year (default: none printed)')
    .option('--edition <text>', 'edition, e.g. "First edition", on the copyright page')
    .option('--isbn <isbn>', 'ISBN-10 or ISBN-13 (check digit verified), on the copyright page')
    .option('--rights <text>', 'replaces the "All rights reserved..." paragraph of the copyright page')
    .option('--texts <file>', 'JSON file replacing book texts: howToPlay, example, pencilMarks, rights, solutions, primer, hints, back (the cover\'s back text), levels: { easy: ... }')
    .option('--credit', 'add a "Typeset with sudoku-press" line to the copyright page')
    .option('--primer', 'add a chapter teaching each technique the puzzles need, with an example from the book', false)
    .option('--hints', 'add hints: for each puzzle above easy, its first step beyond singles, in words', false)
    .addOption(new Option('--theme <name>', 'cover colours (default: the template\'s, else navy); grey for greys only').choices(COVER_THEME_NAMES))
    .addOption(new Option('--paper <paper>', 'paper of the printed book, for the cover\'s spine width (default: the template\'s)').choices(['white', 'cream', 'color']))
    .option('--puzzles <file>', 'lay out the puzzles of this file (checked, solved and graded) instead of generating')
    .option('--skip-invalid', 'with --puzzles: leave out unreadable, unsolvable and multi-solution puzzles instead of stopping', false)
    .option('--show-rating', 'print each puzzle\'s rating above its grid (also a template setting)', false)
    .addOption(new Option('--symmetry <symmetry>', 'symmetry of generated puzzles (default: the template\'s)').choices(SYMMETRIES))
    .option('--jobs <n>', 'generator worker threads (the book does not depend on it)')
    .option('--timeout <seconds>', 'give up generating after this long (exit code 1, no file written)')
    .option('-f, --force', 'replace the output file if it exists', false)
    .option('-q, --quiet', 'no progress on stderr', false);
}

/** Front matter from the flags (only those given), the ISBN checked. */
export function frontFromOptions(options: BookOptions): Partial<FrontMatter> {
  const front: Partial<FrontMatter> = {};
  for (const key of ['author', 'publisher', 'year', 'edition', 'isbn'] as const) {
    const value = options[key];
    if (value !== undefined) front[key] = value.trim();
  }
  if (front.isbn !== undefined && front.isbn !== '' && !isValidIsbn(front.isbn)) throw new UsageError(`--isbn: not a valid ISBN-10 or ISBN-13 (check digit): ${front.isbn}`);
  if (front.year !== undefined && !/^\d{4}(\s*[-\u2013,]\s*\d{4})*$/.test(front.year)) throw new UsageError(`--year: expected a year such as 2025, got '${front.year}'`);
  if (options.credit) front.credit = true;
  return front;
}

/** Texts from `--texts FILE` and `--rights`. */
export function textsFromOptions(options: BookOptions): Partial<BookTexts> {
  let texts: Partial<BookTexts> = {};
  if (options.texts !== undefined) {
    checkInputFiles([options.texts]);
    let text: string | null;
    try {
      // Read up to the cap only: a 6 MB file (or /dev/zero) is refused before anything is measured.
      text = readSmallTextFile(options.texts, MAX_TEXTS_FILE_CHARS);
    } catch (error) {
      throw new UsageError(describeFileError(error, options.texts, 'read').message);
    }
    if (text === null) throw new UsageError(`--texts ${options.texts}: the file is longer than ${MAX_TEXTS_FILE_CHARS.toLocaleString('en-US')} characters, the most a texts file has`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--texts ${options.texts}: not valid JSON (${(error as Error).message})`);
    }
    try {
      texts = parseTexts(json, options.texts, '');
    } catch (error) {
      if (error instanceof TemplateError) throw new UsageError(`--texts ${error.message}`);
      throw error;
    }
  }
  if (options.rights !== undefined) {
    if (options.rights.length > MAX_TEXT_LENGTH) throw new UsageError(`--rights: is ${options.rights.length.toLocaleString('en-US')} characters long; a text has at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')}`);
    texts.rights = options.rights;
  }
  return texts;
}

export function registerBook(program: Command, io: CliIo, state: CommandState): void {
  addBookOptions(program.command('book'))
    .description('Make a printable PDF puzzle book: title and copyright pages, contents, how to play, the levels, a section per level, solutions at the back.')
    .option('-o, --output <file>', 'PDF to write', DEFAULT_OUTPUT)
    .option('--cover', 'also write the full-wrap cover (see `sudoku-press cover`) next to the book', false)
    .option('--cover-output <file>', 'where --cover writes the cover (default: the book\'s name with -cover)')
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
  $ sudoku-press book --puzzles top95.txt --sections hard:10,expert:10 --skip-invalid --force
  $ sudoku-press book --sections killer-hard:20,jigsaw-medium:20,6x6-easy:10 --seed 7 --cover
  $ sudoku-press book --sections variety --seed 7 --cover -o out/variety.pdf
  $ sudoku-press book --template children-8.5x11-2up --seed 7 -o out/kids.pdf
Variants: ${BOOK_VARIANTS.join(', ')}.
Their levels (the variant generator's): ${variantLevelsHelp()}.`,
    )
    .action(async (options: BookOptions & { output: string; force: boolean }) => {
      const template = withOverrides(readTemplate(options.template), options);
      const front = frontFromOptions(options);
      const texts = textsFromOptions(options);
      const coverOutput = options.cover ? (options.coverOutput ?? coverPathFor(options.output)) : undefined;
      if (options.coverOutput !== undefined && !options.cover) throw new UsageError('--cover-output needs --cover');
      checkBeforeWork(options, template, front, coverOutput === undefined ? [options.output] : [options.output, coverOutput], options.force);
      await checkTextsBeforeWork(options, template, front, texts, { book: true, cover: coverOutput !== undefined });
      const progress = new BookProgress(io, !options.quiet);
      const source = await bookSource(options, template, io, state, progress);
      if (source === null) return;
      const { sections, seed, origin } = source;
      const teaching = await teachingFor(options, source, progress);
      // The cover's art: the first puzzle of the last (hardest) section, caught as it goes by.
      const artNumber = firstOf(sections, artSection(sections));
      let art: BookPuzzle | undefined;
      let sample: BookPuzzle | undefined;
      const puzzles = tap(teaching ? teaching.puzzles : source.puzzles, (p) => {
        if (p.number === artNumber) art = p;
        if (p.number === 1) sample = p;
      });

      const controller = new AbortController();
      const stop = (): void => controller.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      let result: BookResult;
      const content = bookContent(options, template, sections, front, texts, teaching);
      try {
        result = await writeBookFile({
          ...content,
          puzzles,
          output: options.output,
          force: options.force,
          subject: `sudoku-press book; template ${template.name}; sections ${sections.map((s) => `${s.variant === undefined ? '' : `${s.variant}-`}${s.level}:${s.count}`).join(',')}; ${origin}`,
          keywords: `sudoku; ${origin}; template ${template.name}`,
          metadata: { SudokuPressTemplate: template.name, SudokuPressSource: origin, ...(seed === undefined ? {} : { SudokuPressSeed: seed }) },
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
      // The seed, the path and a template's name are the user's text: escapes shown, never obeyed.
      io.stdout.write(terminalSafe(summary(result, template, seed)));
      if (coverOutput !== undefined) {
        const { writeCoverFile } = await import('../render/cover.js');
        let cover;
        try {
          cover = await writeCoverFile({
            template,
            front: resolveFront(content),
            texts: resolveTexts(content),
            paper: template.paper,
            pages: result.pages,
            art,
            sample,
            levels: [...new Set(sections.map((s) => s.level))],
            ...coverKinds(sections),
            puzzleCount: result.plan.puzzleCount,
            ...(options.theme === undefined ? {} : { theme: options.theme }),
            output: coverOutput,
            force: options.force,
            subject: `sudoku-press cover; template ${template.name}; ${origin}`,
          });
        } catch (error) {
          // A back text too long for the back cover: the book is written, the cover is not.
          if (error instanceof RangeError) return fail(io, state, progress, `${error.message}; ${result.path} was written, the cover was not`);
          throw error;
        }
        io.stdout.write(terminalSafe(coverSummary(cover)));
      }
      state.exitCode = EXIT.ok;
    });
}

/** The items of `items`, each shown to `see` on its way through. */
async function* tap<T>(items: AsyncIterable<T> | Iterable<T>, see: (item: T) => void): AsyncGenerator<T> {
  for await (const item of items) {
    see(item);
    yield item;
  }
}

/** Puzzles per level, in the order the levels first come (for the cover's level list). */
export function levelCounts(sections: readonly BookSection[]): { level: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const s of sections) counts.set(s.level, (counts.get(s.level) ?? 0) + s.count);
  return [...counts].map(([level, count]) => ({ level, count }));
}

/**
 * The section whose first puzzle is the cover's art: the last, or in a variety book the last of
 * 9x9 grids with givens (looked at: a Samurai or 16x16 grid is too busy at a cover's size, and a
 * killer's cages without digits read as noise).
 */
export function artSection(sections: readonly BookSection[]): number {
  for (let i = sections.length - 1; i >= 0; i--) {
    const variant = sections[i]!.variant;
    if (variant === undefined || (VARIANT_INFO[variant].across === 9 && variant !== 'killer')) return i;
  }
  return sections.length - 1;
}

/** Number of the first puzzle of section `index`. */
export function firstOf(sections: readonly BookSection[], index: number): number {
  return sections.slice(0, index).reduce((sum, s) => sum + s.count, 0) + 1;
}

/**
 * What the cover lists: the levels with their counts, or in a variety book its kinds of puzzle
 * (named on the front and the back) with their counts and levels.
 */
export function coverKinds(sections: readonly BookSection[]): { levelCounts: { level: string; count: number; text?: string }[]; variants?: string[] } {
  if (!sections.some((s) => s.variant !== undefined)) return { levelCounts: levelCounts(sections) };
  const kinds = new Map<string, { count: number; levels: string[] }>();
  for (const s of sections) {
    const name = s.variant === undefined ? 'Classic' : VARIANT_INFO[s.variant].name;
    const kind = kinds.get(name) ?? { count: 0, levels: [] };
    kind.count += s.count;
    const level = s.level === 'any' ? 'mixed' : s.level;
    if (!kind.levels.includes(level)) kind.levels.push(level);
    kinds.set(name, kind);
  }
  const counts = [...kinds].map(([name, kind]) => ({ level: name, count: kind.count, text: capitalize(kind.levels.join(', ')) }));
  return { levelCounts: counts, variants: [...kinds.keys()] };
}

/** `out/book.pdf` -> `out/book-cover.pdf`. */
export function coverPathFor(output: string): string {
  return output.toLowerCase().endsWith('.pdf') ? `${output.slice(0, -4)}-cover.pdf` : `${output}-cover.pdf`;
}

/** Where a book's puzzles come from, read and checked (a file) or ready to generate (a seed). */
export interface BookSource {
  sections: BookSection[];
  puzzles: AsyncIterable<BookPuzzle> | Iterable<BookPuzzle>;
  /** `seed 42` or `puzzles from file.txt`: what made the book, for its metadata. */
  origin: string;
  seed: string | undefined;
}

/** The sections and puzzles of a book from the options; null when a file's puzzles failed (reported). */
export async function bookSource(options: BookOptions, template: BookTemplate, io: CliIo, state: CommandState, progress: BookProgress): Promise<BookSource | null> {
  const wanted = options.sections === undefined ? undefined : parseSections(options.sections);
  const jobs = options.jobs === undefined ? undefined : parseJobs(options.jobs);
  const timeoutMs = options.timeout === undefined ? undefined : parseTimeout(options.timeout);
  if (options.puzzles !== undefined) {
    if (wanted?.some((s) => s.variant !== undefined)) throw new UsageError('--sections: variant sections are generated; with --puzzles, sections are levels of classic puzzles (easy:20,...)');
    // Other commands read '-' as standard input; a book reads its file more than once (a count before the layout).
    if (options.puzzles === '-') throw new UsageError('--puzzles takes a file, not standard input: save the puzzles to a file first (sudoku-press generate ... > puzzles.txt)');
    checkInputFiles([options.puzzles]);
    if (options.seed !== undefined) throw new UsageError('--seed makes no difference with --puzzles (the puzzles come from the file)');
    let fileBook;
    try {
      // Every puzzle of the file goes in: refuse as soon as the page limit is certain, not after
      // grading them all (100,000 lines took 35-79 s to be refused).
      const tooMany = wanted === undefined ? firstCountPastPageLimit(template) : null;
      if (tooMany !== null && !options.skipInvalid && (await countReadable(options.puzzles, tooMany.count)) >= tooMany.count) {
        // Each record must make it into the book (or the run fails anyway): enough readable
        // records already make it too long, whatever their levels.
        throw tooMany.error;
      }
      fileBook = await puzzlesFromFile(options.puzzles, {
        sections: wanted,
        skipInvalid: options.skipInvalid,
        onRecord: (read) => progress.reading(read),
        ...(tooMany === null
          ? {}
          : {
              onKept: (kept: number) => {
                if (kept >= tooMany.count) throw tooMany.error;
              },
            }),
        // In the worker thread: a hard puzzle takes seconds to grade, and a signal must not wait for it.
        grade: async (grid) => (await import('../node/compute.js')).compute('grade', grid, {}),
      });
    } catch (error) {
      if (error instanceof BookInputError) {
        fail(io, state, progress, error.message);
        return null;
      }
      if (error instanceof TemplateError) throw new UsageError(error.message);
      throw error;
    }
    progress.doneReading(fileBook.puzzles.length, fileBook.skipped.length);
    for (const skip of fileBook.skipped) io.stderr.write(`${terminalSafe(`${skip.source}:${skip.line}: left out: ${skip.reason}`)}\n`);
    return { sections: fileBook.sections, puzzles: fileBook.puzzles, origin: `puzzles from ${basename(options.puzzles)}`, seed: undefined };
  }
  if (options.skipInvalid) throw new UsageError('--skip-invalid only applies with --puzzles');
  const sections = wanted ?? parseSections(template.sections ?? DEFAULT_SECTIONS, `template ${template.name}: sections`);
  const seed = options.seed ?? String(randomInt(100000, 1000000));
  if (options.seed === undefined) progress.note(`seed ${seed} (pass --seed ${seed} to make this book again)`);
  const puzzles = generatedPuzzles(sections, {
    seed,
    symmetry: template.symmetry,
    ...(jobs === undefined ? {} : { jobs }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { sections, puzzles, origin: `seed ${seed}`, seed };
}

/**
 * The fewest puzzles that certainly make a book past the template's page limit (its gutter table
 * or 10,000 pages), with the error the book would fail with: a book of one section is the
 * shortest book of that many puzzles (more sections only add dividers). Null when no count does.
 */
export function firstCountPastPageLimit(template: BookTemplate): { count: number; error: TemplateError } | null {
  const pastLimit = (count: number): TemplateError | null => {
    try {
      planBook(template, { title: '', sections: [{ level: 'easy', count }] });
      return null;
    } catch (error) {
      if (error instanceof TemplateError) return error;
      throw error;
    }
  };
  let high = 1 << 21;
  let error = pastLimit(high);
  if (error === null) return null;
  let low = 0; // a count that fits (0: trivially)
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    const midError = pastLimit(mid);
    if (midError === null) low = mid;
    else {
      high = mid;
      error = midError;
    }
  }
  // The count is a lower bound of the book's: say so ("has 829 pages" would understate a file of 100,000).
  const message = error.message.replace(/the book (?:has|would have) (\d+) pages/, 'the book would have at least $1 pages');
  return { count: high, error: Object.assign(error, { message }) };
}

/** How many readable records `file` has, counted up to `atMost` (parsed only, nothing solved); 0 for a pipe. */
async function countReadable(file: string, atMost: number): Promise<number> {
  if (!statSync(file).isFile()) return 0; // a pipe can be read once: the grading pass stops early instead
  const reader = new PuzzleReader({ source: file });
  const stream = createReadStream(file, { encoding: 'utf8' });
  let count = 0;
  let line = 0;
  try {
    for await (const text of textLines(stream)) {
      for (const record of reader.push(text, ++line)) if (record.ok) count++;
      if (count >= atMost) return count;
    }
  } finally {
    stream.destroy();
  }
  return count;
}

/**
 * With --primer or --hints, every puzzle is needed before the first page (the primer comes first and
 * its length depends on them): they are collected, then solved step by step.
 */
export async function teachingFor(
  options: BookOptions,
  source: BookSource,
  progress: BookProgress,
): Promise<{ puzzles: BookPuzzle[]; teaching: Teaching } | undefined> {
  if (!options.primer && !options.hints) return undefined;
  if (source.sections.some((s) => s.variant !== undefined)) {
    throw new UsageError(`${options.primer ? '--primer' : '--hints'}: applies to classic books only (the techniques and hints are written for classic 9x9 puzzles)`);
  }
  const puzzles: BookPuzzle[] = [];
  const total = source.sections.reduce((sum, s) => sum + s.count, 0);
  for await (const puzzle of source.puzzles) {
    puzzles.push(puzzle);
    progress.step('generating puzzles', puzzles.length, total);
  }
  const [{ Teacher }, { compute, warmCompute }] = await Promise.all([import('../book/primer.js'), import('../node/compute.js')]);
  warmCompute();
  // Each path is found in the worker thread (a hard puzzle takes seconds), so that a signal stops
  // the run at once; the same steps as teach()'s solvePath.
  const teacher = new Teacher();
  for (const puzzle of puzzles) {
    teacher.add(puzzle, (await compute('path', puzzle.grid, {})).steps);
    progress.step('solving for the primer and hints', puzzle.number, total);
  }
  return { puzzles, teaching: teacher.teaching() };
}

export function fail(io: CliIo, state: CommandState, progress: BookProgress, message: string): void {
  progress.stop();
  io.stderr.write(`sudoku-press: ${oneLine(message)}\n`);
  state.exitCode = EXIT.failure;
}


export function withOverrides(template: BookTemplate, options: BookOptions): BookTemplate {
  return {
    ...template,
    showRating: template.showRating || options.showRating,
    symmetry: options.symmetry ?? template.symmetry,
    ...(options.paper === undefined ? {} : { paper: options.paper }),
  };
}

function coverSummary(cover: { path: string; width: number; height: number; spine: number; pages: number; paper: string }): string {
  const inches = (points: number): string => (points / 72).toFixed(3);
  return `Wrote ${cover.path}: cover ${inches(cover.width)} x ${inches(cover.height)} in, spine ${inches(cover.spine)} in (${cover.pages} pages, ${cover.paper} paper)\n`;
}

/**
 * `easy:20,killer-hard:10,6x6-easy:8` -> sections (a plain level is classic), or a preset's name
 * (`variety`); a usage error names the bad part.
 */
/** `jigsaw, x, windoku: beginner, ...; 4x4, ...: easy, ...`: the variants grouped by the levels they have. */
function variantLevelsHelp(): string {
  const groups = new Map<string, string[]>();
  for (const variant of BOOK_VARIANTS) {
    const levels = bookVariantLevels(variant).join(', ');
    groups.set(levels, [...(groups.get(levels) ?? []), variant]);
  }
  return [...groups].map(([levels, variants]) => `${variants.join(', ')}: ${levels}`).join('; ');
}

export function parseSections(text: string, where = '--sections'): BookSection[] {
  const preset = SECTION_PRESETS[text.trim().toLowerCase()];
  if (preset !== undefined) return parseSections(preset, where);
  const sections: BookSection[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    const match = /^(?:([a-z0-9]+)-)?([a-z]+):(\d+)$/i.exec(item);
    if (!match) throw new UsageError(`${where}: expected level:count or variant-level:count (e.g. easy:20, killer-hard:10), got '${item}'`);
    const named = match[1]?.toLowerCase();
    const level = match[2]!.toLowerCase();
    const variant = named === 'classic' ? undefined : named;
    if (variant !== undefined && !isBookVariant(variant)) throw new UsageError(`${where}: unknown variant '${match[1]}' in '${item}'; variants are ${BOOK_VARIANTS.join(', ')}`);
    if (variant === undefined && !isLevel(level)) throw new UsageError(`${where}: unknown level '${match[2]}'; levels are ${LEVELS.map((r) => r.level).join(', ')}`);
    if (variant !== undefined && !(bookVariantLevels(variant) as readonly string[]).includes(level)) {
      throw new UsageError(`${where}: no level '${match[2]}' for ${variant}; its levels are ${bookVariantLevels(variant).join(', ')} (the variant generator's)`);
    }
    const count = Number(match[3]);
    if (count < 1 || count > 100000) throw new UsageError(`${where}: ${item.split(':')[0]} needs a count from 1 to 100000, got ${match[3]}`);
    sections.push(variant === undefined ? { level, count } : { level, count, variant });
  }
  const variety = sections.some((s) => s.variant !== undefined);
  return sections.map((s) => (variety ? { ...s, title: sectionTitle(s.level, s.variant, true) } : s));
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

export function describeContents(sections: readonly BookSection[]): string {
  const total = sections.reduce((sum, s) => sum + s.count, 0);
  const kinds = coverKinds(sections).variants;
  if (kinds !== undefined) return `${total} puzzle${total === 1 ? '' : 's'} of ${kinds.length} kind${kinds.length === 1 ? '' : 's'}: ${kinds.join(', ')}`;
  const levels = [...new Set(sections.map((s) => s.level))];
  const range = levels.length === 1 ? levels[0]! : `${levels[0]} to ${levels[levels.length - 1]}`;
  return `${total} puzzle${total === 1 ? '' : 's'}, ${range}`;
}

function summary(result: BookResult, template: BookTemplate, seed: string | undefined): string {
  const { plan } = result;
  const size = `${round(template.page.width / 72)} x ${round(template.page.height / 72)} in${template.bleed > 0 ? ` + ${round(template.bleed / 72)} in bleed` : ''}`;
  const lines = [
    `Wrote ${result.path}: ${plan.pageCount} pages, ${(result.bytes / 1e6).toFixed(1)} MB, template ${template.name} (${size}, ${template.puzzlesPerPage} per page)`,
    `${plan.puzzleCount} ${plan.puzzleCount === 1 ? 'puzzle' : 'puzzles'}${seed === undefined ? '' : ` from seed ${seed}`}:`,
  ];
  const width = Math.max(9, ...plan.sections.map((s) => s.title.length));
  for (const s of plan.sections) {
    const range = s.first === s.last ? `puzzle ${s.first}` : `puzzles ${s.first}-${s.last}`;
    lines.push(`  ${s.title.padEnd(width)} ${range.padEnd(18)} from page ${s.page}`);
  }
  if (plan.solutionsPage !== null) lines.push(`  ${'Solutions'.padEnd(width)} ${''.padEnd(18)} from page ${plan.solutionsPage}`);
  return `${lines.join('\n')}\n`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** What the book command shows on stderr: progress on a terminal, and its notes unless --quiet. */
export class BookProgress {
  private readonly reader: Progress;
  private writer: Progress | undefined;
  private stage: Progress | undefined;
  private stageName = '';

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

  /** A counted stage before the pages (generating the puzzles, solving them for the primer and hints). */
  step(what: string, done: number, total: number): void {
    if (what !== this.stageName) {
      this.stage?.clear();
      this.stage = new Progress(this.io, `${what}:`, total, this.enabled);
      this.stageName = what;
    }
    this.stage!.update(done, total);
  }

  page(page: number, pages: number): void {
    this.stage?.clear();
    this.writer ??= new Progress(this.io, 'writing page', pages, this.enabled);
    this.writer.update(page, pages);
  }

  stop(): void {
    this.reader.clear();
    this.stage?.clear();
    this.writer?.clear();
  }
}

/** What the book (and its cover) print, from the command line: the title and subtitle given or the template's. */
export function bookContent(
  options: BookOptions,
  template: BookTemplate,
  sections: BookSection[],
  front: Partial<FrontMatter>,
  texts: Partial<BookTexts>,
  teaching: Awaited<ReturnType<typeof teachingFor>>,
): BookContent {
  const title = options.title ?? (template.front.title === undefined ? defaultTitle(sections) : undefined);
  return {
    template,
    ...(title === undefined ? {} : { title }),
    subtitle: options.subtitle ?? template.front.subtitle ?? describeContents(sections),
    front,
    texts,
    sections,
    ...(teaching ? { teaching: teaching.teaching, primer: options.primer, hints: options.hints } : {}),
  };
}

/** A book of variants without a title: `Killer Sudoku` (one variant), `Variety Sudoku` (several kinds); else none (the default). */
function defaultTitle(sections: readonly BookSection[]): string | undefined {
  const kinds = new Set(sections.map((s) => s.variant ?? 'classic'));
  const only = sections[0]?.variant;
  if (kinds.size === 1) return only === undefined ? undefined : VARIANT_INFO[only].heading;
  return kinds.size > 1 ? 'Variety Sudoku' : undefined;
}

/**
 * Before any work: the texts within their limits and every output writable (not there, or
 * `force`); a usage error (exit 2, one line) otherwise. The book and the cover commands share it.
 */
export function checkBeforeWork(options: BookOptions, template: BookTemplate, front: Partial<FrontMatter>, outputs: readonly string[], force: boolean): void {
  try {
    checkTexts(options, template, front);
    for (const output of outputs) checkOutput(output, force);
  } catch (error) {
    if (error instanceof BookOutputError) throw new UsageError(error.message);
    throw error;
  }
}

/** The title, subtitle and front matter within their limits (a BookOutputError otherwise), before any work. */
export function checkTexts(options: BookOptions, template: BookTemplate, front: Partial<FrontMatter>): void {
  checkBookTexts({ template, front, sections: [], ...(options.title === undefined ? {} : { title: options.title }), ...(options.subtitle === undefined ? {} : { subtitle: options.subtitle }) });
}

/**
 * Before any work: the book's texts fit their pages (when the sections are known before the
 * puzzles: always but for `--puzzles` without `--sections`, which the writer checks once read),
 * and the back text fits the cover. A usage error (exit 2) names the text and how much fits.
 */
export async function checkTextsBeforeWork(
  options: BookOptions,
  template: BookTemplate,
  front: Partial<FrontMatter>,
  texts: Partial<BookTexts>,
  what: { book: boolean; cover: boolean },
): Promise<void> {
  const { checkTextsFit, planContent } = await import('../render/index.js');
  const { checkBackText } = await import('../render/cover.js');
  const { TextFitError } = await import('../render/text-fit.js');
  try {
    if (what.book && (options.puzzles === undefined || options.sections !== undefined)) {
      const sections = options.sections === undefined ? parseSections(template.sections ?? DEFAULT_SECTIONS, `template ${template.name}: sections`) : parseSections(options.sections);
      const planned = planContent(bookContent(options, template, sections, front, texts, undefined));
      checkTextsFit(planned);
    }
    if (what.cover) {
      const content = bookContent(options, template, [], front, texts, undefined);
      checkBackText(template, resolveFront(content), resolveTexts(content));
    }
  } catch (error) {
    if (error instanceof BookOutputError || error instanceof TextFitError || error instanceof TemplateError) throw new UsageError(error.message);
    throw error;
  }
}
