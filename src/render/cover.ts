/**
 * The full-wrap paperback cover print-on-demand services (KDP) ask for: one sheet holding the back,
 * the spine and the front, with 0.125 in of bleed on every side. The spine's width comes from the
 * interior's page count and the paper. Only the background runs into the bleed; text and art stay
 * 0.25 in inside the trim, spine text 0.0625 in inside the spine's folds, and the barcode area at
 * the bottom right of the back (2 x 1.2 in) is left empty for the printer's barcode.
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import PDFDocument from 'pdfkit';
import { writeOutputFile } from '../node/output-file.js';
import { copyrightLine, levelText, type BookTexts, type FrontMatter } from '../book/texts.js';
import { BookOutputError, checkOutput, BOOK_DATE } from './book.js';
import { drawDigits, drawGridLines, type DigitFont } from './grid-pdf.js';
import { fontFile, type FontName } from './fonts.js';
import type { Rect } from './layout.js';
import { createTextMeasure, type BookPuzzle } from './pdf-writer.js';
import { TextFitError, textDoesNotFit, wrapText } from './text-fit.js';
import { PAPER_THICKNESS, type BookTemplate, type Paper } from './template.js';

/** KDP's cover figures, in points. */
export const COVER_RULES = {
  bleed: 9, // 0.125 in
  safe: 18, // 0.25 in inside the trim for text and art
  spineMargin: 4.5, // 0.0625 in inside each fold for spine text
  spineTextMinPages: 80, // spine text only for books over 79 pages
  barcode: { width: 144, height: 86.4 }, // 2 x 1.2 in
} as const;

/** Where everything on a cover goes (points, top-left origin). */
export interface CoverGeometry {
  width: number;
  height: number;
  spine: number;
  pages: number;
  paper: Paper;
  /** The trimmed panels. */
  back: Rect;
  spineRect: Rect;
  front: Rect;
  /** Inside these, text and art may go. */
  backSafe: Rect;
  frontSafe: Rect;
  /** The spine's text box (null when the book is too thin for spine text). */
  spineText: Rect | null;
  /** Kept empty for the barcode. */
  barcode: Rect;
}

/** Spine width in points: pages x the paper's thickness per page. */
export function spineWidth(pages: number, paper: Paper): number {
  return pages * PAPER_THICKNESS[paper] * 72;
}

/** The geometry of the cover of a `pages`-page book on `paper` with the template's trim. */
export function coverGeometry(template: BookTemplate, pages: number, paper: Paper): CoverGeometry {
  if (!Number.isInteger(pages) || pages < 2) throw new RangeError(`a cover needs the interior's page count (a whole number >= 2), got ${pages}`);
  const { bleed, safe, spineMargin, barcode } = COVER_RULES;
  const w = template.page.width;
  const h = template.page.height;
  const spine = spineWidth(pages, paper);
  const back: Rect = { x: bleed, y: bleed, width: w, height: h };
  const spineRect: Rect = { x: bleed + w, y: bleed, width: spine, height: h };
  const front: Rect = { x: bleed + w + spine, y: bleed, width: w, height: h };
  const inset = (r: Rect, by: number): Rect => ({ x: r.x + by, y: r.y + by, width: r.width - 2 * by, height: r.height - 2 * by });
  const spineText =
    pages >= COVER_RULES.spineTextMinPages && spine > 2 * spineMargin
      ? { x: spineRect.x + spineMargin, y: spineRect.y + safe, width: spine - 2 * spineMargin, height: h - 2 * safe }
      : null;
  const backSafe = inset(back, safe);
  return {
    width: 2 * bleed + 2 * w + spine,
    height: 2 * bleed + h,
    spine,
    pages,
    paper,
    back,
    spineRect,
    front,
    backSafe,
    frontSafe: inset(front, safe),
    spineText,
    barcode: {
      x: backSafe.x + backSafe.width - barcode.width,
      y: backSafe.y + backSafe.height - barcode.height,
      width: barcode.width,
      height: barcode.height,
    },
  };
}

/** Options of {@link writeCoverFile}. */
export interface WriteCoverOptions {
  template: BookTemplate;
  front: FrontMatter;
  texts: BookTexts;
  paper: Paper;
  /** The interior's page count. */
  pages: number;
  /** A puzzle of the book, drawn on the front. */
  art: BookPuzzle | undefined;
  /** Levels of the book, easiest first (for the back text). */
  levels?: readonly string[];
  /** Puzzle count (for the back text). */
  puzzleCount?: number;
  output: string;
  force?: boolean;
  subject?: string;
}

