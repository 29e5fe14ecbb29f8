import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawGeneralStep } from '../src/draw/general-step.js';
import { formatVariantLine, parseVariantLine } from '../src/formats/line.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { describeGeneralStep } from '../src/grader/general/text.js';
import { gradeWithPath } from '../src/grader/grade.js';
import { findGeneralStep } from '../src/techniques/general/ladder.js';
import { newScan } from '../src/techniques/general/places.js';
import { explainPage } from '../src/pages/explain-page.js';
import { launchBrowser } from './helpers/browser.js';
import { run } from './helpers/cli.js';
import { shownView } from './helpers/explain-view.js';
import { describeWithTool } from './helpers/system-tools.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';
import { pathSegments, segmentHitsBox, textsOf } from './helpers/variant-svg.js';

/*
 * explain --html and grade --report for other sizes and Samurai: the step drawing (marks as data
 * in the SVG), the page, and both in Chromium at 1920 and 390 px.
 */
const dir = mkdtempSync(join(tmpdir(), 'grader-general-html-'));
const fixtureLines = readFileSync(new URL('./fixtures/general/technique-steps.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t'));
const caseOf = (grid: string, technique: string) => fixtureLines.find((c) => c[0] === grid && c[1] === technique)!;
/** A 16x16 cheap to grade (Solo's, singles): the fixtures' generated ones take the dynamic chains, seconds each. */
const SOLO_SIXTEEN = formatVariantLine(readVariantFixtures('16x16.txt')[0]!);

const count = (svg: string, cls: string): number => svg.split(`class="${cls}"`).length - 1;

/**
 * A variant line's graded path, found once for the tests that read it (the Samurai's takes seconds:
 * the page test and the Chromium test read the same one). Each caller gets its own copy of the steps.
 */
const paths = new Map<string, ReturnType<typeof gradeWithPath>>();
function pathOf(line: string): ReturnType<typeof gradeWithPath> {
  if (!paths.has(line)) paths.set(line, gradeWithPath(parseVariantLine(line)));
  const { grade, steps } = paths.get(line)!;
  return { grade, steps: steps.slice() };
}

describe('the step drawing (src/draw/general-step.ts)', () => {
  it.each([
    ['16x16', 'hidden-quad'],
    ['samurai', 'x-wing'],
    ['6x6-x', 'xy-wing'],
    ['12x12', 'claiming'],
  ])('%s %s: its pencil marks, struck eliminations and pattern cells', (grid, technique) => {
    const [, , line, , , values, candidates] = caseOf(grid, technique);
    const { rules, givens } = parseVariantLine(line!);
    // The board the fixture's step was found on (its values and candidates columns).
    const board = {
      values: Uint8Array.from(values!, (ch) => '.123456789ABCDEFG'.indexOf(ch)),
      candidates: Uint16Array.from({ length: rules.cellCount }, (_, cell) => parseInt(candidates!.slice(cell * 4, cell * 4 + 4), 16)),
    };
    const step = findGeneralStep(board, newScan(shapeOf(rules))).step!;
    expect(step.technique).toBe(technique);
    const svg = drawGeneralStep({ rules, givens, values: board.values, candidates: board.candidates }, { step, size: 720, coordinates: true });
    let marks = 0;
    for (let cell = 0; cell < rules.cellCount; cell++) {
      if (board.values[cell] !== 0) continue;
      for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) marks++;
    }
    expect(count(svg, 'candidate')).toBe(marks);
    expect(count(svg, 'mark-strike')).toBe(step.eliminations.length);
    expect(count(svg, 'mark-eliminated')).toBe(step.eliminations.length);
    for (const e of step.eliminations) expect(svg).toContain(`class="mark-strike" data-cell="${e.cell}" data-digit="${e.digit}"`);
    expect(count(svg, 'mark-cell')).toBe(new Set(step.pattern.cells).size + step.placements.length);
    expect(svg).toContain(`r${rules.height}`); // row labels down the frame
    // A diagonal's line is cut around the pencil marks (6x6-x), as around digits.
    const diagonals = pathSegments(svg, 'diagonal').flatMap((x) => x.segments);
    if (grid === '6x6-x') expect(diagonals.length).toBeGreaterThan(2);
    const through = textsOf(svg, 'candidate').filter((t) => diagonals.some((d) => segmentHitsBox(d, t.box)));
    expect(through.map((t) => t.text)).toEqual([]);
    // The same input, the same bytes.
    expect(drawGeneralStep({ rules, givens, values: board.values, candidates: board.candidates }, { step, size: 720, coordinates: true })).toBe(svg);
  });
});

