import type { Board } from '../core/board.js';
import { classicGeometry as geometryFallback, type Geometry } from '../core/geometry.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT, UNIT_CELLS } from '../core/tables.js';
import { TYPE_BLOCK, houseHas, housesCross, seHouses, type SeHouses } from './houses.js';
import { isClassic } from './singles.js';
import type { TechniqueContext, TechniqueDef } from './types.js';

/**
 * Locked candidates (pointing and claiming), after Sudoku Explainer's `Locking` rule.
 *
 * Pointing: in a box, a digit's places (two or more) all lie in one line, so the rest of that line
 * loses it. Claiming: in a line, a digit's places all lie in one box, so the rest of that box loses it.
 * The "direct" forms count only when the eliminations leave the digit a single place in another unit
 * of the first unit's type (another box for pointing, another line for claiming); the step then
 * places it, and (as in SE 1.2.1) applies only that placement. SE rates them 1.7 / 1.9, the plain
 * forms 2.6 / 2.8.
 *
 * SE's order is kept: pointing box/column pairs, then box/row pairs, then claiming column/box, then
 * row/box; first units in index order, second units in index order, digits ascending.
 *
 * Every box-line crossing is a "segment" of 3 cells. For a unit split into its 3 segments with
 * candidate unions s0, s1, s2, the digits confined to segment 0 are `s0 & ~s1 & ~s2`; those with at
 * least two places in it are `(a & b) | (a & c) | (b & c)` over its three cells: all nine digits at once.
 */

/** SEGMENT[(unit * 3 + k) * 3 + j]: cell j of segment k of a unit (k-th crossing, in index order). */
const SEGMENT = new Uint8Array(27 * 3 * 3);
/** CROSSING[unit * 3 + k]: the unit crossing `unit` at its k-th segment (a box for a line, a line for a box). */
const CROSSING = new Uint8Array(27 * 3);
/** For boxes: segments 0-2 are its columns (left to right), 3-5 its rows (top to bottom). */
const BOX_SEGMENT = new Uint8Array(9 * 6 * 3);
const BOX_CROSSING = new Uint8Array(9 * 6);

for (let line = 0; line < 18; line++) {
  for (let k = 0; k < 3; k++) {
    for (let j = 0; j < 3; j++) SEGMENT[(line * 3 + k) * 3 + j] = UNIT_CELLS[line * 9 + k * 3 + j]!;
    const cell = UNIT_CELLS[line * 9 + k * 3]!;
    const row = Math.floor(cell / 9);
    const col = cell % 9;
    CROSSING[line * 3 + k] = 18 + Math.floor(row / 3) * 3 + Math.floor(col / 3);
  }
}
for (let box = 0; box < 9; box++) {
  const top = Math.floor(box / 3) * 3;
  const left = (box % 3) * 3;
  for (let k = 0; k < 3; k++) {
    for (let j = 0; j < 3; j++) {
      BOX_SEGMENT[(box * 6 + k) * 3 + j] = (top + j) * 9 + left + k; // column left + k
      BOX_SEGMENT[(box * 6 + 3 + k) * 3 + j] = (top + k) * 9 + left + j; // row top + k
    }
    BOX_CROSSING[box * 6 + k] = 9 + left + k;
    BOX_CROSSING[box * 6 + 3 + k] = top + k;
  }
}

/** IN_OTHER[u2 * 27 + u1]: mask of the indexes (in u2) of u2's cells that lie in u1 (0 unless they cross). */
const IN_OTHER = new Uint16Array(27 * 27);
for (let u2 = 0; u2 < 27; u2++) {
  for (let u1 = 0; u1 < 27; u1++) {
    if ((u1 >= 18) === (u2 >= 18)) continue;
    let mask = 0;
    for (let i = 0; i < 9; i++) {
      const cell = UNIT_CELLS[u2 * 9 + i]!;
      for (let j = 0; j < 9; j++) if (UNIT_CELLS[u1 * 9 + j] === cell) mask |= 1 << i;
    }
    IN_OTHER[u2 * 27 + u1] = mask;
  }
}

