import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { takesJigsaw9 } from '../src/solver/grid9-solver.js';
import { countRulesGeneral, countRulesGrid9, lastRulesStats, solveRules } from '../src/solver/rules-solver.js';

/*
 * Interchangeable digits (grid9-solver.ts): digits no given holds, alike under the odd/even marks,
 * on rules without summed cages, are tried once per class at a branching cell and each solution
 * found counts for the class's digits the cell may take. Counts must stay exact (held to the general
 * solver, which searches every digit, with limits far above 2), and the proofs of no solution that
 * took hundreds of thousands of nodes must be short.
 */

/** The README's jigsaw layout, regions 0-8. */
const REGIONS = [...'111111222133131224333335224666635524667555424667555444677888994777789999788888999'].map((ch) => Number(ch) - 1);

function valid(rules: Rules, values: ArrayLike<number>): boolean {
  for (const house of rules.houses) if (new Set(Array.from(house, (cell) => values[cell])).size !== rules.size) return false;
  return true;
}

describe('interchangeable digits on the 81-cell solver', () => {
  // Each: a solution with some digits taken out everywhere (so several of them are interchangeable)
  // and a few more cells blank: tens to thousands of solutions.
  test.each<[string, RulesSpec, number[], number]>([
    ['jigsaw windoku, 7 8 9 taken out', { size: 9, regions: REGIONS, windoku: true }, [7, 8, 9], 6],
    ['jigsaw X, 5 6 7 8 taken out', { size: 9, regions: REGIONS, diagonalDown: true, diagonalUp: true }, [5, 6, 7, 8], 4],
    ['killer jigsaw without sums (cages only all-different), 6 7 8 9 taken out', { size: 9, regions: REGIONS, cages: [{ cells: [0, 1, 9], sum: 0 }, { cells: [40, 41], sum: 0 }] }, [6, 7, 8, 9], 3],
  ])('%s: counts equal to the general solver up to 5,000', (_, spec, out, extra) => {
    const rules = buildRules(spec);
    const solution = solveRules(rules, new Uint8Array(81))!;
    expect(valid(rules, solution)).toBe(true);
    const random = seedrandom(`interchangeable ${out.join('')}`);
    for (let round = 0; round < 4; round++) {
      const givens = solution.map((digit) => (out.includes(digit) ? 0 : digit));
      for (let i = 0; i < extra + round; i++) givens[Math.floor(random() * 81)] = 0;
      for (const limit of [1, 2, 7, 5_000]) {
        const expected = countRulesGeneral(rules, givens, limit);
        expect(countRulesGrid9(rules, givens, limit), `round ${round} limit ${limit}`).toBe(expected);
      }
      expect(countRulesGeneral(rules, givens, 5_000)).toBeGreaterThan(2);
    }
  });

  test('odd/even marks: odd and even digits are classes of their own (X, digits taken out, marks on some of their cells)', () => {
    const spec = { size: 9, diagonalDown: true, diagonalUp: true };
    const solution = solveRules(buildRules(spec), new Uint8Array(81))!;
    const random = seedrandom('m');
    let marked = 0;
    for (const out of [[1, 2, 3, 4], [2, 3, 4, 5, 6], [1, 2, 3, 4, 5]]) {
      for (let k = 0; k < 10; k++) {
        // Each cell of a digit taken out is marked with its parity with probability p.
        const p = 0.1 + 0.08 * k;
        const odd = [...solution.keys()].filter((cell) => out.includes(solution[cell]!) && solution[cell]! % 2 === 1 && random() < p);
        const even = [...solution.keys()].filter((cell) => out.includes(solution[cell]!) && solution[cell]! % 2 === 0 && random() < p);
        marked += odd.length + even.length;
        const rules = buildRules({ ...spec, odd, even });
        const givens = solution.map((digit) => (out.includes(digit) ? 0 : digit));
        // (All of the digits taken as one class counted 96 for 144 on [1..5], p = 0.18.)
        expect(countRulesGrid9(rules, givens, 5_000), `${out.join('')} p=${p}`).toBe(countRulesGeneral(rules, givens, 5_000));
      }
    }
    expect(marked).toBeGreaterThan(100);
  });

  test('a digit count held exactly: 3 interchangeable digits in 3 cells of a house each give 3! solutions', () => {
    const rules = buildRules({ size: 9, regions: REGIONS, windoku: true });
    const solution = solveRules(rules, new Uint8Array(81))!;
    const givens = solution.map((digit) => (digit >= 7 ? 0 : digit));
    // With 1-6 placed, 7, 8 and 9 are interchangeable: the count is a multiple of 3! = 6.
    const count = countRulesGrid9(rules, givens, 100_000);
    expect(count % 6).toBe(0);
    expect(count).toBe(countRulesGeneral(rules, givens, 100_000));
  });

  test('summed cages tell digits apart: no class, the same counts', () => {
    const rules = buildRules({ size: 9, regions: REGIONS, cages: [{ cells: [0, 1], sum: 3 }, { cells: [80, 79], sum: 17 }] });
    const givens = new Uint8Array(81);
    givens[40] = 5;
    for (const limit of [2, 20]) expect(countRulesGrid9(rules, givens, limit)).toBe(countRulesGeneral(rules, givens, limit));
  });

  test('a sparse grid on rules without any solution: the grid without givens, all digits alike, is the short proof', () => {
    // bench/sparse-sweep.ts jigsaw-windoku 344 and 107: with interchangeable digits alone 4,646,780
    // nodes (22 s) and 603,602 (2.6 s); the empty grid on these layouts has no solution either.
    for (const line of [
      'jigsaw+windoku:..................................3.....1.6...................................... regions=111222333112222333111122433566777443566887944556887944566877944556887999556887999',
      'jigsaw+windoku:................3........5....................................................... regions=111222222111223333144233355114666335444655555474666665477788888779789888779999999',
    ]) {
      const { rules, givens } = parseVariantLine(line);
      expect(countRulesGrid9(rules, givens, 2)).toBe(0);
      expect(lastRulesStats().nodes).toBeLessThan(50_000);
      expect(countRulesGrid9(rules, new Uint8Array(81), 2)).toBe(0);
    }
  });

  test('proofs of no solution of nearly empty jigsaw windoku grids are short (they took 1.2M and 15M nodes)', () => {
    // From bench/sparse-sweep.ts (seed "sweep", jigsaw-windoku 4 and 0): layouts on which these
    // givens leave no solution. Before: 1,238,394 nodes (7 s) and 15,194,219 nodes (90 s).
    for (const line of CASES) {
      const { rules, givens } = parseVariantLine(line);
      expect(countRulesGrid9(rules, givens, 2)).toBe(0);
      expect(lastRulesStats().nodes).toBeLessThan(20_000);
    }
  });
});

