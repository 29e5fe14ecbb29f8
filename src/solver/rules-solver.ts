import { PuzzleFormatError, checkedLimit } from '../core/errors.js';
import type { Rules } from '../rules/types.js';
import { cageCountOf, housePeersOf, houseTablesOf, layoutKeyOf } from '../rules/solver-link.js';
import { comboTable, digitSum } from './cage-sums.js';
import { BandExtraSolver, fitsBandExtra } from './band-extra-solver.js';
import { countGrid9, fitsGrid9, lastGrid9Solution, lastGrid9Stats } from './grid9-solver.js';
import { FIRST_ATTEMPT_NODES, NEVER, attemptStop } from './restarts.js';

/*
 * A counting solver for any rules value: sizes 4..16, jigsaw regions, extra houses, killer cages,
 * Samurai's 369 cells. Classic 9x9 has its own, faster band solver (band-solver.ts), and every
 * other 81-cell, 9-digit rule set goes from countRules to a fast path: classic boxes with extra
 * houses (X, windoku...) to the band solver's extra-house variant (band-extra-solver.ts), the rest
 * (jigsaw, killers...) to the bitboard solver of grid9-solver.ts; this one is generic and built
 * around one flat state:
 *
 *   state[cell] = candidates (bit d - 1 for digit d, up to 16 bits) | PLACED (bit 16) once the
 *                 cell's digit has been taken out of its peers
 *
 * Propagation to a fixed point: naked singles (a cell down to one candidate is placed, its digit
 * leaves every peer: house-mates and cage-mates), hidden singles in every house (a digit with one
 * place left; no place at all is a contradiction), and killer sums: a cage of k cells with sum S
 * keeps only the combinations of (k, S) (cage-sums.ts) that contain its placed digits and fit its
 * cells' candidates; its cells keep the digits of those combinations, and a digit in all of them
 * with one place left in the cage is placed. Cages whose sums have too many combinations (big cages
 * of 16x16) use bounds instead: each free cell lies between the remaining sum minus the largest and
 * minus the smallest sum the other free cells can make.
 *
 * Search: the unplaced cell with the fewest candidates (MRV); each candidate is tried on a copy of
 * the state one level up a preallocated stack (one level per placement at most, so cellCount + 1
 * levels, and one more for the givens' state). Past a budget of nodes a count starts again from the
 * givens with the cells taken in another order (attempt). Nothing is allocated per node. What
 * depends on the rules (flat house, peer and cage tables) is compiled once per rules value and
 * cached in a WeakMap.
 */

const PLACED = 1 << 16;
/** Cages with more combinations than this for their (cells, sum) use sum bounds. */
const MAX_COMBOS = 512;

interface Compiled {
  readonly n: number;
  readonly all: number;
  readonly houseCount: number;
  readonly houseSize: number;
  /** House h's cells at h * houseSize... */
  readonly houseCells: Int16Array;
  readonly peerStart: Int32Array;
  readonly peerCells: Int16Array;
  /** Cages with a sum only (a cage without one is all-different, already in the peers). */
  readonly cageCount: number;
  readonly cageStart: Int32Array;
  readonly cageCells: Int16Array;
  readonly cageSum: Int32Array;
  /** The cage's combinations are masks[comboStart[i]..comboEnd[i]); comboStart -1: bounds. */
  readonly comboStart: Int32Array;
  readonly comboEnd: Int32Array;
  readonly masks: Uint16Array;
  /**
   * Locked candidates: house pairs sharing two cells or more, each as three cell lists one after
   * the other in `lockCells` (shared, only in the first, only in the second), their ends in
   * `lockEnds` (three per pair).
   */
  readonly lockCount: number;
  readonly lockEnds: Int32Array;
  readonly lockCells: Int16Array;
  /** Grids holding each cell (bit g for grid g; all 1 on a single grid): see {@link GridParts}. */
  readonly gridOf: Uint8Array;
  /** Samurai without cages: its grids' links, for counting the parts apart; else null. */
  readonly parts: GridParts | null;
}

