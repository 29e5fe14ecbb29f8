import { CELL_UNITS, COL_OF, ROW_OF } from '../../core/tables.js';

/*
 * A cell's units in the order Sudoku Explainer visits them (box, row, column): the order of the
 * links every forcing-chain run follows. A module of its own so that the static closures
 * (closure.ts, contradictions.ts) need not import the engine that imports them.
 */

/** A cell's units in the order SE visits them (box, row, column). */
export const SE_UNITS = new Uint8Array(81 * 3);
/** Index of the cell inside each of those units. */
export const SE_UNIT_INDEX = new Uint8Array(81 * 3);
for (let cell = 0; cell < 81; cell++) {
  SE_UNITS[cell * 3] = CELL_UNITS[cell * 3 + 2]!;
  SE_UNITS[cell * 3 + 1] = CELL_UNITS[cell * 3]!;
  SE_UNITS[cell * 3 + 2] = CELL_UNITS[cell * 3 + 1]!;
  const row = ROW_OF[cell]!;
  const col = COL_OF[cell]!;
  SE_UNIT_INDEX[cell * 3] = (row % 3) * 3 + (col % 3);
  SE_UNIT_INDEX[cell * 3 + 1] = col;
  SE_UNIT_INDEX[cell * 3 + 2] = row;
}
