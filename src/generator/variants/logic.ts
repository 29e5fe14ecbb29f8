import type { Rules } from '../../rules/types.js';
import { geometryOf } from '../../core/geometry.js';
import { comboTable } from '../../solver/cage-sums.js';
import { popcount } from './fill.js';

/**
 * A small logical solver over the rules' houses, used to set the levels of variant puzzles (it is
 * not the SE-scale grader: no ratings, only which of three technique sets suffices).
 *
 *   hidden:   hidden singles only (a digit with one place left in a house), over every house; what
 *             the grader's beginner band asks (hidden singles rate 1.2 and 1.5).
 *   singles:  naked singles (a cell with one candidate) and hidden singles (a digit with one place
 *             left in a house), over every house of the rules (rows, columns, boxes or jigsaw
 *             regions, diagonals, windows, Samurai's five grids); for killer also the cage
 *             combinations (a cell keeps only digits of the sets of distinct digits that make its
 *             cage's sum and fit the cage's other cells) and a cage's digits differing.
 *   medium:   singles, plus intersections between any two houses sharing two or more cells
 *             (a digit confined to the shared cells in one house leaves the rest of the other:
 *             pointing, claiming, and the same between a diagonal or window and a box), plus
 *             naked and hidden pairs in every house.
 *
 * The techniques only remove candidates that no solution has, so "solved" means the puzzle has
 * exactly one solution (the one found).
 */
export type LogicSet = 'hidden' | 'singles' | 'medium';

interface Tables {
  readonly n: number;
  readonly size: number;
  readonly houseCount: number;
  /** House h's cells at h * size ... */
  readonly houseCells: Int16Array;
  readonly peerStart: Int32Array;
  readonly peerCells: Int16Array;
  /** Houses of cell c: housesList[housesStart[c] .. housesStart[c + 1]). */
  readonly housesStart: Int32Array;
  readonly housesList: Int32Array;
  /** Work list capacity: each (cell, digit) leaves once and queues at most one task per house, plus one. */
  readonly workSize: number;
  /**
   * Intersections: pairs of houses sharing two or more cells (not all), each as three cell lists one
   * after the other in `lockCells` (shared, only in the first, only in the second), their ends in
   * `lockEnds` (three per pair).
   */
  readonly lockEnds: Int32Array;
  readonly lockCells: Int16Array;
}

/**
 * Killer cages as the logic reads them, apart from a rules value so that the cage search can try
 * partitions without building rules (killer.ts): the first `mates` cages are real (their cells
 * differ, `cageOf` points at them), the ones after are innies (the rule of 45: only their sum
 * counts; their cells share a house, so they differ already). `combos[i]` is null for a cage
 * without a usable sum (none, or too many combinations).
 */
export interface CageView {
  readonly count: number;
  readonly mates: number;
  readonly start: Int32Array;
  readonly cells: Int16Array;
  readonly combos: readonly (Uint16Array | null)[];
  readonly cageOf: Int16Array;
}

const tablesOf = new WeakMap<Rules, Tables>();

/**
 * The houses the logic reads: the rules' own and, on a 9x9 grid, any the 9x9 grader reads besides
 * (windoku's five implied windows, which the rules value does not list), so that what the logic
 * solves is what the grader's techniques of the same kind solve (graded.ts leans on that).
 */
function logicHouses(rules: Rules): readonly (Int16Array | Uint8Array)[] {
  if (rules.size !== 9 || rules.cellCount !== 81) return rules.houses;
  const geometry = geometryOf(rules);
  if (geometry.houseCount <= rules.houses.length) return rules.houses;
  const keys = new Set(rules.houses.map((house) => Array.from(house).sort((a, b) => a - b).join(',')));
  const extra: Uint8Array[] = [];
  for (let h = 0; h < geometry.houseCount; h++) {
    const cells = geometry.houseCells.subarray(h * 9, h * 9 + 9);
    if (!keys.has(Array.from(cells).join(','))) extra.push(cells);
  }
  return extra.length === 0 ? rules.houses : [...rules.houses, ...extra];
}