/**
 * Samurai's five grids meet only in the centre grid's corner boxes. Once every cell of such a box is
 * placed, the two grids it joined are independent: the solutions below are each part's solutions
 * in any combination, so each part is counted on its own and the counts multiplied. A search that
 * branched over all cells at once walked the product instead: one generated Samurai (seed lr,
 * index 9) counted 647,231 nodes to prove a removal unique and took 25 CPU-s in all.
 */
interface GridParts {
  readonly gridCount: number;
  /** Link i joins grids linkA[i] and linkB[i] through cells linkCells[linkStart[i]..linkStart[i + 1]). */
  readonly linkA: Int8Array;
  readonly linkB: Int8Array;
  readonly linkStart: Int32Array;
  readonly linkCells: Int16Array;
}

const compiledOf = new WeakMap<Rules, Compiled>();

/** The tables that depend on the houses only, shared by every rules value on one layout. */
interface CompiledLayout {
  readonly houseCells: Int16Array;
  readonly lockEnds: Int32Array;
  readonly lockCells: Int16Array;
}

const layoutCompiledOf = new WeakMap<object, CompiledLayout>();

function compileLayout(rules: Rules): CompiledLayout {
  const key = layoutKeyOf(rules);
  let compiled = layoutCompiledOf.get(key);
  if (compiled !== undefined) return compiled;
  const n = rules.cellCount;
  const size = rules.size;
  // The layout's own house tables, not the value's public arrays (see grid9-solver.ts).
  const { start, cells: flat } = houseTablesOf(rules);
  const houseCount = start.length - 1;
  const houses = Array.from({ length: houseCount }, (_, h) => flat.subarray(start[h]!, start[h + 1]!));
  const housesOf: number[][] = Array.from({ length: n }, () => []);
  houses.forEach((cells, h) => cells.forEach((cell) => housesOf[cell]!.push(h)));
  const houseCells = new Int16Array(houseCount * size);
  for (let h = 0; h < houseCount; h++) houseCells.set(houses[h]!, h * size);
  // House pairs sharing 2+ cells: box/row, box/column, window/row..., jigsaw piece/row. The cells
  // each later house shares with house a are counted through the houses of a's cells.
  const inHouse = new Int32Array(n).fill(-1);
  const shared = new Int32Array(houseCount);
  const ends: number[] = [];
  const cells: number[] = [];
  for (let a = 0; a < houseCount; a++) {
    const first = houses[a]!;
    for (const cell of first) {
      inHouse[cell] = a;
      for (const b of housesOf[cell]!) if (b > a) shared[b]!++;
    }
    for (let b = a + 1; b < houseCount; b++) {
      const count = shared[b]!;
      shared[b] = 0;
      if (count < 2 || count === size) continue;
      const house = houses[b]!;
      for (const cell of house) if (inHouse[cell] === a) cells.push(cell);
      ends.push(cells.length);
      for (const cell of first) if (!house.includes(cell)) cells.push(cell);
      ends.push(cells.length);
      for (const cell of house) if (inHouse[cell] !== a) cells.push(cell);
      ends.push(cells.length);
    }
  }
  compiled = { houseCells, lockEnds: new Int32Array(ends), lockCells: new Int16Array(cells) };
  layoutCompiledOf.set(key, compiled);
  return compiled;
}

