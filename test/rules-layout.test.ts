import { describe, expect, test } from 'vitest';
import { buildRules, type RulesSpec } from '../src/rules/index.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * The layout tables of buildRules (houses in order, houses of each cell, peers) against a plain
 * construction written here from the description alone: the houses as lists of (row, col) made one
 * by one, sorted, a list equal to an earlier one left out, then the houses of each cell and its
 * peers by scanning every house. buildRules builds them another way (flat lists, regions by counting
 * sort, peers marked and read in cell order, made on first read), for speed on a file of jigsaws.
 */
function plainLayout(spec: RulesSpec, boxShape: { rows: number; cols: number } | null): { houses: number[][]; housesOf: number[][]; peers: number[][] } {
  const size = spec.size;
  const samurai = spec.layout === 'samurai';
  const origins = samurai ? [[0, 0], [0, 12], [6, 6], [12, 0], [12, 12]] : [[0, 0]];
  const width = samurai ? 21 : size;
  const cellAt = new Map<number, number>();
  const inGrid = new Set<number>();
  for (const [top, left] of origins) for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) inGrid.add((top! + r) * width + left! + c);
  [...inGrid].sort((a, b) => a - b).forEach((p, cell) => cellAt.set(p, cell));
  const at = (r: number, c: number): number => cellAt.get(r * width + c)!;
  const houses: number[][] = [];
  const add = (cells: number[]): void => {
    const sorted = [...cells].sort((a, b) => a - b);
    if (!houses.some((h) => h.join() === sorted.join())) houses.push(sorted);
  };
  const range = [...Array(size).keys()];
  for (const [top, left] of origins) for (const r of range) add(range.map((c) => at(top! + r, left! + c)));
  for (const [top, left] of origins) for (const c of range) add(range.map((r) => at(top! + r, left! + c)));
  if (spec.regions !== undefined) {
    for (const region of range) add([...spec.regions.keys()].filter((cell) => spec.regions![cell] === region));
  } else {
    const { rows, cols } = boxShape!;
    for (const [top, left] of origins) {
      for (let br = 0; br < size; br += rows) {
        for (let bc = 0; bc < size; bc += cols) {
          const cells: number[] = [];
          for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.push(at(top! + br + r, left! + bc + c));
          add(cells);
        }
      }
    }
  }
  if (spec.diagonalDown === true) add(range.map((i) => at(i, i)));
  if (spec.diagonalUp === true) add(range.map((i) => at(size - 1 - i, i)));
  if (spec.windoku === true) for (const top of [1, 5]) for (const left of [1, 5]) add([0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => at(top + r, left + c))));
  for (const cells of spec.extraRegions ?? []) add([...cells]);
  const n = cellAt.size;
  const housesOf = Array.from({ length: n }, (_, cell) => [...houses.keys()].filter((h) => houses[h]!.includes(cell)));
  const peers = Array.from({ length: n }, (_, cell) => [...new Set(housesOf[cell]!.flatMap((h) => houses[h]!))].filter((other) => other !== cell).sort((a, b) => a - b));
  return { houses, housesOf, peers };
}

function expectLayout(spec: RulesSpec): void {
  const rules = buildRules(spec);
  const plain = plainLayout(spec, rules.boxShape);
  expect(rules.houses.map((h) => [...h])).toEqual(plain.houses);
  expect(rules.housesOf.map((h) => [...h])).toEqual(plain.housesOf);
  expect(rules.peers.map((p) => [...p])).toEqual(plain.peers);
}

const rowRegions = Array.from({ length: 81 }, (_, cell) => Math.floor(cell / 9));
const columnRegions = Array.from({ length: 81 }, (_, cell) => cell % 9);

describe('layout tables against a plain construction', () => {
  test.each(readVariantFixtures('jigsaw-unreasonable.txt').map((f, i) => [i, f.spec] as const))('Solo unreasonable jigsaw %i', (_, spec) => expectLayout(spec));

  test('jigsaw layouts of the intermediate set, with extra houses', () => {
    const fixtures = readVariantFixtures('jigsaw.txt').slice(0, 20);
    for (const { spec } of fixtures) {
      expectLayout(spec);
      expectLayout({ ...spec, diagonalDown: true, diagonalUp: true });
      expectLayout({ ...spec, windoku: true });
      // An extra region equal to a row is left out; another one is a house of its own.
      expectLayout({ ...spec, extraRegions: [[9, 10, 11, 12, 13, 14, 15, 16, 17], [0, 10, 20, 30, 40, 50, 60, 70, 80].reverse()] });
    }
  });

  test('regions equal to the rows or the columns are left out, in any order', () => {
    expectLayout({ size: 9, regions: rowRegions });
    expectLayout({ size: 9, regions: columnRegions });
    expectLayout({ size: 9, regions: rowRegions.map((r) => (r + 4) % 9) });
    // Rows 3 and 7 traded between two regions, the other regions rows: only those are left out.
    const regions = Array.from({ length: 81 }, (_, cell) => {
      const row = Math.floor(cell / 9);
      if (row !== 3 && row !== 7) return row;
      return cell % 9 < 5 === (row === 3) ? 3 : 7;
    });
    expectLayout({ size: 9, regions });
    expect(buildRules({ size: 9, regions }).houses.length).toBe(20);
    expect(buildRules({ size: 9, regions: rowRegions }).houses.length).toBe(18);
  });

  test('classic sizes, Samurai and extra houses', () => {
    expectLayout({ size: 9 });
    expectLayout({ size: 6 });
    expectLayout({ size: 16 });
    expectLayout({ size: 6, boxes: { rows: 3, cols: 2 } });
    expectLayout({ size: 9, layout: 'samurai' });
    expectLayout({ size: 9, diagonalDown: true, windoku: true });
    expectLayout({ size: 9, extraRegions: [[0, 1, 2, 9, 10, 11, 18, 19, 20]] });
    expectLayout({ size: 6, regions: [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 4, 4, 4, 5, 5, 5] });
  });

  test('every region check still holds', () => {
    const codeOf = (spec: RulesSpec): string | undefined => {
      try {
        buildRules(spec);
        return undefined;
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    expect(codeOf({ size: 9, regions: rowRegions.slice(1) })).toBe('BAD_REGIONS');
    expect(codeOf({ size: 9, regions: rowRegions.map((r, cell) => (cell === 40 ? 9 : r)) })).toBe('BAD_REGIONS');
    expect(codeOf({ size: 9, regions: rowRegions.map((r, cell) => (cell === 40 ? -1 : r)) })).toBe('BAD_REGIONS');
    expect(codeOf({ size: 9, regions: rowRegions.map((r, cell) => (cell === 40 ? 1.5 : r)) })).toBe('BAD_REGIONS');
    expect(codeOf({ size: 9, regions: rowRegions.map((r, cell) => (cell === 40 ? 0 : r)) })).toBe('BAD_REGIONS');
    expect(codeOf({ size: 9, regions: rowRegions, boxes: { rows: 3, cols: 3 } })).toBe('BAD_REGIONS');
    expect(codeOf({ size: 9, regions: rowRegions, extraRegions: [[0, 1, 2]] })).toBe('BAD_HOUSE');
    expect(codeOf({ size: 9, regions: rowRegions, disjointGroups: true })).toBe('BAD_HOUSE');
    expect(codeOf({ size: 9, regions: rowRegions, centreDot: true })).toBe('BAD_HOUSE');
  });
});
