import type { Rules } from '../rules/types.js';
import { cageCountOf, cageTablesOf, houseTablesOf, layoutKeyOf } from '../rules/solver-link.js';
import { killerTables9, optionStart9, optionTable9Of, optionsAt9 } from './cage-sums.js';
import { FIRST_ATTEMPT_NODES, attemptStop } from './restarts.js';
import {
  BAND_ALL,
  BAND_BOARDS,
  CELL_BAND,
  CELL_BIT,
  COLUMN_IN_BAND,
  CONFIG_COUNT,
  EXPAND,
  MAX_DEPTH,
  PEERS_IN_BAND,
  PERMUTATIONS,
  PERMUTATION_CLOSURE,
  ROW_SINGLE,
  stackPattern,
  STATE_SIZE,
  clearCells,
  clearFixed,
  columnsOf,
  framesOf,
  miniRows,
  stackRule,
  triadRule,
} from './band-solver.js';

/*
 * The band solver (band-solver.ts) for classic 3x3 boxes plus extra houses: X's diagonals,
 * windoku's windows, disjoint groups, asterisk, centre dot, any extra region; no cages (killers go
 * to grid9-solver.ts). Rows, columns and boxes are solved exactly as there: the band and stack
 * permutation rule (locked candidates box/line, hidden singles in rows, boxes and columns), naked
 * singles by bit-sliced counting, hidden triads, branching on a digit's placements in a band or
 * stack. The extra houses add, on the same state of 27 digit boards (cell k of band b is bit k of
 * board d * 3 + b):
 * - a cell fixed to digit d takes d out of the cells sharing an extra house with it (a 3-word mask
 *   per cell, cleared from d's three boards without branches);
 * - hidden singles in every extra house, on the digits whose boards changed: the digit's boards
 *   ANDed with the house, empty is a contradiction, one unsolved cell is a placement;
 * - locked candidates between an extra house and a box, row or column: a digit of the extra house
 *   found only inside one of them leaves the rest of it, and a digit of a box, row or column found
 *   only inside the extra house leaves the rest of the extra house (precomputed pairs sharing two
 *   cells or more, as grid9-solver.ts does for any two houses);
 * - windoku: its four windows and the five houses they imply are the boxes of a second classic
 *   grid (rows and columns in the order 1-3, 5-7, 0/4/8), on which the band and stack permutation
 *   rule runs as on the first (windowRule). That does the rows' and columns' pairs with those nine
 *   houses and their hidden singles, in a few table lookups per digit instead of about 70 pairs.
 * Tables are derived from the rules value's houses (houses 27.. are the extra ones) and cached by
 * layout; tests hold them equal to the rules value (test/band-extra-solver.test.ts).
 */

/** Extra houses are one bit each of an int. */
const MAX_EXTRA = 31;

interface ExtraTables {
  /** Extra houses: the rules value's, then the implied ones (impliedWindows). */
  readonly count: number;
  /** How many of them are implied (the last ones). */
  readonly implied: number;
  /**
   * Windoku: the four windows are among the extra houses, so that the rows and columns read in
   * ALT_ORDER with the windows and the houses they imply as boxes make a second classic grid, on
   * which windowRule runs the band and stack permutation rule.
   */
  readonly windows: boolean;
  /** House e's cells as three band words at e * 3. */
  readonly mask: Int32Array;
  /**
   * The extra houses extraSingles looks at (three words each): all but, with the windows, the nine
   * boxes of the reordered grid, whose hidden singles windowRule and the row singles find.
   */
  readonly singlesCount: number;
  readonly singlesMask: Int32Array;
  /** Per cell, the cells sharing an extra house with it (three words at cell * 3), or zero. */
  readonly peers: Int32Array;
  /** Per band, the cells in some extra house. */
  readonly inExtra: Int32Array;
  /**
   * What a placement clears (place, propagate): peers and inExtra without, for windoku, the nine
   * boxes of the reordered grid, whose digits windowRule takes out.
   */
  readonly fixPeers: Int32Array;
  readonly fixInExtra: Int32Array;
  /** Pairs (extra house, box/row/column) sharing 2+ cells: 9 words each (shared, extra only, other only). */
  readonly pairCount: number;
  readonly pairs: Int32Array;
  /** Every house (rows, columns, boxes, then the extra ones above) as three words at h * 3, for the killer tables. */
  readonly houseMask: Int32Array;
  /** The houses of each cell as bits: houses 0-31 and 32-63 at cell * 2. */
  readonly housesOf: Int32Array;
}

/** Most summed cages: 81 one-cell cages, and an innie per house (rows, columns, boxes, extra houses and implied ones). */
const MAX_SUMMED = 81 + 27 + MAX_EXTRA + 5;

const tablesOf = new WeakMap<object, ExtraTables>();

/**
 * Whether the rules take this solver: 81 cells, 9 digits, rows, columns and 3x3 boxes as houses
 * 0-26 (what buildRules makes of a 9x9 grid with regular boxes) and at most 31 extra houses; killer
 * cages too. (Classic rules, with no extra house, take it too.)
 */
export function fitsBandExtra(rules: Rules): boolean {
  return (
    rules.size === 9 &&
    rules.cellCount === 81 &&
    // odd/even marks start some cells from fewer digits: grid9-solver.ts sets them up, this one does not
    rules.startMasks === null &&
    rules.boxShape !== null &&
    rules.boxShape.rows === 3 &&
    rules.boxShape.cols === 3 &&
    rules.houseKinds.length >= 27 &&
    rules.houseKinds.length <= 27 + MAX_EXTRA &&
    rules.houseKinds[26] === 'box' &&
    rules.houseKinds[27] !== 'box' &&
    rules.houseKinds[0] === 'row' &&
    rules.houseKinds[9] === 'column' &&
    rules.houseKinds[18] === 'box'
  );
}

