import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import { KIND_BOX, KIND_COLUMN, KIND_REGION, KIND_ROW, lowBit, popcount } from '../../grader/general/shape.js';
import { placementStep, type GeneralScan } from './places.js';

/**
 * Singles on any grid, with the 9x9 ladder's ids and difficulties: full house 1.0 (the last empty
 * cell of any house), hidden single 1.2 in a regular box, 1.5 in a row or column
 * (`hidden-single-line`) and 1.5 in any other house (`hidden-single-house`: jigsaw pieces,
 * diagonals, windows, extra regions, as the 9x9 variant ladder rates them after SukakuExplainer),
 * naked single 2.3. Houses are visited in the shape's order (boxes and regions, columns, rows,
 * extra houses); the first single found is returned.
 */

/** The last empty cell of a house (1.0). */
export function findFullHouse(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const { shape, empty, placed } = scan;
  const { order, size, houseCells } = shape;
  const all = shape.rules.allDigits;
  for (let k = 0; k < order.length; k++) {
    const house = order[k]!;
    if (empty[house] !== 1) continue;
    const missing = all & ~placed[house]!;
    for (let i = 0; i < size; i++) {
      const cell = houseCells[house * size + i]!;
      if (board.values[cell] !== 0) continue;
      // The missing digit, when the cell still has it (a contradictory board may not).
      if ((board.candidates[cell]! & missing) === 0 || popcount(missing) !== 1) break;
      return placementStep('full-house', 1.0, cell, lowBit(missing) + 1, house);
    }
  }
  return null;
}

const BOXES = 1 << KIND_BOX;
const LINES = (1 << KIND_ROW) | (1 << KIND_COLUMN);
const OTHERS = ~(BOXES | LINES);

function findHidden(board: Readonly<Board>, scan: GeneralScan, kinds: number, technique: string, difficulty: number): Step | null {
  const { shape, places, empty } = scan;
  const { order, size, houseCells, houseKind } = shape;
  for (let k = 0; k < order.length; k++) {
    const house = order[k]!;
    if (((1 << houseKind[house]!) & kinds) === 0 || empty[house]! < 2) continue;
    const base = house * size;
    for (let d = 0; d < size; d++) {
      const at = places[base + d]!;
      if (at === 0 || (at & (at - 1)) !== 0) continue;
      const cell = houseCells[base + lowBit(at)]!;
      // A cell with this one candidate left is a naked single too; the hidden single is the easier name.
      if (board.values[cell] !== 0) continue;
      return placementStep(technique, difficulty, cell, d + 1, house);
    }
  }
  return null;
}

/** A digit with one place left in a regular box (1.2). */
export function findHiddenSingleBox(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findHidden(board, scan, BOXES, 'hidden-single-box', 1.2);
}

/** A digit with one place left in a row or column (1.5). */
export function findHiddenSingleLine(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findHidden(board, scan, LINES, 'hidden-single-line', 1.5);
}

/** A digit with one place left in a jigsaw piece or an extra house (1.5). */
export function findHiddenSingleHouse(board: Readonly<Board>, scan: GeneralScan): Step | null {
  return findHidden(board, scan, OTHERS | (1 << KIND_REGION), 'hidden-single-house', 1.5);
}

/** A cell with one candidate left (2.3), first in cell order. */
export function findNakedSingle(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const { cellCount } = scan.shape;
  for (let cell = 0; cell < cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const mask = board.candidates[cell]!;
    if (mask !== 0 && (mask & (mask - 1)) === 0) return placementStep('naked-single', 2.3, cell, lowBit(mask) + 1, -1);
  }
  return null;
}
