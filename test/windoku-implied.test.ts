import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { bandExtraTablesOf, fitsBandExtra } from '../src/solver/band-extra-solver.js';
import { countRules, countRulesGeneral, countRulesGrid9, solveRules } from '../src/solver/rules-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';
import { shuffled } from './helpers/transforms.js';

/*
 * Windoku's four windows imply five more houses (band-extra-solver.ts, impliedWindows): the cells of
 * rows 1-3 or 5-7 in columns 0, 4 and 8, those of rows 0, 4 and 8 in columns 1-3 or 5-7, and those
 * of rows 0, 4 and 8 in columns 0, 4 and 8. The band solver uses them as houses; here they are held
 * to the solutions that solvers without them find (the general solver and the 81-cell one never
 * see them), and the band solver's counts to theirs on puzzles with one, several and no solutions.
 */

const block = (rows: number[], cols: number[]): number[] => rows.flatMap((r) => cols.map((c) => r * 9 + c)).sort((a, b) => a - b);
const IMPLIED = [
  block([1, 2, 3], [0, 4, 8]),
  block([5, 6, 7], [0, 4, 8]),
  block([0, 4, 8], [1, 2, 3]),
  block([0, 4, 8], [5, 6, 7]),
  block([0, 4, 8], [0, 4, 8]),
];

function holdsEveryDigit(values: ArrayLike<number>, cells: number[]): boolean {
  let mask = 0;
  for (const cell of cells) mask |= 1 << values[cell]!;
  return mask === 0x3fe;
}

/** A solution by the general solver (no implied houses): a unique puzzle's only solution is the band solver's too. */
function generalSolution(rules: Rules, givens: Uint8Array): Uint8Array {
  const grid = givens.slice();
  for (let cell = 0; cell < 81; cell++) {
    if (grid[cell] !== 0) continue;
    let digit = 1;
    for (; digit <= 9; digit++) {
      grid[cell] = digit;
      if (countRulesGeneral(rules, grid, 1) === 1) break;
    }
    expect(digit).toBeLessThan(10);
  }
  return grid;
}

