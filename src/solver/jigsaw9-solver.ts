/*
 * The counting solver of plain 9x9 jigsaws (rows, columns and nine regions partitioning the grid,
 * nothing else; odd/even marks allowed), digit-major like the band solver (band-solver.ts):
 * grid9-solver.ts hands such rule sets here (a region that is also a row or column, which the rules
 * value holds once, among the nine regions again) and keeps the rest (extra houses, cages).
 *
 * The state is one board of 81 cells per digit, three words of 27 bits (rows 0-2, 3-5, 6-8), the
 * solved cells, per digit the houses not holding it yet and its board at the leftovers' last look,
 * 67 ints:
 *
 *   state[d * 3 + w]   cells of word w where digit d + 1 is still possible
 *   state[27 + w]      cells of word w solved (their digit is the one board holding them, and it
 *                      has left their peers)
 *   state[30 + d]      houses (bits 0-8 rows, 9-17 columns, 18-26 regions) without a solved d
 *   state[40 + d * 3]  d's board at its last look by the law of leftovers (see AT_REST)
 *
 * Propagation works a digit at a time, and only on the digits whose board changed (`dirty`, nine
 * bits), as JCZSolve does per band. Singles first, to a fixed point, for all digits:
 * - naked singles for all cells at once, by bit-sliced counting over the nine boards (a cell on no
 *   board is a contradiction), between rounds of digit updates;
 * - a digit's update: its cells that no other board holds, its rows of one cell (a row is 9 bits of
 *   a word: a table of 512), its columns of one cell (counted all at once over the nine rows
 *   folded onto 9 bits), its open regions of one cell (three ANDs each), only where the digit
 *   changed since its last look (per-digit house marks: after another digit took cells, the houses
 *   of those cells); a house without the digit is a contradiction. The new cells leave their
 *   peers (three ANDs a cell); again until none. Then all the cells the update placed leave the
 *   other eight boards at once, marking them dirty (the digit's own look reads none of them).
 * Then locked candidates on the boards changed since their last look, between a line and a region,
 * from per-cell tables of the layout (does the first candidate's region hold all of a row's
 * candidates? its row all of a region's?...), and the law of leftovers once the layout's pairs are
 * made (grid9-solver.ts makes both), on the pairs with a cell where the board differs from its
 * last look; and singles again while they took anything out.
 * A guess writes a cell's digit by taking the cell from the other boards; nothing else is needed.
 *
 * Search: the unsolved cell with two candidates that sees most unsolved cells, else one with fewest;
 * each digit on a copy of the state one level up a preallocated stack. Nothing is allocated per
 * node. What it reads of the layout is grid9-solver.ts's compiled (cached) Layout9.
 */

/** What this solver reads of a layout (grid9-solver.ts's Layout9: the same fields). */
export interface JigsawLayout9 {
  /** House h's cells as three words at houseMask[h * 3]: rows 0-8, columns 9-17, regions 18-26. */
  readonly houseMask: Int32Array;
  /** Houses of each cell as 64 bits, two ints per cell. */
  readonly housesOfBits: Int32Array;
  /** Peers of each cell, three words per cell. */
  readonly peerMask: Int32Array;
  /** Per cell k of row r, column c, region g: r outside g (k's word), g outside r, g outside c, c outside g. */
  readonly rowOut: Int32Array;
  readonly regionOffRow: Int32Array;
  readonly regionOffColumn: Int32Array;
  readonly columnOut: Int32Array;
  /** The tables above in one buffer in this order (houses 0-26 only), or null: see Layout9.lineTables. */
  readonly lineTables: Int32Array | null;
  /** Leftover pairs (12 words each: one side, the other, both, houses as 64 bits, 0), null until made. */
  readonly leftMask: Int32Array | null;
}

const ALL = 0x7ffffff;
const STATE = 67;
const SOLVED = 27;
/** Per digit, the houses (bits 0-26) not holding it yet. */
const OPEN = 30;
/**
 * Per digit, d's board when the law of leftovers last looked at it (three words a digit; full at
 * the root, where no pair takes anything out). A pair whose cells hold d as there takes nothing
 * out: that look left it so, or it took cells out of the pair, or of its sides (then they differ
 * now, since boards only shrink down a path). So a look needs only the pairs with a cell where
 * the board differs from this one.
 */
