/**
 * Issue 24 part 6, read back from the PDFs: the large-print grid centred on the page's height with
 * bold givens, and fewer "Notes" fillers in the 6 x 9 book (sections opened with a heading where a
 * divider page would cost a filler).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { writeBookFile, type BookResult } from '../src/render/book.js';
import { planBook, type PageContent } from '../src/render/layout.js';
import { puzzlesFromFile, type FileBook } from '../src/render/sources.js';
import { loadTemplate, templateNames } from '../src/render/template.js';
import { readInk, type InkPage } from './helpers/pdf-ink.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sp-book-layout-'));
let fileBook: FileBook;
let large: { result: BookResult; ink: InkPage[] };

beforeAll(async () => {
  fileBook = await puzzlesFromFile(FIXTURE);
  const result = await writeBookFile({
    template: loadTemplate('large-print-8.5x11-1up'),
    title: 'Large',
    sections: fileBook.sections,
    puzzles: fileBook.puzzles,
    output: join(dir, 'large.pdf'),
    subject: 'large',
  });
  large = { result, ink: await readInk(result.path) };
}, 60_000);

const fillers = (pages: { content: PageContent }[]): number => pages.filter((p) => p.content.kind === 'filler').length;

describe('large print', () => {
  test('each grid square is centred on the page\'s height (within 1 pt), with or without a section heading above it', () => {
    let checked = 0;
    for (const planned of large.result.plan.pages) {
      if (planned.content.kind !== 'puzzles') continue;
      const page = large.ink[planned.number - 1]!;
      // The grid's border: the widest stroked path on the page.
      const border = page.boxes.filter((b) => b.kind === 'path' && b.what === 'stroke').sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))[0]!;
      const above = page.height - border.y1;
      const below = border.y0;
      if (planned.content.heading) {
        // The heading takes room above: the grid is as high as that allows, never lower than centred.
        expect(below, `page ${planned.number}`).toBeLessThanOrEqual(above + 1);
      } else {
        // Before: 138 pt above the grid, 116 pt below.
        expect(Math.abs(above - below), `page ${planned.number}: ${above.toFixed(1)} above, ${below.toFixed(1)} below`).toBeLessThan(1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  test('givens are bold on puzzle pages (DejaVu Sans Bold, no regular digits)', () => {
    const page = large.result.plan.pages.find((p) => p.content.kind === 'puzzles')!;
    const fonts = large.ink[page.number - 1]!.fonts.map((f) => f.name);
    expect(fonts.some((f) => /DejaVuSans-Bold/.test(f))).toBe(true);
    expect(fonts.some((f) => /DejaVuSans$/.test(f))).toBe(false);
  });

  test('other templates keep regular givens', () => {
    for (const name of templateNames().filter((n) => !n.startsWith('large-print'))) expect(loadTemplate(name).givens, name).toBe('regular');
  });
});

describe('fillers', () => {
  const sections = (counts: number[]) => counts.map((count, i) => ({ level: ['easy', 'medium', 'hard', 'expert', 'extreme'][i]!, count }));

  test('the default 6 x 9 book (4 sections of 20): 1 "Notes" page, not 6; every section still opens on a right-hand page', () => {
    const plan = planBook(loadTemplate('kdp-6x9-2up'), { title: 'T', sections: sections([20, 20, 20, 20]) });
    // Before: 70 pages with 6 fillers (a divider and 10 pages of grids: 11, odd, per section).
    expect(fillers(plan.pages)).toBe(1);
    expect(plan.pageCount).toBe(60);
    for (const s of plan.sections) expect(s.page % 2).toBe(1);
  });

  test.each([
    [[15, 15, 15, 15]],
    [[20, 20, 20, 20]],
    [[10, 30, 7, 12, 41]],
  ])('sections %j: "auto" needs no filler between sections, only after the front matter and at the end', (counts) => {
    for (const name of ['kdp-6x9-2up', 'large-print-8.5x11-1up']) {
      const auto = planBook(loadTemplate(name), { title: 'T', sections: sections(counts) });
      const always = planBook({ ...loadTemplate(name), sectionStart: 'divider' }, { title: 'T', sections: sections(counts) });
      expect(fillers(auto.pages), name).toBeLessThanOrEqual(2);
      expect(fillers(auto.pages), name).toBeLessThanOrEqual(fillers(always.pages));
      // Where a divider costs nothing it stays; a section without one opens with its heading.
      for (const [i, s] of auto.sections.entries()) {
        const first = auto.pages[s.page - 1]!.content;
        if (first.kind === 'puzzles') expect(first.heading && first.section === i).toBe(true);
        else expect(first.kind).toBe('divider');
      }
    }
  });

  test('with a primer and hints (fixed lengths) the 6 x 9 book needs fewer fillers than with a divider per section', () => {
    const spec = { title: 'T', sections: sections([15, 15, 15, 15]), primerPages: 7, hintPages: 3 };
    const auto = planBook(loadTemplate('kdp-6x9-2up'), spec);
    const always = planBook({ ...loadTemplate('kdp-6x9-2up'), sectionStart: 'divider' }, spec);
    // Measured: 8 fillers in 66 pages with a divider per section, 3 in 56 with "auto".
    expect(fillers(always.pages)).toBe(8);
    expect(fillers(auto.pages)).toBe(3);
  });
});
