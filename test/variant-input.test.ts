/**
 * Variants cross to worker threads as their rules' spec (src/node/variant-input.ts): the rules
 * rebuilt from a structured clone of the spec are the rules (houses, their kinds, cages, variant),
 * for every 9x9 kind the grader takes, and a spec seen again is not built again.
 */
import { describe, expect, it } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { puzzleOf, rulesOfSpec, variantInput } from '../src/node/variant-input.js';
import {
  classicRules,
  withAsterisk,
  withCages,
  withCentreDot,
  withDiagonals,
  withDisjointGroups,
  withExtraRegions,
  withWindoku,
  type Rules,
} from '../src/rules/index.js';

const JIGSAW = parseVariantLine(
  '.....7...14...52..2...5..6..2....63...6...7...94....5..6..8...1..54...18...8..... 112333344112333344112344445122245555162275588162777558667777888667998898666999999',
).rules;

const KINDS: [string, Rules][] = [
  ['jigsaw', JIGSAW],
  ['jigsaw X', withDiagonals(JIGSAW)],
  ['X', withDiagonals(classicRules(9))],
  ['windoku', withWindoku(classicRules(9))],
  ['disjoint groups', withDisjointGroups(classicRules(9))],
  ['asterisk', withAsterisk(classicRules(9))],
  ['centre dot', withCentreDot(classicRules(9))],
  ['extra region', withExtraRegions(classicRules(9), [[0, 10, 20, 30, 40, 50, 60, 70, 8]])],
  ['killer X', withCages(withDiagonals(classicRules(9)), [{ cells: [0, 1, 9], sum: 12 }, { cells: [80, 79], sum: 9 }])],
];

const shape = (rules: Rules) => ({
  variant: rules.variant,
  houses: rules.houses.map((h) => [...h]),
  kinds: [...rules.houseKinds],
  cages: rules.cages.map((c) => ({ cells: [...c.cells], sum: c.sum })),
  regionOf: [...rules.regionOf],
});

describe('variant puzzles as plain data for the workers', () => {
  it.each(KINDS)('%s: the rules rebuilt from a structured clone of the spec are the rules', (_, rules) => {
    const givens = new Uint8Array(81);
    givens[40] = 5;
    const crossed = structuredClone(variantInput({ rules, givens }));
    const puzzle = puzzleOf(crossed);
    expect(shape(puzzle.rules)).toEqual(shape(rules));
    expect([...puzzle.givens]).toEqual([...givens]);
  });

  it('a spec seen again is not built again; eight other specs later it is', () => {
    const spec = structuredClone(withWindoku(classicRules(9)).spec);
    const first = rulesOfSpec(spec);
    expect(rulesOfSpec(structuredClone(spec))).toBe(first);
    const others = KINDS.filter(([name]) => name !== 'windoku');
    expect(others).toHaveLength(8);
    for (const [, rules] of others) rulesOfSpec(structuredClone(rules.spec));
    expect(rulesOfSpec(spec)).not.toBe(first);
  });
});