const AT_REST = 40;
/** A column's cells in each word: bits c, c + 9 and c + 18 of column 0. */
const COLUMN = 1 | (1 << 9) | (1 << 18);

// Every table the search reads is a module constant, filled from the layout when a count (or
// lockLines, lockLeftovers) gets another one: V8's optimized code then reads it at a known
// address, where a module \`let\` or a layout's field costs a hole, map and bounds check at each
// read. Measured by instruction counts (callgrind over 40 counts of each of Solo's 100
// intermediate jigsaws): singles, locked candidates and propagation 121k to 98k a count.
// Allocated once, when the module loads (no work beyond that); filled on first use.
/**
 * The length of the small tables below (of 3 or 9 ints): V8 keeps a typed array of up to 64 bytes
 * on its heap, where it can move, so optimized code loads its base and length at each use; a
 * larger one is read at a fixed address.
 */
const SMALL = 17;
/** A 9-bit row -> itself when it has one cell, else 0 (filled on the first count). */
const ONE = new Int32Array(512);
/** The state of each level of the search (a path places at most 81 digits). */
const stack = new Int32Array(STATE * 83);
const found = new Uint8Array(81);
/** The boards of the first solution of the last count that found one, not yet written into {@link found} while `solutionNew`. */
const solutionBoards = new Int32Array(27);
let solutionNew = false;
/**
 * The layout's houses 0-26 (three words each: regions at 54..80), houses of each cell (two ints a
 * cell), peers (three words a cell) and per-cell line tables, in the order of Layout9.lineTables.
 */
const lineTables = new Int32Array(1296);
const houses = lineTables.subarray(0, 81);
const housesOf = lineTables.subarray(81, 243);
const peers = lineTables.subarray(243, 486);
const rowOut = lineTables.subarray(486, 567);
const regionOffRow = lineTables.subarray(567, 810);
const regionOffColumn = lineTables.subarray(810, 1053);
const columnOut = lineTables.subarray(1053, 1296);
/**
 * The leftover pairs of a layout (grid9-solver.ts makes at most 72, 12 words each: one side, the
 * other, both, three words each; the houses of their cells as 64 bits; 0) and how many words of
 * them (at most 864: see leftoverPass).
 */
const sides = new Int32Array(1024 + 16);
const PAIR = 12;
let sideWords = 0;
/** The layout and leftover pairs in the constants above. */
let linesLayout: JigsawLayout9 | null = null;
let sidesSource: Int32Array | null = null;
let layout: JigsawLayout9;

/** The tables of `next` into the constants, unless they hold them already. */
function useLines(next: JigsawLayout9): void {
  if (next === linesLayout) return;
  linesLayout = next;
  // (One copy where the layout's tables lie in one buffer in this order, as a plain jigsaw's do.)
  if (next.lineTables !== null) {
    lineTables.set(next.lineTables);
    return;
  }
  peers.set(next.peerMask);
  housesOf.set(next.housesOfBits);
  houses.set(next.houseMask.subarray(0, 81));
  rowOut.set(next.rowOut);
  regionOffRow.set(next.regionOffRow);
  regionOffColumn.set(next.regionOffColumn);
  columnOut.set(next.columnOut);
}

/** The leftover pairs of a layout into {@link sides}; none when null. */
function useSides(pairs: Int32Array | null): void {
  sidesSource = pairs;
  sideWords = pairs === null ? 0 : pairs.length;
  if (pairs !== null) sides.set(pairs);
}

/** Digits (bit d) whose board changed since their last update. */
let dirty = 0;
/** Digits whose board changed since locked candidates last looked at it. */
let lockDirty = 0;
/** Per digit, the houses (bits 0-26) where singles (check) and locked candidates (lockCheck) have to look again. */
const check = new Int32Array(SMALL);
const lockCheck = new Int32Array(SMALL);
/** Cells with exactly one candidate (three words), from the last count over the boards. */
const SINGLE = new Int32Array(SMALL);
let solutions = 0;
let limit = 2;
let nodes = 0;
let guesses = 0;
/** What the count returns when its search wants the layout's leftover pairs made first (the caller makes them and counts again). */
export const WANTS_LEFTOVERS = -1;
/** What the count returns when its search passed its node budget (the caller counts another way). */
export const RAN_OUT = -2;
/** Why the search stopped before its end: 0, WANTS_LEFTOVERS or RAN_OUT. */
let halt = 0;
/** The node count past which the search stops with RAN_OUT. */
let budget = 0;

