import seedrandom from 'seedrandom';
import { afterEach, describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { puzzleRandom } from '../src/generator/random.js';
import { randomRegions } from '../src/generator/variants/jigsaw.js';
import { buildRules, type RulesSpec } from '../src/rules/index.js';
import { setFirstAttemptNodes } from '../src/solver/grid9-solver.js';
import { countRulesGrid9, lastRulesStats, solveRules } from '../src/solver/rules-solver.js';
import { blanked, bruteCount, isSolution } from './helpers/brute-count.js';

/*
 * Sparse grids without a solution, proved short by what grid9-solver.ts asks when a count's first
 * attempt runs out: whether the layout alone has a solution, and whether the leftover equalities
 * clash (cells the layout makes equal that are peers, or share no candidate).
 */

/** The regions of a variant line (its `regions=` digits, 0-based). */
function regionsOf(line: string): number[] {
  return [.../regions=(\d{81})/.exec(line)![1]!].map((ch) => Number(ch) - 1);
}

/** Counts the variant line's grid (expecting no solution, within `maxNodes`) and returns its layout's regions. */
function expectNoSolution(line: string, maxNodes: number): number[] {
  const { rules, givens } = parseVariantLine(line);
  expect(countRulesGrid9(rules, givens, 2)).toBe(0);
  expect(lastRulesStats().nodes).toBeLessThan(maxNodes);
  return regionsOf(line);
}

describe('sparse grids without a solution (bench/sparse-sweep.ts, seed "sweep")', () => {
  test('an odd/even jigsaw with one given on a layout without a solution (oddeven-jigsaw 10: 56.7M nodes, 182 s)', () => {
    const line =
      'jigsaw+oddeven:.................3............................................................... regions=111111233122222233112244333555564334577564444577566684577669988777669888999999888 parity=..e...........e..o.oo........o.....e..........eoo....o..........e................';
    const regions = expectNoSolution(line, 100_000);
    // The layout alone has no solution (the marks and the given play no part).
    const layout = buildRules({ size: 9, regions });
    expect(countRulesGrid9(layout, new Uint8Array(81), 2)).toBe(0);
  });

  test('a jigsaw killer whose cage holds two cells the layout makes equal (jigsaw-killer 256: over 50 CPU-s)', () => {
    const line =
      'jigsaw+killer:............6.................5.................................................. regions=112222233111123233141523333144525666444555666744455688779959688779999688777799888 cages=......aa......aa............................b........b........................... sums=20,5';
    const regions = expectNoSolution(line, 10_000);
    // Columns 7-9 against the line's regions 3, 6 and 8 (those inside them) leave {r1c7, r2c7} = {r2c6, r3c6},
    // and r2c6 sees r2c7: r1c7 = r2c6 (cells 6 and 14), which the cage needs apart. A count without
    // that reasoning holds it: the layout with those two cells apart has no solution (a cage without
    // a sum, a short count), with 6 and 15 apart it has.
    expect(countRulesGrid9(buildRules({ size: 9, regions, cages: [{ cells: [6, 14], sum: 0 }] }), new Uint8Array(81), 1)).toBe(0);
    expect(lastRulesStats().nodes).toBeLessThan(100);
    expect(countRulesGrid9(buildRules({ size: 9, regions, cages: [{ cells: [6, 15], sum: 0 }] }), new Uint8Array(81), 1)).toBe(1);
  });

  test('an odd/even jigsaw whose layout makes two cells of a column equal (oddeven-jigsaw, seed "s21b", 39: 840,110 nodes)', () => {
    // Leftovers of all region sets: r6c8 = r8c7 and r6c8 = r9c7, but r8c7 and r9c7 share column 7.
    expectNoSolution(
      'jigsaw+oddeven:.9.........................2................................................4.... regions=112222333111442533116642533116642533666442577664442557888889557889999757889999777 parity=....o.......e....o.oe......................e.............e.....o.e..........e..o.',
      20_000,
    );
  });

  test('an odd/even windoku with one given whose search for solutions went astray (oddeven-windoku, seed "s21a", 137: 5.3M nodes, 14 s)', () => {
    // The marked grid without givens, the given's cell kept odd, has a solution; relabelled within
    // the odd digits it holds the given, and the digits no given holds give 4! x 4! more.
    const { rules, givens } = parseVariantLine(
      'windoku+oddeven:.......................................................................7......... parity=.........o............o...........o.e.....e............eo................eo.e...e',
    );
    expect(countRulesGrid9(rules, givens, 2)).toBe(2);
    expect(lastRulesStats().nodes).toBeLessThan(50_000);
  });

  test('a jigsaw killer on a layout whose proof of no solution is long (jigsaw-killer 180): the count is not held up by it', () => {
    // The layout alone has no solution, but its count takes 51.3M nodes (73 s); the killer's own
    // attempts end first (193,028 nodes in all with the layout's count given up at each budget).
    const line =
      'jigsaw+killer:.......8......................................................................... regions=111123333111222343152222343155552346557777746857777446858999466888994466888999966 cages=....................................aa.......a........a......................bb.. sums=11,12';
    expectNoSolution(line, 400_000);
  });
});

describe('the checks after a first attempt that ran out keep counts exact', () => {
  // With a first attempt of one node every count that guesses runs out, so these checks run on each
  // (with the givens, the marks and the cages of grids that have solutions, or lost them).
  afterEach(() => setFirstAttemptNodes());

  test('random jigsaw layouts (half with diagonals) with cages or odd/even marks: counts equal to the brute force', () => {
    const random = seedrandom('no-solution checks');
    const rand = { below: (n: number): number => Math.floor(random() * n) };
    let layouts = 0;
    let zero = 0;
    let more = 0;
    for (let round = 0; layouts < 16; round++) {
      const regions = randomRegions(9, puzzleRandom('no-solution checks', 'layout', round));
      if (regions === null) continue;
      const base = { size: 9, regions, ...(round % 2 === 0 ? { diagonalDown: true, diagonalUp: true } : {}) };
      const plain = buildRules(base);
      const solution = solveRules(plain, new Uint8Array(81));
      if (solution === null) continue;
      layouts++;
      // Cages of 2-4 random cells of distinct digits (the sum true, or one off), marks true or not.
      const cages: { cells: number[]; sum: number }[] = [];
      const taken = new Set<number>();
      for (let i = 0; i < 1 + (round % 4); i++) {
        const cells = [...new Set(Array.from({ length: 2 + rand.below(3) }, () => rand.below(81)))].filter((cell) => !taken.has(cell));
        if (cells.length < 2 || new Set(cells.map((cell) => solution[cell])).size < cells.length) continue;
        cells.forEach((cell) => taken.add(cell));
        const sum = cells.reduce((a, cell) => a + solution[cell]!, 0) + (rand.below(6) === 0 ? 1 : 0);
        cages.push({ cells: cells.sort((a, b) => a - b), sum: rand.below(4) === 0 ? 0 : sum });
      }
      const marked = Array.from({ length: 10 }, () => rand.below(81));
      const odd = marked.filter((cell) => solution[cell]! % 2 === 1 || rand.below(8) === 0);
      const even = marked.filter((cell) => !odd.includes(cell));
      const specs: RulesSpec[] = [
        { ...base, cages },
        { ...base, odd: [...new Set(odd)].sort((a, b) => a - b), even: [...new Set(even)].sort((a, b) => a - b) },
      ];
      for (const spec of specs) {
        const rules = buildRules(spec);
        const givens = blanked(solution, 36 + rand.below(10), random);
        const expected = bruteCount(rules, givens, 20);
        setFirstAttemptNodes(1);
        const count = countRulesGrid9(rules, givens, 20);
        setFirstAttemptNodes();
        expect(count, JSON.stringify(spec)).toBe(expected);
        if (expected === 0) zero++;
        if (expected > 1) more++;
      }
    }
    expect(zero).toBeGreaterThan(3);
    expect(more).toBeGreaterThan(2);
  });

  test('sparse marked grids (1-3 givens) counted to 2 and to 30: relabelled solutions give the counts of the plain search', () => {
    const random = seedrandom('relabelled');
    let compared = 0;
    for (let round = 0; round < 12; round++) {
      const regions = randomRegions(9, puzzleRandom('relabelled', 'layout', round));
      const base = { size: 9, ...(regions === null || round % 3 === 0 ? { windoku: true } : { regions }) };
      const solution = solveRules(buildRules(base), new Uint8Array(81));
      if (solution === null) continue;
      const marked = [...new Set(Array.from({ length: 12 }, () => Math.floor(random() * 81)))].sort((a, b) => a - b);
      const rules = buildRules({ ...base, odd: marked.filter((cell) => solution[cell]! % 2 === 1), even: marked.filter((cell) => solution[cell]! % 2 === 0) });
      const givens = new Uint8Array(81);
      for (let i = 0; i <= round % 3; i++) {
        const cell = Math.floor(random() * 81);
        givens[cell] = solution[cell]!;
      }
      for (const limit of [2, 30]) {
        // The plain search (its first attempt ends: none of these checks ran) against the relabelling.
        const expected = countRulesGrid9(rules, givens, limit);
        if (lastRulesStats().nodes >= 5_000) continue;
        compared++;
        setFirstAttemptNodes(1);
        const count = countRulesGrid9(rules, givens, limit);
        // The solution kept is one (a relabelled one where these checks answered).
        const found = solveRules(rules, givens);
        setFirstAttemptNodes();
        expect(count, `round ${round} limit ${limit}`).toBe(expected);
        const marksKept = found !== null && found.every((d, cell) => ((rules.startMasks![cell]! >> (d - 1)) & 1) === 1);
        expect(found !== null && isSolution(rules, found) && marksKept && givens.every((d, cell) => d === 0 || found[cell] === d)).toBe(expected > 0);
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