/** Cells of `unit` holding candidate `bit`, inside (`mask` bits set) or outside the index mask. */
function cellsWith(board: Readonly<Board>, unit: number, bit: number, mask: number, inside: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < 9; i++) {
    if (((mask >> i) & 1) !== (inside ? 1 : 0)) continue;
    const cell = UNIT_CELLS[unit * 9 + i]!;
    if (board.candidates[cell]! & bit) out.push(cell);
  }
  return out;
}

/** The locking step of digit `d` confined to the crossing of u1 (where it is locked) and u2. */
function lockingStep(
  board: Readonly<Board>,
  u1: number,
  u2: number,
  d: number,
  direct: boolean,
  technique: string,
  difficulty: number,
): Step | null {
  const bit = 1 << (d - 1);
  const cand = board.candidates;
  const crossing = IN_OTHER[u2 * 27 + u1]!;
  let outside = 0;
  for (let i = 0; i < 9; i++) if ((crossing & (1 << i)) === 0) outside |= cand[UNIT_CELLS[u2 * 9 + i]!]!;
  if ((outside & bit) === 0) return null;
  let u3 = -1;
  let placed = -1;
  if (direct) {
    // Another unit of u1's type that crosses u2 must keep a single place for d outside u2.
    const first = u1 >= 18 ? 18 : u1 < 9 ? 0 : 9;
    for (let u = first; u < first + 9 && u3 < 0; u++) {
      if (u === u1) continue;
      const inU2 = IN_OTHER[u * 27 + u2]!;
      if (inU2 === 0) continue;
      let count = 0;
      let outsideCount = 0;
      let last = -1;
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[u * 9 + i]!;
        if ((cand[cell]! & bit) === 0) continue;
        count++;
        if ((inU2 & (1 << i)) === 0) {
          outsideCount++;
          last = cell;
        }
      }
      if (outsideCount === 1 && count > 1) {
        u3 = u;
        placed = last;
      }
    }
    if (u3 < 0) return null;
  }
  const eliminations: Candidate[] = cellsWith(board, u2, bit, crossing, false).map((cell) => ({ cell, digit: d }));
  const cells = cellsWith(board, u1, bit, IN_OTHER[u1 * 27 + u2]!, true);
  if (!direct) {
    return { technique, difficulty, placements: [], eliminations, pattern: { cells, digits: [d], units: [u1, u2] } };
  }
  // As in SE 1.2.1, a direct hint applies only its placement; the eliminations are its reasoning.
  return {
    technique,
    difficulty,
    placements: [{ cell: placed, digit: d }],
    eliminations: [],
    pattern: { cells, digits: [d], units: [u1, u2, u3] },
  };
}

/** Digits confined to segment `k` (of three with unions s[0..2]) with at least two places in it. */
function confined(s0: number, s1: number, s2: number, a: number, b: number, c: number): number {
  return s0 & ~s1 & ~s2 & ((a & b) | (a & c) | (b & c));
}

/** Scratch for lockedInSegments: the nine cells' candidates, then the three segments' unions. */
const SEGMENT_CELLS = new Uint16Array(9);
const SEGMENT_UNION = new Uint16Array(3);

/**
 * The first locking step among the three segments (three cells each, `segments[(first + k) * 3 + j]`)
 * of `unit`: a digit in two or more cells of segment k and in no other segment of the unit is locked
 * there, so it leaves the rest of the unit crossing at `crossings[first + k]`.
 */
function lockedInSegments(
  board: Readonly<Board>,
  segments: Uint8Array,
  crossings: Uint8Array,
  first: number,
  unit: number,
  direct: boolean,
  technique: string,
  difficulty: number,
): Step | null {
  const cand = board.candidates;
  for (let k = 0; k < 3; k++) {
    let union = 0;
    for (let j = 0; j < 3; j++) {
      const mask = cand[segments[(first + k) * 3 + j]!]!;
      SEGMENT_CELLS[k * 3 + j] = mask;
      union |= mask;
    }
    SEGMENT_UNION[k] = union;
  }
  for (let k = 0; k < 3; k++) {
    let digits = confined(
      SEGMENT_UNION[k]!,
      SEGMENT_UNION[(k + 1) % 3]!,
      SEGMENT_UNION[(k + 2) % 3]!,
      SEGMENT_CELLS[k * 3]!,
      SEGMENT_CELLS[k * 3 + 1]!,
      SEGMENT_CELLS[k * 3 + 2]!,
    );
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const step = lockingStep(board, unit, crossings[first + k]!, FIRST_DIGIT[low]!, direct, technique, difficulty);
      if (step) return step;
    }
  }
  return null;
}