describe('plain jigsaws that run past the digit-major solver\'s budget', () => {
  // Random layouts (randomRegions, seed "sp20") with 2 and 3 random givens that leave no solution.
  // jigsaw9-solver.ts has no restarts: the first ran 12,491,201 nodes (21 s) there, the second for
  // minutes. Past 5,000 nodes it hands the count to grid9-solver.ts's search (restarts,
  // interchangeable digits, the grid without givens).
  test.each([
    'jigsaw:............9........................................................9........... regions=111122334112122344152226344156626344557666334557766334577899999577888889577888999',
    'jigsaw:.5............................................4......2........................... regions=111122333122222333144422353114445553144645657666666657888888757988998757999999777',
  ])('%s: no solution, in a bounded search', (line) => {
    const { rules, givens } = parseVariantLine(line);
    expect(takesJigsaw9(rules)).toBe(true);
    expect(countRulesGrid9(rules, givens, 2)).toBe(0);
    const { nodes } = lastRulesStats();
    // The 5,000 nodes of the first solver are counted in the effort, and the rest is short.
    expect(nodes).toBeGreaterThan(5_000);
    expect(nodes).toBeLessThan(400_000);
  });
});

const CASES = [
  'jigsaw+windoku:.2............................................................................... regions=111222223114222333114253366144553336144566666447555568477777588999797788999998888',
  'jigsaw+windoku:.......................................................4.....5................... regions=111223333111223233114522233414555267444556667849955677849995667849899677888889677',
];