/** What was written. */
export interface CoverResult extends CoverGeometry {
  path: string;
  bytes: number;
  /** Every element drawn besides the background, with its box: for checks. */
  elements: { what: string; box: Rect }[];
}

/** The back text: the texts' `back`, else a description from the book's contents and levels. */
export function backText(options: Pick<WriteCoverOptions, 'texts' | 'levels' | 'puzzleCount'>): string[] {
  if (options.texts.back !== '') return options.texts.back.split(/\n\s*\n/);
  const levels = options.levels ?? [];
  const count = options.puzzleCount;
  const what = count === undefined ? 'Sudoku puzzles' : `${count} Sudoku puzzles`;
  const range = levels.length === 0 ? '' : levels.length === 1 ? `, all ${levels[0]}` : `, from ${levels[0]} to ${levels[levels.length - 1]}`;
  const paragraphs = [
    `${what}${range}. Every puzzle has exactly one solution and can be solved by logic alone, without guessing. Each one was graded step by step, the way a person solves it, so the levels mean what they say.`,
  ];
  for (const level of levels) {
    const text = levelText(options.texts, level);
    if (text !== '') paragraphs.push(`${level[0]!.toUpperCase()}${level.slice(1)}: ${text}`);
  }
  paragraphs.push('How to play, and the solutions of every puzzle, are inside.');
  return paragraphs;
}

const BACKGROUND = 0.16; // the dark ground, full bleed
const INK = 1; // text on it: white
const SOFT = 0.8;

const COVER_FILE_KEYS = optionKeys<WriteCoverOptions>({ template: true, front: true, texts: true, paper: true, pages: true, art: true, levels: true, puzzleCount: true, output: true, force: true, subject: true });

/** Writes the cover PDF to `output` (via a temporary file, renamed when complete). */
export async function writeCoverFile(options: WriteCoverOptions): Promise<CoverResult> {
  options = ownOptions(options, COVER_FILE_KEYS, 'cover');
  const { output } = options;
  checkOutput(output, options.force ?? false);
  try {
    checkBackText(options.template, options.front, options.texts);
  } catch (error) {
    if (error instanceof TextFitError) throw new BookOutputError('TEXT_TOO_LONG', error.message);
    throw error;
  }
  const g = coverGeometry(options.template, options.pages, options.paper);
  const elements: CoverResult['elements'] = [];
  // Written whole or not at all, like the book (src/node/output-file.ts).
  const { bytes } = await writeOutputFile(output, { force: options.force ?? false }, async (stream) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      compress: true,
      font: fontFile('serif'),
      pdfVersion: '1.4',
      info: {
        Title: `${options.front.title} (cover)`,
        ...(options.front.author === '' ? {} : { Author: options.front.author }),
        Subject: options.subject ?? 'sudoku-press cover',
        Creator: 'sudoku-press',
        Producer: 'sudoku-press (PDFKit)',
        CreationDate: BOOK_DATE,
      },
    });
    const finished = new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve);
      stream.once('error', reject);
      doc.once('error', reject);
    });
    finished.catch(() => undefined);
    doc.pipe(stream);
    doc.addPage({ size: [g.width, g.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    const page = doc.page as unknown as { dictionary: { data: Record<string, unknown> } };
    page.dictionary.data.TrimBox = [COVER_RULES.bleed, COVER_RULES.bleed, g.width - COVER_RULES.bleed, g.height - COVER_RULES.bleed];
    page.dictionary.data.BleedBox = [0, 0, g.width, g.height];
    drawCover(doc, g, options, elements);
    doc.end();
    await finished;
  });
  return { ...g, path: output, bytes, elements };
}

type Doc = PDFKit.PDFDocument;