function setCell(words: Int32Array, at: number, cell: number): void {
  words[at + CELL_BAND[cell]!] = words[at + CELL_BAND[cell]!]! | CELL_BIT[cell]!;
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function compileExtra(rules: Rules): ExtraTables {
  const key = layoutKeyOf(rules);
  const cached = tablesOf.get(key);
  if (cached !== undefined) return cached;
  // The layout's own house tables, not the value's public arrays (see grid9-solver.ts).
  const { start, cells: flat } = houseTablesOf(rules);
  const houses = Array.from({ length: start.length - 1 }, (_, h) => flat.subarray(start[h]!, start[h + 1]!));
  const extra: (Int16Array | number[])[] = houses.slice(27);
  const implied = impliedWindows(extra);
  const windows = implied !== null;
  if (implied !== null) for (const cells of implied) extra.push(cells);
  const count = extra.length;
  const mask = new Int32Array(count * 3);
  const peers = new Int32Array(81 * 3);
  const inExtra = new Int32Array(3);
  for (let e = 0; e < count; e++) {
    const cells = extra[e]!;
    for (const cell of cells) setCell(mask, e * 3, cell);
    for (const cell of cells) {
      for (let w = 0; w < 3; w++) peers[cell * 3 + w] = peers[cell * 3 + w]! | mask[e * 3 + w]!;
      setCell(inExtra, 0, cell);
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    const at = cell * 3 + CELL_BAND[cell]!;
    peers[at] = peers[at]! & ~CELL_BIT[cell]!;
  }
  // With the windows, windowRule takes a fixed cell's digit out of its window or implied house: a
  // placement need only clear the other extra houses (none on a plain windoku).
  const altBoxes = windows ? new Set(altBoxKeys()) : new Set<string>();
  let fixPeers = peers;
  let fixInExtra = inExtra;
  if (windows) {
    fixPeers = new Int32Array(81 * 3);
    fixInExtra = new Int32Array(3);
    for (let e = 0; e < count; e++) {
      const cells = extra[e]!;
      if (altBoxes.has(cellsKey(cells))) continue;
      for (const cell of cells) {
        for (let w = 0; w < 3; w++) fixPeers[cell * 3 + w] = fixPeers[cell * 3 + w]! | mask[e * 3 + w]!;
        setCell(fixInExtra, 0, cell);
      }
    }
    for (let cell = 0; cell < 81; cell++) {
      const at = cell * 3 + CELL_BAND[cell]!;
      fixPeers[at] = fixPeers[at]! & ~CELL_BIT[cell]!;
    }
  }
  const pairs: number[] = [];
  const other = new Int32Array(3);
  // With the windows, windowRule's band and stack rule on the reordered grid covers every pair of
  // one of its nine boxes with a row or a column (locked candidates both ways, and more). Their pairs
  // with the classic boxes (2-4 cells shared) are left out as well: on the windoku sets they took
  // 3-9% of the nodes away but cost a quarter of the time (bench:variants, 2026-11-28).
  const singles: number[] = [];
  for (let e = 0; e < count; e++) {
    if (windows && altBoxes.has(cellsKey(extra[e]!))) continue;
    singles.push(mask[e * 3]!, mask[e * 3 + 1]!, mask[e * 3 + 2]!);
    for (let h = 0; h < 27; h++) {
      other.fill(0);
      for (const cell of houses[h]!) setCell(other, 0, cell);
      let shared = 0;
      const words: number[] = [];
      for (let w = 0; w < 3; w++) shared += popcount(mask[e * 3 + w]! & other[w]!);
      if (shared < 2 || shared === 9) continue;
      for (let w = 0; w < 3; w++) words.push(mask[e * 3 + w]! & other[w]!);
      for (let w = 0; w < 3; w++) words.push(mask[e * 3 + w]! & ~other[w]!);
      for (let w = 0; w < 3; w++) words.push(other[w]! & ~mask[e * 3 + w]!);
      pairs.push(...words);
    }
  }
  if (windows) altTables();
  const houseMask = new Int32Array((27 + count) * 3);
  const housesOf = new Int32Array(81 * 2);
  for (let h = 0; h < 27 + count; h++) {
    const cells = h < 27 ? houses[h]! : extra[h - 27]!;
    for (const cell of cells) {
      setCell(houseMask, h * 3, cell);
      housesOf[cell * 2 + (h >> 5)] = housesOf[cell * 2 + (h >> 5)]! | (1 << (h & 31));
    }
  }
  const tables: ExtraTables = { count, implied: implied === null ? 0 : implied.length, windows, fixPeers, fixInExtra, singlesCount: singles.length / 3, singlesMask: new Int32Array(singles), mask, peers, inExtra, pairCount: pairs.length / 9, pairs: new Int32Array(pairs), houseMask, housesOf };
  tablesOf.set(key, tables);
  return tables;
}

/**
 * The killer tables of one rules value (cage-sums.ts killerTables9), made into preallocated arrays:
 * a checker counting every killer once makes them for each, and allocates nothing.
 */
interface KillerTables {
  /** The value they were made for (null while being made). */
  rules: Rules | null;
  /** Per cell, the cells sharing an extra house or a cage with it (three words): the extra houses' peers merged with the cage-mates. */
  readonly mergedPeers: Int32Array;
  /** Per band, the cells with such peers. */
  readonly withPeers: Int32Array;
  /** Summed cages, innies included: how many, cells as three words at i * 3, sums. */
  count: number;
  readonly mask: Int32Array;
  readonly sum: Int32Array;
  /** The band (0-2) holding every cell of each summed cage, or 3 when it spans two or three. */
  readonly band: Uint8Array;
  /**
   * The 27 digit boards a count starts from: each cell keeps the digits of the combinations of its
   * summed cages' sums (a 2-cell cage of 3: 1 and 2; no cell of a 3-cell cage of 23 keeps 1-5).
   * Every cage looked at on these boards finds nothing more (its union is what it allows; a digit
   * it needs has a place per free cell, so one place only in a one-cell cage, whose cell holds one
   * digit and is a naked single), so the cage pass starts from them as if it had looked.
   */
  readonly start: Int32Array;
  /** killerTables9's scratch. */
  readonly rest: Int32Array;
  readonly firstOf: Int16Array;
}

function newKillerTables(): KillerTables {
  if (DIGIT_SUMS === null) {
    const table = new Uint8Array(512);
    for (let set = 1; set < 512; set++) table[set] = table[set & (set - 1)]! + 32 - Math.clz32(set & -set);
    DIGIT_SUMS = table;
  }
  return {
    rules: null,
    mergedPeers: new Int32Array(81 * 3),
    withPeers: new Int32Array(3),
    count: 0,
    mask: new Int32Array(MAX_SUMMED * 3),
    sum: new Int32Array(MAX_SUMMED),
    band: new Uint8Array(MAX_SUMMED),
    rest: new Int32Array((27 + MAX_EXTRA + 5) * 4),
    firstOf: new Int16Array(81).fill(-1),
    start: new Int32Array(27),
  };
}

function compileKillers(rules: Rules, extra: ExtraTables, into: KillerTables): void {
  into.rules = null; // until made
  into.mergedPeers.set(extra.peers);
  into.withPeers.set(extra.inExtra);
  const count = killerTables9(cageTablesOf(rules), extra.houseMask, 27 + extra.count, extra.housesOf, into.mergedPeers, into.withPeers, into.mask, into.sum, into.rest, into.firstOf);
  const masks = into.mask;
  for (let i = 0; i < count; i++) {
    const m0 = masks[i * 3]!;
    const m1 = masks[i * 3 + 1]!;
    const m2 = masks[i * 3 + 2]!;
    into.band[i] = (m1 | m2) === 0 ? 0 : (m0 | m2) === 0 ? 1 : (m0 | m1) === 0 ? 2 : 3;
  }
  const start = into.start;
  start.fill(BAND_ALL);
  const options = optionTable9Of();
  for (let i = 0; i < count; i++) {
    const m0 = masks[i * 3]!;
    const m1 = masks[i * 3 + 1]!;
    const m2 = masks[i * 3 + 2]!;
    // The digits of the combinations of (cells, sum) (none: a sum no digits make, e.g. an innie of
    // cages that cannot all hold, and the count finds no solution at once).
    const at = optionStart9(popcount(m0) + popcount(m1) + popcount(m2), into.sum[i]!);
    const allowed = at < 0 ? 0 : options[at + 0x1ff]! & 0x1ff;
    for (let bits = ~allowed & 0x1ff; bits !== 0; bits &= bits - 1) {
      const d3 = (31 - Math.clz32(bits & -bits)) * 3;
      start[d3] = start[d3]! & ~m0;
      start[d3 + 1] = start[d3 + 1]! & ~m1;
      start[d3 + 2] = start[d3 + 2]! & ~m2;
    }
  }
  into.count = count;
  into.rules = rules;
}

/** Sum of the digits of each 9-bit set (digit d + 1 is bit d), for the cage pass; made on first use. */
let DIGIT_SUMS: Uint8Array | null = null;

/** Rows or columns 1-3 and 5-7 (windoku's windows), and 0, 4 and 8 (between and around them). */
const WINDOW_LINES = [
  [1, 2, 3],
  [5, 6, 7],
  [0, 4, 8],
] as const;

/**
 * The five houses windoku's four windows imply. Rows 1-3 hold each digit three times; the two
 * windows on them hold it twice, so their cells in columns 0, 4 and 8 hold it once: a house.
 * Likewise rows 5-7, and columns 1-3 and 5-7 with rows 0, 4 and 8. Rows 0, 4 and 8 hold each digit
 * three times, once in columns 1-3 and once in columns 5-7 (the two houses just found), so once in
 * columns 0, 4 and 8: a fifth house.
 *
 *     e c c c e d d d e      W: the four windows (rows and columns 1-3 and 5-7)
 *     a W W W a W W W a      a: rows 1-3 x columns 0, 4, 8
 *     a W W W a W W W a      b: rows 5-7 x columns 0, 4, 8
 *     a W W W a W W W a      c: rows 0, 4, 8 x columns 1-3
 *     e c c c e d d d e      d: rows 0, 4, 8 x columns 5-7
 *     b W W W b W W W b      e: rows 0, 4, 8 x columns 0, 4, 8
 *     b W W W b W W W b
 *     b W W W b W W W b
 *     e c c c e d d d e
 * Every solution of rules with the four windows (and rows and columns) keeps each of the five, so
 * the solver may use them as houses: hidden singles and locked candidates in them cut the search
 * (test/band-extra-solver.test.ts holds them to solved grids and to a brute-force count). Returns
 * null unless all four windows are among the extra houses (then those of the five not among them).
 */
function impliedWindows(extra: readonly ArrayLike<number>[]): number[][] | null {
  const present = new Set(extra.map(cellsKey));
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) if (!present.has(cellsKey(windowBlock(i, j)))) return null;
  const implied: number[][] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (i === 2 || j === 2) {
        const cells = windowBlock(i, j);
        if (!present.has(cellsKey(cells))) implied.push(cells);
      }
    }
  }
  return implied;
}

