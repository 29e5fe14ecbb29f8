/**
 * Issue 27 part 3: `explain --html` and `grade --report` for variants, graded in the worker threads.
 * Puzzles from test/fixtures/variants (rated by SukakuExplainer): the pages render in Chromium with
 * the rules drawn (jigsaw regions, X diagonals, windoku windows), a variant step with several chains
 * shows one chain at a time, a mixed input (classic and variants) gives one report and one folder
 * of pages, and `grade -j 2` prints what `-j 1` prints.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { gradeWithPath } from '../src/grader/grade.js';
import { COMPUTE_TASKS } from '../src/node/compute-tasks.js';
import { variantInput } from '../src/node/variant-input.js';
import { explainPage, explainPathPage } from '../src/pages/index.js';
import { withCages } from '../src/rules/constructors.js';
import { run, runBinary } from './helpers/cli.js';
import { launchBrowser } from './helpers/browser.js';
import { shownView } from './helpers/explain-view.js';
import { describeWithTool } from './helpers/system-tools.js';

const VARIANTS = new URL('./fixtures/variants/', import.meta.url).pathname;

/** Rated lines of a fixture: the puzzle (first field) and serate's ER. */
function rated(file: string): { puzzle: string; er: number }[] {
  return readFileSync(join(VARIANTS, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [puzzle, , triple] = line.split('\t');
      return { puzzle: puzzle!, er: Number(triple!.split('/')[0]) };
    });
}

const SE = rated('se-rated.txt');
/** A jigsaw (a variant line: givens, then the region layout) whose path needs chains (ER 6.5 to 7.5). */
const JIGSAW = SE.find((p) => !p.puzzle.startsWith('x:') && p.er >= 6.5 && p.er <= 7.5)!.puzzle;
/** An X puzzle rated 2.x: quick. */
const X_EASY = SE.find((p) => p.puzzle.startsWith('x:') && p.er < 3)!.puzzle;
/** The hardest windoku of its fixture (ER 9.0): forcing chains with several chains per step. */
const WINDOKU = rated('windoku-se-rated.txt').sort((a, b) => b.er - a.er)[0]!.puzzle;
/**
 * A windoku of ER 8.4 (multiple forcing chains), for the mixed inputs that the CLI grades several
 * times: about a twentieth of the 9.0 one's grading time, which was most of those runs' work.
 */
const WINDOKU_QUICK = rated('windoku-se-rated.txt').find((p) => p.er === 8.4)!.puzzle;
const CLASSIC = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'sudoku-variant-pages-'));
}

describe('explainPage under rules (the library and the compute task)', () => {
  const read = parseVariantLine(X_EASY);

  it('grades under the rules: the page of the compute task (rules as their spec) is the page of explainPathPage', () => {
    const direct = explainPathPage({ puzzle: read.givens, rules: read.rules, source: 'x.txt:1', ...gradeWithPath(read, {}) });
    const viaTask = COMPUTE_TASKS.explainVariantPage({ puzzle: variantInput(read), source: 'x.txt:1' }, {});
    expect(viaTask.outcome).toEqual(direct.outcome);
    expect(viaTask.html).toBe(direct.html);
    expect(viaTask.html).toContain('class="diagonal"');
    expect(viaTask.outcome.status).toBe('graded');
  });

  it('any 9x9 rules the grader takes: an X puzzle with a killer cage is explained with its cage drawn', () => {
    const solution = gradeWithPath(read, {}).steps.reduce((values, step) => {
      for (const p of step.placements) values[p.cell] = p.digit;
      return values;
    }, Uint8Array.from(read.givens));
    const empty = [0, 1, 2].filter((cell) => read.givens[cell] === 0);
    const rules = withCages(read.rules, [{ cells: empty, sum: empty.reduce((sum, cell) => sum + solution[cell]!, 0) }]);
    const page = COMPUTE_TASKS.explainVariantPage({ puzzle: variantInput({ rules, givens: read.givens }) }, { uniqueness: false });
    expect(page.outcome.status).toBe('graded');
    expect(page.html).toContain('class="cage"');
    // The header names the rules in words, the cage counted (and the givens, which this one has).
    expect(page.html).toContain(`${rules.variant}, 1 cage · `);
  });

  it('conflicting givens under the rules (two digits alike on a diagonal) get a page that says so, drawn with the diagonals', () => {
    const givens = Uint8Array.from(read.givens);
    const diagonal = [0, 10, 20, 30, 40, 50, 60, 70, 80];
    // A digit given on the down diagonal, written into an empty cell of it whose row, column and box lack it.
    const rules = read.rules;
    const clashes = (cell: number, digit: number) => rules.housesOf[cell]!.some((h) => h < 27 && [...rules.houses[h]!].some((c) => givens[c] === digit));
    const [free, digit] = diagonal.flatMap((given) => diagonal.filter((cell) => givens[given]! > 0 && givens[cell] === 0 && !clashes(cell, givens[given]!)).map((cell) => [cell, givens[given]!] as const))[0]!;
    givens[free] = digit;
    const page = explainPage({ puzzle: givens, rules: read.rules });
    expect(page.outcome.status).toBe('invalid');
    expect(page.html).toMatch(/The givens conflict: two \d+s in diagonal/);
    expect(page.html).toContain('class="diagonal"');
  });
});

