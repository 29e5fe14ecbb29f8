import type { Board } from '../core/board.js';
import { seesIn, type Geometry } from '../core/geometry.js';
import type { Candidate, Step } from '../core/step.js';
import { FIRST_DIGIT, POPCOUNT } from '../core/tables.js';
import { onGeometry, techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';

/**
 * XY-wing and XYZ-wing, after Sudoku Explainer's `XYWing`.
 *
 * XY-wing: a pivot {x,y} sees two bivalue pincers {x,z} and {y,z}; whichever value the pivot takes,
 * one pincer is z, so z goes from every cell that sees both pincers.
 * XYZ-wing: the pivot is {x,y,z} and the pincers {x,z}, {y,z}; z goes from cells that see all three.
 * Pivots are scanned row by row, pincers in peer order; "sees" is through any house of the rules.
 */
function findWing(board: Readonly<Board>, geometry: Geometry, xyz: boolean, technique: string, difficulty: number): Step | null {
  for (let pivot = 0; pivot < 81; pivot++) {
    const step = wingAtPivot(board, geometry, pivot, xyz, technique, difficulty);
    if (step !== null) return step;
  }
  return null;
}

/** The first wing with pivot `pivot` (as {@link findWing} visits them), or null; the variant ladders' near-change checks ask it of the pivots a step touched. */
export function wingAtPivot(board: Readonly<Board>, geometry: Geometry, pivot: number, xyz: boolean, technique: string, difficulty: number): Step | null {
  const cand = board.candidates;
  const { peers, peerStart } = geometry;
  const pv = cand[pivot]!;
  if (POPCOUNT[pv] !== (xyz ? 3 : 2)) return null;
  const first = peerStart[pivot]!;
  const end = peerStart[pivot + 1]!;
  for (let i = first; i < end; i++) {
    const a = peers[i]!;
    const av = cand[a]!;
    if (POPCOUNT[av] !== 2 || POPCOUNT[pv & ~av] !== 1) continue;
    for (let k = first; k < end; k++) {
      const b = peers[k]!;
      const bv = cand[b]!;
      if (POPCOUNT[bv] !== 2) continue;
      const union = pv | av | bv;
      const inter = pv & av & bv;
      if (POPCOUNT[union] !== 3 || POPCOUNT[inter] !== (xyz ? 1 : 0)) continue;
      const zBit = av & bv;
      if (POPCOUNT[zBit] !== 1) continue;
      const z = FIRST_DIGIT[zBit]!;
      const eliminations: Candidate[] = [];
      for (let cell = 0; cell < 81; cell++) {
        if (cell === pivot || cell === a || cell === b || (cand[cell]! & zBit) === 0) continue;
        if (!seesIn(geometry, cell, a) || !seesIn(geometry, cell, b)) continue;
        if (xyz && !seesIn(geometry, cell, pivot)) continue;
        eliminations.push({ cell, digit: z });
      }
      if (eliminations.length === 0) continue;
      return {
        technique,
        difficulty,
        placements: [],
        eliminations,
        pattern: { cells: [pivot, a, b], digits: [z], units: [] },
      };
    }
  }
  return null;
}

export const XY_WING = techniqueDef('wings', 'xy-wing', 'XY-wing', 4.2, onGeometry((board, geometry) => findWing(board, geometry, false, 'xy-wing', 4.2)));

export const XYZ_WING = techniqueDef('wings', 'xyz-wing', 'XYZ-wing', 4.4, onGeometry((board, geometry) => findWing(board, geometry, true, 'xyz-wing', 4.4)));

/** Wings, in ladder order. */
export const WING_TECHNIQUES: TechniqueDef[] = [XY_WING, XYZ_WING];