function compile(rules: Rules): Compiled {
  let compiled = compiledOf.get(rules);
  if (compiled !== undefined) return compiled;
  const shared = compileLayout(rules);
  const n = rules.cellCount;
  const size = rules.size;
  const houseCells = shared.houseCells;
  const houseCount = houseCells.length / size;
  // Without cages the layout's own peer tables serve as they are (read only, never handed out), and
  // none of the value's lazily made lists is read (building them cost more than the count).
  const layoutPeers = cageCountOf(rules) === 0 ? housePeersOf(rules) : null;
  let peerStart: Int32Array;
  let peerCells: Int16Array;
  if (layoutPeers !== null) {
    peerStart = layoutPeers.start;
    peerCells = layoutPeers.cells;
  } else {
    peerStart = new Int32Array(n + 1);
    for (let cell = 0; cell < n; cell++) peerStart[cell + 1] = peerStart[cell]! + rules.peers[cell]!.length;
    peerCells = new Int16Array(peerStart[n]!);
    for (let cell = 0; cell < n; cell++) peerCells.set(rules.peers[cell]!, peerStart[cell]!);
  }
  const summed: { cells: ArrayLike<number>; sum: number }[] = layoutPeers !== null ? [] : rules.cages.filter((cage) => cage.sum !== 0);
  // Innies (the rule of 45): the cells of a house outside the summed cages lying wholly inside it
  // add up to the house's total minus those cages' sums. They are distinct (one house), so they
  // are one more cage for the propagation, e.g. a row with cages 10 + 17 + 9 inside it and two
  // cells left over: those two add up to 45 - 36 = 9.
  if (summed.length > 0) {
    const total = (size * (size + 1)) / 2;
    const cageOf = rules.cageOf;
    // inHouse[cage]: how many of the cage's cells the current house holds (a cage lies wholly
    // inside the house when that is all of them).
    const inHouse = new Int32Array(rules.cages.length);
    for (let h = 0; h < houseCount; h++) {
      const house = rules.houses[h]!;
      for (const cell of house) if (cageOf[cell]! >= 0) inHouse[cageOf[cell]!]!++;
      let inside = 0;
      const rest: number[] = [];
      for (const cell of house) {
        const cage = cageOf[cell]!;
        const whole = cage >= 0 && rules.cages[cage]!.sum !== 0 && inHouse[cage] === rules.cages[cage]!.cells.length;
        if (!whole) rest.push(cell);
        else if (rules.cages[cage]!.cells[0] === cell) inside += rules.cages[cage]!.sum;
      }
      for (const cell of house) if (cageOf[cell]! >= 0) inHouse[cageOf[cell]!] = 0;
      if (rest.length === 0 || rest.length === size || rest.length > 5) continue;
      if (cageOf[rest[0]!]! >= 0 && rules.cages[cageOf[rest[0]!]!]!.cells.length === rest.length && rest.every((cell) => cageOf[cell] === cageOf[rest[0]!])) continue;
      summed.push({ cells: rest, sum: total - inside });
    }
  }
  const cageCount = summed.length;
  const cageStart = new Int32Array(cageCount + 1);
  summed.forEach((cage, i) => (cageStart[i + 1] = cageStart[i]! + cage.cells.length));
  const cageCells = new Int16Array(cageStart[cageCount]!);
  const cageSum = new Int32Array(cageCount);
  const comboStart = new Int32Array(cageCount);
  const comboEnd = new Int32Array(cageCount);
  const table = comboTable(size);
  summed.forEach((cage, i) => {
    cageCells.set(cage.cells, cageStart[i]!);
    cageSum[i] = cage.sum;
    const key = cage.cells.length * (table.maxSum + 1) + cage.sum;
    // An innie sum no digits can make (givens or cages that cannot all hold): no combination.
    const possible = cage.sum > 0 && cage.sum <= table.maxSum;
    const start = possible ? table.starts[key]! : 0;
    const end = possible ? table.starts[key + 1]! : 0;
    comboStart[i] = end - start > MAX_COMBOS ? -1 : start;
    comboEnd[i] = end;
  });
  const grid = gridPartsOf(rules);
  compiled = {
    n,
    all: rules.allDigits,
    houseCount,
    houseSize: size,
    houseCells,
    peerStart,
    peerCells,
    cageCount,
    cageStart,
    cageCells,
    cageSum,
    comboStart,
    comboEnd,
    masks: table.masks,
    lockCount: shared.lockEnds.length / 3,
    lockEnds: shared.lockEnds,
    lockCells: shared.lockCells,
    gridOf: grid.gridOf,
    parts: grid.parts,
  };
  compiledOf.set(rules, compiled);
  return compiled;
}

let oneGrid: { gridOf: Uint8Array; parts: GridParts | null } = { gridOf: new Uint8Array(0), parts: null };