function tables(rules: Rules): Tables {
  let t = tablesOf.get(rules);
  if (t !== undefined) return t;
  const n = rules.cellCount;
  const size = rules.size;
  const houses = logicHouses(rules);
  const houseCells = new Int16Array(houses.length * size);
  houses.forEach((house, h) => houseCells.set(house, h * size));
  // Houses of each cell, ascending, and peers: the rules' peers (house-mates and cage-mates) and the
  // mates in the houses the logic adds.
  const housesOfCell: number[][] = Array.from({ length: n }, () => []);
  houses.forEach((house, h) => {
    for (let i = 0; i < house.length; i++) housesOfCell[house[i]!]!.push(h);
  });
  const peersOfCell: ArrayLike<number>[] = rules.peers.slice();
  for (let h = rules.houses.length; h < houses.length; h++) {
    const house = houses[h]!;
    for (let i = 0; i < house.length; i++) {
      const cell = house[i]!;
      const peers = new Set(Array.from(peersOfCell[cell]!));
      for (let j = 0; j < house.length; j++) if (j !== i) peers.add(house[j]!);
      peersOfCell[cell] = Array.from(peers).sort((a, b) => a - b);
    }
  }
  const peerStart = new Int32Array(n + 1);
  for (let cell = 0; cell < n; cell++) peerStart[cell + 1] = peerStart[cell]! + peersOfCell[cell]!.length;
  const peerCells = new Int16Array(peerStart[n]!);
  for (let cell = 0; cell < n; cell++) peerCells.set(peersOfCell[cell]!, peerStart[cell]!);
  const housesStart = new Int32Array(n + 1);
  let maxHouses = 1;
  for (let cell = 0; cell < n; cell++) {
    housesStart[cell + 1] = housesStart[cell]! + housesOfCell[cell]!.length;
    maxHouses = Math.max(maxHouses, housesOfCell[cell]!.length);
  }
  const housesList = new Int32Array(housesStart[n]!);
  for (let cell = 0; cell < n; cell++) housesList.set(housesOfCell[cell]!, housesStart[cell]!);
  const ends: number[] = [];
  const cells: number[] = [];
  const inHouse = new Uint8Array(n);
  for (let a = 0; a < houses.length; a++) {
    const first = houses[a]!;
    for (const cell of first) inHouse[cell] = 1;
    for (let b = a + 1; b < houses.length; b++) {
      const second = houses[b]!;
      let shared = 0;
      for (const cell of second) shared += inHouse[cell]!;
      if (shared < 2 || shared === size) continue;
      for (const cell of second) if (inHouse[cell]) cells.push(cell);
      ends.push(cells.length);
      for (const cell of first) if (!second.includes(cell)) cells.push(cell);
      ends.push(cells.length);
      for (const cell of second) if (!inHouse[cell]) cells.push(cell);
      ends.push(cells.length);
    }
    for (const cell of first) inHouse[cell] = 0;
  }
  const workSize = n * size * (maxHouses + 1) + n + 1;
  t = { n, size, houseCount: houses.length, houseCells, peerStart, peerCells, housesStart, housesList, workSize, lockEnds: Int32Array.from(ends), lockCells: Int16Array.from(cells) };
  tablesOf.set(rules, t);
  return t;
}

const viewsOf = new WeakMap<Rules, CageView>();

const NONE = new Uint16Array(0);

/** Per size, the combinations of each (cells, sum) key once asked (undefined before). */
const comboViews: (Uint16Array | null)[][] = [];

/** The combinations of `cells` distinct digits adding up to `sum` (none: empty), or null when there are more than 512. */
export function combosOf(size: number, cells: number, sum: number): Uint16Array | null {
  const table = comboTable(size);
  if (sum <= 0 || sum > table.maxSum) return NONE;
  const key = cells * (table.maxSum + 1) + sum;
  const views = (comboViews[size] ??= []);
  let view = views[key];
  if (view === undefined) {
    const start = table.starts[key]!;
    const end = table.starts[key + 1]!;
    view = end - start > 512 ? null : table.masks.subarray(start, end);
    views[key] = view;
  }
  return view;
}

