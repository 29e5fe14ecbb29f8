import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import { POPCOUNT } from '../core/tables.js';
import { withKeptScans } from './house-scans.js';
import { buildHouseOrder } from './houses-build.js';
import { type NearCheck, nakedSingleNear, newHouseStamp, searchedNearChange, someChangedHouse, stampHouse } from './near-change.js';
import { COMBOS, hiddenSetInUnit, nakedSetInUnit } from './subsets.js';
import type { TechniqueDef } from './types.js';
import { wingAtPivot } from './wings.js';

/*
 * The checks of near-change.ts for the variant ladder's techniques: whether a board less some
 * candidates than one where the technique found nothing can hold a step of it. Each is a sound
 * "no" (see each one's why); a "yes" runs the technique's own search.
 */

/** Scratch: a digit's cells (three 27-bit words). */
const DIGIT_CELLS = new Int32Array(3);

function fillDigitCells(board: Readonly<Board>, bit: number): void {
  DIGIT_CELLS.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    if ((board.candidates[cell]! & bit) !== 0) DIGIT_CELLS[(cell / 27) | 0] = DIGIT_CELLS[(cell / 27) | 0]! | (1 << cell % 27);
  }
}

function popcount27(w: number): number {
  return POPCOUNT[w & 511]! + POPCOUNT[(w >>> 9) & 511]! + POPCOUNT[(w >>> 18) & 511]!;
}

/** How many cells of a house (three words at `h * 3`) hold the digit of DIGIT_CELLS. */
function placesIn(houseWords: Int32Array, h: number): number {
  return popcount27(houseWords[h * 3]! & DIGIT_CELLS[0]!) + popcount27(houseWords[h * 3 + 1]! & DIGIT_CELLS[1]!) + popcount27(houseWords[h * 3 + 2]! & DIGIT_CELLS[2]!);
}

/**
 * Whether the digit of DIGIT_CELLS has two or more places in house `h` and some cell outside `h`
 * holding it sees all of them: the generalised intersection, and every locked candidates step
 * (places of u1 all in u2: the cells of u2 outside u1 see them all) with `h` as u1.
 */
function locksFrom(geometry: Geometry, h: number): boolean {
  const { houseWords, peerWords } = geometry;
  const p0 = houseWords[h * 3]! & DIGIT_CELLS[0]!;
  const p1 = houseWords[h * 3 + 1]! & DIGIT_CELLS[1]!;
  const p2 = houseWords[h * 3 + 2]! & DIGIT_CELLS[2]!;
  if (popcount27(p0) + popcount27(p1) + popcount27(p2) < 2) return false;
  let c0 = DIGIT_CELLS[0]! & ~houseWords[h * 3]!;
  let c1 = DIGIT_CELLS[1]! & ~houseWords[h * 3 + 1]!;
  let c2 = DIGIT_CELLS[2]! & ~houseWords[h * 3 + 2]!;
  for (let w = 0; w < 3; w++) {
    for (let bits = w === 0 ? p0 : w === 1 ? p1 : p2; bits !== 0; bits &= bits - 1) {
      const cell = w * 27 + 31 - Math.clz32(bits & -bits);
      c0 &= peerWords[cell * 3]!;
      c1 &= peerWords[cell * 3 + 1]!;
      c2 &= peerWords[cell * 3 + 2]!;
    }
    if ((c0 | c1 | c2) === 0) return false;
  }
  return true;
}

/** Whether houses a and b share a cell. */
function cross(houseWords: Int32Array, a: number, b: number): boolean {
  return ((houseWords[a * 3]! & houseWords[b * 3]!) | (houseWords[a * 3 + 1]! & houseWords[b * 3 + 1]!) | (houseWords[a * 3 + 2]! & houseWords[b * 3 + 2]!)) !== 0;
}