function cellsKey(cells: ArrayLike<number>): string {
  return Array.from(cells)
    .sort((a, b) => a - b)
    .join(',');
}

/** The cells of rows WINDOW_LINES[i] and columns WINDOW_LINES[j], sorted. */
function windowBlock(i: number, j: number): number[] {
  const cells: number[] = [];
  for (const r of WINDOW_LINES[i]!) for (const c of WINDOW_LINES[j]!) cells.push(r * 9 + c);
  return cells.sort((a, b) => a - b);
}

/** The nine boxes of the reordered grid (the four windows and the five houses they imply), as cellsKey keys. */
function altBoxKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) keys.push(cellsKey(windowBlock(i, j)));
  return keys;
}

/**
 * Windoku's rows and columns in the order (1-3, 5-7, 0/4/8) that makes its four windows and the
 * five houses they imply the nine boxes of a classic grid: a windoku is a classic sudoku twice,
 * once as drawn and once in this order. Its bands and stacks are branched on as the classic ones
 * are (branchOnConfigurations). (The permutation rule on them, tried as well, found nothing that the
 * extra houses' singles and locked candidates do not: the same search nodes.)
 */
const ALT_ORDER = [1, 2, 3, 5, 6, 7, 0, 4, 8] as const;
/** A row's 9-bit column set in the alternative order (bit p: column ALT_ORDER[p]) and back; made on first use. */
let altForward: Uint16Array | null = null;
let altBack: Uint16Array | null = null;
/** A row's 9-bit column set -> the reordered grid's boxes it meets (bit 0: columns 1-3, 1: 5-7, 2: 0/4/8); made on first use. */
let altGroups: Uint8Array | null = null;
/** Those boxes (3 bits) -> their columns (9 bits); made on first use. */
let altGroupColumns: Uint16Array | null = null;

function altTables(): void {
  if (altForward !== null) return;
  const forward = new Uint16Array(512);
  const back = new Uint16Array(512);
  for (let mask = 0; mask < 512; mask++) {
    for (let p = 0; p < 9; p++) {
      if ((mask >>> ALT_ORDER[p]!) & 1) forward[mask] = forward[mask]! | (1 << p);
      if ((mask >>> p) & 1) back[mask] = back[mask]! | (1 << ALT_ORDER[p]!);
    }
  }
  const groups = new Uint8Array(512);
  for (let mask = 0; mask < 512; mask++) groups[mask] = (mask & 0x00e ? 1 : 0) | (mask & 0x0e0 ? 2 : 0) | (mask & 0x111 ? 4 : 0);
  altGroups = groups;
  altGroupColumns = new Uint16Array(8);
  for (let boxes = 0; boxes < 8; boxes++) altGroupColumns[boxes] = (boxes & 1 ? 0x00e : 0) | (boxes & 2 ? 0x0e0 : 0) | (boxes & 4 ? 0x111 : 0);
  altForward = forward;
  altBack = back;
}

/**
 * The extra houses' tables of a rules value decoded into cell lists, for tests; with cages, the
 * killer tables too: every cell's peers beyond its row, column and box (extra houses and cage-mates)
 * and the summed cages, innies after the rules' own.
 */
export function bandExtraTablesOf(rules: Rules): { houses: number[][]; implied: number; peers: number[][]; killer: { peers: number[][]; cages: { cells: number[]; sum: number }[] } | null } {
  const t = compileExtra(rules);
  const cellsOf = (words: Int32Array, at: number): number[] => {
    const cells: number[] = [];
    for (let cell = 0; cell < 81; cell++) if ((words[at + CELL_BAND[cell]!]! & CELL_BIT[cell]!) !== 0) cells.push(cell);
    return cells;
  };
  let killer: { peers: number[][]; cages: { cells: number[]; sum: number }[] } | null = null;
  if (cageCountOf(rules) > 0) {
    const tables = newKillerTables();
    compileKillers(rules, t, tables);
    const peers = Array.from({ length: 81 }, (_, cell) => cellsOf(tables.mergedPeers, cell * 3));
    const cages: { cells: number[]; sum: number }[] = [];
    // place() takes a digit out of a cell's peers only when the cell is marked as having some.
    for (let cell = 0; cell < 81; cell++) {
      if (peers[cell]!.length > 0 && (tables.withPeers[CELL_BAND[cell]!]! & CELL_BIT[cell]!) === 0) throw new Error(`cell ${cell} has peers but is not marked`);
    }
    for (let i = 0; i < tables.count; i++) {
      const cells = cellsOf(tables.mask, i * 3);
      const band = cells.every((cell) => cell < 27) ? 0 : cells.every((cell) => cell >= 27 && cell < 54) ? 1 : cells.every((cell) => cell >= 54) ? 2 : 3;
      if (tables.band[i] !== band) throw new Error(`cage ${i}: band ${tables.band[i]}, expected ${band}`);
      cages.push({ cells, sum: tables.sum[i]! });
    }
    killer = { peers, cages };
  }
  return {
    houses: Array.from({ length: t.count }, (_, e) => cellsOf(t.mask, e * 3)),
    implied: t.implied,
    peers: Array.from({ length: 81 }, (_, cell) => cellsOf(t.peers, cell * 3)),
    killer,
  };
}

/**
 * Counts the solutions of 81 givens (0 empty) under rules taken by {@link fitsBandExtra}, up to a
 * limit; not safe to share between concurrent callers. Assumes valid input: clashing givens count 0.
 */
export class BandExtraSolver {
  /** The first solution found by the last count that returned at least 1. */
  readonly solution = new Uint8Array(81);
  nodes = 0;
  guesses = 0;