/** Search effort of the last count. */
export function lastJigsaw9Stats(): { nodes: number; guesses: number } {
  return { nodes, guesses };
}

/**
 * The first solution of the last count that found one (the solver's own array: copy it). Written
 * from its boards when asked: a count of a unique puzzle does not need it.
 */
export function lastJigsaw9Solution(): Uint8Array {
  if (solutionNew) {
    solutionNew = false;
    for (let d = 0; d < 9; d++) {
      for (let w = 0; w < 3; w++) {
        for (let cells = solutionBoards[d * 3 + w]!; cells !== 0; cells &= cells - 1) found[w * 27 + 31 - Math.clz32(cells & -cells)] = d + 1;
      }
    }
  }
  return found;
}

/**
 * Solutions of `givens` (81 cells, 0 empty) on a plain jigsaw layout, up to `max`. Returns
 * {@link WANTS_LEFTOVERS} when the search wants the layout's leftover pairs first, and
 * {@link RAN_OUT} when it passed `maxNodes` search nodes: this solver has no restarts, so a nearly
 * empty grid with no solution (a layout that cannot be filled) would run for minutes here; the
 * caller counts those with grid9-solver.ts's search. `startMasks`: odd/even marks (allowed digits
 * per cell) or null.
 */
export function countJigsaw9(tables: JigsawLayout9, givens: ArrayLike<number>, startMasks: Uint16Array | null, max: number, maxNodes: number): number {
  if (ONE[1] === 0) for (let bit = 0; bit < 9; bit++) ONE[1 << bit] = 1 << bit;
  layout = tables;
  useLines(tables);
  if (tables.leftMask !== sidesSource) useSides(tables.leftMask);
  limit = Math.max(1, max);
  solutions = 0;
  nodes = 0;
  guesses = 0;
  halt = 0;
  budget = maxNodes;
  // The root: each digit's board is its givens and every cell no given holds. Cells go by words
  // (cell k is bit k - 27w of word w), with no division a cell.
  const st = stack;
  for (let at = 0; at < 27; at++) st[at] = 0;
  for (let w = 0, cell = 0; w < 3; w++) {
    let given = 0;
    for (let bit = 1; bit <= 1 << 26; bit <<= 1, cell++) {
      const digit = givens[cell]!;
      if (digit === 0) continue;
      if (digit > 9 || (startMasks !== null && (startMasks[cell]! & (1 << (digit - 1))) === 0)) return 0;
      st[(digit - 1) * 3 + w] = st[(digit - 1) * 3 + w]! | bit;
      given |= bit;
    }
    const free = ~given & ALL;
    for (let at = w; at < 27; at += 3) st[at] = st[at]! | free;
  }
  // Odd/even marks: the digits a free cell may not hold leave its boards (a given's were checked).
  if (startMasks !== null) {
    for (let w = 0, cell = 0; w < 3; w++) {
      for (let bit = 1; bit <= 1 << 26; bit <<= 1, cell++) {
        const banned = ~startMasks[cell]! & 0x1ff;
        if (banned !== 0) for (let d = 0; d < 9; d++) if ((banned & (1 << d)) !== 0) st[d * 3 + w] = st[d * 3 + w]! & ~bit;
      }
    }
  }
  // Nothing solved yet (the naked singles of the first round place the givens); every house open.
  st[SOLVED] = 0;
  st[SOLVED + 1] = 0;
  st[SOLVED + 2] = 0;
  for (let at = OPEN; at < STATE; at++) st[at] = ALL;
  for (let d = 0; d < 9; d++) {
    check[d] = ALL;
    lockCheck[d] = ALL;
  }
  dirty = 0x1ff;
  lockDirty = 0x1ff;
  if (propagate(0)) search(0);
  return halt !== 0 ? halt : solutions;
}

