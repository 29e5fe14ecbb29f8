import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gradePuzzle } from '../src/grader/grade.js';
import { run } from './helpers/cli.js';
import { launchBrowser } from './helpers/browser.js';
import { describeWithTool } from './helpers/system-tools.js';

const DATA = new URL('./fixtures/report-sample.txt', import.meta.url);

/** Puzzles of the report sample (a spread of ratings), plus an unreadable line and a puzzle with several solutions. */
function sampleFile(dir: string): { file: string; puzzles: string[] } {
  const puzzles = readFileSync(DATA, 'utf8').match(/^[0-9.]{81}/gm) ?? [];
  const file = join(dir, 'in.txt');
  writeFileSync(file, [...puzzles, 'not a puzzle', '.'.repeat(81)].join('\n') + '\n');
  return { file, puzzles };
}

let browser: Browser;

describeWithTool('chromium', 'grade --report and --stats', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the report page: the histogram bars add up to the graded puzzles, by level as graded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-report-'));
    const { file, puzzles } = sampleFile(dir);
    expect(puzzles.length).toBeGreaterThanOrEqual(10);
    const report = join(dir, 'report.html');
    const result = await run(['grade', file, '--report', report]);
    expect(result.code).toBe(1); // one unreadable line, one with several solutions
    expect(result.stdout.trim().split('\n')).toHaveLength(puzzles.length + 1);
    const grades = puzzles.map((p) => gradePuzzle(p));
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(pathToFileURL(report).href);
    const bars = await page.$$eval('svg.histogram rect.bar', (rects) => rects.map((r) => ({ bin: r.getAttribute('data-bin'), count: Number(r.getAttribute('data-count')), height: Number(r.getAttribute('height')) })));
    expect(bars.reduce((sum, b) => sum + b.count, 0)).toBe(puzzles.length);
    for (const grade of grades.filter((g) => g.guesses === 0)) expect(bars.some((b) => b.bin === grade.rating.toFixed(1))).toBe(true);
    // a taller bar holds more puzzles
    const sorted = [...bars].sort((a, b) => a.count - b.count);
    expect(sorted[0]!.height).toBeLessThanOrEqual(sorted[sorted.length - 1]!.height);
    const levels = await page.$$eval('#levels tbody tr', (rows) => rows.map((r) => [r.getAttribute('data-level'), Number(r.getAttribute('data-count'))]));
    for (const [level, count] of levels) expect(count).toBe(grades.filter((g) => g.level === level).length);
    expect(await page.$eval('main', (m) => m.textContent)).toContain('1 with several solutions');
    // On a phone (390 px) the page fits the window: no sideways scrolling, every table and puzzle
    // line inside it, and the chart's words at a readable size.
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(pathToFileURL(report).href);
    const phone = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      beyond: [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth).map((e) => `${e.tagName}.${e.className}`),
      axis: Math.min(...[...document.querySelectorAll('svg.histogram text:not(.count)')].map((t) => t.getBoundingClientRect().height)),
    }));
    expect(phone.overflow).toBeLessThanOrEqual(0);
    expect(phone.beyond).toEqual([]);
    expect(phone.axis).toBeGreaterThanOrEqual(8);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('--stats prints the same numbers as a table instead of the lines; --json gives one stats object', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-report-'));
    const { file, puzzles } = sampleFile(dir);
    const text = await run(['grade', file, '--stats']);
    expect(text.stdout).toMatch(new RegExp(`^${puzzles.length + 2} puzzles: ${puzzles.length} graded, 2 not graded \\(1 invalid, 0 no solution, 1 several solutions\\)`));
    expect(text.stdout).toContain('level        puzzles   share');
    expect(text.stdout).not.toMatch(/^[0-9.]{81}  \d/m); // no per-puzzle lines
    const json = await run(['grade', file, '--stats', '--json']);
    const stats = JSON.parse(json.stdout.trim()) as { type: string; graded: number; histogram: { count: number }[]; levels: { count: number }[] };
    expect(stats.type).toBe('stats');
    expect(stats.graded).toBe(puzzles.length);
    expect(stats.levels.reduce((s, l) => s + l.count, 0)).toBe(puzzles.length);
  });

  it('never replaces a report without --force; a missing folder is made, as for every output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-report-'));
    const { file } = sampleFile(dir);
    const report = join(dir, 'r.html');
    writeFileSync(report, 'mine');
    const again = await run(['grade', file, '--report', report]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists \(use --force/);
    expect(readFileSync(report, 'utf8')).toBe('mine');
    const missing = await run(['grade', file, '--report', join(dir, 'no', 'r.html')]);
    expect(missing.code).toBe(1); // as above: one unreadable line, one with several solutions
    expect(readFileSync(join(dir, 'no', 'r.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
  });
});