  private readonly state = new Int32Array(STATE_SIZE);
  private readonly boards = this.state.subarray(0, 27);
  private readonly unsolved = this.state.subarray(27, STATE_SIZE);
  private readonly rowPatterns = new Int32Array(9);
  private readonly rowLocked = new Int32Array(9);
  private readonly columnPatterns = new Int32Array(9);
  private readonly columnLocked = new Int32Array(9);
  /** Windoku: per digit, the patterns of the reordered grid's three bands and three stacks. */
  private readonly altPatterns = new Int32Array(54);
  private readonly frames = framesOf(new Int32Array(MAX_DEPTH * STATE_SIZE));
  private dirty = 0;
  private solutions = 0;
  private limit = 2;
  private extra!: ExtraTables;
  /** Per cell, the cells that must differ from it beyond its row, column and box (three words). */
  private peers!: Int32Array;
  /** Per band, the cells with such peers. */
  private withPeers!: Int32Array;
  private readonly allCells = new Int32Array([BAND_ALL, BAND_ALL, BAND_ALL]);
  /** The killer tables of the last rules value with cages counted (made on first use). */
  private killer: KillerTables | null = null;
  /** The summed cages counted with (KillerTables). */
  private cageCount = 0;
  private cageMask: Int32Array = new Int32Array(0);
  private cageSum: Int32Array = new Int32Array(0);
  /** Boards changed since the cage pass last looked (27 bits). */
  private cagePending = 0;
  /**
   * The state (boards, unsolved) at the start of the last cage pass, or of the fixed point a guess
   * was made from: a cage whose cells are the same now has nothing new to give (candidates only
   * shrink along a path, so its cells were the same when it was last looked at); a count starts
   * from the killer's start boards, which every cage has looked at in effect (KillerTables.start).
   */
  private readonly cageSnap = new Int32Array(STATE_SIZE);
  /** Boards changed since the extra houses were last looked at (27 bits). */
  private extraPending = 0;
  /**
   * Which start of the count this is. On puzzles a search takes tens of nodes, but on a nearly
   * empty grid one early choice that no rule refutes until deep down can cost millions: a windoku
   * with 1 at r1c1 and r5c7 took 12 million nodes (42 s) to find 2 solutions branching on the
   * bands' configurations, an asterisk with 4 givens a million, a killer with 3 cages and 2 givens
   * 5.7 million branching on cells (27 s), where the same killer turned 180 degrees took 40 nodes.
   * So past a budget of nodes (FIRST_ATTEMPT_NODES, doubled each time) the count starts again from
   * the givens, branching on cells only (attempt >= 1) and taking the cells in another order
   * (branchOnCell); the last attempt runs to the end. Deterministic: same input, same search.
   */
  private attempt = 0;
  /** The node count at which a search stops (and sets aborted). */
  private stopAt = FIRST_ATTEMPT_NODES;
  private aborted = false;

  count(rules: Rules, givens: ArrayLike<number>, limit: number): number {
    this.extra = compileExtra(rules);
    if (cageCountOf(rules) === 0) {
      this.peers = this.extra.fixPeers;
      this.withPeers = this.extra.fixInExtra;
      this.cageCount = 0;
    } else {
      // Killers: cage-mates are peers too, and the summed cages (innies included) get their own pass.
      const killer = (this.killer ??= newKillerTables());
      if (killer.rules !== rules) compileKillers(rules, this.extra, killer);
      this.peers = killer.mergedPeers;
      this.withPeers = killer.withPeers;
      this.cageCount = killer.count;
      this.cageMask = killer.mask;
      this.cageSum = killer.sum;
    }
    this.limit = Math.max(1, limit);
    this.nodes = 0;
    this.guesses = 0;
    this.attempt = 0;
    this.stopAt = FIRST_ATTEMPT_NODES;
    if (!this.begin(givens)) return 0;
    this.search(0);
    while (this.aborted) {
      // The search went astray (attempt): again from the givens, on cells in another order.
      this.attempt++;
      this.stopAt = attemptStop(this.attempt, this.nodes, FIRST_ATTEMPT_NODES);
      this.begin(givens);
      this.search(0);
    }
    return this.solutions;
  }

  /** The state of the givens placed, ready to search; false when they clash. */
  private begin(givens: ArrayLike<number>): boolean {
    this.solutions = 0;
    this.aborted = false;
    this.unsolved.fill(BAND_ALL);
    if (this.cageCount === 0) this.boards.fill(BAND_ALL);
    else {
      // Killers start from the digits each cage's sum allows its cells (KillerTables.start): what
      // the cage pass would find first, so that it need only look at the cages the givens and the
      // other rules change.
      this.boards.set(this.killer!.start);
      this.cageSnap.set(this.state);
    }
    this.dirty = 0;
    for (let cell = 0; cell < 81; cell++) {
      const digit = givens[cell]!;
      if (digit === 0) continue;
      if (digit > 9 || !this.place(digit - 1, CELL_BAND[cell]!, CELL_BIT[cell]!)) return false;
    }
    this.dirty = BAND_ALL;
    this.extraPending = BAND_ALL;
    this.cagePending = BAND_ALL;
    return true;
  }

  /** Takes digit d out of the extra-house peers of `cell` (d's three boards); returns the dirty bits. */
  private clearExtraPeers(digit: number, cell: number): number {
    const peers = this.peers;
    const first = digit * 3;
    return clearCells(this.boards, first, peers[cell * 3]!) | clearCells(this.boards, first + 1, peers[cell * 3 + 1]!) | clearCells(this.boards, first + 2, peers[cell * 3 + 2]!);
  }

  /** Fixes digit (0..8) at one cell of a band; false if the digit is no longer possible there. */
  private place(digit: number, band: number, bit: number): boolean {
    const boards = this.boards;
    const index = digit * 3 + band;
    if ((boards[index]! & bit) === 0) return false;
    const k = 31 - Math.clz32(bit);
    const own = boards[index]! & ~PEERS_IN_BAND[k]!;
    let dirty = clearFixed(boards, digit * 3, band, COLUMN_IN_BAND[k % 9]!, bit);
    boards[index] = own;
    if ((this.withPeers[band]! & bit) !== 0) dirty |= this.clearExtraPeers(digit, band * 27 + k);
    this.unsolved[band] = this.unsolved[band]! & ~bit;
    this.dirty |= dirty | (1 << index);
    return true;
  }

