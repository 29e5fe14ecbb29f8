import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import type { Candidate, Step } from '../../core/step.js';
import { seHouses } from '../houses.js';

/**
 * The houses of each cell of a geometry as two words: bits 0-26 for houses 0-26 (`lo`), bits 0-..
 * for houses 27.. (`hi`: diagonals, windows...). Built once per geometry.
 */
export interface HouseMasks {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
}

const houseMasks = new WeakMap<Geometry, HouseMasks>();

export function houseMasksOf(geometry: Geometry): HouseMasks {
  let known = houseMasks.get(geometry);
  if (known === undefined) {
    const lo = new Int32Array(81);
    const hi = new Int32Array(81);
    for (let cell = 0; cell < 81; cell++) {
      for (let i = geometry.cellHouseStart[cell]!; i < geometry.cellHouseStart[cell + 1]!; i++) {
        const house = geometry.cellHouses[i]!;
        if (house < 27) lo[cell] = lo[cell]! | (1 << house);
        else hi[cell] = hi[cell]! | (1 << (house - 27));
      }
    }
    known = { lo, hi };
    houseMasks.set(geometry, known);
  }
  return known;
}

/**
 * Houses holding every one of `cells`, in SE's order (boxes, columns, rows, then the extra houses;
 * see houses.ts). `basicOnly`: only regular boxes, columns and rows (SE's BUG types 3 and 4, which
 * look at its three basic region types only; a jigsaw's pieces are not among them).
 */
export function housesSharedBy(geometry: Geometry, cells: readonly number[], basicOnly: boolean): number[] {
  const se = seHouses(geometry);
  const out: number[] = [];
  const w = geometry.houseWords;
  // Rows 0-8, columns 9-17, then regular boxes 18-26 (a jigsaw's pieces from 18 are not basic), then extra houses.
  const basicEnd = basicOnly ? (geometry.regularBoxes ? 27 : 18) : se.order.length;
  for (let k = 0; k < se.order.length; k++) {
    const house = se.order[k]!;
    if (house >= basicEnd) continue;
    if (cells.every((cell) => (w[house * 3 + ((cell / 27) | 0)]! & (1 << (cell % 27))) !== 0)) out.push(house);
  }
  return out;
}

/**
 * Eliminations from parallel lists of cells and digit masks (bit d - 1 for digit d, any grid size:
 * the general ladder's loops and BUG use it too), sorted by cell then digit. Cells with an empty
 * mask are skipped.
 */
export function eliminationList(cells: readonly number[], masks: readonly number[]): Candidate[] {
  const order = cells.map((_, i) => i).sort((a, b) => cells[a]! - cells[b]!);
  const out: Candidate[] = [];
  for (const i of order) {
    for (let m = masks[i]!; m !== 0; m &= m - 1) out.push({ cell: cells[i]!, digit: 32 - Math.clz32(m & -m) });
  }
  return out;
}

/** A step record; `tenths` is the difficulty times ten, kept integral to avoid 4.6000000001. */
export function makeStep(
  technique: string,
  tenths: number,
  eliminations: Candidate[],
  pattern: { cells: number[]; digits: number[]; units: number[] },
): Step {
  return { technique, difficulty: tenths / 10, placements: [], eliminations, pattern };
}

/**
 * A one-entry memo keyed on the whole board. Several ladder entries (one per type) share one
 * search of the same board, as Sudoku Explainer does; the memo never changes what is returned.
 */
export class BoardMemo<T> {
  private values = new Uint8Array(81);
  private candidates = new Uint16Array(81);
  private result: T | null = null;
  private geometry: Geometry | null = null;

  /** The result for this board under this geometry (the same board under other rules is searched again). */
  get(board: Readonly<Board>, compute: (board: Readonly<Board>) => T, geometry: Geometry | null = null): T {
    if (this.result !== null && this.geometry === geometry && this.matches(board)) return this.result;
    const result = compute(board);
    this.values.set(board.values);
    this.candidates.set(board.candidates);
    this.result = result;
    this.geometry = geometry;
    return result;
  }

  private matches(board: Readonly<Board>): boolean {
    const v = board.values;
    const c = board.candidates;
    for (let i = 0; i < 81; i++) {
      if (v[i] !== this.values[i] || c[i] !== this.candidates[i]) return false;
    }
    return true;
  }
}
