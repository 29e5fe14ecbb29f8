import { describe, expect, it } from 'vitest';
import { gradePuzzle } from '../src/grader/grade.js';
import { gradeGeneral } from '../src/grader/general/grade.js';
import { classicRules } from '../src/rules/index.js';
import { solveRules } from '../src/solver/rules-solver.js';

/*
 * The general ladder (other sizes, Samurai) run on classic 9x9 rules gives the 9x9 grader's rating
 * where both have the techniques: cycles, forcing X/XY chains, nishio, cell / region and dynamic
 * forcing chains are SE's on both. The 9x9 grader runs with uniqueness off (the general ladder has
 * no uniqueness techniques). Puzzles of test/fixtures/data/se-rated-train.tsv whose hardest step is
 * each of these (of the 111 rated 6.5-9.0 there, 107 get the same rating from both graders; the
 * other four need aligned exclusion, which the general ladder lacks).
 */
const CASES: [string, string][] = [
  ['y-cycle', '3...1.4..8.693..5.7..6...381......4...7...6...2......348...3..7.6..478.5..5.6...4'],
  ['xy-cycle', '..1.79..8.8.2.......931.....46...9....2..13......3...67.4...1...3..52...9.....2..'],
  ['forcing-x-chain', '..9...43.13.4...7.7....3..8..8.9..4....352....7..4.3..2..6....3.8...9.26.61...7..'],
  ['forcing-xy-chain', '87.........53.6..1...2.9...68.......7..1..84....9.......1..42.52.....43..........'],
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
