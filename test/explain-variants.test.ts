/**
 * Steps on variant boards (issue 27 part 3): the explain page and its boards under the rules. The
 * steps are built by hand on a jigsaw and an X puzzle (the grader's variant steps come from another
 * branch): a hidden single in a jigsaw region or on a diagonal, and a two-link chain with an
 * elimination. Checked on the scene's geometry, then on the page in Chromium.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid, type Board } from '../src/core/board.js';
import { geometryOf } from '../src/core/geometry.js';
import type { Step } from '../src/core/step.js';
import { variantBoardScene, variantStepScene, DrawError, type Primitive, type Scene } from '../src/draw/index.js';
import type { Grade } from '../src/grader/grade.js';
import { explainPathPage } from '../src/pages/index.js';
import { classicRules, withDisjointGroups, type Rules } from '../src/rules/index.js';
import { launchBrowser } from './helpers/browser.js';
import { describeWithTool } from './helpers/system-tools.js';
import { variantPuzzle } from './helpers/variant-svg.js';

const bit = (digit: number) => 1 << (digit - 1);

/** A hidden single in one of the houses from `first` on (regions 18.., diagonals 27..), else a naked single in one. */
function hiddenSingle(rules: Rules, board: Board, first: number, solution: ArrayLike<number>): Step {
  for (let house = first; house < rules.houses.length; house++) {
    const cells = rules.houses[house]!;
    for (let digit = 1; digit <= 9; digit++) {
      const places = [...cells].filter((cell) => board.values[cell] === 0 && board.candidates[cell]! & bit(digit));
      if (places.length !== 1) continue;
      const cell = places[0]!;
      return { technique: 'hidden-single-box', difficulty: 1.2, placements: [{ cell, digit }], eliminations: [], pattern: { cells: [cell], digits: [digit], units: [house] } };
    }
  }
  // None yet (an X puzzle's diagonals at the start): the solution's digit in an empty cell of
  // one of those houses, placed as a single would place it (a drawing test: the marks, not the logic).
  for (let house = first; house < rules.houses.length; house++) {
    for (const cell of rules.houses[house]!) {
      if (board.values[cell] !== 0) continue;
      const digit = solution[cell]!;
      return { technique: 'naked-single', difficulty: 2.3, placements: [{ cell, digit }], eliminations: [], pattern: { cells: [cell], digits: [digit], units: [house] } };
    }
  }
  throw new Error('no single');
}

/**
 * A strong link in a house from `first` on (a digit with two places: if not the first, the
 * second), then the digit struck from a peer of the second that is in no house with the first.
 */
function chainStep(rules: Rules, board: Board, first: number): Step {
  const peers = (a: number, b: number) => a !== b && rules.housesOf[a]!.some((h) => rules.houses[h]!.includes(b));
  for (let house = first; house < rules.houses.length; house++) {
    for (let digit = 1; digit <= 9; digit++) {
      const places = [...rules.houses[house]!].filter((cell) => board.values[cell] === 0 && board.candidates[cell]! & bit(digit));
      if (places.length !== 2) continue;
      const [a, b] = places as [number, number];
      for (let e = 0; e < 81; e++) {
        if (!(board.candidates[e]! & bit(digit)) || board.values[e] !== 0 || !peers(b, e) || peers(a, e) || e === a) continue;
        return {
          technique: 'forcing-x-chain',
          difficulty: 6.6,
          placements: [],
          eliminations: [{ cell: e, digit }],
          pattern: { cells: [a, b], digits: [digit], units: [house] },
          chains: [{ nodes: [{ cell: a, digit, on: false }, { cell: b, digit, on: true, unit: house }, { cell: e, digit, on: false }] }],
        };
      }
    }
  }
  throw new Error('no strong link');
}

function byClass(scene: Scene, cls: string): Primitive[] {
  return scene.primitives.filter((p) => p.meta?.cls === cls);
}

/** The grade a variant grader would give the hand-made path (its two steps). */
const GRADE: Grade = { rating: 6.6, pearl: 1.2, diamond: 1.2, level: 'expert' as Grade['level'], hardest: 'forcing-x-chain', counts: { 'hidden-single-box': 1, 'forcing-x-chain': 1 }, steps: 2, guesses: 0, solver: { nodes: 0, guesses: 0 }, lowerBound: false, unique: true };

const CASES = [
  { name: 'jigsaw', first: 18, lines: 'region-border' },
  { name: 'x', first: 27, lines: 'diagonal' },
] as const;

function setUp(name: 'jigsaw' | 'x', first: number) {
  const p = variantPuzzle(name);
  const geometry = geometryOf(p.rules);
  const board = boardFromGrid(p.givens, geometry);
  const single = hiddenSingle(p.rules, board, first, p.solution);
  const chain = chainStep(p.rules, board, first);
  return { p, geometry, board, single, chain };
}