/** Whether a house holds two or more places of the digit of DIGIT_CELLS, all in house u2, and u2 holds the digit outside it. */
function locksInto(houseWords: Int32Array, u1: number, u2: number): boolean {
  const d0 = DIGIT_CELLS[0]!;
  const d1 = DIGIT_CELLS[1]!;
  const d2 = DIGIT_CELLS[2]!;
  const a0 = houseWords[u1 * 3]!;
  const a1 = houseWords[u1 * 3 + 1]!;
  const a2 = houseWords[u1 * 3 + 2]!;
  const w0 = houseWords[u2 * 3]!;
  const w1 = houseWords[u2 * 3 + 1]!;
  const w2 = houseWords[u2 * 3 + 2]!;
  if (((a0 & d0 & ~w0) | (a1 & d1 & ~w1) | (a2 & d2 & ~w2)) !== 0) return false;
  if (popcount27(a0 & d0) + popcount27(a1 & d1) + popcount27(a2 & d2) < 2) return false;
  return ((w0 & d0 & ~a0) | (w1 & d1 & ~a1) | (w2 & d2 & ~a2)) !== 0;
}

/** Whether house u3 holds two or more places of the digit of DIGIT_CELLS, all but one in house u2 (the one a direct locking into u2 places). */
function oneOutside(houseWords: Int32Array, u3: number, u2: number): boolean {
  const p0 = houseWords[u3 * 3]! & DIGIT_CELLS[0]!;
  const p1 = houseWords[u3 * 3 + 1]! & DIGIT_CELLS[1]!;
  const p2 = houseWords[u3 * 3 + 2]! & DIGIT_CELLS[2]!;
  if (popcount27(p0) + popcount27(p1) + popcount27(p2) < 2) return false;
  return popcount27(p0 & ~houseWords[u2 * 3]!) + popcount27(p1 & ~houseWords[u2 * 3 + 1]!) + popcount27(p2 & ~houseWords[u2 * 3 + 2]!) === 1;
}

/**
 * SE's house types of a geometry as locking reads them: each house's type index, and the type pairs
 * (u1, u2) it visits as bits; and the houses crossing each house, itself included:
 * crossing[crossStart[h] .. crossStart[h + 1]).
 */
interface LockTypes {
  readonly typeOf: Uint8Array;
  readonly pairs: Uint16Array;
  readonly crossStart: Uint16Array;
  readonly crossing: Uint8Array;
}
const LOCK_TYPES = new WeakMap<Geometry, LockTypes>();

function lockTypes(geometry: Geometry): LockTypes {
  let known = LOCK_TYPES.get(geometry);
  if (known !== undefined) return known;
  const se = buildHouseOrder(geometry);
  const typeOf = new Uint8Array(geometry.houseCount);
  for (let t = 0; t + 1 < se.typeStart.length; t++) for (let k = se.typeStart[t]!; k < se.typeStart[t + 1]!; k++) typeOf[se.order[k]!] = t;
  const pairs = new Uint16Array(se.typeStart.length);
  for (const [t1, t2] of se.lockingPairs) pairs[t1] = pairs[t1]! | (1 << t2);
  const { houseWords, houseCount } = geometry;
  const crossStart = new Uint16Array(houseCount + 1);
  const list: number[] = [];
  for (let h = 0; h < houseCount; h++) {
    for (let u = 0; u < houseCount; u++) if (cross(houseWords, u, h)) list.push(u);
    crossStart[h + 1] = list.length;
  }
  known = { typeOf, pairs, crossStart, crossing: Uint8Array.from(list) };
  LOCK_TYPES.set(geometry, known);
  return known;
}

/**
 * Whether house `h` can be u1 or u3 of a direct locking of the digit of DIGIT_CELLS (see
 * locking-houses.ts): u1's places (two or more) all in a house u2 of a type SE pairs with u1's,
 * which holds the digit outside u1, and a house u3 of u1's type crossing u2, other than u1, with
 * two or more places of which exactly one lies outside u2.
 */
function directLockWith(geometry: Geometry, h: number): boolean {
  const { houseWords } = geometry;
  const { typeOf, pairs, crossStart, crossing } = lockTypes(geometry);
  const type = typeOf[h]!;
  for (let i = crossStart[h]!; i < crossStart[h + 1]!; i++) {
    const u2 = crossing[i]!;
    if (u2 === h || ((pairs[type]! >> typeOf[u2]!) & 1) === 0) continue;
    const from = crossStart[u2]!;
    const to = crossStart[u2 + 1]!;
    if (locksInto(houseWords, h, u2)) {
      for (let k = from; k < to; k++) {
        const u3 = crossing[k]!;
        if (u3 !== h && typeOf[u3] === type && oneOutside(houseWords, u3, u2)) return true;
      }
    }
    if (oneOutside(houseWords, h, u2)) {
      for (let k = from; k < to; k++) {
        const u1 = crossing[k]!;
        if (u1 !== h && typeOf[u1] === type && locksInto(houseWords, u1, u2)) return true;
      }
    }
  }
  return false;
}