function drawCover(doc: Doc, g: CoverGeometry, options: WriteCoverOptions, elements: CoverResult['elements']): void {
  const front = options.front;
  doc.addContent(`${BACKGROUND} g`);
  doc.rect(0, 0, g.width, g.height).fill();
  const measure = (text: string, font: FontName, size: number): number => doc.font(fontFile(font)).fontSize(size).widthOfString(text);
  const put = (what: string, text: string, x: number, baseline: number, font: FontName, size: number, gray: number, align: 'left' | 'center' = 'left'): void => {
    const width = measure(text, font, size);
    const left = align === 'center' ? x - width / 2 : x;
    doc.addContent(`${gray} g`);
    doc.font(fontFile(font)).fontSize(size).text(text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
    elements.push({ what, box: { x: left, y: baseline - size * 0.8, width, height: size * 1.05 } });
  };
  const wrap = (text: string, font: FontName, size: number, width: number, maxLines = Number.POSITIVE_INFINITY): string[] =>
    wrapText(text, width, (t) => measure(t, font, size), maxLines);

  // Front: title, subtitle, the puzzle, the author.
  const f = g.frontSafe;
  const centre = f.x + f.width / 2;
  // A long title (up to 200 characters) is set smaller to stay within 3 lines, and never runs past 4.
  const fullTitleSize = Math.min(f.width / 7, 54);
  let titleSize = fullTitleSize;
  let titleLines = wrap(front.title, 'serifBold', titleSize, f.width, 4);
  for (const scale of [0.85, 0.7, 0.6]) {
    if (titleLines.length <= 3) break;
    titleSize = fullTitleSize * scale;
    titleLines = wrap(front.title, 'serifBold', titleSize, f.width, 4);
  }
  let y = f.y + titleSize * 1.3;
  for (const line of titleLines) {
    put('title', line, centre, y, 'serifBold', titleSize, INK, 'center');
    y += titleSize * 1.1;
  }
  const subSize = fullTitleSize * 0.38;
  if (front.subtitle !== '') {
    y += subSize * 0.2;
    for (const line of wrap(front.subtitle, 'serifItalic', subSize, f.width, 3)) {
      put('subtitle', line, centre, y, 'serifItalic', subSize, SOFT, 'center');
      y += subSize * 1.3;
    }
  }
  const authorSize = subSize * 1.05;
  const authorY = f.y + f.height - authorSize * 0.3;
  if (front.author !== '') put('author', front.author, centre, authorY, 'serif', authorSize, INK, 'center');
  const artTop = y + subSize;
  const artBottom = authorY - authorSize * 2.2;
  const side = Math.min(f.width * 0.82, artBottom - artTop);
  if (options.art && side > 72) {
    const grid: Rect = { x: centre - side / 2, y: artTop + (artBottom - artTop - side) / 2, width: side, height: side };
    doc.addContent('1 g');
    doc.rect(grid.x, grid.y, side, side).fill();
    doc.addContent('0 g 0 G');
    drawGridLines(doc, grid, { thin: 0.75, box: 2.25 });
    drawDigits(doc, grid, { values: options.art.grid, style: () => ({ font: digitFont(doc), gray: 0 }), scale: 0.62 }, g.height);
    elements.push({ what: 'puzzle', box: grid });
  }

  // Spine: title and author, reading top to bottom.
  if (g.spineText) {
    const s = g.spineText;
    // Charis' capitals and descenders span about 0.9 of the size: the text fills the box across.
    const size = Math.min(s.width / 0.95, 16);
    if (size >= 4) {
      doc.save();
      // Rotate 90 degrees clockwise about the spine's centre line: text runs down the spine.
      doc.translate(s.x + s.width / 2, s.y).rotate(90);
      const baseline = size * 0.3; // capitals (0.65) above, descenders (0.25) below: centred across the spine
      const title = fitText(front.title, 'serifBold', size, s.height * 0.62, measure);
      doc.addContent(`${INK} g`);
      doc.font(fontFile('serifBold')).fontSize(size).text(title, 0, baseline, { lineBreak: false, baseline: 'alphabetic' });
      if (front.author !== '') {
        const author = fitText(front.author, 'serif', size * 0.85, s.height * 0.3, measure);
        const aw = measure(author, 'serif', size * 0.85);
        doc.addContent(`${SOFT} g`);
        doc.font(fontFile('serif')).fontSize(size * 0.85).text(author, s.height - aw, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
      doc.restore();
      elements.push({ what: 'spine text', box: { x: s.x + s.width / 2 - size * 0.45, y: s.y, width: size * 0.9, height: s.height } });
    }
  }

  // Back: the text above the barcode area, which stays empty.
  const b = g.backSafe;
  const bodySize = backTextSize(g);
  let by = b.y + bodySize * 2.2;
  const headSize = bodySize * 1.6;
  // Within the back panel: two lines at most (it ran across the spine onto the front).
  for (const line of wrap(front.title, 'serifBold', headSize, b.width, 2)) {
    put('back title', line, b.x, by, 'serifBold', headSize, INK);
    by += headSize * 1.2;
  }
  for (const line of layoutBackText(g, by, options, measure)) put('back text', line.text, b.x, line.baseline, 'serif', bodySize, INK);
  const small = bodySize * 0.8;
  const imprint = [front.publisher, copyrightLine(front)].filter((t) => t !== '').join(' \u00b7 ');
  if (imprint !== '') put('imprint', fitText(imprint, 'serif', small, g.barcode.x - b.x - small * 2, measure), b.x, b.y + b.height - small * 0.3, 'serif', small, SOFT);
  doc.addContent('0 g');
}

/** Size of the back text on a cover of geometry `g`. */
function backTextSize(g: CoverGeometry): number {
  return Math.min(15, g.backSafe.width / 33);
}

/**
 * The lines of the back text and their baselines, from `top` (below the back title) down to the
 * barcode area. A back text of the book's own (`texts.back`) that does not fit is refused (a
 * TextFitError naming how many of its words fit): it used to vanish whole, paragraph by paragraph.
 * The back text made from the contents leaves out the level paragraphs that do not fit.
 */
function layoutBackText(g: CoverGeometry, top: number, options: Pick<WriteCoverOptions, 'texts' | 'levels' | 'puzzleCount'>, measure: (t: string, f: FontName, s: number) => number): { text: string; baseline: number }[] {
  const b = g.backSafe;
  const size = backTextSize(g);
  const lead = size * 1.45;
  const limit = g.barcode.y - size * 1.5;
  const own = options.texts.back !== '';
  const lines: { text: string; baseline: number }[] = [];
  let by = top;
  for (const paragraph of backText(options)) {
    const wrapped = wrapText(paragraph, b.width, (t) => measure(t, 'serif', size));
    if (by + wrapped.length * lead > limit) {
      if (!own) break;
      const fit = Math.max(0, Math.floor((limit - by) / lead));
      throw textDoesNotFit('back', 'the back cover', options.texts.back, [...lines.map((l) => l.text), ...wrapped.slice(0, fit)]);
    }
    for (const text of wrapped) {
      lines.push({ text, baseline: by });
      by += lead;
    }
    by += size * 0.6;
  }
  return lines;
}

/**
 * Throws a TextFitError when the book's own back text (`texts.back`) does not fit the back of the
 * cover, before any work (the back panel does not depend on the page count).
 */
export function checkBackText(template: BookTemplate, front: FrontMatter, texts: BookTexts): void {
  if (texts.back === '') return;
  const g = coverGeometry(template, 24, template.paper);
  const measure = createTextMeasure();
  const size = backTextSize(g);
  const headSize = size * 1.6;
  const titleLines = wrapText(front.title, g.backSafe.width, (t) => measure(t, fontFile('serifBold'), headSize), 2).length;
  layoutBackText(g, g.backSafe.y + size * 2.2 + titleLines * headSize * 1.2, { texts }, (t, f, s) => measure(t, fontFile(f), s));
}

function fitText(text: string, font: FontName, size: number, width: number, measure: (t: string, f: FontName, s: number) => number): string {
  if (measure(text, font, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && measure(`${cut}\u2026`, font, size) > width) cut = cut.slice(0, -1);
  return `${cut}\u2026`;
}

interface EmbeddedFontInternals {
  id: string;
  scale: number;
  font: { glyphForCodePoint(codePoint: number): { bbox: { minX: number; minY: number; maxX: number; maxY: number } } };
  encode(text: string): [string[], unknown[]];
  ref(): unknown;
}

let cachedFont: { doc: Doc; font: DigitFont } | undefined;

/** The grid-digit font of `doc`, measured for the fast digit writer. */
function digitFont(doc: Doc): DigitFont {
  if (cachedFont?.doc === doc) return cachedFont.font;
  doc.font(fontFile('digits'));
  const e = (doc as unknown as { _font: EmbeddedFontInternals })._font;
  const digits = [];
  const codes = [''];
  for (let d = 0; d <= 9; d++) {
    const b = e.font.glyphForCodePoint(48 + d).bbox;
    digits.push({ minX: b.minX * e.scale, minY: b.minY * e.scale, maxX: b.maxX * e.scale, maxY: b.maxY * e.scale });
  }
  for (let d = 1; d <= 9; d++) codes.push(e.encode(String(d))[0][0]!);
  const font: DigitFont = { id: e.id, ref: e.ref(), digits, codes };
  cachedFont = { doc, font };
  return font;
}
