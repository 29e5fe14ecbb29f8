/**
 * Precomputed geometry of the 9x9 board.
 *
 * Cells are numbered 0..80 row by row. Units are numbered 0..26: rows 0..8, columns 9..17,
 * boxes 18..26 (boxes numbered row by row). A digit is 1..9 and its bit in a mask is 1 << (digit - 1).
 */

/** Mask with all nine digits. */
export const ALL_DIGITS = 0x1ff;

export const ROW_OF = new Uint8Array(81);
export const COL_OF = new Uint8Array(81);
export const BOX_OF = new Uint8Array(81);

/** The 9 cells of each of the 27 units: UNIT_CELLS[unit * 9 + i]. */
export const UNIT_CELLS = new Uint8Array(27 * 9);
/** The 3 units of each cell: CELL_UNITS[cell * 3 + k], k = 0 row, 1 column, 2 box. */
export const CELL_UNITS = new Uint8Array(81 * 3);
/** The 20 peers of each cell: PEERS[cell * 20 + i]. */
export const PEERS = new Uint8Array(81 * 20);
/** The peers of each cell as a cell set of three 27-bit words (cells 0-26, 27-53, 54-80): PEER_WORDS[cell * 3 + w]. */
export const PEER_WORDS = new Int32Array(81 * 3);
/** Number of set bits of a 9-bit mask. */
export const POPCOUNT = new Uint8Array(512);
/** The digit of a one-bit mask, 0 for any other mask. */
export const SINGLE_DIGIT = new Uint8Array(512);
/** The lowest digit of a mask, 0 for the empty mask. */
export const FIRST_DIGIT = new Uint8Array(512);

for (let cell = 0; cell < 81; cell++) {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  ROW_OF[cell] = row;
  COL_OF[cell] = col;
  BOX_OF[cell] = Math.floor(row / 3) * 3 + Math.floor(col / 3);
}
for (let unit = 0; unit < 27; unit++) {
  for (let i = 0; i < 9; i++) {
    let cell: number;
    if (unit < 9) cell = unit * 9 + i;
    else if (unit < 18) cell = i * 9 + (unit - 9);
    else {
      const box = unit - 18;
      cell = (Math.floor(box / 3) * 3 + Math.floor(i / 3)) * 9 + (box % 3) * 3 + (i % 3);
    }
    UNIT_CELLS[unit * 9 + i] = cell;
  }
}
for (let cell = 0; cell < 81; cell++) {
  CELL_UNITS[cell * 3] = ROW_OF[cell]!;
  CELL_UNITS[cell * 3 + 1] = 9 + COL_OF[cell]!;
  CELL_UNITS[cell * 3 + 2] = 18 + BOX_OF[cell]!;
  let n = 0;
  for (let other = 0; other < 81; other++) {
    if (other === cell) continue;
    if (ROW_OF[other] === ROW_OF[cell] || COL_OF[other] === COL_OF[cell] || BOX_OF[other] === BOX_OF[cell]) {
      PEERS[cell * 20 + n++] = other;
      const word = Math.floor(other / 27);
      PEER_WORDS[cell * 3 + word] = PEER_WORDS[cell * 3 + word]! | (1 << (other % 27));
    }
  }
}
for (let mask = 0; mask < 512; mask++) {
  let count = 0;
  let first = 0;
  for (let d = 0; d < 9; d++) {
    if (mask & (1 << d)) {
      count++;
      if (first === 0) first = d + 1;
    }
  }
  POPCOUNT[mask] = count;
  FIRST_DIGIT[mask] = first;
  SINGLE_DIGIT[mask] = count === 1 ? first : 0;
}

/** Whether two cells see each other (share a unit). A cell does not see itself. */
export function sees(a: number, b: number): boolean {
  return a !== b && (ROW_OF[a] === ROW_OF[b] || COL_OF[a] === COL_OF[b] || BOX_OF[a] === BOX_OF[b]);
}

/** The digits of a mask, ascending. Not for hot loops. */
export function digitsOf(mask: number): number[] {
  const digits: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) digits.push(d);
  return digits;
}

/** The mask of a list of digits. */
export function maskOf(digits: readonly number[]): number {
  let mask = 0;
  for (const d of digits) mask |= 1 << (d - 1);
  return mask;
}

/** `r3c6` notation for a cell (user boundary only). */
export function cellName(cell: number): string {
  return `r${ROW_OF[cell]! + 1}c${COL_OF[cell]! + 1}`;
}

/** `row 3`, `column 6` or `box 2` for a unit (user boundary only). */
export function unitName(unit: number): string {
  if (unit < 9) return `row ${unit + 1}`;
  if (unit < 18) return `column ${unit - 8}`;
  return `box ${unit - 17}`;
}