function findPointing(board: Readonly<Board>, direct: boolean, technique: string, difficulty: number): Step | null {
  // Pass 1: box/column pairs (segments 0-2), pass 2: box/row pairs (segments 3-5).
  for (let pass = 0; pass < 2; pass++) {
    for (let box = 0; box < 9; box++) {
      const step = lockedInSegments(board, BOX_SEGMENT, BOX_CROSSING, box * 6 + pass * 3, 18 + box, direct, technique, difficulty);
      if (step) return step;
    }
  }
  return null;
}

function findClaiming(board: Readonly<Board>, direct: boolean, technique: string, difficulty: number): Step | null {
  // Columns (units 9-17) first, then rows (0-8), as SE; each line meets the boxes in segment order.
  for (let pass = 0; pass < 2; pass++) {
    for (let n = 0; n < 9; n++) {
      const line = pass === 0 ? 9 + n : n;
      const step = lockedInSegments(board, SEGMENT, CROSSING, line * 3, line, direct, technique, difficulty);
      if (step) return step;
    }
  }
  return null;
}

export function findDirectPointing(board: Readonly<Board>): Step | null {
  return findPointing(board, true, 'direct-pointing', 1.7);
}

export function findDirectClaiming(board: Readonly<Board>): Step | null {
  return findClaiming(board, true, 'direct-claiming', 1.9);
}

export function findPlainPointing(board: Readonly<Board>): Step | null {
  return findPointing(board, false, 'pointing', 2.6);
}

export function findPlainClaiming(board: Readonly<Board>): Step | null {
  return findClaiming(board, false, 'claiming', 2.8);
}

/**
 * Locked candidates on any geometry, after SukakuExplainer's `Locking`: for every ordered pair of
 * house types in its order (see houses.ts), every pair of houses (u1, u2) that share a cell, and
 * digits 1..9: when a digit's places in u1 (two or more) all lie in u2, it leaves the rest of u2.
 * SukakuExplainer rates such a step 2.6 ("pointing") when u1 is a regular 3x3 box and 2.8
 * ("claiming") for any other u1 (a jigsaw piece, a line, a diagonal...); the direct forms (the
 * removal leaves the digit one place in another house of u1's type, which it places) 1.7 and 1.9.
 * The producer returns the first step in that order, whatever its difficulty, as SE does.
 *
 * The plain producer then tries the generalised intersection (2.9): a digit with 2 to 6 places in
 * a house, removed from every cell outside the house that sees all of them (through any houses).
 * On classic rules it finds nothing the pairs did not (the rows, columns and boxes of a classic
 * grid meet only in line segments), so the classic ladder keeps its fast pointing / claiming.
 */
export function findLockingInHouses(board: Readonly<Board>, geometry: Geometry, direct: boolean, only: LockingKind = 'any'): Step | null {
  const tables = lockingTables(geometry);
  const hc = geometry.houseCount;
  const pos = housePositions(board, geometry);
  const lockable = lockableHouses(geometry, tables, pos);
  const { pairs } = tables;
  const { inOther } = tables;
  for (let k = 0; k < pairs.length; k += 3) {
    const u1 = pairs[k]!;
    const u2 = pairs[k + 1]!;
    // No digit of u1 has all its places (two or more) in u2: nothing to look at.
    if (((lockable[u1 * 2 + (u2 >> 5)]! >>> (u2 & 31)) & 1) === 0) continue;
    const t1 = pairs[k + 2]!;
    const pointing = tables.se.typeOf[u1] === TYPE_BLOCK;
    if (only !== 'any' && (only === 'pointing') !== pointing) continue;
    const in1 = inOther[u1 * hc + u2]!; // u1's cells that lie in u2
    const in2 = inOther[u2 * hc + u1]!; // u2's cells that lie in u1
    for (let d = 0; d < 9; d++) {
      const p1 = pos[u1 * 9 + d]!;
      if (POPCOUNT[p1]! < 2 || (p1 & ~in1) !== 0) continue;
      // Eliminations: d in u2 outside u1.
      const out2 = pos[u2 * 9 + d]! & ~in2;
      if (out2 === 0) continue;
      const step = lockingStepIn(board, geometry, tables, pos, u1, u2, t1, d + 1, p1, out2, pointing, direct);
      if (step) return step;
    }
  }
  return direct || only !== 'any' ? null : findGeneralizedIntersection(board, geometry);
}

