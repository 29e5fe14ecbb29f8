import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { KIND_COLUMN, KIND_ROW, lowBit, popcount } from '../../grader/general/shape.js';
import { cellsAt, sortCandidates, type GeneralScan } from './places.js';

/**
 * Locked candidates between ANY two houses that share two cells or more (the shape's
 * `crossings`): when a digit's places in house a all lie in house b, no other cell of b holds it.
 * Pointing (2.6) when a is a box, a jigsaw piece or an extra house (a diagonal, a window...),
 * claiming (2.8) when a is a row or a column, as the 9x9 ladder rates them. On Samurai this covers
 * the four shared boxes: a digit locked in a line of one grid leaves the shared box, and with it
 * the lines of the other grid that cross it.
 *
 * Then the generalised intersection (2.9, as the 9x9 variant ladder): a digit's places in a house
 * all seen by some cell outside it (through any houses): that cell loses the digit.
 */

function findLocking(board: Readonly<Board>, scan: GeneralScan, lineFirst: boolean): Step | null {
  const { shape, places } = scan;
  const { crossings, size, houseKind } = shape;
  for (let k = 0; k < crossings.length; k += 4) {
    const a = crossings[k]!;
    const kind = houseKind[a]!;
    const isLine = kind === KIND_ROW || kind === KIND_COLUMN;
    if (isLine !== lineFirst) continue;
    const b = crossings[k + 1]!;
    const inB = crossings[k + 2]!;
    const outside = crossings[k + 3]!;
    for (let d = 0; d < size; d++) {
      const at = places[a * size + d]!;
      if (at === 0 || (at & ~inB) !== 0 || popcount(at) < 2) continue;
      const gone = places[b * size + d]! & outside;
      if (gone === 0) continue;
      const eliminations: Candidate[] = cellsAt(shape, b, gone).map((cell) => ({ cell, digit: d + 1 }));
      return {
        technique: lineFirst ? 'claiming' : 'pointing',
        difficulty: lineFirst ? 2.8 : 2.6,
        placements: [],
        eliminations,
        pattern: { cells: cellsAt(shape, a, at), digits: [d + 1], units: [a, b] },
      };
    }
  }
  return null;
}

/** Pointing (2.6): a box's (or a region's, or an extra house's) places of a digit all in another house. */
export function findPointing(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findLocking(board, scan, false);
}

/** Claiming (2.8): a row's or column's places of a digit all in another house. */
export function findClaiming(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findLocking(board, scan, true);
}

/** Scratch: the cells seeing every place so far (a bit set of the shape's words). */
let SEEN = new Uint32Array(0);

/** Generalised intersection (2.9): cells outside a house that see every place of a digit in it. */
export function findGeneralizedIntersection(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const { shape, places } = scan;
  const { order, size, houseCells, peerBits, words } = shape;
  if (SEEN.length < words) SEEN = new Uint32Array(words);
  for (let k = 0; k < order.length; k++) {
    const house = order[k]!;
    const base = house * size;
    for (let d = 0; d < size; d++) {
      const at = places[base + d]!;
      const n = popcount(at);
      if (n < 2) continue;
      let first = true;
      let any = 0;
      for (let mask = at; mask !== 0; mask &= mask - 1) {
        const cell = houseCells[base + lowBit(mask)]!;
        any = 0;
        for (let w = 0; w < words; w++) {
          const v = first ? peerBits[cell * words + w]! : SEEN[w]! & peerBits[cell * words + w]!;
          SEEN[w] = v;
          any |= v;
        }
        first = false;
        if (any === 0) break;
      }
      if (any === 0) continue;
      const bit = 1 << d;
      const eliminations: Candidate[] = [];
      for (let w = 0; w < words; w++) {
        for (let v = SEEN[w]!; v !== 0; v &= v - 1) {
          const cell = (w << 5) + lowBit(v);
          if ((board.candidates[cell]! & bit) !== 0 && board.values[cell] === 0) eliminations.push({ cell, digit: d + 1 });
        }
      }
      if (eliminations.length === 0) continue;
      return {
        technique: 'generalized-intersection',
        difficulty: 2.9,
        placements: [],
        eliminations: sortCandidates(eliminations),
        pattern: { cells: cellsAt(shape, house, at), digits: [d + 1], units: [house] },
      };
    }
  }
  return null;
}
