import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { parseVariantLine } from '../src/formats/line.js';
import { puzzleRandom, type Random } from '../src/generator/random.js';
import { gradeWithPath } from '../src/grader/grade.js';
import { generalBoard, gradeGeneral, placeGeneral } from '../src/grader/general/grade.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { describeGeneralStep } from '../src/grader/general/text.js';
import { classicRules } from '../src/rules/index.js';
import type { Rules } from '../src/rules/types.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { findDirectClaiming, findDirectHiddenPair, findDirectHiddenTriple, findDirectPointing } from '../src/techniques/general/direct.js';
import { GENERAL_LADDER } from '../src/techniques/general/ladder.js';
import { fillScan, newScan, type GeneralScan } from '../src/techniques/general/places.js';
import { DIRECT_CLAIMING, DIRECT_POINTING } from '../src/techniques/intersections.js';
import { GRADER_LADDER } from '../src/techniques/ladder.js';
import { DIRECT_HIDDEN_PAIR, DIRECT_HIDDEN_TRIPLE } from '../src/techniques/subsets.js';

/*
 * Sudoku Explainer's direct techniques in the general ladder (general/direct.ts): on classic 9x9
 * rules the general grader rates as the 9x9 grader, step for step, and finds the 9x9 ladder's
 * direct step on any board; on the other grids every direct step it finds on a random walk to the
 * solution is sound and is what it says it is.
 */

const FINDERS: [string, (board: Readonly<Board>, scan: GeneralScan) => Step | null][] = [
  ['direct-pointing', findDirectPointing],
  ['direct-claiming', findDirectClaiming],
  ['direct-hidden-pair', findDirectHiddenPair],
  ['direct-hidden-triple', findDirectHiddenTriple],
];

describe('the rungs', () => {
  it('stand where the 9x9 ladder has them, with its difficulties', () => {
    const upTo = (ladder: readonly { id: string; difficulty: number }[]) =>
      ladder.filter((rung) => rung.difficulty <= 2.6 && rung.id !== 'hidden-single-house').map((rung) => `${rung.id} ${rung.difficulty}`);
    expect(upTo(GENERAL_LADDER)).toEqual(upTo(GRADER_LADDER));
    expect(upTo(GENERAL_LADDER).filter((rung) => rung.startsWith('direct-'))).toHaveLength(4);
  });
});

const SE_ROWS = readFileSync(new URL('./fixtures/data/se-rated-train.tsv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .filter((row) => row !== '')
  .map((row) => row.split('\t') as [string, string]);

/** The training puzzles SE rates 1.7 to 2.5: the direct techniques' range (direct hidden triple the top). */
const DIRECT_RANGE = SE_ROWS.filter(([, er]) => Number(er) >= 1.7 && Number(er) <= 2.5).map(([line, er]) => [line, Number(er)] as const);

describe('on classic rules the general grader rates as the 9x9 grader', () => {
  const rules = classicRules(9);
  it('ER and every step\'s technique, on the training puzzles SE rates 1.7-2.5', () => {
    let direct = 0;
    for (const [line, er] of DIRECT_RANGE) {
      const nine = gradeWithPath(line, { uniqueness: false });
      const givens = Uint8Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch)));
      const general = gradeGeneral({ rules, givens }, { uniqueness: false }, true, (failure) => {
        throw new Error(failure.message);
      });
      expect(nine.grade.rating, line).toBe(er);
      expect(general.grade.rating, line).toBe(er);
      expect(general.steps.map((s) => s.technique), line).toEqual(nine.steps.map((s) => s.technique));
      if (nine.steps.some((s) => s.technique.startsWith('direct-'))) direct++;
    }
    // 30 puzzles, 29 of them through a direct step (one 2.3 needs naked singles only).
    expect(DIRECT_RANGE.length).toBeGreaterThanOrEqual(30);
    expect(direct).toBeGreaterThanOrEqual(29);
  });

  it('finds the 9x9 ladder\'s direct step (the same step) on the boards of random walks', () => {
    const scan = newScan(shapeOf(rules));
    const nineFinders = [DIRECT_POINTING, DIRECT_CLAIMING, DIRECT_HIDDEN_PAIR, DIRECT_HIDDEN_TRIPLE];
    const found = new Map<string, number>();
    let boards = 0;
    for (const [index, [line]] of DIRECT_RANGE.slice(0, 12).entries()) {
      const givens = Uint8Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch)));
      walk(rules, givens, solveRules(rules, givens)!, puzzleRandom('direct9', 'classic', index), (board) => {
        boards++;
        fillScan(scan, board);
        FINDERS.forEach(([id, find], k) => {
          const general = find(board, scan);
          const nine = nineFinders[k]!.find(board, { uniqueness: false });
          expect(general, id).toEqual(nine);
          if (general !== null) found.set(id, (found.get(id) ?? 0) + 1);
        });
      });
    }
    expect(boards).toBeGreaterThan(300);
    for (const [id] of FINDERS) expect(found.get(id) ?? 0, id).toBeGreaterThan(5);
  });
});

