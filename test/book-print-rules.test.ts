/**
 * Print rules read back from the PDFs (pdfjs-dist), on books with every page type (front matter,
 * fillers, primer, dividers or headings, puzzles, hints, solutions) of every template: a 0.25 in clear
 * zone above each folio, all ink inside the safe area (0.25 in from the trim, 0.375 in on bleed edges),
 * sections opening on right-hand pages, fonts embedded, the same bytes for the same input; and the
 * cover: its size against KDP's formula, nothing but the background in the bleed or the spine margins.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { teach } from '../src/book/primer.js';
import { writeBookFile, type BookResult } from '../src/render/book.js';
import { COVER_RULES, coverGeometry, writeCoverFile } from '../src/render/cover.js';
import { FOLIO_CLEARANCE, hasFolio, pageFrame, type PageContent } from '../src/render/layout.js';
import { puzzlesFromFile, type FileBook } from '../src/render/sources.js';
import { DEFAULT_TEXTS, DEFAULT_FRONT_MATTER } from '../src/book/texts.js';
import { loadTemplate, templateNames, PAPER_THICKNESS, SAFE_MARGIN } from '../src/render/template.js';
import { contentStreams, readInk, type InkBox, type InkPage } from './helpers/pdf-ink.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;
const TEMPLATES = templateNames();
const dir = mkdtempSync(join(tmpdir(), 'sp-print-'));
let fileBook: FileBook;
const books = new Map<string, { result: BookResult; ink: InkPage[]; bytes: Buffer }>();

async function make(name: string, output: string): Promise<BookResult> {
  return writeBookFile({
    template: loadTemplate(name),
    title: 'Rules Book',
    subtitle: 'every page type',
    front: { author: 'A. Setter', publisher: 'Grid Press', year: '2025', edition: 'First edition', isbn: '978-0-306-40615-7' },
    sections: fileBook.sections,
    puzzles: fileBook.puzzles,
    teaching: teach(fileBook.puzzles),
    output,
    subject: `rules ${name}`,
  });
}

beforeAll(async () => {
  fileBook = await puzzlesFromFile(FIXTURE);
  for (const name of TEMPLATES) {
    const result = await make(name, join(dir, `${name}.pdf`));
    books.set(name, { result, ink: await readInk(result.path), bytes: readFileSync(result.path) });
  }
}, 120_000);

const overlaps = (a: InkBox, b: { x0: number; y0: number; x1: number; y1: number }): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

describe.each(TEMPLATES)('%s', (name) => {
  test('the book has every page type, an even page count, and sections, primer, hints and solutions open on the right', () => {
    const { result } = books.get(name)!;
    const { plan } = result;
    const kinds = new Set(plan.pages.map((p) => p.content.kind));
    for (const kind of ['title', 'copyright', 'toc', 'how-to-play', 'levels', 'primer', 'puzzles', 'hints', 'solutions'] as PageContent['kind'][]) expect(kinds).toContain(kind);
    expect(plan.pageCount % 2).toBe(0);
    const openings = [...plan.sections.map((s) => s.page), plan.primerPage!, plan.hintsPage!, plan.solutionsPage!];
    for (const page of openings) expect(page % 2, `page ${page}`).toBe(1);
    // And in the PDF: each section's title is on its opening page.
    const { ink } = books.get(name)!;
    for (const s of plan.sections) {
      const text = ink[s.page - 1]!.boxes.filter((b) => b.kind === 'text').map((b) => b.what.replace(/\s/g, '')).join(' ');
      expect(text.toLowerCase()).toContain(s.title.toLowerCase());
    }
  });

  test('a 0.25 in clear zone between the folio and any grid, text or picture, on every page', () => {
    const { result, ink } = books.get(name)!;
    const t = result.plan.template;
    let checked = 0;
    for (const planned of result.plan.pages) {
      if (!hasFolio(planned.content)) continue;
      const page = ink[planned.number - 1]!;
      const frame = pageFrame(result.plan, planned.number);
      const folioBaseline = page.height - frame.folioBaseline;
      const folio = page.boxes.find((b) => b.kind === 'text' && b.what === String(planned.number) && Math.abs(b.y0 + 0.25 * t.fonts.footer - folioBaseline) < 1);
      expect(folio, `page ${planned.number} (${planned.content.kind}) has its folio`).toBeDefined();
      const folioTop = folioBaseline + 0.75 * t.fonts.footer;
      for (const box of page.boxes) {
        // The folio line itself: the folio and a running head set on it.
        if (box.kind === 'text' && Math.abs(box.y0 - folio!.y0) < 2) continue;
        expect(box.y0 - folioTop, `page ${planned.number} (${planned.content.kind}): ${box.kind} '${box.what}' at ${box.y0.toFixed(1)}`).toBeGreaterThanOrEqual(FOLIO_CLEARANCE - 0.5);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  test('all ink at least 0.25 in inside the trim (0.375 in on the bleed edges)', () => {
    const { result, ink } = books.get(name)!;
    const t = result.plan.template;
    for (const planned of result.plan.pages) {
      const page = ink[planned.number - 1]!;
      const frame = pageFrame(result.plan, planned.number);
      const trim = { x0: frame.trim.x, x1: frame.trim.x + frame.trim.width, y0: page.height - frame.trim.y - frame.trim.height, y1: page.height - frame.trim.y };
      const bleedEdge = t.bleed > 0 ? SAFE_MARGIN.bleed : SAFE_MARGIN.plain;
      const inside = SAFE_MARGIN.plain;
      const left = frame.recto ? inside : bleedEdge;
      const right = frame.recto ? bleedEdge : inside;
      for (const box of page.boxes) {
        const where = `page ${planned.number} (${planned.content.kind}) ${box.kind} '${box.what}'`;
        expect(box.x0 - trim.x0, where).toBeGreaterThanOrEqual(left - 0.5);
        expect(trim.x1 - box.x1, where).toBeGreaterThanOrEqual(right - 0.5);
        expect(box.y0 - trim.y0, where).toBeGreaterThanOrEqual(bleedEdge - 0.5);
        expect(trim.y1 - box.y1, where).toBeGreaterThanOrEqual(bleedEdge - 0.5);
      }
    }
  });

  test('fonts embedded on every page; grey only (the primer pictures too); the same input gives the same bytes', async () => {
    const { ink, bytes } = books.get(name)!;
    for (const page of ink) for (const font of page.fonts) expect(font.embedded, font.name).toBe(true);
    const streams = contentStreams(bytes).join('\n');
    expect(streams).toMatch(/\b0\.9\d* g\b/); // the pictures' shading, as DeviceGray
    expect(streams).not.toMatch(/\b(rg|RG|k|K|sc|SC|scn|SCN|cs|CS)\n/);
    const again = await make(name, join(dir, `${name}-again.pdf`));
    expect(readFileSync(again.path).equals(bytes)).toBe(true);
  });
});

test('the primer has a page per topic the puzzles need, each example from a puzzle that needs it', () => {
  const teaching = teach(fileBook.puzzles);
  expect(teaching.primer.length).toBeGreaterThan(2);
  for (const entry of teaching.primer) {
    expect(entry.puzzles).toContain(entry.puzzle);
    expect(entry.topic.techniques).toContain(entry.step.technique);
  }
  const hard = fileBook.puzzles.filter((p) => !['beginner', 'easy'].includes(p.level)).map((p) => p.number);
  expect(teaching.hints.map((h) => h.puzzle)).toEqual(hard);
});

describe('cover', () => {
  test.each([
    [24, 'white'],
    [212, 'cream'],
    [500, 'color'],
  ] as const)('%i pages on %s paper: size from KDP\'s formula', (pages, paper) => {
    for (const name of TEMPLATES) {
      const t = loadTemplate(name);
      const g = coverGeometry(t, pages, paper);
      const spine = pages * PAPER_THICKNESS[paper];
      expect(g.spine / 72).toBeCloseTo(spine, 6);
      expect(g.width / 72).toBeCloseTo(0.125 + t.page.width / 72 + spine + t.page.width / 72 + 0.125, 6);
      expect(g.height / 72).toBeCloseTo(t.page.height / 72 + 0.25, 6);
      expect(g.spineText === null).toBe(pages <= 79);
    }
  });

  test.each([
    ['kdp-6x9-2up', 212],
    ['letter-4up', 60],
    ['large-print-8.5x11-1up', 400],
  ] as const)('%s, %i pages: only the background in the bleed, the spine margins and the barcode area', async (name, pages) => {
    const template = loadTemplate(name);
    const output = join(dir, `${name}-cover.pdf`);
    const cover = await writeCoverFile({
      template,
      front: { ...DEFAULT_FRONT_MATTER, title: 'A Rather Long Title for a Puzzle Book', subtitle: 'easy to expert', author: 'A. Setter', publisher: 'Grid Press', year: '2025' },
      texts: DEFAULT_TEXTS,
      paper: template.paper,
      pages,
      art: fileBook.puzzles[0],
      levels: ['easy', 'medium', 'hard'],
      puzzleCount: 14,
      output,
      force: true,
    });
    const [page] = await readInk(output);
    expect(page!.width).toBeCloseTo(cover.width, 2);
    expect(page!.height).toBeCloseTo(cover.height, 2);
    const flip = (r: { x: number; y: number; width: number; height: number }) => ({ x0: r.x, x1: r.x + r.width, y0: cover.height - r.y - r.height, y1: cover.height - r.y });
    const back = flip(cover.backSafe);
    const front = flip(cover.frontSafe);
    const spine = cover.spineText ? flip(cover.spineText) : null;
    const barcode = flip(cover.barcode);
    const within = (b: InkBox, r: { x0: number; y0: number; x1: number; y1: number }): boolean => b.x0 >= r.x0 - 0.5 && b.x1 <= r.x1 + 0.5 && b.y0 >= r.y0 - 0.5 && b.y1 <= r.y1 + 0.5;
    const background = page!.boxes.filter((b) => b.kind === 'path' && b.x0 <= 0.01 && b.y0 <= 0.01 && b.x1 >= cover.width - 0.01);
    expect(background).toHaveLength(1);
    const ink = page!.boxes.filter((b) => !background.includes(b));
    expect(ink.some((b) => b.kind === 'text' && within(b, front))).toBe(true);
    expect(ink.some((b) => b.kind === 'text' && within(b, back))).toBe(true);
    expect(ink.some((b) => b.kind === 'path' && within(b, front))).toBe(true); // the puzzle
    for (const box of ink) {
      const ok = within(box, back) || within(box, front) || (spine !== null && within(box, spine));
      expect(ok, `${box.kind} '${box.what}' at ${box.x0.toFixed(1)},${box.y0.toFixed(1)}-${box.x1.toFixed(1)},${box.y1.toFixed(1)}`).toBe(true);
      expect(overlaps(box, barcode), `${box.what} in the barcode area`).toBe(false);
    }
    const spineInk = ink.filter((b) => spine !== null && within(b, spine));
    expect(spineInk.length > 0).toBe(pages > 79);
    expect(cover.barcode.width).toBe(COVER_RULES.barcode.width);
    // Same input, same bytes.
    const again = await writeCoverFile({ template, front: { ...DEFAULT_FRONT_MATTER, title: 'A Rather Long Title for a Puzzle Book', subtitle: 'easy to expert', author: 'A. Setter', publisher: 'Grid Press', year: '2025' }, texts: DEFAULT_TEXTS, paper: template.paper, pages, art: fileBook.puzzles[0], levels: ['easy', 'medium', 'hard'], puzzleCount: 14, output: join(dir, `${name}-cover-again.pdf`) });
    expect(readFileSync(again.path).equals(readFileSync(output))).toBe(true);
  });
});
