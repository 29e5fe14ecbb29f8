import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeWithPath } from '../src/grader/grade.js';
import { explainPathPage } from '../src/pages/index.js';
import { run } from './helpers/cli.js';
import { launchBrowser } from './helpers/browser.js';
import { shownView } from './helpers/explain-view.js';
import { describeWithTool } from './helpers/system-tools.js';

// AI Escargot: forcing chains with several chains per step and nested proofs (steps 9 and 11).
const ESCARGOT = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';

let browser: Browser;
let file: string;
let steps: ReturnType<typeof gradeWithPath>['steps'];

describeWithTool('chromium', 'explain --html: chains one at a time, eliminations never under an arrow', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    file = join(mkdtempSync(join(tmpdir(), 'sudoku-chains-view-')), 'escargot.html');
    // The page `explain --html` writes (explainPage: this path, then its page), from the one grading
    // whose steps the tests read: AI Escargot takes about 2 CPU-s to grade. The command's own
    // wiring is explain-html.test.ts's.
    const graded = gradeWithPath(ESCARGOT);
    steps = graded.steps;
    writeFileSync(file, explainPathPage({ puzzle: ESCARGOT, source: 'puzzle from the command line', ...graded }).html);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a step with several chains shows one chain at a time; C, the buttons and "all at once" switch', async () => {
    const n = steps.findIndex((s) => (s.chains?.length ?? 0) >= 3) + 1;
    expect(n).toBeGreaterThan(0);
    const count = steps[n - 1]!.chains!.length;
    const page = await browser.newPage();
    await page.setViewport({ width: 1920, height: 1080 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${pathToFileURL(file).href}#step-${n}`);
    let view = await shownView(page);
    expect(view.index).toBe(n);
    expect(view.shownBoards).toBe(1);
    expect(view.label).toBe(`Chain 1 of ${count}`);
    expect(view.chains).toEqual(['0']);
    expect(view.struck).toBe(steps[n - 1]!.eliminations.length);
    // the board grows with the window: about 720 px on 1920x1080
    expect(view.width).toBeGreaterThan(650);
    await page.keyboard.press('c');
    view = await shownView(page);
    expect(view.label).toBe(`Chain 2 of ${count}`);
    expect(view.chains).toEqual(['1']);
    await page.keyboard.down('Shift');
    await page.keyboard.press('C');
    await page.keyboard.up('Shift');
    expect((await shownView(page)).chains).toEqual(['0']);
    // the chain's own button in the list
    await page.click(`#s-${n} .chains li:nth-child(3) button`);
    view = await shownView(page);
    expect(view.label).toBe(`Chain 3 of ${count}`);
    expect(view.chains).toEqual(['2']);
    // all at once: every chain, each in its colour
    await page.click(`#s-${n} .views button[data-show]`);
    view = await shownView(page);
    expect(view.label).toBe(`All ${count} chains`);
    expect(view.chains).toEqual([...Array(count).keys()].map(String));
    expect(view.shownBoards).toBe(1);
    // the step's arrows still move between steps
    await page.keyboard.press('ArrowRight');
    expect((await shownView(page)).index).toBe(n + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a nested proof opens as its own board', async () => {
    const n = steps.findIndex((s) => s.chains?.some((c) => c.nodes.some((node) => node.proof && node.proof.length > 0))) + 1;
    expect(n).toBeGreaterThan(0);
    const page = await browser.newPage();
    await page.goto(`${pathToFileURL(file).href}#step-${n}`);
    await page.click(`#s-${n} details.proofs summary`);
    await page.click(`#s-${n} details.proofs li button`);
    const view = await shownView(page);
    expect(view.label).toMatch(/^Nested proof 1 of \d+$/);
    expect(view.shownBoards).toBe(1);
    expect(view.arrows).toBeGreaterThan(0);
    await page.close();
  });

  it('on a phone (390 px wide) the board fits the width', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${pathToFileURL(file).href}#step-9`);
    const { board, page: width } = await page.evaluate(() => {
      const box = document.querySelector('.step:not([hidden]) .board:not([hidden]) svg')!.getBoundingClientRect();
      return { board: { right: box.right, width: box.width }, page: document.documentElement.scrollWidth };
    });
    expect(board.right).toBeLessThanOrEqual(390);
    expect(board.width).toBeGreaterThan(330);
    expect(width).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('no arrow, in any view of any step, passes over an eliminated candidate\'s glyph or runs along a grid line', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href);
    // Walks every step and every view with the page's own buttons; measures in the page.
    const report = await page.evaluate(() => {
      const hits: string[] = [];
      const lineRuns = new Set<string>();
      let measured = 0;
      let views = 0;
      let checked = 0;
      const next = document.getElementById('next') as HTMLButtonElement;
      for (;;) {
        const step = [...document.querySelectorAll('.step')].find((s) => !(s as HTMLElement).hidden)!;
        const count = step.querySelectorAll('.board').length;
        for (let v = 0; v < count; v++) {
          if (v > 0) (step.querySelector('[data-step-view="1"]') as HTMLButtonElement).click();
          const svg = [...step.querySelectorAll('.board')].find((b) => !(b as HTMLElement).hidden)!.querySelector('svg')!;
          views++;
          // Along a grid line: within 0.08 cell of one for more than 0.3 cell of the arrow's length.
          const width = svg.viewBox.baseVal.width;
          const pad = width * 0.012;
          const cell = (width - 2 * pad) / 9.5;
          const left = pad + cell / 2;
          for (const path of svg.querySelectorAll<SVGPathElement>('.mark-arrow, .mark-link')) {
            const length = path.getTotalLength();
            const n = Math.ceil(length / (cell * 0.05)); // a sample every 0.05 cell: a run of 0.3 cell is six
            measured++;
            const runs = [0, 0];
            let last = path.getPointAtLength(0);
            for (let i = 1; i <= n; i++) {
              const p = path.getPointAtLength((length * i) / n);
              const ds = Math.hypot(p.x - last.x, p.y - last.y) / cell;
              [p.x, p.y].forEach((value, axis) => {
                const u = (value - left) / cell;
                runs[axis] = Math.abs(u - Math.round(u)) < 0.08 ? runs[axis]! + ds : 0;
                if (runs[axis]! > 0.3) lineRuns.add(`${step.getAttribute('data-title')} view ${v}: ${path.getAttribute('data-from')}>${path.getAttribute('data-to')}`);
              });
              last = p;
            }
          }
          const boxes = [...svg.querySelectorAll('.mark-eliminated')].map((t) => (t as SVGGraphicsElement).getBBox());
          if (boxes.length === 0) continue;
          for (const path of svg.querySelectorAll<SVGPathElement>('.mark-arrow, .mark-arrowhead, .mark-link')) {
            const length = path.getTotalLength();
            for (let i = 0; i <= 60; i++) {
              const p = path.getPointAtLength((length * i) / 60);
              checked++;
              for (const b of boxes) {
                if (p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height) {
                  hits.push(`${step.getAttribute('data-title')} view ${v}: ${path.getAttribute('class')} ${path.getAttribute('data-from')}>${path.getAttribute('data-to')} at ${p.x.toFixed(1)},${p.y.toFixed(1)}`);
                }
              }
            }
          }
        }
        if (next.disabled) break;
        next.click();
      }
      return { hits, views, checked, measured, lineRuns: [...lineRuns] };
    });
    expect(report.hits.slice(0, 10)).toEqual([]);
    expect(report.lineRuns.slice(0, 10)).toEqual([]);
    expect(report.measured).toBeGreaterThan(1000);
    expect(report.views).toBeGreaterThan(steps.length);
    expect(report.checked).toBeGreaterThan(1000);
    await page.close();
  });
});

describe('explain --html: the header names the input', () => {
  it('a puzzle given on the command line is called so, not <argument>:1', async () => {
    const easy = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const result = await run(['explain', easy, '--html']);
    expect(result.code).toBe(0);
    const sub = /<div class="sub">([^<]*)<\/div>/.exec(result.stdout)![1]!;
    expect(sub).toContain('puzzle from the command line');
    expect(result.stdout).not.toContain('&lt;argument&gt;');
  });
});
