import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { digitsOfMask, lowBit, popcount } from '../../grader/general/shape.js';
import { cellsAt, firstCombination, nextCombination, type GeneralScan } from './places.js';

/**
 * Naked and hidden subsets of 2, 3 and 4 in every house, with the 9x9 ladder's ids and
 * difficulties (naked pair 3.0, hidden pair 3.4, naked triple 3.6, hidden triple 4.0, naked quad
 * 5.0, hidden quad 5.4). As in Sudoku Explainer, a naked set of k is looked for only in a house
 * with 2k empty cells or more and a hidden set of k with more than 2k (otherwise the other cells
 * form a smaller set of the other kind, rated lower). Combinations are visited in lexicographic
 * order over the eligible members; the first set that removes something is returned.
 */

/** Scratch: eligible members (positions or digits) and the combination's indexes into them. */
const MEMBERS = new Int8Array(16);
const PICK = new Int8Array(4);

function findNaked(board: Readonly<Board>, scan: GeneralScan, k: number, technique: string, difficulty: number): Step | null {
  const { shape, empty } = scan;
  const { order, size, houseCells } = shape;
  for (let h = 0; h < order.length; h++) {
    const house = order[h]!;
    if (empty[house]! < k * 2) continue;
    const base = house * size;
    let n = 0;
    for (let i = 0; i < size; i++) {
      const cell = houseCells[base + i]!;
      if (board.values[cell] !== 0) continue;
      const count = popcount(board.candidates[cell]!);
      if (count >= 2 && count <= k) MEMBERS[n++] = i;
    }
    if (n < k) continue;
    firstCombination(PICK, k);
    do {
      let union = 0;
      let positions = 0;
      for (let j = 0; j < k; j++) {
        const i = MEMBERS[PICK[j]!]!;
        union |= board.candidates[houseCells[base + i]!]!;
        positions |= 1 << i;
      }
      if (popcount(union) !== k) continue;
      const eliminations: Candidate[] = [];
      for (let i = 0; i < size; i++) {
        if ((positions & (1 << i)) !== 0) continue;
        const cell = houseCells[base + i]!;
        for (let common = board.candidates[cell]! & union; common !== 0; common &= common - 1) eliminations.push({ cell, digit: lowBit(common) + 1 });
      }
      if (eliminations.length === 0) continue;
      return { technique, difficulty, placements: [], eliminations, pattern: { cells: cellsAt(shape, house, positions), digits: digitsOfMask(union), units: [house] } };
    } while (nextCombination(PICK, k, n));
  }
  return null;
}

function findHidden(board: Readonly<Board>, scan: GeneralScan, k: number, technique: string, difficulty: number): Step | null {
  const { shape, empty, places } = scan;
  const { order, size, houseCells } = shape;
  for (let h = 0; h < order.length; h++) {
    const house = order[h]!;
    if (empty[house]! <= k * 2) continue;
    const base = house * size;
    let n = 0;
    for (let d = 0; d < size; d++) {
      const count = popcount(places[base + d]!);
      if (count >= 2 && count <= k) MEMBERS[n++] = d;
    }
    if (n < k) continue;
    firstCombination(PICK, k);
    do {
      let union = 0;
      let digits = 0;
      for (let j = 0; j < k; j++) {
        const d = MEMBERS[PICK[j]!]!;
        union |= places[base + d]!;
        digits |= 1 << d;
      }
      if (popcount(union) !== k) continue;
      const eliminations: Candidate[] = [];
      for (let mask = union; mask !== 0; mask &= mask - 1) {
        const cell = houseCells[base + lowBit(mask)]!;
        for (let other = board.candidates[cell]! & ~digits; other !== 0; other &= other - 1) eliminations.push({ cell, digit: lowBit(other) + 1 });
      }
      if (eliminations.length === 0) continue;
      return { technique, difficulty, placements: [], eliminations, pattern: { cells: cellsAt(shape, house, union), digits: digitsOfMask(digits), units: [house] } };
    } while (nextCombination(PICK, k, n));
  }
  return null;
}

export const findNakedPair = (board: Readonly<Board>, scan: GeneralScan): Step | null => findNaked(board, scan, 2, 'naked-pair', 3.0);
export const findNakedTriple = (board: Readonly<Board>, scan: GeneralScan): Step | null => findNaked(board, scan, 3, 'naked-triple', 3.6);
export const findNakedQuad = (board: Readonly<Board>, scan: GeneralScan): Step | null => findNaked(board, scan, 4, 'naked-quad', 5.0);
export const findHiddenPair = (board: Readonly<Board>, scan: GeneralScan): Step | null => findHidden(board, scan, 2, 'hidden-pair', 3.4);
export const findHiddenTriple = (board: Readonly<Board>, scan: GeneralScan): Step | null => findHidden(board, scan, 3, 'hidden-triple', 4.0);
export const findHiddenQuad = (board: Readonly<Board>, scan: GeneralScan): Step | null => findHidden(board, scan, 4, 'hidden-quad', 5.4);
