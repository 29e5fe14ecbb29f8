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
    for (const name of templateNames().filter((n) => !n.startsWith('large-print') && !n.startsWith('children'))) expect(loadTemplate(name).givens, name).toBe('regular');
  });
});

describe('fillers', () => {
  const sections = (counts: number[]) => counts.map((count, i) => ({ level: ['easy', 'medium', 'hard', 'expert', 'extreme'][i]!, count }));
  const dividers = (pages: { content: PageContent }[]): number => pages.filter((p) => p.content.kind === 'divider' || p.content.kind === 'solutions-divider').length;

  test('the default 6 x 9 book (4 sections of 20): a divider for each section and the solutions, and no "Notes" page', () => {
    const plan = planBook(loadTemplate('kdp-6x9-2up'), { title: 'T', sections: sections([20, 20, 20, 20]) });
    // Issue 24 had cut the fillers from 6 to 1 by dropping the dividers (headings instead); now a
    // divider on a left-hand page faces the section's first grids: 5 dividers, 0 fillers, 64 pages (was 60).
    expect(fillers(plan.pages)).toBe(0);
    expect(dividers(plan.pages)).toBe(5);
    expect(plan.pageCount).toBe(64);
    for (const s of plan.sections) expect(s.page % 2).toBe(1);
  });

  test.each([
    [[15, 15, 15, 15]],
    [[20, 20, 20, 20]],
    [[10, 30, 7, 12, 41]],
  ])('sections %j: "auto" keeps a divider for every section and needs no filler but at the very end', (counts) => {
    for (const name of ['kdp-6x9-2up', 'large-print-8.5x11-1up']) {
      const auto = planBook(loadTemplate(name), { title: 'T', sections: sections(counts) });
      const always = planBook({ ...loadTemplate(name), sectionStart: 'divider' }, { title: 'T', sections: sections(counts) });
      expect(fillers(auto.pages.slice(0, -1)), name).toBe(0);
      expect(fillers(auto.pages), name).toBeLessThanOrEqual(fillers(always.pages));
      expect(dividers(auto.pages), name).toBe(counts.length + 1);
      // A section opens on its divider (a right-hand page) or on its first grids with the divider facing them.
      for (const [i, s] of auto.sections.entries()) {
        expect(s.page % 2).toBe(1);
        const first = auto.pages[s.page - 1]!.content;
        if (first.kind === 'puzzles') {
          expect(first.section === i && !first.heading).toBe(true);
          expect(auto.pages[s.page - 2]!.content).toEqual({ kind: 'divider', section: i });
        } else expect(first).toEqual({ kind: 'divider', section: i });
      }
    }
  });

  test('with a primer and hints (fixed lengths) the 6 x 9 book needs fewer fillers than with a divider per section', () => {
    const spec = { title: 'T', sections: sections([15, 15, 15, 15]), primerPages: 7, hintPages: 3 };
    const auto = planBook(loadTemplate('kdp-6x9-2up'), spec);
    const always = planBook({ ...loadTemplate('kdp-6x9-2up'), sectionStart: 'divider' }, spec);
    // Measured: 8 fillers in 66 pages with a divider per section on the right, 2 in 60 with "auto"
    // (before the primer and the hints, which open on the right), every divider kept.
    expect(fillers(always.pages)).toBe(8);
    expect(fillers(auto.pages)).toBe(2);
    expect(dividers(auto.pages)).toBe(dividers(always.pages));
  });
});