/** Scratch of {@link lockableHouses}: two 32-bit words of houses per house. */
let LOCKABLE = new Int32Array(0);

/**
 * For each house u1, the houses (bits over house indexes, two words) that hold all the places of
 * some digit with two or more places in u1: the only houses u2 a (u1, u2) locking can use.
 */
function lockableHouses(geometry: Geometry, tables: LockingTables, pos: Uint16Array): Int32Array {
  const hc = geometry.houseCount;
  if (LOCKABLE.length < hc * 2) LOCKABLE = new Int32Array(hc * 2);
  const lockable = LOCKABLE;
  if (hc > 64) {
    // More houses than two words hold: look at every pair.
    lockable.fill(-1, 0, hc * 2);
    return lockable;
  }
  const { cellHouseWords } = tables;
  const cells = geometry.houseCells;
  for (let u1 = 0; u1 < hc; u1++) {
    let lo = 0;
    let hi = 0;
    for (let d = 0; d < 9; d++) {
      let places = pos[u1 * 9 + d]!;
      if ((places & (places - 1)) === 0) continue;
      let commonLo = -1;
      let commonHi = -1;
      while (places !== 0) {
        const low = places & -places;
        places ^= low;
        const cell = cells[u1 * 9 + 31 - Math.clz32(low)]!;
        commonLo &= cellHouseWords[cell * 2]!;
        commonHi &= cellHouseWords[cell * 2 + 1]!;
      }
      lo |= commonLo;
      hi |= commonHi;
    }
    lockable[u1 * 2] = lo;
    lockable[u1 * 2 + 1] = hi;
  }
  return lockable;
}

/** Which locking steps to look for: all of them (the producer), or only those from a box (pointing) or from another house (claiming). */
export type LockingKind = 'any' | 'pointing' | 'claiming';

/** Per geometry: the crossing house pairs in SE's order and which cells of one lie in the other. */
interface LockingTables {
  se: SeHouses;
  /** (u1, u2, type index of u1) triples, in SE's order of type pairs, then u1, then u2. */
  pairs: Int16Array;
  /** inOther[a * houseCount + b]: mask of the indexes (in a) of a's cells that lie in b. */
  inOther: Uint16Array;
  /** cellHouseWords[cell * 2 + w]: the houses of a cell, bits over house indexes (w 0: 0-31, 1: 32-63). */
  cellHouseWords: Int32Array;
}

const LOCKING_TABLES = new WeakMap<Geometry, LockingTables>();

function lockingTables(geometry: Geometry): LockingTables {
  let known = LOCKING_TABLES.get(geometry);
  if (known !== undefined) return known;
  const se = seHouses(geometry);
  const hc = geometry.houseCount;
  const inOther = new Uint16Array(hc * hc);
  for (let a = 0; a < hc; a++) {
    for (let b = 0; b < hc; b++) {
      if (a === b) continue;
      let mask = 0;
      for (let i = 0; i < 9; i++) if (houseHas(geometry, b, geometry.houseCells[a * 9 + i]!)) mask |= 1 << i;
      inOther[a * hc + b] = mask;
    }
  }
  const pairs: number[] = [];
  for (const [t1, t2] of se.lockingPairs) {
    for (let k1 = se.typeStart[t1]!, end1 = se.typeStart[t1 + 1]!; k1 < end1; k1++) {
      const u1 = se.order[k1]!;
      for (let k2 = se.typeStart[t2]!, end2 = se.typeStart[t2 + 1]!; k2 < end2; k2++) {
        const u2 = se.order[k2]!;
        if (u1 !== u2 && housesCross(geometry, u1, u2)) pairs.push(u1, u2, t1);
      }
    }
  }
  const cellHouseWords = new Int32Array(81 * 2);
  for (let cell = 0; cell < 81; cell++) {
    for (let k = geometry.cellHouseStart[cell]!; k < geometry.cellHouseStart[cell + 1]!; k++) {
      const house = geometry.cellHouses[k]!;
      if (house < 64) cellHouseWords[cell * 2 + (house >> 5)] = cellHouseWords[cell * 2 + (house >> 5)]! | (1 << (house & 31));
    }
  }
  known = { se, pairs: Int16Array.from(pairs), inOther, cellHouseWords };
  LOCKING_TABLES.set(geometry, known);
  return known;
}