/** Naked singles and empty cells over the nine boards; false on an empty cell. Marks the digits of new singles dirty. */
function nakedPass(level: number): boolean {
  const base = level & 8191; // (see singles)
  const st = stack;
  for (let w = 0; w < 3; w++) {
    const at = base + w;
    let one = st[at]!;
    let two = 0;
    let v = st[at + 3]!;
    two |= one & v;
    one |= v;
    v = st[at + 6]!;
    two |= one & v;
    one |= v;
    v = st[at + 9]!;
    two |= one & v;
    one |= v;
    v = st[at + 12]!;
    two |= one & v;
    one |= v;
    v = st[at + 15]!;
    two |= one & v;
    one |= v;
    v = st[at + 18]!;
    two |= one & v;
    one |= v;
    v = st[at + 21]!;
    two |= one & v;
    one |= v;
    v = st[at + 24]!;
    two |= one & v;
    one |= v;
    if (one !== ALL) return false;
    const fresh = one & ~two & ~st[base + SOLVED + w]!;
    SINGLE[w] = fresh;
    if (fresh !== 0) for (let d = 0, b = at; d < 9; d++, b += 3) if ((st[b]! & fresh) !== 0) dirty |= 1 << d;
  }
  return true;
}

/** Every rule to a fixed point; false on a contradiction. */
function propagate(base: number): boolean {
  nodes++;
  for (;;) {
    if (!nakedPass(base)) return false;
    if (dirty !== 0) {
      if (!singles(base)) return false;
      continue;
    }
    // Singles are at a fixed point: locked candidates on the boards changed since their last look
    // (none when every cell is solved: a third of the looks on Solo's intermediate jigsaws).
    if (lockDirty === 0 || (stack[base + SOLVED]! & stack[base + SOLVED + 1]! & stack[base + SOLVED + 2]!) === ALL) return true;
    const todo = lockDirty;
    lockDirty = 0;
    for (let bits = todo; bits !== 0; bits &= bits - 1) if (!locked(base, 31 - Math.clz32(bits & -bits))) return false;
    if (dirty === 0) return true;
  }
}

/**
 * The bits set in at least two of x, y, z. (A constant, not a function declaration, which a module
 * may reassign: V8 then checks the binding at each inlined call.)
 */
const twoOf = (x: number, y: number, z: number): number => (x & y) | (z & (x | y));

/**
 * The singles of the dirty digits, lowest first, each until it finds none (see the top); false on
 * a contradiction. Only the houses not holding a digit yet are looked at. One call runs the whole
 * round (what a digit places dirties others, lower ones too), so the solved cells stay in locals.
 */
