import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { bandExtraTablesOf } from '../src/solver/band-extra-solver.js';
import { countRules, countRulesGeneral, solveRules } from '../src/solver/rules-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * Windoku's count (band-extra-solver.ts: the windows and the houses they imply as the boxes of a
 * second classic grid, altRule) against counters that know nothing of it: a brute force written
 * here (cells in order, a digit kept when no house of the cell holds it yet, a cage checked at its
 * last cell) on positions with one, several or no solutions, and the general solver
 * (rules-solver.ts) on the level sets of bench:variants with givens taken away or made wrong.
 */
function bruteCount(rules: Rules, givens: ArrayLike<number>, limit: number): number {
  const used = new Int32Array(rules.houses.length);
  const housesOf: number[][] = Array.from({ length: 81 }, () => []);
  rules.houses.forEach((cells, h) => cells.forEach((cell) => housesOf[cell]!.push(h)));
  const cages = rules.cages.map((cage) => ({ cells: [...cage.cells], sum: cage.sum, last: Math.max(...cage.cells) }));
  const grid = Array.from(givens);
  for (let cell = 0; cell < 81; cell++) {
    const bit = grid[cell] === 0 ? 0 : 1 << grid[cell]!;
    for (const h of housesOf[cell]!) {
      if ((used[h]! & bit) !== 0) return 0;
      used[h] = used[h]! | bit;
    }
  }
  const cagesOk = (cell: number): boolean =>
    cages.every((cage) => {
      if (cage.last !== cell) return true;
      const digits = cage.cells.map((c) => grid[c]!);
      return new Set(digits).size === digits.length && (cage.sum === 0 || digits.reduce((a, b) => a + b, 0) === cage.sum);
    });
  let count = 0;
  const fill = (cell: number): void => {
    if (count >= limit) return;
    if (cell === 81) {
      count++;
      return;
    }
    if (grid[cell] !== 0) {
      if (cagesOk(cell)) fill(cell + 1);
      return;
    }
    let taken = 0;
    for (const h of housesOf[cell]!) taken |= used[h]!;
    for (let digit = 1; digit <= 9; digit++) {
      const bit = 1 << digit;
      if ((taken & bit) !== 0) continue;
      grid[cell] = digit;
      for (const h of housesOf[cell]!) used[h] = used[h]! | bit;
      if (cagesOk(cell)) fill(cell + 1);
      for (const h of housesOf[cell]!) used[h] = used[h]! & ~bit;
      grid[cell] = 0;
    }
  };
  fill(0);
  return count;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A random solution of the rules: one solution, its digits relabelled. */
function someSolution(rules: Rules, random: () => number): Uint8Array {
  const base = solveRules(rules, new Uint8Array(81))!;
  const relabel = [0, ...shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9], random)];
  return Uint8Array.from(base, (d) => relabel[d]!);
}

function blanked(solution: Uint8Array, blanks: number, random: () => number): Uint8Array {
  const givens = solution.slice();
  for (const cell of shuffle(Array.from({ length: 81 }, (_, i) => i), random).slice(0, blanks)) givens[cell] = 0;
  return givens;
}

/** A given changed to another digit: often no solution, and a contradiction found by the windows. */
function wrongGiven(givens: Uint8Array, random: () => number): Uint8Array {
  const wrong = givens.slice();
  const cells = [...wrong.keys()].filter((cell) => wrong[cell] !== 0);
  const cell = cells[Math.floor(random() * cells.length)]!;
  wrong[cell] = (wrong[cell]! % 9) + 1;
  return wrong;
}

const WINDOKU_KINDS: [string, RulesSpec][] = [
  ['windoku', { size: 9, windoku: true }],
  ['windoku X', { size: 9, windoku: true, diagonalDown: true, diagonalUp: true }],
  ['windoku with centre dot', { size: 9, windoku: true, centreDot: true }],
];

describe('windoku counts (band-extra-solver.ts, the windows as a second grid)', () => {
  test('the solver takes the windows as a second grid: the pairs and singles of its nine boxes are left to it', () => {
    const windoku = bandExtraTablesOf(buildRules({ size: 9, windoku: true }));
    expect(windoku.implied).toBe(5);
    expect(windoku.houses).toHaveLength(9);
  });

  test.each(WINDOKU_KINDS)('%s: one, several and no solutions, as the brute force counts', (name, spec) => {
    const rules = buildRules(spec);
    const random = seedrandom(`windoku-count ${name}`);
    const kinds = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const solution = someSolution(rules, random);
      for (const blanks of [24, 30, 36]) {
        const givens = blanked(solution, blanks, random);
        for (const position of [givens, wrongGiven(givens, random)]) {
          const expected = bruteCount(rules, position, 40);
          kinds.add(expected === 0 ? 'none' : expected === 1 ? 'one' : 'several');
          expect(countRules(rules, position, 40), `${name} ${Array.from(position).join('')}`).toBe(expected);
        }
      }
    }
    expect([...kinds].sort()).toEqual(['none', 'one', 'several']);
  });

  test('killer windoku (cages of two or three cells, one sum wrong now and then): as the brute force counts', () => {
    const random = seedrandom('windoku-count killer');
    const plain = buildRules({ size: 9, windoku: true });
    const kinds = new Set<number>();
    for (let round = 0; round < 12; round++) {
      const solution = someSolution(plain, random);
      const cages: { cells: number[]; sum: number }[] = [];
      for (let row = 0; row < 9; row += 2) {
        for (let col = 0; col + 2 < 9; col += 3) {
          const cells = [row * 9 + col, row * 9 + col + 1, ...(random() < 0.5 ? [row * 9 + col + 2] : [])];
          cages.push({ cells, sum: cells.reduce((a, c) => a + solution[c]!, 0) });
        }
      }
      if (round % 3 === 2) cages[Math.floor(random() * cages.length)]!.sum += 1;
      const rules = buildRules({ size: 9, windoku: true, cages });
      const givens = blanked(solution, 34, random);
      const expected = bruteCount(rules, givens, 40);
      kinds.add(Math.min(expected, 2));
      expect(countRules(rules, givens, 40), `round ${round}`).toBe(expected);
    }
    expect(kinds.size).toBeGreaterThan(1);
  });

  test.each(['windoku-medium.txt', 'windoku-hard.txt', 'windoku-expert.txt'])('%s: unique; with givens taken away or one made wrong, the general solver\'s counts', (file) => {
    const random = seedrandom(`windoku-count ${file}`);
    const puzzles = readVariantFixtures(file).slice(0, 12);
    for (const { rules, givens } of puzzles) {
      expect(countRules(rules, givens, 2)).toBe(1);
      const fewer = givens.slice();
      const cells = shuffle([...fewer.keys()].filter((cell) => fewer[cell] !== 0), random);
      for (const cell of cells.slice(0, 1 + Math.floor(random() * 3))) fewer[cell] = 0;
      for (const position of [fewer, wrongGiven(givens, random)]) {
        expect(countRules(rules, position, 20), Array.from(position).join('')).toBe(countRulesGeneral(rules, position, 20));
      }
    }
  });
});