/** The grids of each cell and, for several grids without cages (Samurai), their links. */
function gridPartsOf(rules: Rules): { gridOf: Uint8Array; parts: GridParts | null } {
  const n = rules.cellCount;
  const grids = rules.grids;
  if (grids.length < 2 || grids.length > 8 || rules.cages.length > 0) {
    // One table of ones for all of them (a checker builds a rules value per puzzle).
    if (oneGrid.gridOf.length < n) oneGrid = { gridOf: new Uint8Array(n).fill(1), parts: null };
    return oneGrid;
  }
  const gridOf = new Uint8Array(n);
  const side = rules.size;
  grids.forEach((grid, g) => {
    for (let r = 0; r < side; r++) {
      for (let col = 0; col < side; col++) {
        const cell = rules.cellAt[(grid.row + r) * rules.width + grid.col + col]!;
        gridOf[cell] = gridOf[cell]! | (1 << g);
      }
    }
  });
  // Every house inside one grid (the parts are independent only then).
  for (const house of rules.houses) {
    let common = 0xff;
    for (const cell of house) common &= gridOf[cell]!;
    if (common === 0) return { gridOf: gridOf.fill(1), parts: null };
  }
  const linkA: number[] = [];
  const linkB: number[] = [];
  const linkStart = [0];
  const linkCells: number[] = [];
  for (let a = 0; a < grids.length; a++) {
    for (let b = a + 1; b < grids.length; b++) {
      const both = (1 << a) | (1 << b);
      for (let cell = 0; cell < n; cell++) if ((gridOf[cell]! & both) === both) linkCells.push(cell);
      if (linkCells.length === linkStart[linkStart.length - 1]) continue;
      linkA.push(a);
      linkB.push(b);
      linkStart.push(linkCells.length);
    }
  }
  return {
    gridOf,
    parts: { gridCount: grids.length, linkA: Int8Array.from(linkA), linkB: Int8Array.from(linkB), linkStart: Int32Array.from(linkStart), linkCells: Int16Array.from(linkCells) },
  };
}

// The search's scratch, shared by every rules value and grown to the largest grid seen: one state
// per level, the singles queue and the first solution.
let stack = new Int32Array(0);
let queue = new Int16Array(0);
let found = new Uint8Array(0);
let solutions = 0;
let limit = 2;
let nodes = 0;
let guesses = 0;
let c: Compiled;

/**
 * Number of solutions of `givens` (one per cell of the rules, 0 empty, 1..size) under `rules`,
 * counting stops at `limit`; the first solution is kept for {@link solveRules}. Assumes valid givens
 * (the public `countSolutions` checks them): givens that break a rule simply count 0.
 * @throws OptionError BAD_OPTION for a limit that is not a whole number of at least 1 (NaN would
 * count for ever); PuzzleFormatError CELL_COUNT for fewer givens than cells.
 */
export function countRules(rules: Rules, givens: ArrayLike<number>, limit = 2): number {
  checkedLimit(limit);
  // Fewer givens than cells would read past them as empty cells (a count of another puzzle).
  if (givens.length < rules.cellCount) throw new PuzzleFormatError('CELL_COUNT', `expected ${rules.cellCount} givens for ${rules.variant} rules, found ${givens.length}`, { source: 'puzzle', line: 0 });
  if (fitsBandExtra(rules)) {
    last = BAND;
    bandExtra ??= new BandExtraSolver();
    return bandExtra.count(rules, givens, limit);
  }
  last = fitsGrid9(rules) ? GRID9 : GENERAL;
  return last === GRID9 ? countGrid9(rules, givens, limit) : run(rules, givens, limit);
}

/** The 81-cell, 9-digit path alone (grid9-solver.ts), for the tests and the bench. */
export function countRulesGrid9(rules: Rules, givens: ArrayLike<number>, limit = 2): number {
  last = GRID9;
  return countGrid9(rules, givens, limit);
}

/** Which solver took the last count: the band solver with extra houses, the 81-cell one, or the general one. */
const BAND = 0;
const GRID9 = 1;
const GENERAL = 2;
let last = GENERAL;
let bandExtra: BandExtraSolver | undefined;

