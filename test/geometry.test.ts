import { describe, expect, test } from 'vitest';
import { classicGeometry, geometryOf, seesIn } from '../src/core/geometry.js';
import { buildGeometry } from '../src/core/geometry-build.js';
import { sees } from '../src/core/tables.js';
import { classicRules, jigsawRules, withCages, withDiagonals, withWindoku } from '../src/rules/index.js';

const JIGSAW = '112333344112333344112344445122245555162275588162777558667777888667998898666999999';

describe('geometry: the house tables of a 9x9 rule set', () => {
  test('built from classicRules(9) it equals the classic fast tables', () => {
    const fromRules = buildGeometry(classicRules(9));
    const fast = classicGeometry();
    for (const key of ['houseCells', 'houseWords', 'rowOf', 'colOf', 'regionOf', 'cellHouseStart', 'cellHouses', 'peerStart', 'peers', 'peerWords', 'cageOf'] as const) {
      expect([...fromRules[key]], key).toEqual([...fast[key]]);
    }
    expect(fromRules.houseCount).toBe(27);
    expect(fromRules.houseKinds).toEqual(fast.houseKinds);
    expect(geometryOf(classicRules(9))).toBe(fast);
  });

  test('seesIn agrees with the classic sees', () => {
    const g = classicGeometry();
    for (let a = 0; a < 81; a++) for (let b = 0; b < 81; b++) expect(seesIn(g, a, b)).toBe(sees(a, b));
  });

  test('X adds the diagonals as houses 27 and 28, and their cells see each other', () => {
    const g = geometryOf(withDiagonals(classicRules(9)));
    expect(g.houseCount).toBe(29);
    expect(g.houseKinds.slice(27)).toEqual(['diagonal', 'diagonal']);
    const centre = 40;
    expect(g.cellHouseStart[centre + 1]! - g.cellHouseStart[centre]!).toBe(5);
    expect(seesIn(g, 0, 80)).toBe(true);
    expect(seesIn(g, 0, 79)).toBe(false);
    expect(geometryOf(withDiagonals(classicRules(9)))).not.toBe(classicGeometry());
  });

  test('jigsaw regions replace the boxes; windoku adds four windows and its five implied ones', () => {
    const regions = [...JIGSAW].map((c) => Number(c) - 1);
    const g = geometryOf(jigsawRules(regions));
    expect(g.regularBoxes).toBe(false);
    for (let cell = 0; cell < 81; cell++) expect(g.regionOf[cell]).toBe(regions[cell]);
    const w = geometryOf(withWindoku(classicRules(9)));
    expect(w.houseCount).toBe(36);
    // r1c2 and r5c3 share only the implied window of rows 1, 5, 9 x columns 2-4.
    expect(seesIn(w, 1, 38)).toBe(true);
    expect(w.regularBoxes).toBe(true);
  });

  test('killer cage-mates are peers, cages are not houses', () => {
    const g = geometryOf(withCages(classicRules(9), [{ cells: [0, 10], sum: 3 }]));
    expect(g.houseCount).toBe(27);
    expect(seesIn(g, 0, 10)).toBe(true);
    expect(g.cageOf[0]).toBe(0);
    expect(g.cageOf[10]).toBe(0);
    expect(g.cageOf[1]).toBe(-1);
  });

  test('other sizes are refused', () => {
    expect(() => geometryOf(classicRules(6))).toThrow(RangeError);
  });
});
