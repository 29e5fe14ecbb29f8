/**
 * Books read back with pdfjs-dist: the givens of every puzzle on its page in reading order, every
 * solution on the solution pages (givens bold), page count and size, embedded fonts, line widths,
 * grey levels only, and the same bytes from the same input.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatGrid, type Grid } from '../src/core/grid.js';
import { writeBookFile, type BookResult } from '../src/render/book.js';
import { hasFolio, pageFrame, slotsFor, type BookPlan, type Rect } from '../src/render/layout.js';
import type { BookPuzzle } from '../src/render/pdf-writer.js';
import { puzzlesFromFile, type FileBook } from '../src/render/sources.js';
import { LINE_LIMITS, loadTemplate } from '../src/render/template.js';
import { contentStreams } from './helpers/pdf-ink.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;
const TEMPLATES = ['letter-4up', 'a4-6up', 'large-print-8.5x11-1up', 'kdp-6x9-2up'];

interface PdfTextItem {
  str: string;
  /** Text origin in PDF space (y up from the bottom of the sheet). */
  x: number;
  y: number;
  width: number;
  fontName: string;
}

interface PdfPage {
  width: number;
  height: number;
  items: PdfTextItem[];
  /** pdfjs font id -> the font's name and whether its file is embedded. */
  fonts: Map<string, { name: string; embedded: boolean }>;
  lineWidths: number[];
}

async function readPdf(path: string): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const items: PdfTextItem[] = [];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str === '') continue;
      items.push({ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, fontName: item.fontName });
    }
    const ops = await page.getOperatorList();
    const fonts = new Map<string, { name: string; embedded: boolean }>();
    const lineWidths: number[] = [];
    // Line widths as printed: scaled by the transforms in force (pictures are drawn scaled).
    let scale = 1;
    const scales: number[] = [];
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[];
      if (fn === OPS.save) scales.push(scale);
      else if (fn === OPS.restore) scale = scales.pop() ?? 1;
      else if (fn === OPS.transform) scale *= Math.hypot(args[0] as number, args[1] as number);
      if (fn === OPS.setFont) {
        const font = page.commonObjs.get(args[0] as string) as { name: string; missingFile: boolean };
        fonts.set(args[0] as string, { name: font.name, embedded: !font.missingFile });
      } else if (fn === OPS.setLineWidth) {
        lineWidths.push(Math.round((args[0] as number) * scale * 1000) / 1000);
      }
    });
    pages.push({ width: x1 - x0, height: y1 - y0, items, fonts, lineWidths });
  }
  await doc.destroy();
  return pages;
}

/** The digits drawn inside `grid` (page coordinates, y down), as a grid, and in reading order. */
function digitsIn(page: PdfPage, grid: Rect): { cells: Grid; order: string; fonts: string[] } {
  const cells = new Uint8Array(81);
  const fonts: string[] = Array.from({ length: 81 }, () => '');
  const cell = grid.width / 9;
  const found = page.items
    .filter((item) => /^[1-9]$/.test(item.str))
    .map((item) => ({ ...item, cx: item.x + item.width / 2, top: page.height - item.y }))
    .filter((item) => item.cx > grid.x && item.cx < grid.x + grid.width && item.top > grid.y && item.top < grid.y + grid.height);
  for (const item of found) {
    const index = Math.floor((item.top - grid.y) / cell) * 9 + Math.floor((item.cx - grid.x) / cell);
    expect(cells[index], `two digits in one cell at ${index}`).toBe(0);
    cells[index] = Number(item.str);
    fonts[index] = item.fontName;
  }
  const order = [...found].sort((a, b) => (Math.abs(a.y - b.y) > cell / 2 ? b.y - a.y : a.x - b.x)).map((item) => item.str).join('');
  return { cells, order, fonts };
}

function givensInOrder(grid: Grid): string {
  return [...grid].filter((d) => d !== 0).join('');
}

function slotRect(plan: BookPlan, pageNumber: number, kind: 'puzzles' | 'solutions', i: number): Rect {
  const content = plan.pages[pageNumber - 1]!.content;
  const slot = (content.kind === kind ? slotsFor(plan, content) : kind === 'puzzles' ? plan.puzzleSlots : plan.solutionSlots).grids[i]!;
  const body = pageFrame(plan, pageNumber).body;
  return { x: body.x + slot.x, y: body.y + slot.y, width: slot.width, height: slot.height };
}