/**
 * The general solver alone, whatever the rules (81-cell, 9-digit sets included, which
 * {@link countRules} hands to grid9-solver.ts): the reference the fast path is tested against.
 */
export function countRulesGeneral(rules: Rules, givens: ArrayLike<number>, limit = 2): number {
  last = GENERAL;
  return run(rules, givens, limit);
}

/** A solution of `givens` under `rules` (one digit per cell, a new array), or null when there is none. */
export function solveRules(rules: Rules, givens: ArrayLike<number>): Uint8Array | null {
  if (countRules(rules, givens, 1) === 0) return null;
  return last === BAND ? bandExtra!.solution.slice() : last === GRID9 ? lastGrid9Solution() : found.slice(0, rules.cellCount);
}

/** Search effort of the last count: propagations and digits tried at branching points. */
export function lastRulesStats(): { nodes: number; guesses: number } {
  if (last === BAND) return { nodes: bandExtra!.nodes, guesses: bandExtra!.guesses };
  return last === GRID9 ? lastGrid9Stats() : { nodes, guesses };
}

function run(rules: Rules, givens: ArrayLike<number>, max: number): number {
  c = compile(rules);
  const n = c.n;
  // One state per level (a path places at most n digits), and the givens' state for a new attempt.
  if (stack.length < (n + 2) * n) {
    stack = new Int32Array((n + 2) * n);
    queue = new Int16Array(n + 1);
    found = new Uint8Array(n);
    partOf = new Int32Array((n + 2) * 8);
  }
  solutions = 0;
  nodes = 0;
  guesses = 0;
  limit = Math.max(1, max);
  stack.fill(c.all, 0, n);
  // Odd/even marks: a marked cell starts with the digits of its parity only.
  const startMasks = rules.startMasks;
  if (startMasks !== null) stack.set(startMasks.subarray(0, n), 0);
  tail = 0;
  for (let cell = 0; cell < n; cell++) {
    const digit = givens[cell]!;
    if (digit === 0) continue;
    const bit = 1 << (digit - 1);
    if ((stack[cell]! & bit & c.all) === 0 || !assign(0, cell, bit)) return 0;
  }
  if (!propagate(0)) return 0;
  attempt = 0;
  firstBudget = rules.spec.layout === 'samurai' ? NEVER : FIRST_ATTEMPT_NODES * Math.max(1, Math.round((n / 81) ** 2));
  stopAt = firstBudget;
  const saved = (n + 1) * n;
  stack.copyWithin(saved, 0, n);
  for (;;) {
    aborted = false;
    region = 0xff;
    record = true;
    search(0);
    if (!aborted) return solutions;
    // The search went astray (see attempt): again from the givens, on the cells in another order.
    attempt++;
    stopAt = attemptStop(attempt, nodes, firstBudget);
    solutions = 0;
    stack.copyWithin(0, saved, saved + n);
  }
}

/**
 * The first attempt's budget of the current count (restarts.ts): FIRST_ATTEMPT_NODES on 81 cells or
 * fewer, times (cells / 81) squared on larger grids (16x16: 50,000). Puzzles take far less:
 * generated 12x12 of level any at most 299 nodes, 16x16 8,375. Samurai have no budget: its
 * generated puzzles of level any took up to 64,613 nodes, and no sparse grid of 800 (1-4 random
 * givens) took over a second.
 */
let firstBudget = FIRST_ATTEMPT_NODES;

/**
 * Which start of the count this is: past a budget of nodes (firstBudget, doubled each time)
 * the count starts again from the givens, looking for the cell to branch on from another place on
 * (a third of the cells further at each attempt) and on odd attempts taking the last of the ties;
 * the last attempt runs to the end. Nearly empty grids needed it: a 16x16 killer with two cages and
 * two givens ran for minutes, the first choices refuted only deep down. As band-extra-solver.ts
 * does; deterministic: same input, same search.
 */
let attempt = 0;
/** The node count past which a search stops (and sets aborted). */
let stopAt = FIRST_ATTEMPT_NODES;
let aborted = false;

