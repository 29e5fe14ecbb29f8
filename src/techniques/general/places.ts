import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { KIND_BOX, KIND_COLUMN, KIND_ROW, type GeneralShape } from '../../grader/general/shape.js';

/**
 * What the general techniques share: the places of each digit in each house, filled once per
 * board by the ladder (see `ladder.ts`) and read by every technique of that step, and a few
 * scratch buffers. A technique is a pure function of the board: it reads these, never writes the
 * board, and returns at most one step.
 */
export interface GeneralScan {
  readonly shape: GeneralShape;
  /**
   * places[house * size + d - 1]: the mask of the house's positions (bit i: its i-th cell) where
   * digit d is still a candidate.
   */
  places: Uint32Array;
  /** The number of empty cells of each house. */
  empty: Uint8Array;
  /** The digits placed in each house (a mask). */
  placed: Uint32Array;
  /** Node expansions one forcing-chain search may spend before it gives up (forcing.ts). */
  effortLimit: number;
  /** Set by a forcing-chain search that gave up at `effortLimit` on this board (cleared by {@link fillScan}). */
  bounded: boolean;
  /**
   * Whether the rungs that assume one solution (unique rectangles and loops, BUG) run: the grader
   * sets it from its `uniqueness` option once it knows the puzzle has one solution.
   */
  readonly uniqueness: boolean;
}

/**
 * Node expansions one forcing-chain search may spend by default: past it the search gives nothing
 * and the grade says its rating is a lower bound. The most measured on the paths of 8 generated
 * 12x12 and 8 Samurai (bench seed) is 109,146 (a Samurai's dynamic search), on the 16x16 of seed
 * grader-general #1 65,231; SE itself has no bound.
 */
export const EFFORT_LIMIT = 5_000_000;

/**
 * A scan of a shape with room for its houses (filled by {@link fillScan}). `uniqueness` is off by
 * default: only a caller that knows the puzzle has one solution may turn the uniqueness rungs on.
 */
export function newScan(shape: GeneralShape, options: { effortLimit?: number | undefined; uniqueness?: boolean } = {}): GeneralScan {
  return {
    shape,
    places: new Uint32Array(shape.houseCount * shape.size),
    empty: new Uint8Array(shape.houseCount),
    placed: new Uint32Array(shape.houseCount),
    effortLimit: options.effortLimit ?? EFFORT_LIMIT,
    bounded: false,
    uniqueness: options.uniqueness ?? false,
  };
}

/** Fills the places, empty counts and placed digits of every house from the board. */
export function fillScan(scan: GeneralScan, board: Readonly<Board>): void {
  const { shape, places, empty, placed } = scan;
  const { size, houseCount, houseCells } = shape;
  scan.bounded = false;
  places.fill(0);
  for (let house = 0; house < houseCount; house++) {
    let count = 0;
    let digits = 0;
    const base = house * size;
    for (let i = 0; i < size; i++) {
      const cell = houseCells[base + i]!;
      const value = board.values[cell]!;
      if (value !== 0) {
        digits |= 1 << (value - 1);
        continue;
      }
      count++;
      let mask = board.candidates[cell]!;
      while (mask !== 0) {
        const low = mask & -mask;
        mask ^= low;
        const d = 31 - Math.clz32(low);
        places[base + d] = places[base + d]! | (1 << i);
      }
    }
    empty[house] = count;
    placed[house] = digits;
  }
}

/**
 * Houses holding every one of `cells`, in the shape's search order (boxes and regions, columns,
 * rows, extra houses). `basicOnly`: rows, columns and regular boxes only (SE's BUG types 3 and 4;
 * not jigsaw pieces or extra houses), as uniqueness/common.ts's housesSharedBy on 9x9.
 */
export function housesSharedBy(shape: GeneralShape, cells: readonly number[], basicOnly: boolean): number[] {
  const { order, houseKind, cellHouses, cellHouseStart } = shape;
  const out: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const house = order[k]!;
    const kind = houseKind[house]!;
    if (basicOnly && kind !== KIND_ROW && kind !== KIND_COLUMN && kind !== KIND_BOX) continue;
    if (cells.every((cell) => cellHouses.subarray(cellHouseStart[cell]!, cellHouseStart[cell + 1]!).includes(house))) out.push(house);
  }
  return out;
}

/** The cells of a house at the positions of a mask, ascending. */
export function cellsAt(shape: GeneralShape, house: number, mask: number): number[] {
  const cells: number[] = [];
  const base = house * shape.size;
  while (mask !== 0) {
    const i = 31 - Math.clz32(mask & -mask);
    mask &= mask - 1;
    cells.push(shape.houseCells[base + i]!);
  }
  return cells;
}

/** Candidates as a list sorted by cell, then digit. */
export function sortCandidates(list: Candidate[]): Candidate[] {
  return list.sort((a, b) => a.cell - b.cell || a.digit - b.digit);
}

/** A placement step. */
export function placementStep(technique: string, difficulty: number, cell: number, digit: number, house: number): Step {
  return { technique, difficulty, placements: [{ cell, digit }], eliminations: [], pattern: { cells: [cell], digits: [digit], units: house < 0 ? [] : [house] } };
}

/**
 * The next combination of `k` indexes out of `n` (ascending, in `index[0..k)`), in lexicographic
 * order; false after the last. Start with 0, 1, ..., k - 1.
 */
export function nextCombination(index: Int8Array, k: number, n: number): boolean {
  let i = k - 1;
  while (i >= 0 && index[i] === n - k + i) i--;
  if (i < 0) return false;
  index[i]!++;
  for (let j = i + 1; j < k; j++) index[j] = index[j - 1]! + 1;
  return true;
}

/** Sets `index` to the first combination 0, 1, ..., k - 1. */
export function firstCombination(index: Int8Array, k: number): void {
  for (let i = 0; i < k; i++) index[i] = i;
}
