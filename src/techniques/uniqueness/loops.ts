import type { Board } from '../../core/board.js';
import { classicGeometry, seesIn, type Geometry } from '../../core/geometry.js';
import type { Step } from '../../core/step.js';
import { FIRST_DIGIT, POPCOUNT, digitsOf } from '../../core/tables.js';
import { BoardMemo, eliminationList, houseMasksOf, housesSharedBy, makeStep } from './common.js';

/**
 * Unique rectangles and unique loops, types 1-4, as Sudoku Explainer finds and rates them.
 *
 * A loop is a cycle of 4, 6, 8... empty cells that all hold the two digits a and b, linked cell to
 * cell through shared units, such that every unit it touches holds exactly two of its cells, one at
 * an even and one at an odd position:
 *
 *     r1c1 ab ---- r1c5 ab          if every cell were a or b, the digits would alternate round
 *       |            |              the loop and swapping them would give a second solution.
 *     r4c1 ab ---- r4c5 abX         So in a puzzle with one solution some cell is not a or b.
 *
 * Type 1: one cell has extra digits: it is not a or b.
 * Type 2: every extra cell has the same one extra digit x: one of them is x, so cells that see them
 *   all are not x.
 * Type 3: two extra cells c1, c2 in one unit: one of them holds an extra digit, so they act as one
 *   cell with the extra digits in a naked set of that unit (or the hidden-set form).
 * Type 4: two extra cells in one unit where a is locked to them: one is a, the other cannot be b.
 *
 * Ratings (SE): 4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 for 10 or more; type 3 adds 0.1 per
 * digit of the naked set beyond one (pair +0.1) or per cell of the hidden set beyond one (hidden
 * pair +0.0). SE sorts all its loop hints by difficulty, then type; each type here returns its
 * easiest instance, ties by first found (start cell order).
 *
 * Step.pattern: cells are the loop's cells in loop order, then a type 3 set's other cells; digits
 * are a and b, then type 2's x or the type 3 set's other digits (type 4: the locked digit, then the
 * removed one); units are those the loop visits (types 1, 2) or the set's / lock's unit (3, 4).
 * Search: depth-first from each bivalue cell, at most LOOP_SEARCH_BUDGET nodes per board (real
 * states need under 1,000; steps of a cut search are marked `truncated`).
 *
 * Any 9x9 houses (jigsaw pieces, diagonals, windows...): the loop's cells are linked through any
 * house and every house it touches must hold one even and one odd cell of it, so that swapping
 * its two digits keeps every house whole (SukakuExplainer's test). That makes the deadly pattern
 * real on every rule set without killer cages (a cage's sum would change).
 */

/** The 8 results: index type-1 for rectangles (4 cells), 4 + type-1 for longer loops. */
type LoopResults = (Step | null)[];

export const UNIQUE_LOOP_IDS = [
  'unique-rectangle-1',
  'unique-rectangle-2',
  'unique-rectangle-3',
  'unique-rectangle-4',
  'unique-loop-1',
  'unique-loop-2',
  'unique-loop-3',
  'unique-loop-4',
] as const;

/** Upper bound on search nodes per board; typical boards need a few hundred. */
export const LOOP_SEARCH_BUDGET = 100_000;

/** Loop length -> base difficulty in tenths: 4 -> 45, 6 -> 46, 8 -> 47, 10+ -> 50. */
export function loopBaseTenths(length: number): number {
  if (length >= 10) return 50;
  if (length >= 8) return 47;
  if (length >= 6) return 46;
  return 45;
}

// Search state, module-level so the depth-first search allocates nothing per node.
const path = new Uint8Array(24);
const inPath = new Uint8Array(81);
let cand: Uint16Array = new Uint16Array(81);
let start = 0;
let pairMask = 0;
let unitsEven = 0; // houses 0-26 holding a loop cell at an even position
let unitsOdd = 0;
let extraEven = 0; // houses 27.. (diagonals, windows...) likewise
let extraOdd = 0;
/** The rules of the current search. */
let geometry: Geometry = classicGeometry();
let maskLo: Int32Array = new Int32Array(81);
let maskHi: Int32Array = new Int32Array(81);
let nodes = 0;
let found: number[][] = [];
let foundKeys = new Set<string>();

function recordLoop(length: number): void {
  const cells = Array.from(path.subarray(0, length));
  const key = [...cells].sort((a, b) => a - b).join(',');
  if (foundKeys.has(key)) return;
  foundKeys.add(key);
  found.push(cells);
}

/**
 * Extends the path whose last cell is path[length - 1]. Each loop is found from its lowest cell
 * holding exactly {a, b} (SE starts from every such cell and discards repeats).
 * Prune: a cell may not share a unit with an earlier cell of the same parity, since a valid loop
 * has each unit once at each parity; this also rules out odd loops.
 */
