import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import { geometryOf } from '../src/core/geometry.js';
import { parseVariantLine } from '../src/formats/line.js';
import { solvePath } from '../src/grader/grade.js';
import { chainsFindNothing, chainsSearched } from '../src/techniques/chains-near.js';
import { ALL_CHAIN_KINDS, findChainStep } from '../src/techniques/chains/search.js';

/*
 * Variant grading searches the chains group only when the board's change since the last board
 * where it found nothing can have made a step (chains-near.ts). Along the grader's paths of hard
 * SukakuExplainer-rated jigsaw and X puzzles, the whole search runs on every board: where the
 * check says "nothing", it must find nothing; and the check must say so on some boards (one that
 * never does is no check), while enough boards have a step for one that always does to fail.
 */
const FIXTURES = new URL('./fixtures/variants/', import.meta.url);

describe('chains group near the change (variant grading)', () => {
  it('says "nothing" only where the whole search finds nothing', () => {
    const puzzles = readFileSync(new URL('se-rated.txt', FIXTURES), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split('\t'))
      .filter((f, i) => (f[3] === 'unreasonable' || f[3] === 'extreme') && i % 10 === 0)
      .map((f) => f[0]!);
    expect(puzzles.length).toBeGreaterThan(8);
    const tally = { boards: 0, nothing: 0, steps: 0 };
    for (const line of puzzles) {
      const { rules, givens } = parseVariantLine(line);
      const geometry = geometryOf(rules);
      const board = boardFromGrid(givens, geometry);
      let last: Uint16Array | null = null;
      for (const step of solvePath({ rules, givens })) {
        tally.boards++;
        // The whole search: what is remembered is forgotten first (a board "with a step").
        chainsSearched(board, geometry, ALL_CHAIN_KINDS, true);
        const found = findChainStep(board, { geometry });
        if (found !== null) tally.steps++;
        if (last !== null) {
          chainsSearched({ values: board.values, candidates: last }, geometry, ALL_CHAIN_KINDS, false);
          if (chainsFindNothing(board, geometry, ALL_CHAIN_KINDS)) {
            tally.nothing++;
            expect(found, `${line}: "nothing" before ${step.technique}`).toBeNull();
          }
        }
        last = found === null ? board.candidates.slice() : null;
        applyStep(board, step, geometry);
      }
    }
    expect(tally.boards).toBeGreaterThan(300);
    expect(tally.nothing).toBeGreaterThan(20);
    expect(tally.steps).toBeGreaterThan(20);
  });
});
