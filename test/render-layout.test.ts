import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arrangeSlots, centreGlyph, gutterFor, pageFrame, planBook, type BookPlan, type Rect } from '../src/render/layout.js';
import { TemplateError, loadTemplate, templateNames, type BookTemplate } from '../src/render/template.js';

const TEMPLATES = templateNames().map((name) => loadTemplate(name));

function inside(inner: Rect, outer: Rect): boolean {
  const e = 1e-6;
  return inner.x >= outer.x - e && inner.y >= outer.y - e && inner.x + inner.width <= outer.x + outer.width + e && inner.y + inner.height <= outer.y + outer.height + e;
}

function overlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Pages as a book sets them: front matter, then each section and the solutions from a right-hand
 * page, an even total. "auto": a divider for each, on whichever side comes next (no filler).
 */
function expectedPages(t: BookTemplate, counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  let pages = 2 + (t.toc ? 1 : 0) + 2; // title, copyright, contents, how to play, the levels
  const open = (): void => {
    if (t.sectionStart === 'auto') pages++;
    else {
      if (pages % 2 === 1) pages++;
      if (t.sectionStart === 'divider') pages++;
    }
  };
  for (const c of counts) {
    open();
    pages += Math.ceil(c / t.puzzlesPerPage);
  }
  if (t.solutions) {
    open();
    pages += Math.ceil(total / t.solutionsPerPage);
  }
  return pages + (pages % 2);
}

/** Every puzzle number on puzzle pages, and on solution pages, in page order. */
function numbersOn(plan: BookPlan, kind: 'puzzles' | 'solutions'): number[] {
  const numbers: number[] = [];
  for (const page of plan.pages) {
    const c = page.content;
    if (c.kind === kind) for (let i = 0; i < c.count; i++) numbers.push(c.first + i);
  }
  return numbers;
}