function extend(length: number, extraCount: number, extraUnion: number): void {
  if (++nodes > LOOP_SEARCH_BUDGET) return;
  const cell = path[length - 1]!;
  const odd = length & 1; // parity of the position the next cell takes
  const { peers, peerStart } = geometry;
  for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
    const next = peers[i]!;
    if (next === start) {
      if (length >= 4 && unitsEven === unitsOdd && extraEven === extraOdd) recordLoop(length);
      continue;
    }
    if (inPath[next] !== 0) continue;
    const mask = cand[next]!;
    if ((mask & pairMask) !== pairMask) continue;
    if (mask === pairMask && next < start) continue;
    const units = maskLo[next]!;
    const extras = maskHi[next]!;
    if ((odd ? unitsOdd : unitsEven) & units || (odd ? extraOdd : extraEven) & extras) continue;
    let count = extraCount;
    let union = extraUnion;
    if (mask !== pairMask) {
      // SE: at most two cells with extra digits, or any number sharing one single extra digit.
      count++;
      union |= mask & ~pairMask;
      if (count > 2 && POPCOUNT[union] !== 1) continue;
    }
    path[length] = next;
    inPath[next] = 1;
    if (odd) {
      unitsOdd |= units;
      extraOdd |= extras;
    } else {
      unitsEven |= units;
      extraEven |= extras;
    }
    extend(length + 1, count, union);
    if (odd) {
      unitsOdd &= ~units;
      extraOdd &= ~extras;
    } else {
      unitsEven &= ~units;
      extraEven &= ~extras;
    }
    inPath[next] = 0;
    if (nodes > LOOP_SEARCH_BUDGET) return;
  }
}

/** Search effort of the last loop search: nodes visited (the search stops at LOOP_SEARCH_BUDGET). */
export const loopSearchStats = { nodes: 0 };

/** Every loop of the board (as cell lists in loop order), with its digit pair, in start-cell order (houses of `rules`, default classic). */
export function findLoops(board: Readonly<Board>, rules: Geometry = classicGeometry()): { cells: number[]; pair: number }[] {
  useGeometry(rules);
  cand = board.candidates as Uint16Array;
  nodes = 0;
  const out: { cells: number[]; pair: number }[] = [];
  for (let s = 0; s < 81; s++) {
    const mask = cand[s]!;
    if (POPCOUNT[mask] !== 2) continue;
    start = s;
    pairMask = mask;
    found = [];
    foundKeys = new Set<string>();
    path[0] = s;
    inPath[s] = 1;
    unitsEven = maskLo[s]!;
    unitsOdd = 0;
    extraEven = maskHi[s]!;
    extraOdd = 0;
    extend(1, 0, 0);
    inPath[s] = 0;
    for (const cells of found) out.push({ cells, pair: mask });
    if (nodes > LOOP_SEARCH_BUDGET) break;
  }
  cand = new Uint16Array(0);
  loopSearchStats.nodes = nodes;
  return out;
}

function useGeometry(rules: Geometry): void {
  geometry = rules;
  const masks = houseMasksOf(rules);
  maskLo = masks.lo;
  maskHi = masks.hi;
}

/** Houses (by number) the loop visits, ascending. */
function loopUnits(cells: readonly number[]): number[] {
  let lo = 0;
  let hi = 0;
  for (const c of cells) {
    lo |= maskLo[c]!;
    hi |= maskHi[c]!;
  }
  const units: number[] = [];
  for (let u = 0; u < 27; u++) if (lo & (1 << u)) units.push(u);
  for (let u = 27; u < geometry.houseCount; u++) if (hi & (1 << (u - 27))) units.push(u);
  return units;
}

/** Houses shared by two cells, in SE order (box, column, row, then extra houses). */
function sharedUnits(a: number, b: number): number[] {
  return housesSharedBy(geometry, [a, b], false);
}

interface Candidate3 {
  tenths: number;
  step: Step;
}

function keepEasier(best: Candidate3 | null, tenths: number, make: () => Step): Candidate3 | null {
  if (best !== null && best.tenths <= tenths) return best;
  return { tenths, step: make() };
}

function type1(board: Readonly<Board>, loop: readonly number[], pair: number, rescue: number, tenths: number, id: string): Step {
  return makeStep(id, tenths, eliminationList([rescue], [pair]), {
    cells: [...loop],
    digits: digitsOf(pair),
    units: loopUnits(loop),
  });
}

