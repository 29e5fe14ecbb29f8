/**
 * The book's own pdfkit drawing of a board: grid lines, digits as one text object, and for pictures
 * (How to play, the primer) shaded cells, pencil marks, struck-out candidates, circled placements and
 * strokes. Everything is DeviceGray. A picture is plain data ({@link BoardPicture}) so that the
 * portable board drawing (src/draw, SVG) can replace {@link drawPicture} without touching its callers.
 */
import type { Grid } from '../core/grid.js';
import type { GlyphBox, Rect } from './layout.js';
import { centreGlyph } from './layout.js';

type Doc = PDFKit.PDFDocument;

/** What a font offers the fast digit writer. */
export interface DigitFont {
  /** pdfkit's resource name of the font (F1, F2...). */
  id: string;
  /** The font's PDF object, for the page's font resources. */
  ref: unknown;
  /** Ink boxes of the digits 0-9 in thousandths of the font size. */
  digits: GlyphBox[];
  /** Hex glyph codes of the digits 0-9 (0 unused). */
  codes: string[];
}

/** Line widths of a grid (points). */
export interface GridLines {
  thin: number;
  box: number;
}

/** Thin lines first, then the box lines, then the border as one rectangle (no notched corners). */
export function drawGridLines(doc: Doc, grid: Rect, lines: GridLines): void {
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
    doc.lineWidth(thick ? lines.box : lines.thin).stroke();
  }
  doc.rect(grid.x, grid.y, grid.width, grid.height).lineWidth(lines.box).stroke();
}

/** One digit to write: a cell, a font, a grey. */
export interface DigitRun {
  values: Grid;
  /** Font and grey for the digit of `cell`, or null to skip it. */
  style: (cell: number) => { font: DigitFont; gray: number } | null;
  /** Digit height as a share of the cell. */
  scale: number;
}

/**
 * The digits of a grid, row by row, as one text object written straight into the content stream
 * (pdfkit's text() costs a save, a transform and a text object per digit: too slow for big books).
 */
export function drawDigits(doc: Doc, grid: Rect, run: DigitRun, sheetHeight: number): void {
  const resources = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
  const cell = grid.width / 9;
  const size = cell * run.scale;
  // pdfkit's page space is flipped (y down); text is drawn in PDF space (y up).
  const ops: string[] = [`q 1 0 0 -1 0 ${pdfNumber(sheetHeight)} cm BT`];
  let font: DigitFont | null = null;
  let gray = 0;
  for (let c = 0; c < 81; c++) {
    const digit = run.values[c]!;
    if (digit === 0) continue;
    const style = run.style(c);
    if (style === null) continue;
    if (style.font !== font) {
      font = style.font;
      resources[font.id] ??= font.ref;
      ops.push(`/${font.id} ${pdfNumber(size)} Tf`);
    }
    if (style.gray !== gray) {
      gray = style.gray;
      ops.push(`${pdfNumber(gray)} g`);
    }
    const box: Rect = { x: grid.x + (c % 9) * cell, y: grid.y + Math.floor(c / 9) * cell, width: cell, height: cell };
    const at = centreGlyph(box, size, font.digits[digit]!);
    ops.push(`1 0 0 1 ${pdfNumber(at.x)} ${pdfNumber(sheetHeight - at.baseline)} Tm <${font.codes[digit]}> Tj`);
  }
  ops.push('ET Q');
  doc.addContent(ops.join('\n'));
}

/** A board as a picture: what to draw, not how. */
export interface BoardPicture {
  /** The printed digits (black, regular). */
  givens: Grid;
  /** Digits filled in since (grey); 0 elsewhere. */
  placed?: Grid;
  /** Pencil marks of the empty cells (9-bit masks); omitted: none drawn. */
  candidates?: Uint16Array;
  /** Cell fills, light to dark: `{ cells, gray }` (1 white, 0 black). Later entries paint over earlier ones. */
  shade?: { cells: readonly number[]; gray: number }[];
  /** Pencil marks that make the pattern: drawn bold with a ring. */
  pattern?: readonly { cell: number; digit: number }[];
  /** Pencil marks the step removes: struck out. */
  removed?: readonly { cell: number; digit: number }[];
  /** Digits the step places: drawn in the cell, ringed. */
  placements?: readonly { cell: number; digit: number }[];
  /** Strokes from the centre of one cell to the centre of another (e.g. a digit's reach). */
  strokes?: readonly { from: number; to: number }[];
  /** Row and column numbers around the board (for `r3c4` in the text). */
  coordinates?: boolean;
}

/** Fonts and lines of a picture. */
export interface PictureStyle {
  lines: GridLines;
  digitFont: DigitFont;
  /** A bold digit font, for pattern pencil marks. */
  boldFont: DigitFont;
  /** Text font (path) for the coordinates. */
  labelFont: string;
  digitScale: number;
  sheetHeight: number;
}

