/**
 * A book from start to finish: plan the pages, draw them into a temporary file next to the output,
 * and rename it into place only when the PDF is complete.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { planBook } from './layout.js';
import { writeBookPdf } from './pdf-writer.js';
/**
 * The creation date written into every book. Fixed, so that the same seed and options give the same
 * bytes (the PDF's document ID is a hash of its Info dictionary, the date included).
 */
export const BOOK_DATE = new Date(Date.UTC(2025, 0, 1));
/** An output file that cannot be written; the message says why. */
export class BookOutputError extends Error {
    code;
    name = 'BookOutputError';
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}
/**
 * Plans and writes a book to `output` atomically: a failed or stopped run leaves no file there.
 * @throws BookOutputError when the file exists (without `force`) or the run was aborted;
 *   TemplateError when the book does not fit the template.
 */
export async function writeBookFile(options) {
    const { output } = options;
    checkOutput(output, options.force ?? false);
    const plan = planBook(options.template, { title: options.title, sections: options.sections });
    const folder = dirname(output);
    mkdirSync(folder, { recursive: true });
    const temporary = join(folder, `.${basename(output)}.${process.pid}.partial`);
    const stream = createWriteStream(temporary, { flags: 'w' });
    const signal = options.signal;
    try {
        const puzzles = signal ? abortable(options.puzzles, signal) : options.puzzles;
        await writeBookPdf({
            plan,
            subtitle: options.subtitle ?? '',
            colophon: options.colophon ?? '',
            subject: options.subject ?? '',
            creationDate: options.creationDate ?? BOOK_DATE,
            puzzles,
            output: stream,
            onPage: (page, count) => {
                if (signal?.aborted)
                    throw new BookOutputError('ABORTED', 'stopped before the book was finished; no file written');
                options.onPage?.(page, count);
            },
        });
        checkOutput(output, options.force ?? false); // it may have appeared meanwhile
        renameSync(temporary, output);
    }
    catch (error) {
        stream.destroy();
        try {
            unlinkSync(temporary);
        }
        catch {
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
export function checkOutput(output, force) {
    if (!existsSync(output))
        return;
    if (!statSync(output).isFile())
        throw new BookOutputError('NOT_A_FILE', `${output} exists and is not a file`);
    if (!force)
        throw new BookOutputError('EXISTS', `${output} already exists; use --force to replace it`);
}
async function* abortable(items, signal) {
    for await (const item of items) {
        if (signal.aborted)
            throw new BookOutputError('ABORTED', 'stopped before the book was finished; no file written');
        yield item;
    }
}