  /** Applies every rule and single until nothing changes; false on a contradiction. */
  private propagate(): boolean {
    const boards = this.boards;
    const unsolved = this.unsolved;
    const inExtra = this.withPeers;
    let singlesPending = 0;
    let stackPending = 0;
    let triadPending = 0;
    for (;;) {
      let dirty = this.dirty;
      let touched = 0;
      while (dirty !== 0) {
        const low = dirty & -dirty;
        dirty ^= low;
        touched |= low;
        const index = 31 - Math.clz32(low);
        let cells = boards[index]!;
        const closure = PERMUTATION_CLOSURE[miniRows(cells)]!;
        if (closure === 0) return false;
        cells &= EXPAND[closure]!;
        boards[index] = cells;
        const band = index % 3;
        const fixed =
          (ROW_SINGLE[cells & 0x1ff]! | (ROW_SINGLE[(cells >>> 9) & 0x1ff]! << 9) | (ROW_SINGLE[cells >>> 18]! << 18)) &
          unsolved[band]!;
        if (fixed === 0) continue;
        unsolved[band] = unsolved[band]! & ~fixed;
        const columns = columnsOf(fixed);
        dirty |= clearFixed(boards, index - band, band, columns | (columns << 9) | (columns << 18), fixed);
        boards[index] = cells;
        dirty &= ~low;
        // Fixed cells in extra houses: the digit leaves their extra-house peers (this board included).
        let inHouse = fixed & inExtra[band]!;
        if (inHouse !== 0) {
          const digit = (index - band) / 3;
          for (; inHouse !== 0; inHouse &= inHouse - 1) dirty |= this.clearExtraPeers(digit, band * 27 + 31 - Math.clz32(inHouse & -inHouse));
        }
      }
      this.dirty = 0;
      singlesPending |= touched;
      stackPending |= touched;
      triadPending |= touched;
      this.extraPending |= touched;
      this.cagePending |= touched;

      let placedAny = false;
      for (let band = 0; band < 3; band++) {
        if ((singlesPending & BAND_BOARDS[band]!) === 0) continue;
        const d0 = boards[band]!;
        const d1 = boards[band + 3]!;
        const d2 = boards[band + 6]!;
        const d3 = boards[band + 9]!;
        const d4 = boards[band + 12]!;
        const d5 = boards[band + 15]!;
        const d6 = boards[band + 18]!;
        const d7 = boards[band + 21]!;
        const d8 = boards[band + 24]!;
        let atLeastOne = d0;
        let atLeastTwo = atLeastOne & d1;
        atLeastOne |= d1;
        atLeastTwo |= atLeastOne & d2;
        atLeastOne |= d2;
        atLeastTwo |= atLeastOne & d3;
        atLeastOne |= d3;
        atLeastTwo |= atLeastOne & d4;
        atLeastOne |= d4;
        atLeastTwo |= atLeastOne & d5;
        atLeastOne |= d5;
        atLeastTwo |= atLeastOne & d6;
        atLeastOne |= d6;
        atLeastTwo |= atLeastOne & d7;
        atLeastOne |= d7;
        atLeastTwo |= atLeastOne & d8;
        atLeastOne |= d8;
        if (atLeastOne !== BAND_ALL) return false;
        let singles = atLeastOne & ~atLeastTwo & unsolved[band]!;
        while (singles !== 0) {
          const bit = singles & -singles;
          singles ^= bit;
          let digit = 0;
          while (digit < 9 && (boards[digit * 3 + band]! & bit) === 0) digit++;
          if (digit === 9 || !this.place(digit, band, bit)) return false;
          placedAny = true;
        }
      }
      singlesPending = 0;
      if (placedAny) continue;
      if (stackPending !== 0) {
        const changed = this.extra.windows ? this.windowRule(stackPending) : stackRule(this.boards, stackPending);
        if (changed < 0) return false;
        this.dirty |= changed;
        stackPending = 0;
      }
      if (this.dirty !== 0) continue;
      if (this.extraPending !== 0) {
        if (!this.extraSingles()) return false;
        if (this.dirty !== 0) continue;
        if (!this.extraLocked()) return false;
        this.extraPending = 0;
        if (this.dirty !== 0) continue;
      }
      if (this.cageCount > 0 && this.cagePending !== 0) {
        if (!this.cageRule()) return false;
        this.cagePending = 0;
        if (this.dirty !== 0) continue;
      }
      if (triadPending !== 0) {
        const changed = triadRule(this.boards, this.unsolved, this.rowPatterns, this.rowLocked, this.columnPatterns, this.columnLocked);
        if (changed < 0) return false;
        this.dirty |= changed;
        triadPending = 0;
      }
      if (this.dirty === 0) return true;
    }
  }

  /**
   * Windoku, for the digits whose boards changed: the stack rule (stackRule), then the band and
   * stack permutation rule on the reordered grid, whose rows and columns are read in ALT_ORDER
   * (1-3, 5-7, 0/4/8) and whose boxes are the four windows and the five houses they imply: every
   * row/window and column/window interaction at once (locked candidates both ways; with the row
   * singles of propagate, hidden singles in the windows; a fixed cell's digit leaves its window).
   * The reordered bands are read off the boards row by row, a row's boxes being its column groups
   * 1-3, 5-7 and 0/4/8 (altGroups, altGroupColumns); only the stacks' columns go through
   * altForward and altBack. One pass with the stacks: running them apart took a round of
   * propagate more and 7-12% longer (bench/count-ab.ts, 2026-11-28). Returns the boards it
   * changed (dirty bits), -1 on a contradiction.
   *
   *     reordered band 0: rows 1, 2, 3    its boxes: columns 1-3 | 5-7 | 0, 4, 8
   *     reordered band 1: rows 5, 6, 7
   *     reordered band 2: rows 0, 4, 8
   *
   * Tried on 2026-11-28 and left out (bench/count-ab.ts against the code without them, 7 rounds
   * in turns, load 15-23; the noise floor, the same code against itself, is 0.96-0.99x):
   * - hidden triads on the reordered grid's mini-rows and mini-columns at each fixed point, their
   *   patterns reused for branching: nodes a puzzle (minimal, medium, hard, expert) 10.3, 2.3,
   *   5.31, 6.21 -> 9.79, 1.84, 5.16, 5.79, at the same rate (0.97-1.03x, each build run as
   *   either side; one run read 0.89-0.91x);
   * - this rule iterated per digit, with the band rule, to its own fixed point: same nodes, 0.87-0.89x;
   * - the stack rule first, the reordered grid only once it settles: 0.88-0.91x (as before);
   * - this rule also after rounds that placed naked singles: 0.99-1.00x;
   * - a placement clearing its window and implied house at once (peers, not fixPeers): 0.93-0.99x;
   * - digits placed in all nine cells skipped (their windows checked alone): 0.97-1.03x;
   * - box/window locked candidates (the extra-house pairs), with the triads above: nodes -0.4-7%;
   * - branching on the fewest (digit configurations, line total) over both grids: nodes -0.3-1.5%
   *   (on the classic grid's lines only: +4-14%; on a cell: +7-40%).
   */
  private windowRule(pending: number): number {
    const groups = altGroups!;
    const groupColumns = altGroupColumns!;
    const forward = altForward!;
    const back = altBack!;
    const boards = this.boards;
    let dirty = 0;
    for (let digit = 0; digit < 9; digit++) {
      const first = digit * 3;
      if (((pending >>> first) & 7) === 0) continue;
      const b0 = boards[first]!;
      const b1 = boards[first + 1]!;
      const b2 = boards[first + 2]!;
      // The stacks, as stackRule.
      const c0 = columnsOf(b0);
      const c1 = columnsOf(b1);
      const c2 = columnsOf(b2);
      const t0 = PERMUTATION_CLOSURE[stackPattern(c0, c1, c2, 0)]!;
      const t1 = PERMUTATION_CLOSURE[stackPattern(c0, c1, c2, 3)]!;
      const t2 = PERMUTATION_CLOSURE[stackPattern(c0, c1, c2, 6)]!;
      if (t0 === 0 || t1 === 0 || t2 === 0) return -1;
      const k0 = stackPattern(t0, t1, t2, 0);
      const k1 = stackPattern(t0, t1, t2, 3);
      const k2 = stackPattern(t0, t1, t2, 6);
      const x0 = b0 & (k0 | (k0 << 9) | (k0 << 18));
      const x1 = b1 & (k1 | (k1 << 9) | (k1 << 18));
      const x2 = b2 & (k2 | (k2 << 9) | (k2 << 18));
      // The reordered grid's bands: rows 1-3, 5-7 and 0/4/8, a row's boxes its column groups.
      let r0 = x0 & 0x1ff;
      let r1 = (x0 >>> 9) & 0x1ff;
      let r2 = x0 >>> 18;
      let r3 = x1 & 0x1ff;
      let r4 = (x1 >>> 9) & 0x1ff;
      let r5 = x1 >>> 18;
      let r6 = x2 & 0x1ff;
      let r7 = (x2 >>> 9) & 0x1ff;
      let r8 = x2 >>> 18;
      const ka = PERMUTATION_CLOSURE[groups[r1]! | (groups[r2]! << 3) | (groups[r3]! << 6)]!;
      const km = PERMUTATION_CLOSURE[groups[r5]! | (groups[r6]! << 3) | (groups[r7]! << 6)]!;
      const ke = PERMUTATION_CLOSURE[groups[r0]! | (groups[r4]! << 3) | (groups[r8]! << 6)]!;
      if (ka === 0 || km === 0 || ke === 0) return -1;
      r1 &= groupColumns[ka & 7]!;
      r2 &= groupColumns[(ka >>> 3) & 7]!;
      r3 &= groupColumns[ka >>> 6]!;
      r5 &= groupColumns[km & 7]!;
      r6 &= groupColumns[(km >>> 3) & 7]!;
      r7 &= groupColumns[km >>> 6]!;
      r0 &= groupColumns[ke & 7]!;
      r4 &= groupColumns[(ke >>> 3) & 7]!;
      r8 &= groupColumns[ke >>> 6]!;
      // Its stacks: the columns of each of its bands, in the reordered order.
      const ca = forward[r1 | r2 | r3]!;
      const cm = forward[r5 | r6 | r7]!;
      const ce = forward[r0 | r4 | r8]!;
      const s0 = PERMUTATION_CLOSURE[stackPattern(ca, cm, ce, 0)]!;
      const s1 = PERMUTATION_CLOSURE[stackPattern(ca, cm, ce, 3)]!;
      const s2 = PERMUTATION_CLOSURE[stackPattern(ca, cm, ce, 6)]!;
      if (s0 === 0 || s1 === 0 || s2 === 0) return -1;
      const keepA = back[stackPattern(s0, s1, s2, 0)]!;
      const keepM = back[stackPattern(s0, s1, s2, 3)]!;
      const keepE = back[stackPattern(s0, s1, s2, 6)]!;
      const n0 = (r0 & keepE) | ((r1 & keepA) << 9) | ((r2 & keepA) << 18);
      const n1 = (r3 & keepA) | ((r4 & keepE) << 9) | ((r5 & keepM) << 18);
      const n2 = (r6 & keepM) | ((r7 & keepM) << 9) | ((r8 & keepE) << 18);
      if (n0 !== b0) {
        boards[first] = n0;
        dirty |= 1 << first;
      }
      if (n1 !== b1) {
        boards[first + 1] = n1;
        dirty |= 1 << (first + 1);
      }
      if (n2 !== b2) {
        boards[first + 2] = n2;
        dirty |= 1 << (first + 2);
      }
    }
    return dirty;
  }

