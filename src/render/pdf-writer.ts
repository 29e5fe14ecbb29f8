/**
 * Draws a planned book with pdfkit (the only file that imports it). Pages are written one after the
 * other and never buffered; puzzles are pulled from an (async) iterable as their pages come up, so a
 * generator can feed the book while it is being written.
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import PDFDocument from 'pdfkit';
import type { Writable } from 'node:stream';
import type { Grid } from '../core/grid.js';
import { copyrightLine, levelText, type BookTexts, type FrontMatter } from '../book/texts.js';
import { LEVELS } from '../grader/levels.js';
import type { HintEntry, PrimerEntry } from '../book/primer.js';
import { boardScene, GREY_THEME, variantBoardScene, type DrawOptions, type BoardPicture } from '../draw/index.js';
import type { Rules } from '../rules/types.js';
import { VARIANT_INFO, type BookVariant } from '../book/variants.js';
import { paintScene } from './board-pdf.js';
import { drawDigits, drawGridLines, type DigitFont } from './grid-pdf.js';
import { fontFile, useBookFonts, type FontName } from './fonts.js';
import {
  capitalize,
  fillPageText,
  hasFolio,
  hasRunningHead,
  headingHeight,
  pageFrame,
  slotsFor,
  type BookPlan,
  type SlotLayout,
  type GlyphBox,
  type PageContent,
  type PageFrame,
  type Rect,
} from './layout.js';
import type { BookTemplate } from './template.js';
import { HOW_TO_PLAY_EXAMPLE, hintBlocks, numberRanges, paginateHints, type HintBlock, type TextMeasure } from './teaching-layout.js';
import { fitText, TextFitError, textDoesNotFit, textLeavesNoRoom, wrapText } from './text-fit.js';

/** A puzzle as the book prints it. */
export interface BookPuzzle {
  /** 1-based number through the book. */
  number: number;
  grid: Grid;
  solution: Grid;
  level: string;
  rating?: number | undefined;
  /** A variant's rules (absent: classic 9x9); `grid` and `solution` then hold one digit per rules cell. */
  rules?: Rules | undefined;
  variant?: BookVariant | undefined;
}

/** What {@link writeBookPdf} needs besides the plan. */
export interface WriteBookOptions {
  plan: BookPlan;
  front: FrontMatter;
  texts: BookTexts;
  /** Written into the PDF's Info dictionary (and so into its document ID): what made the book. */
  subject: string;
  /** Info dictionary keywords, e.g. `sudoku; seed 7; template kdp-6x9-2up`. */
  keywords?: string;
  /** Extra Info dictionary entries (e.g. `SudokuPressSeed`); nothing about them is printed on a page. */
  metadata?: Readonly<Record<string, string>>;
  /** The primer's pages (planned with the same count) and the hints, when the book has them. */
  primer?: readonly PrimerEntry[];
  hints?: readonly HintEntry[];
  /** Fixed, so that the same book gives the same bytes. */
  creationDate: Date;
  /** The puzzles in book order, numbered 1..plan.puzzleCount. */
  puzzles: AsyncIterable<BookPuzzle> | Iterable<BookPuzzle>;
  output: Writable;
  /** Called after each page is drawn. */
  onPage?: (page: number, pageCount: number) => void;
}

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

interface FontMetrics extends DigitFont {
  /** Height of capital H in thousandths (fonts' own capHeight field can be missing or NaN). */
  capHeight: number;
}

type Doc = PDFKit.PDFDocument;

const BOOK_PDF_KEYS = optionKeys<WriteBookOptions>({ plan: true, front: true, texts: true, subject: true, keywords: true, metadata: true, primer: true, hints: true, creationDate: true, puzzles: true, output: true, onPage: true });

