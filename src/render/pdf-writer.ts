/**
 * Draws a planned book with pdfkit (the only file that imports it). Pages are written one after the
 * other and never buffered; puzzles are pulled from an (async) iterable as their pages come up, so a
 * generator can feed the book while it is being written.
 */
import PDFDocument from 'pdfkit';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Grid } from '../core/grid.js';
import { LEVELS } from '../grader/levels.js';
import {
  capitalize,
  centreGlyph,
  fillPageText,
  headingHeight,
  pageFrame,
  type BookPlan,
  type GlyphBox,
  type PageContent,
  type PageFrame,
  type Rect,
} from './layout.js';
import { packageRoot, type BookTemplate } from './template.js';
import { fitText, wrapText } from './text-fit.js';

/** A puzzle as the book prints it. */
export interface BookPuzzle {
  /** 1-based number through the book. */
  number: number;
  grid: Grid;
  solution: Grid;
  level: string;
  rating?: number | undefined;
}

/** What {@link writeBookPdf} needs besides the plan. */
export interface WriteBookOptions {
  plan: BookPlan;
  subtitle: string;
  /** Small print at the foot of the title page (seed, template). */
  colophon: string;
  /** Written into the PDF's Info dictionary (and so into its document ID). */
  subject: string;
  /** Fixed, so that the same book gives the same bytes. */
  creationDate: Date;
  /** The puzzles in book order, numbered 1..plan.puzzleCount. */
  puzzles: AsyncIterable<BookPuzzle> | Iterable<BookPuzzle>;
  output: Writable;
  /** Called after each page is drawn. */
  onPage?: (page: number, pageCount: number) => void;
}

type FontName = 'regular' | 'bold';
const FONT_FILE_NAMES: Record<FontName, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };
let fontFiles: Record<FontName, string> | undefined;

/** The font files, found on first use (not at import: the package folder is looked up on disk). */
function fontFile(name: FontName): string {
  if (!fontFiles) {
    const dir = join(packageRoot(), 'assets', 'fonts', 'dejavu');
    fontFiles = { regular: join(dir, FONT_FILE_NAMES.regular), bold: join(dir, FONT_FILE_NAMES.bold) };
  }
  return fontFiles[name];
}

/** The note under a section's title: what its level asks of the solver (the grader's level table). */
function levelNote(level: string): string {
  const row = LEVELS.find((r) => r.level === level);
  return row ? `${capitalize(row.description)}.` : '';
}

const HOW_TO_PLAY =
  'Fill the grid so that every row, every column and every 3\u00d73 box holds each of the digits 1 to 9 ' +
  'exactly once. The printed digits stay as they are. Every puzzle has exactly one solution, and ' +
  'each one can be solved by reasoning step by step. The solutions are at the back of the book.';

/**
 * The pdfkit internals used here: the fontkit font behind an embedded font (to measure glyph ink),
 * its glyph encoding and its PDF object, so that a grid's digits go out as one text object.
 */
interface FontkitGlyph {
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
}
interface EmbeddedFontInternals {
  id: string;
  scale: number;
  font: { glyphForCodePoint(codePoint: number): FontkitGlyph };
  encode(text: string): [string[], unknown[]];
  ref(): unknown;
}

interface FontMetrics {
  /** pdfkit's resource name of the font (F1, F2...). */
  id: string;
  /** The font's PDF object, for the page's font resources. */
  ref: unknown;
  /** Ink boxes of the digits 0-9 in thousandths of the font size. */
  digits: GlyphBox[];
  /** Hex glyph codes of the digits 0-9 (0 unused). */
  codes: string[];
  /** Height of capital H in thousandths (fonts' own capHeight field can be missing or NaN). */
  capHeight: number;
}

type Doc = PDFKit.PDFDocument;

/** Writes the whole PDF to `options.output`; resolves with the page count once the last byte is handed over. */
export async function writeBookPdf(options: WriteBookOptions): Promise<{ pages: number }> {
  const { plan } = options;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    font: fontFile('regular'), // never load the standard Helvetica, which is not embedded
    pdfVersion: '1.4',
    info: {
      Title: plan.title,
      Subject: options.subject,
      Creator: 'sudoku-press',
      Producer: 'sudoku-press (PDFKit)',
      CreationDate: options.creationDate,
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    options.output.once('finish', resolve);
    options.output.once('error', reject);
    doc.once('error', reject);
  });
  finished.catch(() => undefined); // awaited below; a failure before then is reported by the throw
  doc.pipe(options.output);

  const painter = new Painter(doc, plan, options);
  const source = iterate(options.puzzles);
  try {
    await drawPages(doc, plan, painter, source, options);
  } finally {
    await source.return?.(); // lets a generator stop its workers, whether the book is done or failed
  }
  doc.end();
  await finished;
  return { pages: plan.pageCount };
}

