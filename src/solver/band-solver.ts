import type { Board } from '../core/board.js';
import { checkedLimit } from '../core/errors.js';
import type { Grid } from '../core/grid.js';
import { badCellValue, toGrid, type GridInput } from '../core/grid-input.js';

/*
 * The counting solver, in the style of JCZSolve / fsss2: one bitboard per (digit, band).
 *
 * A band is three rows (27 cells). For digit d and band b, BOARD[d * 3 + b] holds one bit per cell of
 * the band where d is still possible (placed cells keep their own digit's bit):
 *
 *        col: 0 1 2   3 4 5   6 7 8
 *   row 0:    0 1 2 | 3 4 5 | 6 7 8        bits  0.. 8
 *   row 1:    9 ...               17       bits  9..17
 *   row 2:   18 ...               26       bits 18..26
 *
 * Within a band, a digit occupies exactly one "mini-row" (3 cells of a row inside one box) per row and
 * per box: the 3x3 matrix of occupied mini-rows is a permutation matrix, one of six "placements".
 * Squeezing a band to its 9-bit mini-row pattern and keeping only mini-rows that lie on some
 * permutation inside the pattern gives, in two table lookups, every row/box interaction of the band
 * at once (locked candidates, hidden singles in rows and boxes). The same rule on stacks (mini-columns)
 * covers box/column interactions and hidden singles in columns. A digit fixed in a cell leaves its
 * column in the other bands. Naked singles and empty cells come from bit-sliced counting of the nine
 * digit boards of a band. As in tdoku, mini-rows and mini-columns ("triads") also act as units of
 * three digits (hidden triads).
 *
 * Propagation is incremental: the naked-single pass and the stack rule rerun only for the bands or
 * digits whose boards changed since they last ran, the triads only after some change (and only on
 * mini-rows/columns with an unsolved cell), and a fixed cell marks dirty only the boards it actually
 * changes. Those eliminations run unrolled and without branches (clearCells): whether a board holds
 * the cell is unpredictable, and the mispredicted branches once cost a fifth of the time.
 *
 * Branching follows tdoku: take the band or stack with the fewest placements left over its nine
 * digits, then its digit with the fewest placements (usually two), and try each placement. With the
 * triads this halves the nodes of branching on the first bivalue cell (per puzzle, top1465: 39 -> 19,
 * forum_hardest_11plus: 282 -> 133). Once every band and stack is settled each digit has one cell
 * per box and propagation completes the grid, so the older branching on a bivalue cell (branchOnCell)
 * is only a safety net: it never runs on the shared collections.
 *
 * The search copies the 30-int state onto a preallocated stack before each guess: nothing is allocated
 * per node.
 */

// The tables and helpers below are exported for the extra-house variant of this solver
// (band-extra-solver.ts) only; the public API exports the Solver class alone.
export const BAND_ALL = 0x7ffffff;

/** 9-bit row -> 3-bit mask of the boxes (mini-rows) it touches. */
export const SHRINK3 = new Uint8Array(512);
/** 9-bit row -> the row itself when it has exactly one cell, else 0. */
export const ROW_SINGLE = new Uint16Array(512);
/** 9-bit mini-row pattern (bit row*3+box) -> the mini-rows lying on a permutation inside it. */
export const PERMUTATION_CLOSURE = new Uint16Array(512);
/** 9-bit mini-row pattern -> its mini-rows that are alone in their row (the digit is locked there). */
export const LOCKED = new Uint16Array(512);
/** 9-bit mini-row pattern -> how many permutations (digit placements in the band) lie inside it. */
export const CONFIG_COUNT = new Uint8Array(512);
/** Permutation 0..5 -> its 9-bit mini-row pattern. */
export const PERMUTATIONS = new Uint16Array(6);
/** 9-bit mini-row pattern -> 27-bit cell mask of those mini-rows. */
export const EXPAND = new Int32Array(512);
/** Cell index in band (0..26) -> its row, box and column inside the band, without itself. */
export const PEERS_IN_BAND = new Int32Array(27);
/** Column 0..8 -> its 3 cells in a band. */
export const COLUMN_IN_BAND = new Int32Array(9);
/** Band 0..2 -> bits of its nine digit boards (b, b+3, ..., b+24) for the dirty set. */
export const BAND_BOARDS = new Int32Array(3);