/**
 * Locked candidates (pointing, claiming, the generalised intersection; `direct`: the direct forms).
 * Each step is about one digit and reads only its candidates. A step (u1, u2) that B' has and B
 * had not needs u1's places to have changed: with the same places, B's cells to clear held those
 * of B' (candidates only go). The generalised intersection likewise. A direct step also needs its
 * house u3 of the placement, whose places may have changed instead (with u1's the same). So the
 * houses where a cell lost the digit are checked, as u1 (any cell outside seeing all its places)
 * or, for the direct forms, as u1 or u3 (see directLockWith). Every pair of houses is allowed, whatever
 * SE's type pairs: more "yes", never a wrong "no".
 */
function lockingNear(direct: boolean): NearCheck {
  return (board, geometry, change) => {
    const { cellHouseStart, cellHouses } = geometry;
    for (let d = 0; d < 9; d++) {
      const bit = 1 << d;
      if ((change.digits & bit) === 0) continue;
      fillDigitCells(board, bit);
      const gen = newHouseStamp(geometry.houseCount);
      for (let i = 0; i < change.cellCount; i++) {
        const cell = change.cells[i]!;
        if ((change.lost[cell]! & bit) === 0) continue;
        for (let k = cellHouseStart[cell]!; k < cellHouseStart[cell + 1]!; k++) {
          const house = cellHouses[k]!;
          if (!stampHouse(house, gen)) continue;
          if (direct ? directLockWith(geometry, house) : locksFrom(geometry, house)) return true;
        }
      }
    }
    return false;
  };
}

/** Hidden sets of `size` in one unit: subsets.ts's own search of that unit. */
function hiddenSetIn(size: number, direct: boolean): (board: Readonly<Board>, geometry: Geometry, unit: number) => boolean {
  return (board, geometry, unit) => hiddenSetInUnit(board, geometry, unit, size, direct, '', 0) !== null;
}

/** Naked sets of `size` in one unit: subsets.ts's own search of that unit. */
function nakedSetIn(size: number): (board: Readonly<Board>, geometry: Geometry, unit: number) => boolean {
  return (board, geometry, unit) => nakedSetInUnit(board, geometry, unit, size, '', 0) !== null;
}

/** Scratch of fishOfDigit: a digit's places in each line (columns 0-8, then rows 9-17: the rows holding it, the columns holding it). */
const LINE_PLACES = new Uint16Array(18);
const LINE_OF_BIT = new Uint8Array(9);

/**
 * Whether a digit has a basic fish of `size` lines with something to remove, under
 * fish.ts's conditions (at most 9 - 2 x size copies placed; base lines, columns or rows, holding it
 * twice or more; their places in `size` cover lines; the digit in a cover line outside the base).
 */
function fishOfDigit(board: Readonly<Board>, digit: number, size: number): boolean {
  const bit = 1 << (digit - 1);
  let placed = 0;
  LINE_PLACES.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    if (board.values[cell] === digit) placed++;
    if ((board.candidates[cell]! & bit) === 0 || board.values[cell] !== 0) continue;
    const row = (cell / 9) | 0;
    const col = cell % 9;
    LINE_PLACES[col] = LINE_PLACES[col]! | (1 << row);
    LINE_PLACES[9 + row] = LINE_PLACES[9 + row]! | (1 << col);
  }
  if (placed + size * 2 > 9) return false;
  const combos = COMBOS[size]!;
  for (let pass = 0; pass < 2; pass++) {
    const offset = pass * 9;
    let m = 0;
    for (let line = 0; line < 9; line++) if (POPCOUNT[LINE_PLACES[offset + line]!]! >= 2) LINE_OF_BIT[m++] = line;
    if (m < size) continue;
    const limit = 1 << m;
    for (let c = 0; c < combos.length && combos[c]! < limit; c++) {
      let lines = 0;
      let union = 0;
      for (let bits = combos[c]!; bits !== 0; bits &= bits - 1) {
        const line = LINE_OF_BIT[31 - Math.clz32(bits & -bits)]!;
        lines |= 1 << line;
        union |= LINE_PLACES[offset + line]!;
      }
      if (POPCOUNT[union] !== size) continue;
      for (let other = 0x1ff & ~lines; other !== 0; other &= other - 1) if ((LINE_PLACES[offset + 31 - Math.clz32(other & -other)]! & union) !== 0) return true;
    }
  }
  return false;
}

