import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import { findSingleInHouses, scanHouse } from './singles-houses.js';
import type { TechniqueDef } from './types.js';

/*
 * The singles producer of the variant ladders (SE's hidden-single producer over houses, the most
 * asked technique of a path) with each house's scan (its empty cells, the digits in one of them)
 * kept from one board to the next: only the houses of cells that changed are scanned again. A
 * house's scan reads its nine cells only, so the scans are those of the board, whatever board
 * came before; the search over them is singles-houses.ts's own.
 */

interface Scans {
  geometry: Geometry | null;
  readonly candidates: Uint16Array;
  readonly values: Uint8Array;
  scans: Uint32Array;
  stamp: Int32Array;
  gen: number;
}

const KEPT: Scans = { geometry: null, candidates: new Uint16Array(81), values: new Uint8Array(81), scans: new Uint32Array(0), stamp: new Int32Array(0), gen: 0 };

/** Each house's scanHouse of `board` (shared scratch, valid until the next call). */
export function houseScans(board: Readonly<Board>, geometry: Geometry): Uint32Array {
  const kept = KEPT;
  const { houseCells, houseCount, cellHouseStart, cellHouses } = geometry;
  const cand = board.candidates;
  const values = board.values;
  if (kept.geometry !== geometry) {
    if (kept.scans.length < houseCount) {
      kept.scans = new Uint32Array(houseCount);
      kept.stamp = new Int32Array(houseCount);
    }
    for (let house = 0; house < houseCount; house++) kept.scans[house] = scanHouse(board, houseCells, house * 9);
    kept.geometry = geometry;
  } else {
    const gen = ++kept.gen;
    for (let cell = 0; cell < 81; cell++) {
      if (cand[cell] === kept.candidates[cell] && values[cell] === kept.values[cell]) continue;
      for (let k = cellHouseStart[cell]!; k < cellHouseStart[cell + 1]!; k++) {
        const house = cellHouses[k]!;
        if (kept.stamp[house] === gen) continue;
        kept.stamp[house] = gen;
        kept.scans[house] = scanHouse(board, houseCells, house * 9);
      }
    }
  }
  kept.candidates.set(cand);
  kept.values.set(values);
  return kept.scans;
}

/** The singles producer `def` (variant-ladder.ts's) searching over the kept scans. */
export function withKeptScans(def: TechniqueDef): TechniqueDef {
  return { ...def, find: (board, context) => (context.geometry === undefined ? def.find(board, context) : findSingleInHouses(board, context.geometry, houseScans(board, context.geometry))) };
}
