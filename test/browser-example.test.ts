import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateOne, gradePuzzle } from '../src/index.js';
import { launchBrowser } from './helpers/browser.js';
import { describeWithTool } from './helpers/system-tools.js';

/*
 * The example page (examples/browser/), bundled by its own script and opened from disk in headless
 * Chromium, used as a person would: paste, click, read.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const PAGE = pathToFileURL(`${ROOT}examples/browser/index.html`).href;
const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const MULTIPLE = '8.........95.......76.........426798...571243...893165......916....3.487....1.532';
const ESCARGOT = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';

let browser: Browser;
let page: Page;


async function checkPuzzle(puzzle: string): Promise<Record<string, string>> {
  await page.$eval('#puzzle', (node, text) => ((node as HTMLTextAreaElement).value = text), puzzle);
  await page.click('#check');
  await page.waitForFunction(() => !['grading…', '–'].includes(document.getElementById('rating')!.textContent ?? '') || document.getElementById('verdict')!.className === 'verdict-bad', { timeout: 30_000 });
  return page.evaluate(() => {
    const text = (id: string) => document.getElementById(id)!.textContent ?? '';
    return { verdict: text('verdict'), rating: text('rating'), level: text('level'), hardest: text('hardest'), hint: text('hint'), board: text('board') };
  });
}

describeWithTool('chromium', 'the browser example page', () => {
  beforeAll(async () => {
    execFileSync(process.execPath, [`${ROOT}examples/browser/build.mjs`], { stdio: 'pipe' });
    browser = await launchBrowser();
    page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(PAGE);
    expect(errors).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  test('a unique puzzle: verdict, rating, level, hardest technique and the next hint', async () => {
    const shown = await checkPuzzle(HARD1);
    const grade = gradePuzzle(HARD1);
    expect(shown.verdict).toBe('unique: exactly one solution');
    expect(shown.rating).toBe(grade.rating.toFixed(1));
    expect(shown.level).toBe(grade.level);
    expect(shown.hardest.length).toBeGreaterThan(3);
    expect(shown.hint).toMatch(/r\dc\d/);
    expect(shown.board.replace(/\s/g, '')).toBe(HARD1.replace(/\./g, ''));
  }, 60_000);

  test('a puzzle with several solutions, and one that cannot be read', async () => {
    expect((await checkPuzzle(MULTIPLE)).verdict).toBe('several solutions');
    expect((await checkPuzzle(HARD1.slice(0, 60))).verdict).toMatch(/^invalid: expected 81 cells/);
  }, 60_000);

  test('AI Escargot is graded in the page exactly as in Node: 10.5, as Sudoku Explainer', async () => {
    const shown = await checkPuzzle(ESCARGOT);
    expect(shown.rating).toBe(gradePuzzle(ESCARGOT).rating.toFixed(1));
    // Sudoku Explainer's rating of AI Escargot.
    expect(shown.rating).toBe('10.5');
  }, 60_000);

  test('puzzle 3 of a seed is the puzzle Node generates for that seed and index', async () => {
    await page.$eval('#seed', (node) => ((node as HTMLInputElement).value = 'browser'));
    await page.$eval('#index', (node) => ((node as HTMLInputElement).value = '3'));
    await page.select('#difficulty', 'hard');
    await page.click('#generate');
    await page.waitForFunction(() => /^puzzle \d+/.test(document.getElementById('generated')!.textContent ?? ''), { timeout: 60_000 });
    const shown = await page.$eval('#puzzle', (node) => (node as HTMLTextAreaElement).value);
    expect(shown).toBe(generateOne('browser', 3, { difficulty: 'hard' }).puzzle);
  }, 90_000);
});