describe('planBook', () => {
  test.each(TEMPLATES.map((t) => [t.name, t] as const))('%s: pages, numbering, and grids inside the margins', (_, template) => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 5 }), (counts) => {
        const levels = ['easy', 'medium', 'hard', 'expert', 'extreme'];
        const plan = planBook(template, { title: 'T', sections: counts.map((count, i) => ({ level: levels[i]!, count })) });
        const total = counts.reduce((a, b) => a + b, 0);
        expect(plan.pageCount).toBe(expectedPages(template, counts));
        expect(plan.pages.map((p) => p.number)).toEqual(Array.from({ length: plan.pageCount }, (_, i) => i + 1));
        const all = Array.from({ length: total }, (_, i) => i + 1);
        expect(numbersOn(plan, 'puzzles')).toEqual(all);
        expect(numbersOn(plan, 'solutions')).toEqual(template.solutions ? all : []);
        expect(plan.sections.map((s) => s.last - s.first + 1)).toEqual(counts);
        expect(plan.pageCount % 2).toBe(0);
        for (const s of plan.sections) {
          expect(s.page % 2, `${s.title} opens on a right-hand page`).toBe(1);
          const opening = plan.pages[s.page - 1]!.content;
          expect(opening.kind === 'divider' || (opening.kind === 'puzzles' && opening.first === s.first)).toBe(true);
          // A section opening on its first grids has its divider facing it ("auto"), or its heading.
          if (opening.kind === 'puzzles' && template.sectionStart === 'auto') expect(plan.pages[s.page - 2]!.content.kind).toBe('divider');
          if (s.page > 1) expect(['filler', 'puzzles', 'solutions', 'levels', 'how-to-play', 'toc', 'copyright', 'divider']).toContain(plan.pages[s.page - 2]!.content.kind);
        }
        if (plan.solutionsPage !== null) expect(plan.solutionsPage % 2).toBe(1);
        for (const number of [1, 2, Math.min(3, plan.pageCount), plan.pageCount]) {
          const frame = pageFrame(plan, number);
          expect(inside(frame.body, frame.content)).toBe(true);
          expect(inside(frame.content, frame.trim)).toBe(true);
          for (const slots of [plan.puzzleSlots, plan.solutionSlots, plan.openingPuzzleSlots, plan.openingSolutionSlots]) {
            slots.grids.forEach((grid, i) => {
              const placed = { ...grid, x: grid.x + frame.body.x, y: grid.y + frame.body.y };
              const withLabel = { ...placed, y: placed.y - slots.labelHeight, height: placed.height + slots.labelHeight };
              expect(inside(withLabel, frame.body)).toBe(true);
              slots.grids.slice(i + 1).forEach((other) => expect(overlap(grid, other)).toBe(false));
            });
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  test('mirrored margins: the inside margin is on the left of odd pages, the right of even ones', () => {
    const t = loadTemplate('letter-4up');
    const plan = planBook(t, { title: 'T', sections: [{ level: 'easy', count: 8 }] });
    const recto = pageFrame(plan, 3);
    const verso = pageFrame(plan, 4);
    expect(recto.recto).toBe(true);
    expect(recto.content.x).toBeCloseTo(plan.inside);
    expect(612 - recto.content.x - recto.content.width).toBeCloseTo(t.margins.outside);
    expect(verso.content.x).toBeCloseTo(t.margins.outside);
    expect(612 - verso.content.x - verso.content.width).toBeCloseTo(plan.inside);
  });

  test('bleed: the sheet grows by the bleed on the outside edge, top and bottom', () => {
    const t = loadTemplate('kdp-6x9-2up');
    const plan = planBook(t, { title: 'T', sections: [{ level: 'easy', count: 4 }] });
    const recto = pageFrame(plan, 1);
    const verso = pageFrame(plan, 2);
    expect(recto.media).toEqual({ width: 441, height: 666 });
    expect(recto.trim).toEqual({ x: 0, y: 9, width: 432, height: 648 });
    expect(verso.trim).toEqual({ x: 9, y: 9, width: 432, height: 648 });
  });

  test('the gutter grows with the page count, and a book past the table is refused', () => {
    const t = loadTemplate('kdp-6x9-2up');
    expect([24, 150, 151, 300, 301, 500, 700, 828].map((n) => gutterFor(t, n) / 72)).toEqual([0.375, 0.375, 0.5, 0.5, 0.625, 0.625, 0.75, 0.875]);
    expect(() => gutterFor(t, 829)).toThrow(TemplateError);
    expect(() => gutterFor(t, 829)).toThrow('margins.insideByPageCount: the book has 829 pages');
    const small = planBook(t, { title: 'T', sections: [{ level: 'easy', count: 10 }] });
    const big = planBook(t, { title: 'T', sections: [{ level: 'easy', count: 600 }] });
    expect(big.inside).toBeGreaterThan(small.inside);
  });

  test('too many solution grids for the page is an error naming solutionsPerPage', () => {
    const t = { ...loadTemplate('kdp-6x9-2up'), solutionsPerPage: 24 };
    expect(() => planBook(t, { title: 'T', sections: [{ level: 'easy', count: 4 }] })).toThrow(/solutionsPerPage: 24 grids per page leave cells of/);
  });

  test('sections must hold puzzles', () => {
    const t = loadTemplate('letter-4up');
    expect(() => planBook(t, { title: 'T', sections: [] })).toThrow(RangeError);
    expect(() => planBook(t, { title: 'T', sections: [{ level: 'easy', count: 0 }] })).toThrow(RangeError);
  });
});

describe('arrangeSlots', () => {
  test.each([
    [1, 1, 1],
    [2, 1, 2],
    [4, 2, 2],
    [6, 2, 3],
    [12, 3, 4],
  ])('%i grids on a portrait page: %i columns x %i rows', (n, cols, rows) => {
    const slots = arrangeSlots(n, { width: 540, height: 680 }, 18, 24);
    expect([slots.cols, slots.rows]).toEqual([cols, rows]);
    expect(slots.grids).toHaveLength(n);
  });
});

describe('centreGlyph', () => {
  test('puts the ink centre of the glyph on the cell centre', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.double({ min: 0, max: 500, noNaN: true }), y: fc.double({ min: 0, max: 500, noNaN: true }), side: fc.double({ min: 5, max: 80, noNaN: true }) }),
        fc.integer({ min: -50, max: 100 }),
        fc.integer({ min: 200, max: 700 }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: 600, max: 750 }),
        ({ x, y, side }, minX, width, minY, height) => {
          const cell = { x, y, width: side, height: side };
          const size = side * 0.6;
          const box = { minX, maxX: minX + width, minY, maxY: minY + height };
          const at = centreGlyph(cell, size, box);
          const k = size / 1000;
          const inkLeft = at.x + box.minX * k;
          const inkRight = at.x + box.maxX * k;
          const inkTop = at.baseline - box.maxY * k; // y grows downwards on the page
          const inkBottom = at.baseline - box.minY * k;
          expect((inkLeft + inkRight) / 2).toBeCloseTo(x + side / 2, 6);
          expect((inkTop + inkBottom) / 2).toBeCloseTo(y + side / 2, 6);
        },
      ),
    );
  });
});
