import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import { gradePuzzle, nextStep } from '../src/grader/grade.js';
import { gradeGeneral } from '../src/grader/general/grade.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { classicRules } from '../src/rules/index.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { findGeneralStep } from '../src/techniques/general/ladder.js';
import { newScan } from '../src/techniques/general/places.js';

/*
 * The general ladder (other sizes, Samurai) run on classic 9x9 rules gives the 9x9 grader's rating
 * where both have the techniques: cycles, forcing X/XY chains, nishio, cell / region and dynamic
 * forcing chains and aligned pair and triple exclusion are SE's on both. The 9x9 grader runs with
 * uniqueness off (the general ladder has no uniqueness techniques). Puzzles of
 * test/fixtures/data/se-rated-train.tsv whose hardest step is each of these (all 111 rated 6.5-9.0
 * there get the same rating from both graders; 107 before the general ladder had aligned exclusion).
 */
const CASES: [string, string][] = [
  ['y-cycle', '3...1.4..8.693..5.7..6...381......4...7...6...2......348...3..7.6..478.5..5.6...4'],
  ['xy-cycle', '..1.79..8.8.2.......931.....46...9....2..13......3...67.4...1...3..52...9.....2..'],
  ['forcing-x-chain', '..9...43.13.4...7.7....3..8..8.9..4....352....7..4.3..2..6....3.8...9.26.61...7..'],
  ['forcing-xy-chain', '87.........53.6..1...2.9...68.......7..1..84....9.......1..42.52.....43..........'],
  ['aligned-triple-exclusion', '2.....65...9.68.4.5..2...7.8...1......5..6....31...58....4..8....6..7.3.39......7'],
  ['nishio-forcing-chains', '.237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......'],
  ['multiple-forcing-chains', '6..3.2....5.....1..........7.26............543.........8.15........4.2........7..'],
  ['dynamic-forcing-chains', '7.......1..........43...79...16.98...95.7.21.8...2...3..98.24..2...3...8...5.7...'],
];

describe('the general ladder on classic rules rates as the 9x9 grader', () => {
  const rules = classicRules(9);
  it.each(CASES)('%s', (technique, line) => {
    const givens = Uint8Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch)));
    const nine = gradePuzzle(line, { uniqueness: false });
    const { grade, steps } = gradeGeneral({ rules, givens }, {}, true, (failure) => {
      throw new Error(failure.message);
    });
    expect(nine.hardest).toBe(technique);
    expect(grade.hardest).toBe(technique);
    expect(grade.rating).toBe(nine.rating);
    expect(grade.guesses).toBe(0);
    // Every step keeps the solution (the counting solver's).
    const solution = solveRules(rules, givens)!;
    for (const step of steps) for (const p of step.placements) expect(solution[p.cell]).toBe(p.digit);
    for (const step of steps) for (const e of step.eliminations) expect(solution[e.cell], `${step.technique} removes r${Math.floor(e.cell / 9) + 1}c${(e.cell % 9) + 1} ${e.digit}`).not.toBe(e.digit);
  });
});

/*
 * Dynamic forcing chains (+) (9.0): the se-rated-train puzzle rated 9.8 takes them from its 11th
 * step on, on both paths (the whole path takes seconds on either grader); on the boards before
 * three of those steps (all givens still empty; candidates 3 hex digits a cell) both ladders find
 * the same step: technique, rating and what it removes.
 */
const PLUS_PUZZLE = '700000400020070080003008009000500300060020090001007006000300900030040060009001035';
const PLUS_BOARDS: [number, string][] = [
  [12, '0001910a012313513600001300713900003810900011c03100000503901900002b03100006305300018a1c80ca0001a102800004b0cb09400005808100000c0d10000c919e19800018810400009201a0000b30d10f20000b001200004b0cb0930000d21c20001120c30000c30aa0c80000e20a00000c2000000'],
  [15, '0001810a012313513600001300713900003810900011c03100000503901900002a03100006305300018a1c80ca0001a102800004b0cb09400005808100000c0d10000c919e19800018810400009201a0000b30d10f20000b001200004b0cb0930000d21c00001120c30000c30aa0c80000e20a00000c2000000'],
  [19, '0001810a012213513600001300713900003810900011c03100000503901900002a03100006205300018a1c804a0001a102800004b0cb09400005808100000c0d10000c819e19800018810400009201a0000b30d10f20000b001200004b0cb0930000d21c00001120c30000c30aa0c80000e20a00000c2000000'],
];

describe('dynamic forcing chains (+) on classic rules: the same step as the 9x9 ladder', () => {
  const rules = classicRules(9);
  const solution = solveRules(rules, Uint8Array.from(PLUS_PUZZLE, Number))!;
  it.each(PLUS_BOARDS)('step %i', (_at, candidates) => {
    const board: Board = {
      values: Uint8Array.from(PLUS_PUZZLE, Number),
      candidates: Uint16Array.from({ length: 81 }, (_, cell) => parseInt(candidates.slice(cell * 3, cell * 3 + 3), 16)),
    };
    const general = findGeneralStep(board, newScan(shapeOf(rules))).step!;
    const nine = nextStep({ values: board.values.slice(), candidates: board.candidates.slice() }, { uniqueness: false })!;
    expect(general.technique).toBe('dynamic-forcing-chains-plus');
    expect(nine.technique).toBe(general.technique);
    expect(general.difficulty).toBe(nine.difficulty);
    expect(general.eliminations).toEqual(nine.eliminations);
    expect(general.placements).toEqual(nine.placements);
    for (const e of general.eliminations) expect(solution[e.cell]).not.toBe(e.digit);
    for (const p of general.placements) expect(solution[p.cell]).toBe(p.digit);
  });
});
