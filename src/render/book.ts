/**
 * A book from start to finish: plan the pages, draw them into a temporary file next to the output
 * (src/node/output-file.ts: created exclusively under an unpredictable name, never through a
 * link), and move it into place only when the PDF is complete.
 */
import { OptionError, optionKeys, ownOptions } from '../core/errors.js';
import { OutputFileError, checkOutputPath, describeFileError, openOutputFile } from '../node/output-file.js';
import { planContent, resolveFront, type BookContent } from './content.js';
import type { BookPlan } from './layout.js';
import { checkTextPages, writeBookPdf, type BookPuzzle } from './pdf-writer.js';
import { TextFitError } from './text-fit.js';

/**
 * The creation date written into every book. Fixed, so that the same seed and options give the same
 * bytes (the PDF's document ID is a hash of its Info dictionary, the date included).
 */
export const BOOK_DATE = new Date(Date.UTC(2025, 0, 1));

/** An output file that cannot be written; the message says why. */
export class BookOutputError extends Error {
  override readonly name = 'BookOutputError';
  constructor(
    readonly code: 'EXISTS' | 'NOT_A_FILE' | 'ABORTED' | 'TEXT_TOO_LONG',
    message: string,
  ) {
    super(message);
  }
}

/** Options of {@link writeBookFile}. */
export interface WriteBookFileOptions extends BookContent {
  /** The puzzles in book order (numbered from 1), as fast or as slow as they come. */
  puzzles: AsyncIterable<BookPuzzle> | Iterable<BookPuzzle>;
  /** Path of the PDF. Its folder is made if missing. */
  output: string;
  /** Replace an existing file. Default false. */
  force?: boolean;
  /** Written into the PDF's Info dictionary; describe what made the book so that different books get different IDs. */
  subject?: string;
  /** Info dictionary keywords and extra entries (e.g. the seed and template, so the book can be made again). */
  keywords?: string;
  metadata?: Readonly<Record<string, string>>;
  /** Default {@link BOOK_DATE}. */
  creationDate?: Date;
  /** Stops the run; the temporary file is removed and nothing is left at `output`. */
  signal?: AbortSignal;
  onPage?: (page: number, pageCount: number) => void;
}

/** What was written. */
export interface BookResult {
  path: string;
  pages: number;
  bytes: number;
  plan: BookPlan;
}

/** Longest title and subtitle: what a title page holds in a few lines. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_SUBTITLE_LENGTH = 300;
/** Longest author, publisher, edition line: a line of the title or copyright page. */
export const MAX_FRONT_LINE_LENGTH = 200;

/**
 * Throws a BookOutputError (`TEXT_TOO_LONG`) for a title, subtitle or line of front matter past the
 * limits (from the options, or from the template's `front` when the options leave it out).
 */
export function checkBookTexts(content: BookContent): void {
  const front = resolveFront(content);
  if (front.title.length > MAX_TITLE_LENGTH) {
    throw new BookOutputError('TEXT_TOO_LONG', `the title is ${front.title.length} characters long; at most ${MAX_TITLE_LENGTH}`);
  }
  if (front.subtitle.length > MAX_SUBTITLE_LENGTH) {
    throw new BookOutputError('TEXT_TOO_LONG', `the subtitle is ${front.subtitle.length} characters long; at most ${MAX_SUBTITLE_LENGTH}`);
  }
  for (const field of ['author', 'publisher', 'edition'] as const) {
    const value = front[field];
    if (typeof value === 'string' && value.length > MAX_FRONT_LINE_LENGTH) {
      throw new BookOutputError('TEXT_TOO_LONG', `the ${field} is ${value.length} characters long; at most ${MAX_FRONT_LINE_LENGTH}`);
    }
  }
}

const BOOK_FILE_KEYS = optionKeys<WriteBookFileOptions>({ template: true, title: true, subtitle: true, front: true, texts: true, sections: true, teaching: true, primer: true, hints: true, puzzles: true, output: true, force: true, subject: true, keywords: true, metadata: true, creationDate: true, signal: true, onPage: true });

/**
 * Plans and writes a book to `output` atomically: a failed or stopped run leaves no file there.
 * @throws BookOutputError when the file exists (without `force`), a text is too long or the run
 *   was aborted; OutputFileError when the file cannot be written (a full disk, no permission);
 *   TemplateError when the book does not fit the template.
 */
