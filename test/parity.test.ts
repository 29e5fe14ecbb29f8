import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import {
  buildRules,
  classicRules,
  countRules,
  countSolutions,
  formatValues,
  formatVariantLine,
  fromFpuzzles,
  parseVariantLine,
  RulesError,
  samuraiRules,
  solve,
  solveRules,
  toFpuzzles,
  withParity,
  type Rules,
} from '../src/index.js';
import { PuzzleFormatError } from '../src/core/errors.js';
import { countRulesGeneral } from '../src/solver/rules-solver.js';

/*
 * Odd/even: the rules value, the formats, and the counting solvers against a brute force written
 * here (cells in order; a digit is tried only when it has the cell's parity and no house-mate holds it).
 */
function bruteCount(rules: Rules, givens: ArrayLike<number>, limit: number): number {
  const n = rules.cellCount;
  const grid = Array.from(givens);
  const odd = new Set(rules.spec.odd ?? []);
  const even = new Set(rules.spec.even ?? []);
  const fits = (cell: number, digit: number): boolean => (odd.has(cell) ? digit % 2 === 1 : even.has(cell) ? digit % 2 === 0 : true);
  const mates: number[][] = Array.from({ length: n }, () => []);
  for (const house of rules.houses) for (const a of house) for (const b of house) if (a !== b) mates[a]!.push(b);
  for (let cell = 0; cell < n; cell++) {
    if (grid[cell] === 0) continue;
    if (!fits(cell, grid[cell]!)) return 0;
    if (mates[cell]!.some((other) => grid[other] === grid[cell])) return 0;
  }
  let count = 0;
  const fill = (cell: number): void => {
    if (count >= limit) return;
    if (cell === n) {
      count++;
      return;
    }
    if (grid[cell] !== 0) return fill(cell + 1);
    for (let digit = 1; digit <= rules.size; digit++) {
      if (!fits(cell, digit) || mates[cell]!.some((other) => grid[other] === digit)) continue;
      grid[cell] = digit;
      fill(cell + 1);
      grid[cell] = 0;
    }
  };
  fill(0);
  return count;
}

/** A random solution of the plain rules (our solver on an empty grid, digits relabelled). */
function someSolution(rules: Rules, random: () => number): Uint8Array {
  const base = solveRules(rules, new Uint8Array(rules.cellCount))!;
  const relabel = [0, ...Array.from({ length: rules.size }, (_, i) => i + 1).sort(() => random() - 0.5)];
  return Uint8Array.from(base, (d) => relabel[d]!);
}

/** Marks `count` random cells with the parity they hold in `solution` (`wrong` of them the other way). */
function marksOf(solution: Uint8Array, count: number, random: () => number, wrong = 0): { odd: number[]; even: number[] } {
  const cells = Array.from(solution, (_, i) => i).sort(() => random() - 0.5).slice(0, count);
  const odd: number[] = [];
  const even: number[] = [];
  cells.forEach((cell, i) => ((solution[cell]! % 2 === 1) !== i < wrong ? odd : even).push(cell));
  return { odd, even };
}

function blanked(solution: Uint8Array, blanks: number, random: () => number): Uint8Array {
  const givens = solution.slice();
  for (const cell of Array.from(solution, (_, i) => i).sort(() => random() - 0.5).slice(0, blanks)) givens[cell] = 0;
  return givens;
}

describe('the rules value', () => {
  test('odd and even cells: sorted in the spec, a mark and a start mask per cell, the variant named', () => {
    const rules = buildRules({ size: 9, odd: [40, 0], even: [80] });
    expect(rules.spec.odd).toEqual([0, 40]);
    expect(rules.spec.even).toEqual([80]);
    expect(rules.variant).toBe('oddeven');
    expect(rules.parityOf[0]).toBe(1);
    expect(rules.parityOf[80]).toBe(2);
    expect(rules.parityOf[1]).toBe(0);
    expect(rules.startMasks![0]).toBe(0b101010101);
    expect(rules.startMasks![80]).toBe(0b010101010);
    expect(rules.startMasks![1]).toBe(0x1ff);
    expect(Object.isFrozen(rules.spec.odd)).toBe(true);
    expect(classicRules(9).startMasks).toBeNull();
    expect(withParity(buildRules({ size: 6, diagonalDown: true, diagonalUp: true }), { even: [3] }).variant).toBe('6x6+x+oddeven');
    expect(buildRules({ size: 16, odd: [5] }).startMasks![5]).toBe(0x5555);
  });

  test('a cell marked both ways, named twice or out of range is a RulesError', () => {
    const codeOf = (make: () => unknown): string | undefined => {
      try {
        make();
      } catch (error) {
        return error instanceof RulesError ? `${error.code}: ${error.message}` : 'other';
      }
      return undefined;
    };
    expect(codeOf(() => buildRules({ size: 9, odd: [3], even: [3] }))).toBe('BAD_PARITY: r1c4 is marked both odd and even');
    expect(codeOf(() => buildRules({ size: 9, odd: [3, 3] }))).toBe('BAD_PARITY: r1c4 is named twice among the odd cells');
    expect(codeOf(() => buildRules({ size: 4, even: [16] }))).toMatch(/^BAD_CELL: even cells: cell 16/);
  });
});

