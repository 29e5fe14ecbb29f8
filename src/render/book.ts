/**
 * A book from start to finish: plan the pages, draw them into a temporary file next to the output,
 * and rename it into place only when the PDF is complete.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { planContent, type BookContent } from './content.js';
import type { BookPlan } from './layout.js';
import { writeBookPdf, type BookPuzzle } from './pdf-writer.js';

/**
 * The creation date written into every book. Fixed, so that the same seed and options give the same
 * bytes (the PDF's document ID is a hash of its Info dictionary, the date included).
 */
export const BOOK_DATE = new Date(Date.UTC(2025, 0, 1));

/** An output file that cannot be written; the message says why. */
export class BookOutputError extends Error {
  override readonly name = 'BookOutputError';
  constructor(
    readonly code: 'EXISTS' | 'NOT_A_FILE' | 'ABORTED',
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

/**
 * Plans and writes a book to `output` atomically: a failed or stopped run leaves no file there.
 * @throws BookOutputError when the file exists (without `force`) or the run was aborted;
 *   TemplateError when the book does not fit the template.
 */
export async function writeBookFile(options: WriteBookFileOptions): Promise<BookResult> {
  const { output } = options;
  checkOutput(output, options.force ?? false);
  const { plan, front, texts } = planContent(options);
  const folder = dirname(output);
  mkdirSync(folder, { recursive: true });
  const temporary = join(folder, `.${basename(output)}.${process.pid}.partial`);
  const stream = createWriteStream(temporary, { flags: 'w' });
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
      output: stream,
      onPage: (page, count) => {
        if (signal?.aborted) throw new BookOutputError('ABORTED', 'stopped before the book was finished; no file written');
        options.onPage?.(page, count);
      },
    });
    checkOutput(output, options.force ?? false); // it may have appeared meanwhile
    renameSync(temporary, output);
  } catch (error) {
    stream.destroy();
    try {
      unlinkSync(temporary);
    } catch {
      // already gone
    }
    throw error;
  }
  return { path: output, pages: plan.pageCount, bytes: statSync(output).size, plan };
}

/**
 * Throws a BookOutputError when `output` cannot be written: it exists and `force` is off, or it is
 * not a file. Callers check early so that a long run is not wasted on a refused file.
 */
export function checkOutput(output: string, force: boolean): void {
  if (!existsSync(output)) return;
  if (!statSync(output).isFile()) throw new BookOutputError('NOT_A_FILE', `${output} exists and is not a file`);
  if (!force) throw new BookOutputError('EXISTS', `${output} already exists; use --force to replace it`);
}

async function* abortable<T>(items: AsyncIterable<T> | Iterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  for await (const item of items) {
    if (signal.aborted) throw new BookOutputError('ABORTED', 'stopped before the book was finished; no file written');
    yield item;
  }
}
