import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drawVariantBoard, drawVariantStep } from '../src/draw/index.js';
import { withDiagonals } from '../src/rules/index.js';
import { loadFontOutlines } from '../src/render/font-outlines.js';
import { launchBrowser } from './helpers/browser.js';
import { describeWithTool } from './helpers/system-tools.js';
import { DRAWN_VARIANTS, boxesOverlap, cellGeometry, pathSegments, segmentHitsBox, variantPuzzle, type Box, type Segment } from './helpers/variant-svg.js';

let browser: Browser;

interface Measured {
  sums: Box[];
  knockOuts: Box[];
  digits: Box[];
  /** Odd/even marks: the shape's box, its cell and kind. */
  parity: { box: Box; cell: number; kind: string; r: number }[];
  /** The cell of each digit, in the order of `digits`. */
  digitCells: number[];
  /** Pencil marks: the glyphs' box and cell. */
  candidates: { box: Box; cell: number }[];
  lines: Segment[];
}

/**
 * Renders the SVG in Chromium and reads back the boxes of what it painted: sums and digits (as
 * glyph outlines, so getBBox gives the ink, not the font's em box), the knock-outs, and every
 * straight line and path segment.
 */
async function measure(svg: string): Promise<Measured> {
  const page = await browser.newPage();
  try {
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    return await page.evaluate(() => {
      const box = (e: Element): { x0: number; y0: number; x1: number; y1: number } => {
        const b = (e as SVGGraphicsElement).getBBox();
        return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
      };
      const all = (selector: string) => [...document.querySelectorAll(selector)];
      const lines: [number, number, number, number][] = all('line').map((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))) as [number, number, number, number]);
      return {
        sums: all('.cage-sum').map(box),
        knockOuts: all('.cage-sum-box').map(box),
        digits: all('.given, .filled').map(box),
        digitCells: all('.given, .filled').map((e) => Number(e.getAttribute('data-cell'))),
        candidates: all('.candidate').map((e) => ({ box: box(e), cell: Number(e.getAttribute('data-cell')) })),
        parity: all('.parity').map((e) => ({ box: box(e), cell: Number(e.getAttribute('data-cell')), kind: e.getAttribute('data-parity') ?? '', r: Number(e.getAttribute('r') ?? 0) })),
        lines,
      };
    });
  } finally {
    await page.close();
  }
}