function singles(level: number): boolean {
  // (Masked: V8 then knows the indices below stay small and checks no overflow at each; the stack
  // holds 83 levels of 67 ints, 5,561 < 8,192.)
  const base = level & 8191;
  const st = stack;
  let s0 = st[base + SOLVED]!;
  let s1 = st[base + SOLVED + 1]!;
  let s2 = st[base + SOLVED + 2]!;
  // (Local names: V8 then reads these tables at a known address, without a map check each time.)
  const reg = houses;
  const rowOne = ONE;
  const peer = peers;
  const cellHouses = housesOf;
  const single0 = SINGLE[0]!;
  const single1 = SINGLE[1]!;
  const single2 = SINGLE[2]!;
  let todo = dirty;
  let lockTodo = lockDirty;
  while (todo !== 0) {
    const d = 31 - Math.clz32(todo & -todo);
    todo &= todo - 1;
    const at = base + d * 3;
    let b0 = st[at]!;
    let b1 = st[at + 1]!;
    let b2 = st[at + 2]!;
    let open = st[base + OPEN + d]!;
    const start0 = b0;
    const start1 = b1;
    const start2 = b2;
    // The houses to look at: where d changed since the last look, then (after d's own placements) all.
    let look = check[d]!;
    check[d] = 0;
    // The cells this digit placed and their houses, for the other boards at the end.
    let placed0 = 0;
    let placed1 = 0;
    let placed2 = 0;
    let closedAll = 0;
    for (;;) {
      // Naked singles of the board, then rows, columns and regions with one cell.
      let n0 = b0 & single0 & ~s0;
      let n1 = b1 & single1 & ~s1;
      let n2 = b2 & single2 & ~s2;
      // Every row holds d (a solved one its cell): an empty row is a contradiction; a row of one
      // cell not solved yet is a single.
      let x = b0 & 0x1ff;
      let y = (b0 >>> 9) & 0x1ff;
      let z = b0 >>> 18;
      if (x === 0 || y === 0 || z === 0) return false;
      n0 |= rowOne[x]! | (rowOne[y]! << 9) | (rowOne[z]! << 18);
      x = b1 & 0x1ff;
      y = (b1 >>> 9) & 0x1ff;
      z = b1 >>> 18;
      if (x === 0 || y === 0 || z === 0) return false;
      n1 |= rowOne[x]! | (rowOne[y]! << 9) | (rowOne[z]! << 18);
      x = b2 & 0x1ff;
      y = (b2 >>> 9) & 0x1ff;
      z = b2 >>> 18;
      if (x === 0 || y === 0 || z === 0) return false;
      n2 |= rowOne[x]! | (rowOne[y]! << 9) | (rowOne[z]! << 18);
      n0 &= ~s0;
      n1 &= ~s1;
      n2 &= ~s2;
      const openColumns = (open >>> 9) & 0x1ff;
      if (openColumns !== 0) {
        // The nine rows folded onto 9 bits (the bits above 8 are dropped at the end): columns with
        // at least one cell (one), with two or more (two).
        const top = b0 | (b0 >>> 9) | (b0 >>> 18);
        const middle = b1 | (b1 >>> 9) | (b1 >>> 18);
        const bottom = b2 | (b2 >>> 9) | (b2 >>> 18);
        const one = (top | middle | bottom) & 0x1ff;
        const two = (twoOf(b0, b0 >>> 9, b0 >>> 18) | twoOf(b1, b1 >>> 9, b1 >>> 18) | twoOf(b2, b2 >>> 9, b2 >>> 18) | twoOf(top, middle, bottom)) & 0x1ff;
        if ((openColumns & ~one) !== 0) return false;
        const columns = (openColumns & ~two) * COLUMN;
        n0 |= b0 & columns;
        n1 |= b1 & columns;
        n2 |= b2 & columns;
      }
      for (let bits = (open & look) >>> 18; bits !== 0; bits &= bits - 1) {
        const g = 54 + (31 - Math.clz32(bits & -bits)) * 3;
        const a = b0 & reg[g]!;
        const b = b1 & reg[g + 1]!;
        const c = b2 & reg[g + 2]!;
        const x = a | b | c;
        if (x === 0) return false;
        // One cell: the words share no bit and their union has one.
        if (((a & b) | (a & c) | (b & c) | (x & (x - 1))) === 0) {
          n0 |= a;
          n1 |= b;
          n2 |= c;
        }
      }
      if ((n0 | n1 | n2) === 0) break;
      // The new cells of d leave their peers (two seeing each other took each other out) and close
      // their houses for d...
      let closed = 0;
      for (let w = 0; w < 3; w++) {
        const last = w * 27 + 31;
        for (let bits = w === 0 ? n0 : w === 1 ? n1 : n2; bits !== 0; bits &= bits - 1) {
          const k = last - Math.clz32(bits & -bits);
          b0 &= ~peer[k * 3]!;
          b1 &= ~peer[k * 3 + 1]!;
          b2 &= ~peer[k * 3 + 2]!;
          closed |= cellHouses[k * 2]!;
        }
      }
      open &= ~closed;
      look = ALL;
      if (((n0 & ~b0) | (n1 & ~b1) | (n2 & ~b2)) !== 0) return false;
      s0 |= n0;
      s1 |= n1;
      s2 |= n2;
      placed0 |= n0;
      placed1 |= n1;
      placed2 |= n2;
      closedAll |= closed;
    }
    // ...and the other boards, once for all the digit placed (they do not take part in its own look).
    if ((placed0 | placed1 | placed2) !== 0) {
      const houseMarks = check;
      const lockMarks = lockCheck;
      let changed = 0;
      for (let e = 0, x = base; e < 9; e++, x += 3) {
        const v0 = st[x]!;
        const v1 = st[x + 1]!;
        const v2 = st[x + 2]!;
        if (e === d || ((v0 & placed0) | (v1 & placed1) | (v2 & placed2)) === 0) continue;
        st[x] = v0 & ~placed0;
        st[x + 1] = v1 & ~placed1;
        st[x + 2] = v2 & ~placed2;
        changed |= 1 << e;
        houseMarks[e] = houseMarks[e]! | closedAll;
        lockMarks[e] = lockMarks[e]! | closedAll;
      }
      todo |= changed;
      lockTodo |= changed;
    }
    st[base + OPEN + d] = open;
    if (b0 !== start0 || b1 !== start1 || b2 !== start2) {
      st[at] = b0;
      st[at + 1] = b1;
      st[at + 2] = b2;
      lockTodo |= 1 << d;
      lockCheck[d] = ALL;
    }
  }
  st[base + SOLVED] = s0;
  st[base + SOLVED + 1] = s1;
  st[base + SOLVED + 2] = s2;
  dirty = 0;
  lockDirty = lockTodo;
  return true;
}