  /**
   * Hidden singles in the extra houses, for the digits whose boards changed since the last look;
   * false on a house with no place left for a digit. Placements mark their boards dirty.
   */
  private extraSingles(): boolean {
    const boards = this.boards;
    const unsolved = this.unsolved;
    const { singlesCount: count, singlesMask: mask } = this.extra;
    if (count === 0) return true;
    const pending = this.extraPending;
    for (let digit = 0; digit < 9; digit++) {
      const first = digit * 3;
      if (((pending >>> first) & 7) === 0) continue;
      for (let e = 0, at = 0; e < count; e++, at += 3) {
        const a = boards[first]! & mask[at]!;
        const b = boards[first + 1]! & mask[at + 1]!;
        const c = boards[first + 2]! & mask[at + 2]!;
        if ((a | b | c) === 0) return false;
        // One cell: one word with one bit, the others empty; placed already when it is solved.
        let band: number;
        let bit: number;
        if (a !== 0) {
          if ((a & (a - 1)) !== 0 || (b | c) !== 0) continue;
          band = 0;
          bit = a;
        } else if (b !== 0) {
          if ((b & (b - 1)) !== 0 || c !== 0) continue;
          band = 1;
          bit = b;
        } else {
          if ((c & (c - 1)) !== 0) continue;
          band = 2;
          bit = c;
        }
        if ((unsolved[band]! & bit) === 0) continue;
        if (!this.place(digit, band, bit)) return false;
      }
    }
    return true;
  }

  /**
   * Locked candidates between each extra house and the boxes, rows and columns sharing two cells or
   * more with it, for the digits whose boards changed: a digit of one found only in the shared cells
   * leaves the rest of the other. (A house holding the digit already has it in one cell only, which
   * its peers lost: it takes nothing out.) Never a contradiction by itself: the band rule and the
   * singles find those.
   */
  private extraLocked(): boolean {
    const boards = this.boards;
    const { pairCount, pairs } = this.extra;
    if (pairCount === 0) return true;
    const pending = this.extraPending;
    for (let digit = 0; digit < 9; digit++) {
      const first = digit * 3;
      if (((pending >>> first) & 7) === 0) continue;
      const x0 = boards[first]!;
      const x1 = boards[first + 1]!;
      const x2 = boards[first + 2]!;
      let y0 = x0;
      let y1 = x1;
      let y2 = x2;
      for (let p = 0, end = pairCount * 9; p < end; p += 9) {
        if (((y0 & pairs[p]!) | (y1 & pairs[p + 1]!) | (y2 & pairs[p + 2]!)) === 0) continue;
        const onlyExtra = (y0 & pairs[p + 3]!) | (y1 & pairs[p + 4]!) | (y2 & pairs[p + 5]!);
        const onlyOther = (y0 & pairs[p + 6]!) | (y1 & pairs[p + 7]!) | (y2 & pairs[p + 8]!);
        if (onlyExtra === 0 && onlyOther !== 0) {
          y0 &= ~pairs[p + 6]!;
          y1 &= ~pairs[p + 7]!;
          y2 &= ~pairs[p + 8]!;
        } else if (onlyOther === 0 && onlyExtra !== 0) {
          y0 &= ~pairs[p + 3]!;
          y1 &= ~pairs[p + 4]!;
          y2 &= ~pairs[p + 5]!;
        }
      }
      if (y0 !== x0) {
        boards[first] = y0;
        this.dirty |= 1 << first;
      }
      if (y1 !== x1) {
        boards[first + 1] = y1;
        this.dirty |= 1 << (first + 1);
      }
      if (y2 !== x2) {
        boards[first + 2] = y2;
        this.dirty |= 1 << (first + 2);
      }
    }
    return true;
  }

