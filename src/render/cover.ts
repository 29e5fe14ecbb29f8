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
import { boardScene, GREY_THEME, variantBoardScene, type Theme } from '../draw/index.js';
import type { Rules } from '../rules/types.js';
import { paintScene } from './board-pdf.js';
import { coverLayout, coverTheme, DEFAULT_COVER_THEME, type CoverTheme } from './cover-themes.js';
import { fontFile, useBookFonts, type FontName } from './fonts.js';
import type { Rect } from './layout.js';
import { createTextMeasure, type BookPuzzle } from './pdf-writer.js';
import { TextFitError, fitText as fitLine, textDoesNotFit, wrapText } from './text-fit.js';
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
  /** Puzzle count (for the back text and the front's badge). */
  puzzleCount?: number;
  /**
   * Puzzles per level, easiest first (for the back's level list); default: `levels` without counts.
   * A row's `text` replaces the level's words (a variety book lists its kinds of puzzle).
   */
  levelCounts?: readonly { level: string; count: number; text?: string }[];
  /**
   * The kinds of puzzle of a variety book, in book order (`Classic`, `Sudoku X`, `Killer`...): the
   * front's pill and the back text name them. Absent or empty: a classic book, named by its levels.
   */
  variants?: readonly string[];
  /** A puzzle of the book shown on the back ("try one"); default: `art`. */
  sample?: BookPuzzle | undefined;
  /** A theme of {@link COVER_THEMES} (default: the template's, else the first). */
  theme?: string;
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
export function backText(options: Pick<WriteCoverOptions, 'texts' | 'levels' | 'puzzleCount' | 'variants'>): string[] {
  if (options.texts.back !== '') return options.texts.back.split(/\n\s*\n/);
  const kinds = options.variants ?? [];
  if (kinds.length > 0) {
    const count = options.puzzleCount === undefined ? 'Sudoku puzzles' : `${options.puzzleCount} Sudoku puzzles`;
    const names = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]}`;
    return [
      `${count} of ${kinds.length === 1 ? 'one kind' : `${kinds.length} kinds`}: ${names}. Every puzzle has exactly one solution and can be solved by logic alone, without guessing.`,
      'Each kind has its own page of rules, with a solved example from the book. The solutions of every puzzle are at the back.',
    ];
  }
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

/** The smallest the back text is set before the cover refuses it (points). */
export const MIN_BACK_TEXT_SIZE = 7;

const COVER_FILE_KEYS = optionKeys<WriteCoverOptions>({ template: true, front: true, texts: true, paper: true, pages: true, art: true, levels: true, puzzleCount: true, levelCounts: true, variants: true, sample: true, theme: true, output: true, force: true, subject: true });

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
  const theme = coverTheme(options.theme ?? options.template.cover?.theme ?? DEFAULT_COVER_THEME);
  const elements: CoverResult['elements'] = [];
  // Written whole or not at all, like the book (src/node/output-file.ts).
  const { bytes } = await writeOutputFile(output, { force: options.force ?? false }, async (stream) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      compress: true,
      font: null as unknown as string, // the book's fonts, registered below
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
    useBookFonts(doc);
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
    const painter = new CoverPainter(doc, theme, elements);
    try {
      drawCover(painter, g, options);
    } catch (error) {
      doc.end();
      throw error;
    }
    doc.end();
    await finished;
  });
  return { ...g, path: output, bytes, elements };
}

type Doc = PDFKit.PDFDocument;

/** `#rrggbb` as r, g, b in 0..1. */
function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** Colours, text and the element list of one cover: every colour goes through the theme's mode. */
class CoverPainter {
  constructor(
    readonly doc: Doc,
    readonly theme: CoverTheme,
    readonly elements: CoverResult['elements'],
  ) {}

  /** A colour operator: `r g b rg` (or `RG`), or `l g` (`G`) by luminance for a grey theme. */
  color(hex: string, stroke = false): void {
    const [r, g, b] = rgb(hex);
    if (this.theme.gray) this.doc.addContent(`${num(0.299 * r + 0.587 * g + 0.114 * b)} ${stroke ? 'G' : 'g'}`);
    else this.doc.addContent(`${num(r)} ${num(g)} ${num(b)} ${stroke ? 'RG' : 'rg'}`);
  }

  measure = (text: string, font: FontName, size: number): number => this.doc.font(fontFile(font)).fontSize(size).widthOfString(text);

