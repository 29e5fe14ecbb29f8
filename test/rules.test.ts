import { describe, expect, test } from 'vitest';
import {
  RulesError,
  buildRules,
  classicRules,
  findGivenConflict,
  jigsawRules,
  samuraiRules,
  withCages,
  withDiagonals,
  withWindoku,
  withDisjointGroups,
  withAsterisk,
  withCentreDot,
} from '../src/rules/index.js';
import { PEERS, UNIT_CELLS } from '../src/core/tables.js';
import { countRules } from '../src/solver/rules-solver.js';

describe('rules as a value', () => {
  test('classic 9x9 has the units and peers of the classic fast tables', () => {
    const rules = classicRules(9);
    expect(rules.variant).toBe('classic');
    expect(rules.houses.length).toBe(27);
    for (let unit = 0; unit < 27; unit++) {
      const expected = [...UNIT_CELLS.subarray(unit * 9, unit * 9 + 9)].sort((a, b) => a - b);
      expect([...rules.houses[unit]!]).toEqual(expected);
    }
    for (let cell = 0; cell < 81; cell++) {
      const expected = [...PEERS.subarray(cell * 20, cell * 20 + 20)].sort((a, b) => a - b);
      expect([...rules.peers[cell]!]).toEqual(expected);
    }
    expect(classicRules(9)).toBe(rules); // built once
    expect(Object.isFrozen(rules)).toBe(true);
    expect(Object.isFrozen(rules.spec)).toBe(true);
  });

  test.each([
    [4, 2, 2, 12, 7],
    [6, 2, 3, 18, 12],
    [8, 2, 4, 24, 17],
    [12, 3, 4, 36, 28],
    [16, 4, 4, 48, 39],
  ])('size %i: boxes %ix%i, %i houses, %i peers a cell', (size, rows, cols, houseCount, peerCount) => {
    const rules = classicRules(size);
    expect(rules.boxShape).toEqual({ rows, cols });
    expect(rules.houses.length).toBe(houseCount);
    expect(rules.cellCount).toBe(size * size);
    for (const peers of rules.peers) expect(peers.length).toBe(peerCount);
    for (const house of rules.houses) expect(house.length).toBe(size);
  });

  test('extra houses: X, windoku, disjoint groups, asterisk, centre dot', () => {
    const x = withDiagonals(classicRules());
    expect(x.variant).toBe('x');
    expect([...x.houses[27]!]).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect([...x.houses[28]!]).toEqual([8, 16, 24, 32, 40, 48, 56, 64, 72]);
    expect(x.peers[40]!.length).toBe(20 + 16 - 4); // four diagonal cells are in its box
    const w = withWindoku(classicRules());
    expect(w.houses.length).toBe(31);
    expect([...w.houses[27]!]).toEqual([10, 11, 12, 19, 20, 21, 28, 29, 30]);
    expect(withDisjointGroups(classicRules()).houses.length).toBe(36);
    expect([...withAsterisk(classicRules()).houses[27]!]).toEqual([13, 20, 24, 37, 40, 43, 56, 60, 67]);
    expect([...withCentreDot(classicRules()).houses[27]!]).toEqual([10, 13, 16, 37, 40, 43, 64, 67, 70]);
    expect(() => withWindoku(classicRules(6))).toThrow(RulesError);
  });

  test('samurai: 369 cells, shared corner boxes counted once', () => {
    const rules = samuraiRules();
    expect(rules.cellCount).toBe(369);
    expect([rules.width, rules.height]).toEqual([21, 21]);
    expect(rules.houses.length).toBe(5 * 27 - 4);
    expect(rules.cellAt[0 * 21 + 9]).toBe(-1);
    const centre = rules.cellAt[10 * 21 + 10]!;
    expect(rules.housesOf[centre]!.length).toBe(3);
    const shared = rules.cellAt[6 * 21 + 6]!; // top-left grid's bottom-right box, centre grid's top-left box
    expect(rules.housesOf[shared]!.length).toBe(5);
    expect(rules.variant).toBe('samurai');
  });

  test('jigsaw regions and killer cages', () => {
    const rows = Array.from({ length: 81 }, (_, cell) => Math.floor(cell / 9));
    expect(() => jigsawRules(rows)).not.toThrow(); // regions equal to rows: allowed, deduplicated
    const bad = [...rows];
    bad[0] = 1;
    expect(() => jigsawRules(bad)).toThrow(expect.objectContaining({ code: 'BAD_REGIONS' }));
    const killer = withCages(classicRules(), [{ cells: [1, 0], sum: 3 }, { cells: [2] }]);
    expect(killer.variant).toBe('killer');
    expect([...killer.cages[0]!.cells]).toEqual([0, 1]);
    expect(killer.cages[1]!.sum).toBe(0);
    expect(killer.cageOf[1]).toBe(0);
    expect(() => withCages(classicRules(), [{ cells: [0, 1], sum: 2 }])).toThrow(expect.objectContaining({ code: 'BAD_CAGE_SUM' }));
    expect(() => withCages(classicRules(), [{ cells: [0, 1], sum: 3 }, { cells: [1, 2], sum: 3 }])).toThrow(expect.objectContaining({ code: 'CAGE_OVERLAP' }));
    expect(() => buildRules({ size: 7 })).toThrow(expect.objectContaining({ code: 'BAD_SIZE' }));
    expect(() => buildRules({ size: 6, boxes: { rows: 2, cols: 2 } })).toThrow(expect.objectContaining({ code: 'BAD_BOXES' }));
  });

  test('givens that break a house or a cage are named', () => {
    const killer = withCages(classicRules(), [{ cells: [0, 1], sum: 3 }]);
    const givens = new Uint8Array(81);
    givens[0] = 3;
    expect(findGivenConflict(killer, givens)?.reason).toBe('the cage at r1c1: its givens add up to 3, which 1 more digits cannot bring to its sum 3');
    givens[0] = 0;
    givens[9] = 5;
    givens[10] = 5;
    expect(findGivenConflict(classicRules(), givens)?.reason).toBe('two 5s in row 2 (r2c1, r2c2)');
  });

  describe('rules on one layout (the layout part is built once and shared)', () => {
    const cagesA = [{ cells: [0, 1], sum: 3 }, { cells: [9, 10, 11], sum: 24 }, { cells: [80, 79] }];
    const cagesB = [{ cells: [0, 9], sum: 17 }, { cells: [41, 42, 51], sum: 6 }];
    const typed = ['rowOf', 'colOf', 'cellAt', 'regionOf', 'cageOf'] as const;
    const lists = ['houses', 'housesOf', 'peers'] as const;

    test('a killer built twice from the same spec equals itself field by field, and owns its arrays', () => {
      const spec = { size: 9, diagonalDown: true, diagonalUp: true, cages: cagesA };
      const a = buildRules(spec);
      const b = buildRules(spec);
      expect(Object.keys(b)).toEqual(Object.keys(a));
      const keys = ['spec', 'variant', 'size', 'allDigits', 'width', 'height', 'cellCount', 'rowOf', 'colOf', 'cellAt', 'boxShape', 'regionOf', 'houses', 'houseKinds', 'housesOf', 'peers', 'cages', 'cageOf', 'grids', 'parityOf', 'startMasks'] as const;
      for (const key of keys) expect(b[key], key).toEqual(a[key]);
      expect(b).toEqual(a);
      for (const key of typed) expect(b[key], key).not.toBe(a[key]);
      for (const key of lists) {
        for (let i = 0; i < a[key].length; i++) expect(b[key][i]!.buffer, `${key}[${i}]`).not.toBe(a[key][i]!.buffer);
      }
      for (let i = 0; i < a.cages.length; i++) expect(b.cages[i]!.cells).not.toBe(a.cages[i]!.cells);
      expect(Object.isFrozen(a) && Object.isFrozen(a.spec) && Object.isFrozen(a.houses) && Object.isFrozen(a.peers) && Object.isFrozen(a.spec.cages)).toBe(true);
    });

    test('two killers on the same layout share no mutable state: cages and peers differ where the cages differ', () => {
      const a = buildRules({ size: 9, cages: cagesA });
      const b = buildRules({ size: 9, cages: cagesB });
      // r5c6 and r6c7 share no house: peers only as cage-mates, in b.
      expect([...b.peers[41]!]).toContain(51);
      expect([...b.peers[51]!]).toContain(41);
      expect([...a.peers[41]!]).toEqual([...classicRules().peers[41]!]);
      expect([...a.peers[51]!]).not.toContain(41);
      expect([...b.peers[80]!]).toEqual([...classicRules().peers[80]!]);
      expect(a.cageOf[1]).toBe(0);
      expect(b.cageOf[1]).toBe(-1);
      expect(a.houses).toEqual(b.houses);
      expect(a.housesOf).toEqual(b.housesOf);
      // Scribbling over one value's arrays leaves the other, and the next one built, untouched.
      const fresh = buildRules({ size: 9, cages: cagesB });
      for (const key of typed) a[key].fill(7);
      for (const key of lists) for (const cells of a[key]) cells.fill(7);
      for (const value of [b, buildRules({ size: 9, cages: cagesB })]) {
        expect(value).toEqual(fresh);
        expect(value.cellAt[80]).toBe(80);
        expect([...value.houses[0]!]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      }
      expect(buildRules({ size: 9 })).toEqual(classicRules());
    });

    test('the solver keeps the cages of killers on one layout apart', () => {
      // Cage sums that make r1c1 + r1c2 = 3 and r1c1 + r2c1 = 17 exclusive: each killer alone has solutions.
      const givens = new Uint8Array(81);
      const a = buildRules({ size: 9, cages: [{ cells: [0, 1], sum: 3 }] });
      const b = buildRules({ size: 9, cages: [{ cells: [0, 9], sum: 17 }] });
      const both = buildRules({ size: 9, cages: [{ cells: [0, 1], sum: 3 }, { cells: [9, 10], sum: 17 }] });
      givens[0] = 1;
      expect(countRules(a, givens, 2)).toBe(2);
      expect(countRules(b, givens, 2)).toBe(0);
      expect(countRules(a, givens, 2)).toBe(2);
      expect(countRules(both, givens, 2)).toBe(2);
      givens[0] = 9;
      expect(countRules(b, givens, 2)).toBe(2);
      expect(countRules(a, givens, 2)).toBe(0);
    });
  });
});