/**
 * Basic fish: each is about one digit and reads only its candidates (and how many of it are
 * placed, which only grows): a fish B' has and B had not is of a digit that lost a candidate.
 */
function fishNear(size: number): NearCheck {
  return (board, _geometry, change) => {
    for (let d = 0; d < 9; d++) if ((change.digits & (1 << d)) !== 0 && fishOfDigit(board, d + 1, size)) return true;
    return false;
  };
}

/** Whether an XY-wing (or, `xyz`, XYZ-wing) with pivot `pivot` removes something: wings.ts's own search of that pivot. */
function wingAt(board: Readonly<Board>, geometry: Geometry, pivot: number, xyz: boolean): boolean {
  return wingAtPivot(board, geometry, pivot, xyz, '', 0) !== null;
}

/**
 * Wings: a wing reads the candidates of its pivot and pincers only (what it removes only goes):
 * a wing B' has and B had not has a changed cell as its pivot or a pincer. So each changed cell is
 * tried as a pivot, and a changed bivalue cell's peers too.
 */
function wingNear(xyz: boolean): NearCheck {
  return (board, geometry, change) => {
    const { peers, peerStart } = geometry;
    for (let i = 0; i < change.cellCount; i++) {
      const cell = change.cells[i]!;
      const count = POPCOUNT[board.candidates[cell]!]!;
      if (count < 2 || count > 3) continue;
      if (wingAt(board, geometry, cell, xyz)) return true;
      if (count !== 2) continue;
      for (let k = peerStart[cell]!; k < peerStart[cell + 1]!; k++) if (wingAt(board, geometry, peers[k]!, xyz)) return true;
    }
    return false;
  };
}

function inChangedHouses(test: (board: Readonly<Board>, geometry: Geometry, unit: number) => boolean): NearCheck {
  return (board, geometry, change) => someChangedHouse(geometry, change, test, board);
}

/** The check of each technique of the variant ladders that has one, by id. */
const NEAR_CHECKS: Readonly<Record<string, NearCheck>> = {
  'naked-single': nakedSingleNear,
  'direct-locking': lockingNear(true),
  'locked-candidates': lockingNear(false),
  'direct-hidden-pair': inChangedHouses(hiddenSetIn(2, true)),
  'direct-hidden-triple': inChangedHouses(hiddenSetIn(3, true)),
  'naked-pair': inChangedHouses(nakedSetIn(2)),
  'hidden-pair': inChangedHouses(hiddenSetIn(2, false)),
  'naked-triple': inChangedHouses(nakedSetIn(3)),
  'hidden-triple': inChangedHouses(hiddenSetIn(3, false)),
  'naked-quad': inChangedHouses(nakedSetIn(4)),
  'hidden-quad': inChangedHouses(hiddenSetIn(4, false)),
  'x-wing': fishNear(2),
  swordfish: fishNear(3),
  jellyfish: fishNear(4),
  'xy-wing': wingNear(false),
  'xyz-wing': wingNear(true),
};

/**
 * The ladder of a non-classic geometry with each technique that has a check searched only near
 * what changed (see near-change.ts), and the singles over house scans kept from board to board
 * (house-scans.ts). Rules with killer cages keep their ladder as it is.
 */
export function withNearChecks(ladder: TechniqueDef[], geometry: Geometry): TechniqueDef[] {
  if (geometry.rules !== null && geometry.rules.cages.length > 0) return ladder;
  return ladder.map((def) => {
    if (def.id === 'singles') return withKeptScans(def);
    const check = NEAR_CHECKS[def.id];
    return check === undefined ? def : searchedNearChange(def, check);
  });
}

/** For tests: the check of a technique id, if it has one. */
export function nearCheckOf(id: string): NearCheck | undefined {
  return NEAR_CHECKS[id];
}