describe('a step drawn under the rules', () => {
  it.each(CASES)('$name: the rules\' lines, the unit marked cell by cell, placements, eliminations, arrows; each digit once', ({ name, first, lines }) => {
    const { p, board, single, chain } = setUp(name, first);
    const picture = { rules: p.rules, givens: p.givens, values: board.values, candidates: board.candidates };
    const one = variantStepScene(picture, { step: single, size: 540, layers: { coordinates: true } });
    expect(byClass(one, lines).length).toBeGreaterThan(0);
    const unit = byClass(one, 'mark-unit');
    expect(unit).toHaveLength(9);
    expect(new Set(unit.map((u) => u.meta!.data!['unit']))).toEqual(new Set([single.pattern.units[0]]));
    expect(byClass(one, 'mark-unit-outline')).toHaveLength(1);
    expect(byClass(one, 'mark-digit').map((d) => d.meta!.data!['cell'])).toEqual([single.placements[0]!.cell]);
    // the variant drawing's digits are not written twice
    const givenCells = byClass(one, 'given').map((g) => g.meta!.data!['cell']);
    expect(givenCells).toHaveLength(p.givens.filter((v) => v !== 0).length);
    expect(new Set(givenCells).size).toBe(givenCells.length);
    // the marks sit over the rules' lines and tints: lines before the first digit
    const firstDigit = one.primitives.findIndex((q) => q.meta?.cls === 'given');
    expect(one.primitives.findLastIndex((q) => q.meta?.cls === lines)).toBeLessThan(firstDigit);
    if (name === 'jigsaw') {
      // no classic box line where a region runs across a multiple of 3
      expect(one.primitives.filter((q) => q.type === 'line' && q.meta === undefined && (q.strokeWidth ?? 0) > 2)).toEqual([]);
    }
    const two = variantStepScene(picture, { step: chain, size: 540, layers: { coordinates: true } });
    expect(byClass(two, 'mark-strike')).toHaveLength(1);
    expect(byClass(two, 'mark-arrow')).toHaveLength(2);
    expect(byClass(two, lines).length).toBeGreaterThan(0);
  });

  it('killer: the cages and their sums, and no pencil mark under a sum (the marks of a labelled cell sit lower)', () => {
    const p = variantPuzzle('killer');
    const board = boardFromGrid(p.givens, geometryOf(p.rules));
    const scene = variantStepScene({ rules: p.rules, givens: p.givens, values: board.values, candidates: board.candidates }, { size: 540, layers: { coordinates: true } });
    expect(byClass(scene, 'cage')).toHaveLength(p.rules.cages.length);
    const sums = byClass(scene, 'cage-sum-box') as (Primitive & { type: 'rect' })[];
    expect(sums.length).toBeGreaterThan(0);
    const small = scene.primitives.filter((q): q is Primitive & { type: 'text' } => q.type === 'text' && q.meta?.cls === 'candidate' && q.size < 540 / 9.5 / 3);
    expect(small.length).toBeGreaterThan(81);
    for (const t of small) {
      // the glyph's box: its width about 0.6 of its size, from the baseline up 0.73
      const box = { x0: t.x - t.size * 0.3, x1: t.x + t.size * 0.3, y0: t.y - t.size * 0.73, y1: t.y };
      for (const s of sums) expect(box.x1 > s.x && box.x0 < s.x + s.width && box.y1 > s.y && box.y0 < s.y + s.height, `pencil mark ${t.text} under a sum`).toBe(false);
    }
  });

  it('a step needs a 9x9 board', () => {
    const p = variantPuzzle('6x6');
    expect(() => variantStepScene({ rules: p.rules, givens: p.givens })).toThrow(DrawError);
  });
});

describe('disjoint groups (issue 27): a light dot per cell, placed as the cell sits in its box', () => {
  it('the nine cells of a group have their dots at one place in the cell, each group at its own; grey', () => {
    const rules = withDisjointGroups(classicRules(9));
    for (const theme of ['color', 'grey'] as const) {
      const scene = variantBoardScene({ rules, givens: new Uint8Array(81) }, { size: 450, theme });
      const dots = scene.primitives.filter((q): q is Primitive & { type: 'circle' } => q.type === 'circle' && q.meta?.cls === 'disjoint-group');
      expect(dots).toHaveLength(81);
      const c = (450 - 2 * 450 * 0.012) / 9;
      const left = 450 * 0.012;
      const placeOf = (d: (typeof dots)[number]) => {
        const cell = Number(d.meta!.data!['cell']);
        return `${((d.cx - left - (cell % 9) * c) / c).toFixed(2)},${((d.cy - left - Math.floor(cell / 9) * c) / c).toFixed(2)}`;
      };
      const places = new Map<number, Set<string>>();
      for (const d of dots) {
        const group = Number(d.meta!.data!['group']);
        const cell = Number(d.meta!.data!['cell']);
        // group k is the k-th cell of each box
        expect(group).toBe((Math.floor(cell / 9) % 3) * 3 + (cell % 3));
        if (!places.has(group)) places.set(group, new Set());
        places.get(group)!.add(placeOf(d));
      }
      for (const set of places.values()) expect(set.size).toBe(1);
      expect(new Set([...places.values()].map((s) => [...s][0])).size).toBe(9);
      // light; in the grey theme a grey
      for (const d of dots) {
        const [r, g, b] = [1, 3, 5].map((k) => parseInt(d.fill!.slice(k, k + 2), 16));
        expect(0.299 * r! + 0.587 * g! + 0.114 * b!).toBeGreaterThan(160);
        if (theme === 'grey') expect(r === g && g === b, `${d.fill} is a grey`).toBe(true);
      }
      // small and light: well under a pencil mark's size
      expect(dots[0]!.r).toBeLessThan(c * 0.05);
    }
  });
});

