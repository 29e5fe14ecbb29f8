import { readFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid, cloneBoard, type Board } from '../src/core/board.js';
import { parsePuzzle } from '../src/core/parse.js';
import type { Step } from '../src/core/step.js';
import { POPCOUNT, sees } from '../src/core/tables.js';
import { Solver } from '../src/solver/index.js';
import {
  EXCLUSION_TECHNIQUES,
  findAlignedPairExclusion,
  findAlignedTripleExclusion,
  forgetAlignedPairBoard,
  forgetAlignedTripleBoard,
} from '../src/techniques/exclusion.js';
import { nextBasicStep } from './helpers/soundness.js';
import { expectCaseStep, expectEveryTechniqueCovered, readTechniqueCases } from './helpers/technique-fixtures.js';

const FIXTURES = new URL('./fixtures/techniques-exclusion.txt', import.meta.url);
const DATA = new URL('./fixtures/data/', import.meta.url);
const ON = { uniqueness: true };
const solver = new Solver();

/** Expected difficulty of each case: the number after the id in the comment line above it. */
/**
 * Independent check of an exclusion step, by brute force over the base cells' combinations: every
 * eliminated candidate appears in no combination that is free of repeated digits among cells that
 * see each other and leaves every common excluder (2..maxExcluder candidates) a candidate.
 */
function bruteForceAllows(board: Readonly<Board>, bases: readonly number[], maxExcluder: number): number[] {
  const excluders: number[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const k = POPCOUNT[board.candidates[cell]!]!;
    if (k >= 2 && k <= maxExcluder && bases.every((b) => sees(b, cell))) excluders.push(cell);
  }
  const allowed = bases.map(() => 0);
  const values: number[] = [];
  const walk = (i: number): void => {
    if (i === bases.length) {
      for (let x = 0; x < bases.length; x++) {
        for (let y = x + 1; y < bases.length; y++) if (values[x] === values[y] && sees(bases[x]!, bases[y]!)) return;
      }
      const used = values.reduce((m, d) => m | (1 << (d - 1)), 0);
      if (excluders.some((e) => (board.candidates[e]! & ~used) === 0)) return;
      values.forEach((d, x) => (allowed[x] = allowed[x]! | (1 << (d - 1))));
      return;
    }
    for (let d = 1; d <= 9; d++) {
      if ((board.candidates[bases[i]!]! & (1 << (d - 1))) === 0) continue;
      values[i] = d;
      walk(i + 1);
    }
  };
  walk(0);
  return allowed;
}

const cases = readTechniqueCases(FIXTURES.pathname);
const byId = new Map(EXCLUSION_TECHNIQUES.map((def) => [def.id, def]));

describe('exclusion technique fixtures', () => {
  it('has at least two instances of every technique', () => expectEveryTechniqueCovered(cases, EXCLUSION_TECHNIQUES));

  it.each(cases.map((c) => [`line ${c.line}: ${c.technique}`, c] as const))('%s', (_name, c) => {
    const def = byId.get(c.technique)!;
    expect(def).toBeDefined();
    const step = expectCaseStep(c, (board) => def.find(board, ON), { difficulty: true });
    // Not a uniqueness technique: same answer without the uniqueness assumption.
    expect(def.find(c.board, { uniqueness: false })).toEqual(step);
    const count = solver.count(Uint8Array.from(c.board.values), 2);
    expect(count).toBe(1);
    for (const e of step.eliminations) expect(solver.solution[e.cell]).not.toBe(e.digit);
    // The eliminations are exactly what brute force over the base cells allows.
    const size = c.technique === 'aligned-pair-exclusion' ? 2 : 3;
    const bases = step.pattern.cells.slice(0, size);
    const allowed = bruteForceAllows(c.board, bases, size);
    const removed = bases.map((cell, i) => c.board.candidates[cell]! & ~allowed[i]!);
    for (const e of step.eliminations) {
      const i = bases.indexOf(e.cell);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(removed[i]! & (1 << (e.digit - 1))).not.toBe(0);
    }
    expect(removed.reduce((n, m) => n + POPCOUNT[m]!, 0)).toBe(step.eliminations.length);
  });
});

