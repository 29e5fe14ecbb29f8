import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { KIND_BOX, KIND_COLUMN, KIND_ROW, digitsOfMask, lowBit, popcount, type GeneralShape } from '../../grader/general/shape.js';
import { cellsAt, sortCandidates, type GeneralScan } from './places.js';

/**
 * Sudoku Explainer's direct techniques over the rules' houses, with the 9x9 ladder's ids,
 * difficulties and texts: a locking or a hidden set counts at this level only when it leads at once
 * to a hidden single, which the step places.
 *
 * Direct pointing (1.7) and direct claiming (1.9): a digit's places in house a (two or more) all
 * lie in a house b that crosses it (pointing when a is a box, a jigsaw piece or an extra house,
 * claiming when a is a row or a column, as general/intersections.ts splits them), so the rest of b
 * loses it; and in another house u3 of a's kind (boxes for a box, rows for a row, jigsaw pieces for
 * a piece, the down diagonal not for the up one...) that removal leaves the digit one place, where
 * it goes. SE looks for the hidden single only in houses of a's kind (a box-row pointing whose
 * removal leaves a column one place is a pointing and a hidden single, 2.6), so the classic rating
 * is SE's. Order, as SE's Locking visits them on 9x9: pointing takes the pairs whose b is a column,
 * then a row, then any other house; claiming the columns, then the rows; each as the shape's order
 * visits a, then b, digits ascending; u3 the first of its kind in house order.
 *
 *     6x6, box 1 (r1-2 c1-3): 5 only in r1c2, r1c3   row 1 loses 5 in c4-c6; box 2 (r1-2 c4-6)
 *     +-------+-------+                              had 5 in r1c5 and r2c6: now only r2c6, placed
 *     | . 5 5 | . 5 . |
 *     | . . . | . . 5 |
 *
 * Direct hidden pair (2.0) and triple (2.5): k digits with two to k places each, all in the same k
 * cells of a house (more than k of its cells empty), so those cells hold nothing else; then another
 * digit of the house with two places or more has one left, where it goes. Houses in the shape's
 * order, sets in SE's order (ascending masks of the eligible digits), the first digit placed.
 *
 * On rows, columns and boxes only (every size, Samurai) the step applies its placement alone, as SE
 * 1.2.1 on classic rules and the 9x9 ladder do (its eliminations are the reasoning, in the
 * pattern); with jigsaw pieces or extra houses the eliminations go with it, as SukakuExplainer and
 * the 9x9 variant ladder apply them.
 */

/** Per shape: the houses of each house's kind, ascending, and whether the direct steps place only. */
interface DirectTables {
  /** kindHouses[kindStart[house] .. kindStart[house] + kindCount[house]): the houses of that house's kind. */
  readonly kindHouses: Int16Array;
  readonly kindStart: Int32Array;
  readonly kindCount: Int32Array;
  /** Every house a row, a column or a regular box: a direct step applies its placement alone. */
  readonly placeOnly: boolean;
}

const TABLES = new WeakMap<GeneralShape, DirectTables>();

function tablesOf(shape: GeneralShape): DirectTables {
  let known = TABLES.get(shape);
  if (known !== undefined) return known;
  const { rules, houseCount, houseKind } = shape;
  // The two diagonals are two kinds, as SukakuExplainer's Diagonal and AntiDiagonal.
  const keyOf = (house: number): string => {
    const kind = rules.houseKinds[house]!;
    return kind === 'diagonal' ? `${kind}:${rules.colOf[rules.houses[house]![0]!]}` : kind;
  };
  const byKind = new Map<string, number[]>();
  for (let house = 0; house < houseCount; house++) {
    const key = keyOf(house);
    byKind.set(key, [...(byKind.get(key) ?? []), house]);
  }
  const kindHouses: number[] = [];
  const startOf = new Map<string, number>();
  for (const [key, houses] of byKind) {
    startOf.set(key, kindHouses.length);
    kindHouses.push(...houses);
  }
  const kindStart = new Int32Array(houseCount);
  const kindCount = new Int32Array(houseCount);
  let placeOnly = true;
  for (let house = 0; house < houseCount; house++) {
    const key = keyOf(house);
    kindStart[house] = startOf.get(key)!;
    kindCount[house] = byKind.get(key)!.length;
    const kind = houseKind[house]!;
    if (kind !== KIND_ROW && kind !== KIND_COLUMN && kind !== KIND_BOX) placeOnly = false;
  }
  known = Object.freeze({ kindHouses: Int16Array.from(kindHouses), kindStart, kindCount, placeOnly });
  TABLES.set(shape, known);
  return known;
}