let head = 0;
let tail = 0;

/** Places `bit` in `cell` of the state at `base` and takes it out of the peers; false on a contradiction. */
function assign(base: number, cell: number, bit: number): boolean {
  stack[base + cell] = bit | PLACED;
  const peerCells = c.peerCells;
  for (let i = c.peerStart[cell]!, end = c.peerStart[cell + 1]!; i < end; i++) {
    const at = base + peerCells[i]!;
    let v = stack[at]!;
    if ((v & bit) === 0) continue;
    if ((v & PLACED) !== 0) return false;
    v &= ~bit;
    if (v === 0) return false;
    stack[at] = v;
    if ((v & (v - 1)) === 0) queue[tail++] = peerCells[i]!;
  }
  return true;
}

function propagate(base: number): boolean {
  nodes++;
  changed = false;
  const all = c.all;
  const size = c.houseSize;
  const houseCells = c.houseCells;
  head = 0;
  for (;;) {
    while (head < tail) {
      const cell = queue[head++]!;
      const v = stack[base + cell]!;
      if ((v & PLACED) === 0 && !assign(base, cell, v)) return false;
    }
    head = tail = 0;
    // Hidden singles: per house, the digits seen once and the digits seen twice or more.
    for (let h = 0, start = 0; h < c.houseCount; h++, start += size) {
      let once = 0;
      let twice = 0;
      let placed = 0;
      for (let i = start, end = start + size; i < end; i++) {
        const v = stack[base + houseCells[i]!]!;
        twice |= once & v;
        once |= v;
        if ((v & PLACED) !== 0) placed |= v;
      }
      if ((once & all) !== all) return false;
      let hidden = once & ~twice & ~placed & all;
      while (hidden !== 0) {
        const bit = hidden & -hidden;
        hidden ^= bit;
        let i = start;
        const end = start + size;
        while (i < end && (stack[base + houseCells[i]!]! & bit) === 0) i++;
        if (i === end) return false; // the cell was just given another hidden digit
        const at = base + houseCells[i]!;
        if (stack[at] !== bit) {
          stack[at] = bit;
          queue[tail++] = houseCells[i]!;
        }
      }
    }
    if (tail === 0 && c.cageCount > 0 && !propagateCages(base)) return false;
    if (tail === 0 && !lockedCandidates(base)) return false;
    if (tail === 0 && !changed) return true;
    changed = false;
  }
}

/** Whether the last lockedCandidates pass took out candidates without making a single. */
let changed = false;

/**
 * Locked candidates: where two houses share cells and a digit of one lies only in the shared cells,
 * the digit leaves the rest of the other (pointing and claiming, for any pair of houses).
 */
function lockedCandidates(base: number): boolean {
  const ends = c.lockEnds;
  const cells = c.lockCells;
  let start = 0;
  for (let pair = 0; pair < c.lockCount; pair++) {
    const sharedEnd = ends[pair * 3]!;
    const firstEnd = ends[pair * 3 + 1]!;
    const secondEnd = ends[pair * 3 + 2]!;
    let shared = 0;
    for (let i = start; i < sharedEnd; i++) shared |= stack[base + cells[i]!]!;
    let first = 0;
    for (let i = sharedEnd; i < firstEnd; i++) first |= stack[base + cells[i]!]!;
    let second = 0;
    for (let i = firstEnd; i < secondEnd; i++) second |= stack[base + cells[i]!]!;
    // A digit of the shared cells missing from one rest is locked there: it leaves the other rest.
    // (A placed digit is in neither rest, its peers lost it, so it never counts.)
    const fromSecond = shared & ~first & second & c.all;
    const fromFirst = shared & ~second & first & c.all;
    if (fromSecond !== 0 && !strip(base, cells, firstEnd, secondEnd, fromSecond)) return false;
    if (fromFirst !== 0 && !strip(base, cells, sharedEnd, firstEnd, fromFirst)) return false;
    start = secondEnd;
  }
  return true;
}

