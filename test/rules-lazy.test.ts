import { describe, expect, test } from 'vitest';
import { buildRules, RulesError, type Rules, type RulesSpec } from '../src/rules/index.js';
import { countRules, solveRules } from '../src/solver/rules-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * buildRules makes a value's arrays (spec, cell tables, houses, peers, cages, cageOf) on first read
 * (build.ts): what a reader sees must not depend on when or in which order it reads them, each value
 * must own what it hands out, and the solver (which reads the cages through solver-link.ts) must not
 * be reachable through any of them.
 */

const KEYS = ['spec', 'variant', 'size', 'allDigits', 'width', 'height', 'cellCount', 'rowOf', 'colOf', 'cellAt', 'boxShape', 'regionOf', 'houses', 'houseKinds', 'housesOf', 'peers', 'cages', 'cageOf', 'grids', 'parityOf', 'startMasks'];
const LAZY = ['spec', 'rowOf', 'colOf', 'cellAt', 'regionOf', 'houses', 'housesOf', 'peers', 'cages', 'cageOf', 'parityOf'] as const;
/** The own properties of a value (the lazy ones are getters of its class: build.ts). */
const OWN = KEYS.filter((key) => !(LAZY as readonly string[]).includes(key));

function plain(rules: Rules): unknown {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = (rules as unknown as Record<string, unknown>)[key];
    out[key] = JSON.parse(JSON.stringify(value, (_, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Int16Array) : v)));
  }
  return out;
}

describe('rules values made lazily', () => {
  const killer = readVariantFixtures('killer.txt')[3]!;
  const specs: RulesSpec[] = [killer.spec, { ...killer.spec, diagonalDown: true, diagonalUp: true }, readVariantFixtures('jigsaw.txt')[0]!.spec, { size: 9, windoku: true }, { size: 6 }, { size: 9, layout: 'samurai' }, { size: 9, diagonalDown: true, diagonalUp: true, odd: [0, 40, 80], even: [8, 72] }];

  test.each(specs.map((spec, i) => [i, spec] as const))('spec %i: the same fields in the same key order whatever is read first, and each value owns its arrays', (_, spec) => {
    const a = buildRules(spec);
    const b = buildRules(spec);
    expect(Object.keys(a)).toEqual(OWN);
    expect(Object.keys(b)).toEqual(OWN);
    for (const key of KEYS) expect(key in a, key).toBe(true);
    // a read in order, b backwards (peers before cages and cageOf, cageOf before cages...).
    for (const key of LAZY) void a[key];
    for (const key of [...LAZY].reverse()) void b[key];
    expect(plain(b)).toEqual(plain(a));
    expect(b).toEqual(a);
    for (const key of ['rowOf', 'colOf', 'cellAt', 'regionOf', 'cageOf', 'parityOf'] as const) {
      expect(b[key], key).not.toBe(a[key]);
      expect(a[key], key).toBe(a[key]); // made once
    }
    if (a.startMasks !== null) expect(b.startMasks).not.toBe(a.startMasks);
    for (const key of ['houses', 'housesOf', 'peers'] as const) {
      expect(a[key]).toBe(a[key]);
      for (let i = 0; i < a[key].length; i++) expect(b[key][i]!.buffer).not.toBe(a[key][i]!.buffer);
    }
    for (let i = 0; i < a.cages.length; i++) expect(b.cages[i]!.cells.buffer).not.toBe(a.cages[i]!.cells.buffer);
    expect(Object.isFrozen(a) && Object.isFrozen(a.spec) && Object.isFrozen(a.houses) && Object.isFrozen(a.peers) && Object.isFrozen(a.cages)).toBe(true);
    if (a.spec.cages) for (const cage of a.spec.cages) expect(Object.isFrozen(cage) && Object.isFrozen(cage.cells)).toBe(true);
  });

  test('a lazy field cannot be set, and a value made by hand from it reads the same', () => {
    const a = buildRules(killer.spec);
    expect(() => {
      (a as unknown as Record<string, unknown>)['cages'] = [];
    }).toThrow(TypeError);
    expect(() => {
      (a as unknown as Record<string, unknown>)['size'] = 4;
    }).toThrow(TypeError);
    const copy = Object.fromEntries(KEYS.map((key) => [key, (a as unknown as Record<string, unknown>)[key]])) as unknown as Rules;
    expect(plain(copy)).toEqual(plain(a));
    expect(countRules(copy, killer.givens, 2)).toBe(1);
  });

  test('writing into every array a killer hands out changes neither another value nor what the solver counts', () => {
    const a = buildRules(killer.spec);
    const b = buildRules(killer.spec);
    const before = plain(b);
    for (const key of ['rowOf', 'colOf', 'cellAt', 'regionOf', 'cageOf'] as const) a[key].fill(0);
    for (const list of [a.houses, a.housesOf, a.peers]) for (const cells of list) cells.fill(0);
    for (const cage of a.cages) cage.cells.fill(0);
    expect(plain(b)).toEqual(before);
    expect(countRules(a, killer.givens, 2)).toBe(1);
    expect(countRules(b, killer.givens, 2)).toBe(1);
    expect(solveRules(a, killer.givens)).toEqual(solveRules(b, killer.givens));
    expect(() => (a.spec.cages![0]!.cells as number[]).push(1)).toThrow(TypeError);
  });

  test('the cage checks name the same problems after thousands of killers were built (stamped marks)', () => {
    for (let i = 0; i < 3000; i++) buildRules(killer.spec);
    const error = (spec: RulesSpec): RulesError => {
      try {
        buildRules(spec);
      } catch (e) {
        return e as RulesError;
      }
      throw new Error('built');
    };
    const twice = error({ size: 9, cages: [{ cells: [0, 1], sum: 3 }, { cells: [5, 6, 5], sum: 9 }] });
    expect([twice.code, twice.message]).toEqual(['BAD_CAGE', 'cage 2 names a cell twice']);
    const overlap = error({ size: 9, cages: [{ cells: [0, 1], sum: 3 }, { cells: [2, 3], sum: 9 }, { cells: [4, 1], sum: 9 }] });
    expect([overlap.code, overlap.message]).toEqual(['CAGE_OVERLAP', 'r1c2 is in cage 1 and cage 3']);
    // A cell held by a cage of an earlier value is free in a new one.
    expect(buildRules({ size: 9, cages: [{ cells: [1, 0], sum: 3 }] }).cages[0]!.cells).toEqual(new Int16Array([0, 1]));
    // And a thrown check leaves nothing behind for the next value.
    expect(buildRules({ size: 9, cages: [{ cells: [4, 1], sum: 9 }] }).cageOf[4]).toBe(0);
  });
});
