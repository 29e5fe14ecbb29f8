import { readFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { parseVariantLine } from '../src/formats/line.js';
import { generalBoard, placeGeneral } from '../src/grader/general/grade.js';
import { popcount, shapeOf } from '../src/grader/general/shape.js';
import { classicRules } from '../src/rules/index.js';
import type { Rules } from '../src/rules/types.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { findAlignedPairExclusion, findAlignedTripleExclusion, forgetAlignedPairBoard, forgetAlignedTripleBoard } from '../src/techniques/exclusion.js';
import { findGeneralAlignedPair, findGeneralAlignedTriple, forgetAlignedBoards } from '../src/techniques/general/exclusion.js';
import { newScan } from '../src/techniques/general/places.js';
import { readTechniqueCases } from './helpers/technique-fixtures.js';

/*
 * Aligned pair and triple exclusion of the general ladder (src/techniques/general/exclusion.ts):
 * on classic rules the same step as the 9x9 ladder's on every case of its fixture; on other grids
 * (6x6, a 6x6 with diagonals, 8x8, 12x12, 16x16, Samurai) every step found on boards thinned at
 * random is checked against the solution and against brute force over its base cells.
 */

/** What a base set allows by brute force: per base cell, the digits in some choice that repeats no digit between peers and leaves every common excluder a candidate. */
function bruteAllowed(rules: Rules, board: Readonly<Board>, bases: readonly number[]): number[] {
  const sees = (a: number, b: number) => rules.peers[a]!.includes(b);
  const excluders: number[] = [];
  for (let cell = 0; cell < rules.cellCount; cell++) {
    const k = popcount(board.candidates[cell]!);
    if (board.values[cell] === 0 && k >= 2 && k <= bases.length && bases.every((b) => sees(b, cell))) excluders.push(cell);
  }
  const allowed = bases.map(() => 0);
  const chosen: number[] = [];
  const walk = (i: number): void => {
    if (i === bases.length) {
      for (let x = 0; x < i; x++) for (let y = x + 1; y < i; y++) if (chosen[x] === chosen[y] && sees(bases[x]!, bases[y]!)) return;
      const used = chosen.reduce((m, d) => m | (1 << (d - 1)), 0);
      if (excluders.some((e) => (board.candidates[e]! & ~used) === 0)) return;
      chosen.forEach((d, x) => (allowed[x] = allowed[x]! | (1 << (d - 1))));
      return;
    }
    for (let d = 1; d <= rules.size; d++) {
      if ((board.candidates[bases[i]!]! & (1 << (d - 1))) === 0) continue;
      chosen[i] = d;
      walk(i + 1);
    }
  };
  walk(0);
  return allowed;
}

/** Checks a step: it keeps the solution and removes exactly what brute force over its base cells removes. */
function expectSound(rules: Rules, board: Readonly<Board>, step: Step, solution: ArrayLike<number>): void {
  const size = step.technique === 'aligned-pair-exclusion' ? 2 : 3;
  const bases = step.pattern.cells.slice(0, size);
  for (const e of step.eliminations) expect(solution[e.cell], `${step.technique} removes the solution's ${e.digit} from cell ${e.cell}`).not.toBe(e.digit);
  const allowed = bruteAllowed(rules, board, bases);
  const removed: string[] = [];
  bases.forEach((cell, i) => {
    for (let d = 1; d <= rules.size; d++) if (board.candidates[cell]! & ~allowed[i]! & (1 << (d - 1))) removed.push(`${cell}-${d}`);
  });
  expect(step.eliminations.map((e) => `${e.cell}-${e.digit}`)).toEqual(removed);
  expect(step.placements).toEqual([]);
}

describe('on classic rules: the 9x9 ladder\'s step (test/fixtures/techniques-exclusion.txt)', () => {
  const rules = classicRules(9);
  const scan = newScan(shapeOf(rules));
  const cases = readTechniqueCases(new URL('./fixtures/techniques-exclusion.txt', import.meta.url).pathname);
  it.each(cases.map((c) => [`line ${c.line}: ${c.technique}`, c] as const))('%s', (_name, c) => {
    forgetAlignedPairBoard();
    forgetAlignedTripleBoard();
    const triple = c.technique === 'aligned-triple-exclusion';
    const nine = triple ? findAlignedTripleExclusion(c.board) : findAlignedPairExclusion(c.board);
    const general = triple ? findGeneralAlignedTriple(c.board, scan) : findGeneralAlignedPair(c.board, scan);
    expect(nine).not.toBeNull();
    expect(general).toEqual(nine);
    expectSound(rules, c.board, general!, solveRules(rules, c.board.values)!);
  });
});

const fixtureLines = readFileSync(new URL('./fixtures/general/technique-steps.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t'));

/**
 * Walks a puzzle: places naked singles, runs both exclusions (checking and applying what they
 * find), and otherwise takes `thin` false candidates out at random. Returns how many steps each found.
 */
function walk(line: string, seed: string, thin: number): { pairs: number; triples: number } {
  const { rules, givens } = parseVariantLine(line);
  const shape = shapeOf(rules);
  const scan = newScan(shape);
  const solution = solveRules(rules, givens)!;
  const board = generalBoard(rules, givens);
  const random = seedrandom(seed);
  const found = { pairs: 0, triples: 0 };
  for (let iter = 0; iter < 400; iter++) {
    let placed = true;
    while (placed) {
      placed = false;
      for (let cell = 0; cell < rules.cellCount; cell++) {
        const mask = board.candidates[cell]!;
        if (board.values[cell] === 0 && popcount(mask) === 1) {
          placeGeneral(board, shape, cell, 31 - Math.clz32(mask) + 1);
          placed = true;
        }
      }
    }
    if (board.values.every((v) => v !== 0)) break;
    // The searches skip what the last board with nothing showed (see exclusion.ts): a whole search gives the same.
    const pair = findGeneralAlignedPair(board, scan);
    const triple = findGeneralAlignedTriple(board, scan);
    forgetAlignedBoards(shape);
    expect(findGeneralAlignedPair(board, scan)).toEqual(pair);
    expect(findGeneralAlignedTriple(board, scan)).toEqual(triple);
    const step = pair ?? triple;
    if (step !== null) {
      expectSound(rules, board, step, solution);
      if (step.technique === 'aligned-pair-exclusion') found.pairs++;
      else found.triples++;
      for (const e of step.eliminations) board.candidates[e.cell] = board.candidates[e.cell]! & ~(1 << (e.digit - 1));
      continue;
    }
    for (let n = 0; n < thin; n++) {
      const cell = Math.floor(random() * rules.cellCount);
      const falseDigits = board.candidates[cell]! & ~(1 << (solution[cell]! - 1));
      if (board.values[cell] !== 0 || falseDigits === 0) continue;
      const digits: number[] = [];
      for (let d = 1; d <= rules.size; d++) if (falseDigits & (1 << (d - 1))) digits.push(d);
      board.candidates[cell] = board.candidates[cell]! & ~(1 << (digits[Math.floor(random() * digits.length)]! - 1));
    }
  }
  return found;
}

describe('on other grids: every step found on boards thinned at random is sound', () => {
  // Grid, walks, candidates thinned at a time (the puzzles: the fixtures' taking nishio chains).
  const grids: [string, number, number][] = [
    ['6x6-x', 2, 1],
    ['8x8', 3, 2],
    ['12x12', 1, 6],
    ['16x16', 1, 24],
    ['samurai', 1, 96],
  ];
  it.each(grids)('%s', (grid, walks, thin) => {
    const line = fixtureLines.find((c) => c[0] === grid && c[1] === 'nishio-forcing-chains')![2]!;
    let pairs = 0;
    let triples = 0;
    for (const seed of ['a', 'b', 'c'].slice(0, walks)) {
      const found = walk(line, `${grid} ${seed}`, thin);
      pairs += found.pairs;
      triples += found.triples;
    }
    // Not a test that cannot fail: both searches find something on each grid.
    expect(pairs, 'aligned pair exclusions found').toBeGreaterThan(0);
    expect(triples, 'aligned triple exclusions found').toBeGreaterThan(0);
  });
});