/** Writes the whole PDF to `options.output`; resolves with the page count once the last byte is handed over. */
export async function writeBookPdf(options: WriteBookOptions): Promise<{ pages: number }> {
  options = ownOptions(options, BOOK_PDF_KEYS, 'book');
  const { plan } = options;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    pdfVersion: '1.4',
    font: null as unknown as string, // the book's fonts, registered below (never the standard Helvetica, which is not embedded)
    info: {
      Title: plan.title,
      ...(options.front.author === '' ? {} : { Author: options.front.author }),
      Subject: options.subject,
      ...(options.keywords === undefined ? {} : { Keywords: options.keywords }),
      Creator: 'sudoku-press',
      Producer: 'sudoku-press (PDFKit)',
      CreationDate: options.creationDate,
      ...(options.metadata ?? {}),
    },
  });
  useBookFonts(doc);
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
  // Puzzles taken ahead of their pages: a rules page shows a section's first puzzle, solved.
  const ahead: BookPuzzle[] = [];
  const take = async (): Promise<IteratorResult<BookPuzzle>> => (ahead.length > 0 ? { done: false, value: ahead.shift()! } : await source.next());
  for (const page of plan.pages) {
    const frame = pageFrame(plan, page.number);
    doc.addPage({ size: [frame.media.width, frame.media.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    painter.setBoxes(frame);
    doc.addContent('0 g 0 G');
    const content = page.content;
    if (content.kind === 'puzzles') {
      const batch: BookPuzzle[] = [];
      for (let i = 0; i < content.count; i++) {
        const next = await take();
        const expected = content.first + i;
        if (next.done) throw new Error(`the book needs ${plan.puzzleCount} puzzles; only ${expected - 1} came`);
        if (next.value.number !== expected) throw new Error(`expected puzzle ${expected}, got ${next.value.number}`);
        batch.push(next.value);
      }
      painter.puzzlesPage(frame, page.number, content, batch);
    } else if (content.kind === 'rules') {
      const wanted = plan.sections[content.section]!.first;
      while (!ahead.some((p) => p.number === wanted)) {
        const next = await source.next();
        if (next.done) throw new Error(`the book needs ${plan.puzzleCount} puzzles; only ${ahead.length} came`);
        ahead.push(next.value);
      }
      painter.rulesPage(frame, page.number, content.variant, ahead.find((p) => p.number === wanted)!);
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

/** The pages that print a user's text: drawn by {@link checkTextPages} before any work. */
function printsText(content: PageContent): boolean {
  switch (content.kind) {
    case 'copyright':
    case 'how-to-play':
    case 'levels':
    case 'divider':
    case 'solutions-divider':
      return true;
    case 'primer':
    case 'hints':
      return content.index === 0;
    default:
      return false;
  }
}

/**
 * Draws the pages that print the book's texts (How to play, the levels, the dividers, the
 * copyright page, the first page of the primer and of the hints) into a PDF that is thrown away,
 * as the book will draw them: a text that does not fit its page throws a TextFitError before any
 * puzzle is made or read, instead of printing over the folio or dropping words.
 */
export function checkTextPages(options: Pick<WriteBookOptions, 'plan' | 'front' | 'texts' | 'primer' | 'hints'>): void {
  const { plan } = options;
  const doc = new PDFDocument({ autoFirstPage: false, compress: false, font: null as unknown as string });
  useBookFonts(doc);
  const painter = new Painter(doc, plan, options);
  for (const page of plan.pages) {
    const content = page.content;
    if (content.kind === 'rules') {
      painter.rulesLayout(pageFrame(plan, page.number), content.variant, plan.sections[content.section]!.first);
      continue;
    }
    if (content.kind === 'puzzles' || !printsText(content)) continue;
    if ((content.kind === 'primer' && !options.primer) || (content.kind === 'hints' && !options.hints)) continue;
    const frame = pageFrame(plan, page.number);
    doc.addPage({ size: [frame.media.width, frame.media.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    painter.setBoxes(frame);
    painter.page(frame, page.number, content);
  }
  doc.end();
}

function iterate<T>(items: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
}

type Style = { font: FontName; size: number; align?: 'left' | 'center' | 'right'; gray?: number; spacing?: number };

class Painter {
  private readonly t: BookTemplate;
  private readonly metrics: { digits: FontMetrics; digitsBold: FontMetrics; serif: FontMetrics };
  /** Puzzles kept for the solution pages (two 81-byte grids each). */
  private readonly kept: BookPuzzle[] = [];
  private frame!: PageFrame;
  /** The book has variant sections. */
  private readonly variety: boolean;

  constructor(
    private readonly doc: Doc,
    private readonly plan: BookPlan,
    private readonly options: Pick<WriteBookOptions, 'front' | 'texts' | 'primer' | 'hints'>,
  ) {
    this.t = plan.template;
    this.variety = plan.sections.some((s) => s.variant !== undefined);
    // Fonts are always named by path: pdfkit caches a font under the name it was first opened by,
    // and a registerFont alias for an already open font re-reads the file on every switch.
    this.metrics = { digits: this.measure('digits'), digitsBold: this.measure('digitsBold'), serif: this.measure('serif') };
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

  /** Width of a text in a font, for wrapping and alignment. */
  readonly measureText: TextMeasure = (text, font, size) => this.doc.font(font).fontSize(size).widthOfString(text);

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

  /** Running head and folio of a page, as its content allows. */
  private furniture(frame: PageFrame, number: number, content: PageContent): void {
    let head = '';
    if (hasRunningHead(content, this.t)) {
      const section =
        content.kind === 'puzzles'
          ? this.plan.sections[content.section]!.title
          : content.kind === 'solutions'
            ? 'Solutions'
            : content.kind === 'hints'
              ? 'Hints'
              : 'The techniques';
      const text = frame.recto ? this.t.header.recto : this.t.header.verso;
      head = fillPageText(text, { title: this.plan.title, section, page: number, pages: this.plan.pageCount });
    }
    const folio = hasFolio(content) ? fillPageText(this.t.footer, { title: this.plan.title, section: '', page: number, pages: this.plan.pageCount }) : '';
    const c = frame.content;
    const headSize = this.t.fonts.header;
    if (head !== '') {
      const caps = head.toUpperCase();
      const spacing = headSize * 0.12;
      const baseline = this.t.headerAt === 'top' ? frame.headBaseline : frame.folioBaseline;
      this.text(this.fit(caps, 'serif', headSize, c.width * 0.6), c.x + c.width / 2, baseline, { font: 'serif', size: headSize, align: 'center', gray: 0.3, spacing });
    }
    if (folio !== '') {
      const size = this.t.fonts.footer;
      const align = this.t.footerAlign === 'center' && !(head !== '' && this.t.headerAt === 'foot') ? 'center' : frame.recto ? 'right' : 'left';
      const x = align === 'center' ? c.x + c.width / 2 : align === 'right' ? c.x + c.width : c.x;
      this.text(this.fit(folio, 'serif', size, c.width * 0.2), x, frame.folioBaseline, { font: 'serif', size, align });
    }
  }

  page(frame: PageFrame, number: number, content: Exclude<PageContent, { kind: 'puzzles' }>): void {
    switch (content.kind) {
      case 'title':
        this.titlePage(frame);
        break;
      case 'copyright':
        this.copyrightPage(frame);
        break;
      case 'toc':
        this.tocPage(frame, content.entries, content.continued);
        break;
      case 'how-to-play':
        this.howToPlayPage(frame);
        break;
      case 'levels':
        this.levelsPage(frame);
        break;
      case 'filler':
        this.fillerPage(frame);
        break;
      case 'primer':
        this.primerPage(frame, content.index);
        break;
      case 'hints':
        this.hintsPage(frame, content.index);
        break;
      case 'divider': {
        const section = this.plan.sections[content.section]!;
        const detail = section.first === section.last ? `Puzzle ${section.first}` : `Puzzles ${section.first}\u2013${section.last}`;
        if (section.variant !== undefined) this.dividerPage(frame, section.title, detail, VARIANT_INFO[section.variant].rules, `rules of ${section.variant}`);
        else this.dividerPage(frame, section.title, detail, levelText(this.options.texts, section.level), `levels.${section.level}`);
        break;
      }
      case 'solutions-divider':
        this.dividerPage(frame, 'Solutions', '', this.options.texts.solutions, 'solutions');
        break;
      case 'rules':
        throw new Error('a rules page is drawn with its example (rulesPage)');
      case 'solutions':
        if (content.heading) this.heading(frame, 'Solutions', '', slotsFor(this.plan, content));
        this.solutionsPage(content.first, content.count, slotsFor(this.plan, content));
        break;
    }
    this.furniture(frame, number, content);
  }

  puzzlesPage(frame: PageFrame, number: number, content: Extract<PageContent, { kind: 'puzzles' }>, puzzles: BookPuzzle[]): void {
    const section = this.plan.sections[content.section]!;
    const slots = slotsFor(this.plan, content);
    if (content.heading) {
      this.heading(frame, section.title, section.first === section.last ? `puzzle ${section.first}` : `puzzles ${section.first}\u2013${section.last}`, slots);
    }
    const labelSize = this.t.fonts.label;
    // With hints, which name cells by row and column, the grids carry their row and column numbers.
    const coordinates = (this.options.hints?.length ?? 0) > 0;
    puzzles.forEach((puzzle, i) => {
      const slot = offset(slots.grids[i]!, frame.body);
      const grid = coordinates ? insetForCoordinates(slot) : slot;
      const baseline = slot.y - slots.labelHeight * 0.3;
      this.text(`Puzzle ${puzzle.number}`, slot.x, baseline, { font: 'serifBold', size: labelSize });
      if (this.t.showRating && puzzle.rating !== undefined) {
        this.text(`rating ${puzzle.rating.toFixed(1)}`, slot.x + slot.width, baseline, { font: 'serifItalic', size: labelSize, align: 'right', gray: 0.3 });
      }
      this.kept[puzzle.number - 1] = puzzle;
      if (puzzle.rules !== undefined) {
        this.variantGrid(slot, puzzle, false);
        return;
      }
      if (coordinates) this.coordinates(grid, slot);
      drawGridLines(this.doc, grid, this.t.lines);
      // In a variety book the classic grids' givens are bold too, as the variant drawing sets them.
      const font = this.t.givens === 'bold' || this.variety ? this.metrics.digitsBold : this.metrics.digits;
      drawDigits(this.doc, grid, { values: puzzle.grid, style: () => ({ font, gray: 0 }), scale: this.t.fonts.digitScale }, frame.media.height);
    });
    this.furniture(frame, number, content);
  }

  private solutionsPage(first: number, count: number, slots: SlotLayout): void {
    const bold = { font: this.metrics.digitsBold, gray: 0 };
    const filled = { font: this.metrics.digits, gray: this.t.solutionGray };
    for (let i = 0; i < count; i++) {
      const puzzle = this.kept[first + i - 1];
      if (!puzzle) throw new Error(`puzzle ${first + i} was never laid out`);
      const grid = offset(slots.grids[i]!, this.frame.body);
      this.text(`${puzzle.number}`, grid.x, grid.y - slots.labelHeight * 0.3, { font: 'serifBold', size: this.t.fonts.solutionLabel });
      if (puzzle.rules !== undefined) {
        this.variantGrid(grid, puzzle, true);
        continue;
      }
      drawGridLines(this.doc, grid, this.t.lines);
      const givens = puzzle.grid;
      drawDigits(this.doc, grid, { values: puzzle.solution, style: (c) => (givens[c] !== 0 ? bold : filled), scale: this.t.fonts.solutionDigitScale }, this.frame.media.height);
    }
  }

  private titlePage(frame: PageFrame): void {
    const c = frame.body;
    const f = this.t.fonts;
    const front = this.options.front;
    const centre = c.x + c.width / 2;
    let y = c.y + c.height * 0.26;
    // A long title is set smaller (down to 60%) to stay within 3 lines, and never runs past 4, so
    // the rest of the page keeps its place (titles may have up to 200 characters).
    let titleSize = f.title;
    let titleLines = this.wrap(front.title, 'serifBold', titleSize, c.width, 4);
    for (const scale of [0.85, 0.7, 0.6]) {
      if (titleLines.length <= 3) break;
      titleSize = f.title * scale;
      titleLines = this.wrap(front.title, 'serifBold', titleSize, c.width, 4);
    }
    for (const line of titleLines) {
      y += titleSize * 1.12;
      this.text(line, centre, y, { font: 'serifBold', size: titleSize, align: 'center' });
    }
    if (front.subtitle !== '') {
      y += f.subtitle * 0.5;
      for (const line of this.wrap(front.subtitle, 'serifItalic', f.subtitle, c.width * 0.85, 3)) {
        y += f.subtitle * 1.3;
        this.text(line, centre, y, { font: 'serifItalic', size: f.subtitle, align: 'center' });
      }
    }
    y += f.subtitle * 1.4;
    this.rule(centre - c.width * 0.12, centre + c.width * 0.12, y);
    if (front.author !== '') {
      y += f.subtitle * 2.6;
      for (const line of this.wrap(front.author, 'serif', f.subtitle, c.width)) {
        this.text(line, centre, y, { font: 'serif', size: f.subtitle, align: 'center' });
        y += f.subtitle * 1.3;
      }
    }
    if (front.publisher !== '') {
      const size = f.body;
      this.text(this.fit(front.publisher.toUpperCase(), 'serif', size, c.width), centre, c.y + c.height - size * 0.3, { font: 'serif', size, align: 'center', spacing: size * 0.15 });
    }
  }

  private copyrightPage(frame: PageFrame): void {
    const b = frame.body;
    const front = this.options.front;
    const size = Math.max(7, this.t.fonts.body * 0.85);
    const lead = size * 1.45;
    const width = Math.min(b.width, size * 40);
    // Paragraphs set from the foot of the page upwards, as copyright pages are.
    const paragraphs: { text: string; font: FontName }[] = [];
    paragraphs.push({ text: front.subtitle === '' ? front.title : `${front.title}: ${front.subtitle}`, font: 'serifItalic' });
    if (front.edition !== '') paragraphs.push({ text: front.edition, font: 'serif' });
    const line = copyrightLine(front);
    if (line !== '') paragraphs.push({ text: line, font: 'serif' });
    if (this.options.texts.rights !== '') paragraphs.push({ text: this.options.texts.rights, font: 'serif' });
    if (front.isbn !== '') paragraphs.push({ text: `ISBN ${front.isbn}`, font: 'serif' });
    if (front.publisher !== '') paragraphs.push({ text: `Published by ${front.publisher}`, font: 'serif' });
    if (front.credit) paragraphs.push({ text: 'Typeset with sudoku-press.', font: 'serif' });
    const blocks = paragraphs.map((p) => ({ ...p, lines: this.wrap(p.text, p.font, size, width) }));
    const total = blocks.reduce((sum, block) => sum + block.lines.length * lead, 0) + (blocks.length - 1) * lead * 0.6;
    let y = b.y + b.height - total + size;
    if (total > b.height + 0.01) {
      // Set from the foot up, the page would overflow at the top: the rights paragraph is the long one.
      const rights = this.options.texts.rights;
      const lines = this.wrap(rights, 'serif', size, width);
      const others = total - lines.length * lead;
      throw textDoesNotFit('rights', 'the copyright page', rights, lines.slice(0, Math.max(0, Math.floor((b.height - others) / lead))));
    }
    for (const block of blocks) {
      for (const text of block.lines) {
        this.text(text, b.x, y, { font: block.font, size });
        y += lead;
      }
      y += lead * 0.6;
    }
  }

  private pageHeading(frame: PageFrame, title: string): number {
    const b = frame.body;
    const f = this.t.fonts;
    const baseline = b.y + f.heading * 1.2;
    this.text(title, b.x, baseline, { font: 'serifBold', size: f.heading });
    return baseline + f.heading * 0.9;
  }

  private tocPage(frame: PageFrame, entries: readonly { text: string; detail: string; page: number }[], continued: boolean): void {
    const b = frame.body;
    const f = this.t.fonts;
    let y = this.pageHeading(frame, continued ? 'Contents (continued)' : 'Contents') + f.heading * 0.4;
    const pageWidth = this.measureText('0000', fontFile('serif'), f.body);
    for (const entry of entries) {
      y += f.body * 2.4;
      this.text(entry.text, b.x, y, { font: 'serif', size: f.body });
      let leaderStart = b.x + this.measureText(entry.text, fontFile('serif'), f.body);
      if (entry.detail !== '') {
        this.text(entry.detail, leaderStart + f.body * 0.5, y, { font: 'serifItalic', size: f.body, gray: 0.35 });
        leaderStart += f.body * 0.5 + this.measureText(entry.detail, fontFile('serifItalic'), f.body);
      }
      this.text(String(entry.page), b.x + b.width, y, { font: 'serif', size: f.body, align: 'right' });
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

  /**
   * A paragraph at `y` (baseline of the first line); returns the baseline after it. With `key` (a
   * user's text), a paragraph that would run below the body (over the folio) is refused, naming
   * the text and how many of its words fit.
   */
  private paragraph(text: string, x: number, y: number, width: number, style: Style, lead = 1.45, key?: string): number {
    const lines = this.wrap(text, style.font, style.size, width);
    if (key !== undefined) this.checkFits(key, text, lines, y, style.size * lead, style.size);
    for (const line of lines) {
      this.text(line, x, y, style);
      y += style.size * lead;
    }
    return y;
  }

  /** Throws when line `i` of `lines` (baselines from `y`, `lead` apart) would reach below the body. */
  private checkFits(key: string, text: string, lines: readonly string[], y: number, lead: number, size: number): void {
    const bottom = this.frame.body.y + this.frame.body.height;
    let fit = 0;
    while (fit < lines.length && y + fit * lead + size * DESCENT <= bottom + 0.01) fit++;
    if (fit < lines.length) throw textDoesNotFit(key, this.where, text, lines.slice(0, fit));
  }

  /** The page being drawn, for a text that does not fit: "the How to play page". */
  private where = 'its page';

  private howToPlayPage(frame: PageFrame): void {
    const b = frame.body;
    const f = this.t.fonts;
    const texts = this.options.texts;
    const width = Math.min(b.width, f.body * 38);
    const left = b.x + (b.width - width) / 2;
    let y = this.pageHeading(frame, 'How to play') + f.body * 1.6;
    this.where = 'the How to play page';
    y = this.paragraph(texts.howToPlay, b.x, y, b.width, { font: 'serif', size: f.body }, 1.45, 'howToPlay');
    // The example: as large as the room left allows, at most about half the text width.
    const captionLines = this.wrap(texts.example, 'serifItalic', f.body * 0.92, width).length;
    const marksLines = this.wrap(texts.pencilMarks, 'serif', f.body, b.width).length;
    const room = b.y + b.height - y - (captionLines + marksLines + 3) * f.body * 1.45;
    const side = Math.max(0, Math.min(b.width * 0.62, room - f.body, MAX_PICTURE));
    if (side >= 81) {
      const grid: Rect = { x: b.x + (b.width - side) / 2, y: y + f.body * 0.2, width: side, height: side };
      this.picture(grid, HOW_TO_PLAY_EXAMPLE.picture, { shapes: HOW_TO_PLAY_EXAMPLE.shapes, layers: { coordinates: false } });
      y = grid.y + side + f.body * 1.8;
      y = this.paragraph(texts.example, left, y, width, { font: 'serifItalic', size: f.body * 0.92 }, 1.45, 'example');
      y += f.body * 0.8;
    } else if (texts.example !== '') {
      // No room for the board its caption describes: refuse rather than drop both.
      throw textLeavesNoRoom('howToPlay', this.where, 'the example board');
    }
    this.paragraph(texts.pencilMarks, b.x, y, b.width, { font: 'serif', size: f.body }, 1.45, 'pencilMarks');
  }

  /**
   * A board picture from the one board drawing (src/draw), painted in grey. The scene is drawn at
   * two thirds of its printed size, so that its thinnest lines (0.5 units) print at 0.75 pt, the
   * least a print line may be, and its box lines at 2.25 pt.
   */
  private picture(square: Rect, picture: BoardPicture, options: DrawOptions): void {
    const scene = boardScene(picture, { ...options, size: square.width / PICTURE_SCALE, theme: 'grey' });
    const fonts = { regular: fontFile('digits'), bold: fontFile('digitsBold') };
    paintScene(this.doc, scene, { x: square.x, y: square.y, width: square.width, fonts, gray: true, minLineWidth: this.t.lines.thin });
  }

  /**
   * A variant's rules in plain words, and the first puzzle of its first section solved beneath them:
   * as large as the room left allows (Samurai's 21 cells across get most of the width).
   */
  rulesPage(frame: PageFrame, number: number, variant: BookVariant, example: BookPuzzle): void {
    const layout = this.rulesLayout(frame, variant, example.number);
    const f = this.t.fonts;
    const b = frame.body;
    this.pageHeading(frame, layout.info.heading);
    this.paragraph(layout.info.rules, b.x, layout.rulesY, b.width, { font: 'serif', size: f.body });
    if (example.rules === undefined) throw new Error(`puzzle ${example.number} is not a ${layout.info.heading} puzzle`);
    const square: Rect = { x: b.x + (b.width - layout.side) / 2, y: layout.pictureY, width: layout.side, height: layout.side };
    this.variantGrid(square, example, true);
    let y = square.y + layout.side + layout.small * 2;
    for (const line of layout.captionLines) {
      this.text(line, b.x + b.width / 2, y, { font: 'serifItalic', size: layout.small, align: 'center' });
      y += layout.small * 1.45;
    }
    this.furniture(frame, number, { kind: 'rules', variant, section: 0 });
  }

  /**
   * Where a rules page puts its text and example: the example as large as the room left allows
   * (see below). Throws a TextFitError when the template leaves no room for a legible example
   * (checked before any work by checkTextPages).
   */
  rulesLayout(frame: PageFrame, variant: BookVariant, exampleNumber: number) {
    const info = VARIANT_INFO[variant];
    const b = frame.body;
    const f = this.t.fonts;
    this.where = `the ${info.heading} rules page`;
    const rulesY = b.y + f.heading * 2.1 + f.body * 1.6;
    const y = rulesY + this.wrap(info.rules, 'serif', f.body, b.width).length * f.body * 1.45;
    const small = f.body * 0.92;
    const width = Math.min(b.width, f.body * 38);
    const captionLines = this.wrap(`Puzzle ${exampleNumber} of this book, solved. ${info.example}`, 'serifItalic', small, width);
    const room = b.y + b.height - y - f.body * 1.2 - (captionLines.length + 1) * small * 1.45;
    // Small, as an example is, but with cells of 20 pt at least (a killer's 28 pt: its sums are a
    // fifth of a cell, and looked at on a 6 x 9 page at half its width they were 4 pt); Samurai's
    // 21 cells across take most of the width.
    const least = info.across * (variant === 'killer' ? 28 : 20);
    const side = Math.min(Math.max(b.width * (info.across > 16 ? 0.9 : info.across > 9 ? 0.7 : 0.5), least), b.width * 0.9, room, MAX_PICTURE);
    if (side < info.across * 8) {
      throw new TextFitError(`rules.${variant}`, `${this.where} leaves no room for a legible example (${info.across} cells of 8 pt across) below the rules; use a larger page or a smaller fonts.body`);
    }
    return { info, rulesY, pictureY: y + f.body * 0.2, side, small, captionLines };
  }

  /**
   * A variant's grid from the one board drawing (src/draw/variant.ts) in grey: regions, diagonals,
   * windows and cages as drawn on screen; solved, the filled digits grey and the givens bold.
   * Drawn at two thirds of its printed size, as the pictures (see {@link picture}).
   */
  private variantGrid(square: Rect, puzzle: BookPuzzle, solved: boolean): void {
    const picture = { rules: puzzle.rules!, givens: puzzle.grid, ...(solved ? { values: puzzle.solution } : {}) };
    // The filled digits as grey as the template's classic solutions.
    const grey = Math.round(this.t.solutionGray * 255).toString(16).padStart(2, '0');
    const scene = variantBoardScene(picture, { size: square.width / PICTURE_SCALE, theme: { ...GREY_THEME, filled: `#${grey}${grey}${grey}` } });
    const fonts = { regular: fontFile('digits'), bold: fontFile('digitsBold') };
    paintScene(this.doc, scene, { x: square.x, y: square.y, width: square.width, fonts, gray: true, minLineWidth: this.t.lines.thin });
  }

  private levelsPage(frame: PageFrame): void {
    const b = frame.body;
    const f = this.t.fonts;
    let y = this.pageHeading(frame, 'About the levels') + f.body * 1.6;
    // Every level a section names, variant sections too ("Medium Jigsaw"), easiest first; a section
    // of mixed levels ('any') has no text of its own.
    const named = new Set(this.plan.sections.map((s) => s.level));
    const levels = LEVELS.map((row) => row.level as string).filter((level) => named.has(level));
    const variety = this.plan.sections.some((s) => s.variant !== undefined);
    const intro = variety
      ? `Each section is named by its kind of puzzle and its level. Each level asks a little more of you:`
      : `The puzzles get harder through the book. Each level asks a little more of you:`;
    y = this.paragraph(intro, b.x, y, b.width, { font: 'serif', size: f.body }) + f.body * 0.6;
    for (const level of levels) {
      this.text(capitalize(level), b.x, y, { font: 'serifBold', size: f.body });
      y += f.body * 1.45;
      this.where = 'the About the levels page';
      y = this.paragraph(levelText(this.options.texts, level), b.x, y, b.width, { font: 'serif', size: f.body }, 1.45, `levels.${level}`) + f.body * 0.7;
    }
  }

  private fillerPage(frame: PageFrame): void {
    if (this.t.filler === 'blank') return;
    const b = frame.body;
    const f = this.t.fonts;
    const top = this.pageHeading(frame, 'Notes') + f.body * 2;
    this.doc.addContent('0.75 G');
    for (let y = top; y <= b.y + b.height; y += f.body * 2.4) this.doc.moveTo(b.x, y).lineTo(b.x + b.width, y);
    this.doc.lineWidth(this.t.lines.thin).stroke();
    this.doc.addContent('0 G');
  }

  private dividerPage(frame: PageFrame, title: string, detail: string, text: string, key: string): void {
    const c = frame.body;
    const f = this.t.fonts;
    const size = Math.max(f.heading * 1.8, f.title);
    const centre = c.x + c.width / 2;
    let y = c.y + c.height * 0.36;
    for (const line of this.wrap(title, 'serifBold', size, c.width)) {
      this.text(line, centre, y, { font: 'serifBold', size, align: 'center' });
      y += size * 1.15;
    }
    if (detail !== '') {
      this.text(detail, centre, y, { font: 'serifItalic', size: f.subtitle, align: 'center' });
      y += f.subtitle * 1.5;
    }
    if (text !== '') {
      y += f.body * 0.4;
      this.rule(centre - c.width * 0.08, centre + c.width * 0.08, y);
      y += f.body * 2.4;
      const width = Math.min(c.width * 0.8, f.body * 32);
      const lines = this.wrap(text, 'serif', f.body, width);
      this.where = `the ${title} divider page`;
      this.checkFits(key, text, lines, y, f.body * 1.5, f.body);
      for (const line of lines) {
        this.text(line, centre, y, { font: 'serif', size: f.body, align: 'center' });
        y += f.body * 1.5;
      }
    }
  }

  /** A section heading above the grid block, aligned with its edges. */
  private heading(frame: PageFrame, title: string, detail: string, slots: { grids: Rect[] }): void {
    const b = frame.body;
    const f = this.t.fonts;
    const left = b.x + Math.min(...slots.grids.map((g) => g.x));
    const right = b.x + Math.max(...slots.grids.map((g) => g.x + g.width));
    const baseline = b.y + headingHeight(this.t) * 0.62;
    this.text(title, left, baseline, { font: 'serifBold', size: f.heading });
    if (detail !== '') this.text(detail, right, baseline, { font: 'serifItalic', size: f.body, align: 'right', gray: 0.35 });
  }

  private primerPage(frame: PageFrame, index: number): void {
    const entry = this.options.primer?.[index];
    if (!entry) throw new Error(`primer page ${index + 1} has no entry`);
    const b = frame.body;
    const f = this.t.fonts;
    let y = b.y;
    if (index === 0) {
      y = this.pageHeading(frame, 'The techniques') + f.body * 1.4;
      this.where = 'the first page of the primer';
      y = this.paragraph(this.options.texts.primer, b.x, y, b.width, { font: 'serifItalic', size: f.body }, 1.45, 'primer') + f.body * 0.6;
    }
    const headSize = f.heading * 0.85;
    y += headSize * 1.1;
    this.text(entry.topic.title, b.x, y, { font: 'serifBold', size: headSize });
    y += f.body * 1.7;
    y = this.paragraph(entry.topic.text, b.x, y, b.width, { font: 'serif', size: f.body });
    const detail = `In puzzle ${entry.puzzle}: ${entry.detail}.`;
    const list = entry.puzzles.length === this.plan.puzzleCount ? 'Every puzzle in the book needs it.' : `Needed in puzzle${entry.puzzles.length === 1 ? '' : 's'} ${numberRanges(entry.puzzles)}.`;
    const small = f.body * 0.92;
    const tail = this.wrap(detail, 'serifItalic', small, b.width).length + this.wrap(list, 'serif', small, b.width).length + 1;
    const room = b.y + b.height - y - tail * small * 1.45 - f.body * 2.5;
    const side = Math.min(b.width * 0.9, room, MAX_PICTURE);
    if (side >= 120) {
      const grid: Rect = { x: b.x + (b.width - side) / 2, y: y + f.body * 0.5, width: side, height: side };
      this.picture(grid, { givens: entry.givens, values: entry.board.values, candidates: entry.board.candidates }, {
        step: entry.step,
        layers: { coordinates: true, candidates: entry.topic.marks },
      });
      y = grid.y + side + small * 2;
    }
    if (index === 0 && y + (tail - 1) * small * 1.45 + small * DESCENT > b.y + b.height + 0.01) {
      throw textLeavesNoRoom('primer', this.where, 'the first technique');
    }
    y = this.paragraph(detail, b.x, y, b.width, { font: 'serifItalic', size: small });
    y += small * 0.4;
    this.paragraph(list, b.x, y, b.width, { font: 'serif', size: small });
  }

  private hintsPage(frame: PageFrame, index: number): void {
    const pages = this.hintPages();
    const b = frame.body;
    const f = this.t.fonts;
    let y = b.y + f.body;
    if (index === 0) {
      y = this.pageHeading(frame, 'Hints') + f.body * 1.4;
      this.where = 'the first page of the hints';
      y = this.paragraph(this.options.texts.hints, b.x, y, b.width, { font: 'serifItalic', size: f.body }, 1.45, 'hints') + f.body * 0.6;
    }
    const indent = hintIndent(f.body);
    const lead = f.body * 1.45;
    // Baselines first (to check the first page's room, where the intro text is the caller's), then ink.
    const placed: { block: HintBlock; y: number }[] = [];
    for (const i of pages.pages[index] ?? []) {
      const block = pages.blocks[i]!;
      // A tier's heading gets a little space above it unless it opens the page.
      if (block.puzzle === 0 && placed.length > 0) y += f.body * 0.6;
      placed.push({ block, y });
      y += block.lines.length * lead + f.body * 0.725;
    }
    const last = placed[placed.length - 1];
    if (index === 0 && last !== undefined && last.y + (last.block.lines.length - 1) * lead + f.body * DESCENT > b.y + b.height + 0.01) {
      throw textLeavesNoRoom('hints', this.where, 'the first hints');
    }
    for (const { block, y: top } of placed) {
      if (block.puzzle === 0) {
        this.text(block.lines[0]!, b.x, top, { font: 'serifBold', size: f.body * 1.15 });
        continue;
      }
      this.text(`${block.puzzle}`, b.x, top, { font: 'serifBold', size: f.body });
      block.lines.forEach((line, k) => this.text(line, b.x + indent, top + k * lead, { font: 'serif', size: f.body }));
    }
  }

  /** Row numbers left of the grid and column numbers above it, light, in the band `slot` keeps outside `grid`. */
  private coordinates(grid: Rect, slot: Rect): void {
    const cell = grid.width / 9;
    const band = grid.x - slot.x;
    const size = Math.min(this.t.fonts.label, band * 0.62);
    for (let i = 0; i < 9; i++) {
      const label = String(i + 1);
      this.text(label, slot.x + band * 0.45, grid.y + (i + 0.5) * cell + size * 0.35, { font: 'serif', size, align: 'center', gray: 0.5 });
      this.text(label, grid.x + (i + 0.5) * cell, slot.y + band * 0.7, { font: 'serif', size, align: 'center', gray: 0.5 });
    }
  }

  private hintCache: { blocks: HintBlock[]; pages: number[][] } | undefined;

  private hintPages(): { blocks: HintBlock[]; pages: number[][] } {
    this.hintCache ??= layoutHints(this.t, this.options.hints ?? [], this.measureText, this.options.texts.hints);
    return this.hintCache;
  }

  private rule(x0: number, x1: number, y: number): void {
    this.doc.moveTo(x0, y).lineTo(x1, y).lineWidth(this.t.lines.thin).stroke();
  }

  /**
   * One line of text at a baseline, never wrapped: pdfkit's wrapping adds pages by itself when a
   * line starts below its bottom margin, so all wrapping is done here (see {@link wrap}).
   */
  private text(text: string, x: number, baseline: number, style: Style): void {
    const doc = this.doc.font(fontFile(style.font)).fontSize(style.size);
    const spacing = style.spacing ?? 0;
    const width = style.align && style.align !== 'left' ? doc.widthOfString(text, { characterSpacing: spacing }) - spacing : 0;
    const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
    if (style.gray) doc.addContent(`${style.gray} g`);
    doc.text(text, left, baseline, { lineBreak: false, baseline: 'alphabetic', ...(spacing === 0 ? {} : { characterSpacing: spacing }) });
    if (style.gray) doc.addContent('0 g');
  }

  /** Greedy word wrap to `width`, in linear time, at most `maxLines` lines (see text-fit.ts). */
  private wrap(text: string, font: FontName, size: number, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    return wrapText(text, width, (t) => this.measureText(t, fontFile(font), size), maxLines);
  }

  /** Shortens a single line with an ellipsis until it fits `width`. */
  private fit(text: string, font: FontName, size: number, width: number): string {
    const doc = this.doc.font(fontFile(font)).fontSize(size);
    return fitText(text, width, (t) => doc.widthOfString(t));
  }
}

/** How far below its baseline a line of text may ink, as a share of its size (descenders). */
const DESCENT = 0.25;

/** Board pictures are drawn at 1 / this of their printed size (see Painter.picture). */
const PICTURE_SCALE = 1.5;
/** The largest printed picture: past it, the drawing's box lines would print thicker than 3 pt. */
const MAX_PICTURE = 470;

/** A puzzle grid inside its slot, leaving a band on the left and on top for row and column numbers. */
export function insetForCoordinates(slot: Rect): Rect {
  const band = slot.width * 0.06;
  return { x: slot.x + band, y: slot.y + band, width: slot.width - band, height: slot.height - band };
}

/** Indent of a hint's text after its puzzle number. */
function hintIndent(size: number): number {
  return size * 2.6;
}

/**
 * The hints' lines and pages for a template: the text is wrapped to the narrowest body the book can
 * have (the widest gutter of the template's table), so that the count is known before the plan.
 */
export function layoutHints(template: BookTemplate, hints: readonly HintEntry[], measure: TextMeasure, intro: string): { blocks: HintBlock[]; pages: number[][] } {
  const t = template;
  const f = t.fonts;
  const widestGutter = Math.max(t.margins.inside, ...t.margins.insideByPageCount.map((r) => r.inside));
  const width = t.page.width - t.margins.outside - widestGutter;
  const height = t.page.height - t.margins.top - t.margins.bottom - (t.headerAt === 'top' ? f.header + 14 : 0) - 18 - Math.max(f.footer, t.headerAt === 'foot' ? f.header : 0);
  const lead = f.body * 1.45;
  const blocks = hintBlocks(hints, width, hintIndent(f.body), (text) => measure(text, fontFile('serif'), f.body));
  const introLines = wrapText(intro, width, (text) => measure(text, fontFile('serifItalic'), f.body)).length;
  const perPage = Math.max(3, Math.floor((height - f.body) / lead));
  const firstPage = Math.max(3, Math.floor((height - f.heading * 2.1 - f.body * 2 - introLines * lead) / lead));
  return { blocks, pages: paginateHints(blocks, perPage, firstPage) };
}

/** A number for a content stream: at most 3 decimals, no exponent. */
function pdfNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function offset(rect: Rect, origin: Rect): Rect {
  return { x: origin.x + rect.x, y: origin.y + rect.y, width: rect.width, height: rect.height };
}

/** A text measurer for planning (the same pdfkit metrics the writer uses), without writing anything. */
export function createTextMeasure(): TextMeasure {
  const doc = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  useBookFonts(doc);
  return (text, font, size) => doc.font(font).fontSize(size).widthOfString(text);
}
