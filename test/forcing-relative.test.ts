import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid, type Board } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import { POPCOUNT } from '../src/core/tables.js';
import { nextStep } from '../src/grader/grade.js';
import { staticContradictions } from '../src/techniques/forcing/contradictions.js';
import { ChainEngine, dynamicMode, unitPositions } from '../src/techniques/forcing/engine.js';
import { seHousesOf } from '../src/techniques/forcing/se-units.js';
import { reachFilter } from '../src/techniques/forcing/reach-filter.js';
import {
  analyseGrid,
  boardAllowsContradictions,
  boardAllowsMultiple,
  listContradictions,
  prepareBoard,
  relativeAnyPasses,
  relativeFilter,
} from '../src/techniques/forcing/relative.js';
import { fixturePuzzles } from './helpers/data.js';

/*
 * The nested checks answer relative to the board's closures (relative.ts). Here they are compared
 * with the direct answers (the grid's own static contradictions and closures) on the working grids
 * where real dynamic chains run dry, on boards where the forcing chains are needed.
 */

/** A board of the puzzle once the techniques below 7.5 are stuck. */
function stuckBoard(puzzle: string): Board {
  const board = boardFromGrid(parsePuzzle(puzzle));
  for (;;) {
    const step = nextStep(board, { maxDifficulty: 7.4 });
    if (!step) return board;
    applyStep(board, step);
  }
}

/** The working grid of a dynamic chain (level 0) from `root` where it ran dry, or null on a contradiction. */
function quiescentGrid(engine: ChainEngine, root: number): Uint16Array | null {
  const run = engine.run(dynamicMode(0), root);
  if (run.conflictNode >= 0) return null;
  const grid = engine.base.slice();
  for (let i = 0; i < run.offCount; i++) {
    const pot = run.offOrder[i]! >> 1;
    grid[Math.floor(pot / 9)] = grid[Math.floor(pot / 9)]! & ~(1 << (pot % 9));
  }
  return grid;
}

describe('nested checks relative to the board', () => {
  const puzzles = fixturePuzzles('forum_hardest_1106.txt', 60);

  it('find the contradictions and the cell / region filter of the working grids exactly', () => {
    let grids = 0;
    let contradictions = 0;
    let passes = 0;
    let gridsPassing = 0;
    let gridsNotPassing = 0;
    for (const puzzle of puzzles) {
      const board = stuckBoard(puzzle);
      const engine = new ChainEngine(board);
      prepareBoard(engine, engine.generation, engine.base, engine.basePos);
      expect(boardAllowsContradictions(), puzzle).toBe(true);
      const multiple = boardAllowsMultiple();
      for (let pot = 0; pot < 729; pot += 3) {
        if ((engine.base[Math.floor(pot / 9)]! & (1 << (pot % 9))) === 0 || POPCOUNT[engine.base[Math.floor(pot / 9)]!]! < 2) continue;
        for (const root of [(pot << 1) | 1, pot << 1]) {
          const grid = quiescentGrid(engine, root);
          if (!grid) continue;
          const positions = unitPositions(seHousesOf(), grid);
          grids++;
          analyseGrid(engine.base, engine.basePos, grid, positions);
          const direct = staticContradictions(seHousesOf(), grid, positions).contradictory;
          // The contradictory nodes, by candidate, "on" before "off": those of the direct analysis.
          const listedNodes = new Int16Array(1458);
          const listed = Array.from(listedNodes.subarray(0, listContradictions(listedNodes)));
          const expectedList: number[] = [];
          for (let cell = 0; cell < 81; cell++) {
            if (POPCOUNT[grid[cell]!]! < 2) continue;
            for (let d = 0; d < 9; d++) {
              if ((grid[cell]! & (1 << d)) === 0) continue;
              for (const node of [((cell * 9 + d) << 1) | 1, (cell * 9 + d) << 1]) if (direct[node] === 1) expectedList.push(node);
            }
          }
          expect(listed, `${puzzle} root ${root}`).toEqual(expectedList);
          contradictions += listed.length;
          if (!multiple) continue;
          const sub = new ChainEngine({ values: new Uint8Array(81), candidates: grid });
          sub.computeStaticClosures();
          const expected = reachFilter(sub);
          // Asked first, before the filter has answered for any cell or region of this grid.
          const anyPasses = relativeAnyPasses();
          const actual = relativeFilter();
          let anyExpected = false;
          // The cells a static search asks about: three candidates or more (two make a double chain).
          for (let cell = 0; cell < 81; cell++) {
            if (POPCOUNT[grid[cell]!]! < 3) continue;
            expect(actual.cell(cell), `${puzzle} root ${root} cell ${cell}`).toBe(expected.cell(cell));
            if (expected.cell(cell)) passes++;
            if (expected.cell(cell)) anyExpected = true;
          }
          for (let unit = 0; unit < 27; unit++) {
            for (let digit = 1; digit <= 9; digit++) {
              if (POPCOUNT[positions[unit * 9 + digit - 1]!]! < 2) continue;
              expect(actual.region(unit, digit), `${puzzle} root ${root} region ${unit}/${digit}`).toBe(expected.region(unit, digit));
              if (expected.region(unit, digit)) passes++;
              if (expected.region(unit, digit)) anyExpected = true;
            }
          }
          expect(anyPasses, `${puzzle} root ${root}: some cell or region passes`).toBe(anyExpected);
          if (anyExpected) gridsPassing++;
          else gridsNotPassing++;
        }
      }
    }
    // The comparison saw both answers many times.
    expect(grids).toBeGreaterThan(300);
    expect(contradictions).toBeGreaterThan(50);
    expect(passes).toBeGreaterThan(50);
    expect(gridsPassing).toBeGreaterThan(20);
    expect(gridsNotPassing).toBeGreaterThan(20);
  }, 60_000);
});