function cageViewOf(rules: Rules): CageView {
  let view = viewsOf.get(rules);
  if (view !== undefined) return view;
  const count = rules.cages.length;
  const start = new Int32Array(count + 1);
  rules.cages.forEach((cage, i) => (start[i + 1] = start[i]! + cage.cells.length));
  const cells = new Int16Array(start[count]!);
  rules.cages.forEach((cage, i) => cells.set(cage.cells, start[i]!));
  const combos = rules.cages.map((cage) => (cage.sum === 0 ? null : combosOf(rules.size, cage.cells.length, cage.sum)));
  view = { count, mates: count, start, cells, combos, cageOf: rules.cageOf };
  viewsOf.set(rules, view);
  return view;
}

/** Whether the logic reads houses the rules value does not list (windoku's implied windows; see logicHouses). */
export function readsMoreHouses(rules: Rules): boolean {
  return tables(rules).houseCount > rules.houses.length;
}

/**
 * Whether `givens` are solved by the techniques of `set` alone (then the puzzle is unique).
 * `out`, when given, receives the digits found (0 where none).
 */
export function solvesWith(rules: Rules, givens: ArrayLike<number>, set: LogicSet, out?: Uint8Array): boolean {
  return solveWith(rules, cageViewOf(rules), givens, set, out);
}

/*
 * The state of the current solve (one at a time; grown to the largest grid seen, nothing allocated
 * per call). Singles run from a work list, as in singles.ts: count[h * size + d] is the number of
 * cells of house h that still have digit d + 1 (placed ones included), done[...] whether it is
 * placed there; a count falling to 1 queues a hidden single, a cell falling to one candidate a
 * naked single. The other techniques run only when the list is empty, and take candidates out
 * through the same function, so that the counts stay right. Every technique only removes
 * candidates no solution has, and each stays true when candidates go (or leaves its conclusion to
 * singles), so the fixed point, hence "solved", does not depend on the order.
 */
let cand = new Int32Array(0);
let grid = new Uint8Array(0);
let count = new Int16Array(0);
let done = new Uint8Array(0);
let work = new Int32Array(0);
let tail = 0;
let placedCount = 0;
let broken = false;
/** Whether naked singles run (not in the 'hidden' set: the queued cells are passed over). */
let naked = true;
/** Per cage, its key when last read (see cageCombos), -1 before. */
let cageKeys = new Int32Array(0);

/** Take the digits of `bits` out of free `cell`'s candidates. */
function remove(t: Tables, cell: number, bits: number): void {
  const cands = cand;
  let gone = cands[cell]! & bits;
  if (gone === 0) return;
  const left = cands[cell]! & ~gone;
  cands[cell] = left;
  if (left === 0) {
    broken = true;
    return;
  }
  const tasks = work;
  let end = tail;
  if ((left & (left - 1)) === 0) tasks[end++] = cell;
  const size = t.size;
  const n = t.n;
  const housesList = t.housesList;
  const places = count;
  const placedIn = done;
  const first = t.housesStart[cell]!;
  const last = t.housesStart[cell + 1]!;
  while (gone !== 0) {
    const low = gone & -gone;
    gone ^= low;
    const d = 31 - Math.clz32(low);
    for (let k = first; k < last; k++) {
      const start = housesList[k]! * size;
      const remaining = --places[start + d]!;
      if (remaining === 1 && placedIn[start + d] === 0) tasks[end++] = n + ((start << 5) | d);
      else if (remaining === 0) broken = true;
    }
  }
  tail = end;
}

