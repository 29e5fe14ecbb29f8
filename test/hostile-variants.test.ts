import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildRules, type Rules } from '../src/rules/index.js';
import { countRules, lastRulesStats, solveRules } from '../src/solver/rules-solver.js';

/*
 * What a hostile or careful user met on the variant paths (audit of session 17), one case each:
 * the answers (counts, solutions) and the inputs that must stop with one clear line.
 */

/** Whether `values` extend `givens` and fill every house of the rules with every digit once. */
function isSolutionOf(rules: Rules, givens: ArrayLike<number>, values: ArrayLike<number>): boolean {
  for (let cell = 0; cell < rules.cellCount; cell++) if (givens[cell] !== 0 && givens[cell] !== values[cell]) return false;
  const full = (1 << rules.size) - 1;
  return rules.houses.every((cells) => {
    let mask = 0;
    for (const cell of cells) mask |= 1 << (values[cell]! - 1);
    return mask === full && cells.length === rules.size;
  });
}

function givensOf(placements: [number, number][]): Uint8Array {
  const givens = new Uint8Array(81);
  for (const [cell, digit] of placements) givens[cell] = digit;
  return givens;
}

describe('nearly empty 9x9 grids with extra houses count quickly (the band solver with extra houses)', () => {
  const windoku = buildRules({ size: 9, windoku: true });
  const windokuX = buildRules({ size: 9, windoku: true, diagonalDown: true, diagonalUp: true });
  const asterisk = buildRules({ size: 9, asterisk: true });
  // A killer of three cages (one without a total), turned 180 degrees it took 40 nodes.
  const killer = buildRules({
    size: 9,
    cages: [{ cells: [15, 16] }, { cells: [62, 71, 72, 73, 74], sum: 27 }, { cells: [50, 51, 60, 69], sum: 25 }],
  });

  // Each of these took band-extra-solver.ts 1-12 million nodes (4-58 s) before a count started
  // again (on cells, in another order) past a budget of nodes.
  test.each([
    ['windoku, 9 at r1c3 and r5c9', windoku, givensOf([[2, 9], [44, 9]]), 2],
    ['windoku, 1 at r1c1 and r5c7', windoku, givensOf([[0, 1], [42, 1]]), 2],
    ['windoku X, 4 at r1c9 and 6 at r7c1', windokuX, givensOf([[8, 4], [54, 6]]), 2],
    ['asterisk, four givens', asterisk, givensOf([[33, 1], [36, 6], [49, 7], [68, 8]]), 2],
    ['killer, three cages and two givens', killer, givensOf([[14, 5], [66, 7]]), 2],
    // r1c1 and r5c5 share a house windoku implies (rows 1, 5, 9 by columns 1, 5, 9): no solution.
    ['windoku, 1 at r1c1 and r5c5 (an implied house)', windoku, givensOf([[0, 1], [40, 1]]), 0],
  ])('%s', (_, rules, givens, expected) => {
    expect(countRules(rules, givens, 2)).toBe(expected);
    expect(lastRulesStats().nodes).toBeLessThan(20_000);
    const solution = solveRules(rules, givens);
    if (expected === 0) expect(solution).toBeNull();
    else expect(isSolutionOf(rules, givens, solution!)).toBe(true);
  });

  test('random sparse givens (1-4 of them): a bounded search, and any solution found is one', () => {
    const sets = [windoku, windokuX, asterisk, buildRules({ size: 9, diagonalDown: true, diagonalUp: true })];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sets.length - 1 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 4 }),
        (which, placements) => {
          const rules = sets[which]!;
          const givens = givensOf(placements);
          const count = countRules(rules, givens, 2);
          expect(lastRulesStats().nodes).toBeLessThan(20_000);
          const solution = solveRules(rules, givens);
          expect(solution === null).toBe(count === 0);
          if (solution !== null) expect(isSolutionOf(rules, givens, solution)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 17 },
    );
  });
});