/** Scratch: GONE[cell] === gone when the locking under test removes the digit from the cell. */
let GONE = new Int32Array(0);
let gone = 0;

/** Which of SE's passes a pointing's b belongs to: columns, rows, then any other house. */
function passOf(kind: number): number {
  return kind === KIND_COLUMN ? 0 : kind === KIND_ROW ? 1 : 2;
}

/**
 * One scan of the crossings in the shape's order: the first step of the lowest pass wins (claiming
 * has one pass), so a step of pass 0 ends the scan and one of a later pass only bounds it.
 */
function findDirectLocking(board: Readonly<Board>, scan: GeneralScan, lineFirst: boolean): Step | null {
  const { shape, places } = scan;
  const { crossings, size, houseKind } = shape;
  let best: Step | null = null;
  let bestPass = 3;
  for (let k = 0; k < crossings.length; k += 4) {
    const a = crossings[k]!;
    const kind = houseKind[a]!;
    if ((kind === KIND_ROW || kind === KIND_COLUMN) !== lineFirst) continue;
    const b = crossings[k + 1]!;
    const pass = lineFirst ? 0 : passOf(houseKind[b]!);
    if (pass >= bestPass) continue;
    const inB = crossings[k + 2]!;
    const outside = crossings[k + 3]!;
    for (let d = 0; d < size; d++) {
      const at = places[a * size + d]!;
      if ((at & (at - 1)) === 0 || (at & ~inB) !== 0) continue;
      const out = places[b * size + d]! & outside;
      if (out === 0) continue;
      const step = directLockingStep(board, scan, a, b, d, at, out, lineFirst);
      if (step === null) continue;
      if (pass === 0) return step;
      best = step;
      bestPass = pass;
      break;
    }
  }
  return best;
}

/** The direct step of digit d + 1 locked in a's positions `at` (all in b), leaving b's positions `out`; null when no house of a's kind is left one place. */
function directLockingStep(board: Readonly<Board>, scan: GeneralScan, a: number, b: number, d: number, at: number, out: number, lineFirst: boolean): Step | null {
  const { shape, places } = scan;
  const { size, houseCells } = shape;
  if (GONE.length < shape.cellCount) GONE = new Int32Array(shape.cellCount);
  if (++gone === 0x7fffffff) {
    GONE.fill(0);
    gone = 1;
  }
  for (let mask = out; mask !== 0; mask &= mask - 1) GONE[houseCells[b * size + lowBit(mask)]!] = gone;
  const { kindHouses, kindStart, kindCount, placeOnly } = tablesOf(shape);
  for (let k = kindStart[a]!, end = k + kindCount[a]!; k < end; k++) {
    const u3 = kindHouses[k]!;
    if (u3 === a) continue;
    const p3 = places[u3 * size + d]!;
    if ((p3 & (p3 - 1)) === 0) continue;
    let left = 0;
    let last = -1;
    for (let mask = p3; mask !== 0 && left < 2; mask &= mask - 1) {
      const cell = houseCells[u3 * size + lowBit(mask)]!;
      if (GONE[cell] === gone) continue;
      left++;
      last = cell;
    }
    if (left !== 1) continue;
    const eliminations: Candidate[] = placeOnly ? [] : cellsAt(shape, b, out).map((cell) => ({ cell, digit: d + 1 }));
    return {
      technique: lineFirst ? 'direct-claiming' : 'direct-pointing',
      difficulty: lineFirst ? 1.9 : 1.7,
      placements: [{ cell: last, digit: d + 1 }],
      eliminations,
      pattern: { cells: cellsAt(shape, a, at), digits: [d + 1], units: [a, b, u3] },
    };
  }
  return null;
}

