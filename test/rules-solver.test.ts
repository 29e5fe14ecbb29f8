import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { PuzzleFormatError } from '../src/core/errors.js';
import { countSolutions, solve, countRules, solveRules, type Rules, type RulesSpec, buildRules, classicRules, samuraiRules, formatValues } from '../src/index.js';
import { countRulesGeneral, countRulesGrid9, lastRulesStats } from '../src/solver/rules-solver.js';
import { fitsGrid9, grid9TablesOf, takesJigsaw9 } from '../src/solver/grid9-solver.js';
import { blanked, bruteCount, isSolution } from './helpers/brute-count.js';
import { readSoloId } from './helpers/solo-id.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * The counting solver for any rules, checked against a brute force (test/helpers/brute-count.ts:
 * different code).
 */

/** Random cages over the cells (sizes 1..maxSize, neighbours along rows), sums from `solution` unless told otherwise. */
function randomCages(rules: Rules, random: () => number, solution: ArrayLike<number>, options: { maxSize: number; sumless?: number; wrongSum?: boolean }): RulesSpec['cages'] {
  const cages: { cells: number[]; sum?: number }[] = [];
  let cell = 0;
  while (cell < rules.cellCount) {
    const size = 1 + Math.floor(random() * options.maxSize);
    const cells: number[] = [];
    const seen = new Set<number>();
    while (cells.length < size && cell < rules.cellCount && !seen.has(solution[cell]!)) {
      seen.add(solution[cell]!);
      cells.push(cell++);
    }
    if (random() < (options.sumless ?? 0)) cages.push({ cells });
    else cages.push({ cells, sum: cells.reduce((a, c) => a + solution[c]!, 0) });
  }
  if (options.wrongSum === true) {
    const cage = cages.find((c) => c.sum !== undefined && c.cells.length === 2 && c.sum > 3 && c.sum < 2 * rules.size - 1);
    if (cage) cage.sum! += 1;
  }
  return cages;
}

/** A random solution of the rules: our solver on givens of a random relabelling of one solution. */
function someSolution(rules: Rules, random: () => number): Uint8Array {
  const base = solveRules(rules, new Uint8Array(rules.cellCount))!;
  const relabel = [0, ...Array.from({ length: rules.size }, (_, i) => i + 1).sort(() => random() - 0.5)];
  return Uint8Array.from(base, (d) => relabel[d]!);
}

const JIGSAW6 = [0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 1, 1, 0, 2, 2, 2, 3, 3, 4, 4, 2, 2, 3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5, 5, 5];
const JIGSAW4 = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];

/** Windoku's four windows (rows and columns 1-3 and 5-7) as cell lists. */
const WINDOWS = [1, 5].flatMap((top) => [1, 5].map((left) => [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => (top + r) * 9 + left + c))));

/** Rules to compare on, small enough for the brute force. */
const RULES: [string, () => Rules][] = [
  ['4x4', () => classicRules(4)],
  ['6x6', () => classicRules(6)],
  ['8x8', () => classicRules(8)],
  ['jigsaw 4x4', () => buildRules({ size: 4, regions: JIGSAW4 })],
  ['jigsaw 6x6', () => buildRules({ size: 6, regions: JIGSAW6 })],
  ['X 4x4', () => buildRules({ size: 4, diagonalDown: true, diagonalUp: true })],
  ['X 6x6', () => buildRules({ size: 6, diagonalDown: true, diagonalUp: true })],
  ['disjoint 6x6', () => buildRules({ size: 6, disjointGroups: true })],
  ['windoku 9x9', () => buildRules({ size: 9, windoku: true })],
  ['windoku X 9x9', () => buildRules({ size: 9, windoku: true, diagonalDown: true, diagonalUp: true })],
  // Windoku with other extra houses: the windows as a second grid (band-extra-solver.ts windowRule)
  // and the other houses' peers, singles and pairs in the same count.
  ['windoku + disjoint groups 9x9', () => buildRules({ size: 9, windoku: true, disjointGroups: true })],
  ['windoku + asterisk + centre dot 9x9', () => buildRules({ size: 9, windoku: true, asterisk: true, centreDot: true })],
  // The windows given as plain extra regions: all four imply the five houses; three imply none.
  ['four windows as extra regions 9x9', () => buildRules({ size: 9, extraRegions: WINDOWS })],
  ['three windows as extra regions 9x9', () => buildRules({ size: 9, extraRegions: WINDOWS.slice(0, 3) })],
  ['X 9x9', () => buildRules({ size: 9, diagonalDown: true, diagonalUp: true })],
  ['jigsaw 9x9', () => readVariantFixtures('jigsaw.txt')[0]!.rules],
  ['jigsaw X 9x9', () => buildRules({ ...readVariantFixtures('jigsaw.txt')[1]!.spec, diagonalDown: true, diagonalUp: true })],
  ['asterisk + centre dot 9x9', () => buildRules({ size: 9, asterisk: true, centreDot: true })],
];

