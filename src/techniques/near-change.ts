import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import { POPCOUNT } from '../core/tables.js';
import type { TechniqueDef } from './types.js';

/*
 * Searches that look only near what changed (variant grading: variant-ladder.ts wraps its ladder's
 * techniques, so classic bundles do not carry this).
 *
 * The grader's boards lose candidates step by step, and on a hard puzzle most techniques find
 * nothing on board after board. When a technique found nothing on a board B and is asked about a
 * board B' holding a subset of B's candidates (and B's placed digits), a step of B' must use what
 * changed: each check below answers, from the cells that lost candidates, whether B' can have a
 * step of its technique at all ("false" is a proof that it has none; "true" may be wrong). Only
 * then is the technique's own search run, so every step is the one the search finds: the checks
 * decide whether to search, never what is found.
 *
 *   board where T found nothing:  B  (remembered per wrapped technique)
 *   board asked about:            B' = B less candidates  ->  change = B \ B'  ->  check(B', change)
 *                                                              false: null, and B' is remembered
 *                                                              true:  T's search on B'
 */

/** What a board lost since an earlier board of the same path (it holds a subset of its candidates). */
export interface BoardChange {
  /** The candidates each cell lost (a cell placed since lost all it had). */
  readonly lost: Uint16Array;
  /** The cells that lost some, ascending: cells[0 .. cellCount). */
  readonly cells: Uint8Array;
  cellCount: number;
  /** The digits lost in some cell. */
  digits: number;
}

/**
 * Whether a technique that found nothing on the earlier board can find a step on `board`, which
 * is that board less `change`: false only when it cannot.
 */
export type NearCheck = (board: Readonly<Board>, geometry: Geometry, change: BoardChange) => boolean;

const CHANGE: BoardChange = { lost: new Uint16Array(81), cells: new Uint8Array(81), cellCount: 0, digits: 0 };

/** The last board where a wrapped technique found nothing. */
interface NothingFound {
  geometry: Geometry | null;
  /** The technique's last search found a step (since the board remembered). */
  found: boolean;
  readonly candidates: Uint16Array;
  readonly values: Uint8Array;
}

/** Fills CHANGE with what `board` lost since `last`; false when it is not `last` less some candidates. */
function changeSince(last: NothingFound, board: Readonly<Board>): boolean {
  const { lost, cells } = CHANGE;
  const cand = board.candidates;
  const values = board.values;
  let count = 0;
  let digits = 0;
  for (let cell = 0; cell < 81; cell++) {
    const before = last.candidates[cell]!;
    const now = cand[cell]!;
    if ((now & ~before) !== 0) return false;
    const value = last.values[cell]!;
    if (value !== 0 ? values[cell] !== value : values[cell] !== 0 && now !== 0) return false;
    const gone = before & ~now;
    lost[cell] = gone;
    // (A cell placed since is a change even when it had no candidate left.)
    if (gone !== 0 || values[cell] !== value) {
      cells[count++] = cell;
      digits |= gone;
    }
  }
  CHANGE.cellCount = count;
  CHANGE.digits = digits;
  return true;
}

function remember(last: NothingFound, board: Readonly<Board>, geometry: Geometry): void {
  last.geometry = geometry;
  last.found = false;
  last.candidates.set(board.candidates);
  last.values.set(board.values);
}

/**
 * A technique whose search is run only when `check` says the change since the last board where it
 * found nothing can have made a step (see above). Classic boards (no geometry) go to its search.
 */
export function searchedNearChange(def: TechniqueDef, check: NearCheck): TechniqueDef {
  const last: NothingFound = { geometry: null, found: false, candidates: new Uint16Array(81), values: new Uint8Array(81) };
  const find = def.find;
  return {
    ...def,
    find: (board, context) => {
      const geometry = context.geometry;
      if (geometry === undefined) return find(board, context);
      // After a step found, the change since the board remembered is mostly wide: searched at once.
      if (!last.found && last.geometry === geometry && changeSince(last, board) && !check(board, geometry, CHANGE)) {
        remember(last, board, geometry);
        return null;
      }
      const step = find(board, context);
      last.found = step !== null;
      if (step === null) remember(last, board, geometry);
      return step;
    },
  };
}

/** Stamps of houses already looked at by one check (houses of several changed cells are checked once). */
let HOUSE_STAMP = new Int32Array(64);
let stampGen = 0;

/** A new stamp for HOUSE_STAMP, sized for `houseCount` houses. */
export function newHouseStamp(houseCount: number): number {
  if (HOUSE_STAMP.length < houseCount) HOUSE_STAMP = new Int32Array(houseCount);
  if (stampGen > 0x7ffffff0) {
    HOUSE_STAMP.fill(0);
    stampGen = 0;
  }
  return ++stampGen;
}

/** Marks a house with a stamp; false when it had it already. */
export function stampHouse(house: number, gen: number): boolean {
  if (HOUSE_STAMP[house] === gen) return false;
  HOUSE_STAMP[house] = gen;
  return true;
}

/**
 * Whether some house holding a changed cell passes `test` (each house once): the check of a
 * technique whose steps each lie in one house and read only its cells.
 */
export function someChangedHouse(geometry: Geometry, change: BoardChange, test: (board: Readonly<Board>, geometry: Geometry, house: number) => boolean, board: Readonly<Board>): boolean {
  const gen = newHouseStamp(geometry.houseCount);
  const { cellHouseStart, cellHouses } = geometry;
  for (let i = 0; i < change.cellCount; i++) {
    const cell = change.cells[i]!;
    for (let k = cellHouseStart[cell]!; k < cellHouseStart[cell + 1]!; k++) {
      const house = cellHouses[k]!;
      if (stampHouse(house, gen) && test(board, geometry, house)) return true;
    }
  }
  return false;
}

/** A naked single can only be a cell that lost candidates. */
export const nakedSingleNear: NearCheck = (board, _geometry, change) => {
  for (let i = 0; i < change.cellCount; i++) if (POPCOUNT[board.candidates[change.cells[i]!]!] === 1) return true;
  return false;
};
