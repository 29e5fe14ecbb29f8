import { toGrid, type GridInput } from './grid-input.js';
import { ALL_DIGITS } from './tables.js';
import { classicGeometry, type Geometry } from './geometry.js';
import type { Step } from './step.js';

/**
 * A grid with its pencil marks: the one state shared by the grader, hints and the generator.
 * `values[cell]` is 0 or the digit; `candidates[cell]` is the 9-bit mask of digits still possible
 * in an empty cell (0 for a filled cell).
 */
export interface Board {
  values: Uint8Array;
  candidates: Uint16Array;
}

/**
 * The board of a grid with every candidate that no given rules out (nor the cell's odd/even mark).
 * Peers come from the geometry (default classic). Assumes no two givens conflict (see `findConflict`); a cell left with no candidate is kept as such.
 */
export function boardFromGrid(grid: GridInput, geometry: Geometry = classicGeometry()): Board {
  const values = Uint8Array.from(toGrid(grid));
  const candidates = new Uint16Array(81);
  const { peers, peerStart, startMasks } = geometry;
  for (let cell = 0; cell < 81; cell++) {
    if (values[cell] !== 0) continue;
    let mask = startMasks === null ? ALL_DIGITS : startMasks[cell]!;
    for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
      const peerDigit = values[peers[i]!]!;
      if (peerDigit !== 0) mask &= ~(1 << (peerDigit - 1));
    }
    candidates[cell] = mask;
  }
  return { values, candidates };
}

/** An independent copy of a board. */
export function cloneBoard(board: Board): Board {
  return { values: board.values.slice(), candidates: board.candidates.slice() };
}

/** Places a digit and removes it from the candidates of the cell's peers (under the geometry's rules; default classic). */
export function placeDigit(board: Board, cell: number, digit: number, geometry: Geometry = classicGeometry()): void {
  board.values[cell] = digit;
  board.candidates[cell] = 0;
  const bit = 1 << (digit - 1);
  const { peers, peerStart } = geometry;
  for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
    const peer = peers[i]!;
    board.candidates[peer] = board.candidates[peer]! & ~bit;
  }
}

/** The one function that applies a step: its placements, then its eliminations (under the geometry's rules; default classic). */
export function applyStep(board: Board, step: Step, geometry: Geometry = classicGeometry()): void {
  for (const p of step.placements) placeDigit(board, p.cell, p.digit, geometry);
  for (const e of step.eliminations) {
    board.candidates[e.cell] = board.candidates[e.cell]! & ~(1 << (e.digit - 1));
  }
}

/** Number of empty cells. */
export function emptyCellCount(board: Board): number {
  let n = 0;
  for (let cell = 0; cell < 81; cell++) if (board.values[cell] === 0) n++;
  return n;
}