/** Takes `digits` out of cells[from..to); false on a contradiction. */
function strip(base: number, cells: Int16Array, from: number, to: number, digits: number): boolean {
  for (let i = from; i < to; i++) {
    const at = base + cells[i]!;
    const v = stack[at]!;
    if ((v & digits) === 0) continue;
    if ((v & PLACED) !== 0) return false;
    const kept = v & ~digits;
    if (kept === 0) return false;
    stack[at] = kept;
    changed = true;
    if ((kept & (kept - 1)) === 0) queue[tail++] = cells[i]!;
  }
  return true;
}

function propagateCages(base: number): boolean {
  const all = c.all;
  const cageCells = c.cageCells;
  const masks = c.masks;
  for (let cage = 0; cage < c.cageCount; cage++) {
    const start = c.cageStart[cage]!;
    const end = c.cageStart[cage + 1]!;
    let placed = 0;
    let union = 0;
    let free = 0;
    for (let i = start; i < end; i++) {
      const v = stack[base + cageCells[i]!]!;
      if ((v & PLACED) !== 0) placed |= v;
      else {
        union |= v;
        free++;
      }
    }
    placed &= all;
    if (free === 0) {
      if (digitSum(placed) !== c.cageSum[cage]) return false;
      continue;
    }
    let allowed = 0;
    let required = all;
    const first = c.comboStart[cage]!;
    if (first >= 0) {
      for (let k = first, last = c.comboEnd[cage]!; k < last; k++) {
        const m = masks[k]!;
        if ((m & placed) !== placed) continue;
        const rest = m & ~placed;
        if ((rest & ~union) !== 0) continue;
        allowed |= rest;
        required &= rest;
      }
      if (allowed === 0) return false;
    } else {
      // Bounds: the free cells hold `free` distinct digits of `union` adding up to `remaining`.
      const remaining = c.cageSum[cage]! - digitSum(placed);
      let low = 0;
      let lowAll = 0;
      let bits = union;
      for (let j = 0; j < free; j++) {
        if (bits === 0) return false;
        const bit = bits & -bits;
        bits ^= bit;
        if (j < free - 1) low += 32 - Math.clz32(bit);
        lowAll += 32 - Math.clz32(bit);
      }
      let high = 0;
      let highAll = 0;
      bits = union;
      for (let j = 0; j < free; j++) {
        const top = 31 - Math.clz32(bits);
        bits ^= 1 << top;
        if (j < free - 1) high += top + 1;
        highAll += top + 1;
      }
      if (lowAll > remaining || highAll < remaining) return false;
      const lo = Math.max(1, remaining - high);
      const hi = Math.min(c.houseSize, remaining - low);
      if (lo > hi) return false;
      allowed = ((1 << hi) - 1) & ~((1 << (lo - 1)) - 1);
      required = 0;
    }
    for (let i = start; i < end; i++) {
      const at = base + cageCells[i]!;
      const v = stack[at]!;
      if ((v & PLACED) !== 0 || (v & ~allowed) === 0) continue;
      const kept = v & allowed;
      if (kept === 0) return false;
      stack[at] = kept;
      if ((kept & (kept - 1)) === 0) queue[tail++] = cageCells[i]!;
    }
    // A digit every remaining combination needs, with one place left in the cage, goes there.
    required &= ~placed;
    while (required !== 0) {
      const bit = required & -required;
      required ^= bit;
      let where = -1;
      for (let i = start; i < end; i++) {
        if ((stack[base + cageCells[i]!]! & bit) === 0) continue;
        if (where !== -1) {
          where = -2;
          break;
        }
        where = i;
      }
      if (where === -1) return false;
      if (where >= 0) {
        const at = base + cageCells[where]!;
        if (stack[at] !== bit) {
          if ((stack[at]! & PLACED) !== 0) return false;
          stack[at] = bit;
          queue[tail++] = cageCells[where]!;
        }
      }
    }
  }
  return true;
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x5555;
  v = (v & 0x3333) + ((v >>> 2) & 0x3333);
  v = (v + (v >>> 4)) & 0x0f0f;
  return (v + (v >>> 8)) & 0x1f;
}

