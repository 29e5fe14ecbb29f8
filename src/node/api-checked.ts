/**
 * The Node entry's calls on books, pictures and files, checked at the boundary as src/api-checked.ts
 * checks the portable ones: a value of the wrong type is an OptionError BAD_OPTION naming the
 * argument, not a TypeError from inside pdfkit or the layout. Only src/node/index.ts exports these.
 */
import type { Writable } from 'node:stream';
import { checkedFields, kindOf } from '../api-checked.js';
import { OptionError, shownValue } from '../core/errors.js';
import type { BoardPicture, VariantPicture } from '../draw/index.js';
import { teach as teachIn, type PrimerPuzzle, type Teaching } from '../book/primer.js';
import { isBookVariant, sectionTitle as titleIn, type BookVariant } from '../book/variants.js';
import { planBook as planIn, type BookPlan, type BookSpec } from '../render/layout.js';
import { writeBookPdf as writeIn, type WriteBookOptions } from '../render/pdf-writer.js';
import { renderPicture as renderIn, type PictureOptions } from '../render/picture.js';
import { puzzlesFromFile as fromFileIn, type FileBook, type FilePuzzlesOptions } from '../render/sources.js';
import { PAPER_THICKNESS, parseTemplate as parseIn, type BookTemplate, type Paper } from '../render/template.js';
import { coverGeometry as coverIn, spineWidth as spineIn, type CoverGeometry } from '../render/cover.js';
import { paintScene as paintIn, writeScenePdf as writeSceneIn, type PaintSceneOptions, type ScenePdfOptions } from '../render/board-pdf.js';
import { sweepStaleTemporaries as sweepIn } from './output-file.js';
import type { Scene } from '../draw/index.js';

/** The fields a scene's drawing reads first. */
const SCENE = { width: 'number', height: 'number', fontFamily: 'string', primitives: 'array' } as const;
type Doc = PDFKit.PDFDocument;

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

/** The puzzles of a file for a book. @throws OptionError BAD_OPTION for a path that is not a string, sections that are not an array. */
export async function puzzlesFromFile(path: string, options: FilePuzzlesOptions = {}): Promise<FileBook> {
  if (typeof path !== 'string') throw new OptionError('BAD_OPTION', `expected the path as a string, got ${kindOf(path)}`);
  const sections = (options as Partial<Record<string, unknown>> | null | undefined)?.['sections'];
  if (sections !== undefined && !Array.isArray(sections)) throw new OptionError('BAD_OPTION', `expected the sections as an array of { level, count }, got ${kindOf(sections)}`);
  return fromFileIn(path, options);
}

/** A number option or argument, or an OptionError BAD_OPTION naming it. */
function checkedNumber(value: unknown, what: string, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new OptionError('BAD_OPTION', `expected ${what} as a number, got ${shownValue(value)}`);
}

function checkedPaper(paper: unknown): Paper {
  if (typeof paper !== 'string' || !Object.hasOwn(PAPER_THICKNESS, paper)) throw new OptionError('BAD_OPTION', `expected a paper (${Object.keys(PAPER_THICKNESS).join(', ')}), got ${shownValue(paper)}`);
  return paper as Paper;
}

/** Spine width in points. @throws OptionError BAD_OPTION for a page count that is not a number, an unknown paper. */
export function spineWidth(pages: number, paper: Paper): number {
  checkedNumber(pages, 'the page count');
  return spineIn(pages, checkedPaper(paper));
}

/** The geometry of a book's cover. @throws OptionError BAD_OPTION for a template, page count or paper of the wrong kind. */
export function coverGeometry(template: BookTemplate, pages: number, paper: Paper): CoverGeometry {
  checkedFields(template, 'a template (loadTemplate, parseTemplate)', { name: 'string', page: 'object' });
  if (typeof pages !== 'number' || !Number.isInteger(pages) || pages < 2) throw new OptionError('BAD_OPTION', `a cover needs the interior's page count (a whole number >= 2), got ${shownValue(pages)}`);
  return coverIn(template, pages, checkedPaper(paper));
}

/** Removes this machine's stale temporaries of `target` in `folder`. @throws OptionError BAD_OPTION for a folder or target that is not a string. */
export function sweepStaleTemporaries(folder: string, target: string): number {
  if (typeof folder !== 'string' || typeof target !== 'string') throw new OptionError('BAD_OPTION', `expected the folder and the target as strings, got ${kindOf(folder)} and ${kindOf(target)}`);
  return sweepIn(folder, target);
}

/** A template from its JSON. @throws OptionError BAD_OPTION for a `where` that is not { file, name } strings; TemplateError for a bad template. */
export function parseTemplate(json: unknown, where?: { file: string; name: string }): BookTemplate {
  if (where !== undefined) checkedFields(where, "a template's place { file, name }", { file: 'string', name: 'string' });
  return parseIn(json, where);
}

/** Paints a scene on a PDFKit document. @throws OptionError BAD_OPTION for a document, scene or options of the wrong kind. */
export function paintScene(doc: Doc, scene: Scene, options: PaintSceneOptions): void {
  if (typeof doc !== 'object' || doc === null || typeof (doc as Partial<Doc>).save !== 'function') throw new OptionError('BAD_OPTION', `expected a PDFKit document, got ${kindOf(doc)}`);
  checkedFields(scene, 'a scene { width, height, fontFamily, primitives }', SCENE);
  const o = checkedFields<PaintSceneOptions>(options, 'paint options { x, y, width }', {});
  for (const key of ['x', 'y', 'width'] as const) checkedNumber(o[key], key);
  checkedNumber(o.minLineWidth, 'minLineWidth', true);
  paintIn(doc, scene, options);
}

/** A scene as a one-page PDF. @throws OptionError BAD_OPTION for a scene, output or options of the wrong kind. */
export async function writeScenePdf(scene: Scene, output: Writable, options: ScenePdfOptions): Promise<void> {
  checkedFields(scene, 'a scene { width, height, fontFamily, primitives }', SCENE);
  if (typeof output !== 'object' || output === null || typeof (output as Partial<Writable>).write !== 'function') throw new OptionError('BAD_OPTION', `expected a writable stream, got ${kindOf(output)}`);
  const o = checkedFields<ScenePdfOptions>(options, 'PDF options { width, creationDate }', {});
  checkedNumber(o.width, 'width');
  checkedNumber(o.margin, 'margin', true);
  if (!(o.creationDate instanceof Date)) throw new OptionError('BAD_OPTION', `expected creationDate as a Date, got ${kindOf(o.creationDate)}`);
  if (o.title !== undefined && typeof o.title !== 'string') throw new OptionError('BAD_OPTION', `expected the title as a string, got ${kindOf(o.title)}`);
  return writeSceneIn(scene, output, options);
}