let fileBook: FileBook;
const dir = mkdtempSync(join(tmpdir(), 'sp-book-'));
const books = new Map<string, { result: BookResult; pages: PdfPage[]; bytes: Buffer }>();

async function make(template: string, output: string, title = 'Test Book'): Promise<BookResult> {
  return writeBookFile({
    template: loadTemplate(template),
    title,
    subtitle: 'Fourteen puzzles',
    sections: fileBook.sections,
    puzzles: fileBook.puzzles,
    output,
    subject: `test ${template}`,
  });
}

beforeAll(async () => {
  fileBook = await puzzlesFromFile(FIXTURE);
  for (const name of TEMPLATES) {
    const result = await make(name, join(dir, `${name}.pdf`));
    books.set(name, { result, pages: await readPdf(result.path), bytes: readFileSync(result.path) });
  }
});

describe('puzzles from a file', () => {
  test('are checked, solved, graded and grouped by level, easiest first', () => {
    expect(fileBook.puzzles).toHaveLength(14);
    expect(fileBook.skipped).toEqual([]);
    const order = ['beginner', 'easy', 'medium', 'hard', 'expert', 'extreme'];
    const levels = fileBook.puzzles.map((p) => order.indexOf(p.level));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(fileBook.sections.map((s) => s.level)).toEqual([...new Set(fileBook.puzzles.map((p) => p.level))]);
    fileBook.puzzles.forEach((p: BookPuzzle, i) => {
      expect(p.number).toBe(i + 1);
      for (let c = 0; c < 81; c++) if (p.grid[c] !== 0) expect(p.solution[c]).toBe(p.grid[c]);
    });
  });
});

