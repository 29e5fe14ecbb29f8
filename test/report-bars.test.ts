/**
 * Issue 24 part 6: the report's histogram bars carry their counts, and the beginner and easy greens
 * can be told apart (WCAG contrast between them, not just a hue shift). Pure functions: no browser.
 */
import { describe, expect, test } from 'vitest';
import { gradePuzzle } from '../src/grader/grade.js';
import { LEVEL_COLORS } from '../src/pages/html.js';
import { histogramSvg, ReportCollector } from '../src/pages/report.js';
import { readFileSync } from 'node:fs';

const DATA = new URL('./fixtures/report-sample.txt', import.meta.url);

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('report histogram', () => {
  test('every bar has its count written above it, at the bar\'s centre', () => {
    const collector = new ReportCollector();
    const puzzles = readFileSync(DATA, 'utf8').match(/^[0-9.]{81}/gm) ?? [];
    expect(puzzles.length).toBeGreaterThan(5);
    puzzles.forEach((puzzle, i) => collector.addGrade({ puzzle, source: 'sample', line: i + 1 }, gradePuzzle(puzzle)));
    const svg = histogramSvg(collector.stats());
    const bars = [...svg.matchAll(/<rect class="bar"[^>]*data-count="(\d+)"[^>]*x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/g)];
    const counts = [...svg.matchAll(/<text class="count" x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)<\/text>/g)];
    expect(bars.length).toBeGreaterThan(3);
    // Before: bars only (the count in a tooltip).
    expect(counts).toHaveLength(bars.length);
    for (const bar of bars) {
      const [, count, x, y, width] = bar.map(Number) as number[];
      const label = counts.find((c) => Math.abs(Number(c[1]) - (x! + width! / 2 - 0.5 + 0.5)) < 1.5);
      expect(label, `bar at ${x}`).toBeDefined();
      expect(Number(label![3])).toBe(count);
      expect(Number(label![2])).toBeLessThan(y!); // above the bar
    }
  });

  test('the beginner and easy greens differ by a contrast of at least 2:1 (was 1.32:1, now 2.74:1)', () => {
    expect(contrast(LEVEL_COLORS['beginner']!, LEVEL_COLORS['easy']!)).toBeGreaterThanOrEqual(2);
  });
});
