import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT } from '../core/tables.js';
import { buildHouseOrder } from './houses-build.js';
import { TYPE_BLOCK, houseHas, housesCross, seHouses, type SeHouses } from './houses.js';
import type { LockingKind } from './variant-link.js';

/*
 * Locked candidates over any houses, in SukakuExplainer's order: only rules other than classic use
 * them (classic has its fast pointing / claiming in intersections.ts), so buildRules links them in
 * (variant-link.ts) and classic bundles do not carry them.
 */

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
  const se = buildHouseOrder(geometry);
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
