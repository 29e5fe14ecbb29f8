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

/**
 * Per cell and SE unit (as SE_UNITS), the places of that unit an "on" node's links need not visit:
 * the cell itself, and in its row and column the cells of its box (visited with the box first).
 */
export const SE_UNIT_SEEN = new Uint16Array(81 * 3);
for (let cell = 0; cell < 81; cell++) {
  const row = ROW_OF[cell]!;
  const col = COL_OF[cell]!;
  SE_UNIT_SEEN[cell * 3] = 1 << SE_UNIT_INDEX[cell * 3]!;
  SE_UNIT_SEEN[cell * 3 + 1] = 0x7 << (col - (col % 3));
  SE_UNIT_SEEN[cell * 3 + 2] = 0x7 << (row - (row % 3));
}

/** The cell and digit index of each potential (cell * 9 + digit - 1), without a division. */
export const POT_CELL = new Uint8Array(729);
export const POT_DIGIT = new Uint8Array(729);
for (let pot = 0; pot < 729; pot++) {
  POT_CELL[pot] = Math.floor(pot / 9);
  POT_DIGIT[pot] = pot % 9;
}