describeWithTool('chromium', 'explain page of a variant puzzle (issue 27 part 3)', () => {
  it.each(CASES)('$name: the page renders, the shown boards have the rules\' lines and the step\'s marks', async ({ name, first, lines }) => {
    const { p, geometry, single, chain } = setUp(name, first);
    // a path: the hidden single, then the chain (on the board after the single)
    const after = boardFromGrid(p.givens, geometry);
    applyStep(after, single, geometry);
    const chain2 = chainStep(p.rules, after, first);
    expect(chain).toBeDefined();
    const page = explainPathPage({ puzzle: p.givens, rules: p.rules, grade: GRADE, steps: [single, chain2], label: `${name} by hand` });
    expect(page.outcome.status).toBe('graded');
    const file = join(mkdtempSync(join(tmpdir(), 'sudoku-variant-page-')), `${name}.html`);
    writeFileSync(file, page.html);
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(String(e)));
      await tab.setViewport({ width: 1280, height: 900 });
      const shown = async (n: number) => {
        // a new document each time: a change of hash alone does not run the page's script again
        await tab.goto('about:blank');
        await tab.goto(`${pathToFileURL(file).href}#step-${n}`);
        return tab.evaluate((cls) => {
          const svg = document.querySelector('.step:not([hidden]) .board:not([hidden]) svg')!;
          const count = (c: string) => svg.querySelectorAll(`.${c}`).length;
          return { lines: count(cls), unit: count('mark-unit'), placed: count('mark-digit'), struck: count('mark-strike'), arrows: count('mark-arrow'), legend: document.querySelector('.step:not([hidden]) .legend')?.textContent ?? '', width: svg.getBoundingClientRect().width };
        }, lines);
      };
      const start = await shown(0);
      expect(start.lines).toBeGreaterThan(0);
      expect(start.legend).toMatch(name === 'jigsaw' ? /heavy lines: the regions/ : /grey diagonals/);
      const one = await shown(1);
      expect(one).toMatchObject({ unit: 9, placed: 1 });
      expect(one.lines).toBeGreaterThan(0);
      const two = await shown(2);
      expect(two).toMatchObject({ struck: 1, arrows: 2 });
      expect(two.width).toBeGreaterThan(400);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('the explain page names houses under the rules (as `explain` does)', () => {
  it('a hidden single in a jigsaw region reads "region N" on the page, not the classic box of its number', () => {
    const { p, geometry, single } = setUp('jigsaw', 18);
    expect(single.technique).toBe('hidden-single-box');
    const house = single.pattern.units[0]!;
    const region = geometry.regionOf[geometry.houseCells[house * 9]!]! + 1;
    const page = explainPathPage({ puzzle: p.givens, rules: p.rules, grade: GRADE, steps: [single], label: 'jigsaw by hand' });
    const line = /<h2><span class="difficulty">1\.2<\/span>[^<]*<\/h2><p class="line">([^<]*)<\/p>/.exec(page.html)?.[1];
    expect(line).toBeDefined();
    expect(line).toContain(`region ${region}`);
    expect(line).not.toMatch(/\bbox \d/);
  });
});

describe('the explain page says what the board\'s marks mean', () => {
  it('odd/even: the legend names the grey circles (odd) and squares (even); a plain X board has no such line', () => {
    const p = variantPuzzle('oddeven');
    expect(p.rules.startMasks).not.toBeNull();
    const page = explainPathPage({ puzzle: p.givens, rules: p.rules, grade: GRADE, steps: [], label: 'oddeven' });
    const legend = /<p class="legend">The board: ([^<]*)<\/p>/.exec(page.html)?.[1];
    expect(legend).toBe('grey circles: odd digits (1, 3, 5, 7, 9); grey squares: even digits (2, 4, 6, 8).');
    const x = variantPuzzle('x');
    expect(explainPathPage({ puzzle: x.givens, rules: x.rules, grade: GRADE, steps: [] }).html).not.toContain('grey circles');
  });
});
