import { describe, expect, test } from 'vitest';
import { PuzzleFormatError } from '../src/core/errors.js';
import { formatVariantLine, parseVariantLine } from '../src/formats/index.js';
import { buildRules, findGivenConflict, RulesError, type Rules } from '../src/rules/index.js';
import { countRules, countRulesGeneral } from '../src/solver/rules-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * A file of killers is read a line at a time (parseVariantLine: the map of cages, the rules, the
 * givens' check) and counted: the path is kept lean (no list of views made to find no conflict,
 * one pass over the map), and these cases hold it to what it said before.
 */

function errorOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof PuzzleFormatError || error instanceof RulesError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('no error');
}

/** Every pair of cells sharing a house or a cage holding the same given, the slow way. */
function clashes(rules: Rules, givens: Uint8Array): boolean {
  const groups = [...rules.houses, ...rules.cages.map((cage) => cage.cells)];
  return groups.some((cells) => {
    const seen = new Set<number>();
    return [...cells].some((cell) => givens[cell] !== 0 && (seen.has(givens[cell]!) || (seen.add(givens[cell]!), false)));
  });
}

describe('killer lines', () => {
  const fixtures = readVariantFixtures('killer.txt').slice(0, 30);

  test("Solo's killers written as variant lines read back to the same rules and count 1", () => {
    for (const { rules, givens } of fixtures) {
      const line = formatVariantLine({ rules, givens });
      const read = parseVariantLine(line);
      expect(read.rules.spec).toEqual(rules.spec);
      expect(read.rules.cages.map((cage) => [...cage.cells])).toEqual(rules.cages.map((cage) => [...cage.cells]));
      expect(countRules(read.rules, read.givens, 2)).toBe(1);
    }
  });

  test('extra houses come in the order of their labels, cages in the order they start', () => {
    // Two disjoint houses: the cells i * 10 (first cell 0) and i * 10 + 1 with 72 (first cell 1).
    const first = new Set([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    const second = new Set([1, 11, 21, 31, 41, 51, 61, 71, 72]);
    const map = (a: string, b: string): string => Array.from({ length: 81 }, (_, cell) => (first.has(cell) ? a : second.has(cell) ? b : '.')).join('');
    const starts = (text: string): number[] => parseVariantLine(`extra:${'.'.repeat(81)} extra=${text}`).rules.houses.slice(27).map((cells) => cells[0]!);
    expect(starts(map('1', 'B'))).toEqual([0, 1]);
    expect(starts(map('B', '1'))).toEqual([1, 0]);
    const cages = `ba${'.'.repeat(79)}`;
    const killer = parseVariantLine(`killer:${'.'.repeat(81)} cages=${cages} sums=5,3`);
    expect(killer.rules.cages.map((cage) => [[...cage.cells], cage.sum])).toEqual([
      [[0], 5],
      [[1], 3],
    ]);
  });

  test('a bad label, a map of the wrong length and a bad sum are named as before', () => {
    const dots = '.'.repeat(80);
    expect(errorOf(() => parseVariantLine(`killer:${'.'.repeat(81)} cages=#${dots} sums=5`))).toEqual({
      code: 'BAD_VARIANT_LINE',
      message: "<input>: cages=: '#' at cell 1 is not a label (a-9, '.' for none)",
    });
    expect(errorOf(() => parseVariantLine(`killer:${'.'.repeat(81)} cages=é${dots} sums=5`)).message).toBe("<input>: cages=: 'é' at cell 1 is not a label (a-9, '.' for none)");
    expect(errorOf(() => parseVariantLine(`extra:${'.'.repeat(81)} extra=a${dots}`)).message).toBe("<input>: extra=: 'a' at cell 1 is not a label (1-Z, '.' for none)");
    expect(errorOf(() => parseVariantLine(`killer:${'.'.repeat(81)} cages=aa${'.'.repeat(78)} sums=5`)).message).toBe('<input>: cages= has 80 characters, expected one per cell (81)');
    expect(errorOf(() => parseVariantLine(`killer:${'.'.repeat(81)} cages=aa${'.'.repeat(79)} sums=18`))).toEqual({
      code: 'BAD_RULES',
      message: '<input>: cage 1: no 2 different digits add up to 18 (possible: 3 to 17)',
    });
  });

  test('buildRules names bad cages as before: a cell out of range, none, twice, too many, overlapping, a sum no digits make', () => {
    const cases: [unknown[], number | undefined, string, string][] = [
      [[0, 81], 5, 'BAD_CELL', 'cage 2: cell 81 is not a cell of the grid (0..80)'],
      [[0, 1.5], 5, 'BAD_CELL', 'cage 2: cell 1.5 is not a cell of the grid (0..80)'],
      [[], 5, 'BAD_CAGE', 'cage 2 has no cells'],
      [[4, 5, 4], 9, 'BAD_CAGE', 'cage 2 names a cell twice'],
      [[10, 11, 12, 13, 14, 15, 16, 17, 18, 19], 45, 'BAD_CAGE', 'cage 2 has 10 cells, more than the 9 digits'],
      [[3, 1], 9, 'CAGE_OVERLAP', 'r1c2 is in cage 1 and cage 2'],
      [[3, 4], 2, 'BAD_CAGE_SUM', 'cage 2: no 2 different digits add up to 2 (possible: 3 to 17)'],
      [[3, 4], 7.5, 'BAD_CAGE_SUM', 'cage 2: no 2 different digits add up to 7.5 (possible: 3 to 17)'],
    ];
    for (const [cells, sum, code, message] of cases) {
      const error = errorOf(() => buildRules({ size: 9, cages: [{ cells: [0, 1], sum: 3 }, { cells: cells as number[], sum }] }));
      expect(error, message).toEqual({ code, message });
    }
    // Cages given out of order are numbered by their first cell.
    const rules = buildRules({ size: 9, cages: [{ cells: [40, 31], sum: 9 }, { cells: [2, 1], sum: 3 }, { cells: [20], sum: 4 }] });
    expect(rules.cages.map((cage) => [[...cage.cells], cage.sum])).toEqual([
      [[1, 2], 3],
      [[20], 4],
      [[31, 40], 9],
    ]);
  });

  test('the givens check of a killer: no givens is no conflict; clashes in a house or a cage and sums out of reach are found, named as before', () => {
    const { rules, givens } = fixtures[0]!;
    expect(findGivenConflict(rules, givens)).toBeNull();
    const solution = new Uint8Array(81);
    expect(countRulesGeneral(rules, givens, 1)).toBe(1);
    const line = formatVariantLine({ rules, givens });
    // The solution's digits as givens, a few at a time: never a conflict.
    const solved = parseVariantLine(line).rules;
    const full = (() => {
      const grid = givens.slice();
      for (let cell = 0; cell < 81; cell++) {
        for (let digit = 1; digit <= 9; digit++) {
          grid[cell] = digit;
          if (countRules(solved, grid, 1) === 1) break;
        }
      }
      return grid;
    })();
    solution.set(full);
    for (let start = 0; start < 81; start += 20) {
      const some = new Uint8Array(81);
      for (let cell = start; cell < start + 20 && cell < 81; cell++) some[cell] = solution[cell]!;
      expect(findGivenConflict(rules, some)).toBeNull();
    }
    // Two of a digit in a row: the first house named.
    const row = new Uint8Array(81);
    row[0] = 5;
    row[8] = 5;
    expect(findGivenConflict(rules, row)).toEqual({ cells: [0, 8], reason: 'two 5s in row 1 (r1c1, r1c9)' });
    // A single given that no digits can complete its cage's sum with.
    const cage = rules.cages.find((c) => c.cells.length === 2 && c.sum >= 3 && c.sum <= 10)!;
    const one = new Uint8Array(81);
    one[cage.cells[0]!] = 9;
    const first = `r${rules.rowOf[cage.cells[0]!]! + 1}c${rules.colOf[cage.cells[0]!]! + 1}`;
    expect(findGivenConflict(rules, one)).toEqual({
      cells: [...cage.cells],
      reason: `the cage at ${first}: its givens add up to 9, which 1 more digits cannot bring to its sum ${cage.sum}`,
    });
    // The same digit twice in a cage that spans two boxes, in no common house.
    const split = buildRules({ size: 9, cages: [{ cells: [2, 12], sum: 10 }] });
    const twice = new Uint8Array(81);
    twice[2] = 5;
    twice[12] = 5;
    expect(findGivenConflict(split, twice)).toEqual({ cells: [2, 12], reason: 'two 5s in the cage at r1c3' });
    // On random givens, a conflict is found exactly when two givens clash or a sum is out of reach.
    let seen = 0;
    for (let round = 0; round < 200; round++) {
      const grid = new Uint8Array(81);
      for (let k = 0; k < 1 + (round % 6); k++) grid[(round * 37 + k * 11) % 81] = 1 + ((round + k * 5) % 9);
      const conflict = findGivenConflict(rules, grid);
      if (clashes(rules, grid)) expect(conflict, `round ${round}`).not.toBeNull();
      if (conflict !== null) seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });
});