describe.each(TEMPLATES)('%s', (name) => {
  test('page count and page size match the template', () => {
    const { result, pages } = books.get(name)!;
    const t = result.plan.template;
    expect(pages).toHaveLength(result.plan.pageCount);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(t.page.width + t.bleed, 2);
      expect(page.height).toBeCloseTo(t.page.height + 2 * t.bleed, 2);
    }
  });

  test('every puzzle is on its page: number, level, and the givens in reading order', () => {
    const { result, pages } = books.get(name)!;
    let seen = 0;
    for (const planned of result.plan.pages) {
      const content = planned.content;
      if (content.kind !== 'puzzles') continue;
      const page = pages[planned.number - 1]!;
      const text = page.items.map((item) => item.str).join(' ');
      for (let i = 0; i < content.count; i++) {
        const puzzle = fileBook.puzzles[content.first + i - 1]!;
        expect(text).toContain(`Puzzle ${puzzle.number}`);
        // The level once: in the running head (letter-spaced capitals) or the section's heading.
        expect(text.replace(/\s/g, '').toLowerCase()).toContain(puzzle.level);
        const drawn = digitsIn(page, slotRect(result.plan, planned.number, 'puzzles', i));
        expect(drawn.order).toBe(givensInOrder(puzzle.grid));
        expect(formatGrid(drawn.cells)).toBe(formatGrid(puzzle.grid));
        seen++;
      }
    }
    expect(seen).toBe(fileBook.puzzles.length);
  });

  test('every solution is on the solution pages, givens in bold', () => {
    const { result, pages } = books.get(name)!;
    let seen = 0;
    for (const planned of result.plan.pages) {
      const content = planned.content;
      if (content.kind !== 'solutions') continue;
      const page = pages[planned.number - 1]!;
      const bold = [...page.fonts].filter(([, f]) => f.name.includes('Bold')).map(([id]) => id);
      for (let i = 0; i < content.count; i++) {
        const puzzle = fileBook.puzzles[content.first + i - 1]!;
        expect(page.items.some((item) => item.str === String(puzzle.number))).toBe(true);
        const drawn = digitsIn(page, slotRect(result.plan, planned.number, 'solutions', i));
        expect(formatGrid(drawn.cells)).toBe(formatGrid(puzzle.solution));
        for (let c = 0; c < 81; c++) expect(bold.includes(drawn.fonts[c]!), `cell ${c} of solution ${puzzle.number}`).toBe(puzzle.grid[c] !== 0);
        seen++;
      }
    }
    expect(seen).toBe(fileBook.puzzles.length);
  });

  test('title, copyright, contents, how to play, the levels; page numbers where a book has them', () => {
    const { result, pages } = books.get(name)!;
    const textOf = (n: number): string => pages[n - 1]!.items.map((item) => item.str).join(' ');
    expect(textOf(1)).toContain('Test Book');
    expect(textOf(1)).not.toMatch(/sudoku-press|seed|template/i);
    expect(textOf(2)).toContain('All rights reserved');
    const contents = pages[2]!.items.map((item) => item.str);
    expect(contents).toContain('Contents');
    for (const s of result.plan.sections) expect(contents).toContain(s.title);
    expect(textOf(4)).toContain('How to play');
    expect(textOf(5)).toContain('About the levels');
    for (const planned of result.plan.pages) {
      const n = planned.number;
      const frame = pageFrame(result.plan, n);
      const page = pages[n - 1]!;
      const band = { top: frame.footer.y + frame.footer.height - result.plan.template.fonts.footer * 2, bottom: frame.trim.y + frame.trim.height };
      const numbers = page.items.filter((item) => page.height - item.y > band.top && page.height - item.y <= band.bottom && /^\d+$/.test(item.str));
      expect(numbers.map((item) => item.str), `page ${n} (${planned.content.kind})`).toEqual(hasFolio(planned.content) ? [String(n)] : []);
    }
  });

  test('every font is embedded: Charis SIL for text, DejaVu Sans for digits (no standard Helvetica); lines are 0.75pt or more, box lines 2-3pt', () => {
    const { result, pages, bytes } = books.get(name)!;
    for (const page of pages) {
      for (const font of page.fonts.values()) {
        expect(font.embedded).toBe(true);
        expect(font.name).toMatch(/CharisSIL|DejaVuSans/);
      }
      for (const width of page.lineWidths) expect(width).toBeGreaterThanOrEqual(LINE_LIMITS.thinMin);
    }
    const widths = new Set(pages.flatMap((p) => p.lineWidths));
    expect(widths).toContain(result.plan.template.lines.box);
    expect(result.plan.template.lines.box).toBeGreaterThanOrEqual(LINE_LIMITS.boxMin);
    const raw = bytes.toString('latin1');
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect((raw.match(/\/FontFile2/g) ?? []).length).toBe(5);
  });

  test('grayscale only: gray fill and stroke operators, no RGB or CMYK', () => {
    const { bytes, result } = books.get(name)!;
    const streams = contentStreams(bytes);
    expect(streams.length).toBeGreaterThanOrEqual(result.plan.pageCount);
    const all = streams.join('\n');
    expect(all).toMatch(/\b0\.45? g\b|\b0\.4 g\b/);
    expect(all).not.toMatch(/\b(rg|RG|k|K|sc|SC|scn|SCN|cs|CS)\n/);
  });

  test('the same input gives the same bytes; another title another document ID', async () => {
    const { bytes } = books.get(name)!;
    const again = await make(name, join(dir, `${name}-again.pdf`));
    expect(readFileSync(again.path).equals(bytes)).toBe(true);
    const other = await make(name, join(dir, `${name}-other.pdf`), 'Another Book');
    const id = (b: Buffer): string => /\/ID \[<([0-9a-f]+)>/.exec(b.toString('latin1'))![1]!;
    expect(id(readFileSync(other.path))).not.toBe(id(bytes));
  });
});

test('bleed: the kdp pages carry trim and bleed boxes, mirrored on even pages', () => {
  const raw = books.get('kdp-6x9-2up')!.bytes.toString('latin1');
  expect(raw).toContain('/TrimBox [0 9 432 657]');
  expect(raw).toContain('/TrimBox [9 9 441 657]');
  expect(raw).toContain('/BleedBox [0 0 441 666]');
  expect(books.get('letter-4up')!.bytes.toString('latin1')).not.toContain('/TrimBox');
});