describe('counts match the brute force', () => {
  test.each(RULES)('%s: puzzles with one, several and no solutions', (name, make) => {
    const rules = make();
    const random = seedrandom(`rules-solver ${name}`);
    const solution = someSolution(rules, random);
    expect(isSolution(rules, solution)).toBe(true);
    const cells = rules.cellCount;
    // Few blanks (unique or nearly), more blanks (usually several), and a wrong given (often none).
    const blankCounts = cells <= 16 ? [4, 8, 12, 16] : cells <= 36 ? [8, 14, 20, 24] : [10, 16, 20];
    const kinds = new Set<string>();
    for (const blanks of blankCounts) {
      for (let round = 0; round < 3; round++) {
        const givens = blanked(solution, blanks, random);
        if (round === 2) {
          const cell = givens.findIndex((d) => d !== 0);
          givens[cell] = (givens[cell]! % rules.size) + 1;
        }
        const expected = bruteCount(rules, givens, 30);
        kinds.add(expected === 0 ? 'none' : expected === 1 ? 'one' : 'several');
        expect(countRules(rules, givens, 30), `${name} ${formatValues(rules, givens)}`).toBe(expected);
        expect(countSolutions({ rules, givens }, { limit: 30 })).toBe(expected);
        const found = solveRules(rules, givens);
        expect(found === null).toBe(expected === 0);
        if (found) {
          expect(isSolution(rules, found)).toBe(true);
          expect([...givens].every((d, cell) => d === 0 || found[cell] === d)).toBe(true);
        }
      }
    }
    expect(kinds.has('one') || kinds.has('several')).toBe(true);
  });

  test('empty 4x4 grids: all 288 classic solutions, and the jigsaw and X counts', () => {
    for (const rules of [classicRules(4), buildRules({ size: 4, regions: JIGSAW4 }), buildRules({ size: 4, diagonalDown: true, diagonalUp: true })]) {
      const empty = new Uint8Array(16);
      expect(countRules(rules, empty, 10_000)).toBe(bruteCount(rules, empty, 10_000));
    }
    expect(countRules(classicRules(4), new Uint8Array(16), 10_000)).toBe(288);
  });

  test.each([
    ['4x4 without givens', 4, 16, 3, 0],
    ['4x4 with givens', 4, 10, 3, 0],
    ['4x4 cages without sums', 4, 16, 3, 0.5],
    ['6x6 with givens', 6, 16, 3, 0],
    ['6x6 with givens, some cages without sums', 6, 18, 4, 0.3],
  ])('killer %s: counts match, including a wrong sum', (name, size, blanks, maxSize, sumless) => {
    const random = seedrandom(`killer ${name}`);
    const plain = classicRules(size);
    const kinds = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const solution = someSolution(plain, random);
      const cages = randomCages(plain, random, solution, { maxSize, sumless, wrongSum: round % 3 === 2 });
      const rules = buildRules({ size, cages });
      const givens = blanked(solution, blanks, random);
      const expected = bruteCount(rules, givens, 50);
      kinds.add(Math.min(expected, 2));
      expect(countRules(rules, givens, 50), `${name} round ${round}`).toBe(expected);
    }
    expect(kinds.size).toBeGreaterThan(1);
  });

  test('killer with big cages uses sum bounds (16x16, cages over 512 combinations) and still counts right', () => {
    const random = seedrandom('big cages');
    const plain = classicRules(16);
    const solution = someSolution(plain, random);
    // Rows 1-2 as two cages of 8 + 8 cells (C(16,8) sets: bounds), the rest of the grid given.
    const cages = [0, 8, 16, 24].map((start) => ({ cells: Array.from({ length: 8 }, (_, i) => start + i), sum: 0 }));
    cages.forEach((cage) => (cage.sum = cage.cells.reduce((a, c) => a + solution[c]!, 0)));
    const rules = buildRules({ size: 16, cages });
    const givens = solution.slice();
    for (let cell = 0; cell < 32; cell++) if (random() < 0.4) givens[cell] = 0;
    expect(countRules(rules, givens, 50)).toBe(bruteCount(rules, givens, 50));
    const wrong = buildRules({ size: 16, cages: cages.map((c, i) => (i === 0 ? { ...c, sum: c.sum + 1 } : c)) });
    const blank = givens.slice();
    blank.fill(0, 0, 8);
    expect(countRules(wrong, blank, 50)).toBe(bruteCount(wrong, blank, 50));
  });

  test('Samurai: few blanks, one or several solutions, and a wrong given', () => {
    const rules = samuraiRules();
    expect(rules.cellCount).toBe(369);
    const random = seedrandom('samurai');
    const solution = someSolution(rules, random);
    expect(isSolution(rules, solution)).toBe(true);
    for (const blanks of [20, 40, 60]) {
      const givens = blanked(solution, blanks, random);
      expect(countRules(rules, givens, 20)).toBe(bruteCount(rules, givens, 20));
    }
    const wrong = blanked(solution, 30, random);
    const cell = wrong.findIndex((d) => d !== 0);
    wrong[cell] = (wrong[cell]! % 9) + 1;
    expect(countRules(rules, wrong, 20)).toBe(bruteCount(rules, wrong, 20));
  });
});