/** Draws a picture of a board in `grid` (a square). */
export function drawPicture(doc: Doc, grid: Rect, picture: BoardPicture, style: PictureStyle): void {
  const cell = grid.width / 9;
  const at = (c: number): Rect => ({ x: grid.x + (c % 9) * cell, y: grid.y + Math.floor(c / 9) * cell, width: cell, height: cell });
  for (const shade of picture.shade ?? []) {
    doc.addContent(`${pdfNumber(shade.gray)} g`);
    for (const c of shade.cells) {
      const r = at(c);
      doc.rect(r.x, r.y, r.width, r.height);
    }
    doc.fill();
    doc.addContent('0 g');
  }
  if (picture.strokes && picture.strokes.length > 0) {
    doc.addContent('0.6 G');
    doc.lineCap('round');
    for (const s of picture.strokes) {
      const a = at(s.from);
      const b = at(s.to);
      doc.moveTo(a.x + cell / 2, a.y + cell / 2).lineTo(b.x + cell / 2, b.y + cell / 2);
    }
    doc.lineWidth(2).stroke();
    doc.lineCap('butt');
    doc.addContent('0 G');
  }
  drawGridLines(doc, grid, style.lines);
  if (picture.coordinates) {
    const size = Math.max(6, cell * 0.32);
    doc.font(style.labelFont).fontSize(size);
    doc.addContent('0.4 g');
    for (let i = 0; i < 9; i++) {
      const label = String(i + 1);
      const w = doc.widthOfString(label);
      doc.text(label, grid.x + i * cell + (cell - w) / 2, grid.y - size * 0.45, { lineBreak: false, baseline: 'alphabetic' });
      doc.text(label, grid.x - size * 0.5 - w, grid.y + i * cell + cell / 2 + size * 0.35, { lineBreak: false, baseline: 'alphabetic' });
    }
    doc.addContent('0 g');
  }
  drawDigits(doc, grid, { values: picture.givens, style: () => ({ font: style.digitFont, gray: 0 }), scale: style.digitScale }, style.sheetHeight);
  if (picture.placed) {
    drawDigits(doc, grid, { values: picture.placed, style: () => ({ font: style.digitFont, gray: 0.45 }), scale: style.digitScale }, style.sheetHeight);
  }
  const placements = picture.placements ?? [];
  if (placements.length > 0) {
    const values = new Uint8Array(81);
    for (const p of placements) values[p.cell] = p.digit;
    drawDigits(doc, grid, { values, style: () => ({ font: style.boldFont, gray: 0 }), scale: style.digitScale }, style.sheetHeight);
    for (const p of placements) {
      const r = at(p.cell);
      doc.circle(r.x + cell / 2, r.y + cell / 2, cell * 0.4).lineWidth(1.25).stroke();
    }
  }
  if (picture.candidates) drawMarks(doc, grid, picture, style);
}

/** Pencil marks in a 3 x 3 pattern inside each empty cell; pattern marks bold and ringed, removed ones struck out. */
function drawMarks(doc: Doc, grid: Rect, picture: BoardPicture, style: PictureStyle): void {
  const cell = grid.width / 9;
  const sub = cell / 3;
  const key = (c: number, d: number): number => c * 10 + d;
  const pattern = new Set((picture.pattern ?? []).map((m) => key(m.cell, m.digit)));
  const removed = new Set((picture.removed ?? []).map((m) => key(m.cell, m.digit)));
  const placed = new Set((picture.placements ?? []).map((m) => m.cell));
  // Each pencil mark is a digit in a ninth of a cell: reuse the digit writer on a 27 x 27 grid.
  for (const kind of ['plain', 'pattern', 'removed'] as const) {
    const ops: { col: number; row: number; digit: number }[] = [];
    for (let c = 0; c < 81; c++) {
      const mask = picture.candidates![c]!;
      if (mask === 0 || placed.has(c)) continue;
      for (let d = 1; d <= 9; d++) {
        if ((mask & (1 << (d - 1))) === 0) continue;
        const k = key(c, d);
        // What the step removes is struck out even where it is also part of the pattern.
        const which = removed.has(k) ? 'removed' : pattern.has(k) ? 'pattern' : 'plain';
        if (which !== kind) continue;
        ops.push({ col: (c % 9) * 3 + ((d - 1) % 3), row: Math.floor(c / 9) * 3 + Math.floor((d - 1) / 3), digit: d });
      }
    }
    if (ops.length === 0) continue;
    // Draw in strips of 9 columns of the 27 x 27 sub-grid: each a 9 x 9 "grid" of sub-cells.
    for (let bandX = 0; bandX < 3; bandX++) {
      for (let bandY = 0; bandY < 3; bandY++) {
        const values = new Uint8Array(81);
        let any = false;
        for (const o of ops) {
          if (Math.floor(o.col / 9) !== bandX || Math.floor(o.row / 9) !== bandY) continue;
          values[(o.row % 9) * 9 + (o.col % 9)] = o.digit;
          any = true;
        }
        if (!any) continue;
        const rect: Rect = { x: grid.x + bandX * 9 * sub, y: grid.y + bandY * 9 * sub, width: 9 * sub, height: 9 * sub };
        const font = kind === 'pattern' ? style.boldFont : style.digitFont;
        const gray = kind === 'plain' ? 0.35 : kind === 'removed' ? 0.45 : 0;
        drawDigits(doc, rect, { values, style: () => ({ font, gray }), scale: 0.78 }, style.sheetHeight);
      }
    }
    if (kind === 'pattern') {
      for (const o of ops) doc.circle(grid.x + (o.col + 0.5) * sub, grid.y + (o.row + 0.5) * sub, sub * 0.5);
      doc.lineWidth(0.75).stroke();
    }
    if (kind === 'removed') {
      for (const o of ops) {
        const x = grid.x + o.col * sub;
        const y = grid.y + o.row * sub;
        doc.moveTo(x + sub * 0.1, y + sub * 0.9).lineTo(x + sub * 0.9, y + sub * 0.1);
      }
      doc.lineWidth(1).stroke();
    }
  }
}

/** A number for a content stream: at most 3 decimals, no exponent. */
export function pdfNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