describeWithTool('chromium', 'variant boards in Chromium: sums, digits and pencil marks clear of each other and of every line', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each(DRAWN_VARIANTS)('%s: sums and digits', async (variant) => {
    const p = variantPuzzle(variant);
    const glyphs = loadFontOutlines();
    for (const size of [360, 600]) {
      const svg = drawVariantBoard({ rules: p.rules, givens: p.givens, values: p.solution }, { size, glyphs, theme: 'grey' });
      const m = await measure(svg);
      expect(m.digits).toHaveLength(p.rules.cellCount);
      expect(m.sums).toHaveLength(p.rules.cages.filter((c) => c.sum > 0).length);
      const segments = [...m.lines, ...pathSegments(svg, 'cage').flatMap((x) => x.segments), ...pathSegments(svg, 'diagonal').flatMap((x) => x.segments)];
      m.sums.forEach((sum, k) => {
        // The number on its knock-out, which no line crosses, clear of every digit.
        const knockOut = m.knockOuts[k]!;
        expect(sum.x0 >= knockOut.x0 && sum.x1 <= knockOut.x1 && sum.y0 >= knockOut.y0 && sum.y1 <= knockOut.y1, `sum ${k} inside its knock-out`).toBe(true);
        for (const s of segments) expect(segmentHitsBox(s, knockOut), `a line through sum ${k}`).toBe(false);
        for (const d of m.digits) expect(boxesOverlap(sum, d), `sum ${k} on a digit`).toBe(false);
        m.sums.forEach((other, j) => j !== k && expect(boxesOverlap(sum, other)).toBe(false));
      });
      // Digits: inside their cells' lines, and no cage line or diagonal through them.
      const marks = [...pathSegments(svg, 'cage').flatMap((x) => x.segments), ...pathSegments(svg, 'diagonal').flatMap((x) => x.segments)];
      for (const d of m.digits) {
        for (const s of [...m.lines, ...marks]) expect(segmentHitsBox(s, d), `a line through a digit at ${d.x0},${d.y0}`).toBe(false);
      }
      // Odd/even marks: one per marked cell, inside the cell's lines, and the cell's digit wholly on
      // its mark (the circle's corners of the digit's box within the radius).
      expect(m.parity).toHaveLength((p.rules.spec.odd?.length ?? 0) + (p.rules.spec.even?.length ?? 0));
      if (variant === 'oddeven') expect(m.parity.length).toBeGreaterThanOrEqual(8);
      for (const mark of m.parity) {
        expect(mark.kind).toBe(p.rules.parityOf[mark.cell] === 1 ? 'odd' : 'even');
        for (const s of m.lines) expect(segmentHitsBox(s, mark.box), `a grid line through the mark of cell ${mark.cell}`).toBe(false);
        const d = m.digits[m.digitCells.indexOf(mark.cell)]!;
        expect(d.x0 >= mark.box.x0 && d.x1 <= mark.box.x1 && d.y0 >= mark.box.y0 && d.y1 <= mark.box.y1, `the digit of cell ${mark.cell} on its mark`).toBe(true);
        if (mark.kind === 'odd') {
          const cx = (mark.box.x0 + mark.box.x1) / 2;
          const cy = (mark.box.y0 + mark.box.y1) / 2;
          for (const [x, y] of [[d.x0, d.y0], [d.x1, d.y0], [d.x0, d.y1], [d.x1, d.y1]] as const) expect(Math.hypot(x - cx, y - cy)).toBeLessThan(mark.r);
        }
      }
    }
  }, 60_000);

  // The fullest case: every digit in every empty cell (a killer's cells all empty, sums in corners).
  it.each(DRAWN_VARIANTS)('%s: pencil marks', async (variant) => {
    const p = variantPuzzle(variant);
    const glyphs = loadFontOutlines();
    const candidates = Array.from(p.givens, (digit) => (digit === 0 ? p.rules.allDigits : 0));
    const empty = candidates.filter((m) => m !== 0).length;
    // One size, the small one: where the lines' minimum widths and the marks crowd most.
    for (const size of [360]) {
      const svg = drawVariantBoard({ rules: p.rules, givens: p.givens, candidates }, { size, glyphs, theme: 'grey' });
      const m = await measure(svg);
      expect(m.candidates).toHaveLength(empty * p.rules.size);
      const { c, left, top } = cellGeometry(p.rules, size);
      const cages = pathSegments(svg, 'cage').flatMap((x) => x.segments);
      const segments = [...m.lines, ...cages, ...pathSegments(svg, 'diagonal').flatMap((x) => x.segments)];
      const blocked = [...m.sums, ...m.knockOuts, ...m.digits];
      // Checked in plain code, the failures collected (a Samurai has some 1,800 marks and 1,000 lines).
      const wrong: string[] = [];
      const byCell = new Map<number, Box[]>();
      for (const { box, cell } of m.candidates) {
        const x0 = left + p.rules.colOf[cell]! * c;
        const y0 = top + p.rules.rowOf[cell]! * c;
        // Inside the cell, and on a caged board inside the cage's dashed line (0.09 of a cell in).
        const inset = p.rules.cages.length > 0 ? c * 0.1 : 0;
        if (!(box.x0 >= x0 + inset && box.x1 <= x0 + c - inset && box.y0 >= y0 + inset && box.y1 <= y0 + c - inset)) wrong.push(`a mark of cell ${cell} out of its place`);
        if (segments.some((s) => segmentHitsBox(s, box))) wrong.push(`a line through a mark of cell ${cell}`);
        if (blocked.some((b) => boxesOverlap(box, b))) wrong.push(`a mark of cell ${cell} on a sum or digit`);
        const mine = byCell.get(cell) ?? [];
        if (mine.some((other) => boxesOverlap(box, other))) wrong.push(`two marks of cell ${cell} overlap`);
        mine.push(box);
        byCell.set(cell, mine);
      }
      expect(wrong.slice(0, 5), `${wrong.length} faults at ${size} px`).toEqual([]);
      // Legible: at least a fifth of a 9x9 cell's side high, whatever the size of the grid's digits set.
      const heights = m.candidates.map((k) => k.box.y1 - k.box.y0);
      expect(Math.min(...heights)).toBeGreaterThan(c * (p.rules.size > 9 ? 0.1 : 0.13));
    }
  }, 60_000);

  // The step drawing of the explain pages (9x9 rules): its pencil marks clear of cages and sums too.
  it.each(['killer', 'x+killer', 'oddeven', 'x'] as const)('%s: pencil marks of the step drawing', async (name) => {
    const p = variantPuzzle(name === 'x+killer' ? 'killer' : name);
    const rules = name === 'x+killer' ? withDiagonals(p.rules) : p.rules;
    const glyphs = loadFontOutlines();
    const candidates = Array.from(p.givens, (digit) => (digit === 0 ? 511 : 0));
    const empty = candidates.filter((m) => m !== 0).length;
    for (const size of [360]) {
      const svg = drawVariantStep({ rules, givens: p.givens, candidates }, { size, glyphs, theme: 'grey', layers: { coordinates: true } });
      const m = await measure(svg);
      expect(m.candidates).toHaveLength(empty * 9);
      const segments = [...m.lines, ...pathSegments(svg, 'cage').flatMap((x) => x.segments), ...pathSegments(svg, 'diagonal').flatMap((x) => x.segments)];
      const blocked = [...m.sums, ...m.knockOuts];
      const wrong: string[] = [];
      for (const { box, cell } of m.candidates) {
        if (segments.some((s) => segmentHitsBox(s, box))) wrong.push(`a line through a mark of cell ${cell}`);
        if (blocked.some((b) => boxesOverlap(box, b))) wrong.push(`a mark of cell ${cell} on a sum`);
      }
      expect(wrong.slice(0, 5), `${wrong.length} faults at ${size} px`).toEqual([]);
    }
  }, 60_000);
});