  wrap(text: string, font: FontName, size: number, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    return wrapText(text, width, (t) => this.measure(t, font, size), maxLines);
  }

  /** One line at a baseline; `x` is its left, centre or right by `align`. */
  text(what: string, text: string, x: number, baseline: number, font: FontName, size: number, color: string, align: 'left' | 'center' | 'right' = 'left'): void {
    const width = this.measure(text, font, size);
    const left = align === 'center' ? x - width / 2 : align === 'right' ? x - width : x;
    this.color(color);
    this.doc.font(fontFile(font)).fontSize(size).text(text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
    this.elements.push({ what, box: { x: left, y: baseline - size * 0.8, width, height: size * 1.05 } });
  }

  fillRect(r: Rect, color: string, radius = 0): void {
    this.color(color);
    if (radius > 0) this.doc.roundedRect(r.x, r.y, r.width, r.height, radius).fill();
    else this.doc.rect(r.x, r.y, r.width, r.height).fill();
  }

  /** A board of the book drawn by the one board drawing, in the theme's colours. */
  board(what: string, square: Rect, picture: { givens: ArrayLike<number>; values?: ArrayLike<number>; rules?: Rules | undefined }): void {
    const t = this.theme;
    const drawing: Theme = { ...GREY_THEME, name: `cover-${t.name}`, background: t.paper, thin: t.ink, thick: t.ink, given: t.ink, filled: t.pencil };
    if (picture.rules !== undefined) {
      // A variant's board: its regions, diagonals, windows or cages, in the cover's inks.
      const scene = variantBoardScene({ rules: picture.rules, givens: picture.givens, ...(picture.values === undefined ? {} : { values: picture.values }) }, { size: 360, theme: { ...drawing, name: t.gray ? 'grey' : 'color' } });
      paintScene(this.doc, scene, { x: square.x, y: square.y, width: square.width, gray: t.gray, minLineWidth: 0.75 });
      this.elements.push({ what, box: square });
      return;
    }
    const scene = boardScene(
      { givens: Array.from(picture.givens), ...(picture.values === undefined ? {} : { values: Array.from(picture.values) }) },
      { size: 360, theme: drawing, layers: { coordinates: false, candidates: false } },
    );
    paintScene(this.doc, scene, { x: square.x, y: square.y, width: square.width, gray: t.gray, minLineWidth: 0.75 });
    this.elements.push({ what, box: square });
  }
}

function inset(r: Rect, by: number): Rect {
  return { x: r.x + by, y: r.y + by, width: r.width - 2 * by, height: r.height - 2 * by };
}

function drawCover(p: CoverPainter, g: CoverGeometry, options: WriteCoverOptions): void {
  p.color(p.theme.ground);
  p.doc.rect(0, 0, g.width, g.height).fill();
  drawFront(p, g, options);
  drawSpine(p, g, options);
  drawBack(p, g, options);
  p.doc.addContent('0 g 0 G');
}

/** `easy to expert`, `all hard`: what the levels pill says. */
function levelsLine(levels: readonly string[]): string {
  if (levels.length === 0) return '';
  if (levels.length === 1) return `All ${levels[0]}`;
  return `${levels.length} levels \u00b7 ${levels[0]} to ${levels[levels.length - 1]}`;
}

/** `Classic · Killer · Jigsaw`; past four kinds, the pill would be too small to read: `7 kinds of sudoku`. */
function kindsLine(kinds: readonly string[]): string {
  return kinds.length <= 4 ? kinds.join(' \u00b7 ') : `${kinds.length} kinds of sudoku`;
}

/** The art's puzzle with three of its empty squares "pencilled in" from the solution. */
function pencilled(puzzle: BookPuzzle): Uint8Array {
  const values = Uint8Array.from(puzzle.grid);
  const empty: number[] = [];
  for (let c = 0; c < puzzle.grid.length; c++) if (puzzle.grid[c] === 0) empty.push(c);
  for (const k of [1, 2, 3]) {
    const c = empty[Math.floor((k * empty.length) / 4)];
    if (c !== undefined) values[c] = puzzle.solution[c]!;
  }
  return values;
}

function drawFront(p: CoverPainter, g: CoverGeometry, options: WriteCoverOptions): void {
  const { front, template } = options;
  const t = p.theme;
  const layout = coverLayout(template.page.label);
  const f = g.frontSafe;
  const centre = f.x + f.width / 2;
  // The frame: an accent line just inside the safe area.
  const line = Math.max(1.5, f.width * 0.005);
  p.color(t.accent, true);
  p.doc.lineWidth(line).rect(f.x + line / 2 + 0.5, f.y + line / 2 + 0.5, f.width - line - 1, f.height - line - 1).stroke();
  const pad = f.width * 0.055;
  const inner = inset(f, pad);
  let y = inner.y;

  // The template's badge ("Large Print"): a band across the top, the first thing a buyer reads.
  const badge = template.cover?.badge ?? '';
  if (badge !== '') {
    const band = f.height * 0.075;
    p.fillRect({ x: inner.x, y, width: inner.width, height: band }, t.accent, band * 0.18);
    const label = badge.toUpperCase();
    const size = Math.min(band * 0.6, (inner.width * 0.9) / Math.max(1, p.measure(label, 'sansBold', 1)));
    p.text('badge', label, centre, y + band / 2 + size * 0.36, 'sansBold', size, t.onAccent, 'center');
    y += band + pad * 0.9;
  } else {
    y += pad * 0.3;
  }

  // The title: as big as the layout allows, in at most three lines, no word cut.
  const titleMax = f.width * layout.titleMax;
  const budget = f.height * layout.titleBlock;
  const words = front.title.split(/\s+/).filter((w) => w !== '');
  let titleSize = titleMax;
  let titleLines = p.wrap(front.title, 'serifBold', titleSize, inner.width, 4);
  while (titleSize > titleMax * 0.3) {
    titleLines = p.wrap(front.title, 'serifBold', titleSize, inner.width, 4);
    const wordsFit = words.every((w) => p.measure(w, 'serifBold', titleSize) <= inner.width);
    if (titleLines.length <= 3 && wordsFit && titleLines.length * titleSize * 1.02 <= budget) break;
    titleSize *= 0.93;
  }
  for (const text of titleLines) {
    p.text('title', text, centre, y + titleSize * 0.74, 'serifBold', titleSize, t.text, 'center');
    y += titleSize * 1.02;
  }
  const subSize = Math.max(11, Math.min(titleSize * 0.34, f.width * 0.048));
  if (front.subtitle !== '') {
    y += subSize * 0.5;
    for (const text of p.wrap(front.subtitle, 'serifItalic', subSize, inner.width, 3)) {
      p.text('subtitle', text, centre, y + subSize * 0.8, 'serifItalic', subSize, t.soft, 'center');
      y += subSize * 1.3;
    }
  }

  // Bottom up: the author, then the levels pill.
  let bottom = inner.y + inner.height;
  const authorSize = Math.max(12, f.width * 0.045);
  if (front.author !== '') {
    p.text('author', fitText(front.author, 'serif', authorSize, inner.width, p.measure), centre, bottom - authorSize * 0.25, 'serif', authorSize, t.text, 'center');
    bottom -= authorSize * 1.6;
  }
  const levels = (options.variants !== undefined && options.variants.length > 0 ? kindsLine(options.variants) : levelsLine(options.levels ?? [])).toUpperCase();
  if (levels !== '') {
    const pill = f.width * 0.075;
    let size = pill * 0.46;
    size = Math.min(size, (inner.width - pill) / Math.max(1, p.measure(levels, 'sansBold', 1)));
    const width = p.measure(levels, 'sansBold', size) + pill;
    const box = { x: centre - width / 2, y: bottom - pill, width, height: pill };
    p.color(t.soft, true);
    p.doc.lineWidth(1.25).roundedRect(box.x + 0.625, box.y + 0.625, box.width - 1.25, box.height - 1.25, pill / 2 - 0.6).stroke();
    p.text('badge levels', levels, centre, box.y + pill / 2 + size * 0.36, 'sansBold', size, t.text, 'center');
    bottom -= pill + pad * 0.6;
  }

  // The art: a puzzle of the book on its paper, with a shadow, and the count badge on its corner.
  const top = y + pad * 0.7;
  const badgeR = options.puzzleCount === undefined ? 0 : f.width * layout.badge;
  const side = Math.min(inner.width * layout.grid, bottom - top - badgeR * 0.35);
  if (options.art && side > 72) {
    const grid: Rect = { x: centre - side / 2, y: top + badgeR * 0.35 + (bottom - top - badgeR * 0.35 - side) / 2, width: side, height: side };
    const drop = Math.max(2, side * 0.025);
    p.fillRect({ x: grid.x + drop, y: grid.y + drop, width: side, height: side }, t.shadow);
    p.board('puzzle', grid, { givens: options.art.grid, values: pencilled(options.art), rules: options.art.rules });
    if (badgeR > 0) {
      // On the corner, as far out as the frame allows: it hides as few squares as it can.
      const cx = Math.min(grid.x + grid.width + badgeR * 0.3, inner.x + inner.width - badgeR);
      const cy = Math.max(grid.y + badgeR * 0.1, y + badgeR);
      countBadge(p, cx, cy, badgeR, options.puzzleCount!);
    }
  } else if (badgeR > 0 && bottom - top > 2 * badgeR) {
    countBadge(p, centre, top + (bottom - top) / 2, badgeR, options.puzzleCount!);
  }
}

/** A disc in the accent colour: the puzzle count, big, and PUZZLES under it. */
function countBadge(p: CoverPainter, cx: number, cy: number, r: number, count: number): void {
  const t = p.theme;
  p.color(t.accent);
  p.doc.circle(cx, cy, r).fill();
  p.color(t.onAccent, true);
  p.doc.lineWidth(Math.max(1, r * 0.04)).circle(cx, cy, r * 0.86).stroke();
  const number = String(count);
  const size = Math.min(r * 0.78, (r * 1.35) / Math.max(1, p.measure(number, 'sansBold', 1)));
  p.text('badge count', number, cx, cy + size * 0.2, 'sansBold', size, t.onAccent, 'center');
  const word = count === 1 ? 'PUZZLE' : 'PUZZLES';
  const small = Math.min(r * 0.24, (r * 1.3) / Math.max(1, p.measure(word, 'sansBold', 1)));
  p.text('badge count', word, cx, cy + size * 0.2 + small * 1.45, 'sansBold', small, t.onAccent, 'center');
}

function drawSpine(p: CoverPainter, g: CoverGeometry, options: WriteCoverOptions): void {
  if (!g.spineText) return;
  const { front } = options;
  const s = g.spineText;
  // Charis' capitals and descenders span about 0.9 of the size: the text fills the box across.
  const size = Math.min(s.width / 0.95, 16);
  if (size < 4) return;
  p.doc.save();
  // Rotate 90 degrees clockwise about the spine's centre line: text runs down the spine.
  p.doc.translate(s.x + s.width / 2, s.y).rotate(90);
  const baseline = size * 0.3; // capitals (0.65) above, descenders (0.25) below: centred across the spine
  const title = fitText(front.title, 'serifBold', size, s.height * 0.62, p.measure);
  p.color(p.theme.text);
  p.doc.font(fontFile('serifBold')).fontSize(size).text(title, 0, baseline, { lineBreak: false, baseline: 'alphabetic' });
  if (front.author !== '') {
    const author = fitText(front.author, 'serif', size * 0.85, s.height * 0.3, p.measure);
    const aw = p.measure(author, 'serif', size * 0.85);
    p.color(p.theme.accent);
    p.doc.font(fontFile('serif')).fontSize(size * 0.85).text(author, s.height - aw, baseline, { lineBreak: false, baseline: 'alphabetic' });
  }
  p.doc.restore();
  p.elements.push({ what: 'spine text', box: { x: s.x + s.width / 2 - size * 0.45, y: s.y, width: size * 0.9, height: s.height } });
}

/** The back's blurb: the texts' `back` whole, else the book's description and a closing line. */
function blurb(options: WriteCoverOptions): string[] {
  if (options.texts.back !== '') return options.texts.back.split(/\n\s*\n/);
  const all = backText(options);
  return [all[0]!, all[all.length - 1]!];
}

/** Where and how large the back's title and blurb go, decided before anything is drawn. */
interface BackTextFit {
  /** Title lines at `headSize`, from the top of the back's safe area. */
  title: string[];
  headSize: number;
  /** Top of the blurb (below the title and its rule). */
  top: number;
  size: number;
  lines: string[][];
  /** Whether the sample puzzle and the level list still fit below the blurb. */
  withRow: boolean;
  /** Lowest ink of the back's content: above the imprint line. */
  bottom: number;
  small: number;
}

type Wrap = (text: string, font: FontName, size: number, width: number, maxLines?: number) => string[];

/**
 * The blurb as large as leaves room for the sample and the levels below it, down to 9 pt; past that
 * the sample and the list make way and the blurb alone takes the back, down to
 * {@link MIN_BACK_TEXT_SIZE}. A blurb too long even then is refused (a TextFitError naming how many of
 * its words fit): text is never cut or dropped. The cover and the check before any work both use it.
 */
function fitBackText(g: CoverGeometry, title: string, paragraphs: readonly string[], wrap: Wrap): BackTextFit {
  const b = g.backSafe;
  const gap = b.width * 0.045;
  const headSize = Math.min(32, b.width / 12);
  const titleLines = wrap(title, 'serifBold', headSize, b.width, 2);
  const top = b.y + titleLines.length * headSize * 1.15 + headSize * 0.8;
  const small = Math.max(8, Math.min(11, b.width / 40));
  const bottom = b.y + b.height - small * 2; // above the imprint line
  const rowMin = Math.min(170, b.width * 0.42);
  const largest = Math.min(18, b.width / 24);
  const lay = (size: number): { lines: string[][]; height: number } => {
    const lines = paragraphs.map((para) => wrap(para, 'serif', size, b.width));
    const count = lines.reduce((sum, l) => sum + l.length, 0);
    return { lines, height: count * size * 1.42 + (paragraphs.length - 1) * size * 0.6 };
  };
  const ROW_TEXT_MIN = 9;
  let size = largest;
  let set = lay(size);
  while (top + set.height + gap + rowMin > g.barcode.y && size > ROW_TEXT_MIN) {
    size = Math.max(ROW_TEXT_MIN, size - 0.5);
    set = lay(size);
  }
  const withRow = top + set.height + gap + rowMin <= g.barcode.y;
  if (!withRow) {
    size = largest;
    set = lay(size);
    // Alone, the blurb still stops above the barcode area (it spans the back's width).
    while (top + set.height > g.barcode.y && size > MIN_BACK_TEXT_SIZE) {
      size = Math.max(MIN_BACK_TEXT_SIZE, size - 0.5);
      set = lay(size);
    }
  }
  if (top + set.height > g.barcode.y) {
    // How much would fit at the least size: whole lines down to the bottom.
    const fitting: string[] = [];
    let y = top;
    for (const lines of set.lines) {
      for (const line of lines) {
        if (y + size * 1.42 > g.barcode.y) break;
        fitting.push(line);
        y += size * 1.42;
      }
      y += size * 0.6;
    }
    throw textDoesNotFit('back', `the back cover even at ${MIN_BACK_TEXT_SIZE} pt`, paragraphs.join('\n\n'), fitting);
  }
  return { title: titleLines, headSize, top, size, lines: set.lines, withRow, bottom, small };
}

function drawBack(p: CoverPainter, g: CoverGeometry, options: WriteCoverOptions): void {
  const t = p.theme;
  const b = g.backSafe;
  const front = options.front;
  const gap = b.width * 0.045;
  const fit = fitBackText(g, front.title, blurb(options), (text, font, size, width, maxLines) => p.wrap(text, font, size, width, maxLines));
  const { headSize, size, small, bottom } = fit;
  let y = b.y;
  for (const text of fit.title) {
    p.text('back title', text, b.x, y + headSize * 0.78, 'serifBold', headSize, t.text);
    y += headSize * 1.15;
  }
  y += headSize * 0.25;
  p.color(t.accent, true);
  p.doc.lineWidth(2.5).moveTo(b.x + 1.5, y).lineTo(b.x + b.width * 0.2, y).stroke();
  y = fit.top;
  for (const lines of fit.lines) {
    for (const text of lines) {
      p.text('back text', text, b.x, y + size * 0.8, 'serif', size, t.text);
      y += size * 1.42;
    }
    y += size * 0.6;
  }
  y += gap * 0.6;
  if (fit.withRow) backRow(p, g, options, { x: b.x, y, width: b.width, height: bottom - y });
  const imprint = [front.publisher, copyrightLine(front)].filter((s) => s !== '').join(' \u00b7 ');
  if (imprint !== '') p.text('imprint', fitText(imprint, 'serif', small, g.barcode.x - b.x - small * 2, p.measure), b.x, b.y + b.height - small * 0.3, 'serif', small, t.soft);
}

/**
 * The levels with their counts (left, down to the imprint) and the sample puzzle (right, above the
 * barcode area), filling `box`.
 */
function backRow(p: CoverPainter, g: CoverGeometry, options: WriteCoverOptions, box: Rect): void {
  const t = p.theme;
  const gap = box.width * 0.05;
  const capSize = Math.max(9, Math.min(14, box.width / 30));
  const sample = options.sample ?? options.art;
  let listRight = box.x + box.width;
  if (sample) {
    const side = Math.min(box.width * 0.6, g.barcode.y - gap * 0.5 - box.y - capSize * 1.8 - 3);
    if (side >= 90) {
      const x = box.x + box.width - side - 3; // the shadow stays inside too
      const caption = `Try one: puzzle ${sample.number} (${sample.level})`;
      const captionSize = Math.min(capSize, side / Math.max(1, p.measure(caption, 'sansBold', 1)));
      p.text('sample caption', caption, x, box.y + capSize * 0.8, 'sansBold', captionSize, t.accent);
      const square = { x, y: box.y + capSize * 1.8, width: side, height: side };
      p.fillRect({ x: square.x + 3, y: square.y + 3, width: side, height: side }, t.shadow);
      p.board('sample', square, { givens: sample.grid, rules: sample.rules });
      listRight = x - gap;
    }
  }
  const listX = box.x;
  const listWidth = listRight - listX;
  const counts: readonly { level: string; count: number; text?: string }[] = options.levelCounts ?? (options.levels ?? []).map((level) => ({ level, count: 0 }));
  if (counts.length === 0 || listWidth < 60) return;
  const rows = counts.map((c, i) => ({ ...c, color: t.levels[Math.min(i, t.levels.length - 1)]!, text: c.text ?? levelText(options.texts, c.level) }));
  // The largest type at which every level and its words fit; the words go first if they cannot.
  const most = Math.min(16, capSize * 1.15);
  const height = (s: number, words: boolean): number =>
    s * 2.1 + rows.reduce((sum, r) => sum + s * 1.55 + (words ? p.wrap(r.text, 'serif', s * 0.85, listWidth).length * s * 0.85 * 1.3 + s * 0.45 : 0), 0);
  let size = most;
  let withText = true;
  while (height(size, withText) > box.height && size > 8) size -= 0.5;
  if (height(size, withText) > box.height) {
    withText = false;
    size = most;
    while (height(size, false) > box.height && size > 6) size -= 0.5;
  }
  let y = box.y;
  p.text('level list', 'Inside', listX, y + size * 0.9, 'sansBold', capSize, t.accent);
  y += size * 2.1;
  for (const row of rows) {
    const chip = size * 0.8;
    p.fillRect({ x: listX, y: y + size * 0.05, width: chip, height: chip }, row.color, chip * 0.2);
    const name = `${row.level[0]!.toUpperCase()}${row.level.slice(1)}`;
    const label = row.count > 0 ? `${name} \u00b7 ${row.count} puzzle${row.count === 1 ? '' : 's'}` : name;
    p.text('level list', fitText(label, 'serifBold', size, listWidth - chip * 1.6, p.measure), listX + chip * 1.6, y + size * 0.8, 'serifBold', size, t.text);
    y += size * 1.55;
    if (withText) {
      const smaller = size * 0.85;
      for (const text of p.wrap(row.text, 'serif', smaller, listWidth)) {
        p.text('level list', text, listX, y + smaller * 0.5, 'serif', smaller, t.soft);
        y += smaller * 1.3;
      }
      y += size * 0.45;
    }
  }
}

/**
 * Throws a TextFitError when the book's own back text (`texts.back`) does not fit the back of the
 * cover even at the least size, before any work (the back panel does not depend on the page count).
 */
export function checkBackText(template: BookTemplate, front: FrontMatter, texts: BookTexts): void {
  if (texts.back === '') return;
  const g = coverGeometry(template, 24, template.paper);
  const measure = createTextMeasure();
  fitBackText(g, front.title, texts.back.split(/\n\s*\n/), (text, font, size, width, maxLines) => wrapText(text, width, (t) => measure(t, fontFile(font), size), maxLines));
}

function fitText(text: string, font: FontName, size: number, width: number, measure: (t: string, f: FontName, s: number) => number): string {
  return fitLine(text, width, (t) => measure(t, font, size));
}