/** Place the digit of `bit` in free `cell` (one of its candidates); out of its peers and cage-mates. */
function place(t: Tables, cages: CageView, cell: number, bit: number): void {
  const size = t.size;
  const n = t.n;
  // The module's state and the tables as locals (the hottest function of a killer's solve); the
  // work list's tail is written back before remove() is called and at the end.
  const { housesStart, housesList, peerStart, peerCells } = t;
  const cands = cand;
  const digits = grid;
  const d = 31 - Math.clz32(bit);
  digits[cell] = d + 1;
  placedCount++;
  const places = count;
  const placedIn = done;
  const tasks = work;
  let end = tail;
  const first = housesStart[cell]!;
  const last = housesStart[cell + 1]!;
  for (let k = first; k < last; k++) placedIn[housesList[k]! * size + d] = 1;
  let others = cands[cell]! & ~bit;
  cands[cell] = bit;
  while (others !== 0) {
    const low = others & -others;
    others ^= low;
    const e = 31 - Math.clz32(low);
    for (let k = first; k < last; k++) {
      const start = housesList[k]! * size;
      const left = --places[start + e]!;
      if (left === 1 && placedIn[start + e] === 0) tasks[end++] = n + ((start << 5) | e);
      else if (left === 0) broken = true;
    }
  }
  // Out of the peers: remove(t, peer, bit), written out.
  for (let p = peerStart[cell]!, stop = peerStart[cell + 1]!; p < stop; p++) {
    const peer = peerCells[p]!;
    const m = cands[peer]!;
    if ((m & bit) === 0) continue;
    if (digits[peer] !== 0) {
      broken = true;
      continue;
    }
    const rest = m ^ bit;
    cands[peer] = rest;
    if (rest === 0) {
      broken = true;
      continue;
    }
    if ((rest & (rest - 1)) === 0) tasks[end++] = peer;
    for (let k = housesStart[peer]!, to = housesStart[peer + 1]!; k < to; k++) {
      const start = housesList[k]! * size;
      const left = --places[start + d]!;
      if (left === 1 && placedIn[start + d] === 0) tasks[end++] = n + ((start << 5) | d);
      else if (left === 0) broken = true;
    }
  }
  tail = end;
  const cage = cages.cageOf[cell]!;
  if (cage >= 0) {
    for (let i = cages.start[cage]!; i < cages.start[cage + 1]!; i++) {
      const mate = cages.cells[i]!;
      if (mate === cell || (cands[mate]! & bit) === 0) continue;
      if (digits[mate] !== 0) broken = true;
      else remove(t, mate, bit);
    }
  }
}

/** Singles from the work list until it is empty or a contradiction shows. */
function propagate(t: Tables, cages: CageView): void {
  const n = t.n;
  for (let head = 0; head < tail && !broken; head++) {
    const task = work[head]!;
    if (task < n) {
      if (naked && grid[task] === 0) place(t, cages, task, cand[task]!);
      continue;
    }
    const d = (task - n) & 31;
    const start = (task - n) >> 5;
    if (done[start + d] !== 0) continue;
    const bit = 1 << d;
    for (let i = start; i < start + t.size; i++) {
      const cell = t.houseCells[i]!;
      if ((cand[cell]! & bit) !== 0) {
        if (grid[cell] === 0) place(t, cages, cell, bit);
        break;
      }
    }
  }
  tail = 0;
}

/**
 * {@link solvesWith} with the cages given apart: `rules` gives the houses and peers (cages or not),
 * `cages` the cages (their cells are made to differ here too; innies among them make the set
 * stronger than its name, which only the cage search asks for).
 */
export function solveWith(rules: Rules, cages: CageView, givens: ArrayLike<number>, set: LogicSet, out?: Uint8Array): boolean {
  const t = start(rules, cages, givens);
  const solved = run(t, cages, set);
  if (out !== undefined) out.set(grid.subarray(0, t.n));
  return solved;
}

/**
 * The level of `givens` under the rules and cages (see {@link variantLevelOf}) in one solve: the
 * medium techniques carry on from where singles stopped, which is where a medium solve from the
 * start would be once it had made the same deductions (the fixed point does not depend on the order).
 */
export function levelWith(rules: Rules, cages: CageView, givens: ArrayLike<number>): 'easy' | 'medium' | 'hard' {
  const t = start(rules, cages, givens);
  if (run(t, cages, 'singles')) return 'easy';
  if (broken) return 'hard';
  return run(t, cages, 'medium') ? 'medium' : 'hard';
}