/** The grids (bits) the search branches in: all, or one part of a Samurai (splitParts). */
let region = 0xff;
/** Whether the next solution found is the first of its region: its cells go into `found`. */
let record = true;
/** Per search level, each grid's part (grids joined by a link with a cell not placed), as grid bits. */
let partOf = new Int32Array(0);

/**
 * At a node of a Samurai's search (see GridParts): when the grids of the region with cells to
 * place fall into two parts or more, each part is counted on its own (up to the limit) and the
 * product added to the solutions; the first solution's cells are those of each part's first.
 * Returns false (nothing done) when they are one part.
 */
function splitParts(base: number): boolean {
  const parts = c.parts!;
  const gridOf = c.gridOf;
  const n = c.n;
  let open = 0;
  for (let cell = 0; cell < n; cell++) if ((stack[base + cell]! & PLACED) === 0) open |= gridOf[cell]!;
  open &= region;
  if ((open & (open - 1)) === 0) return false;
  const at = ((base / n) | 0) * 8;
  for (let g = 0; g < parts.gridCount; g++) partOf[at + g] = 1 << g;
  for (let i = 0; i < parts.linkA.length; i++) {
    let linked = false;
    for (let k = parts.linkStart[i]!, end = parts.linkStart[i + 1]!; k < end && !linked; k++) linked = (stack[base + parts.linkCells[k]!]! & PLACED) === 0;
    if (!linked) continue;
    const merged = partOf[at + parts.linkA[i]!]! | partOf[at + parts.linkB[i]!]!;
    for (let bits = merged; bits !== 0; bits &= bits - 1) partOf[at + 31 - Math.clz32(bits & -bits)] = merged;
  }
  const firstGrid = 31 - Math.clz32(open & -open);
  if ((open & ~partOf[at + firstGrid]!) === 0) return false;
  const savedSolutions = solutions;
  const savedRegion = region;
  const savedRecord = record;
  let product = 1;
  for (let rest = open; rest !== 0; ) {
    const part = partOf[at + 31 - Math.clz32(rest & -rest)]! & open;
    rest &= ~part;
    region = part;
    solutions = 0;
    record = savedRecord;
    search(base);
    if (aborted) break;
    if (solutions === 0) {
      product = 0;
      break;
    }
    product = Math.min(product * Math.min(solutions, limit), limit);
  }
  region = savedRegion;
  solutions = savedSolutions + product;
  record = product > 0 ? false : savedRecord;
  return true;
}

function search(base: number): void {
  const n = c.n;
  let best = -1;
  let bestCount = 99;
  // Later attempts of a count (attempt): from another cell on, on odd ones the last of the ties.
  const first = attempt === 0 ? 0 : (((attempt % 3) * n) / 3) | 0;
  const tie = attempt & 1;
  const gridOf = c.gridOf;
  for (let i = 0, cell = first; i < n; i++, cell = cell + 1 === n ? 0 : cell + 1) {
    const v = stack[base + cell]!;
    if ((v & PLACED) !== 0 || (gridOf[cell]! & region) === 0) continue;
    const count = popcount(v);
    if (count < bestCount + tie) {
      best = cell;
      bestCount = count;
      if (count === 2 && tie === 0) break;
    }
  }
  if (best < 0) {
    // Every cell of the region placed (all cells, but for a part of a Samurai: see splitParts).
    if (record) {
      record = false;
      for (let cell = 0; cell < n; cell++) {
        const v = stack[base + cell]!;
        if ((v & PLACED) !== 0) found[cell] = 32 - Math.clz32(v & c.all);
      }
    }
    solutions++;
    return;
  }
  if (nodes > stopAt) {
    aborted = true;
    return;
  }
  if (c.parts !== null && splitParts(base)) return;
  const next = base + n;
  let digits = stack[base + best]!;
  while (digits !== 0) {
    const bit = digits & -digits;
    digits ^= bit;
    stack.copyWithin(next, base, next);
    guesses++;
    tail = 0;
    if (assign(next, best, bit) && propagate(next)) {
      search(next);
      if (solutions >= limit || aborted) return;
    }
  }
}
