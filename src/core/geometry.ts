import type { HouseKind, Rules } from '../rules/types.js';
import { unlinkedRulesError } from './errors.js';
import { BOX_OF, CELL_UNITS, COL_OF, PEERS, PEER_WORDS, ROW_OF, UNIT_CELLS } from './tables.js';

/**
 * The house tables the techniques, the grader and the board read, for any rule set of 81 cells and
 * nine digits: classic, jigsaw, X (diagonals), windoku, asterisk, centre dot, disjoint groups,
 * extra regions and killer cages on a 9x9 grid. One value per rule set, built once (see
 * {@link geometryOf}) and passed down in the technique context; classic is one instance
 * ({@link classicGeometry}), derived from the classic fast tables and tested equal to
 * `classicRules(9)`.
 *
 * Numbering (as the rules value's houses): houses 0..8 are the rows, 9..17 the columns, then the
 * boxes or jigsaw regions (18..26, except that a jigsaw piece equal to a row or a column is kept once,
 * as that row or column, so a jigsaw may have 26 houses or fewer), then the extra houses (diagonals, windows...; on windoku the rules' four
 * windows are followed by the five implied ones, which the rules value does not list). Every house
 * holds each digit exactly once. A killer cage is not a house (it need not hold every digit): its cells are
 * peers of each other, and {@link Geometry.cageOf} names it.
 *
 * Cells 0..80 row by row. Digit d is bit d - 1 of a 9-bit mask. Typed arrays are shared: never
 * write into them.
 */
export interface Geometry {
  /** The rules it was built from; null for the classic instance (built without a rules value so
   * that classic-only bundles never link the rules builder and its solver). */
  readonly rules: Rules | null;
  /** Short name: 'classic', 'jigsaw', 'x', 'windoku', 'killer'... (the rules' variant). */
  readonly variant: string;
  /** True for plain classic 9x9: code with a classic-only fast path may take it. */
  readonly classic: boolean;
  /** 27 + the number of extra houses. */
  readonly houseCount: number;
  /** The nine cells of each house, ascending: houseCells[house * 9 + i]. */
  readonly houseCells: Uint8Array;
  /** Each house as a cell set of three 27-bit words (cells 0-26, 27-53, 54-80): houseWords[house * 3 + w]. */
  readonly houseWords: Int32Array;
  /** Kind of each house ('row', 'column', 'box', 'region', 'diagonal', 'window'...). */
  readonly houseKinds: readonly HouseKind[];
  /** Row, column and box-or-region (0..8) of each cell: its houses are row, 9 + col, 18 + region, then extras. */
  readonly rowOf: Uint8Array;
  readonly colOf: Uint8Array;
  readonly regionOf: Uint8Array;
  /**
   * Every house of each cell (row, column, region, then extra houses ascending):
   * cellHouses[cellHouseStart[cell] .. cellHouseStart[cell + 1]).
   */
  readonly cellHouseStart: Uint16Array;
  readonly cellHouses: Uint8Array;
  /**
   * Peers of each cell (cells that must hold another digit: house-mates and cage-mates), ascending:
   * peers[peerStart[cell] .. peerStart[cell + 1]). Classic: 20 per cell.
   */
  readonly peerStart: Uint16Array;
  readonly peers: Uint8Array;
  /** The peers of each cell as a cell set of three 27-bit words: peerWords[cell * 3 + w]. */
  readonly peerWords: Int32Array;
  /** Killer cage of each cell, or -1; the cages themselves are `rules.cages`. */
  readonly cageOf: Int16Array;
  /** True when the rule set is the classic one up to extra houses (rows, columns, 3x3 boxes). */
  readonly regularBoxes: boolean;
  /**
   * The digits each cell may hold before any given (odd/even marks: 0x155 odd, 0xaa even, else
   * 0x1ff), what a board's candidates start from; null when every cell may hold every digit.
   */
  readonly startMasks: Uint16Array | null;
}

let classic: Geometry | null = null;

/** The classic 9x9 geometry (rows, columns, 3x3 boxes), built on first use and shared. */
export function classicGeometry(): Geometry {
  if (classic !== null) return classic;
  const cellHouseStart = new Uint16Array(82);
  for (let cell = 0; cell <= 81; cell++) cellHouseStart[cell] = cell * 3;
  const peerStart = new Uint16Array(82);
  for (let cell = 0; cell <= 81; cell++) peerStart[cell] = cell * 20;
  classic = Object.freeze({
    rules: null,
    variant: 'classic',
    classic: true,
    houseCount: 27,
    houseCells: UNIT_CELLS,
    houseWords: wordsOfHouses(UNIT_CELLS, 27),
    houseKinds: Object.freeze([...Array<HouseKind>(9).fill('row'), ...Array<HouseKind>(9).fill('column'), ...Array<HouseKind>(9).fill('box')]),
    rowOf: ROW_OF,
    colOf: COL_OF,
    regionOf: BOX_OF,
    cellHouseStart,
    cellHouses: CELL_UNITS,
    peerStart,
    peers: PEERS,
    peerWords: PEER_WORDS,
    cageOf: new Int16Array(81).fill(-1),
    regularBoxes: true,
    startMasks: null,
  });
  return classic;
}

const built = new WeakMap<Rules, Geometry>();

/**
 * The geometry of a rules value of 81 cells and nine digits (built once per value, then shared).
 * Throws a RangeError for other rules (other sizes, Samurai): the technique ladder is 9x9 only.
 * Non-classic geometries are built by `buildGeometry` (geometry-build.ts).
 */
export function geometryOf(rules: Rules): Geometry {
  if (rules.variant === 'classic' && rules.size === 9) return classicGeometry();
  const known = built.get(rules);
  if (known !== undefined) return known;
  // A rules value is only ever made by buildRules, which links the builder (why: linkGeometryBuilder).
  if (builder === null) throw unlinkedRulesError();
  const geometry = builder(rules);
  built.set(rules, geometry);
  return geometry;
}

let builder: ((rules: Rules) => Geometry) | null = null;

/**
 * Called by buildRules with the builder of non-classic geometries (geometry-build.ts), the
 * pattern of src/rules/solver-link.ts: only a rules value other than classic needs it, and a rules
 * value is only ever made by buildRules, so an app that grades classic grids never bundles it.
 */
export function linkGeometryBuilder(build: (rules: Rules) => Geometry): void {
  builder = build;
}

/** Each house as a cell set of three 27-bit words (see {@link Geometry.houseWords}). */
export function wordsOfHouses(houseCells: Uint8Array, houseCount: number): Int32Array {
  const words = new Int32Array(houseCount * 3);
  for (let house = 0; house < houseCount; house++) {
    for (let i = 0; i < 9; i++) {
      const cell = houseCells[house * 9 + i]!;
      words[house * 3 + Math.floor(cell / 27)] = words[house * 3 + Math.floor(cell / 27)]! | (1 << (cell % 27));
    }
  }
  return words;
}

/** Whether two cells must differ (share a house or a cage). A cell does not see itself. */
export function seesIn(geometry: Geometry, a: number, b: number): boolean {
  return a !== b && (geometry.peerWords[a * 3 + Math.floor(b / 27)]! & (1 << (b % 27))) !== 0;
}