describe('explain --html and grade for variants (the CLI)', { timeout: 120_000 }, () => {
  it('a 6x6 puzzle gets its page (the general grader: test/grader-general-html.test.ts)', async () => {
    const dir = tempDir();
    const six = /"solo":"([^"]+)"/.exec(readFileSync(join(VARIANTS, '6x6.txt'), 'utf8'))![1]!;
    writeFileSync(join(dir, 'six.txt'), `${six}\n`);
    const result = await run(['explain', '--html', join(dir, 'six.txt'), '-o', join(dir, 'six.html')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'six.html'), 'utf8')).toContain('6x6');
  });

  it('a killer is explained on a page whose boards carry its cages and their sums', async () => {
    const dir = tempDir();
    const killer = /"solo":"([^"]+)"/.exec(readFileSync(join(VARIANTS, 'killer.txt'), 'utf8'))![1]!;
    writeFileSync(join(dir, 'killer.txt'), `${killer}\n`);
    const result = await run(['explain', '--html', join(dir, 'killer.txt'), '-o', join(dir, 'killer.html')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^wrote .*killer\.html\n$/);
    const html = readFileSync(join(dir, 'killer.html'), 'utf8');
    const cages = new Set(killer.split(',')[2]!.match(/\d+/g)).size;
    expect(cages).toBeGreaterThan(1);
    expect(html.match(/class="cage-sum"/g)!.length).toBeGreaterThanOrEqual(cages);
    expect(html).toMatch(/Cage combination|Innies|Cage single/);
  });

  it('grade -j 2 (the built binary: variants graded in the workers) prints what -j 1 and the in-process run print, text and JSON', async () => {
    const dir = tempDir();
    const file = join(dir, 'mixed.txt');
    writeFileSync(file, `${[JIGSAW, CLASSIC, X_EASY, WINDOKU_QUICK, JIGSAW].join('\n')}\n`);
    const here = await run(['grade', file]);
    const one = runBinary(['grade', file, '-j', '1']);
    const two = runBinary(['grade', file, '-j', '2']);
    expect([one.code, two.code, one.stderr, two.stderr]).toEqual([0, 0, '', '']);
    expect(one.stdout).toBe(here.stdout);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trim().split('\n')).toHaveLength(5);
    // JSON: the binary's -j 2 against the in-process run (the text above showed the binary's -j 1
    // equal to that): one process fewer.
    const jsonOne = await run(['grade', '--json', file]);
    const jsonTwo = runBinary(['grade', '--json', file, '-j', '2']);
    expect([jsonOne.code, jsonTwo.code]).toEqual([0, 0]);
    expect(jsonTwo.stdout).toBe(jsonOne.stdout);
    const variants = jsonOne.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { variant?: string }).variant ?? 'classic');
    expect(variants).toEqual(['jigsaw', 'classic', 'x', 'windoku', 'jigsaw']);
  });

  it('explain text and hint of a variant (graded in the compute worker) name its houses', async () => {
    const explained = runBinary(['explain', X_EASY]);
    expect(explained.stdout).toBe((await run(['explain', X_EASY])).stdout);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toMatch(/^Puzzle x:.* \(x\)$/m);
    expect(explained.stdout).toMatch(/^Rating \d+\.\d/m);
    const hint = runBinary(['hint', '--json', JIGSAW]);
    expect(hint.stdout).toBe((await run(['hint', '--json', JIGSAW])).stdout);
    expect(hint.code).toBe(0);
    const parsed = JSON.parse(hint.stdout) as { variant: string; step: { text: string } };
    expect(parsed.variant).toBe('jigsaw');
    expect(parsed.step.text.length).toBeGreaterThan(0);
  });
});