/**
 * A random walk from the givens to the solution: at each board `visit`, then place a random empty
 * cell's digit (one time in four) or take a few candidates no solution has out of random cells.
 */
function walk(rules: Rules, givens: Uint8Array, solution: Uint8Array, random: Random, visit: (board: Board) => void): void {
  const shape = shapeOf(rules);
  const board = generalBoard(rules, givens);
  for (;;) {
    const empties: number[] = [];
    for (let cell = 0; cell < rules.cellCount; cell++) if (board.values[cell] === 0) empties.push(cell);
    if (empties.length === 0) return;
    visit(board);
    if (random.below(4) === 0) {
      const cell = empties[random.below(empties.length)]!;
      placeGeneral(board, shape, cell, solution[cell]!);
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const cell = empties[random.below(empties.length)]!;
      const wrong = board.candidates[cell]! & ~(1 << (solution[cell]! - 1));
      if (wrong === 0) continue;
      const bits: number[] = [];
      for (let d = 0; d < rules.size; d++) if ((wrong & (1 << d)) !== 0) bits.push(d);
      board.candidates[cell] = board.candidates[cell]! & ~(1 << bits[random.below(bits.length)]!);
    }
  }
}

/** The places of `digit` in `house` on the board (its empty cells holding the candidate). */
function placesOf(rules: Rules, board: Readonly<Board>, house: number, digit: number): number[] {
  return Array.from(rules.houses[house]!).filter((cell) => board.values[cell] === 0 && (board.candidates[cell]! & (1 << (digit - 1))) !== 0);
}

/** Fails unless the step keeps the solution and is the direct technique it names, read off the board from its pattern. */
function expectDirect(rules: Rules, board: Readonly<Board>, step: Step, solution: Uint8Array, where: string): void {
  expect(step.placements, where).toHaveLength(1);
  const { cell, digit } = step.placements[0]!;
  expect(solution[cell], `${where}: places a wrong digit`).toBe(digit);
  for (const e of step.eliminations) expect(solution[e.cell], `${where}: removes the solution`).not.toBe(e.digit);
  expect(board.values[cell], where).toBe(0);
  const { cells, digits, units } = step.pattern;
  const placeOnly = rules.houseKinds.every((kind) => kind === 'row' || kind === 'column' || kind === 'box');
  if (step.technique === 'direct-pointing' || step.technique === 'direct-claiming') {
    const [a, b, u3] = units as [number, number, number];
    const d = digits[0]!;
    const line = rules.houseKinds[a] === 'row' || rules.houseKinds[a] === 'column';
    expect(line, where).toBe(step.technique === 'direct-claiming');
    // Locked: the digit's places in a (two or more) all lie in b.
    expect(placesOf(rules, board, a, d), where).toEqual(cells);
    expect(cells.length, where).toBeGreaterThanOrEqual(2);
    for (const c of cells) expect(rules.houses[b]!.includes(c), where).toBe(true);
    // The removal: b's other places.
    const removed = placesOf(rules, board, b, d).filter((c) => !rules.houses[a]!.includes(c));
    expect(removed.length, where).toBeGreaterThan(0);
    expect(step.eliminations, where).toEqual(placeOnly ? [] : removed.map((c) => ({ cell: c, digit: d })));
    // u3, of a's kind, keeps one place: the placed cell.
    expect(u3 !== a && rules.houseKinds[u3] === rules.houseKinds[a], where).toBe(true);
    const before = placesOf(rules, board, u3, d);
    expect(before.length, where).toBeGreaterThanOrEqual(2);
    expect(before.filter((c) => !removed.includes(c)), where).toEqual([cell]);
    expect(digit, where).toBe(d);
    return;
  }
  const k = step.technique === 'direct-hidden-pair' ? 2 : 3;
  expect(step.technique, where).toBe(k === 2 ? 'direct-hidden-pair' : 'direct-hidden-triple');
  const [house] = units as [number];
  expect(cells, where).toHaveLength(k);
  expect(digits, where).toHaveLength(k);
  for (const d of digits) {
    const places = placesOf(rules, board, house, d);
    expect(places.length, where).toBeGreaterThanOrEqual(2);
    for (const c of places) expect(cells.includes(c), where).toBe(true);
  }
  expect(digits.includes(digit), where).toBe(false);
  const places = placesOf(rules, board, house, digit);
  expect(places.length, where).toBeGreaterThanOrEqual(2);
  expect(places.filter((c) => !cells.includes(c)), where).toEqual([cell]);
  const others = cells.flatMap((c) => Array.from({ length: rules.size }, (_, i) => i + 1).filter((d) => !digits.includes(d) && (board.candidates[c]! & (1 << (d - 1))) !== 0).map((d) => ({ cell: c, digit: d })));
  expect(step.eliminations, where).toEqual(placeOnly ? [] : others);
}

