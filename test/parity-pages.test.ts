import { describe, expect, test } from 'vitest';
import { drawVariantBoard, explainPage, parseVariantLine } from '../src/index.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';
import { parseSections } from '../src/cli/book.js';
import { VARIANT_INFO } from '../src/book/variants.js';
import { gridsPerPage } from '../src/render/layout.js';
import { loadTemplate } from '../src/render/template.js';

/*
 * The page header of variant puzzles (a killer has no givens: its header names the cages instead of
 * printing 81 dots) and odd/even marks on the drawn boards.
 */
const ODDEVEN =
  'oddeven:79...8..........72..1..............8.2..7...4.4.58...3....512.93..2............3. parity=..........e...o.......o.....o.....e.e....o..e..........e............o.eo.........';

const subtitleOf = (html: string): string => /<p class="sub">([^<]*)<\/p>/.exec(html)?.[1] ?? /class="sub"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';

describe('explain page header', () => {
  test('a killer without givens: its cages, not 81 dots', () => {
    const { rules, givens } = readVariantFixtures('killer.txt')[0]!;
    const { html } = explainPage({ puzzle: givens, rules, source: 'k.txt:3' });
    const sub = subtitleOf(html);
    expect(sub).toBe(`killer, ${rules.cages.length} cages · no givens · k.txt:3`);
    expect(html).not.toContain('.'.repeat(81));
  });

  test('odd/even: the marks counted, the givens shown, every board drawn with the marks', () => {
    const { rules, givens } = parseVariantLine(ODDEVEN);
    const { html, outcome } = explainPage({ puzzle: givens, rules, label: 'p1' });
    expect(outcome.status).toBe('graded');
    const sub = subtitleOf(html);
    expect(sub).toMatch(/^p1 · oddeven, 6 odd and 6 even cells · 79\.\.\.8/);
    expect(html).toContain('data-parity="odd"');
    expect(html).toContain('data-parity="even"');
  });
});

describe('drawn odd/even marks', () => {
  test('a circle per odd cell, a square per even cell, under the digits, in both themes', () => {
    const { rules, givens } = parseVariantLine(ODDEVEN);
    for (const theme of ['color', 'grey'] as const) {
      const svg = drawVariantBoard({ rules, givens }, { size: 450, theme });
      const odd = svg.match(/<circle class="parity"[^>]*data-parity="odd"/g) ?? [];
      const even = svg.match(/<rect class="parity"[^>]*data-parity="even"/g) ?? [];
      expect(odd).toHaveLength(rules.spec.odd!.length);
      expect(even).toHaveLength(rules.spec.even!.length);
      // Painted before the digits (the SVG paints in order).
      expect(svg.lastIndexOf('class="parity"')).toBeLessThan(svg.indexOf('class="given"'));
      // Grey: no colour, only the shape tells odd from even.
      const fills = new Set([...svg.matchAll(/class="parity"[^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]!));
      expect(fills.size).toBe(1);
      const [fill] = [...fills];
      expect(fill!.slice(1, 3)).toBe(fill!.slice(3, 5));
      expect(fill!.slice(3, 5)).toBe(fill!.slice(5, 7));
    }
  });
});

describe('book pages', () => {
  test('killer solutions: fewer a page than classic ones (cells of 20 pt at least), so cages and sums stay readable', () => {
    for (const name of ['letter-4up', 'a4-6up']) {
      const template = loadTemplate(name);
      expect(template.solutionsPerPage).toBe(12);
      const killer = gridsPerPage(template, 'killer', 'solutions');
      expect(killer, name).toBeLessThan(12);
      expect(killer, name).toBeGreaterThanOrEqual(4);
      expect(gridsPerPage(template, 'oddeven', 'solutions'), name).toBe(12);
      expect(gridsPerPage(template, 'x', 'solutions'), name).toBe(12);
    }
  });

  test('--sections oddeven-medium:10 is a book section with its rules text', () => {
    expect(parseSections('oddeven-medium:10')).toEqual([{ level: 'medium', count: 10, variant: 'oddeven', title: 'Medium Odd-Even' }]);
    expect(VARIANT_INFO.oddeven.rules).toMatch(/round one holds an odd digit.*square one holds an even digit/);
  });
});
