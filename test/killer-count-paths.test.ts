import { describe, expect, test } from 'vitest';
import { parseVariantLine, formatVariantLine } from '../src/formats/index.js';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { countRules, countRulesGeneral } from '../src/solver/rules-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * The paths a file of killers takes (build.ts's flat cage lists read by the solver through
 * solver-link.ts, the band-extra solver's killer tables and start boards, the variant line's sums
 * read in place): the same counts as the general solver whatever order values are built and counted
 * in, and the same errors as before.
 */

const DOTS = '.'.repeat(81);

function errorOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('no error');
}

describe('killers counted from the line', () => {
  const killers = readVariantFixtures('killer.txt').slice(0, 12);

  test('values built in turn and counted out of order (the killer tables are remade for each) count as the general solver does', () => {
    const values = killers.map((k) => buildRules(k.spec));
    const moved = killers.map((k) => {
      // Two 2-cell cages whose sums can move by one: one up, the other down (the total stays 405).
      const pairs = k.spec.cages!.flatMap((cage, i) => (cage.cells.length === 2 && cage.sum! > 3 && cage.sum! < 17 ? [i] : []));
      const [up, down] = pairs as [number, number];
      const cages = k.spec.cages!.map((cage, i) => (i === up ? { ...cage, sum: cage.sum! + 1 } : i === down ? { ...cage, sum: cage.sum! - 1 } : cage));
      return buildRules({ ...k.spec, cages });
    });
    for (let round = 0; round < 2; round++) {
      for (let i = killers.length - 1; i >= 0; i--) {
        const givens = killers[i]!.givens;
        expect(countRules(values[i]!, givens, 2), `killer ${i}`).toBe(1);
        // The same value again, then another: its tables are the ones kept, then remade.
        expect(countRules(values[i]!, givens, 2), `killer ${i} again`).toBe(1);
        expect(countRules(moved[i]!, givens, 2), `moved ${i}`).toBe(countRulesGeneral(moved[i]!, givens, 2));
      }
    }
  });

  test('a rules value made by hand (no flat cage lists behind it) counts as the built one', () => {
    const killer = killers[5]!;
    const built = killer.rules;
    const keys = ['spec', 'variant', 'size', 'allDigits', 'width', 'height', 'cellCount', 'rowOf', 'colOf', 'cellAt', 'boxShape', 'regionOf', 'houses', 'houseKinds', 'housesOf', 'peers', 'cages', 'cageOf', 'grids', 'parityOf', 'startMasks'] as const;
    const byHand = Object.fromEntries(keys.map((key) => [key, built[key]])) as unknown as Rules;
    expect(countRules(byHand, killer.givens, 2)).toBe(1);
    const givens = new Uint8Array(81);
    givens[0] = 9;
    givens[40] = 1;
    expect(countRules(byHand, givens, 2)).toBe(countRules(built, givens, 2));
  });

  test('givens the start boards rule out, a one-cell cage, an innie no digits can make: 0, 1 or many as the general solver', () => {
    const cases: { spec: RulesSpec; givens: Uint8Array }[] = [];
    // A 2-cell cage of 3 holds 1 and 2: a 5 in it has no solution.
    const five = new Uint8Array(81);
    five[1] = 5;
    cases.push({ spec: { size: 9, cages: [{ cells: [0, 1], sum: 3 }] }, givens: five });
    // A one-cell cage is a given: with a few more givens, a classic count.
    const some = new Uint8Array(81);
    for (const [cell, digit] of [[10, 3], [20, 5], [30, 7], [50, 2]] as const) some[cell] = digit;
    cases.push({ spec: { size: 9, cages: [{ cells: [80], sum: 4 }, { cells: [0, 9, 18], sum: 24 }] }, givens: some });
    // Row 1 as three cages of 17 + 17 + 17 = 51, not 45: no solution (each cage can hold on its own).
    cases.push({ spec: { size: 9, cages: [{ cells: [0, 1, 2], sum: 17 }, { cells: [3, 4, 5], sum: 17 }, { cells: [6, 7, 8], sum: 17 }] }, givens: new Uint8Array(81) });
    // Two cells of row 1 left out: their innie is 45 - 17 - 24 = 4 (1 + 3).
    const row = Uint8Array.from(readVariantFixtures('killer.txt')[0]!.givens);
    cases.push({ spec: { size: 9, cages: [{ cells: [0, 1, 2], sum: 17 }, { cells: [3, 4, 5, 6], sum: 24 }, { cells: [9, 10], sum: 3 }] }, givens: row });
    for (const [i, { spec, givens }] of cases.entries()) {
      const rules = buildRules(spec);
      expect(countRules(rules, givens, 2), `case ${i}`).toBe(countRulesGeneral(rules, givens, 2));
    }
    expect(countRules(buildRules(cases[0]!.spec), cases[0]!.givens, 2)).toBe(0);
    expect(countRules(buildRules(cases[2]!.spec), cases[2]!.givens, 2)).toBe(0);
    expect(countRules(buildRules(cases[1]!.spec), cases[1]!.givens, 2)).toBe(2);
  });

  test('sums= read in place: totals and ? as before, the same errors for a wrong count or a total that is not a number', () => {
    const cages = `aab${'.'.repeat(8)}b${'.'.repeat(68)}c`;
    const read = parseVariantLine(`killer:${DOTS} cages=${cages} sums=3,?,09`);
    expect(read.rules.cages.map((cage) => [Array.from(cage.cells), cage.sum])).toEqual([
      [[0, 1], 3],
      [[2, 11], 0],
      [[80], 9],
    ]);
    expect(formatVariantLine(read)).toMatch(/ sums=3,\?,9$/);
    expect(errorOf(() => parseVariantLine(`killer:${DOTS} cages=${cages} sums=3,?`))).toEqual({ code: 'BAD_VARIANT_LINE', message: '<input>: cages= has 3 cages but sums= has 2 totals' });
    expect(errorOf(() => parseVariantLine(`killer:${DOTS} cages=${cages} sums=3,?,9,`))).toEqual({ code: 'BAD_VARIANT_LINE', message: '<input>: cages= has 3 cages but sums= has 4 totals' });
    for (const bad of ['1x', '', '-4', '?9', '4.0']) {
      expect(errorOf(() => parseVariantLine(`killer:${DOTS} cages=${cages} sums=3,${bad},9`))).toEqual({
        code: 'BAD_VARIANT_LINE',
        message: `<input>: sums=: '${bad}' is not a whole number (or ? for a cage without a total)`,
      });
    }
    // A total too long for exact sums of tens is read as Number reads it, and refused by the rules.
    const long = '12345678901234567890';
    expect(errorOf(() => parseVariantLine(`killer:${DOTS} cages=${cages} sums=3,?,${long}`))).toEqual({
      code: 'BAD_RULES',
      message: '<input>: cage 3: its total is too large for a cage total',
    });
  });
});
