/**
 * The book's puzzle and solution grids: lines, and the digits as one text object per grid written
 * straight into the content stream (thousands of grids per book; DeviceGray only). Pictures of a
 * board with pencil marks and a step (How to play, the primer) come from the one board drawing,
 * src/draw, painted by board-pdf.ts.
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

/** A number for a content stream: at most 3 decimals, no exponent. */
export function pdfNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