/**
 * Locked candidates of digit d between lines and regions, and leftovers; marks d dirty when they
 * took anything out. False on a contradiction (a house left without d).
 */
function locked(level: number, digit: number): boolean {
  const base = level & 8191; // (see singles)
  const d = digit & 15;
  const st = stack;
  const at = base + d * 3;
  let b0 = st[at]!;
  let b1 = st[at + 1]!;
  let b2 = st[at + 2]!;
  const open = st[base + OPEN + d]! & lockCheck[d]!;
  lockCheck[d] = 0;
  if (open !== 0) {
    if (!lockLinesHere(b0, b1, b2, open, true)) return false;
    b0 = LOCKED[0]!;
    b1 = LOCKED[1]!;
    b2 = LOCKED[2]!;
  }
  if (sideWords !== 0) {
    // The law of leftovers on the pairs with a cell where d's board differs from its last look's
    // (one pass: a pair it changes, or one that meets the cells it took out, differs from the
    // board kept, so the next look, when d changed, sees it; a while loop to d's fixed point
    // here was slower).
    const r = base + AT_REST + d * 3;
    const c0 = b0 ^ st[r]!;
    const c1 = b1 ^ st[r + 1]!;
    const c2 = b2 ^ st[r + 2]!;
    st[r] = b0;
    st[r + 1] = b1;
    st[r + 2] = b2;
    if ((c0 | c1 | c2) !== 0) {
      leftoverPass(6, c0, c1, c2, b0, b1, b2);
      b0 = LOCKED[0]!;
      b1 = LOCKED[1]!;
      b2 = LOCKED[2]!;
    }
  }
  if (b0 !== st[at] || b1 !== st[at + 1] || b2 !== st[at + 2]) {
    st[at] = b0;
    st[at + 1] = b1;
    st[at + 2] = b2;
    dirty |= 1 << d;
    lockDirty |= 1 << d;
    check[d] = ALL;
    lockCheck[d] = ALL;
  }
  return true;
}

/** The board lockLines and lockLeftovers leave (three words). */
export const LOCKED = new Int32Array(SMALL);

/**
 * Locked candidates of one digit between the lines and regions of a lined layout (rows,
 * columns, then nine regions that partition the grid), on its board `b0..b2`: for each row and
 * column marked in `open` (bits 0-8, 9-17), does the region of its first candidate hold all of
 * them? for each region marked (bits 18-26), its row? its column? The board is left in
 * {@link LOCKED}. A marked house with no candidate left is a contradiction (false) when `strict`,
 * else it is passed over (grid9-solver.ts finds it elsewhere). Shared by this solver and
 * grid9-solver.ts's lined layouts.
 */
export function lockLines(layout: JigsawLayout9, b0: number, b1: number, b2: number, open: number, strict: boolean): boolean {
  useLines(layout);
  return lockLinesHere(b0, b1, b2, open, strict);
}

