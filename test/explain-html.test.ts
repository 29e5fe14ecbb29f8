import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeWithPath } from '../src/grader/grade.js';
import { describeStep } from '../src/grader/explain.js';
import { run } from './helpers/cli.js';
import { launchBrowser } from './helpers/browser.js';
import { describeWithTool } from './helpers/system-tools.js';

// SE 8.5: forcing X-chains and cell / region forcing chains on its path.
const CHAINED = '1...2...5.6.....1.9.4...3.6...1.9...2.......4...253.....7...8..8.1.9.5.75...8...3';
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SEVERAL = '8.........95.......76.........426798...571243...893165......916....3.487....1.532';
// No conflict among the givens, but r1c9 has no digit left.
const NONE = '12345678.' + '........9' + '.'.repeat(63);

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'sudoku-explain-html-'));
}

let browser: Browser;

async function open(file: string) {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', async (d) => {
    errors.push(`dialog: ${d.message()}`);
    await d.dismiss();
  });
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) errors.push(`network: ${r.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  return { page, errors };
}

describeWithTool('chromium', 'explain --html in a browser', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('next N times shows step N: its text, and its pattern cells highlighted in the board', async () => {
    const dir = scratch();
    const file = join(dir, 'explain.html');
    const result = await run(['explain', CHAINED, '--html', '-o', file]);
    expect(result.code).toBe(0);
    const { steps } = gradeWithPath(CHAINED);
    const { page, errors } = await open(file);
    const visible = () =>
      page.evaluate(() => {
        const shown = [...document.querySelectorAll('.step')].filter((s) => !(s as HTMLElement).hidden);
        const step = shown[0]!;
        const board = step.querySelector('.board-plain svg')!;
        const cells = [...board.querySelectorAll('.mark-cell[data-brush="pattern"]')].map((r) => Number(r.getAttribute('data-cell')));
        const arrows = board.querySelectorAll('.mark-arrow').length;
        const struck = [...board.querySelectorAll('.mark-strike')].map((l) => `${l.getAttribute('data-cell')}:${l.getAttribute('data-digit')}`);
        const box = (board as SVGSVGElement).getBoundingClientRect();
        return { count: shown.length, index: Number(step.getAttribute('data-step')), text: step.querySelector('.line')!.textContent, cells, arrows, struck, width: box.width, counter: document.getElementById('counter')!.textContent };
      });
    expect((await visible()).index).toBe(0);
    // the first forcing-chain step, reached by pressing "next"
    const target = steps.findIndex((s) => s.technique.includes('forcing')) + 1;
    expect(target).toBeGreaterThan(1);
    for (let i = 0; i < target; i++) await page.click('#next');
    const shown = await visible();
    const step = steps[target - 1]!;
    expect(shown.count).toBe(1);
    expect(shown.index).toBe(target);
    expect(shown.text).toBe(describeStep(step));
    expect(shown.counter).toContain(`Step ${target} of ${steps.length}`);
    expect(new Set(shown.cells)).toEqual(new Set(step.pattern.cells));
    expect(shown.struck.sort()).toEqual(step.eliminations.map((e) => `${e.cell}:${e.digit}`).sort());
    expect(shown.arrows).toBeGreaterThan(0);
    expect(shown.width).toBeGreaterThan(250);
    // arrow keys move too; Home goes back to the start
    await page.keyboard.press('ArrowRight');
    expect((await visible()).index).toBe(target + 1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect((await visible()).index).toBe(target - 1);
    await page.keyboard.press('Home');
    expect((await visible()).index).toBe(0);
    expect(await page.$eval('#prev', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    // the list jumps to a step
    await page.click(`nav.list li:nth-child(${target + 1}) a`);
    expect((await visible()).index).toBe(target);
    // the summary
    const summary = await page.$eval('#summary', (s) => s.textContent);
    expect(summary).toContain('8.5');
    expect(summary).toContain('extreme');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a label holding <script> is shown as text and does not run', async () => {
    const dir = scratch();
    const input = join(dir, 'in.txt');
    const label = '<script>window.pwned = 1; alert(1)</script><img src=x onerror="window.pwned = 2">';
    writeFileSync(input, `${EASY} ${label}\n`);
    const file = join(dir, 'page.html');
    expect((await run(['explain', input, '--html', '-o', file])).code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<img src=x');
    const { page, errors } = await open(file);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.$eval('header .sub', (h) => h.textContent)).toContain(label);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a file of puzzles gives a folder: an index, and a page that says so for several or no solutions', async () => {
    const dir = scratch();
    const input = join(dir, 'in.txt');
    writeFileSync(input, `${EASY} first\n${SEVERAL} several\n${NONE} broken\n`);
    const out = join(dir, 'pages');
    const result = await run(['explain', input, '--html', '-o', out]);
    expect(result.code).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['index.html', 'puzzle-0001.html', 'puzzle-0002.html', 'puzzle-0003.html']);
    const { page, errors } = await open(join(out, 'index.html'));
    const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.textContent));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('first');
    expect(rows[1]).toContain('several solutions');
    expect(rows[2]).toContain('no solution');
    await page.click('tbody tr:nth-child(2) a');
    await page.waitForSelector('.note');
    expect(await page.$eval('.note', (n) => n.textContent)).toMatch(/several solutions/);
    expect(errors).toEqual([]);
    await page.close();
    expect(readFileSync(join(out, 'puzzle-0001.html'), 'utf8')).toContain('href="puzzle-0002.html"');
    expect(readFileSync(join(out, 'puzzle-0003.html'), 'utf8')).toMatch(/This puzzle has no solution/);
    expect(result.stderr).toMatch(/wrote 3 pages and index.html in .*; 2 not explained/);
  });
});

describe('explain --html on the command line', () => {
  it('several puzzles need a folder; an existing page needs --force', async () => {
    const dir = scratch();
    const input = join(dir, 'in.txt');
    writeFileSync(input, `${EASY}\n${EASY}\n`);
    const many = await run(['explain', input, '--html', '-o', join(dir, 'one.html')]);
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/holds 2 puzzles: give a folder/);
    const file = join(dir, 'p.html');
    writeFileSync(file, 'mine');
    const again = await run(['explain', EASY, '--html', '-o', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists \(use --force/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect((await run(['explain', EASY, '--html', '-o', file, '--force'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    // A page's missing folder is made, as for every other output file.
    const nested = join(dir, 'new', 'folder', 'p.html');
    expect((await run(['explain', EASY, '--html', '-o', nested])).code).toBe(0);
    expect(readFileSync(nested, 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('without -o the page goes to standard output; the same puzzle gives the same bytes', async () => {
    const a = await run(['explain', EASY, '--html']);
    const b = await run(['explain', EASY, '--html']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/); // nothing fetched from the network
  });

  it('-o without --html is a usage error', async () => {
    const result = await run(['explain', EASY, '-o', 'x.html']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/-o and --force go with --html/);
  });
});
