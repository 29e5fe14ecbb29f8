import { CodedError } from '../core/errors.js';

/**
 * The rules of a puzzle as one immutable value: the grid's cells, its houses (each digit exactly
 * once), its killer cages, and what it was built from. Built once by {@link buildRules} (or the
 * constructors in `constructors.ts`) and passed down to every consumer; classic 9x9 is one
 * instance. Cells are numbered 0..cellCount-1 row by row over the cells that exist (all of them
 * except in Samurai, whose 21x21 frame has empty corners).
 */

/** What a house is, for names and drawing; every kind is solved the same way. */
export type HouseKind = 'row' | 'column' | 'box' | 'region' | 'diagonal' | 'window' | 'disjoint' | 'asterisk' | 'centre-dot' | 'extra';

/** A block shape of a regular grid: `rows` x `cols` cells, rows * cols = size. */
export interface BoxShape {
  readonly rows: number;
  readonly cols: number;
}

/** A killer cage: distinct digits; when `sum` is given they add up to it. */
export interface CageSpec {
  /** Cells of the cage (cell numbers of the rules). */
  readonly cells: readonly number[];
  /** The cage total, or undefined (or 0, as in {@link Cage}) for a cage without a sum. */
  readonly sum?: number | undefined;
}

/**
 * The plain description a rules value is built from; what the formats read and write.
 * Everything is plain data (numbers, arrays, booleans), so it serialises as JSON.
 */
export interface RulesSpec {
  /** Digits 1..size; also the side of each grid. 4 to 16. */
  readonly size: number;
  /** One grid, or Samurai's five 9x9 grids sharing their corner boxes. Default 'single'. */
  readonly layout?: 'single' | 'samurai' | undefined;
  /**
   * Irregular regions (jigsaw): a region number 0..size-1 per cell, each used by exactly size
   * cells. Absent: regular boxes ({@link boxes}, or the usual shape of the size).
   */
  readonly regions?: readonly number[] | undefined;
  /** The box shape of a regular grid; default the usual one of the size (see boxShapeOf). */
  readonly boxes?: BoxShape | undefined;
  /** r1c1 -> rNcN: the negative diagonal ('diagonal-' in f-puzzles). */
  readonly diagonalDown?: boolean | undefined;
  /** rNc1 -> r1cN: the positive diagonal ('diagonal+' in f-puzzles). */
  readonly diagonalUp?: boolean | undefined;
  /** Windoku: four extra 3x3 windows (9x9 only). */
  readonly windoku?: boolean | undefined;
  /** Disjoint groups: cells at the same place in every box form a house (regular boxes only). */
  readonly disjointGroups?: boolean | undefined;
  /** Asterisk: r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5 (9x9 only). */
  readonly asterisk?: boolean | undefined;
  /** Centre dot: the centre cell of each 3x3 box (9x9 with 3x3 boxes only). */
  readonly centreDot?: boolean | undefined;
  /** Further houses of exactly size cells each. */
  readonly extraRegions?: readonly (readonly number[])[] | undefined;
  /** Killer cages; a cell belongs to at most one. */
  readonly cages?: readonly CageSpec[] | undefined;
  /** Odd/even: cells (cell numbers of the rules) that hold an odd digit (1, 3, 5...). Normalised ascending. */
  readonly odd?: readonly number[] | undefined;
  /** Odd/even: cells that hold an even digit (2, 4, 6...); never also in `odd`. Normalised ascending. */
  readonly even?: readonly number[] | undefined;
}

/** The parity mark of a cell: none, odd (1, 3, 5...) or even (2, 4, 6...). */
export const PARITY_NONE = 0;
export const PARITY_ODD = 1;
export const PARITY_EVEN = 2;

/** A built cage: its cells (ascending) and sum (0: no sum). */
export interface Cage {
  readonly cells: Int16Array;
  /** The total, or 0 for a cage without a sum. */
  readonly sum: number;
}

/**
 * The rules value. Everything is precomputed and frozen; typed arrays are shared, never copied,
 * so consumers must not write into them.
 */
export interface Rules {
  /** The description it was built from (normalised: defaults filled in). */
  readonly spec: Readonly<Required<Pick<RulesSpec, 'size' | 'layout'>>> & RulesSpec;
  /** A short name for messages and JSON: 'classic', 'jigsaw', 'x', 'killer', 'samurai', 'windoku+killer'... */
  readonly variant: string;
  /** Digits 1..size. */
  readonly size: number;
  /** All digits: the mask (1 << size) - 1. Digit d is bit d - 1. */
  readonly allDigits: number;
  /** The frame of the drawing, in cells: size x size, or 21 x 21 for Samurai. */
  readonly width: number;
  readonly height: number;
  /** Number of cells. */
  readonly cellCount: number;
  /** Row and column of each cell in the frame. */
  readonly rowOf: Uint8Array;
  readonly colOf: Uint8Array;
  /** Frame position row * width + col -> cell, or -1 where the frame has no cell (Samurai). */
  readonly cellAt: Int16Array;
  /** Regular box shape, or null for irregular regions. */
  readonly boxShape: BoxShape | null;
  /** Region (box or jigsaw piece) of each cell within its grid: 0..size-1 (Samurai: 0..8 of the first grid holding it). */
  readonly regionOf: Int16Array;
  /** Every house: `size` cells (ascending) holding each digit once. Rows, columns, regions, then extra houses. */
  readonly houses: readonly Int16Array[];
  /** Kind of each house. */
  readonly houseKinds: readonly HouseKind[];
  /** Houses of each cell (ascending house numbers). */
  readonly housesOf: readonly Int16Array[];
  /** Cells that must differ from each cell: its house-mates and cage-mates (ascending, without itself). */
  readonly peers: readonly Int16Array[];
  /** Killer cages (ascending by first cell). */
  readonly cages: readonly Cage[];
  /** Cage of each cell, or -1. */
  readonly cageOf: Int16Array;
  /** Top-left frame position of each grid: one for a single grid, five for Samurai. */
  readonly grids: readonly { readonly row: number; readonly col: number }[];
  /** Parity mark of each cell: PARITY_NONE (0), PARITY_ODD (1) or PARITY_EVEN (2). All 0 without odd/even. */
  readonly parityOf: Uint8Array;
  /**
   * The digits each cell may hold before any given is read (allDigits, or only the odd or even
   * digits of a marked cell): what a solver or a board starts its candidates from. Null when every
   * cell may hold every digit (no odd/even marks).
   */
  readonly startMasks: Uint16Array | null;
}

/** Stable codes of rules that cannot be built. */
export type RulesErrorCode =
  | 'BAD_SPEC' // a description that is not an object of the known fields, or a field of the wrong kind (a flag that is not true or false, a list that is not a list)
  | 'BAD_SIZE' // a size with no box shape, or out of 4..16
  | 'BAD_BOXES' // a box shape whose area is not the size
  | 'BAD_REGIONS' // a region with the wrong number of cells, or region numbers out of range
  | 'BAD_HOUSE' // an extra house that is not the size's number of distinct cells, or a rule the layout does not allow
  | 'BAD_CELL' // a cell number out of range
  | 'CAGE_OVERLAP' // a cell in two cages
  | 'BAD_CAGE' // a cage with no cells, repeated cells, more cells than digits
  | 'BAD_CAGE_SUM' // a sum no distinct digits can make
  | 'BAD_PARITY'; // a cell marked both odd and even, or named twice

/** Rules that cannot be built; `code` is stable, `message` says what is wrong in plain words. */
export class RulesError extends CodedError<RulesErrorCode> {
  override readonly name = 'RulesError';
}