describe("windoku's implied houses", () => {
  test('the solver adds the five to rules with the four windows (windoku, windoku X, killer windoku, windows given as extra regions), and none otherwise', () => {
    const windows = [1, 5].flatMap((top) => [1, 5].map((left) => block([top, top + 1, top + 2], [left, left + 1, left + 2])));
    const killer = readVariantFixtures('killer.txt')[0]!.spec;
    const withWindows: RulesSpec[] = [
      { size: 9, windoku: true },
      { size: 9, windoku: true, diagonalDown: true, diagonalUp: true },
      { ...killer, windoku: true },
      { size: 9, extraRegions: windows },
    ];
    for (const spec of withWindows) {
      const rules = buildRules(spec);
      const tables = bandExtraTablesOf(rules);
      expect(tables.implied, rules.variant).toBe(5);
      expect(tables.houses.slice(-5), rules.variant).toEqual(IMPLIED);
    }
    const without: RulesSpec[] = [{ size: 9 }, { size: 9, diagonalDown: true, diagonalUp: true }, killer, { size: 9, extraRegions: windows.slice(0, 3) }];
    for (const spec of without) expect(bandExtraTablesOf(buildRules(spec)).implied).toBe(0);
  });

  test('every solution of the windoku set, found without them, keeps them', () => {
    for (const { rules, givens } of readVariantFixtures('windoku.txt').slice(0, 6)) {
      const solution = generalSolution(rules, givens);
      for (const cells of IMPLIED) expect(holdsEveryDigit(solution, cells)).toBe(true);
      expect(solveRules(rules, givens)).toEqual(solution);
    }
  });

  test('random solved windoku grids (random givens completed by the general solver) keep them', () => {
    const rules = buildRules({ size: 9, windoku: true });
    const random = seedrandom('windoku implied grids');
    for (let round = 0; round < 4; round++) {
      // A few random givens that still have a solution, completed by the general solver.
      const givens = new Uint8Array(81);
      for (const cell of shuffled([...givens.keys()], random).slice(0, 8)) {
        givens[cell] = 1 + Math.floor(random() * 9);
        if (countRulesGeneral(rules, givens, 1) === 0) givens[cell] = 0;
      }
      const solution = generalSolution(rules, givens);
      for (const cells of IMPLIED) expect(holdsEveryDigit(solution, cells), `round ${round}`).toBe(true);
    }
  });

  test.each<[string, RulesSpec]>([
    ['windoku', { size: 9, windoku: true }],
    ['windoku X', { size: 9, windoku: true, diagonalDown: true, diagonalUp: true }],
  ])('%s: with givens taken away (several solutions), a wrong given (often none) and the puzzle as it is (one), the counts of the solvers without them', (name, extra) => {
    const random = seedrandom(`windoku implied ${name}`);
    const kinds = new Set<number>();
    for (const { spec, givens } of readVariantFixtures('windoku.txt').slice(0, 12)) {
      const rules = buildRules({ ...spec, ...extra });
      expect(fitsBandExtra(rules)).toBe(true);
      const fewer = givens.slice();
      for (let cell = 0; cell < 81; cell++) if (fewer[cell] !== 0 && random() < 0.35) fewer[cell] = 0;
      const wrong = givens.slice();
      const empty = [...wrong.keys()].filter((cell) => wrong[cell] === 0);
      wrong[empty[Math.floor(random() * empty.length)]!] = 1 + Math.floor(random() * 9);
      for (const grid of [givens, fewer, wrong]) {
        for (const limit of [1, 2, 5]) {
          const count = countRules(rules, grid, limit);
          kinds.add(count);
          expect(count, `${name} limit ${limit}`).toBe(countRulesGeneral(rules, grid, limit));
          expect(count, `${name} limit ${limit}`).toBe(countRulesGrid9(rules, grid, limit));
        }
      }
    }
    expect(kinds.has(0) && kinds.has(1) && kinds.has(5)).toBe(true);
  });

  test('killer windoku (cages from a windoku solution, some without sums, some givens): the counts of the solvers without them, valid solutions', () => {
    const random = seedrandom('killer windoku');
    const plain = buildRules({ size: 9, windoku: true });
    const kinds = new Set<number>();
    for (const { givens } of readVariantFixtures('windoku.txt').slice(0, 4)) {
      const solution = solveRules(plain, givens)!;
      // Cages of 1-4 cells along the rows, distinct digits; every fifth without its sum.
      const cages: { cells: number[]; sum?: number }[] = [];
      for (let cell = 0; cell < 81; ) {
        const want = 1 + Math.floor(random() * 4);
        const cells: number[] = [];
        const seen = new Set<number>();
        while (cells.length < want && cell < 81 && !seen.has(solution[cell]!)) {
          seen.add(solution[cell]!);
          cells.push(cell++);
        }
        cages.push(cages.length % 5 === 4 ? { cells } : { cells, sum: cells.reduce((a, c) => a + solution[c]!, 0) });
      }
      // Two cages in three: several solutions; all of them and a few givens: usually one; a sum moved: often none.
      const moved = cages.map((cage, i) => (i === 3 && cage.sum !== undefined && cage.cells.length > 1 && cage.sum < 30 ? { ...cage, sum: cage.sum + 1 } : cage));
      for (const set of [cages.filter((_, i) => i % 3 !== 0), cages, moved]) {
        const rules = buildRules({ size: 9, windoku: true, cages: set });
        expect(bandExtraTablesOf(rules).implied).toBe(5);
        const some = new Uint8Array(81);
        for (let cell = 0; cell < 81; cell++) if (random() < 0.08) some[cell] = solution[cell]!;
        for (const grid of [new Uint8Array(81), some]) {
          const count = countRules(rules, grid, 3);
          kinds.add(count);
          expect(count).toBe(countRulesGeneral(rules, grid, 3));
          expect(count).toBe(countRulesGrid9(rules, grid, 3));
          const found = solveRules(rules, grid);
          expect(found === null).toBe(count === 0);
          if (found !== null) {
            for (const cells of rules.houses) expect(holdsEveryDigit(found, [...cells])).toBe(true);
            for (const cage of rules.cages) {
              const digits = [...cage.cells].map((cell) => found[cell]!);
              expect(new Set(digits).size).toBe(digits.length);
              if (cage.sum !== 0) expect(digits.reduce((a, b) => a + b, 0)).toBe(cage.sum);
            }
          }
        }
      }
    }
    expect(kinds.has(0) && kinds.has(1) && kinds.has(3)).toBe(true);
  });

  test('odd/even windoku keeps to its own path (the 81-cell solver) and counts as the general solver does', () => {
    const { spec, givens } = readVariantFixtures('windoku.txt')[0]!;
    const solution = solveRules(buildRules(spec), givens)!;
    const odd = [...solution.keys()].filter((cell) => solution[cell]! % 2 === 1 && cell % 7 === 0);
    const even = [...solution.keys()].filter((cell) => solution[cell]! % 2 === 0 && cell % 5 === 0);
    const rules = buildRules({ ...spec, odd, even });
    expect(fitsBandExtra(rules)).toBe(false);
    const fewer = givens.slice();
    for (let cell = 0; cell < 81; cell += 2) fewer[cell] = 0;
    for (const grid of [givens, fewer]) expect(countRules(rules, grid, 4)).toBe(countRulesGeneral(rules, grid, 4));
  });
});
