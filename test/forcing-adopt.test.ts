import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid, type Board } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import { POPCOUNT } from '../src/core/tables.js';
import { nextStep } from '../src/grader/grade.js';
import { RunContinuation } from '../src/techniques/forcing/continue-runs.js';
import { ChainEngine, type Run, dynamicMode } from '../src/techniques/forcing/engine.js';
import { fixturePuzzles } from './helpers/data.js';

/*
 * The engine of a board takes over the plain dynamic runs of the previous board's engine that the
 * change cannot have touched (ChainEngine.adoptRuns). Every run taken over must be the run the new
 * board would compute: same nodes in the same order, same parents, same contradiction. So must
 * every run the change touched that the new engine continues from the previous board's.
 */

const DYNAMIC = dynamicMode(0);
const PLUS = dynamicMode(1);

/**
 * Everything a run records, as JSON text: it is numbers, arrays, strings and null only, so two
 * runs record the same exactly when their texts are equal. (Compared as strings: toEqual's deep
 * walk over the runs of every root of every board took about a third of this test's time.)
 */
function snapshot(run: Run): string {
  const causes = run.causes ? [...run.causes.entries()] : [];
  const nodes = (order: Int16Array, count: number) => Array.from(order.subarray(0, count), (node) => [node, run.parentsOf(node)]);
  return JSON.stringify({
    on: nodes(run.onOrder, run.onCount),
    off: nodes(run.offOrder, run.offCount),
    conflict: run.conflictNode,
    conflictOther: run.conflictOther,
    conflictParents: Array.from(run.pool.subarray(run.conflictStart, run.conflictStart + run.conflictCount)),
    causes,
  });
}

function roots(board: Readonly<Board>): number[] {
  const out: number[] = [];
  for (let pot = 0; pot < 729; pot++) {
    const mask = board.candidates[Math.floor(pot / 9)]!;
    if (POPCOUNT[mask]! < 2 || (mask & (1 << (pot % 9))) === 0) continue;
    out.push((pot << 1) | 1, pot << 1);
  }
  return out;
}

describe('dynamic runs carried over to the next board', () => {
  // Lines 1, 151 and 301 of 375 (every 75th before: five puzzles): 33 boards, 11,418 runs carried
  // over and 2,606 continued, well above the floors below, at 3/5 of the cost.
  const puzzles = fixturePuzzles('forum_hardest_1106.txt', 150);

  it('are the runs the next board computes, and so are the runs built on them', () => {
    let adopted = 0;
    let continued = 0;
    let steps = 0;
    for (const puzzle of puzzles) {
      const board = boardFromGrid(parsePuzzle(puzzle));
      let previous: ChainEngine | null = null;
      for (let n = 0; n < 12; n++) {
        const step = nextStep(board);
        if (!step) break;
        applyStep(board, step);
        // (The grader continues runs on variant rules only; here on classic grids, where the rules change nothing.)
        const engine = new ChainEngine(board, undefined, new RunContinuation());
        if (previous) {
          engine.adoptRuns(previous);
          previous.release();
          const fresh = new ChainEngine(board);
          for (const root of roots(board)) {
            const carried = engine.peekRun(DYNAMIC, root);
            if (!carried) continue;
            adopted++;
            expect(snapshot(carried), `${puzzle} step ${n} root ${root}`).toBe(snapshot(fresh.run(DYNAMIC, root)));
          }
          // The runs the change touched, continued from the previous board's where they stay the
          // same (see adoptRuns), or computed.
          const before = engine.continuation!.continued;
          for (const root of roots(board)) {
            expect(snapshot(engine.run(DYNAMIC, root)), `${puzzle} step ${n} root ${root} (continued)`).toBe(snapshot(fresh.run(DYNAMIC, root)));
          }
          continued += engine.continuation!.continued - before;
          // The runs with the simple rules too, continued from those (where the rules found nothing on
          // the previous board, they are asked only about the change).
          for (const root of roots(board)) {
            expect(snapshot(engine.run(PLUS, root)), `${puzzle} step ${n} root ${root} (+)`).toBe(snapshot(fresh.run(PLUS, root)));
          }
          fresh.release();
          steps++;
        }
        for (const root of roots(board)) {
          engine.run(DYNAMIC, root);
          engine.run(PLUS, root);
        }
        previous = engine;
      }
      previous?.release();
    }
    expect(steps).toBeGreaterThan(20);
    expect(adopted).toBeGreaterThan(1000);
    expect(continued).toBeGreaterThan(1000);
  }, 120_000);
});