/** {@link lockLines} on the layout whose tables the constants hold. */
function lockLinesHere(board0: number, board1: number, board2: number, open: number, strict: boolean): boolean {
  // (Words made int32 here: V8 otherwise kept them tagged through the loops, with a small-integer
  // check and shifts at each use.)
  let b0 = board0 | 0;
  let b1 = board1 | 0;
  let b2 = board2 | 0;
  // (Local names: V8 then reads these tables at a known address, without a map check each time.)
  const offRow = regionOffRow;
  const offColumn = regionOffColumn;
  const reg = houses;
  const outRow = rowOut;
  const outColumn = columnOut;
  // Rows: the first candidate's region holds all the row's candidates? A row is 9 bits of a word
  // (cell k is bit k - 27w of word w). (An earlier line of this pass may have emptied a row.)
  for (let w = 0; w < 3; w++) {
    for (let rows = (open >>> (w * 3)) & 7; rows !== 0; rows &= rows - 1) {
      const v = w === 0 ? b0 : w === 1 ? b1 : b2;
      const seg = v & (0x1ff << ((31 - Math.clz32(rows & -rows)) * 9));
      if (seg === 0) {
        if (strict) return false;
        continue;
      }
      const k = w * 27 + 31 - Math.clz32(seg & -seg);
      if ((v & outRow[k]!) !== 0) continue;
      b0 &= ~offRow[k * 3]!;
      b1 &= ~offRow[k * 3 + 1]!;
      b2 &= ~offRow[k * 3 + 2]!;
    }
  }
  // Columns: the first candidate's region holds all the column's candidates?
  for (let columns = (open >>> 9) & 0x1ff; columns !== 0; columns &= columns - 1) {
    const c = 31 - Math.clz32(columns & -columns);
    const line = COLUMN << c;
    const a = b0 & line;
    const b = b1 & line;
    const e = b2 & line;
    const k = a !== 0 ? 31 - Math.clz32(a & -a) : b !== 0 ? 58 - Math.clz32(b & -b) : e !== 0 ? 85 - Math.clz32(e & -e) : -1;
    if (k < 0) {
      if (strict) return false;
      continue;
    }
    if (((b0 & outColumn[k * 3]!) | (b1 & outColumn[k * 3 + 1]!) | (b2 & outColumn[k * 3 + 2]!)) !== 0) continue;
    b0 &= ~offColumn[k * 3]!;
    b1 &= ~offColumn[k * 3 + 1]!;
    b2 &= ~offColumn[k * 3 + 2]!;
  }
  // Regions: all candidates in the first one's row, or in its column?
  for (let bits = (open >>> 18) & 0x1ff; bits !== 0; bits &= bits - 1) {
    const g = 54 + (31 - Math.clz32(bits & -bits)) * 3;
    const a = b0 & reg[g]!;
    const b = b1 & reg[g + 1]!;
    const e = b2 & reg[g + 2]!;
    const k = a !== 0 ? 31 - Math.clz32(a & -a) : b !== 0 ? 58 - Math.clz32(b & -b) : e !== 0 ? 85 - Math.clz32(e & -e) : -1;
    if (k < 0) {
      if (strict) return false;
      continue;
    }
    if (((b0 & offRow[k * 3]!) | (b1 & offRow[k * 3 + 1]!) | (b2 & offRow[k * 3 + 2]!)) === 0) {
      if (k < 27) b0 &= ~outRow[k]!;
      else if (k < 54) b1 &= ~outRow[k]!;
      else b2 &= ~outRow[k]!;
    }
    if (((b0 & offColumn[k * 3]!) | (b1 & offColumn[k * 3 + 1]!) | (b2 & offColumn[k * 3 + 2]!)) === 0) {
      b0 &= ~outColumn[k * 3]!;
      b1 &= ~outColumn[k * 3 + 1]!;
      b2 &= ~outColumn[k * 3 + 2]!;
    }
  }
  LOCKED[0] = b0;
  LOCKED[1] = b1;
  LOCKED[2] = b2;
  return true;
}

/**
 * The law of leftovers on one digit's board `b0..b2` (see grid9-solver.ts's leftover pairs): the
 * digit on one side of a pair only leaves that side; only pairs with a cell in a house marked in
 * `low` / `high` (houses 0-31, 32-63) are looked at. The board is left in {@link LOCKED}. For
 * grid9-solver.ts's lined layouts with extra houses (this solver's own look is in locked()).
 */
export function lockLeftovers(pairs: Int32Array, b0: number, b1: number, b2: number, low: number, high: number): void {
  if (pairs !== sidesSource) useSides(pairs);
  leftoverPass(9, low, high, 0, b0, b1, b2);
}

/**
 * One pass of the law of leftovers over the pairs in {@link sides} whose words at + 0..2 meet
 * f0..f2 (their cells, or their houses), on the board b0..b2, left in {@link LOCKED}.
 */