let browser: Browser;

/** How many of the shown board's marks of `selector` are drawn with a size (visible). */
function visibleMarks(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const step = [...document.querySelectorAll('.step')].find((s) => !(s as HTMLElement).hidden)!;
    const board = [...step.querySelectorAll('.board')].find((b) => !(b as HTMLElement).hidden)!;
    return [...board.querySelectorAll(sel)].filter((e) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 || box.height > 0;
    }).length;
  }, selector);
}

describeWithTool('chromium', 'variant pages in Chromium', () => {
  /** `explain --html` of a puzzle, made once for the tests that look at it (the 9.0 windoku's grading is most of their work). */
  const pages = new Map<string, string>();
  async function pageOf(variant: string, puzzle: string): Promise<string> {
    const made = pages.get(puzzle);
    if (made !== undefined) return made;
    const file = join(tempDir(), `${variant}.html`);
    const result = await run(['explain', '--html', puzzle, '-o', file]);
    expect(result.code).toBe(0);
    pages.set(puzzle, file);
    return file;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['jigsaw', JIGSAW, '.region-border', 9],
    ['x', X_EASY, '.diagonal', 2],
    ['windoku', WINDOKU, '.extra-house', 36], // four windows of nine cells
  ] as const)('the %s page renders with its rules drawn, at 1920 and 390 px wide', async (variant, puzzle, marks, atLeast) => {
    const file = await pageOf(variant, puzzle);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain(`${variant} · `); // the subtitle names the variant
    for (const width of [1920, 390]) {
      const page = await browser.newPage();
      await page.setViewport({ width, height: 1080 });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(file).href);
      expect((await shownView(page)).index).toBe(0);
      expect(await visibleMarks(page, marks)).toBeGreaterThanOrEqual(atLeast);
      // The board fits the window: no sideways scrolling on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.keyboard.press('End');
      const last = await shownView(page);
      expect(last.index).toBeGreaterThan(10);
      expect(await visibleMarks(page, marks)).toBeGreaterThanOrEqual(atLeast); // the solved board too
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('a windoku step with several chains shows one chain at a time; C and A switch', async () => {
    const file = await pageOf('windoku', WINDOKU);
    let page = await browser.newPage();
    await page.setViewport({ width: 1920, height: 1080 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(pathToFileURL(file).href);
    const n = await page.evaluate(() => {
      const step = [...document.querySelectorAll('.step')].find((s) => s.querySelectorAll('.board').length >= 3 && s.querySelector('.board[data-all]'));
      return step ? Number(step.getAttribute('data-step')) : -1;
    });
    expect(n).toBeGreaterThan(0);
    await page.close();
    page = await browser.newPage();
    await page.setViewport({ width: 1920, height: 1080 });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${pathToFileURL(file).href}#step-${n}`);
    let view = await shownView(page);
    expect(view).toMatchObject({ index: n, shownBoards: 1, chains: ['0'] });
    expect(view.label).toMatch(/^Chain 1 of (\d+)$/);
    const count = Number(/of (\d+)/.exec(view.label)![1]);
    expect(await visibleMarks(page, '.extra-house')).toBe(36); // the four windows under the chain
    await page.keyboard.press('c');
    view = await shownView(page);
    expect(view).toMatchObject({ index: n, shownBoards: 1, chains: ['1'], label: `Chain 2 of ${count}` });
    await page.keyboard.press('a');
    view = await shownView(page);
    expect(view.chains).toEqual(Array.from({ length: count }, (_, i) => String(i)));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('-o folder/ of a mixed input: one page per puzzle drawn under its rules, the index names each variant', async () => {
    const dir = tempDir();
    const input = join(dir, 'mixed.txt');
    writeFileSync(input, `${[CLASSIC, JIGSAW, X_EASY].join('\n')}\n`);
    const folder = join(dir, 'pages');
    const result = await run(['explain', '--html', input, '-o', `${folder}/`, '-q']);
    expect(result.code).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['index.html', 'puzzle-0001.html', 'puzzle-0002.html', 'puzzle-0003.html']);
    expect(readFileSync(join(folder, 'puzzle-0001.html'), 'utf8')).not.toContain('region-border');
    expect(readFileSync(join(folder, 'puzzle-0002.html'), 'utf8')).toContain('region-border');
    expect(readFileSync(join(folder, 'puzzle-0003.html'), 'utf8')).toContain('class="diagonal"');
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(folder, 'index.html')).href);
    const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.querySelector('.variant')?.textContent ?? 'classic'));
    expect(rows).toEqual(['classic', 'jigsaw', 'x']);
    // On a phone the table scrolls in its box; the page itself does not scroll sideways.
    await page.setViewport({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('grade --report of a mixed input: one report, a Variants table, variants named in the lists', async () => {
    const dir = tempDir();
    const input = join(dir, 'mixed.txt');
    // A jigsaw with several solutions (its givens emptied), to count a failure under its variant.
    const [givens, layout] = JIGSAW.split(' ');
    const open = `${'.'.repeat(81)} ${layout}`;
    writeFileSync(input, `${[CLASSIC, JIGSAW, X_EASY, WINDOKU_QUICK, open].join('\n')}\n`);
    expect(givens).toHaveLength(81);
    const report = join(dir, 'report.html');
    const result = runBinary(['grade', input, '--report', report, '-j', '2']);
    expect(result.code).toBe(1); // the open jigsaw
    expect(result.stdout).toContain('several solutions');
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(pathToFileURL(report).href);
    const variants = await page.$$eval('#variants tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-variant'), Number(tr.getAttribute('data-count')), Number(tr.children[2]!.textContent)]));
    expect(variants).toEqual([
      ['classic', 1, 1],
      ['jigsaw', 2, 1],
      ['x', 1, 1],
      ['windoku', 1, 1],
    ]);
    // The slowest list names each variant beside its puzzle.
    const named = await page.$$eval('table.puzzles', (tables) => [...tables[tables.length - 1]!.querySelectorAll('tbody tr .variant')].map((s) => s.textContent).sort());
    expect(named).toEqual(['jigsaw', 'windoku', 'x']);
    // The range column stays on one line on a phone.
    const heights = await page.$$eval('#variants tbody td.nowrap', (tds) => tds.map((td) => td.getBoundingClientRect().height));
    const rowHeight = await page.$eval('#variants tbody td', (td) => td.getBoundingClientRect().height);
    for (const h of heights) expect(h).toBeLessThanOrEqual(rowHeight + 0.5);
    expect(errors).toEqual([]);
    await page.close();
    const stats = await run(['grade', input, '--stats', '--json']);
    const parsed = JSON.parse(stats.stdout) as { variants: { variant: string; total: number; graded: number }[] };
    expect(parsed.variants.map((v) => [v.variant, v.total, v.graded])).toEqual(variants);
  });
});
