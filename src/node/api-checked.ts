/**
 * The Node entry's calls on books, pictures and files, checked at the boundary as src/api-checked.ts
 * checks the portable ones: a value of the wrong type is an OptionError BAD_OPTION naming the
 * argument, not a TypeError from inside pdfkit or the layout. Only src/node/index.ts exports these.
 */
import type { Writable } from 'node:stream';
import { checkedFields, kindOf } from '../api-checked.js';
import { OptionError } from '../core/errors.js';
import type { BoardPicture, VariantPicture } from '../draw/index.js';
import { teach as teachIn, type PrimerPuzzle, type Teaching } from '../book/primer.js';
import { isBookVariant, sectionTitle as titleIn, type BookVariant } from '../book/variants.js';
import { planBook as planIn, type BookPlan, type BookSpec } from '../render/layout.js';
import { writeBookPdf as writeIn, type WriteBookOptions } from '../render/pdf-writer.js';
import { renderPicture as renderIn, type PictureOptions } from '../render/picture.js';
import { puzzlesFromFile as fromFileIn, type FileBook, type FilePuzzlesOptions } from '../render/sources.js';
import type { BookTemplate } from '../render/template.js';

/** Plans a book: which puzzle goes on which page. @throws OptionError BAD_OPTION for a template or spec of the wrong type. */
export function planBook(template: BookTemplate, spec: BookSpec): BookPlan {
  checkedFields(template, 'a template (loadTemplate, parseTemplate)', { name: 'string', page: 'object' });
  checkedFields(spec, 'a book spec { title, sections }', { title: 'string', sections: 'array' });
  return planIn(template, spec);
}

/** Writes a planned book as a PDF. @throws OptionError BAD_OPTION for options of the wrong type. */
export async function writeBookPdf(options: WriteBookOptions): Promise<{ pages: number }> {
  checkedFields(options, 'book options { plan, front, texts, subject, output }', { plan: 'object', front: 'object', texts: 'object', subject: 'string', output: 'object' });
  if (typeof (options.output as Partial<Writable>).write !== 'function') throw new OptionError('BAD_OPTION', 'expected book options whose output is a writable stream');
  return writeIn(options);
}

/** A section's title ("Hard Jigsaw"). @throws OptionError BAD_OPTION for a level that is not a string, a variant that is not a book variant. */
export function sectionTitle(level: string, variant: BookVariant | undefined, variety: boolean): string {
  if (typeof level !== 'string') throw new OptionError('BAD_OPTION', `expected the level as a string, got ${kindOf(level)}`);
  if (variant !== undefined && (typeof variant !== 'string' || !isBookVariant(variant))) throw new OptionError('BAD_OPTION', `expected a book variant (VARIANT_INFO's names) or undefined, got ${kindOf(variant)}`);
  return titleIn(level, variant, variety);
}

/** The primer's teaching puzzles and hints. @throws OptionError BAD_OPTION for puzzles that are not iterable. */
export function teach(puzzles: Iterable<PrimerPuzzle>, options: { onPuzzle?: (n: number) => void } = {}): Teaching {
  if (typeof puzzles !== 'object' || puzzles === null || typeof (puzzles as Partial<Iterable<PrimerPuzzle>>)[Symbol.iterator] !== 'function') {
    throw new OptionError('BAD_OPTION', `expected the puzzles as an iterable, got ${kindOf(puzzles)}`);
  }
  return teachIn(puzzles, options);
}

/** A picture file's bytes (PNG, SVG or PDF). @throws OptionError BAD_OPTION for a picture that is not drawBoard's or drawVariantBoard's. */
export async function renderPicture(picture: BoardPicture | VariantPicture, options: PictureOptions): Promise<Uint8Array> {
  checkedFields(picture, 'a picture (drawBoard, drawVariantBoard)', {});
  return renderIn(picture, options);
}

/** The puzzles of a file for a book. @throws OptionError BAD_OPTION for a path that is not a string. */
export async function puzzlesFromFile(path: string, options: FilePuzzlesOptions = {}): Promise<FileBook> {
  if (typeof path !== 'string') throw new OptionError('BAD_OPTION', `expected the path as a string, got ${kindOf(path)}`);
  return fromFileIn(path, options);
}