function leftoverPass(at: number, f0: number, f1: number, f2: number, b0: number, b1: number, b2: number): void {
  // (Local names: V8 then reads the table at a known address. Masked bounds: it then knows i + at
  // + 2 stays below the table's length and checks no overflow.)
  const side = sides;
  const end = sideWords & 1023;
  const filter = at & 15;
  for (let i = 0; i < end; i += PAIR) {
    if (((side[i + filter]! & f0) | (side[i + filter + 1]! & f1) | (side[i + filter + 2]! & f2)) === 0) continue;
    const a = (b0 & side[i]!) | (b1 & side[i + 1]!) | (b2 & side[i + 2]!);
    const b = (b0 & side[i + 3]!) | (b1 & side[i + 4]!) | (b2 & side[i + 5]!);
    if (a === 0) {
      if (b !== 0) {
        b0 &= ~side[i + 3]!;
        b1 &= ~side[i + 4]!;
        b2 &= ~side[i + 5]!;
      }
    } else if (b === 0) {
      b0 &= ~side[i]!;
      b1 &= ~side[i + 1]!;
      b2 &= ~side[i + 2]!;
    }
  }
  LOCKED[0] = b0;
  LOCKED[1] = b1;
  LOCKED[2] = b2;
}

function popcount27(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function search(level: number): void {
  const base = level & 8191; // (see singles)
  const s = base + SOLVED;
  const u0 = ~stack[s]! & ALL;
  const u1 = ~stack[s + 1]! & ALL;
  const u2 = ~stack[s + 2]! & ALL;
  if ((u0 | u1 | u2) === 0) {
    if (solutions++ === 0) {
      for (let i = 0; i < 27; i++) solutionBoards[i] = stack[base + i]!;
      solutionNew = true;
    }
    return;
  }
  if (layout.leftMask === null) {
    halt = WANTS_LEFTOVERS;
    return;
  }
  if (nodes > budget) {
    halt = RAN_OUT;
    return;
  }
  // A cell with two candidates seeing most unsolved cells, else one with fewest.
  let cell = -1;
  let most = -1;
  for (let w = 0; w < 3; w++) {
    let one = 0;
    let two = 0;
    let three = 0;
    for (let at = base + w; at < base + 27; at += 3) {
      const v = stack[at]!;
      three |= two & v;
      two |= one & v;
      one |= v;
    }
    for (let pairs = two & ~three & (w === 0 ? u0 : w === 1 ? u1 : u2); pairs !== 0; pairs &= pairs - 1) {
      const k = w * 27 + 31 - Math.clz32(pairs & -pairs);
      const seen = popcount27(u0 & peers[k * 3]!) + popcount27(u1 & peers[k * 3 + 1]!) + popcount27(u2 & peers[k * 3 + 2]!);
      if (seen > most) {
        most = seen;
        cell = k;
      }
    }
  }
  if (cell < 0) {
    let best = 10;
    for (let w = 0; w < 3; w++) {
      for (let open = w === 0 ? u0 : w === 1 ? u1 : u2; open !== 0; open &= open - 1) {
        const bit = open & -open;
        let n = 0;
        for (let at = base + w; at < base + 27; at += 3) if ((stack[at]! & bit) !== 0) n++;
        if (n < best) {
          best = n;
          cell = w * 27 + 31 - Math.clz32(bit);
        }
      }
    }
  }
  const w = (cell / 27) | 0;
  const bit = 1 << cell % 27;
  const next = base + STATE;
  let digits = 0;
  for (let d = 0; d < 9; d++) if ((stack[base + d * 3 + w]! & bit) !== 0) digits |= 1 << d;
  for (let d = 0; d < 9; d++) {
    if ((digits & (1 << d)) === 0) continue;
    stack.copyWithin(next, base, next);
    guesses++;
    // The cell keeps d only: its other digits' boards changed.
    for (let e = 0, at = next + w; e < 9; e++, at += 3) if (e !== d) stack[at] = stack[at]! & ~bit;
    dirty = digits & ~(1 << d);
    lockDirty = dirty;
    // The parent was at a fixed point: only the houses of the cell changed, for its other digits.
    check.fill(0);
    lockCheck.fill(0);
    for (let bits = dirty; bits !== 0; bits &= bits - 1) {
      const e = 31 - Math.clz32(bits & -bits);
      check[e] = lockCheck[e] = housesOf[cell * 2]!;
    }
    if (propagate(next)) {
      search(next);
      if (solutions >= limit || halt !== 0) return;
    }
  }
}