/** Direct pointing (1.7): a box's (a piece's, an extra house's) places of a digit all in another house, leaving a hidden single. */
export function findDirectPointing(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findDirectLocking(board, scan, false);
}

/** Direct claiming (1.9): a row's or column's places of a digit all in another house, leaving a hidden single. */
export function findDirectClaiming(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findDirectLocking(board, scan, true);
}

/** Scratch: the digits (0-based) that may belong to a set, ascending. */
const MEMBERS = new Int8Array(16);

function findDirectHidden(board: Readonly<Board>, scan: GeneralScan, k: 2 | 3): Step | null {
  const { shape, empty, places } = scan;
  const { order, size } = shape;
  for (let h = 0; h < order.length; h++) {
    const house = order[h]!;
    if (empty[house]! <= k) continue;
    const base = house * size;
    // Members: digits with two to k places (a pair's two share both places: exactly two each).
    let n = 0;
    for (let d = 0; d < size; d++) {
      const at = places[base + d]!;
      if ((at & (at - 1)) === 0) continue;
      const count = popcount(at);
      if (count <= k) MEMBERS[n++] = d;
    }
    if (n < k) continue;
    // Sets as ascending masks over the members (SE's order): the highest member varies slowest.
    for (let l = 1; l < n; l++) {
      const dl = MEMBERS[l]!;
      const pl = places[base + dl]!;
      for (let j = 0; j < l; j++) {
        const dj = MEMBERS[j]!;
        const pair = pl | places[base + dj]!;
        if (k === 2) {
          if (pair !== pl || popcount(pl) !== 2) continue;
          const step = directHiddenStep(board, scan, house, (1 << dj) | (1 << dl), pair);
          if (step !== null) return step;
          continue;
        }
        if (popcount(pair) > 3) continue;
        for (let i = 0; i < j; i++) {
          const di = MEMBERS[i]!;
          const union = pair | places[base + di]!;
          if (popcount(union) !== 3) continue;
          const step = directHiddenStep(board, scan, house, (1 << di) | (1 << dj) | (1 << dl), union);
          if (step !== null) return step;
        }
      }
    }
  }
  return null;
}

/** The direct step of the hidden set `digits` (a mask) of a house, all in its positions `union`: the first other digit left one place there, or null. */
function directHiddenStep(board: Readonly<Board>, scan: GeneralScan, house: number, digits: number, union: number): Step | null {
  const { shape, places } = scan;
  const { size, houseCells } = shape;
  const base = house * size;
  for (let d = 0; d < size; d++) {
    if ((digits & (1 << d)) !== 0) continue;
    const positions = places[base + d]!;
    if ((positions & (positions - 1)) === 0) continue;
    const rest = positions & ~union;
    if (rest === 0 || (rest & (rest - 1)) !== 0) continue;
    const eliminations: Candidate[] = [];
    if (!tablesOf(shape).placeOnly) {
      for (let mask = union; mask !== 0; mask &= mask - 1) {
        const cell = houseCells[base + lowBit(mask)]!;
        for (let other = board.candidates[cell]! & ~digits; other !== 0; other &= other - 1) eliminations.push({ cell, digit: lowBit(other) + 1 });
      }
    }
    const pair = popcount(digits) === 2;
    return {
      technique: pair ? 'direct-hidden-pair' : 'direct-hidden-triple',
      difficulty: pair ? 2.0 : 2.5,
      placements: [{ cell: houseCells[base + lowBit(rest)]!, digit: d + 1 }],
      eliminations: sortCandidates(eliminations),
      pattern: { cells: cellsAt(shape, house, union), digits: digitsOfMask(digits), units: [house] },
    };
  }
  return null;
}

/** Direct hidden pair (2.0): two digits in the same two cells of a house only, leaving another digit one place there. */
export function findDirectHiddenPair(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findDirectHidden(board, scan, 2);
}

/** Direct hidden triple (2.5): three digits in the same three cells of a house only, leaving another digit one place there. */
export function findDirectHiddenTriple(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findDirectHidden(board, scan, 3);
}
