import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { applyStep, boardFromGrid, cloneBoard } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { CHAIN_TECHNIQUES } from '../src/techniques/chains.js';
import { findChainStep } from '../src/techniques/chains/search.js';
import { findForcingStep } from '../src/techniques/forcing.js';
import { applySingles, positionAfterSingles, trainingPuzzles, variantGeometry } from './helpers/variant-positions.js';

/*
 * Chains and forcing chains over a variant's houses (jigsaw regions, X diagonals), on the training
 * puzzles rated by SukakuExplainer: no step removes a digit of the solution or places a wrong one,
 * and the extra houses give links that classic houses do not (fixture).
 */

const HARD = new Set(['advanced', 'extreme', 'unreasonable']);
const PUZZLES = [...trainingPuzzles('jigsaw'), ...trainingPuzzles('x')].filter((p) => HARD.has(p.level));

function expectSound(step: Step | null, solution: string, what: string): void {
  if (step === null) return;
  for (const { cell, digit } of step.eliminations) expect(Number(solution[cell]), `${what}: removes r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1} ${digit}`).not.toBe(digit);
  for (const { cell, digit } of step.placements) expect(Number(solution[cell]), `${what}: places ${digit}`).toBe(digit);
}

describe('chains on jigsaw and X training puzzles', () => {
  test('the fixture holds the 150 hard training puzzles (75 jigsaw, 75 X)', () => {
    expect(PUZZLES.filter((p) => p.variant === 'jigsaw').length).toBe(75);
    expect(PUZZLES.filter((p) => p.variant === 'x').length).toBe(75);
  });

  test('every chain step keeps the solution (positions after singles, then after each step)', () => {
    let steps = 0;
    for (const puzzle of PUZZLES) {
      const context = { uniqueness: false, geometry: puzzle.geometry };
      const board = positionAfterSingles(puzzle);
      // Up to four positions per puzzle: after singles, then after each easiest chain step.
      for (let round = 0; round < 4; round++) {
        let first: Step | null = null;
        for (const technique of CHAIN_TECHNIQUES) {
          const step = technique.find(board, context);
          expectSound(step, puzzle.solution, `${puzzle.variant} ${puzzle.givens} ${technique.id}`);
          if (step) steps++;
          first ??= step;
        }
        if (first === null) break;
        applyStep(board, first, puzzle.geometry);
        applySingles(board, puzzle.geometry);
      }
    }
    expect(steps).toBeGreaterThan(20);
  }, 300_000);

  test('forcing chains (nishio, cell / region, dynamic) keep the solution', () => {
    let steps = 0;
    // Four puzzles of each variant and hard level.
    const picked = PUZZLES.filter((p, i) => PUZZLES.findIndex((q) => q.variant === p.variant && q.level === p.level) + 4 > i);
    for (const puzzle of picked) {
      const board = positionAfterSingles(puzzle);
      for (const id of ['nishio-forcing-chains', 'multiple-forcing-chains', 'dynamic-forcing-chains', 'dynamic-forcing-chains-plus']) {
        const step = findForcingStep(id, board, { geometry: puzzle.geometry, budget: 300_000 });
        expectSound(step, puzzle.solution, `${puzzle.variant} ${puzzle.givens} ${id}`);
        if (step && !step.truncated) steps++;
      }
    }
    expect(steps).toBeGreaterThan(10);
  }, 600_000);
});

/*
 * test/fixtures/techniques-chains-variants.txt, one case per line:
 *   variant|givens|regions (jigsaw) or -|technique|eliminations (r1c2=3 ...)|house
 * on the position after the puzzle's singles: the chain step found there (the easiest of its kind)
 * links through `house` (a diagonal of X, a jigsaw region that is not a 3x3 box), and classic
 * houses alone do not give that step.
 */
const CASES = readFileSync(new URL('fixtures/techniques-chains-variants.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [variant, givens, regions, technique, eliminations, house] = line.split('|');
    return { variant: variant!, givens: givens!, regions: regions === '-' ? null : regions!, technique: technique!, eliminations: eliminations!, house: Number(house) };
  });

const name = (c: { cell: number; digit: number }): string => `r${Math.floor(c.cell / 9) + 1}c${(c.cell % 9) + 1}=${c.digit}`;

describe('chains that only a variant house gives', () => {
  test.each(CASES)('$variant $technique through house $house', (c) => {
    const geometry = variantGeometry(c.regions);
    const board = boardFromGrid(c.givens, geometry);
    applySingles(board, geometry);
    const technique = CHAIN_TECHNIQUES.find((t) => t.id === c.technique)!;
    const step = technique.find(cloneBoard(board), { uniqueness: false, geometry });
    expect(step).not.toBeNull();
    expect(step!.eliminations.map(name).join(' ')).toBe(c.eliminations);
    const houses = step!.chains!.flatMap((chain) => chain.nodes.map((node) => node.unit));
    expect(houses).toContain(c.house);
    // The same candidates with classic houses only: not this step.
    const classic = findChainStep(board);
    expect(classic === null || classic.eliminations.map(name).join(' ') !== c.eliminations || classic.technique !== c.technique).toBe(true);
  });
});
