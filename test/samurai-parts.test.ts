import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { withCages } from '../src/rules/constructors.js';
import type { Rules } from '../src/rules/types.js';
import { countRules, lastRulesStats, solveRules } from '../src/solver/rules-solver.js';

/*
 * Samurai counted by parts (rules-solver.ts, GridParts): once a corner box of the centre grid is
 * placed, the grids it joined are counted apart and the counts multiplied. The reference is the
 * same Samurai with a cage without a sum inside one row (the same rules: its cells differ already),
 * which the solver never splits.
 */

/** The README's Samurai (unique). */
const SAMURAI = 'samurai:.9.62.........598...6..4...8...6..1732.......1..........1.....44.....8......8..../8.............5.....26.1.......6.8.4..5..3.9.1...5...3...3.71....3..97.........8./..4..3...8.......3.....2.........6....2.3....6..1...3......7.......4........5.8../..........6..5.....1.......5.4..6....2.......6...91...2......6...8.2...5...4..3.1/....6...8.....146.8..7..2...23..51.6...3.4............538........1.8..5........4.';

/** Made by `generate --variant samurai --seed lr` as puzzle 9 (index 9, level any): unique. */
const LR9 =
  'samurai:.7.2...3....1....9..5..6......6..3.1.2...5.98.5...86...3...1...2.........9......./..5..97..29..4.....8.....64.....82.11..4...8...............1.7....6........3...5./.............6...................6..15.6....4.....15.3......7....9.8........2...5/.47.........61...9.....3...25.4.....8.9.....6....8..9..9...16.5..2..4.3........../7...1...............5.9..1.......4.....65....2...3..68.5......6.....8.7...1...35.';

function unsplit(rules: Rules): Rules {
  // Cells 0 and 1 share the first row: an all-different cage on them adds nothing.
  return withCages(rules, [{ cells: [0, 1], sum: 0 }]);
}

function valid(rules: Rules, values: ArrayLike<number>, givens: ArrayLike<number>): boolean {
  for (const house of rules.houses) if (new Set(Array.from(house, (cell) => values[cell])).size !== 9) return false;
  return Array.from(givens).every((digit, cell) => digit === 0 || values[cell] === digit);
}

describe('Samurai counted by parts', () => {
  test('the generated Samurai that took 647,231 nodes (8 s) to prove unique', () => {
    const { rules, givens } = parseVariantLine(LR9);
    expect(countRules(rules, givens, 2)).toBe(1);
    expect(lastRulesStats().nodes).toBeLessThan(5_000);
    expect(valid(rules, solveRules(rules, givens)!, givens)).toBe(true);
  });

  test('puzzles with several solutions in several grids count as the unsplit search does, to limits far above 2', () => {
    const { rules, givens } = parseVariantLine(SAMURAI);
    const solution = solveRules(rules, givens)!;
    const reference = unsplit(rules);
    const random = seedrandom('parts');
    let several = 0;
    for (let round = 0; round < 6; round++) {
      const fewer = solution.slice();
      // Cells blanked all over the frame: several grids with more than one way to finish.
      for (let i = 0; i < 190 + 15 * round; i++) fewer[Math.floor(random() * rules.cellCount)] = 0;
      for (const limit of [1, 2, 60]) {
        const expected = countRules(reference, fewer, limit);
        expect(countRules(rules, fewer, limit), `round ${round} limit ${limit}`).toBe(expected);
        if (limit === 60 && expected > 2) several++;
      }
      expect(valid(rules, solveRules(rules, fewer)!, fewer)).toBe(true);
    }
    expect(several).toBeGreaterThan(2);
  });
});