describe('windoku: the reordered grid takes the windows and the houses they imply (band-extra-solver.ts windowRule)', () => {
  const rules = buildRules({ size: 9, windoku: true });
  const solution = someSolution(rules, seedrandom('windoku solution'));

  // Pairs of cells in different rows, columns and boxes that share a window or a house the
  // windows imply (rows and columns 0-8): r3c3-r4c4 and r6c6-r7c7 (windows), r1c1-r5c5 (rows and
  // columns 0, 4, 8), r2c1-r4c5 (rows 1-3 x columns 0, 4, 8), r1c2-r5c4 (rows 0, 4, 8 x columns 1-3).
  test.each([
    ['window', 20, 30],
    ['window', 50, 60],
    ['implied house', 0, 40],
    ['implied house', 9, 31],
    ['implied house', 1, 39],
  ])('two givens clashing only in a %s (cells %i and %i) count none; apart from the windows they have solutions', (_, a, b) => {
    const givens = new Uint8Array(81);
    givens[a] = 5;
    givens[b] = 5;
    expect(countRules(classicRules(9), givens, 5)).toBe(5);
    expect(countRules(rules, givens, 5)).toBe(0);
    expect(solveRules(rules, givens)).toBeNull();
    // With most of a solution given (its other 5s taken away), as the brute force.
    const full = blanked(solution, 24, seedrandom(`windoku clash ${a}`));
    for (let cell = 0; cell < 81; cell++) if (full[cell] === 5) full[cell] = 0;
    full[a] = 5;
    full[b] = 5;
    expect(bruteCount(rules, full, 5)).toBe(countRules(rules, full, 5));
  });

  test('many blanks: several solutions, counted as the brute force up to the limit', () => {
    const counts: number[] = [];
    const random = seedrandom('windoku blanks');
    for (const blanks of [30, 40, 48]) {
      const givens = blanked(solution, blanks, random);
      const expected = bruteCount(rules, givens, 40);
      counts.push(expected);
      expect(countRules(rules, givens, 40), `${blanks} blanks ${formatValues(rules, givens)}`).toBe(expected);
    }
    expect(counts.some((n) => n > 1)).toBe(true);
    expect(countRules(rules, new Uint8Array(81), 40)).toBe(40);
  });
});

describe("Solo's puzzles (test/fixtures/variants)", () => {
  test.each(['jigsaw.txt', 'jigsaw-unreasonable.txt', 'x.txt', 'killer.txt', '6x6.txt', '16x16.txt', 'windoku.txt', 'classic-solo.txt'])('%s: every puzzle unique, its solution valid', (file) => {
    const fixtures = readVariantFixtures(file);
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
    for (const { rules, givens } of fixtures.slice(0, 40)) {
      expect(countSolutions({ rules, givens })).toBe(1);
      const solution = solveRules(rules, givens)!;
      expect(isSolution(rules, solution)).toBe(true);
      expect([...givens].every((d, cell) => d === 0 || solution[cell] === d)).toBe(true);
    }
  });

  test('the fixtures are what the Solo IDs say', () => {
    for (const file of ['jigsaw.txt', 'x.txt', 'killer.txt', '6x6.txt', '16x16.txt']) {
      for (const fixture of readVariantFixtures(file).slice(0, 5)) {
        const solo = readSoloId(fixture.solo!);
        expect(Array.from(fixture.givens)).toEqual(solo.givens);
        expect(fixture.rules.cages.length).toBe(solo.cages?.length ?? 0);
      }
    }
  });
});

/** The rules and givens turned a quarter: (r, c) -> (c, N-1-r), regions, houses and cages with them. */
function rotate(spec: RulesSpec, givens: Uint8Array): { spec: RulesSpec; givens: Uint8Array } {
  const n = spec.size;
  const to = (cell: number) => (cell % n) * n + (n - 1 - Math.floor(cell / n));
  const moved = new Uint8Array(n * n);
  givens.forEach((d, cell) => (moved[to(cell)] = d));
  const regions = spec.regions ? new Array<number>(n * n) : undefined;
  spec.regions?.forEach((r, cell) => (regions![to(cell)] = r));
  const boxes = spec.regions ? undefined : (spec.boxes ?? classicRules(n).boxShape!);
  return {
    spec: {
      size: n,
      ...(regions ? { regions } : { boxes: { rows: boxes!.cols, cols: boxes!.rows } }),
      // A quarter turn swaps the diagonals.
      ...(spec.diagonalUp ? { diagonalDown: true } : {}),
      ...(spec.diagonalDown ? { diagonalUp: true } : {}),
      ...(spec.windoku ? { windoku: true } : {}),
      ...(spec.cages ? { cages: spec.cages.map((cage) => ({ cells: cage.cells.map(to), sum: cage.sum })) } : {}),
    },
    givens: moved,
  };
}