function type2(board: Readonly<Board>, loop: readonly number[], pair: number, extras: readonly number[], tenths: number, id: string): Step | null {
  const c = board.candidates;
  const digitBit = c[extras[0]!]! & ~pair;
  const cells: number[] = [];
  const masks: number[] = [];
  for (let cell = 0; cell < 81; cell++) {
    if ((c[cell]! & digitBit) === 0 || extras.includes(cell)) continue;
    if (extras.every((e) => seesIn(geometry, e, cell))) {
      cells.push(cell);
      masks.push(digitBit);
    }
  }
  if (cells.length === 0) return null;
  return makeStep(id, tenths, eliminationList(cells, masks), {
    cells: [...loop],
    digits: [...digitsOf(pair), FIRST_DIGIT[digitBit]!],
    units: loopUnits(loop),
  });
}

function type4(board: Readonly<Board>, loop: readonly number[], pair: number, c1: number, c2: number, tenths: number, id: string): Step | null {
  const c = board.candidates;
  const v1 = pair & -pair;
  const v2 = pair & ~v1;
  // SE keeps the last shared unit where a digit is locked, and prefers locking v1.
  let lockUnit1 = -1;
  let lockUnit2 = -1;
  for (const u of sharedUnits(c1, c2)) {
    let others = 0;
    for (let i = 0; i < 9; i++) {
      const cell = geometry.houseCells[u * 9 + i]!;
      if (cell !== c1 && cell !== c2) others |= c[cell]!;
    }
    if ((others & v1) === 0) lockUnit1 = u;
    if ((others & v2) === 0) lockUnit2 = u;
  }
  const unit = lockUnit1 >= 0 ? lockUnit1 : lockUnit2;
  if (unit < 0) return null;
  const lock = lockUnit1 >= 0 ? v1 : v2;
  const removed = pair & ~lock;
  return makeStep(id, tenths, eliminationList([c1, c2], [removed, removed]), {
    cells: [...loop],
    digits: [FIRST_DIGIT[lock]!, FIRST_DIGIT[removed]!],
    units: [unit],
  });
}

/**
 * Type 3: c1 and c2 act as one cell holding one of `extra`. Naked form: with degree-1 other cells
 * of a shared unit they hold exactly `degree` digits. Hidden form: `degree` digits, a and b among
 * them, fit only in c1/c2 and degree-1 other cells. Returns the easiest, or null.
 */
function type3(board: Readonly<Board>, loop: readonly number[], pair: number, c1: number, c2: number, base: number, id: string): Step | null {
  const c = board.candidates;
  const extra = (c[c1]! | c[c2]!) & ~pair;
  const extraCount = POPCOUNT[extra]!;
  const both = extra & c[c1]! & c[c2]!;
  let best: Candidate3 | null = null;
  const positions = new Uint16Array(9);
  for (const u of sharedUnits(c1, c2)) {
    const base9 = u * 9;
    let p1 = 0;
    let p2 = 0;
    let empty = 0;
    positions.fill(0);
    for (let i = 0; i < 9; i++) {
      const cell = geometry.houseCells[base9 + i]!;
      if (cell === c1) p1 = i;
      if (cell === c2) p2 = i;
      if (board.values[cell] === 0) empty++;
      let m = c[cell]!;
      while (m !== 0) {
        const low = m & -m;
        const d = FIRST_DIGIT[low]! - 1;
        positions[d] = positions[d]! | (1 << i);
        m ^= low;
      }
    }
    const loopPos = (1 << p1) | (1 << p2);

    // Naked sets: choose the other degree-1 cells as a mask over the unit's positions.
    for (let set = 1; set < 512; set++) {
      if (set & loopPos) continue;
      const degree = POPCOUNT[set]! + 1;
      if (degree < extraCount || degree > 7 || degree * 2 > empty) continue;
      let union = 0;
      let ok = true;
      for (let i = 0; i < 9 && ok; i++) {
        if ((set & (1 << i)) === 0) continue;
        const m = c[geometry.houseCells[base9 + i]!]!;
        if (POPCOUNT[m]! < 2) ok = false;
        union |= m;
      }
      if (!ok || POPCOUNT[extra | union] !== degree || POPCOUNT[both | union] !== degree) continue;
      const digits = extra | union;
      const tenths = base + (degree - 1);
      if (best !== null && best.tenths <= tenths) continue;
      const cells: number[] = [];
      const masks: number[] = [];
      for (let i = 0; i < 9; i++) {
        if ((set | loopPos) & (1 << i)) continue;
        const cell = geometry.houseCells[base9 + i]!;
        if (c[cell]! & digits) {
          cells.push(cell);
          masks.push(c[cell]! & digits);
        }
      }
      if (cells.length === 0) continue;
      const setCells: number[] = [];
      for (let i = 0; i < 9; i++) if (set & (1 << i)) setCells.push(geometry.houseCells[base9 + i]!);
      best = keepEasier(best, tenths, () =>
        makeStep(id, tenths, eliminationList(cells, masks), {
          cells: [...loop, ...setCells],
          digits: [...digitsOf(pair), ...digitsOf(digits & ~pair)],
          units: [u],
        }),
      );
    }

    // Hidden sets: a, b and degree-2 digits that are neither a, b nor extra.
    const rest = 0x1ff & ~pair & ~extra;
    for (let sub = rest; ; sub = (sub - 1) & rest) {
      const degree = POPCOUNT[sub]! + 2;
      if (degree <= 7 && degree * 2 < empty) {
        const hidden = sub | pair;
        let union = 0;
        let ok = true;
        for (let d = 0; d < 9 && ok; d++) {
          if ((hidden & (1 << d)) === 0) continue;
          const pos = positions[d]! & ~(1 << p2);
          if (pos === 0) ok = false;
          union |= pos;
        }
        if (ok && POPCOUNT[union] === degree) {
          const tenths = base + (degree - 2);
          const cells: number[] = [];
          const masks: number[] = [];
          const setCells: number[] = [];
          for (let i = 0; i < 9; i++) {
            if ((union & (1 << i)) === 0 || i === p1) continue;
            const cell = geometry.houseCells[base9 + i]!;
            setCells.push(cell);
            if (c[cell]! & ~hidden) {
              cells.push(cell);
              masks.push(c[cell]! & ~hidden);
            }
          }
          if (cells.length > 0) {
            best = keepEasier(best, tenths, () =>
              makeStep(id, tenths, eliminationList(cells, masks), {
                cells: [...loop, ...setCells],
                digits: [...digitsOf(pair), ...digitsOf(sub)],
                units: [u],
              }),
            );
          }
        }
      }
      if (sub === 0) break;
    }
  }
  return best === null ? null : best.step;
}