describe('the explain page', () => {
  it('a Samurai page: graded, every step with its text, the rules named', () => {
    // (A Samurai the chains rung finishes: the fixtures' others take the dynamic chains, seconds each.)
    const [, , line] = caseOf('samurai', 'hidden-single-box');
    const { rules, givens } = parseVariantLine(line!);
    const { grade, steps } = pathOf(line!);
    const page = explainPage({ puzzle: givens, rules, source: 'test' });
    expect(page.outcome).toMatchObject({ status: 'graded', steps: steps.length });
    expect(page.outcome.status === 'graded' && page.outcome.grade).toEqual(grade);
    for (const step of steps.slice(0, 40)) expect(page.html).toContain(describeGeneralStep(step, rules).replaceAll("'", '&#39;'));
    expect(page.html).toContain('five grids sharing their corner boxes');
    expect(page.html).toContain('samurai · ');
  });

  it('givens of the wrong length are a PuzzleFormatError naming the count', () => {
    const [, , line] = caseOf('16x16', 'hidden-quad');
    const { rules } = parseVariantLine(line!);
    expect(() => explainPage({ puzzle: new Uint8Array(81), rules })).toThrowError(/expected 256 cells, found 81/);
  });
});

let browser: Browser | undefined;

describeWithTool('chromium', 'general pages in Chromium', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['6x6', caseOf('6x6', 'hidden-single-box')[2]!],
    ['16x16', SOLO_SIXTEEN],
    ['samurai', caseOf('samurai', 'hidden-single-box')[2]!],
  ])('explain --html %s: steps through at 1920 and 390 px, struck candidates shown, no sideways scrolling', { timeout: 120_000 }, async (name, line) => {
    const input = join(dir, `${name}.txt`);
    writeFileSync(input, `${line}\n`);
    const file = join(dir, `${name}.html`);
    const result = await run(['explain', '--html', input, '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    const { steps } = pathOf(line);
    const withEliminations = steps.findIndex((s) => s.eliminations.length > 0);
    for (const width of [1920, 390]) {
      const page = await browser!.newPage();
      await page.setViewport({ width, height: 1080 });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(file).href);
      expect((await shownView(page)).index).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // On a 1920x1080 screen the whole board shows without scrolling (a Samurai's header is two lines).
      const bottom = await page.evaluate(() => document.querySelector('.step:not([hidden]) .board:not([hidden]) svg')!.getBoundingClientRect().bottom);
      if (width === 1920) expect(bottom).toBeLessThanOrEqual(1080);
      await page.keyboard.press('End');
      expect((await shownView(page)).index).toBe(steps.length + 1);
      await page.close();
      if (withEliminations >= 0) {
        const at = await browser!.newPage();
        await at.setViewport({ width, height: 1080 });
        at.on('pageerror', (e) => errors.push(String(e)));
        await at.goto(`${pathToFileURL(file).href}#step-${withEliminations + 1}`);
        const view = await shownView(at);
        expect(view.index).toBe(withEliminations + 1);
        expect(view.struck).toBe(steps[withEliminations]!.eliminations.length);
        expect(view.width).toBeGreaterThan(width === 390 ? 300 : 600);
        if (width === 390 && name !== '6x6') {
          // On a phone a 16x16 or Samurai board is drawn zoomed in a box that pans: pencil marks of
          // a readable size, the step's struck candidates brought into the box's view; the button
          // shows the whole board.
          const zoomed = await at.evaluate(() => {
            const step = [...document.querySelectorAll('.step')].find((s) => !(s as HTMLElement).hidden)!;
            const box = step.querySelector('.board:not([hidden])')!;
            const b = box.getBoundingClientRect();
            const heights = [...box.querySelectorAll('.candidate')].map((t) => t.getBoundingClientRect().height).sort((x, y) => x - y);
            const seen = [...box.querySelectorAll('.mark-strike')].filter((e) => {
              const r = e.getBoundingClientRect();
              return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
            }).length;
            return { mark: heights[Math.floor(heights.length / 2)]!, seen, overflow: document.documentElement.scrollWidth - window.innerWidth };
          });
          expect(zoomed.mark).toBeGreaterThanOrEqual(8);
          expect(zoomed.seen).toBeGreaterThan(0);
          expect(zoomed.overflow).toBeLessThanOrEqual(0);
          await at.click('#zoom');
          expect((await shownView(at)).width).toBeLessThanOrEqual(390);
        }
        await at.close();
      }
      expect(errors).toEqual([]);
    }
  });

  it('grade --report over 6x6, 16x16 and Samurai: the variants table lists each, long lines wrap', { timeout: 120_000 }, async () => {
    const input = join(dir, 'mixed.txt');
    writeFileSync(input, `${[caseOf('6x6', 'full-house')[2], SOLO_SIXTEEN, caseOf('samurai', 'hidden-single-box')[2]].join('\n')}\n`);
    const report = join(dir, 'report.html');
    const result = await run(['grade', input, '--report', report]);
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(report, 'utf8');
    for (const variant of ['6x6', '16x16', 'samurai']) expect(html).toContain(`>${variant}<`);
    for (const width of [1920, 390]) {
      const page = await browser!.newPage();
      await page.setViewport({ width, height: 1080 });
      await page.goto(pathToFileURL(report).href);
      // A Samurai's 400-character line wraps in its cell: the page fits 1920 px and 390 px.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const widest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('td.puzzle')].map((td) => td.getBoundingClientRect().width)));
      expect(widest).toBeLessThan(width);
      await page.close();
    }
  });
});
