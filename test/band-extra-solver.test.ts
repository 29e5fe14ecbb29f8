import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { buildRules, classicRules, samuraiRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { bandExtraTablesOf, fitsBandExtra } from '../src/solver/band-extra-solver.js';
import { countRules, countRulesGeneral, countRulesGrid9, lastRulesStats, solveRules } from '../src/solver/rules-solver.js';
import { grid9TablesOf } from '../src/solver/grid9-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';
import { shuffled } from './helpers/transforms.js';

/*
 * The band solver with extra houses (band-extra-solver.ts) takes 9x9 rules with classic boxes, extra
 * houses and killer cages from countRules; it is held here to the rules value it is compiled from, and its
 * counts to the general solver (rules-solver.ts, different code) and to the 81-cell solver.
 */

const EXTRA_KINDS: [string, RulesSpec][] = [
  ['X', { size: 9, diagonalDown: true, diagonalUp: true }],
  ['one diagonal', { size: 9, diagonalUp: true }],
  ['windoku', { size: 9, windoku: true }],
  ['windoku X', { size: 9, windoku: true, diagonalDown: true, diagonalUp: true }],
  ['disjoint groups', { size: 9, disjointGroups: true }],
  ['asterisk', { size: 9, asterisk: true }],
  ['centre dot', { size: 9, centreDot: true }],
  ['extra region', { size: 9, extraRegions: [[0, 10, 20, 30, 40, 50, 60, 70, 80].map((c) => (c + 9) % 81)] }],
];

function isSolution(rules: Rules, values: ArrayLike<number>): boolean {
  return rules.houses.every((cells) => new Set([...cells].map((cell) => values[cell])).size === 9 && [...cells].every((cell) => values[cell]! >= 1));
}

describe('band solver with extra houses', () => {
  test('its extra houses and extra peers are those of the rules value', () => {
    for (const [name, spec] of [...EXTRA_KINDS, ['classic', { size: 9 }] as [string, RulesSpec]]) {
      const rules = buildRules(spec);
      expect(fitsBandExtra(rules), name).toBe(true);
      const tables = bandExtraTablesOf(rules);
      // The rules value's extra houses, then those windoku's windows imply (test/windoku-implied.test.ts).
      expect(tables.implied, name).toBe(spec.windoku === true ? 5 : 0);
      const own = tables.houses.slice(0, tables.houses.length - tables.implied);
      expect(own, name).toEqual(rules.houses.slice(27).map((cells) => [...cells]));
      for (let cell = 0; cell < 81; cell++) {
        const mates = new Set<number>();
        for (const cells of tables.houses) if (cells.includes(cell)) for (const other of cells) if (other !== cell) mates.add(other);
        expect(tables.peers[cell], `${name} cell ${cell}`).toEqual([...mates].sort((a, b) => a - b));
      }
    }
  });

  test('its killer tables are those of the rules value: peers are extra-house and cage mates, summed cages then the innies of every house (those the windows imply too)', () => {
    const killer = readVariantFixtures('killer.txt')[2]!;
    const specs: [string, RulesSpec][] = [
      ['killer', killer.spec],
      ['killer X', { ...killer.spec, diagonalDown: true, diagonalUp: true }],
      ['killer windoku', { ...killer.spec, windoku: true }],
      ['cages without sums, a one-cell cage, unsorted input', { size: 9, cages: [{ cells: [11, 2, 1], sum: 6 }, { cells: [0, 9] }, { cells: [80], sum: 4 }, { cells: [3, 4, 5, 12, 13, 14, 21, 22], sum: 40 }] }],
    ];
    for (const [name, spec] of specs) {
      const rules = buildRules(spec);
      const tables = bandExtraTablesOf(rules);
      const extraHouses = tables.houses;
      for (let cell = 0; cell < 81; cell++) {
        const mates = new Set<number>();
        for (const cells of extraHouses) if (cells.includes(cell)) for (const other of cells) mates.add(other);
        const cage = rules.cageOf[cell]!;
        if (cage >= 0) for (const other of rules.cages[cage]!.cells) mates.add(other);
        mates.delete(cell);
        expect(tables.killer!.peers[cell], `${name} cell ${cell}`).toEqual([...mates].sort((a, b) => a - b));
      }
      const summed = rules.cages.filter((cage) => cage.sum !== 0).map((cage) => ({ cells: [...cage.cells], sum: cage.sum }));
      expect(tables.killer!.cages.slice(0, summed.length), name).toEqual(summed);
      // Each innie is the rest (1 to 5 cells, not a cage already) of a house outside the summed
      // cages inside it, with 45 minus their sums; every such rest is one, in house order.
      const houses = [...rules.houses.slice(0, 27).map((cells) => [...cells]), ...extraHouses];
      const rests: { cells: number[]; sum: number }[] = [];
      for (const house of houses) {
        const inside = summed.filter((cage) => cage.cells.every((cell) => house.includes(cell)));
        const cells = house.filter((cell) => !inside.some((cage) => cage.cells.includes(cell))).sort((a, b) => a - b);
        if (cells.length === 0 || cells.length > 5 || inside.length === 0) continue;
        if (summed.some((cage) => JSON.stringify(cage.cells) === JSON.stringify(cells))) continue;
        rests.push({ cells, sum: 45 - inside.reduce((total, cage) => total + cage.sum, 0) });
      }
      expect(tables.killer!.cages.slice(summed.length), name).toEqual(rests);
      if (name === 'killer') {
        expect(rests.length).toBeGreaterThan(0);
        // The 81-cell solver's tables (grid9-solver.ts) list the same summed cages and innies.
        expect(grid9TablesOf(rules).cages).toEqual(tables.killer!.cages);
      }
    }
    expect(bandExtraTablesOf(buildRules({ size: 9, windoku: true })).killer).toBeNull();
  });

  test("the 81-cell solver's killer tables over jigsaw pieces: peers are house and cage mates, summed cages then the innies of every house", () => {
    const jigsaw = readVariantFixtures('jigsaw.txt')[0]!;
    const killer = readVariantFixtures('killer.txt')[2]!;
    const rules = buildRules({ size: 9, regions: jigsaw.spec.regions, cages: killer.spec.cages });
    const tables = grid9TablesOf(rules);
    for (let cell = 0; cell < 81; cell++) {
      const mates = new Set<number>();
      for (const house of rules.houses) if (house.includes(cell)) for (const other of house) mates.add(other);
      const cage = rules.cageOf[cell]!;
      if (cage >= 0) for (const other of rules.cages[cage]!.cells) mates.add(other);
      mates.delete(cell);
      expect(tables.peers[cell], `cell ${cell}`).toEqual([...mates].sort((a, b) => a - b));
    }
    const summed = rules.cages.filter((cage) => cage.sum !== 0).map((cage) => ({ cells: [...cage.cells], sum: cage.sum }));
    const rests: { cells: number[]; sum: number }[] = [];
    for (const house of rules.houses.map((cells) => [...cells])) {
      const inside = summed.filter((cage) => cage.cells.every((cell) => house.includes(cell)));
      const cells = house.filter((cell) => !inside.some((cage) => cage.cells.includes(cell))).sort((a, b) => a - b);
      if (cells.length === 0 || cells.length > 5 || inside.length === 0) continue;
      if (summed.some((cage) => JSON.stringify(cage.cells) === JSON.stringify(cells))) continue;
      rests.push({ cells, sum: 45 - inside.reduce((total, cage) => total + cage.sum, 0) });
    }
    expect(rests.length).toBeGreaterThan(0);
    expect(tables.cages).toEqual([...summed, ...rests]);
  });

  test('it takes killers over classic boxes, and leaves jigsaw (killer or not), other sizes and Samurai to the other solvers', () => {
    const jigsaw = readVariantFixtures('jigsaw.txt')[0]!;
    const killer = readVariantFixtures('killer.txt')[0]!;
    for (const rules of [killer.rules, buildRules({ ...killer.spec, diagonalDown: true, diagonalUp: true }), buildRules({ size: 9, cages: [{ cells: [0, 1] }] })]) {
      expect(fitsBandExtra(rules), rules.variant).toBe(true);
    }
    const others = [
      jigsaw.rules,
      buildRules({ ...jigsaw.spec, diagonalDown: true, diagonalUp: true }),
      buildRules({ ...jigsaw.spec, cages: [{ cells: [0, 1], sum: 9 }] }),
      classicRules(6),
      classicRules(16),
      samuraiRules(),
    ];
    for (const rules of others) expect(fitsBandExtra(rules), rules.variant).toBe(false);
  });

  test("killers (Solo's, without givens; cages dropped, sums moved, diagonals added, some givens): the counts of the 81-cell and general solvers, valid solutions", () => {
    const random = seedrandom('band extra killers');
    const kinds = new Set<number>();
    for (const { spec, givens } of readVariantFixtures('killer.txt').slice(0, 15)) {
      const cages = spec.cages!;
      const pair = cages.findIndex((cage) => cage.cells.length === 2 && cage.sum! > 3 && cage.sum! < 17);
      const variants: RulesSpec[] = [
        spec,
        { ...spec, cages: cages.map((cage, i) => (i === pair ? { ...cage, sum: cage.sum! + 1 } : i === pair + 1 ? { ...cage, sum: cage.sum! - 1 } : cage)) },
        { ...spec, cages: cages.filter((_, i) => i % 3 !== 0) },
        // Every fourth cage without its sum.
        { ...spec, cages: cages.map((cage, i) => (i % 4 === 0 ? { cells: cage.cells } : cage)) },
        { ...spec, diagonalDown: true, diagonalUp: true },
        { ...spec, windoku: true },
      ];
      for (const variant of variants) {
        let rules: Rules;
        try {
          rules = buildRules(variant);
        } catch {
          continue; // a sum no digits can make
        }
        expect(fitsBandExtra(rules)).toBe(true);
        const some = givens.slice();
        const solution = solveRules(rules, givens);
        if (solution !== null && random() < 0.5) for (let cell = 0; cell < 81; cell++) if (random() < 0.15) some[cell] = solution[cell]!;
        for (const grid of [givens, some]) {
          const count = countRules(rules, grid, 3);
          kinds.add(count);
          expect(count, rules.variant).toBe(countRulesGeneral(rules, grid, 3));
          expect(count, rules.variant).toBe(countRulesGrid9(rules, grid, 3));
          const found = solveRules(rules, grid);
          expect(found === null).toBe(count === 0);
          if (found !== null) {
            expect(isSolution(rules, found)).toBe(true);
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

  test.each(['x.txt', 'windoku.txt'])('%s: unique, the solution valid; with givens taken away (several) and a wrong given (often none) the counts of the other solvers', (file) => {
    const random = seedrandom(`band extra ${file}`);
    const kinds = new Set<number>();
    for (const { rules, givens } of readVariantFixtures(file).slice(0, 15)) {
      expect(countRules(rules, givens, 3)).toBe(1);
      const solution = solveRules(rules, givens)!;
      expect(isSolution(rules, solution)).toBe(true);
      for (let cell = 0; cell < 81; cell++) if (givens[cell] !== 0) expect(solution[cell]).toBe(givens[cell]);
      const fewer = givens.slice();
      for (let cell = 0; cell < 81; cell++) if (fewer[cell] !== 0 && random() < 0.3) fewer[cell] = 0;
      const wrong = givens.slice();
      const empty = [...wrong.keys()].filter((cell) => wrong[cell] === 0);
      wrong[empty[Math.floor(random() * empty.length)]!] = 1 + Math.floor(random() * 9);
      for (const grid of [fewer, wrong]) {
        const count = countRules(rules, grid, 3);
        kinds.add(count);
        expect(count).toBe(countRulesGeneral(rules, grid, 3));
        expect(count).toBe(countRulesGrid9(rules, grid, 3));
      }
    }
    expect(kinds.has(0) && kinds.has(3)).toBe(true);
  });

  test.each(EXTRA_KINDS)('%s: random puzzles from a random solution count as the general solver does (limits 1, 2, 7), and every solution found is valid', (name, spec) => {
    const rules = buildRules(spec);
    const random = seedrandom(`band extra ${name}`);
    const base = solveRules(rules, new Uint8Array(81));
    expect(base, name).not.toBeNull();
    expect(isSolution(rules, base!)).toBe(true);
    const kinds = new Set<number>();
    for (let round = 0; round < 25; round++) {
      const relabel = [0, ...shuffled([1, 2, 3, 4, 5, 6, 7, 8, 9], random)];
      const solution = Uint8Array.from(base!, (d) => relabel[d]!);
      const givens = solution.slice();
      // From 11 to 40 givens: unique or several; now and then one given changed (often none).
      for (const cell of shuffled([...givens.keys()], random).slice(0, 41 + Math.floor(random() * 30))) givens[cell] = 0;
      if (round % 5 === 4) {
        const given = [...givens.keys()].find((cell) => givens[cell] !== 0)!;
        givens[given] = (givens[given]! % 9) + 1;
      }
      for (const limit of [1, 2, 7]) {
        const count = countRules(rules, givens, limit);
        kinds.add(count);
        expect(count, `${name} round ${round} limit ${limit}`).toBe(countRulesGeneral(rules, givens, limit));
      }
      const found = solveRules(rules, givens);
      if (found !== null) expect(isSolution(rules, found)).toBe(true);
    }
    expect(kinds.has(0) && kinds.has(7)).toBe(true);
  });

  test('a clash on an extra house counts 0 at once; an empty X grid has many solutions; the effort is reported', () => {
    const rules = buildRules({ size: 9, diagonalDown: true, diagonalUp: true, windoku: true });
    const clash = new Uint8Array(81);
    clash[10] = 4;
    clash[20] = 4; // both on the down diagonal and in the first window
    expect(countRules(rules, clash, 2)).toBe(0);
    expect(countRules(rules, new Uint8Array(81), 40)).toBe(40);
    expect(lastRulesStats().nodes).toBeGreaterThan(1);
  });
});