export async function writeBookFile(options: WriteBookFileOptions): Promise<BookResult> {
  options = ownOptions(options, BOOK_FILE_KEYS, 'book');
  // What every book needs, named here rather than met as a TypeError deep in the layout.
  const missing = typeof options.template !== 'object' || options.template === null ? 'template (loadTemplate(name))' : !Array.isArray(options.sections) ? 'sections (a list)' : typeof options.output !== 'string' ? 'output (a file name)' : options.puzzles === null || typeof options.puzzles !== 'object' ? 'puzzles (generatedPuzzles(...) or your own)' : undefined;
  if (missing !== undefined) throw new OptionError('BAD_OPTION', `book options need ${missing}`);
  const { output } = options;
  checkBookTexts(options);
  checkOutput(output, options.force ?? false);
  const { plan, front, texts } = planContent(options);
  checkTextsFit({
    plan,
    front,
    texts,
    ...(options.teaching && plan.primerPage !== null ? { primer: options.teaching.primer } : {}),
    ...(options.teaching && plan.hintsPage !== null ? { hints: options.teaching.hints } : {}),
  });
  const file = openOutputFile(output, { force: options.force ?? false });
  const signal = options.signal;
  try {
    const puzzles = signal ? abortable(options.puzzles, signal) : options.puzzles;
    await writeBookPdf({
      plan,
      front,
      texts,
      subject: options.subject ?? '',
      ...(options.keywords === undefined ? {} : { keywords: options.keywords }),
      ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
      ...(options.teaching && plan.primerPage !== null ? { primer: options.teaching.primer } : {}),
      ...(options.teaching && plan.hintsPage !== null ? { hints: options.teaching.hints } : {}),
      creationDate: options.creationDate ?? BOOK_DATE,
      puzzles,
      output: file.stream,
      onPage: (page, count) => {
        if (signal?.aborted) throw new BookOutputError('ABORTED', 'stopped before the book was finished; no file written');
        options.onPage?.(page, count);
      },
    });
  } catch (error) {
    await file.discard();
    if (error instanceof TextFitError) throw new BookOutputError('TEXT_TOO_LONG', error.message);
    // A system error names the user's file, never the temporary one; an error reading another file
    // (a font, an image) names that file.
    const failed = (error as NodeJS.ErrnoException).path;
    if (failed !== undefined && failed !== file.temporaryPath) throw describeFileError(error, failed, 'read');
    if ((error as NodeJS.ErrnoException).syscall !== undefined) throw describeFileError(error, output, 'write');
    throw error;
  }
  let bytes: number;
  try {
    ({ bytes } = await file.commit());
  } catch (error) {
    if (error instanceof OutputFileError && (error.code === 'EXISTS' || error.code === 'NOT_A_FILE')) throw new BookOutputError(error.code, error.message);
    throw error;
  }
  return { path: output, pages: plan.pageCount, bytes, plan };
}

/**
 * Throws a BookOutputError (`TEXT_TOO_LONG`) when a text of the book does not fit its page (see
 * checkTextPages): the message names the text and how many of its words fit.
 */
export function checkTextsFit(options: Parameters<typeof checkTextPages>[0]): void {
  try {
    checkTextPages(options);
  } catch (error) {
    if (error instanceof TextFitError) throw new BookOutputError('TEXT_TOO_LONG', error.message);
    throw error;
  }
}

/**
 * Throws a BookOutputError when `output` exists and `force` is off, or is not a file, and an
 * OutputFileError for a path that cannot be a file (`dir/`, a path through a file). Callers check
 * early so that a long run is not wasted on a refused file.
 */
export function checkOutput(output: string, force: boolean): void {
  try {
    checkOutputPath(output, force);
  } catch (error) {
    if (error instanceof OutputFileError && (error.code === 'EXISTS' || error.code === 'NOT_A_FILE')) throw new BookOutputError(error.code, error.message);
    throw error;
  }
}

async function* abortable<T>(items: AsyncIterable<T> | Iterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  for await (const item of items) {
    if (signal.aborted) throw new BookOutputError('ABORTED', 'stopped before the book was finished; no file written');
    yield item;
  }
}
