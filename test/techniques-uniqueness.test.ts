import { readFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid, cloneBoard, type Board } from '../src/core/board.js';
import type { Grid } from '../src/core/grid.js';
import { parsePuzzle } from '../src/core/parse.js';
import type { Step } from '../src/core/step.js';
import { CELL_UNITS, POPCOUNT, sees } from '../src/core/tables.js';
import {
  LOOP_SEARCH_BUDGET,
  UNIQUENESS_TECHNIQUES,
  findBugPattern,
  findEasiestUniqueLoop,
  findLoops,
  loopBaseTenths,
  loopSearchStats,
} from '../src/techniques/uniqueness.js';
import { Solver } from '../src/solver/index.js';
import { expectSound, nextBasicStep } from './helpers/soundness.js';
import { expectCaseStep, expectEveryTechniqueCovered, readTechniqueCases, stepResult } from './helpers/technique-fixtures.js';

const FIXTURES = new URL('./fixtures/techniques-uniqueness.txt', import.meta.url);
const DATA = new URL('./fixtures/data/', import.meta.url);
const ON = { uniqueness: true };
const OFF = { uniqueness: false };

const solver = new Solver();

/** The number of solutions (up to 2) and the first one, from the counting solver. */
function solveCount(grid: Grid): { count: number; solution: Uint8Array | null } {
  const count = solver.count(grid, 2);
  return { count, solution: count === 0 ? null : solver.solution.slice() };
}

/** Expected difficulty of each case: the number after the id in the comment line above it. */
function gridOf(board: Readonly<Board>): Grid {
  return Uint8Array.from(board.values);
}

/** Whether `cells` form a unique loop on the two digits: linked round, each unit twice, at both parities. */
function isLoop(board: Readonly<Board>, cells: readonly number[], pair: number): boolean {
  if (cells.length < 4 || cells.length % 2 !== 0) return false;
  const perUnit = new Map<number, number[]>();
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if ((board.candidates[cell]! & pair) !== pair) return false;
    if (!sees(cell, cells[(i + 1) % cells.length]!)) return false;
    for (let k = 0; k < 3; k++) {
      const u = CELL_UNITS[cell * 3 + k]!;
      perUnit.set(u, [...(perUnit.get(u) ?? []), i % 2]);
    }
  }
  return [...perUnit.values()].every((p) => p.length === 2 && p[0] !== p[1]);
}

const cases = readTechniqueCases(FIXTURES.pathname);
const byId = new Map(UNIQUENESS_TECHNIQUES.map((def) => [def.id, def]));

describe('uniqueness technique fixtures', () => {
  it('has at least two instances of every technique', () => expectEveryTechniqueCovered(cases, UNIQUENESS_TECHNIQUES));

  it.each(cases.map((c) => [`line ${c.line}: ${c.technique}`, c] as const))('%s', (_name, c) => {
    const def = byId.get(c.technique);
    expect(def, c.technique).toBeDefined();
    const step = expectCaseStep(c, (board) => def!.find(board, ON), { difficulty: true });
    expect(step.difficulty).toBeGreaterThanOrEqual(def!.difficulty);
    expect(step.difficulty).toBeLessThanOrEqual(def!.maxDifficulty);
    // Off when uniqueness may not be assumed.
    expect(def!.find(c.board, OFF)).toBeNull();
    // Verified against the one solution of the state's givens.
    const { count, solution } = solveCount(gridOf(c.board));
    expect(count).toBe(1);
    for (const e of step.eliminations) expect(solution![e.cell], `r${Math.floor(e.cell / 9) + 1}c${(e.cell % 9) + 1}`).not.toBe(e.digit);
    // Loops of types 1, 2 and 4 name exactly the loop's cells, in loop order.
    if (/^unique-(rectangle|loop)-[124]$/.test(c.technique)) {
      const pair = (1 << (step.pattern.digits[0]! - 1)) | (1 << (step.pattern.digits[1]! - 1));
      expect(isLoop(c.board, step.pattern.cells, pair)).toBe(true);
      expect(step.pattern.cells.length === 4).toBe(c.technique.startsWith('unique-rectangle'));
      expect(step.difficulty).toBe(loopBaseTenths(step.pattern.cells.length) / 10);
    }
  });
});