/** A fresh state for `rules` with `givens` placed. */
function start(rules: Rules, cages: CageView, givens: ArrayLike<number>): Tables {
  const t = fresh(rules, cages);
  const n = t.n;
  for (let cell = 0; cell < n && !broken; cell++) {
    const digit = givens[cell]!;
    if (digit === 0) continue;
    const bit = 1 << (digit - 1);
    if ((cand[cell]! & bit) === 0 || grid[cell] !== 0) broken = true;
    else place(t, cages, cell, bit);
  }
  return t;
}

/**
 * Whether the technique `set` solves a puzzle (no cages) from a state singles reached on it:
 * `candidates` per cell, `placed` the cells singles placed (a placed cell's candidates are its
 * digit). Every technique only removes candidates no solution has and the fixed point does not
 * depend on the order, so this is what {@link solvesWith} says on the puzzle, without placing its
 * givens and running the singles again (carve.ts asks it after its singles stopped short).
 */
export function solvesFrom(rules: Rules, candidates: ArrayLike<number>, placed: ArrayLike<number>, set: LogicSet): boolean {
  const cages = cageViewOf(rules);
  if (cages.count > 0) throw new Error('solvesFrom: rules with cages');
  const t = fresh(rules, cages);
  const n = t.n;
  const size = t.size;
  count.fill(0, 0, t.houseCount * size);
  for (let cell = 0; cell < n; cell++) {
    const m = candidates[cell]!;
    cand[cell] = m;
    if (m === 0) broken = true;
    if (placed[cell] !== 0) {
      grid[cell] = 32 - Math.clz32(m);
      placedCount++;
    }
    for (let k = t.housesStart[cell]!; k < t.housesStart[cell + 1]!; k++) {
      const start = t.housesList[k]! * size;
      if (placed[cell] !== 0) done[start + grid[cell]! - 1] = 1;
      for (let bits = m; bits !== 0; bits &= bits - 1) count[start + 31 - Math.clz32(bits & -bits)]!++;
    }
  }
  if (broken) return false;
  // The singles' houses may be fewer than the logic's (windoku's implied windows): a placed digit
  // leaves the peers they did not see.
  for (let cell = 0; cell < n && !broken; cell++) {
    if (grid[cell] === 0) continue;
    const bit = cand[cell]!;
    for (let p = t.peerStart[cell]!; p < t.peerStart[cell + 1]!; p++) {
      const peer = t.peerCells[p]!;
      if ((cand[peer]! & bit) === 0) continue;
      if (grid[peer] !== 0) broken = true;
      else remove(t, peer, bit);
    }
  }
  if (broken) return false;
  for (let cell = 0; cell < n; cell++) {
    const m = cand[cell]!;
    if (grid[cell] === 0 && (m & (m - 1)) === 0) work[tail++] = cell;
  }
  for (let start = 0; start < t.houseCount * size; start += size) {
    for (let d = 0; d < size; d++) {
      const places = count[start + d]!;
      if (places === 0) return false;
      if (places === 1 && done[start + d] === 0) work[tail++] = n + ((start << 5) | d);
    }
  }
  return run(t, cages, set);
}

/** The state emptied for `rules`: every candidate, nothing placed (buffers grown as needed). */
function fresh(rules: Rules, cages: CageView): Tables {
  const t = tables(rules);
  const n = t.n;
  const size = t.size;
  if (cand.length < n) {
    cand = new Int32Array(n);
    grid = new Uint8Array(n);
  }
  if (count.length < t.houseCount * size) {
    count = new Int16Array(t.houseCount * size);
    done = new Uint8Array(t.houseCount * size);
  }
  if (work.length < t.workSize) work = new Int32Array(t.workSize);
  if (cageKeys.length < cages.count) cageKeys = new Int32Array(cages.count * 2);
  cand.fill(rules.allDigits, 0, n);
  grid.fill(0, 0, n);
  count.fill(size, 0, t.houseCount * size);
  done.fill(0, 0, t.houseCount * size);
  cageKeys.fill(-1, 0, cages.count);
  placedCount = 0;
  tail = 0;
  broken = false;
  return t;
}