describe('aligned exclusion search space', () => {
  it.each(cases.map((c) => [`line ${c.line}: ${c.technique}`, c] as const))('%s uses base cells SE would use', (_name, c) => {
    const size = c.technique === 'aligned-pair-exclusion' ? 2 : 3;
    const step = byId.get(c.technique)!.find(c.board, ON)!;
    const bases = step.pattern.cells.slice(0, size);
    const k = (cell: number) => POPCOUNT[c.board.candidates[cell]!]!;
    // Two or more common excluders (2..size candidates, seeing every base cell).
    let common = 0;
    for (let cell = 0; cell < 81; cell++) {
      if (k(cell) >= 2 && k(cell) <= size && bases.every((b) => sees(b, cell))) common++;
    }
    expect(common).toBeGreaterThanOrEqual(2);
    // Triples: some base cell of 2-3 candidates sees another base cell.
    if (size === 3) {
      expect(bases.some((x) => k(x) <= 3 && bases.some((y) => y !== x && sees(x, y)))).toBe(true);
    }
  });

  it('skips base cells next to an unplaced naked single, as SE does', () => {
    const c = cases.find((x) => x.technique === 'aligned-pair-exclusion')!;
    const step = findAlignedPairExclusion(c.board)!;
    const base = step.pattern.cells[0]!;
    const board = cloneBoard(c.board);
    solver.count(Uint8Array.from(board.values), 2);
    let single = -1;
    for (let cell = 0; cell < 81 && single < 0; cell++) {
      if (board.values[cell] === 0 && POPCOUNT[board.candidates[cell]!]! >= 3 && sees(base, cell)) single = cell;
    }
    expect(single).toBeGreaterThanOrEqual(0);
    board.candidates[single] = 1 << (solver.solution[single]! - 1);
    const after = findAlignedPairExclusion(board);
    if (after !== null) {
      for (const cell of after.pattern.cells.slice(0, 2)) expect(sees(cell, single)).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Soundness: walk puzzles with the grader's basic techniques (singles to XYZ-wing), thinning
// candidates at random (only false ones) when stuck; at every state past the singles both
// exclusions run and neither may remove the solution's digit.

/**
 * Walks a puzzle with the basic techniques up to 2.3; at every other state `visit` runs and may give
 * a step, which is applied unless a harder basic one applies; when there is neither, a few false
 * candidates are taken out at random. Returns the board where the walk ended, and the solution.
 */
function walkPuzzle(line: string, rng: () => number, visit: (board: Board, solution: Uint8Array, iter: number) => Step | null): { board: Board; solution: Uint8Array } {
  const grid = parsePuzzle(line);
  expect(solver.count(grid, 2)).toBe(1);
  const solution = Uint8Array.from(solver.solution);
  const board = boardFromGrid(grid);
  for (let iter = 0; iter < 300; iter++) {
    if (board.values.every((v) => v !== 0)) break;
    const basic = nextBasicStep(board);
    if (basic !== null && basic.difficulty <= 2.3) {
      applyStep(board, basic);
      continue;
    }
    const visited = visit(board, solution, iter);
    const step = basic ?? visited;
    if (step !== null) {
      applyStep(board, step);
      continue;
    }
    for (let k = 0; k < 6; k++) {
      const cell = Math.floor(rng() * 81);
      const wrong = board.candidates[cell]! & ~(1 << (solution[cell]! - 1));
      if (board.values[cell] !== 0 || wrong === 0) continue;
      let pick = Math.floor(rng() * POPCOUNT[wrong]!);
      let m = wrong;
      while (pick-- > 0) m &= m - 1;
      board.candidates[cell] = board.candidates[cell]! & ~(m & -m);
    }
  }
  return { board, solution };
}

describe('soundness over top1465', () => {
  it('never eliminates a solution digit', () => {
    const puzzles = readFileSync(new URL('top1465.txt', DATA), 'utf8').split('\n').filter(Boolean).slice(0, 300);
    const rng = seedrandom('exclusion-soundness');
    const checked = new Map<string, number>();
    for (const [index, line] of puzzles.entries()) {
      const { board, solution } = walkPuzzle(line, rng, (position, solved) => {
        let first: Step | null = null;
        for (const find of [findAlignedPairExclusion, findAlignedTripleExclusion]) {
          const step = find(position);
          if (step === null) continue;
          for (const e of step.eliminations) expect(solved[e.cell], `puzzle ${index + 1} ${step.technique}`).not.toBe(e.digit);
          checked.set(step.technique, (checked.get(step.technique) ?? 0) + 1);
          first ??= step;
        }
        return first;
      });
      expect(board.values.every((v, cell) => v === 0 || v === solution[cell])).toBe(true);
    }
    expect(checked.get('aligned-pair-exclusion') ?? 0).toBeGreaterThan(50);
    expect(checked.get('aligned-triple-exclusion') ?? 0).toBeGreaterThan(50);
  });
});

// ---------------------------------------------------------------------------------------------
// The triple and pair searches remember the last board where they found nothing and, on a board
// that is that one less some candidates, search only the sets near the change. Along walks like
// the one above, each search is compared with a whole one on the same board.

describe.each([
  { name: 'triple', find: findAlignedTripleExclusion, forget: forgetAlignedTripleBoard, seed: 'exclusion-incremental' },
  { name: 'pair', find: findAlignedPairExclusion, forget: forgetAlignedPairBoard, seed: 'exclusion-incremental-pairs' },
])('aligned $name exclusion after a board without one', ({ find, forget, seed }) => {
  it('finds what a whole search finds', () => {
    const puzzles = readFileSync(new URL('top1465.txt', DATA), 'utf8').split('\n').filter(Boolean).slice(300, 420);
    const rng = seedrandom(seed);
    let searches = 0;
    let found = 0;
    for (const line of puzzles) {
      forget();
      walkPuzzle(line, rng, (board, _solution, iter) => {
        const after = find(board);
        forget();
        const whole = find(board);
        expect(after, `${line} step ${iter}`).toEqual(whole);
        searches++;
        if (whole !== null) found++;
        return whole;
      });
    }
    expect(searches).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(20);
  });
});
