// lockLines (jigsaw9-solver.ts, shared with grid9-solver.ts's lined layouts) against a plain
// construction of the same rule: locked candidates between the lines and the regions of a jigsaw,
// house by house on lists of cells, in the same order (rows, columns, then each region's row and
// column), on random boards of real layouts.
import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { compile9 } from '../src/solver/grid9-solver.js';
import { LOCKED, lockLines } from '../src/solver/jigsaw9-solver.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

const has = (board: Uint8Array, cells: number[]) => cells.filter((k) => board[k] === 1);

/** The rule on a board of 81 flags; false on a marked house left empty (as lockLines when strict). */
function plainLock(board: Uint8Array, houses: number[][], open: number): boolean {
  const regionOf = new Int8Array(81);
  for (let g = 0; g < 9; g++) for (const k of houses[18 + g]!) regionOf[k] = g;
  // A line whose candidates lie in one region: the region's other cells lose the digit.
  for (let h = 0; h < 18; h++) {
    if ((open & (1 << h)) === 0) continue;
    const on = has(board, houses[h]!);
    if (on.length === 0) return false;
    const g = regionOf[on[0]!]!;
    if (on.some((k) => regionOf[k] !== g)) continue;
    for (const k of houses[18 + g]!) if (!houses[h]!.includes(k)) board[k] = 0;
  }
  // A region whose candidates lie in one row (then one column): the line's other cells lose it.
  for (let g = 0; g < 9; g++) {
    if ((open & (1 << (18 + g))) === 0) continue;
    const region = houses[18 + g]!;
    const on = has(board, region);
    if (on.length === 0) return false;
    const row = Math.floor(on[0]! / 9);
    if (has(board, region).every((k) => Math.floor(k / 9) === row)) for (const k of houses[row]!) if (!region.includes(k)) board[k] = 0;
    const column = on[0]! % 9;
    if (has(board, region).every((k) => k % 9 === column)) for (const k of houses[9 + column]!) if (!region.includes(k)) board[k] = 0;
  }
  return true;
}

describe('lockLines on jigsaw layouts', () => {
  test('the same board and the same contradictions as the plain rule, on random boards of 20 layouts', () => {
    const random = seedrandom('jigsaw9-lock');
    let checked = 0;
    let changed = 0;
    let contradictions = 0;
    for (const fixture of readVariantFixtures('jigsaw.txt').slice(0, 40)) {
      const layout = compile9(fixture.rules).layout;
      if (!layout.lined) continue;
      // Houses 0-26 as cell lists, read from the layout's masks (rows, columns, regions).
      const houses: number[][] = [];
      for (let h = 0; h < 27; h++) {
        const cells: number[] = [];
        for (let k = 0; k < 81; k++) if ((layout.houseMask[h * 3 + ((k / 27) | 0)]! & (1 << k % 27)) !== 0) cells.push(k);
        houses.push(cells);
      }
      for (let r = 0; r < 9; r++) expect(houses[r]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((c) => r * 9 + c));
      for (let round = 0; round < 60; round++) {
        // Sparse boards (a digit late in a search) and dense ones; some houses marked, or all.
        const density = 0.08 + random() * 0.4;
        const board = Uint8Array.from({ length: 81 }, () => (random() < density ? 1 : 0));
        const open = random() < 0.3 ? 0x7ffffff : (random() * 0x8000000) | 0;
        const words = [0, 0, 0];
        for (let k = 0; k < 81; k++) if (board[k] === 1) words[(k / 27) | 0]! |= 1 << k % 27;
        const ok = lockLines(layout, words[0]!, words[1]!, words[2]!, open, true);
        const expected = plainLock(board, houses, open);
        expect(ok).toBe(expected);
        checked++;
        if (!ok) {
          contradictions++;
          continue;
        }
        const after = [0, 0, 0];
        for (let k = 0; k < 81; k++) if (board[k] === 1) after[(k / 27) | 0]! |= 1 << k % 27;
        expect([LOCKED[0], LOCKED[1], LOCKED[2]]).toEqual(after);
        if (after.some((w, i) => w !== words[i])) changed++;
      }
    }
    // The boards exercise both outcomes and boards that change.
    expect(checked).toBeGreaterThan(1000);
    expect(contradictions).toBeGreaterThan(50);
    expect(changed).toBeGreaterThan(100);
  });

  test("a plain jigsaw layout's lineTables are its tables in jigsaw9-solver.ts's order (taken in one copy)", () => {
    for (const fixture of readVariantFixtures('jigsaw.txt').slice(0, 20)) {
      const layout = compile9(fixture.rules).layout;
      const parts = [layout.houseMask.subarray(0, 81), layout.housesOfBits, layout.peerMask, layout.rowOut, layout.regionOffRow, layout.regionOffColumn, layout.columnOut];
      expect(parts.map((part) => part.length)).toEqual([81, 162, 243, 81, 243, 243, 243]);
      expect(Array.from(layout.lineTables!)).toEqual(parts.flatMap((part) => Array.from(part)));
    }
  });
});
