import { describe, expect, test } from 'vitest';
import { geometryOf } from '../src/core/geometry.js';
import { BOX_OF, COL_OF, ROW_OF } from '../src/core/tables.js';
import { classicRules, jigsawRules, withCages, withDiagonals } from '../src/rules/constructors.js';
import { seHousesOf } from '../src/techniques/forcing/se-units.js';

/** A cell's houses in the chain searches' order, as [house, index, seen] triples. */
function housesOf(h: ReturnType<typeof seHousesOf>, cell: number): number[][] {
  const out: number[][] = [];
  for (let k = h.start[cell]!; k < h.start[cell + 1]!; k++) out.push([h.house[k]!, h.index[k]!, h.seen[k]!]);
  return out;
}

describe('the houses chains follow (se-units.ts)', () => {
  test('classic: box, row, column per cell, with the places of each and what the box covers', () => {
    const h = seHousesOf();
    for (let cell = 0; cell < 81; cell++) {
      const row = ROW_OF[cell]!;
      const col = COL_OF[cell]!;
      expect(housesOf(h, cell)).toEqual([
        [18 + BOX_OF[cell]!, (row % 3) * 3 + (col % 3), 1 << ((row % 3) * 3 + (col % 3))],
        [row, col, 0x7 << (col - (col % 3))],
        [9 + col, row, 0x7 << (row - (row % 3))],
      ]);
      expect(h.peerStart[cell + 1]! - h.peerStart[cell]!).toBe(20);
    }
    // r1c1: its box row by row, the rest of row 1, the rest of column 1.
    expect([...h.weakPeers.subarray(0, 20)]).toEqual([1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 6, 7, 8, 27, 36, 45, 54, 63, 72]);
    expect(seHousesOf(geometryOf(classicRules(9)))).toBe(h);
  });

  test('X: box, row, column, then the "/" diagonal before the "\\" one (SukakuExplainer)', () => {
    const geometry = geometryOf(withDiagonals(classicRules(9)));
    const h = seHousesOf(geometry);
    const up = geometry.houseCells[27 * 9] === 8 ? 27 : 28;
    const down = 55 - up;
    expect(housesOf(h, 40).map(([house]) => house)).toEqual([22, 4, 13, up, down]);
    // The centre's diagonal places already seen: itself and its box's two other cells on that diagonal.
    expect(housesOf(h, 40)[3]![2]).toBe(0x38);
    expect(housesOf(h, 40)[4]![2]).toBe(0x38);
    expect(housesOf(h, 0).map(([house]) => house)).toEqual([18, 0, 9, down]);
  });

  test('jigsaw: row, column, then the region (no boxes)', () => {
    const regions = '112223333112224533162224533166444537164448577166848577168888577668855577999999999';
    const geometry = geometryOf(jigsawRules([...regions].map((c) => Number(c) - 1)));
    const h = seHousesOf(geometry);
    expect(housesOf(h, 0).map(([house]) => house)).toEqual([0, 9, 18]);
    // (Region 9 is row 9 here: the rules keep that house once.)
    expect([...h.order]).toEqual(Array.from({ length: geometry.houseCount }, (_, i) => i));
  });

  test('killer: cage-mates outside the houses are weak peers only, after the houses', () => {
    const geometry = geometryOf(withCages(classicRules(9), [{ cells: [2, 12], sum: 9 }, { cells: [8, 9], sum: 10 }]));
    const h = seHousesOf(geometry);
    // r1c9 and r2c1 share no house: cage-mates.
    expect([...h.cageMates.subarray(h.cageStart[8]!, h.cageStart[9]!)]).toEqual([9]);
    expect(h.weakPeers[h.peerStart[9]! - 1]).toBe(9);
    // r1c3 and r2c4 share no house either; r1c3's houses are still its box, row and column.
    expect([...h.cageMates.subarray(h.cageStart[2]!, h.cageStart[3]!)]).toEqual([12]);
    expect(housesOf(h, 2).length).toBe(3);
  });
});