/** Scratch: the places of each digit in each house (bit i: the house's i-th cell), pos[house * 9 + d - 1]. */
let POSITIONS = new Uint16Array(0);

function housePositions(board: Readonly<Board>, geometry: Geometry): Uint16Array {
  const hc = geometry.houseCount;
  if (POSITIONS.length < hc * 9) POSITIONS = new Uint16Array(hc * 9);
  const pos = POSITIONS;
  pos.fill(0, 0, hc * 9);
  const cells = geometry.houseCells;
  const cand = board.candidates;
  for (let house = 0; house < hc; house++) {
    for (let i = 0; i < 9; i++) {
      let mask = cand[cells[house * 9 + i]!]!;
      while (mask !== 0) {
        const low = mask & -mask;
        mask ^= low;
        const d = FIRST_DIGIT[low]! - 1;
        pos[house * 9 + d] = pos[house * 9 + d]! | (1 << i);
      }
    }
  }
  return pos;
}

/** The step of digit `digit` locked in u1's cells `p1` (all in u2), removing it from u2's cells `out2` (or, direct, placing it). */
function lockingStepIn(
  board: Readonly<Board>,
  geometry: Geometry,
  tables: LockingTables,
  pos: Uint16Array,
  u1: number,
  u2: number,
  t1: number,
  digit: number,
  p1: number,
  out2: number,
  pointing: boolean,
  direct: boolean,
): Step | null {
  const cells = geometry.houseCells;
  const locked: number[] = [];
  for (let i = 0; i < 9; i++) if (p1 & (1 << i)) locked.push(cells[u1 * 9 + i]!);
  const eliminations: Candidate[] = [];
  for (let i = 0; i < 9; i++) if (out2 & (1 << i)) eliminations.push({ cell: cells[u2 * 9 + i]!, digit });
  eliminations.sort((a, b) => a.cell - b.cell);
  if (!direct) {
    const technique = pointing ? 'pointing' : 'claiming';
    return { technique, difficulty: pointing ? 2.6 : 2.8, placements: [], eliminations, pattern: { cells: locked, digits: [digit], units: [u1, u2] } };
  }
  // Another house of u1's type crossing u2 keeps one place for the digit outside u2: it is placed there.
  const { se, inOther } = tables;
  const hc = geometry.houseCount;
  for (let k3 = se.typeStart[t1]!, end3 = se.typeStart[t1 + 1]!; k3 < end3; k3++) {
    const u3 = se.order[k3]!;
    if (u3 === u1) continue;
    const inU2 = inOther[u3 * hc + u2]!;
    if (inU2 === 0) continue;
    const p3 = pos[u3 * 9 + digit - 1]!;
    const outside = p3 & ~inU2;
    if (POPCOUNT[p3]! > 1 && POPCOUNT[outside] === 1) {
      return {
        technique: pointing ? 'direct-pointing' : 'direct-claiming',
        difficulty: pointing ? 1.7 : 1.9,
        placements: [{ cell: cells[u3 * 9 + 31 - Math.clz32(outside)]!, digit }],
        // SukakuExplainer applies the eliminations with the placement (SE 1.2.1 on classic rules does not).
        eliminations,
        pattern: { cells: locked, digits: [digit], units: [u1, u2, u3] },
      };
    }
  }
  return null;
}

/** Scratch: the places of a digit in a house. */
const PLACES = new Uint8Array(9);