const SOURCES = readFileSync(new URL('./fixtures/general/technique-sources.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((row) => row !== '' && !row.startsWith('#'))
  .map((row) => row.split('\t'))
  .filter((fields) => fields.length === 2);

/** A 6x6 jigsaw: six irregular pieces (solved from no givens for its grid). */
const JIGSAW_6 = `6x6+jigsaw:${'.'.repeat(36)} regions=111222113322133342553444556644556666`;

/** Per grid: the puzzles walked (two of the fixture's sources, or the jigsaw from no givens). */
const GRIDS: [string, string[]][] = [
  ['6x6', SOURCES.filter(([grid]) => grid === '6x6').map(([, line]) => line!)],
  ['6x6-x', SOURCES.filter(([grid]) => grid === '6x6-x').slice(0, 2).map(([, line]) => line!)],
  ['6x6 jigsaw', [JIGSAW_6]],
  ['8x8', SOURCES.filter(([grid]) => grid === '8x8').slice(0, 2).map(([, line]) => line!)],
  ['12x12', SOURCES.filter(([grid]) => grid === '12x12').slice(0, 1).map(([, line]) => line!)],
  ['16x16', SOURCES.filter(([grid]) => grid === '16x16').slice(0, 1).map(([, line]) => line!)],
  ['samurai', SOURCES.filter(([grid]) => grid === 'samurai').slice(0, 1).map(([, line]) => line!)],
];

describe('random walks on other grids: every direct step keeps the solution and is what it says', () => {
  const total = new Map<string, number>();
  it.each(GRIDS)('%s', (name, lines) => {
    expect(lines.length, name).toBeGreaterThan(0);
    let boards = 0;
    let steps = 0;
    for (const [index, line] of lines.entries()) {
      const { rules, givens } = parseVariantLine(line);
      const solution = solveRules(rules, givens)!;
      const scan = newScan(shapeOf(rules));
      walk(rules, givens, solution, puzzleRandom('direct9', name, index), (board) => {
        boards++;
        fillScan(scan, board);
        for (const [id, find] of FINDERS) {
          const step = find(board, scan);
          if (step === null) continue;
          steps++;
          total.set(id, (total.get(id) ?? 0) + 1);
          const where = `${name} ${id}: ${describeGeneralStep(step, rules)}`;
          expect(step.technique, where).toBe(id);
          expectDirect(rules, board, step, solution, where);
        }
      });
    }
    expect(boards, name).toBeGreaterThan(20);
    expect(steps, name).toBeGreaterThan(0);
  });

  it('the walks met each of the four', () => {
    for (const [id] of FINDERS) expect(total.get(id) ?? 0, id).toBeGreaterThan(10);
  });
});