describe('counts match the brute force', () => {
  const CASES: [string, () => Rules][] = [
    ['4x4', () => classicRules(4)],
    ['6x6', () => classicRules(6)],
    ['6x6 X', () => buildRules({ size: 6, diagonalDown: true, diagonalUp: true })],
    ['9x9', () => classicRules(9)],
    ['9x9 windoku', () => buildRules({ size: 9, windoku: true })],
  ];
  test.each(CASES)('%s with odd/even marks: unique, several and no solutions; both solvers', (name, make) => {
    const plain = make();
    const random = seedrandom(`parity ${name}`);
    const kinds = new Set<string>();
    const n = plain.cellCount;
    const blanks = n <= 16 ? [6, 10, 14] : n <= 36 ? [14, 20, 26] : [30, 40, 48];
    for (let round = 0; round < 9; round++) {
      const solution = someSolution(plain, random);
      // Rounds 0-5: marks true to the solution; 6-8: one mark the wrong way (often no solution).
      const rules = buildRules({ ...plain.spec, ...marksOf(solution, Math.floor(n / 4), random, round >= 6 ? 1 : 0) });
      const givens = blanked(solution, blanks[round % 3]!, random);
      for (let cell = 0; cell < n; cell++) if (givens[cell] !== 0 && (rules.startMasks![cell]! & (1 << (givens[cell]! - 1))) === 0) givens[cell] = 0;
      const expected = bruteCount(rules, givens, 40);
      kinds.add(expected === 0 ? 'none' : expected === 1 ? 'one' : 'several');
      const where = `${name} ${formatVariantLine({ rules, givens })}`;
      expect(countRules(rules, givens, 40), where).toBe(expected);
      expect(countRulesGeneral(rules, givens, 40), where).toBe(expected);
      expect(countSolutions({ rules, givens }, { limit: 40 })).toBe(expected);
      const found = solve({ rules, givens });
      expect(found === null, where).toBe(expected === 0);
      if (found !== null) {
        const digits = [...found].map((ch) => parseInt(ch, 17));
        for (const cell of rules.spec.odd ?? []) expect(digits[cell]! % 2).toBe(1);
        for (const cell of rules.spec.even ?? []) expect(digits[cell]! % 2).toBe(0);
        expect(bruteCount(rules, digits, 2)).toBe(1);
      }
    }
    expect(kinds.size, `${name}: ${[...kinds].join(', ')}`).toBeGreaterThan(1);
  });

  test('marks alone decide a puzzle: an empty 4x4 whose marks leave one solution', () => {
    // 1234/3412/2143/4321 with the odd digits marked in rows 1-2 and the even ones in rows 3-4.
    const solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    const odd = [0, 2, 4, 6];
    const even = [8, 10, 12, 14];
    const rules = buildRules({ size: 4, odd, even });
    const empty = new Uint8Array(16);
    const expected = bruteCount(rules, empty, 1000);
    expect(countRules(rules, empty, 1000)).toBe(expected);
    expect(expected).toBeLessThan(288);
    expect(expected).toBeGreaterThan(0);
    expect(bruteCount(rules, solution, 2)).toBe(1);
  });

  test('Samurai takes odd/even marks too (the general solver)', () => {
    const plain = samuraiRules();
    const random = seedrandom('parity samurai');
    const solution = someSolution(plain, random);
    const rules = buildRules({ size: 9, layout: 'samurai', ...marksOf(solution, 60, random) });
    const givens = blanked(solution, 120, random);
    expect(countRules(rules, givens, 2)).toBeGreaterThan(0);
    expect(solveRules(rules, givens)).not.toBeNull();
    const wrong = buildRules({ size: 9, layout: 'samurai', ...marksOf(solution, 60, random, 1) });
    const full = solution.slice();
    expect(countRules(wrong, full, 2)).toBe(0);
  });
});