/** The techniques of `set` from the current state to their fixed point; whether it is solved. */
function run(t: Tables, cages: CageView, set: LogicSet): boolean {
  naked = set !== 'hidden';
  for (;;) {
    propagate(t, cages);
    if (broken || placedCount === t.n) break;
    let progress = cages.count > 0 && set !== 'hidden' && cageCombos(t, cages);
    if (!progress && !broken && set === 'medium') progress = intersections(t) || pairs(t);
    if (!progress || broken) break;
  }
  return !broken && placedCount === t.n;
}

/** The level of a unique puzzle for variants: 'easy' (singles), 'medium' or 'hard' (anything else). */
export function variantLevelOf(rules: Rules, givens: ArrayLike<number>): 'easy' | 'medium' | 'hard' {
  return levelWith(rules, cageViewOf(rules), givens);
}

/**
 * Each cage's cells keep the digits of the combinations that contain its placed digits and fit its
 * free cells (each free cell has a candidate among the combination's other digits). Whether a
 * candidate went.
 */
function cageCombos(t: Tables, cages: CageView): boolean {
  let progress = false;
  // A placed cell weighs more than all the candidates of a cage's cells (at most `size` cells of
  // `size` bits), so the key below moves whenever the cage changes.
  const placedWeight = 1 << (t.size + 5);
  // The module's state as locals (fresh() alone replaces these arrays).
  const cells = cages.cells;
  const digits = grid;
  const cands = cand;
  const keys = cageKeys;
  for (let i = 0; i < cages.count; i++) {
    const combos = cages.combos[i];
    if (combos === null || combos === undefined) continue;
    const first = cages.start[i]!;
    const last = cages.start[i + 1]!;
    // Candidates only shrink and cells are only placed during a solve, so this key (a placed cell's
    // weight, a free cell's candidates) falls with each candidate gone and rises with each cell
    // placed: it tells whether the cage changed since it was last read; an unchanged cage has
    // nothing more to give.
    let key = 0;
    let placed = 0;
    let free = 0;
    for (let k = first; k < last; k++) {
      const cell = cells[k]!;
      if (digits[cell] !== 0) {
        placed |= 1 << (digits[cell]! - 1);
        key += placedWeight;
      } else {
        free |= cands[cell]!;
        key += cands[cell]!;
      }
    }
    if (keys[i] === key) continue;
    // When no digit is placed and every cell still has every digit of every combination, they all
    // fit: the cells keep their union (the common case at the start of a killer).
    let whole = placed === 0;
    let union = 0;
    if (whole) {
      for (let c = 0; c < combos.length; c++) union |= combos[c]!;
      for (let k = first; k < last && whole; k++) if ((cands[cells[k]!]! & union) !== union) whole = false;
    }
    let allowed = whole ? union : 0;
    // Once every free candidate is allowed, no combination left can take one out.
    for (let c = 0; c < combos.length && !whole && (free & ~allowed) !== 0; c++) {
      const m = combos[c]!;
      if ((m & placed) !== placed) continue;
      const rest = m & ~placed;
      if ((rest & ~free) !== 0 || (rest & ~allowed) === 0) continue;
      let fits = true;
      for (let k = first; k < last && fits; k++) {
        const cell = cells[k]!;
        if (digits[cell] === 0 && (cands[cell]! & rest) === 0) fits = false;
      }
      if (fits) allowed |= rest;
    }
    for (let k = first; k < last; k++) {
      const cell = cells[k]!;
      if (digits[cell] !== 0) continue;
      const was = cands[cell]!;
      if ((was & allowed) !== was) {
        remove(t, cell, ~allowed);
        if (broken) return true;
        key -= was - cands[cell]!;
        progress = true;
      }
    }
    keys[i] = key;
  }
  return progress;
}