describe('properties', () => {
  const pools = ['jigsaw.txt', 'x.txt', 'killer.txt', '6x6.txt', 'windoku.txt'].flatMap((file) => readVariantFixtures(file).slice(0, 10));
  const mixed = pools.map((fixture, i) => {
    // Every third one loses a quarter of its givens, so that some have several solutions. (Half of
    // them made counting to 3 take up to 100 s on a 7-given windoku under some relabellings: the
    // solver has heavy tails on nearly empty grids, see the report.)
    if (i % 3 !== 0) return fixture;
    const random = seedrandom(`mixed ${i}`);
    const givens = fixture.givens.slice();
    for (let cell = 0; cell < givens.length; cell++) if (givens[cell] !== 0 && random() < 0.25) givens[cell] = 0;
    return { ...fixture, givens };
  });
  const pick = fc.integer({ min: 0, max: mixed.length - 1 });

  test('relabelling the digits keeps the count', () => {
    fc.assert(
      fc.property(pick, fc.integer({ min: 1, max: 1e9 }), (index, seed) => {
        const { spec, rules, givens } = mixed[index]!;
        if ((spec.cages?.length ?? 0) > 0) return; // sums do not survive a relabelling
        const random = seedrandom(String(seed));
        const relabel = [0, ...Array.from({ length: rules.size }, (_, i) => i + 1).sort(() => random() - 0.5)];
        expect(countRules(rules, givens.map((d) => relabel[d]!), 3)).toBe(countRules(rules, givens, 3));
      }),
      { numRuns: 40 },
    );
  });

  test('relabelling d -> N+1-d keeps a killer count when each cage sum becomes k(N+1) - sum', () => {
    for (const { spec, rules, givens } of readVariantFixtures('killer.txt').slice(0, 10)) {
      const n = rules.size;
      const mirrored = buildRules({ ...spec, cages: spec.cages!.map((cage) => ({ cells: cage.cells, sum: cage.cells.length * (n + 1) - cage.sum! })) });
      expect(countRules(mirrored, givens.map((d) => (d === 0 ? 0 : n + 1 - d)), 3)).toBe(countRules(rules, givens, 3));
    }
  });

  test('rotating the grid with its regions, houses and cages keeps the count', () => {
    fc.assert(
      fc.property(pick, fc.integer({ min: 1, max: 3 }), (index, turns) => {
        const fixture = mixed[index]!;
        let turned = { spec: fixture.spec, givens: fixture.givens };
        for (let t = 0; t < turns; t++) turned = rotate(turned.spec, turned.givens);
        expect(countRules(buildRules(turned.spec), turned.givens, 3)).toBe(countRules(fixture.rules, fixture.givens, 3));
      }),
      { numRuns: 40 },
    );
  });

  test('adding a digit of the solution as a given keeps the count of a unique puzzle', () => {
    fc.assert(
      fc.property(pick, fc.integer({ min: 0, max: 255 }), (index, at) => {
        const { rules, givens } = mixed[index]!;
        const count = countRules(rules, givens, 2);
        const solution = solveRules(rules, givens)!;
        const empty = [...givens.keys()].filter((cell) => givens[cell] === 0);
        const more = givens.slice();
        more[empty[at % empty.length]!] = solution[empty[at % empty.length]!]!;
        const after = countRules(rules, more, 2);
        if (count === 1) expect(after).toBe(1);
        else expect(after).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the public calls on { rules, givens }', () => {
  const classic = readVariantFixtures('classic-solo.txt').slice(0, 20);

  test('classic 9x9 rules go to the band solver: same counts, solutions and search effort as the grid form', () => {
    for (const { givens } of classic) {
      const rules = classicRules(9);
      const statsPuzzle = { nodes: 0, guesses: 0 };
      const statsGrid = { nodes: 0, guesses: 0 };
      expect(countSolutions({ rules, givens }, { stats: statsPuzzle })).toBe(countSolutions(givens, { stats: statsGrid }));
      expect(statsPuzzle).toEqual(statsGrid);
      expect(solve({ rules, givens })).toBe(solve(givens));
    }
    const several = classic[0]!.givens.slice();
    several.fill(0, 0, 30);
    expect(countSolutions({ rules: classicRules(9), givens: several }, { limit: 5 })).toBe(countSolutions(several, { limit: 5 }));
  });

  test('solve returns the digits as text (A-G over 9) or null', () => {
    const [sixteen] = readVariantFixtures('16x16.txt');
    const text = solve({ rules: sixteen!.rules, givens: sixteen!.givens })!;
    expect(text).toMatch(/^[1-9A-G]{256}$/);
    expect(text).toBe(formatValues(sixteen!.rules, solveRules(sixteen!.rules, sixteen!.givens)!));
    const rules = classicRules(4);
    expect(solve({ rules, givens: Uint8Array.from([1, 1, ...new Array<number>(14).fill(0)]) })).toBeNull();
    expect(formatValues(rules, [0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe('.1234...........');
    expect(formatValues(classicRules(16), Array.from({ length: 256 }, (_, i) => i % 17))).toMatch(/^\.123456789ABCDEFG\./);
  });

  test('arrays of numbers are taken as givens too', () => {
    const rules = classicRules(4);
    expect(countSolutions({ rules, givens: [1, 2, 3, 4, ...new Array<number>(12).fill(0)] as unknown as Uint8Array }, { limit: 100 })).toBe(12);
  });

  test.each([
    ['too few givens', { rules: classicRules(6), givens: new Uint8Array(35) }, 'CELL_COUNT', /expected 36 givens/],
    ['a digit over the size', { rules: classicRules(6), givens: Uint8Array.from({ length: 36 }, (_, i) => (i === 3 ? 7 : 0)) }, 'BAD_CELL_VALUE', /\(r1c4\) holds 7/],
    ['a fraction', { rules: classicRules(4), givens: [0.5, ...new Array<number>(15).fill(0)] }, 'BAD_CELL_VALUE', /holds 0.5/],
    ['rules that are not rules', { rules: { size: 9 }, givens: new Uint8Array(81) }, 'BAD_PUZZLE', /rules/],
    ['givens that are not numbers', { rules: classicRules(4), givens: '1234' }, 'BAD_PUZZLE', /givens/],
  ])('a bad puzzle is a PuzzleFormatError: %s', (_, input, code, message) => {
    for (const call of [() => countSolutions(input as never), () => solve(input as never)]) {
      const error = (() => {
        try {
          call();
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(PuzzleFormatError);
      expect((error as PuzzleFormatError).code).toBe(code);
      expect((error as PuzzleFormatError).message).toMatch(message);
    }
  });
});

describe('the 81-cell, 9-digit fast path (grid9-solver.ts) against the general solver', () => {
  const general = (rules: Rules, givens: Uint8Array, limit: number) => countRulesGeneral(rules, givens, limit);

  test('its house, peer and cage sets are those of the rules value, plus the innies of each house', () => {
    const killer = readVariantFixtures('killer.txt')[0]!;
    const jigsaw = readVariantFixtures('jigsaw.txt')[0]!;
    const all = [
      classicRules(9),
      jigsaw.rules,
      buildRules({ ...jigsaw.spec, diagonalDown: true, diagonalUp: true }),
      buildRules({ size: 9, windoku: true, asterisk: true }),
      killer.rules,
      buildRules({ ...killer.spec, diagonalDown: true, diagonalUp: true }),
      buildRules({ size: 9, cages: [{ cells: [0, 1, 9] }, { cells: [2, 3], sum: 9 }] }),
    ];
    for (const rules of all) {
      const tables = grid9TablesOf(rules);
      expect(tables.houses).toEqual(rules.houses.map((cells) => [...cells]));
      expect(tables.peers).toEqual(rules.peers.map((cells) => [...cells]));
      const summed = rules.cages.filter((cage) => cage.sum !== 0);
      expect(tables.cages.slice(0, summed.length)).toEqual(summed.map((cage) => ({ cells: [...cage.cells], sum: cage.sum })));
      // Each innie is the rest of some house outside the summed cages inside it, with 45 minus their sums.
      const restOf = (house: Int16Array) => {
        const inside = summed.filter((cage) => [...cage.cells].every((cell) => house.includes(cell)));
        const cells = [...house].filter((cell) => !inside.some((cage) => cage.cells.includes(cell)));
        return { cells, sum: 45 - inside.reduce((total, cage) => total + cage.sum, 0) };
      };
      const rests = rules.houses.map(restOf).map((rest) => JSON.stringify(rest));
      for (const innie of tables.cages.slice(summed.length)) expect(rests).toContain(JSON.stringify(innie));
      if (rules === killer.rules) expect(tables.cages.length).toBeGreaterThan(summed.length);
    }
  });

  test('it takes the 9x9 rule sets and leaves other sizes and Samurai to the general solver', () => {
    for (const file of ['jigsaw.txt', 'x.txt', 'windoku.txt', 'killer.txt', 'classic-solo.txt']) expect(fitsGrid9(readVariantFixtures(file)[0]!.rules)).toBe(true);
    for (const rules of [classicRules(6), classicRules(16), samuraiRules()]) expect(fitsGrid9(rules)).toBe(false);
  });

  test.each(['jigsaw.txt', 'jigsaw-unreasonable.txt', 'jigsaw-expert.txt', 'x.txt', 'windoku.txt', 'classic-solo.txt'])('%s: the same counts, unique, with givens taken away (several) and a wrong given (often none)', (file) => {
    const random = seedrandom(`grid9 ${file}`);
    const kinds = new Set<number>();
    for (const { rules, givens } of readVariantFixtures(file).slice(0, 12)) {
      expect(countRulesGrid9(rules, givens, 3)).toBe(1);
      const fewer = givens.slice();
      for (let cell = 0; cell < 81; cell++) if (fewer[cell] !== 0 && random() < 0.3) fewer[cell] = 0;
      const wrong = givens.slice();
      const empty = [...wrong.keys()].filter((cell) => wrong[cell] === 0);
      wrong[empty[Math.floor(random() * empty.length)]!] = 1 + Math.floor(random() * 9);
      for (const grid of [fewer, wrong]) {
        // The 81-cell path itself: countRules gives X, windoku and classic rules to band-extra-solver.ts.
        const count = countRulesGrid9(rules, grid, 3);
        kinds.add(count);
        expect(count, `${file} ${formatValues(rules, grid)}`).toBe(general(rules, grid, 3));
      }
    }
    expect(kinds.has(0) && kinds.has(3)).toBe(true);
  });

  test("killers without givens (Solo's): unique; two cage sums moved by one, cages dropped, or the diagonals added count as the general solver does", () => {
    const kinds = new Set<number>();
    for (const { spec, rules, givens } of readVariantFixtures('killer.txt').slice(0, 12)) {
      expect(countRules(rules, givens, 3)).toBe(1);
      const cages = spec.cages!;
      const pair = cages.findIndex((cage) => cage.cells.length === 2 && cage.sum! > 3 && cage.sum! < 17);
      const variants: RulesSpec[] = [
        // Two cages' sums moved by one each way: the total stays 405 but most such grids have no solution.
        { ...spec, cages: cages.map((cage, i) => (i === pair ? { ...cage, sum: cage.sum! + 1 } : i === pair + 1 ? { ...cage, sum: cage.sum! - 1 } : cage)) },
        // Every third cage dropped: several solutions.
        { ...spec, cages: cages.filter((_, i) => i % 3 !== 0) },
        { ...spec, diagonalDown: true, diagonalUp: true },
      ];
      for (const variant of variants) {
        let built: Rules;
        try {
          built = buildRules(variant);
        } catch {
          continue; // a sum no digits can make
        }
        const count = countRules(built, givens, 3);
        kinds.add(count);
        expect(count).toBe(general(built, givens, 3));
        const found = solveRules(built, givens);
        expect(found === null).toBe(count === 0);
        if (found) expect(isSolution(built, found)).toBe(true);
      }
    }
    expect(kinds.has(0) && kinds.has(3)).toBe(true);
  });

  test('killer 9x9 with givens and random cages (some without sums, one wrong sum): counts match the brute force', () => {
    const random = seedrandom('grid9 killer brute');
    const plain = classicRules(9);
    const kinds = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const solution = someSolution(plain, random);
      const cages = randomCages(plain, random, solution, { maxSize: 4, sumless: 0.2, wrongSum: round % 3 === 2 });
      for (const rules of [buildRules({ size: 9, cages }), buildRules({ size: 9, cages, diagonalDown: true, diagonalUp: true })]) {
        const givens = blanked(solution, 22, random);
        const expected = bruteCount(rules, givens, 20);
        kinds.add(Math.min(expected, 2));
        expect(countRules(rules, givens, 20), `round ${round} ${rules.variant}`).toBe(expected);
      }
    }
    expect(kinds.size).toBeGreaterThan(1);
  });

  test('an empty X grid has many solutions, a clash among the givens none; the search effort is reported', () => {
    const rules = buildRules({ size: 9, diagonalDown: true, diagonalUp: true });
    expect(countRules(rules, new Uint8Array(81), 50)).toBe(50);
    const clash = new Uint8Array(81);
    clash[0] = 5;
    clash[80] = 5; // both on the down diagonal
    expect(countRules(rules, clash, 2)).toBe(0);
    expect(solveRules(rules, clash)).toBeNull();
    const windoku = readVariantFixtures('windoku.txt');
    let guessed = 0;
    for (const { rules: windokuRules, givens } of windoku.slice(0, 10)) {
      const stats = { nodes: 0, guesses: 0 };
      expect(countSolutions({ rules: windokuRules, givens }, { stats })).toBe(1);
      expect(stats.nodes).toBeGreaterThan(0);
      guessed += stats.guesses;
    }
    expect(guessed).toBeGreaterThan(0);
  });
});

describe('the fast path on lined layouts (rows, columns, nine regions: jigsaw and boxes)', () => {
  const jigsaw = readVariantFixtures('jigsaw.txt');
  /** Regions 1-8 each a column's rows 2-9 plus one cell of column 9; region 0 is row 1 itself (not a house of its own). */
  const rowRegion = Array.from({ length: 81 }, (_, cell) => {
    const row = Math.floor(cell / 9);
    const col = cell % 9;
    return row === 0 ? 0 : col < 8 ? col + 1 : row;
  });
  /** The same turned a quarter: region 0 is column 1. */
  const columnRegion = Array.from({ length: 81 }, (_, cell) => rowRegion[(cell % 9) * 9 + 8 - Math.floor(cell / 9)]!);

  test('the line and region tables are those of the rules value; house pairs only with an extra house', () => {
    const cases: [Rules, boolean][] = [
      [classicRules(9), true],
      [jigsaw[0]!.rules, true],
      [buildRules({ ...jigsaw[1]!.spec, diagonalDown: true, diagonalUp: true }), true],
      [buildRules({ ...jigsaw[2]!.spec, windoku: true }), true],
      // Region 0 equals row 1 and is no house of its own in the rules value: the layout has it as
      // region 26 (before the extra houses), so it is lined.
      [buildRules({ size: 9, regions: rowRegion }), true],
      [buildRules({ size: 9, regions: rowRegion, diagonalDown: true }), true],
      [buildRules({ size: 9, regions: columnRegion }), true],
      [buildRules({ size: 9, regions: columnRegion, windoku: true }), true],
    ];
    for (const [rules, lined] of cases) {
      const tables = grid9TablesOf(rules);
      expect(tables.lines !== null).toBe(lined);
      // The rules' houses, with the regions it holds as a row or column put back after its regions.
      const houses = rules.houses.map((cells) => [...cells]);
      const regionEnd = 18 + rules.houseKinds.slice(18).filter((kind) => kind === 'region' || kind === 'box').length;
      const covered = new Set(houses.slice(18, regionEnd).flat());
      const lines = houses.slice(0, 18).filter((cells) => cells.every((cell) => !covered.has(cell)));
      expect(lines.length).toBe(27 - regionEnd);
      houses.splice(regionEnd, 0, ...lines);
      expect(tables.houses).toEqual(houses);
      const shared = (a: number[], b: number[]) => a.filter((cell) => b.includes(cell)).length;
      const expectedPairs: [number, number][] = [];
      for (let a = 0; a < houses.length; a++) {
        for (let b = a + 1; b < houses.length; b++) {
          const n = shared(houses[a]!, houses[b]!);
          if (n >= 2 && n < 9 && (!lined || b >= 27)) expectedPairs.push([a, b]);
        }
      }
      expect(tables.pairs).toEqual(expectedPairs);
      if (!lined) {
        expect(expectedPairs.some(([, b]) => b < 27)).toBe(true);
        continue;
      }
      for (let cell = 0; cell < 81; cell++) {
        const row = houses[Math.floor(cell / 9)]!;
        const column = houses[9 + (cell % 9)]!;
        const region = houses.slice(18, 27).find((cells) => cells.includes(cell))!;
        const minus = (a: number[], b: number[]) => a.filter((other) => !b.includes(other));
        expect(tables.lines![cell]).toEqual({
          rowOut: minus(row, region),
          regionOffRow: minus(region, row),
          regionOffColumn: minus(region, column),
          columnOut: minus(column, region),
        });
      }
    }
  });

  // (Windows over a jigsaw often leave no solution at all, which an empty grid takes long to show: no
  // jigsaw windoku below.)
  test('jigsaw, jigsaw X, odd/even jigsaw and a row-region layout count as the brute force (one, several or no solution)', () => {
    const random = seedrandom('grid9 lined brute');
    const kinds = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const spec = jigsaw[round]!.spec;
      const specs: RulesSpec[] = [
        spec,
        { ...spec, diagonalDown: true, diagonalUp: true },
        { size: 9, regions: round % 2 === 0 ? rowRegion : columnRegion },
      ];
      for (const variant of specs) {
        let rules = buildRules(variant);
        const solution = someSolution(rules, random);
        if (variant === spec) {
          // Odd/even marks on a third of the cells, from the solution.
          const marked = [...solution.keys()].filter(() => random() < 0.33);
          rules = buildRules({ ...spec, odd: marked.filter((cell) => solution[cell]! % 2 === 1), even: marked.filter((cell) => solution[cell]! % 2 === 0) });
        }
        // Unique most often with 24 blanks, several solutions with 40.
        const givens = blanked(solution, round % 3 === 2 ? 40 : 24, random);
        if (round % 3 === 1) {
          // A wrong digit in a blank: most often no solution.
          const blank = [...givens.keys()].find((cell) => givens[cell] === 0)!;
          givens[blank] = 1 + (solution[blank]! % 9);
        }
        const expected = bruteCount(rules, givens, 20);
        kinds.add(Math.min(expected, 2));
        expect(countRulesGrid9(rules, givens, 20), `round ${round} ${rules.variant} ${formatValues(rules, givens)}`).toBe(expected);
      }
    }
    expect(kinds.has(0) && kinds.has(1) && kinds.has(2)).toBe(true);
  });

  test('leftovers: each pair is a band of lines less its regions against those regions less the band, both sides holding the same digits in a solution', () => {
    const random = seedrandom('grid9 leftovers');
    let pairs = 0;
    let single = 0;
    for (const { spec } of [...jigsaw.slice(0, 10), ...readVariantFixtures('jigsaw-unreasonable.txt').slice(0, 10)]) {
      const rules = buildRules(spec);
      // Null where houses 0-26 are not rows, columns and nine regions (a region that is a row is no house of its own).
      const left = grid9TablesOf(rules).leftovers ?? [];
      const solution = someSolution(rules, random);
      for (const [out, inside] of left) {
        expect(out.length).toBe(inside.length);
        expect(out.length).toBeGreaterThan(0);
        expect(out.length).toBeLessThanOrEqual(6);
        expect(out.filter((cell) => inside.includes(cell))).toEqual([]);
        // The band side lies in k consecutive lines, the other in k regions, and the band's other
        // cells are in those regions: the sides are what the band and the regions do not share.
        const digits = (cells: number[]) => cells.map((cell) => solution[cell]!).sort((a, b) => a - b);
        expect(digits(out)).toEqual(digits(inside));
        pairs++;
        if (out.length === 1) single++;
      }
    }
    expect(pairs).toBeGreaterThan(100);
    expect(single).toBeGreaterThan(0);
    // Classic boxes are lined too: a row against its box is a pair of six (the rest of each).
    expect(grid9TablesOf(buildRules({ size: 9, diagonalDown: true })).leftovers!.every(([out]) => out.length === 6)).toBe(true);
  });

  test("a count's effort does not depend on whether its layout's leftovers were made before (the first count that guesses makes them and starts over)", () => {
    for (const { spec, givens } of readVariantFixtures('jigsaw-unreasonable.txt').slice(0, 6)) {
      // The layout turned a quarter (a layout no count has seen yet), with the givens turned alike.
      const turn = (cell: number) => (cell % 9) * 9 + 8 - Math.floor(cell / 9);
      const regions = new Array<number>(81);
      const turned = new Uint8Array(81);
      for (let cell = 0; cell < 81; cell++) {
        regions[turn(cell)] = spec.regions![cell]!;
        turned[turn(cell)] = givens[cell]!;
      }
      const rules = buildRules({ size: 9, regions });
      expect(countRulesGrid9(rules, turned, 2)).toBe(1);
      const first = lastRulesStats();
      expect(countRulesGrid9(rules, turned, 2)).toBe(1);
      expect(lastRulesStats()).toEqual(first);
      expect(countRulesGeneral(rules, turned, 2)).toBe(1);
    }
  });

  test('plain jigsaws (odd/even marks too) go to the digit-major solver (jigsaw9-solver.ts), other rule sets not', () => {
    const spec = jigsaw[0]!.spec;
    expect(takesJigsaw9(jigsaw[0]!.rules)).toBe(true);
    expect(takesJigsaw9(buildRules({ ...spec, odd: [0, 10, 20], even: [1, 11] }))).toBe(true);
    // Classic boxes are nine regions as well (countRulesGrid9 only: countRules sends them to the band solver).
    expect(takesJigsaw9(classicRules(9))).toBe(true);
    expect(takesJigsaw9(buildRules({ ...spec, diagonalDown: true }))).toBe(false);
    expect(takesJigsaw9(buildRules({ ...spec, windoku: true }))).toBe(false);
    expect(takesJigsaw9(buildRules({ ...spec, cages: [{ cells: [0, 1], sum: 3 }] }))).toBe(false);
    expect(takesJigsaw9(buildRules({ ...spec, cages: [{ cells: [0, 1] }] }))).toBe(false);
    // A region equal to a row or column (6 of Solo's 100 intermediate layouts) is one of the nine regions again.
    expect(takesJigsaw9(buildRules({ size: 9, regions: rowRegion }))).toBe(true);
    expect(takesJigsaw9(buildRules({ size: 9, regions: columnRegion }))).toBe(true);
    expect(jigsaw.filter(({ rules }) => !takesJigsaw9(rules)).length).toBe(0);
    expect(takesJigsaw9(buildRules({ size: 9, regions: rowRegion, diagonalUp: true }))).toBe(false);
    expect(takesJigsaw9(buildRules({ size: 6, regions: JIGSAW6 }))).toBe(false);
  });

  test('the digit-major path counts as the brute force: one, several and no solution, odd/even marks, wrong givens; its solutions are valid', () => {
    const random = seedrandom('jigsaw9 brute');
    const kinds = new Set<number>();
    for (let round = 0; round < 12; round++) {
      const { spec } = jigsaw[10 + round]!;
      let rules = buildRules(spec);
      const solution = someSolution(rules, random);
      if (round % 4 === 3) {
        // Odd/even marks on a quarter of the cells, one of them sometimes contradicting the solution.
        const marked = [...solution.keys()].filter(() => random() < 0.25);
        const flip = round % 8 === 7 ? marked[0]! : -1;
        const odd = marked.filter((cell) => (solution[cell]! % 2 === 1) !== (cell === flip));
        rules = buildRules({ ...spec, odd, even: marked.filter((cell) => !odd.includes(cell)) });
      }
      const givens = blanked(solution, [22, 30, 38, 44][round % 4]!, random);
      if (round % 3 === 1) {
        // A wrong digit in a blank: most often no solution.
        const blank = [...givens.keys()].find((cell) => givens[cell] === 0)!;
        givens[blank] = 1 + (solution[blank]! % 9);
      }
      expect(takesJigsaw9(rules)).toBe(true);
      const expected = bruteCount(rules, givens, 20);
      kinds.add(Math.min(expected, 2));
      const label = `round ${round} ${formatValues(rules, givens)}`;
      expect(countRulesGrid9(rules, givens, 20), label).toBe(expected);
      expect(countRules(rules, givens, 1), label).toBe(Math.min(expected, 1));
      const found = solveRules(rules, givens);
      expect(found === null, label).toBe(expected === 0);
      if (found) {
        expect(isSolution(rules, found)).toBe(true);
        expect([...givens].every((d, cell) => d === 0 || found[cell] === d)).toBe(true);
      }
    }
    expect(kinds.has(0) && kinds.has(1) && kinds.has(2)).toBe(true);
  });

  test("Solo's jigsaws on the digit-major path: unique with a valid solution; three givens taken away or two swapped count as the general solver does", () => {
    const sets = [...jigsaw.slice(0, 24), ...readVariantFixtures('jigsaw-unreasonable.txt').slice(0, 8)];
    let several = 0;
    let none = 0;
    for (const { rules, givens } of sets) {
      if (!takesJigsaw9(rules)) continue;
      expect(countRules(rules, givens, 2)).toBe(1);
      const found = solveRules(rules, givens)!;
      expect(isSolution(rules, found)).toBe(true);
      expect([...givens].every((d, cell) => d === 0 || found[cell] === d)).toBe(true);
      const fewer = givens.slice();
      let taken = 0;
      for (let cell = 0; cell < 81 && taken < 3; cell++) if (fewer[cell] !== 0 && (fewer[cell] = 0) === 0) taken++;
      const count = countRules(rules, fewer, 10);
      expect(count).toBe(countRulesGeneral(rules, fewer, 10));
      if (count > 1) several++;
      // Two givens of different digits swapped: usually no solution.
      const swapped = givens.slice();
      const a = swapped.findIndex((d) => d !== 0);
      const b = swapped.findIndex((d, cell) => cell > a && d !== 0 && d !== swapped[a]);
      [swapped[a], swapped[b]] = [swapped[b]!, swapped[a]!];
      const wrong = countRules(rules, swapped, 2);
      expect(wrong).toBe(countRulesGeneral(rules, swapped, 2));
      if (wrong === 0) none++;
    }
    expect(several).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);
  });

  test('with many cells blank (many solutions) they count as the general solver does, up to the limit', () => {
    const random = seedrandom('grid9 lined general');
    for (const { spec } of jigsaw.slice(6, 8)) {
      for (const rules of [buildRules(spec), buildRules({ ...spec, diagonalDown: true, diagonalUp: true }), buildRules({ size: 9, regions: rowRegion })]) {
        const solution = someSolution(rules, random);
        for (const blanks of [50, 81]) {
          const givens = blanked(solution, blanks, random);
          const count = countRulesGrid9(rules, givens, 30);
          expect(count, `${rules.variant} ${blanks} blanks`).toBe(countRulesGeneral(rules, givens, 30));
          if (blanks === 81) expect(count).toBe(30);
          const found = solveRules(rules, givens)!;
          expect(isSolution(rules, found)).toBe(true);
        }
      }
    }
  });
});