async function drawPages(
  doc: Doc,
  plan: BookPlan,
  painter: Painter,
  source: AsyncIterator<BookPuzzle> | Iterator<BookPuzzle>,
  options: WriteBookOptions,
): Promise<void> {
  let breathed = performance.now();
  for (const page of plan.pages) {
    const frame = pageFrame(plan, page.number);
    doc.addPage({ size: [frame.media.width, frame.media.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    painter.setBoxes(frame);
    doc.addContent('0 g 0 G');
    const content = page.content;
    if (content.kind === 'puzzles') {
      const batch: BookPuzzle[] = [];
      for (let i = 0; i < content.count; i++) {
        const next = await source.next();
        const expected = content.first + i;
        if (next.done) throw new Error(`the book needs ${plan.puzzleCount} puzzles; only ${expected - 1} came`);
        if (next.value.number !== expected) throw new Error(`expected puzzle ${expected}, got ${next.value.number}`);
        batch.push(next.value);
      }
      painter.puzzlesPage(frame, page.number, content, batch);
    } else {
      painter.page(frame, page.number, content);
    }
    options.onPage?.(page.number, plan.pageCount);
    // Let the file stream drain, and signals in (Ctrl-C within a second), every 50 ms.
    if (performance.now() - breathed > 50) {
      await new Promise((resolve) => setImmediate(resolve));
      breathed = performance.now();
    }
  }
}

function iterate<T>(items: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
}

class Painter {
  private readonly t: BookTemplate;
  private readonly metrics: Record<FontName, FontMetrics>;
  /** Puzzles kept for the solution pages (two 81-byte grids each). */
  private readonly kept: BookPuzzle[] = [];

  constructor(
    private readonly doc: Doc,
    private readonly plan: BookPlan,
    private readonly options: WriteBookOptions,
  ) {
    this.t = plan.template;
    // Fonts are always named by path: pdfkit caches a font under the name it was first opened by,
    // and a registerFont alias for an already open font re-reads the file on every switch.
    this.metrics = { regular: this.measure('regular'), bold: this.measure('bold') };
  }

  private measure(name: FontName): FontMetrics {
    this.doc.font(fontFile(name));
    const embedded = (this.doc as unknown as { _font: EmbeddedFontInternals })._font;
    if (typeof embedded.encode !== 'function' || typeof embedded.font?.glyphForCodePoint !== 'function') {
      throw new Error('this pdfkit version does not expose the embedded font as expected (pdfkit 0.20 does)');
    }
    const box = (codePoint: number): GlyphBox => {
      const b = embedded.font.glyphForCodePoint(codePoint).bbox;
      return { minX: b.minX * embedded.scale, minY: b.minY * embedded.scale, maxX: b.maxX * embedded.scale, maxY: b.maxY * embedded.scale };
    };
    const digits: GlyphBox[] = [];
    const codes: string[] = [''];
    for (let d = 0; d <= 9; d++) digits.push(box(48 + d));
    for (let d = 1; d <= 9; d++) codes.push(embedded.encode(String(d))[0][0]!);
    const capHeight = box(72).maxY;
    if (!digits.every((g) => Number.isFinite(g.minY) && g.maxY > g.minY) || !(capHeight > 0)) {
      throw new Error(`font ${fontFile(name)} has no usable digit outlines`);
    }
    return { id: embedded.id, ref: embedded.ref(), digits, codes, capHeight };
  }

  private frame!: PageFrame;

  setBoxes(frame: PageFrame): void {
    this.frame = frame;
    if (this.t.bleed > 0) {
      // Print services read the trim and bleed boxes (PDF space: y from the bottom).
      const { trim, media } = frame;
      const page = this.doc.page as unknown as { dictionary: { data: Record<string, unknown> } };
      page.dictionary.data.TrimBox = [trim.x, media.height - trim.y - trim.height, trim.x + trim.width, media.height - trim.y];
      page.dictionary.data.BleedBox = [0, 0, media.width, media.height];
    }
  }

  page(frame: PageFrame, number: number, content: Exclude<PageContent, { kind: 'puzzles' }>): void {
    switch (content.kind) {
      case 'title':
        this.titlePage(frame);
        return;
      case 'toc':
        this.tocPage(frame, content.entries, content.continued);
        break;
      case 'divider': {
        const section = this.plan.sections[content.section]!;
        const detail = section.first === section.last ? `Puzzle ${section.first}` : `Puzzles ${section.first}\u2013${section.last}`;
        this.dividerPage(frame, section.title, [detail, levelNote(section.level)]);
        break;
      }
      case 'solutions-divider':
        this.dividerPage(frame, 'Solutions', ['The printed digits in bold, the ones you fill in grey.']);
        break;
      case 'solutions':
        this.header(frame, 'Solutions', number);
        if (content.opensSection && this.t.sectionStart === 'heading') this.heading(frame, 'Solutions', '');
        this.solutionsPage(content.first, content.count);
        break;
    }
    this.footer(frame, number);
  }

  puzzlesPage(frame: PageFrame, number: number, content: Extract<PageContent, { kind: 'puzzles' }>, puzzles: BookPuzzle[]): void {
    const section = this.plan.sections[content.section]!;
    this.header(frame, section.title, number);
    if (content.opensSection && this.t.sectionStart === 'heading') {
      this.heading(frame, section.title, `puzzles ${section.first}\u2013${section.last}`);
    }
    const slots = this.plan.puzzleSlots;
    const labelSize = this.t.fonts.label;
    puzzles.forEach((puzzle, i) => {
      const grid = offset(slots.grids[i]!, frame.body);
      const baseline = grid.y - slots.labelHeight * 0.4;
      this.text(`Puzzle ${puzzle.number}`, grid.x, baseline, { font: 'bold', size: labelSize });
      const level = capitalize(puzzle.level);
      const right = this.t.showRating && puzzle.rating !== undefined ? `${level} \u00b7 ${puzzle.rating.toFixed(1)}` : level;
      this.text(right, grid.x + grid.width, baseline, { font: 'regular', size: labelSize, align: 'right' });
      this.gridLines(grid);
      this.digits(grid, puzzle.grid, null, this.t.fonts.digitScale);
      this.kept[puzzle.number - 1] = puzzle;
    });
    this.footer(frame, number);
  }

  private solutionsPage(first: number, count: number): void {
    const slots = this.plan.solutionSlots;
    for (let i = 0; i < count; i++) {
      const puzzle = this.kept[first + i - 1];
      if (!puzzle) throw new Error(`puzzle ${first + i} was never laid out`);
      const grid = offset(slots.grids[i]!, this.frame.body);
      this.text(`${puzzle.number}`, grid.x, grid.y - slots.labelHeight * 0.35, { font: 'bold', size: this.t.fonts.solutionLabel });
      this.gridLines(grid);
      this.digits(grid, puzzle.solution, puzzle.grid, this.t.fonts.solutionDigitScale);
    }
  }

  /** Thin lines first, then the box lines, then the border as one rectangle (no notched corners). */
  private gridLines(grid: Rect): void {
    const doc = this.doc;
    const cell = grid.width / 9;
    doc.lineCap('butt').lineJoin('miter');
    for (const thick of [false, true]) {
      for (let i = 1; i < 9; i++) {
        if ((i % 3 === 0) !== thick) continue;
        const x = grid.x + i * cell;
        const y = grid.y + i * cell;
        doc.moveTo(x, grid.y).lineTo(x, grid.y + grid.height);
        doc.moveTo(grid.x, y).lineTo(grid.x + grid.width, y);
      }
      doc.lineWidth(thick ? this.t.lines.box : this.t.lines.thin).stroke();
    }
    doc.rect(grid.x, grid.y, grid.width, grid.height).lineWidth(this.t.lines.box).stroke();
  }

  /**
   * The digits of `values`, row by row, as one text object. With `givens`, cells given in the
   * puzzle are bold black and the others grey (a solution); without, every digit is regular black.
   * Written directly (pdfkit's text() costs a save, a transform and a text object per digit).
   */
  private digits(grid: Rect, values: Grid, givens: Grid | null, scale: number): void {
    const height = this.frame.media.height;
    const resources = (this.doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
    const cell = grid.width / 9;
    const size = cell * scale;
    // pdfkit's page space is flipped (y down); text is drawn in PDF space (y up).
    const ops: string[] = [`q 1 0 0 -1 0 ${pdfNumber(height)} cm BT`];
    let font: FontMetrics | null = null;
    let gray = 0;
    for (let c = 0; c < 81; c++) {
      const digit = values[c]!;
      if (digit === 0) continue;
      const filled = givens !== null && givens[c] === 0;
      const wanted = this.metrics[givens !== null && !filled ? 'bold' : 'regular'];
      if (wanted !== font) {
        font = wanted;
        resources[font.id] ??= font.ref;
        ops.push(`/${font.id} ${pdfNumber(size)} Tf`);
      }
      const shade = filled ? this.t.solutionGray : 0;
      if (shade !== gray) {
        gray = shade;
        ops.push(`${pdfNumber(gray)} g`);
      }
      const box: Rect = { x: grid.x + (c % 9) * cell, y: grid.y + Math.floor(c / 9) * cell, width: cell, height: cell };
      const at = centreGlyph(box, size, font.digits[digit]!);
      ops.push(`1 0 0 1 ${pdfNumber(at.x)} ${pdfNumber(height - at.baseline)} Tm <${font.codes[digit]}> Tj`);
    }
    ops.push('ET Q');
    this.doc.addContent(ops.join('\n'));
  }

  private titlePage(frame: PageFrame): void {
    const c = frame.content;
    const f = this.t.fonts;
    let y = c.y + c.height * 0.22;
    // A long title is set smaller (down to 60%) to stay within 3 lines, and never runs past 4, so
    // the rest of the page keeps its place (titles may have up to 200 characters).
    let titleSize = f.title;
    let titleLines = this.wrap(this.plan.title, 'bold', titleSize, c.width, 4);
    for (const scale of [0.85, 0.7, 0.6]) {
      if (titleLines.length <= 3) break;
      titleSize = f.title * scale;
      titleLines = this.wrap(this.plan.title, 'bold', titleSize, c.width, 4);
    }
    for (const line of titleLines) {
      y += titleSize * 1.15;
      this.text(line, c.x + c.width / 2, y, { font: 'bold', size: titleSize, align: 'center' });
    }
    if (this.options.subtitle !== '') {
      y += f.subtitle * 0.6;
      for (const line of this.wrap(this.options.subtitle, 'regular', f.subtitle, c.width, 3)) {
        y += f.subtitle * 1.3;
        this.text(line, c.x + c.width / 2, y, { font: 'regular', size: f.subtitle, align: 'center' });
      }
    }
    // A rule between the title and the text.
    y += f.subtitle * 1.6;
    this.doc.moveTo(c.x + c.width * 0.3, y).lineTo(c.x + c.width * 0.7, y).lineWidth(this.t.lines.thin).stroke();

    const width = Math.min(c.width, f.body * 42);
    const left = c.x + (c.width - width) / 2;
    y += f.heading * 2;
    this.text('How to play', left, y, { font: 'bold', size: f.heading });
    y += f.body * 0.8;
    for (const line of this.wrap(HOW_TO_PLAY, 'regular', f.body, width)) {
      y += f.body * 1.45;
      this.text(line, left, y, { font: 'regular', size: f.body });
    }
    y += f.heading * 1.6;
    this.text('In this book', left, y, { font: 'bold', size: f.heading });
    y += f.body * 0.8;
    for (const s of this.plan.sections) {
      y += f.body * 1.45;
      const n = s.last - s.first + 1;
      this.text(`${s.title}: ${n} puzzle${n === 1 ? '' : 's'} (${s.first === s.last ? `no. ${s.first}` : `nos. ${s.first}\u2013${s.last}`})`, left, y, {
        font: 'regular',
        size: f.body,
      });
    }
    if (this.options.colophon !== '') {
      const size = Math.max(6, f.footer * 0.9);
      let yc = c.y + c.height - size * 0.5;
      const lines = this.wrap(this.options.colophon, 'regular', size, c.width);
      yc -= (lines.length - 1) * size * 1.3;
      for (const line of lines) {
        this.text(line, c.x + c.width / 2, yc, { font: 'regular', size, align: 'center', gray: 0.35 });
        yc += size * 1.3;
      }
    }
  }

  private tocPage(frame: PageFrame, entries: readonly { text: string; detail: string; page: number }[], continued: boolean): void {
    const b = frame.body;
    const f = this.t.fonts;
    let y = b.y + headingHeight(this.t);
    this.text(continued ? 'Contents (continued)' : 'Contents', b.x, y, { font: 'bold', size: f.heading });
    y += headingHeight(this.t) * 0.5;
    const pageWidth = this.doc.font(fontFile('regular')).fontSize(f.body).widthOfString('0000');
    for (const entry of entries) {
      y += f.body * 2.4;
      this.text(entry.text, b.x, y, { font: 'bold', size: f.body });
      const textEnd = b.x + this.doc.font(fontFile('bold')).fontSize(f.body).widthOfString(entry.text);
      let leaderStart = textEnd;
      if (entry.detail !== '') {
        this.text(entry.detail, textEnd + f.body * 0.6, y, { font: 'regular', size: f.body, gray: 0.35 });
        leaderStart = textEnd + f.body * 0.6 + this.doc.font(fontFile('regular')).fontSize(f.body).widthOfString(entry.detail);
      }
      this.text(String(entry.page), b.x + b.width, y, { font: 'regular', size: f.body, align: 'right' });
      // A dotted leader between the entry and its page number.
      const from = leaderStart + f.body * 0.6;
      const to = b.x + b.width - pageWidth - f.body * 0.4;
      if (to > from) {
        this.doc
          .moveTo(from, y - f.body * 0.1)
          .lineTo(to, y - f.body * 0.1)
          .lineWidth(this.t.lines.thin)
          .dash(0.75, { space: f.body * 0.45 })
          .stroke()
          .undash();
      }
    }
  }

  private dividerPage(frame: PageFrame, title: string, lines: readonly string[]): void {
    const c = frame.content;
    const f = this.t.fonts;
    const size = Math.max(f.heading * 1.8, f.title);
    let y = c.y + c.height * 0.4;
    for (const line of this.wrap(title, 'bold', size, c.width)) {
      this.text(line, c.x + c.width / 2, y, { font: 'bold', size, align: 'center' });
      y += size * 1.2;
    }
    y += f.body * 0.8;
    for (const text of lines) {
      if (text === '') continue;
      for (const line of this.wrap(text, 'regular', f.subtitle, c.width)) {
        this.text(line, c.x + c.width / 2, y, { font: 'regular', size: f.subtitle, align: 'center' });
        y += f.subtitle * 1.4;
      }
    }
  }

  private heading(frame: PageFrame, title: string, detail: string): void {
    const b = frame.body;
    const f = this.t.fonts;
    const baseline = b.y + headingHeight(this.t) * 0.7;
    this.text(title, b.x, baseline, { font: 'bold', size: f.heading });
    if (detail !== '') this.text(detail, b.x + b.width, baseline, { font: 'regular', size: f.body, align: 'right', gray: 0.35 });
  }

  private header(frame: PageFrame, section: string, page: number): void {
    if (this.t.header === '') return;
    const h = frame.header;
    const text = fillPageText(this.t.header, { title: this.plan.title, section, page, pages: this.plan.pageCount });
    const size = this.t.fonts.header;
    const baseline = h.y + h.height * 0.5 + (this.metrics.regular.capHeight / 1000) * size * 0.5;
    this.text(this.fit(text, 'regular', size, h.width), h.x + h.width / 2, baseline, { font: 'regular', size, align: 'center', gray: 0.25 });
  }

  private footer(frame: PageFrame, page: number): void {
    if (this.t.footer === '') return;
    const h = frame.footer;
    const text = fillPageText(this.t.footer, { title: this.plan.title, section: '', page, pages: this.plan.pageCount });
    const size = this.t.fonts.footer;
    const baseline = h.y + h.height * 0.5 + (this.metrics.regular.capHeight / 1000) * size * 0.5;
    const align = this.t.footerAlign === 'center' ? 'center' : frame.recto ? 'right' : 'left';
    const x = align === 'center' ? h.x + h.width / 2 : align === 'right' ? h.x + h.width : h.x;
    this.text(this.fit(text, 'regular', size, h.width), x, baseline, { font: 'regular', size, align });
  }

  /**
   * One line of text at a baseline, never wrapped: pdfkit's wrapping adds pages by itself when a
   * line starts below its bottom margin, so all wrapping is done here (see {@link wrap}).
   */
  private text(text: string, x: number, baseline: number, style: { font: FontName; size: number; align?: 'left' | 'center' | 'right'; gray?: number }): void {
    const doc = this.doc.font(fontFile(style.font)).fontSize(style.size);
    const width = style.align && style.align !== 'left' ? doc.widthOfString(text) : 0;
    const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
    if (style.gray) doc.addContent(`${style.gray} g`);
    doc.text(text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
    if (style.gray) doc.addContent('0 g');
  }

  /** Greedy word wrap to `width`, in linear time (see text-fit.ts). */
  private wrap(text: string, font: FontName, size: number, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    const doc = this.doc.font(fontFile(font)).fontSize(size);
    return wrapText(text, width, (t) => doc.widthOfString(t), maxLines);
  }

  /** Shortens a single line with an ellipsis until it fits `width`. */
  private fit(text: string, font: FontName, size: number, width: number): string {
    const doc = this.doc.font(fontFile(font)).fontSize(size);
    return fitText(text, width, (t) => doc.widthOfString(t));
  }
}

/** A number for a content stream: at most 3 decimals, no exponent. */
function pdfNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function offset(rect: Rect, origin: Rect): Rect {
  return { x: origin.x + rect.x, y: origin.y + rect.y, width: rect.width, height: rect.height };
}
