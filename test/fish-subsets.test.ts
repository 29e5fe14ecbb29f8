import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import { classicGeometry, geometryOf } from '../src/core/geometry.js';
import { parsePuzzle } from '../src/core/parse.js';
import { buildRules } from '../src/rules/index.js';
import { FISH_TECHNIQUES } from '../src/techniques/fish.js';
import { nextBasicStep } from './helpers/soundness.js';

/*
 * Classic grading looks for fish over line sets in SE's plain order (fish.ts); variant grading,
 * through the variant link, visits only the subsets of each digit's possible base lines
 * (fish-subsets.ts). Fish read rows and columns only, so on an X-sudoku geometry (classic houses
 * plus the diagonals) the same board must give the same fish both ways: checked on the boards of
 * basic solving paths, where fish are many.
 */
describe('fish by base-line subsets', () => {
  it('finds the fish of the plain search', () => {
    const x = geometryOf(buildRules({ size: 9, diagonalDown: true, diagonalUp: true }));
    expect(x.classic).toBe(false);
    const lines = readFileSync(new URL('./fixtures/data/top1465.txt', import.meta.url), 'utf8').split('\n').filter(Boolean).slice(0, 120);
    let boards = 0;
    let found = 0;
    for (const line of lines) {
      const board = boardFromGrid(parsePuzzle(line));
      for (let n = 0; n < 60; n++) {
        for (const fish of FISH_TECHNIQUES) {
          const plain = fish.find(board, { uniqueness: false, geometry: classicGeometry() });
          expect(fish.find(board, { uniqueness: false, geometry: x }), `${line} board ${n} ${fish.id}`).toEqual(plain);
          if (plain) found++;
        }
        boards++;
        const step = nextBasicStep(board);
        if (!step) break;
        applyStep(board, step);
      }
    }
    expect(boards).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(30);
  });
});