  /**
   * Killer sums over the summed cages (innies included) touching a band whose boards changed: the
   * placed digits of the cage and the digits its free cells may take give, in one lookup
   * (optionStart9, cage-sums.ts), the digits the free cells may keep and those they must hold; a
   * required digit with one place left in the cage is placed. False on a contradiction.
   */
  private cageRule(): boolean {
    const boards = this.boards;
    const state = this.state;
    const snap = this.cageSnap;
    // Cells changed since the snapshot; then the snapshot moves here.
    let c0 = state[27]! ^ snap[27]!;
    let c1 = state[28]! ^ snap[28]!;
    let c2 = state[29]! ^ snap[29]!;
    for (let at = 0; at < 27; at += 3) {
      c0 |= state[at]! ^ snap[at]!;
      c1 |= state[at + 1]! ^ snap[at + 1]!;
      c2 |= state[at + 2]! ^ snap[at + 2]!;
    }
    snap.set(state);
    const masks = this.cageMask;
    const sums = this.cageSum;
    const bandOf = this.killer!.band;
    const unsolved = this.unsolved;
    const digitSums = DIGIT_SUMS!;
    const optionAt = optionsAt9();
    const options = optionTable9Of();
    for (let i = 0, count = this.cageCount; i < count; i++) {
      const m0 = masks[i * 3]!;
      const m1 = masks[i * 3 + 1]!;
      const m2 = masks[i * 3 + 2]!;
      if (((m0 & c0) | (m1 & c1) | (m2 & c2)) === 0) continue;
      // Free cells (read again for each cage: a placement of the pass may have solved one).
      let f0 = 0;
      let f1 = 0;
      let f2 = 0;
      let placed = 0;
      let union = 0;
      let free: number;
      // Whether a digit's board meets the free or the solved cells, without a branch: a 27-bit
      // word plus BAND_ALL reaches bit 27 exactly when it is not zero.
      const w = bandOf[i]!;
      if (w !== 3) {
        // Most cages lie in one band: one board per digit to read, unrolled.
        const m = masks[i * 3 + w]!;
        const f = m & unsolved[w]!;
        const solved = m ^ f;
        if (w === 0) f0 = f;
        else if (w === 1) f1 = f;
        else f2 = f;
        const b0 = boards[w]!;
        const b1 = boards[w + 3]!;
        const b2 = boards[w + 6]!;
        const b3 = boards[w + 9]!;
        const b4 = boards[w + 12]!;
        const b5 = boards[w + 15]!;
        const b6 = boards[w + 18]!;
        const b7 = boards[w + 21]!;
        const b8 = boards[w + 24]!;
        union =
          (((b0 & f) + BAND_ALL) >>> 27) |
          ((((b1 & f) + BAND_ALL) >>> 27) << 1) |
          ((((b2 & f) + BAND_ALL) >>> 27) << 2) |
          ((((b3 & f) + BAND_ALL) >>> 27) << 3) |
          ((((b4 & f) + BAND_ALL) >>> 27) << 4) |
          ((((b5 & f) + BAND_ALL) >>> 27) << 5) |
          ((((b6 & f) + BAND_ALL) >>> 27) << 6) |
          ((((b7 & f) + BAND_ALL) >>> 27) << 7) |
          ((((b8 & f) + BAND_ALL) >>> 27) << 8);
        if (solved !== 0) {
          placed =
            (((b0 & solved) + BAND_ALL) >>> 27) |
            ((((b1 & solved) + BAND_ALL) >>> 27) << 1) |
            ((((b2 & solved) + BAND_ALL) >>> 27) << 2) |
            ((((b3 & solved) + BAND_ALL) >>> 27) << 3) |
            ((((b4 & solved) + BAND_ALL) >>> 27) << 4) |
            ((((b5 & solved) + BAND_ALL) >>> 27) << 5) |
            ((((b6 & solved) + BAND_ALL) >>> 27) << 6) |
            ((((b7 & solved) + BAND_ALL) >>> 27) << 7) |
            ((((b8 & solved) + BAND_ALL) >>> 27) << 8);
        }
        free = popcount(f);
      } else {
        f0 = m0 & unsolved[0]!;
        f1 = m1 & unsolved[1]!;
        f2 = m2 & unsolved[2]!;
        const s0 = m0 ^ f0;
        const s1 = m1 ^ f1;
        const s2 = m2 ^ f2;
        for (let d = 0, at = 0; d < 9; d++, at += 3) {
          const a = boards[at]!;
          const b = boards[at + 1]!;
          const c = boards[at + 2]!;
          union |= ((((a & f0) | (b & f1) | (c & f2)) + BAND_ALL) >>> 27) << d;
          placed |= ((((a & s0) | (b & s1) | (c & s2)) + BAND_ALL) >>> 27) << d;
        }
        free = popcount(f0) + popcount(f1) + popcount(f2);
      }
      const rest = sums[i]! - digitSums[placed]!;
      if (free === 0) {
        if (rest !== 0) return false;
        continue;
      }
      // The options of (free, rest) (cage-sums.ts), made on first use.
      if (rest <= 0 || rest > 45) return false;
      let start = optionAt[free * 46 + rest]!;
      if (start < 0 && (start = optionStart9(free, rest)) < 0) return false;
      const found = options[start + (union & ~placed)]!;
      if (found === 0) return false;
      const drop = union & ~(found & 0x1ff);
      for (let bits = drop; bits !== 0; bits &= bits - 1) {
        const at = (31 - Math.clz32(bits & -bits)) * 3;
        if ((boards[at]! & f0) !== 0) {
          boards[at] = boards[at]! & ~f0;
          this.dirty |= 1 << at;
        }
        if ((boards[at + 1]! & f1) !== 0) {
          boards[at + 1] = boards[at + 1]! & ~f1;
          this.dirty |= 1 << (at + 1);
        }
        if ((boards[at + 2]! & f2) !== 0) {
          boards[at + 2] = boards[at + 2]! & ~f2;
          this.dirty |= 1 << (at + 2);
        }
      }
      // A digit every combination needs, with one free cell of the cage left for it, goes there.
      for (let bits = (found >>> 9) & ~placed; bits !== 0; bits &= bits - 1) {
        const digit = 31 - Math.clz32(bits & -bits);
        const a = boards[digit * 3]! & f0;
        const b = boards[digit * 3 + 1]! & f1;
        const c = boards[digit * 3 + 2]! & f2;
        if ((a | b | c) === 0) return false;
        let band = -1;
        let bit = 0;
        if (a !== 0) {
          if ((a & (a - 1)) === 0 && (b | c) === 0) {
            band = 0;
            bit = a;
          }
        } else if (b !== 0) {
          if ((b & (b - 1)) === 0 && c === 0) {
            band = 1;
            bit = b;
          }
        } else if ((c & (c - 1)) === 0) {
          band = 2;
          bit = c;
        }
        if (band >= 0 && (unsolved[band]! & bit) !== 0 && !this.place(digit, band, bit)) return false;
      }
    }
    return true;
  }

  private search(depth: number): void {
    if (++this.nodes > this.stopAt) {
      this.aborted = true;
      return;
    }
    if (!this.propagate()) return;
    const unsolved = this.unsolved;
    if ((unsolved[0]! | unsolved[1]! | unsolved[2]!) === 0) {
      if (this.solutions === 0) this.recordSolution(this.solution);
      this.solutions++;
      return;
    }
    // Killers branch on a cell with fewest candidates: their cages cut across the bands and stacks
    // whose placements the classic branching tries (on Solo's killers with a third of the cages
    // taken away, that took 20% longer than the cell).
    if (this.cageCount === 0 && this.attempt === 0 && this.branchOnConfigurations(depth)) return;
    this.branchOnCell(depth);
  }

  /** Branching on a digit's placements in a band or stack, as in band-solver.ts. */
  private branchOnConfigurations(depth: number): boolean {
    const rowPatterns = this.rowPatterns;
    const columnPatterns = this.columnPatterns;
    let bandTotals = 0;
    let stackTotals = 0;
    for (let digit = 0; digit < 9; digit++) {
      const rows = rowPatterns[digit]!;
      const columns = columnPatterns[digit]!;
      bandTotals += CONFIG_COUNT[rows & 0x1ff]! | (CONFIG_COUNT[(rows >>> 9) & 0x1ff]! << 8) | (CONFIG_COUNT[rows >>> 18]! << 16);
      stackTotals +=
        CONFIG_COUNT[columns & 0x1ff]! | (CONFIG_COUNT[(columns >>> 9) & 0x1ff]! << 8) | (CONFIG_COUNT[columns >>> 18]! << 16);
    }
    let bestTotal = 1000;
    let bestLine = -1;
    for (let line = 0; line < 6; line++) {
      const total = ((line < 3 ? bandTotals : stackTotals) >>> ((line % 3) * 8)) & 0xff;
      if (total > 9 && total < bestTotal) {
        bestTotal = total;
        bestLine = line;
      }
    }
    if (this.extra.windows) {
      // Windoku: the bands and stacks of the reordered grid (ALT_ORDER) too.
      const altLine = this.bestAltLine(bestTotal);
      if (altLine >= 0) return this.branchOnLine(depth, altLine, true);
    }
    if (bestLine < 0) return false;
    return this.branchOnLine(depth, bestLine, false);
  }