function better(current: Step | null, candidate: Step | null): Step | null {
  if (candidate === null) return current;
  if (current === null || candidate.difficulty < current.difficulty) return candidate;
  return current;
}

function computeLoops(board: Readonly<Board>): LoopResults {
  const results: LoopResults = [null, null, null, null, null, null, null, null];
  const c = board.candidates;
  for (const { cells: loop, pair } of findLoops(board, geometry)) {
    const extras = loop.filter((cell) => c[cell] !== pair);
    if (extras.length === 0) continue; // a deadly pattern already: not this technique's business
    const tenths = loopBaseTenths(loop.length);
    const slot = loop.length === 4 ? 0 : 4;
    const id = (type: number) => UNIQUE_LOOP_IDS[slot + type - 1]!;
    if (extras.length === 1) {
      results[slot] = better(results[slot]!, type1(board, loop, pair, extras[0]!, tenths, id(1)));
      continue;
    }
    let extraUnion = 0;
    for (const e of extras) extraUnion |= c[e]! & ~pair;
    if (POPCOUNT[extraUnion] === 1) {
      results[slot + 1] = better(results[slot + 1]!, type2(board, loop, pair, extras, tenths, id(2)));
    } else if (extras.length === 2) {
      results[slot + 2] = better(results[slot + 2]!, type3(board, loop, pair, extras[0]!, extras[1]!, tenths, id(3)));
    }
    if (extras.length === 2) {
      results[slot + 3] = better(results[slot + 3]!, type4(board, loop, pair, extras[0]!, extras[1]!, tenths, id(4)));
    }
  }
  // Never seen on real states (at most ~1,000 nodes over top1465, se-rated-train and
  // forum_hardest_1106): a step found within a cut search is sound but may not be the easiest.
  if (loopSearchStats.nodes > LOOP_SEARCH_BUDGET) {
    for (const step of results) if (step !== null) step.truncated = true;
  }
  return results;
}

const memo = new BoardMemo<LoopResults>();

/** The easiest unique rectangle (4 cells) or loop (6+ cells) of one type on this board (houses of `rules`, default classic), or null. */
export function findUniqueLoop(board: Readonly<Board>, type: 1 | 2 | 3 | 4, rectangle: boolean, rules: Geometry = classicGeometry()): Step | null {
  useGeometry(rules);
  return memo.get(board, computeLoops, rules)[(rectangle ? 0 : 4) + type - 1] ?? null;
}

/**
 * The easiest instance over all types and sizes, ties broken by type then size, which is the hint
 * Sudoku Explainer's unique-loop rule gives first (it sorts its hints by difficulty, then type).
 */
export function findEasiestUniqueLoop(board: Readonly<Board>, rules: Geometry = classicGeometry()): Step | null {
  useGeometry(rules);
  const results = memo.get(board, computeLoops, rules);
  let best: Step | null = null;
  for (let type = 0; type < 4; type++) {
    best = better(best, results[type] ?? null);
    best = better(best, results[4 + type] ?? null);
  }
  return best;
}