describe('formats', () => {
  const rules = buildRules({ size: 9, odd: [0, 10, 80], even: [1, 40] });
  const givens = new Uint8Array(81);
  givens[2] = 5;
  givens[0] = 3;

  test('the variant line: tag oddeven, field parity=, round trip exact', () => {
    const line = formatVariantLine({ rules, givens }, { label: 'p1' });
    expect(line).toMatch(/^oddeven:3\.5\.{78} parity=oe\.{8}o\.{29}e\.{39}o p1$/);
    const back = parseVariantLine(line);
    expect(back.rules.spec).toEqual(rules.spec);
    expect([...back.givens]).toEqual([...givens]);
    expect(back.label).toBe('p1');
    // odd-even is read as well, and with other tags.
    const x = parseVariantLine(`odd-even+x:${'.'.repeat(81)} parity=${'e'.padEnd(81, '.')}`);
    expect(x.rules.variant).toBe('x+oddeven');
    expect(formatVariantLine(x)).toBe(`x+oddeven:${'.'.repeat(81)} parity=${'e'.padEnd(81, '.')}`);
    const killer = parseVariantLine(`killer+oddeven:${'.'.repeat(16)} cages=aabb${'.'.repeat(12)} sums=3,7 parity=o${'.'.repeat(15)}`.replace('killer+oddeven:', '4x4+killer+oddeven:'));
    expect(parseVariantLine(formatVariantLine(killer)).rules.spec).toEqual(killer.rules.spec);
  });

  test('bad lines: one coded error naming the problem', () => {
    const error = (text: string): string => {
      try {
        parseVariantLine(text, { source: 'in.txt', line: 3 });
      } catch (e) {
        return e instanceof PuzzleFormatError ? `${e.code}: ${e.message}` : 'other';
      }
      return 'none';
    };
    expect(error(`oddeven:${'.'.repeat(81)} parity=oe`)).toMatch(/^BAD_VARIANT_LINE: .*parity= has 2 characters, expected one per cell \(81\)/);
    expect(error(`oddeven:${'.'.repeat(81)}`)).toMatch(/^BAD_VARIANT_LINE: .*needs its marks: parity=/);
    expect(error(`x:${'.'.repeat(81)} parity=${'.'.repeat(81)}`)).toMatch(/^BAD_VARIANT_LINE: .*parity= belongs to a line tagged oddeven/);
    expect(error(`oddeven:${'.'.repeat(81)} parity=${'x'.padEnd(81, '.')}`)).toMatch(/^BAD_VARIANT_LINE: .*'x' at cell 1 is not a mark/);
    // A given of the wrong parity: CONFLICT naming the cell.
    expect(error(`oddeven:2${'.'.repeat(80)} parity=o${'.'.repeat(80)}`)).toMatch(/^CONFLICT: .*r1c1 is marked odd but holds 2/);
    expect(error(`oddeven:.....${'.'.repeat(76)} parity=${'.'.repeat(40)}e${'.'.repeat(40)}`)).toBe('none');
    expect(error(`oddeven:${'.'.repeat(40)}7${'.'.repeat(40)} parity=${'.'.repeat(40)}e${'.'.repeat(40)}`)).toMatch(/^CONFLICT: .*r5c5 is marked even but holds 7/);
  });

  test('f-puzzles: odd and even lists of {cell}, round trip exact; a wrong given is CONFLICT', () => {
    const json = toFpuzzles({ rules, givens });
    expect(json.odd).toEqual([{ cell: 'R1C1' }, { cell: 'R2C2' }, { cell: 'R9C9' }]);
    expect(json.even).toEqual([{ cell: 'R1C2' }, { cell: 'R5C5' }]);
    const back = fromFpuzzles(JSON.parse(JSON.stringify(json)));
    expect(back.rules.spec).toEqual(rules.spec);
    expect([...back.givens]).toEqual([...givens]);
    expect(toFpuzzles(back)).toEqual(json);
    expect(toFpuzzles({ rules: classicRules(9), givens }).odd).toBeUndefined();
    const wrong = { ...json, even: [{ cell: 'R1C1' }] };
    expect(() => fromFpuzzles(wrong)).toThrow(/BAD_PARITY|marked both odd and even/);
    const bad = { ...json, odd: [{ cell: 'R1C3' }], even: [] };
    bad.grid[0]![2] = { value: 4, given: true };
    expect(() => fromFpuzzles(bad)).toThrow(/r1c3 is marked odd but holds 4/);
    expect(() => fromFpuzzles({ ...json, odd: [{ place: 'R1C1' }] })).toThrow(/odd 1 has no "cell"/);
  });
});

test('formatValues is untouched by the marks', () => {
  const rules = buildRules({ size: 4, odd: [0] });
  expect(formatValues(rules, new Uint8Array(16))).toBe('.'.repeat(16));
});