/**
 * Intersections: for two houses sharing cells, a digit whose free places in one house all lie in
 * the shared cells leaves the other house's cells outside them (pointing, claiming, and the same
 * for diagonals, windows and jigsaw pieces). Every pair at once, as masks: the digits of the shared
 * cells that the first house's other cells lack leave the second's other cells, and the other way.
 */
function intersections(t: Tables): boolean {
  let removed = false;
  const ends = t.lockEnds;
  const cells = t.lockCells;
  let from = 0;
  for (let i = 0; i < ends.length; i += 3) {
    const sharedEnd = ends[i]!;
    const firstEnd = ends[i + 1]!;
    const secondEnd = ends[i + 2]!;
    let shared = 0;
    let first = 0;
    let second = 0;
    for (let k = from; k < sharedEnd; k++) if (grid[cells[k]!] === 0) shared |= cand[cells[k]!]!;
    for (let k = sharedEnd; k < firstEnd; k++) if (grid[cells[k]!] === 0) first |= cand[cells[k]!]!;
    for (let k = firstEnd; k < secondEnd; k++) if (grid[cells[k]!] === 0) second |= cand[cells[k]!]!;
    const outOfSecond = shared & ~first & second; // confined to the shared cells in the first house
    const outOfFirst = shared & ~second & first;
    if (outOfSecond !== 0) {
      for (let k = firstEnd; k < secondEnd; k++) if (grid[cells[k]!] === 0) remove(t, cells[k]!, outOfSecond);
      removed = true;
    }
    if (outOfFirst !== 0) {
      for (let k = sharedEnd; k < firstEnd; k++) if (grid[cells[k]!] === 0) remove(t, cells[k]!, outOfFirst);
      removed = true;
    }
    from = secondEnd;
  }
  return removed;
}

/**
 * Naked pairs (two free cells of a house with the same two candidates: the others lose both) and
 * hidden pairs (two digits with the same two free places in a house: those cells lose the rest).
 */
function pairs(t: Tables): boolean {
  const size = t.size;
  let removed = false;
  for (let h = 0; h < t.houseCount; h++) {
    const first = h * size;
    for (let i = first; i < first + size; i++) {
      const a = t.houseCells[i]!;
      const m = cand[a]!;
      if (grid[a] !== 0 || popcount(m) !== 2) continue;
      for (let j = i + 1; j < first + size; j++) {
        const b = t.houseCells[j]!;
        if (grid[b] !== 0 || cand[b] !== m) continue;
        for (let k = first; k < first + size; k++) {
          const cell = t.houseCells[k]!;
          if (cell === a || cell === b || grid[cell] !== 0 || (cand[cell]! & m) === 0) continue;
          remove(t, cell, m);
          removed = true;
        }
      }
    }
    // Places of each digit in the house as a bit set of positions 0..size-1.
    if (places.length < size) places = new Int32Array(16);
    for (let d = 0; d < size; d++) places[d] = 0;
    for (let k = 0; k < size; k++) {
      const cell = t.houseCells[first + k]!;
      if (grid[cell] !== 0) continue;
      let m = cand[cell]!;
      while (m !== 0) {
        const low = m & -m;
        m ^= low;
        const d = 31 - Math.clz32(low);
        places[d] = places[d]! | (1 << k);
      }
    }
    for (let d1 = 0; d1 < size; d1++) {
      const p1 = places[d1]!;
      if (popcount(p1) !== 2) continue;
      for (let d2 = d1 + 1; d2 < size; d2++) {
        if (places[d2] !== p1) continue;
        const keep = (1 << d1) | (1 << d2);
        for (let k = 0; k < size; k++) {
          if ((p1 & (1 << k)) === 0) continue;
          const cell = t.houseCells[first + k]!;
          if ((cand[cell]! & ~keep) !== 0) {
            remove(t, cell, ~keep);
            removed = true;
          }
        }
      }
    }
  }
  return removed;
}

/** Places of each digit in the house being read by pairs() (grown on first use: nothing runs at import). */
let places = new Int32Array(0);