  /**
   * Branching on the digit with the fewest placements (2-6 permutations) in one band (line 0-2) or
   * stack (3-5): of the grid, or with `alt` of windoku's reordered grid (patterns left in
   * altPatterns by bestAltLine).
   */
  private branchOnLine(depth: number, line: number, alt: boolean): boolean {
    const patterns = line < 3 ? this.rowPatterns : this.columnPatterns;
    const shift = (line % 3) * 9;
    let bestDigit = -1;
    let bestCount = 7;
    let bestPattern = 0;
    for (let digit = 0; digit < 9; digit++) {
      const pattern = alt ? this.altPatterns[digit * 6 + line]! : (patterns[digit]! >>> shift) & 0x1ff;
      const n = CONFIG_COUNT[pattern]!;
      if (n >= 2 && n < bestCount) {
        bestCount = n;
        bestDigit = digit;
        bestPattern = pattern;
        if (n === 2) break;
      }
    }
    let left = bestCount;
    for (let k = 0; k < 6; k++) {
      const permutation = PERMUTATIONS[k]!;
      if ((permutation & bestPattern) !== permutation) continue;
      this.guesses++;
      left--;
      if (left > 0) this.frames[depth]!.set(this.state);
      if (alt) this.restrictToAlt(line, bestDigit, permutation);
      else this.restrictToPermutation(line, bestDigit, permutation);
      this.search(depth + 1);
      if (left === 0 || this.solutions >= this.limit || this.aborted) return true;
      this.state.set(this.frames[depth]!);
      this.dirty = 0;
      this.extraPending = 0;
      this.cagePending = 0;
    }
    return true;
  }

  /**
   * Windoku: the band (0-2) or stack (3-5) of the reordered grid with the fewest configurations
   * over all digits, if fewer than `bestTotal` (the classic lines' best), else -1; leaves each
   * digit's patterns in altPatterns for branchOnLine.
   */
  private bestAltLine(bestTotal: number): number {
    const groups = altGroups!;
    const forward = altForward!;
    const boards = this.boards;
    const alt = this.altPatterns;
    let altBands = 0;
    let altStacks = 0;
    for (let digit = 0; digit < 9; digit++) {
      const first = digit * 3;
      const b0 = boards[first]!;
      const b1 = boards[first + 1]!;
      const b2 = boards[first + 2]!;
      const r0 = b0 & 0x1ff;
      const r1 = (b0 >>> 9) & 0x1ff;
      const r2 = b0 >>> 18;
      const r3 = b1 & 0x1ff;
      const r4 = (b1 >>> 9) & 0x1ff;
      const r5 = b1 >>> 18;
      const r6 = b2 & 0x1ff;
      const r7 = (b2 >>> 9) & 0x1ff;
      const r8 = b2 >>> 18;
      // As windowRule reads them: the reordered bands' boxes are the rows' column groups.
      const pa = groups[r1]! | (groups[r2]! << 3) | (groups[r3]! << 6);
      const pb = groups[r5]! | (groups[r6]! << 3) | (groups[r7]! << 6);
      const pc = groups[r0]! | (groups[r4]! << 3) | (groups[r8]! << 6);
      const ca = forward[r1 | r2 | r3]!;
      const cb = forward[r5 | r6 | r7]!;
      const cc = forward[r0 | r4 | r8]!;
      const s0 = stackPattern(ca, cb, cc, 0);
      const s1 = stackPattern(ca, cb, cc, 3);
      const s2 = stackPattern(ca, cb, cc, 6);
      alt[digit * 6] = pa;
      alt[digit * 6 + 1] = pb;
      alt[digit * 6 + 2] = pc;
      alt[digit * 6 + 3] = s0;
      alt[digit * 6 + 4] = s1;
      alt[digit * 6 + 5] = s2;
      altBands += CONFIG_COUNT[pa]! | (CONFIG_COUNT[pb]! << 8) | (CONFIG_COUNT[pc]! << 16);
      altStacks += CONFIG_COUNT[s0]! | (CONFIG_COUNT[s1]! << 8) | (CONFIG_COUNT[s2]! << 16);
    }
    let altLine = -1;
    for (let line = 0; line < 6; line++) {
      const total = ((line < 3 ? altBands : altStacks) >>> ((line % 3) * 8)) & 0xff;
      if (total > 9 && total < bestTotal) {
        bestTotal = total;
        altLine = line;
      }
    }
    return altLine;
  }

  /** Keeps digit's places in one band (line 0-2) or stack (3-5) of the reordered grid to one permutation. */
  private restrictToAlt(line: number, digit: number, permutation: number): void {
    const back = altBack!;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let keep: number;
        if (line < 3) {
          if (i !== line) continue;
          keep = (EXPAND[permutation]! >>> (j * 9)) & 0x1ff;
        } else {
          const shift = (line - 3) * 3;
          keep = (0x1ff & ~(7 << shift)) | (((permutation >>> (i * 3)) & 7) << shift);
        }
        const row = ALT_ORDER[i * 3 + j]!;
        const index = digit * 3 + ((row / 3) | 0);
        const drop = (~back[keep]! & 0x1ff) << ((row % 3) * 9);
        if ((this.boards[index]! & drop) !== 0) {
          this.boards[index] = this.boards[index]! & ~drop;
          this.dirty |= 1 << index;
        }
      }
    }
  }

  private restrictToPermutation(line: number, digit: number, permutation: number): void {
    const boards = this.boards;
    if (line < 3) {
      const index = digit * 3 + line;
      boards[index] = boards[index]! & EXPAND[permutation]!;
      this.dirty |= 1 << index;
      return;
    }
    const shift = (line - 3) * 3;
    for (let band = 0; band < 3; band++) {
      const columns = (0x1ff & ~(7 << shift)) | (((permutation >>> (band * 3)) & 7) << shift);
      const index = digit * 3 + band;
      boards[index] = boards[index]! & (columns | (columns << 9) | (columns << 18));
      this.dirty |= 1 << index;
    }
  }

  /**
   * Branches on the digits of one cell with fewest (a safety net, as in band-solver.ts): the first
   * such cell row by row, or in later attempts of a count (attempt) from another band on, and on odd
   * attempts the last of the ties.
   */
  private branchOnCell(depth: number): void {
    const boards = this.boards;
    const unsolved = this.unsolved;
    let guessBand = -1;
    let guessBit = 0;
    let best = 10;
    const firstBand = this.attempt % 3;
    const takeLast = (this.attempt & 1) === 1;
    for (let b = 0; b < 3; b++) {
      const band = (firstBand + b) % 3;
      let open = unsolved[band]!;
      while (open !== 0) {
        const bit = open & -open;
        open ^= bit;
        let n = 0;
        for (let j = band; j < 27; j += 3) if (boards[j]! & bit) n++;
        if (n < best || (takeLast && n === best)) {
          best = n;
          guessBand = band;
          guessBit = bit;
        }
      }
    }
    let digitsLeft = 0;
    for (let d = 0; d < 9; d++) if (boards[d * 3 + guessBand]! & guessBit) digitsLeft |= 1 << d;
    while (digitsLeft !== 0) {
      const digitBit = digitsLeft & -digitsLeft;
      digitsLeft ^= digitBit;
      const digit = 31 - Math.clz32(digitBit);
      this.guesses++;
      this.frames[depth]!.set(this.state);
      // The cages were all looked at in this fixed point: only what the guess changes is new.
      if (this.cageCount > 0) this.cageSnap.set(this.state);
      if (this.place(digit, guessBand, guessBit)) this.search(depth + 1);
      if (this.solutions >= this.limit || this.aborted) return;
      this.state.set(this.frames[depth]!);
      this.dirty = 0;
      this.extraPending = 0;
      this.cagePending = 0;
    }
  }

  private recordSolution(into: Uint8Array): void {
    const boards = this.boards;
    for (let j = 0; j < 27; j++) {
      const digit = Math.floor(j / 3) + 1;
      const offset = (j % 3) * 27;
      let cells = boards[j]!;
      while (cells !== 0) {
        const bit = cells & -cells;
        cells ^= bit;
        into[offset + 31 - Math.clz32(bit)] = digit;
      }
    }
  }
}