describe('unique loops', () => {
  it('rates loops by length as SE does', () => {
    expect([4, 6, 8, 10, 12, 14].map(loopBaseTenths)).toEqual([45, 46, 47, 50, 50, 50]);
  });

  it('finds the textbook rectangle type 1', () => {
    // r1c1, r1c4, r2c1, r2c4 hold {1,2}; r2c4 also 3: it cannot be 1 or 2.
    const board = boardFromGrid(new Uint8Array(81));
    const pair = 0b11;
    const corners = [0, 3, 9, 12];
    for (const cell of corners) board.candidates[cell] = pair;
    board.candidates[12] = pair | 0b100;
    // Only the four cells hold both 1 and 2, so no other loop interferes.
    for (let cell = 0; cell < 81; cell++) if (!corners.includes(cell)) board.candidates[cell] = (0x1ff & ~pair) | 0b01;
    const step = byId.get('unique-rectangle-1')!.find(board, ON)!;
    expect(step).not.toBeNull();
    expect(stepResult(step)).toEqual(['r2c4-1', 'r2c4-2']);
    expect(step.pattern.cells.slice().sort((a, b) => a - b)).toEqual(corners);
    expect(step.difficulty).toBe(4.5);
    // Inside one box the same four cells are no loop (the box would hold all four).
    const inBox = cloneBoard(board);
    for (const cell of corners) inBox.candidates[cell] = (0x1ff & ~pair) | 0b01;
    for (const cell of [0, 1, 9]) inBox.candidates[cell] = pair;
    inBox.candidates[10] = pair | 0b100;
    expect(byId.get('unique-rectangle-1')!.find(inBox, ON)).toBeNull();
    expect(findEasiestUniqueLoop(board)).toEqual(step);
  });

  it('lists every valid loop once', () => {
    const c = cases.find((x) => x.technique === 'unique-loop-2' && x.difficulty === 5)!;
    const loops = findLoops(c.board);
    const keys = loops.map((l) => l.cells.slice().sort((a, b) => a - b).join(','));
    expect(new Set(keys).size).toBe(keys.length);
    for (const l of loops) expect(isLoop(c.board, l.cells, l.pair)).toBe(true);
    expect(loops.some((l) => l.cells.length === 10)).toBe(true);
  });
});

describe('bounded search', () => {
  it('stops at its node budget on a pathological board and says so', () => {
    // Every cell {1,2} (not a real state): countless loops. The search stops at its budget.
    const board = boardFromGrid(parsePuzzle('.'.repeat(81)));
    board.candidates.fill(0b11);
    board.candidates[40] = 0b111;
    const step = byId.get('unique-rectangle-1')!.find(board, ON);
    expect(loopSearchStats.nodes).toBeGreaterThan(LOOP_SEARCH_BUDGET);
    expect(step === null || step.truncated === true).toBe(true);
  });
});

describe('BUG', () => {
  it('names the BUG candidates of a BUG + 1 state', () => {
    const c = cases.find((x) => x.technique === 'bug-1')!;
    const p = findBugPattern(c.board)!;
    expect(p.cells).toHaveLength(1);
    expect(POPCOUNT[c.board.candidates[p.cells[0]!]! & ~p.all]).toBe(2);
  });

  it('is not fooled by a state that is not a BUG', () => {
    expect(findBugPattern(boardFromGrid(parsePuzzle('.'.repeat(81))))).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Soundness: walk puzzles with the grader's basic techniques (singles to XYZ-wing) and ours, thinning
// candidates at random (only false ones) when nothing applies. At every state past the singles,
// every uniqueness technique runs and none may remove the solution's digit.

describe('soundness over top1465', () => {
  // Every puzzle of the file (about 8 s on one core).
  it('never eliminates a solution digit', () => {
    const puzzles = readFileSync(new URL('top1465.txt', DATA), 'utf8').split('\n').filter(Boolean).slice(0, 1465);
    const rng = seedrandom('uniqueness-soundness');
    const checked = new Map<string, number>();
    for (const [index, line] of puzzles.entries()) {
      const grid = parsePuzzle(line);
      const { count, solution } = solveCount(grid);
      expect(count).toBe(1);
      const board = boardFromGrid(grid);
      for (let iter = 0; iter < 300; iter++) {
        if (board.values.every((v) => v !== 0)) break;
        const basic = nextBasicStep(board);
        if (basic !== null && basic.difficulty <= 2.3) {
          applyStep(board, basic);
          continue;
        }
        let first: Step | null = null;
        for (const def of UNIQUENESS_TECHNIQUES) {
          const step = def.find(board, ON);
          if (step === null) continue;
          expectSound(step, solution!, `puzzle ${index + 1}`);
          checked.set(def.id, (checked.get(def.id) ?? 0) + 1);
          first ??= step;
        }
        const easiest = findEasiestUniqueLoop(board);
        if (easiest !== null) expectSound(easiest, solution!, `puzzle ${index + 1}`);
        expect(loopSearchStats.nodes).toBeLessThanOrEqual(LOOP_SEARCH_BUDGET);
        const step = basic ?? first;
        if (step !== null) {
          applyStep(board, step);
          continue;
        }
        // Stuck: remove a few false candidates to reach a new state.
        for (let k = 0; k < 6; k++) {
          const cell = Math.floor(rng() * 81);
          const wrong = board.candidates[cell]! & ~(1 << (solution![cell]! - 1));
          if (board.values[cell] !== 0 || wrong === 0) continue;
          let pick = Math.floor(rng() * POPCOUNT[wrong]!);
          let m = wrong;
          while (pick-- > 0) m &= m - 1;
          board.candidates[cell] = board.candidates[cell]! & ~(m & -m);
        }
      }
      expect(board.values.every((v, cell) => v === 0 || v === solution![cell])).toBe(true);
    }
    // Not vacuous: every type was checked on many steps (loops and BUG are rarer).
    for (const id of ['unique-rectangle-1', 'unique-rectangle-2', 'unique-rectangle-3', 'unique-rectangle-4']) {
      expect(checked.get(id) ?? 0, id).toBeGreaterThan(50);
    }
    for (const id of ['unique-loop-1', 'unique-loop-2', 'unique-loop-3', 'unique-loop-4', 'bug-1', 'bug-3', 'bug-4']) {
      expect(checked.get(id) ?? 0, id).toBeGreaterThan(0);
    }
  });
});
