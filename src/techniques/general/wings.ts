import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { lowBit, popcount } from '../../grader/general/shape.js';
import type { GeneralScan } from './places.js';

/**
 * XY-wing (4.2) and XYZ-wing (4.4) on any grid, as the 9x9 ladder finds them: a pivot {x,y} (or
 * {x,y,z}) sees two bivalue pincers {x,z} and {y,z}; one of the pincers (or of the three) is z, so
 * z leaves every cell that sees both pincers (and the pivot, for XYZ). "Sees" is through any house
 * of the rules (Samurai: across grids). Pivots in cell order, pincers in peer order.
 */

/** Scratch: the cells seeing both pincers (a bit set of the shape's words). */
let BOTH = new Uint32Array(0);

function findWing(board: Readonly<Board>, scan: GeneralScan, xyz: boolean, technique: string, difficulty: number): Step | null {
  const { shape } = scan;
  const { cellCount, peers, peerStart, peerBits, words } = shape;
  if (BOTH.length < words) BOTH = new Uint32Array(words);
  const cand = board.candidates;
  const pivotSize = xyz ? 3 : 2;
  for (let pivot = 0; pivot < cellCount; pivot++) {
    if (board.values[pivot] !== 0) continue;
    const pv = cand[pivot]!;
    if (popcount(pv) !== pivotSize) continue;
    const first = peerStart[pivot]!;
    const end = peerStart[pivot + 1]!;
    for (let i = first; i < end; i++) {
      const a = peers[i]!;
      const av = cand[a]!;
      if (board.values[a] !== 0 || popcount(av) !== 2 || popcount(pv & ~av) !== 1) continue;
      for (let k = first; k < end; k++) {
        const b = peers[k]!;
        const bv = cand[b]!;
        if (board.values[b] !== 0 || popcount(bv) !== 2) continue;
        if (popcount(pv | av | bv) !== 3 || popcount(pv & av & bv) !== (xyz ? 1 : 0)) continue;
        const zBit = av & bv;
        if (popcount(zBit) !== 1) continue;
        let any = 0;
        for (let w = 0; w < words; w++) {
          let v = peerBits[a * words + w]! & peerBits[b * words + w]!;
          if (xyz) v &= peerBits[pivot * words + w]!;
          BOTH[w] = v;
          any |= v;
        }
        if (any === 0) continue;
        const eliminations: Candidate[] = [];
        for (let w = 0; w < words; w++) {
          for (let v = BOTH[w]!; v !== 0; v &= v - 1) {
            const cell = (w << 5) + lowBit(v);
            if (cell !== pivot && (cand[cell]! & zBit) !== 0 && board.values[cell] === 0) eliminations.push({ cell, digit: lowBit(zBit) + 1 });
          }
        }
        if (eliminations.length === 0) continue;
        return { technique, difficulty, placements: [], eliminations, pattern: { cells: [pivot, a, b], digits: [lowBit(zBit) + 1], units: [] } };
      }
    }
  }
  return null;
}

export const findXyWing = (board: Readonly<Board>, scan: GeneralScan): Step | null => findWing(board, scan, false, 'xy-wing', 4.2);
export const findXyzWing = (board: Readonly<Board>, scan: GeneralScan): Step | null => findWing(board, scan, true, 'xyz-wing', 4.4);