/** The generalised intersection alone (2.9), in SE's house order (see {@link findLockingInHouses}). */
export function findGeneralizedIntersection(board: Readonly<Board>, geometry: Geometry): Step | null {
  const se = seHouses(geometry);
  const cand = board.candidates;
  const { houseCells, houseWords, peerWords } = geometry;
  for (let k = 0; k < se.order.length; k++) {
    const house = se.order[k]!;
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      let n = 0;
      for (let i = 0; i < 9; i++) {
        const cell = houseCells[house * 9 + i]!;
        if (cand[cell]! & bit) PLACES[n++] = cell;
      }
      if (n < 2 || n > 6) continue;
      // Cells seeing every place, outside the house: the intersection of the places' peer sets.
      let w0 = ~houseWords[house * 3]!;
      let w1 = ~houseWords[house * 3 + 1]!;
      let w2 = ~houseWords[house * 3 + 2]!;
      for (let i = 0; i < n; i++) {
        const cell = PLACES[i]!;
        w0 &= peerWords[cell * 3]!;
        w1 &= peerWords[cell * 3 + 1]!;
        w2 &= peerWords[cell * 3 + 2]!;
      }
      if ((w0 | w1 | w2) === 0) continue;
      const eliminations: Candidate[] = [];
      for (let cell = 0; cell < 81; cell++) {
        const word = cell < 27 ? w0 : cell < 54 ? w1 : w2;
        if ((word & (1 << (cell % 27))) !== 0 && (cand[cell]! & bit) !== 0) eliminations.push({ cell, digit: d });
      }
      if (eliminations.length === 0) continue;
      return {
        technique: 'generalized-intersection',
        difficulty: 2.9,
        placements: [],
        eliminations,
        pattern: { cells: Array.from(PLACES.subarray(0, n)), digits: [d], units: [house] },
      };
    }
  }
  return null;
}

function def(
  id: string,
  name: string,
  difficulty: number,
  classic: (board: Readonly<Board>) => Step | null,
  direct: boolean,
  kind: LockingKind,
): TechniqueDef {
  return {
    id,
    name,
    family: 'intersections',
    difficulty,
    maxDifficulty: difficulty,
    uniqueness: false,
    find: (board: Readonly<Board>, context: TechniqueContext) => (isClassic(context) ? classic(board) : findLockingInHouses(board, context.geometry!, direct, kind)),
  };
}

export const DIRECT_POINTING = def('direct-pointing', 'Direct pointing', 1.7, findDirectPointing, true, 'pointing');
export const DIRECT_CLAIMING = def('direct-claiming', 'Direct claiming', 1.9, findDirectClaiming, true, 'claiming');
export const POINTING = def('pointing', 'Pointing', 2.6, findPlainPointing, false, 'pointing');
export const CLAIMING = def('claiming', 'Claiming', 2.8, findPlainClaiming, false, 'claiming');

/** The generalised intersection (2.9) on its own; nothing on classic rules (see {@link findLockingInHouses}). */
export const GENERALIZED_INTERSECTION: TechniqueDef = {
  id: 'generalized-intersection',
  name: 'Generalised intersection',
  family: 'intersections',
  difficulty: 2.9,
  maxDifficulty: 2.9,
  uniqueness: false,
  find: (board, context) => (isClassic(context) ? null : findGeneralizedIntersection(board, context.geometry!)),
};

/** SukakuExplainer's direct locking producer on a non-classic geometry: the first direct pointing or claiming in its order (1.7 / 1.9). */
export const DIRECT_LOCKING_IN_HOUSES: TechniqueDef = {
  id: 'direct-locking',
  name: 'Direct locked candidates',
  family: 'intersections',
  difficulty: 1.7,
  maxDifficulty: 1.9,
  uniqueness: false,
  find: (board, context) => findLockingInHouses(board, context.geometry ?? geometryFallback(), true),
};

/** SukakuExplainer's locking producer on a non-classic geometry: the first pointing, claiming or generalised intersection in its order (2.6-2.9). */
export const LOCKING_IN_HOUSES: TechniqueDef = {
  id: 'locked-candidates',
  name: 'Locked candidates',
  family: 'intersections',
  difficulty: 2.6,
  maxDifficulty: 2.9,
  uniqueness: false,
  find: (board, context) => findLockingInHouses(board, context.geometry ?? geometryFallback(), false),
};

/** Locked candidates, in ladder order. */
export const INTERSECTION_TECHNIQUES: TechniqueDef[] = [DIRECT_POINTING, DIRECT_CLAIMING, POINTING, CLAIMING];