export const CELL_BAND = new Uint8Array(81);
export const CELL_BIT = new Int32Array(81);

(function buildTables() {
  for (let x = 0; x < 512; x++) {
    SHRINK3[x] = (x & 0x7 ? 1 : 0) | (x & 0x38 ? 2 : 0) | (x & 0x1c0 ? 4 : 0);
    ROW_SINGLE[x] = x !== 0 && (x & (x - 1)) === 0 ? x : 0;
  }
  const permutations = [
    [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
  ].map((boxOfRow) => boxOfRow.reduce((mask, box, row) => mask | (1 << (row * 3 + box)), 0));
  for (let pattern = 0; pattern < 512; pattern++) {
    let closure = 0;
    let configs = 0;
    for (const p of permutations) {
      if ((p & pattern) === p) {
        closure |= p;
        configs++;
      }
    }
    CONFIG_COUNT[pattern] = configs;
    PERMUTATION_CLOSURE[pattern] = closure;
    let locked = 0;
    for (let row = 0; row < 3; row++) {
      const bits = (pattern >> (row * 3)) & 7;
      if (bits !== 0 && (bits & (bits - 1)) === 0) locked |= bits << (row * 3);
    }
    LOCKED[pattern] = locked;
    let cells = 0;
    for (let bit = 0; bit < 9; bit++) {
      if (pattern & (1 << bit)) cells |= 0x7 << (Math.floor(bit / 3) * 9 + (bit % 3) * 3);
    }
    EXPAND[pattern] = cells;
  }
  permutations.forEach((p, i) => (PERMUTATIONS[i] = p));
  for (let col = 0; col < 9; col++) COLUMN_IN_BAND[col] = (1 | (1 << 9) | (1 << 18)) << col;
  for (let k = 0; k < 27; k++) {
    const row = Math.floor(k / 9);
    const col = k % 9;
    const box = Math.floor(col / 3);
    const rowMask = 0x1ff << (row * 9);
    const boxMask = (0x7 | (0x7 << 9) | (0x7 << 18)) << (box * 3);
    PEERS_IN_BAND[k] = (rowMask | boxMask | COLUMN_IN_BAND[col]!) & ~(1 << k);
  }
  for (let b = 0; b < 3; b++) {
    let bits = 0;
    for (let d = 0; d < 9; d++) bits |= 1 << (d * 3 + b);
    BAND_BOARDS[b] = bits;
  }
  for (let cell = 0; cell < 81; cell++) {
    CELL_BAND[cell] = Math.floor(cell / 27);
    CELL_BIT[cell] = 1 << (cell % 27);
  }
})();

/** A band board's 9-bit mini-row pattern (bit row * 3 + box): which mini-rows hold a cell. */
export function miniRows(cells: number): number {
  return SHRINK3[cells & 0x1ff]! | (SHRINK3[(cells >>> 9) & 0x1ff]! << 3) | (SHRINK3[cells >>> 18]! << 6);
}

/** The columns (bits 0..8) where a band board has a cell. */
export function columnsOf(cells: number): number {
  return (cells | (cells >>> 9) | (cells >>> 18)) & 0x1ff;
}

/**
 * The 9-bit mini-column pattern of the stack at `shift` (0, 3 or 6) from the column sets of the three
 * bands: bit band * 3 + column in the stack. The same regrouping turns three stack patterns back into
 * the three bands' column sets (it is its own inverse).
 */
export function stackPattern(c0: number, c1: number, c2: number, shift: number): number {
  return ((c0 >>> shift) & 7) | (((c1 >>> shift) & 7) << 3) | (((c2 >>> shift) & 7) << 6);
}

/** Clears `cells` from board j without a branch; returns j's dirty bit if it had any of them. */
export function clearCells(boards: Int32Array, j: number, cells: number): number {
  const board = boards[j]!;
  const hit = board & cells;
  boards[j] = board ^ hit;
  return ((hit | -hit) >>> 31) << j;
}

/**
 * Once cells of one digit are fixed in a band: their columns leave the digit's boards (`first` is its
 * band-0 board) and the cells leave all nine digits' boards of the band. Without branches (they
 * mispredict); returns the dirty bits of the boards that lost a cell, the digit's own included.
 */
export function clearFixed(boards: Int32Array, first: number, band: number, columnCells: number, cells: number): number {
  return (
    clearCells(boards, first, columnCells) |
    clearCells(boards, first + 1, columnCells) |
    clearCells(boards, first + 2, columnCells) |
    clearCells(boards, band, cells) |
    clearCells(boards, band + 3, cells) |
    clearCells(boards, band + 6, cells) |
    clearCells(boards, band + 9, cells) |
    clearCells(boards, band + 12, cells) |
    clearCells(boards, band + 15, cells) |
    clearCells(boards, band + 18, cells) |
    clearCells(boards, band + 21, cells) |
    clearCells(boards, band + 24, cells)
  );
}

export const STATE_SIZE = 30; // 27 digit boards + 3 unsolved masks
/**
 * Each placement branching settles one (band or stack, digit) pair for good, so a path has at most 54
 * of them; room is left for 81 cell branchings of the safety net on top.
 */
export const MAX_DEPTH = 54 + 81 + 1;

export function framesOf(stack: Int32Array): Int32Array[] {
  return Array.from({ length: MAX_DEPTH }, (_, depth) => stack.subarray(depth * STATE_SIZE, (depth + 1) * STATE_SIZE));
}

/** Search effort of the last call. */
export interface SolveStats {
  /** Propagation rounds (search nodes). */
  nodes: number;
  /** Choices tried at branching points (a digit's placement in a band or stack, or a cell's digit). */
  guesses: number;
}

/**
 * The band rule turned sideways: in each stack (three columns), a digit occupies one mini-column
 * (three cells of a column inside one box) per band and per column, again a permutation matrix.
 * Keeps only mini-columns on such permutations: box/column locked candidates and, with the band
 * rule, hidden singles in columns. Returns the boards it changed (dirty bits), -1 on a contradiction. Shared with band-extra-solver.ts.
 */
export function stackRule(boards: Int32Array, changedBoards: number): number {
  let dirty = 0;
  for (let digit = 0; digit < 9; digit++) {
    const first = digit * 3;
    if (((changedBoards >>> first) & 7) === 0) continue;
    const b0 = boards[first]!;
    const b1 = boards[first + 1]!;
    const b2 = boards[first + 2]!;
    // Columns of each band where the digit is still possible (bit = column 0..8).
    const c0 = columnsOf(b0);
    const c1 = columnsOf(b1);
    const c2 = columnsOf(b2);
    // The three stacks' mini-column patterns, closed, then regrouped back into columns per band.
    const s0 = PERMUTATION_CLOSURE[stackPattern(c0, c1, c2, 0)]!;
    const s1 = PERMUTATION_CLOSURE[stackPattern(c0, c1, c2, 3)]!;
    const s2 = PERMUTATION_CLOSURE[stackPattern(c0, c1, c2, 6)]!;
    if (s0 === 0 || s1 === 0 || s2 === 0) return -1;
    const keep0 = stackPattern(s0, s1, s2, 0);
    const keep1 = stackPattern(s0, s1, s2, 3);
    const keep2 = stackPattern(s0, s1, s2, 6);
    if (keep0 !== c0) {
      boards[first] = b0 & (keep0 | (keep0 << 9) | (keep0 << 18));
      dirty |= 1 << first;
    }
    if (keep1 !== c1) {
      boards[first + 1] = b1 & (keep1 | (keep1 << 9) | (keep1 << 18));
      dirty |= 1 << (first + 1);
    }
    if (keep2 !== c2) {
      boards[first + 2] = b2 & (keep2 | (keep2 << 9) | (keep2 << 18));
      dirty |= 1 << (first + 2);
    }
  }
  return dirty;
}

/**
 * Hidden triads, as in tdoku: the three cells of a mini-row (or mini-column) hold three different
 * digits, so where three digits are each locked into the same mini-row (their only place in that
 * row of the band) every other digit leaves it, and four locked is a contradiction. Counted for all
 * 27 mini-rows and 27 mini-columns at once by bit-sliced counting over the nine digits. (Naked
 * triads, three digits possible in a mini-row, saved 1-5% of the nodes but cost more time.)
 * Leaves each digit's patterns in rowPatterns/columnPatterns for branching. Returns the boards it
 * changed (dirty bits), -1 on a contradiction. Shared with band-extra-solver.ts.
 */
export function triadRule(
  boards: Int32Array,
  unsolved: Int32Array,
  rowPatterns: Int32Array,
  rowLocked: Int32Array,
  columnPatterns: Int32Array,
  columnLocked: Int32Array,
): number {
  let dirty = 0;
  // Bit-sliced counts of locked digits per mini-row (9 bits per band) and per mini-column (9 bits
  // per stack, bit band * 3 + column), the three bands or stacks side by side in one int.
  let rows1 = 0;
  let rows2 = 0;
  let rows3 = 0;
  let rows4 = 0;
  let cols1 = 0;
  let cols2 = 0;
  let cols3 = 0;
  let cols4 = 0;
  for (let digit = 0; digit < 9; digit++) {
    const b0 = boards[digit * 3]!;
    const b1 = boards[digit * 3 + 1]!;
    const b2 = boards[digit * 3 + 2]!;
    const p0 = miniRows(b0);
    const p1 = miniRows(b1);
    const p2 = miniRows(b2);
    rowPatterns[digit] = p0 | (p1 << 9) | (p2 << 18);
    const lr = LOCKED[p0]! | (LOCKED[p1]! << 9) | (LOCKED[p2]! << 18);
    rowLocked[digit] = lr;
    rows4 |= rows3 & lr;
    rows3 |= rows2 & lr;
    rows2 |= rows1 & lr;
    rows1 |= lr;
    const c0 = columnsOf(b0);
    const c1 = columnsOf(b1);
    const c2 = columnsOf(b2);
    const q0 = stackPattern(c0, c1, c2, 0);
    const q1 = stackPattern(c0, c1, c2, 3);
    const q2 = stackPattern(c0, c1, c2, 6);
    columnPatterns[digit] = q0 | (q1 << 9) | (q2 << 18);
    const lc = LOCKED[q0]! | (LOCKED[q1]! << 9) | (LOCKED[q2]! << 18);
    columnLocked[digit] = lc;
    cols4 |= cols3 & lc;
    cols3 |= cols2 & lc;
    cols2 |= cols1 & lc;
    cols1 |= lc;
  }
  if ((rows4 | cols4) !== 0) return -1;
  // Only mini-rows and mini-columns with an unsolved cell can give anything.
  const u0 = unsolved[0]!;
  const u1 = unsolved[1]!;
  const u2 = unsolved[2]!;
  const openRows = miniRows(u0) | (miniRows(u1) << 9) | (miniRows(u2) << 18);
  const o0 = columnsOf(u0);
  const o1 = columnsOf(u1);
  const o2 = columnsOf(u2);
  const openColumns = stackPattern(o0, o1, o2, 0) | (stackPattern(o0, o1, o2, 3) << 9) | (stackPattern(o0, o1, o2, 6) << 18);
  rows3 &= openRows;
  cols3 &= openColumns;
  if ((rows3 | cols3) === 0) return dirty;
  for (let digit = 0; digit < 9; digit++) {
    const rowDrop = rows3 & ~rowLocked[digit]! & rowPatterns[digit]!;
    const colDrop = cols3 & ~columnLocked[digit]! & columnPatterns[digit]!;
    if ((rowDrop | colDrop) === 0) continue;
    for (let band = 0; band < 3; band++) {
      const shift = band * 3;
      // Columns 0..8 whose mini-column in this band is dropped.
      const columns =
        ((colDrop >>> shift) & 7) | (((colDrop >>> (9 + shift)) & 7) << 3) | (((colDrop >>> (18 + shift)) & 7) << 6);
      const drop = EXPAND[(rowDrop >>> (band * 9)) & 0x1ff]! | columns | (columns << 9) | (columns << 18);
      const index = digit * 3 + band;
      if ((boards[index]! & drop) !== 0) {
        boards[index] = boards[index]! & ~drop;
        dirty |= 1 << index;
      }
    }
  }
  return dirty;
}

/**
 * A reusable counting solver over preallocated state. Not safe to share between concurrent callers;
 * make one per worker. Assumes nothing about its input: conflicting givens simply count 0.
 */
export class Solver {
  /** The first solution found by the last `count`/`countBoard` that returned at least 1. */
  readonly solution = new Uint8Array(81);
  /** The second solution found by the last call that returned at least 2 (limit 2 or more). */
  readonly secondSolution = new Uint8Array(81);
  /** Effort of the last call. */
  readonly stats: SolveStats = { nodes: 0, guesses: 0 };

  /** The search state: 27 digit boards then 3 unsolved-cell masks, saved whole on the stack. */
  private readonly state = new Int32Array(STATE_SIZE);
  private readonly boards = this.state.subarray(0, 27);
  private readonly unsolved = this.state.subarray(27, STATE_SIZE);
  /**
   * Per digit, as the last triad pass found them: mini-row patterns of the three bands and
   * mini-column patterns of the three stacks (9 bits each, side by side), and their locked parts.
   */
  private readonly rowPatterns = new Int32Array(9);
  private readonly rowLocked = new Int32Array(9);
  private readonly columnPatterns = new Int32Array(9);
  private readonly columnLocked = new Int32Array(9);
  /** The saved state of each search depth: views of one preallocated stack, made once. */
  private readonly frames = framesOf(new Int32Array(MAX_DEPTH * STATE_SIZE));
  private dirty = 0;
  private solutions = 0;
  private limit = 2;

  /**
   * Number of solutions of `grid` (a string, an array or a Uint8Array of 81 cells), counting stops at
   * `limit` (default 2). The last solution found is in {@link solution}.
   * @throws PuzzleFormatError when `grid` is not a grid.
   */
  count(grid: GridInput, limit = 2): number {
    this.begin(limit);
    // A Uint8Array's values are checked by loadGrid as it reads them (a separate pass cost 4% of
    // counting a 17-clue puzzle); other forms go through toGrid.
    if (!this.loadGrid(grid instanceof Uint8Array && grid.length === 81 ? grid : toGrid(grid))) return 0;
    this.search(0);
    return this.solutions;
  }

  /**
   * Number of solutions of a board, counting only its candidates (pencil-mark eliminations are taken
   * as given). Stops at `limit`.
   */
  countBoard(board: Board, limit = 2): number {
    this.begin(limit);
    if (!this.loadBoard(board)) return 0;
    this.search(0);
    return this.solutions;
  }

  private begin(limit: number): void {
    this.limit = checkedLimit(limit);
    this.solutions = 0;
    this.stats.nodes = 0;
    this.stats.guesses = 0;
  }

  private loadGrid(grid: Grid): boolean {
    this.boards.fill(BAND_ALL);
    this.unsolved.fill(BAND_ALL);
    this.dirty = 0;
    let consistent = true;
    for (let cell = 0; cell < 81; cell++) {
      const digit = grid[cell]!;
      if (digit > 9) throw badCellValue(cell, digit);
      // After a conflict the rest is still read, so that a bad value is never hidden by it.
      if (digit !== 0 && consistent && !this.place(digit - 1, CELL_BAND[cell]!, CELL_BIT[cell]!)) consistent = false;
    }
    this.dirty = BAND_ALL;
    return consistent;
  }

  private loadBoard(board: Board): boolean {
    const boards = this.boards;
    boards.fill(0);
    this.unsolved.fill(BAND_ALL);
    for (let cell = 0; cell < 81; cell++) {
      const band = CELL_BAND[cell]!;
      const bit = CELL_BIT[cell]!;
      const value = board.values[cell]!;
      const mask = value !== 0 ? 1 << (value - 1) : board.candidates[cell]!;
      for (let d = 0; d < 9; d++) if (mask & (1 << d)) boards[d * 3 + band] = boards[d * 3 + band]! | bit;
    }
    for (let cell = 0; cell < 81; cell++) {
      const digit = board.values[cell]!;
      if (digit !== 0 && !this.place(digit - 1, CELL_BAND[cell]!, CELL_BIT[cell]!)) return false;
    }
    this.dirty = BAND_ALL;
    return true;
  }

  /** Fixes digit (0..8) at one cell of a band; false if the digit is no longer possible there. */
  private place(digit: number, band: number, bit: number): boolean {
    const boards = this.boards;
    const index = digit * 3 + band;
    if ((boards[index]! & bit) === 0) return false;
    const k = 31 - Math.clz32(bit);
    const own = boards[index]! & ~PEERS_IN_BAND[k]!;
    // Only boards that change become dirty (after a naked single no other digit has the cell).
    const dirty = clearFixed(boards, digit * 3, band, COLUMN_IN_BAND[k % 9]!, bit);
    boards[index] = own;
    this.unsolved[band] = this.unsolved[band]! & ~bit;
    this.dirty |= dirty | (1 << index);
    return true;
  }

  /** Applies every band rule and single until nothing changes; false on a contradiction. */
  private propagate(): boolean {
    const boards = this.boards;
    const unsolved = this.unsolved;
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
        // Rows left with one cell fix the digit there.
        const fixed =
          (ROW_SINGLE[cells & 0x1ff]! | (ROW_SINGLE[(cells >>> 9) & 0x1ff]! << 9) | (ROW_SINGLE[cells >>> 18]! << 18)) &
          unsolved[band]!;
        if (fixed === 0) continue;
        unsolved[band] = unsolved[band]! & ~fixed;
        const columns = columnsOf(fixed);
        // This board loses its fixed cells too and gets them back right after.
        dirty |= clearFixed(boards, index - band, band, columns | (columns << 9) | (columns << 18), fixed);
        boards[index] = cells;
        dirty &= ~low;
      }
      this.dirty = 0;
      singlesPending |= touched;
      stackPending |= touched;
      triadPending |= touched;

      // Naked singles and empty cells, band by band, by bit-sliced counting over the nine digits.
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
          // An earlier single of this pass may have taken the cell's last digit away.
          let digit = 0;
          while (digit < 9 && (boards[digit * 3 + band]! & bit) === 0) digit++;
          if (digit === 9 || !this.place(digit, band, bit)) return false;
          placedAny = true;
        }
      }
      singlesPending = 0;
      if (placedAny) continue;
      if (stackPending !== 0) {
        const changed = stackRule(this.boards, stackPending);
        if (changed < 0) return false;
        this.dirty |= changed;
        stackPending = 0;
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

  private search(depth: number): void {
    this.stats.nodes++;
    if (!this.propagate()) return;
    const boards = this.boards;
    const unsolved = this.unsolved;
    if ((unsolved[0]! | unsolved[1]! | unsolved[2]!) === 0) {
      if (this.solutions === 0) this.recordSolution(this.solution);
      else if (this.solutions === 1) this.recordSolution(this.secondSolution);
      this.solutions++;
      return;
    }
    if (this.branchOnConfigurations(depth)) return;
    this.branchOnCell(depth);
  }

  /**
   * Branches on the placements (permutations of mini-rows, or of mini-columns) of one digit in one
   * band or stack, as tdoku does: the band or stack with the fewest placements left over all digits,
   * then its digit with the fewest (at least two). False when every band and stack is fixed.
   */
  private branchOnConfigurations(depth: number): boolean {
    // The patterns left by the last triad pass, which saw the final state of propagate().
    const rowPatterns = this.rowPatterns;
    const columnPatterns = this.columnPatterns;
    // Placements left per band and per stack, summed over the digits three at a time (8 bits each).
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
    if (bestLine < 0) return false;

    // The digit with the fewest placements (at least two) in that band or stack.
    const patterns = bestLine < 3 ? rowPatterns : columnPatterns;
    const shift = (bestLine < 3 ? bestLine : bestLine - 3) * 9;
    let bestDigit = -1;
    let bestCount = 7;
    let bestPattern = 0;
    for (let digit = 0; digit < 9; digit++) {
      const pattern = (patterns[digit]! >>> shift) & 0x1ff;
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
      this.stats.guesses++;
      left--;
      if (left > 0) this.frames[depth]!.set(this.state);
      this.restrictToPermutation(bestLine, bestDigit, permutation);
      this.search(depth + 1);
      if (left === 0 || this.solutions >= this.limit) return true;
      this.state.set(this.frames[depth]!);
      this.dirty = 0;
    }
    return true;
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

  /** Branches on the digits of one cell; see the header for why it is only a safety net. */
  private branchOnCell(depth: number): void {
    const boards = this.boards;
    const unsolved = this.unsolved;
    // Branch on a cell with two candidates if there is one, else on the cell with fewest.
    let guessBand = -1;
    let guessBit = 0;
    for (let band = 0; band < 3 && guessBand < 0; band++) {
      let one = 0;
      let two = 0;
      let three = 0;
      for (let j = band; j < 27; j += 3) {
        const cells = boards[j]!;
        three |= two & cells;
        two |= one & cells;
        one |= cells;
      }
      const pairs = two & ~three & unsolved[band]!;
      if (pairs !== 0) {
        guessBand = band;
        guessBit = pairs & -pairs;
      }
    }
    if (guessBand < 0) {
      let best = 10;
      for (let band = 0; band < 3; band++) {
        let open = unsolved[band]!;
        while (open !== 0) {
          const bit = open & -open;
          open ^= bit;
          let n = 0;
          for (let j = band; j < 27; j += 3) if (boards[j]! & bit) n++;
          if (n < best) {
            best = n;
            guessBand = band;
            guessBit = bit;
          }
        }
      }
    }

    let digitsLeft = 0;
    for (let d = 0; d < 9; d++) if (boards[d * 3 + guessBand]! & guessBit) digitsLeft |= 1 << d;
    while (digitsLeft !== 0) {
      const digitBit = digitsLeft & -digitsLeft;
      digitsLeft ^= digitBit;
      const digit = 31 - Math.clz32(digitBit);
      this.stats.guesses++;
      if (digitsLeft === 0) {
        // Last choice: no need to keep the state.
        if (this.place(digit, guessBand, guessBit)) this.search(depth + 1);
        return;
      }
      this.frames[depth]!.set(this.state);
      if (this.place(digit, guessBand, guessBit)) this.search(depth + 1);
      if (this.solutions >= this.limit) return;
      this.state.set(this.frames[depth]!);
      this.dirty = 0;
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
