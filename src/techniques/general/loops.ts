import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import { digitsOfMask, lowBit, popcount, sees, type GeneralShape } from '../../grader/general/shape.js';
import { eliminationList, makeStep } from '../uniqueness/common.js';
import { LOOP_SEARCH_BUDGET, UNIQUE_LOOP_IDS, loopBaseTenths } from '../uniqueness/loops.js';
import { housesSharedBy, type GeneralScan } from './places.js';

/**
 * Unique rectangles and unique loops, types 1-4, on any rules of the general ladder (other sizes,
 * jigsaw of any size, extra houses, Samurai): the 9x9 ladder's search (src/techniques/uniqueness/
 * loops.ts, Sudoku Explainer's rules and ratings: 4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 for
 * 10 or more, type 3 + its set) over the rules' houses.
 *
 * The soundness test, per pattern: the loop's cells hold digits a and b, alternating round the
 * loop, and every house the loop touches holds exactly two of its cells, one at an even and one at
 * an odd position. Then swapping a and b in the loop's cells keeps every house whole (a house
 * meets the pattern in none of its cells or in a pair holding both digits), so with all its cells
 * a or b the puzzle would have two solutions. A candidate loop failing the test for any house (a
 * diagonal, a window, a jigsaw piece, a Samurai's shared box taking one of its cells, or two of one
 * parity) is never used: the search does not extend a path into it, and does not close it.
 *
 *     6x6 with the down diagonal:   r1c2 ab --- r1c5 ab     rows 1, 2, columns 2, 5 and
 *                                     |           |          boxes 1, 2 each take one cell of
 *                                   r2c2 ab --- r2c5 abX     each parity; the diagonal takes
 *                                                            r2c2 alone: not a deadly pattern.
 *
 * Houses are counted per parity in two arrays (any number of houses: a Samurai has 131), with the
 * number of houses holding one parity and not the other; a loop closes when that is 0.
 */

interface LoopState {
  readonly path: Int16Array;
  readonly inPath: Uint8Array;
  /** Loop cells at even / odd positions in each house. */
  readonly evenIn: Uint8Array;
  readonly oddIn: Uint8Array;
}

const states = new WeakMap<GeneralShape, LoopState>();

function stateOf(shape: GeneralShape): LoopState {
  let state = states.get(shape);
  if (state === undefined) {
    state = {
      path: new Int16Array(shape.cellCount + 1),
      inPath: new Uint8Array(shape.cellCount),
      evenIn: new Uint8Array(shape.houseCount),
      oddIn: new Uint8Array(shape.houseCount),
    };
    states.set(shape, state);
  }
  return state;
}

// The current search, module-level so the depth-first search allocates nothing per node.
let shape: GeneralShape;
let state: LoopState;
let cand: Uint16Array = new Uint16Array(0);
let start = 0;
let pairMask = 0;
/** Houses holding a loop cell of one parity and none of the other. */
let unbalanced = 0;
let nodes = 0;
const found: number[][] = [];
const foundKeys = new Set<string>();

function recordLoop(length: number): void {
  const cells = Array.from(state.path.subarray(0, length));
  const key = [...cells].sort((a, b) => a - b).join(',');
  if (foundKeys.has(key)) return;
  foundKeys.add(key);
  found.push(cells);
}

/** Adds (`add` 1) or removes (-1) a cell at a parity to the house counts. */
function count(cell: number, odd: number, add: number): void {
  const same = odd ? state.oddIn : state.evenIn;
  const other = odd ? state.evenIn : state.oddIn;
  const { cellHouses, cellHouseStart } = shape;
  for (let k = cellHouseStart[cell]!, end = cellHouseStart[cell + 1]!; k < end; k++) {
    const house = cellHouses[k]!;
    same[house] = same[house]! + add;
    // Adding a cell balances a house the other parity holds, unbalances one it does not (undo: the reverse).
    unbalanced += other[house] === 1 ? -add : add;
  }
}

/**
 * Extends the path whose last cell is path[length - 1] (see the 9x9 loops.ts: each loop is found
 * from its lowest cell holding exactly {a, b}; a cell may not share a house with an earlier cell
 * of the same parity).
 */
function extend(length: number, extraCount: number, extraUnion: number): void {
  if (++nodes > LOOP_SEARCH_BUDGET) return;
  const { path, inPath } = state;
  const cell = path[length - 1]!;
  const odd = length & 1; // parity of the position the next cell takes
  const same = odd ? state.oddIn : state.evenIn;
  const { peers, peerStart, cellHouses, cellHouseStart } = shape;
  for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
    const next = peers[i]!;
    if (next === start) {
      if (length >= 4 && unbalanced === 0) recordLoop(length);
      continue;
    }
    if (inPath[next] !== 0) continue;
    const mask = cand[next]!;
    if ((mask & pairMask) !== pairMask) continue;
    if (mask === pairMask && next < start) continue;
    let clash = false;
    for (let k = cellHouseStart[next]!, stop = cellHouseStart[next + 1]!; k < stop && !clash; k++) clash = same[cellHouses[k]!] !== 0;
    if (clash) continue;
    let extras = extraCount;
    let union = extraUnion;
    if (mask !== pairMask) {
      // SE: at most two cells with extra digits, or any number sharing one single extra digit.
      extras++;
      union |= mask & ~pairMask;
      if (extras > 2 && popcount(union) !== 1) continue;
    }
    path[length] = next;
    inPath[next] = 1;
    count(next, odd, 1);
    extend(length + 1, extras, union);
    count(next, odd, -1);
    inPath[next] = 0;
    if (nodes > LOOP_SEARCH_BUDGET) return;
  }
}

/** Every loop of the board (cells in loop order) with its digit pair, in start-cell order; `nodes` is the search's effort. */
export function findGeneralLoops(board: Readonly<Board>, rules: GeneralShape): { loops: { cells: number[]; pair: number }[]; nodes: number } {
  shape = rules;
  state = stateOf(rules);
  cand = board.candidates as Uint16Array;
  nodes = 0;
  const loops: { cells: number[]; pair: number }[] = [];
  for (let s = 0; s < rules.cellCount; s++) {
    const mask = cand[s]!;
    if (popcount(mask) !== 2) continue;
    start = s;
    pairMask = mask;
    found.length = 0;
    foundKeys.clear();
    state.path[0] = s;
    state.inPath[s] = 1;
    unbalanced = 0;
    count(s, 0, 1);
    extend(1, 0, 0);
    count(s, 0, -1);
    state.inPath[s] = 0;
    for (const cells of found) loops.push({ cells, pair: mask });
    if (nodes > LOOP_SEARCH_BUDGET) break;
  }
  cand = new Uint16Array(0);
  return { loops, nodes };
}

/** Houses the loop visits, ascending. */
function loopUnits(cells: readonly number[]): number[] {
  const units = new Set<number>();
  for (const cell of cells) for (let k = shape.cellHouseStart[cell]!; k < shape.cellHouseStart[cell + 1]!; k++) units.add(shape.cellHouses[k]!);
  return [...units].sort((a, b) => a - b);
}

function type1(loop: readonly number[], pair: number, rescue: number, tenths: number, id: string): Step {
  return makeStep(id, tenths, eliminationList([rescue], [pair]), { cells: [...loop], digits: digitsOfMask(pair), units: loopUnits(loop) });
}

function type2(board: Readonly<Board>, loop: readonly number[], pair: number, extras: readonly number[], tenths: number, id: string): Step | null {
  const c = board.candidates;
  const digitBit = c[extras[0]!]! & ~pair;
  const cells: number[] = [];
  for (let cell = 0; cell < shape.cellCount; cell++) {
    if ((c[cell]! & digitBit) === 0 || extras.includes(cell)) continue;
    if (extras.every((e) => sees(shape, e, cell))) cells.push(cell);
  }
  if (cells.length === 0) return null;
  return makeStep(id, tenths, eliminationList(cells, cells.map(() => digitBit)), {
    cells: [...loop],
    digits: [...digitsOfMask(pair), lowBit(digitBit) + 1],
    units: loopUnits(loop),
  });
}

function type4(scan: GeneralScan, loop: readonly number[], pair: number, c1: number, c2: number, tenths: number, id: string): Step | null {
  const { places } = scan;
  const { size } = shape;
  const d1 = lowBit(pair);
  const d2 = lowBit(pair & (pair - 1));
  // A digit of the pair is locked to c1 and c2 in a house they share when they are its only two
  // places there. SE keeps the last such house, and prefers locking the lower digit.
  let lockUnit1 = -1;
  let lockUnit2 = -1;
  for (const u of housesSharedBy(shape, [c1, c2], false)) {
    if (popcount(places[u * size + d1]!) === 2) lockUnit1 = u;
    if (popcount(places[u * size + d2]!) === 2) lockUnit2 = u;
  }
  if (lockUnit1 < 0 && lockUnit2 < 0) return null;
  const [unit, lock, removed] = lockUnit1 >= 0 ? [lockUnit1, d1, d2] : [lockUnit2, d2, d1];
  return makeStep(id, tenths, [
    { cell: Math.min(c1, c2), digit: removed + 1 },
    { cell: Math.max(c1, c2), digit: removed + 1 },
  ], { cells: [...loop], digits: [lock + 1, removed + 1], units: [unit] });
}

const POSITIONS = new Uint32Array(16);

/**
 * Type 3: c1 and c2 act as one cell holding one of their extra digits, in a naked set of a shared
 * house (degree up to 7, sets visited in ascending order of their positions) or in the hidden-set
 * form; the 9x9 loops.ts's type 3 over houses of any size. Returns the easiest, or null.
 */
function type3(board: Readonly<Board>, loop: readonly number[], pair: number, c1: number, c2: number, base: number, id: string): Step | null {
  const c = board.candidates;
  const { size, houseCells } = shape;
  const extra = (c[c1]! | c[c2]!) & ~pair;
  const extraCount = popcount(extra);
  const both = extra & c[c1]! & c[c2]!;
  let best: Step | null = null;
  let bestTenths = Infinity;
  for (const u of housesSharedBy(shape, [c1, c2], false)) {
    const base0 = u * size;
    let p1 = 0;
    let p2 = 0;
    let empty = 0;
    let eligible = 0;
    POSITIONS.fill(0);
    for (let i = 0; i < size; i++) {
      const cell = houseCells[base0 + i]!;
      if (cell === c1) p1 = i;
      if (cell === c2) p2 = i;
      if (board.values[cell] === 0) empty++;
      const m = c[cell]!;
      if (cell !== c1 && cell !== c2 && popcount(m) >= 2) eligible |= 1 << i;
      for (let rest = m; rest !== 0; rest &= rest - 1) POSITIONS[lowBit(rest)] = POSITIONS[lowBit(rest)]! | (1 << i);
    }
    const loopPos = (1 << p1) | (1 << p2);

    // Naked sets: the other degree-1 cells, as the ascending non-empty subsets of the eligible positions.
    for (let set = eligible & -eligible; set !== 0; set = (set - eligible) & eligible) {
      const degree = popcount(set) + 1;
      if (degree < extraCount || degree > 7 || degree * 2 > empty) continue;
      let union = 0;
      for (let rest = set; rest !== 0; rest &= rest - 1) union |= c[houseCells[base0 + lowBit(rest)]!]!;
      if (popcount(extra | union) !== degree || popcount(both | union) !== degree) continue;
      const digits = extra | union;
      const tenths = base + (degree - 1);
      if (tenths >= bestTenths) continue;
      const cells: number[] = [];
      const masks: number[] = [];
      for (let i = 0; i < size; i++) {
        if ((set | loopPos) & (1 << i)) continue;
        const cell = houseCells[base0 + i]!;
        if (c[cell]! & digits) {
          cells.push(cell);
          masks.push(c[cell]! & digits);
        }
      }
      if (cells.length === 0) continue;
      const setCells: number[] = [];
      for (let rest = set; rest !== 0; rest &= rest - 1) setCells.push(houseCells[base0 + lowBit(rest)]!);
      bestTenths = tenths;
      best = makeStep(id, tenths, eliminationList(cells, masks), {
        cells: [...loop, ...setCells],
        digits: [...digitsOfMask(pair), ...digitsOfMask(digits & ~pair)],
        units: [u],
      });
    }

    // Hidden sets: a, b and degree-2 digits that are neither a, b nor extra (submasks, descending).
    const rest = shape.rules.allDigits & ~pair & ~extra;
    for (let sub = rest; ; sub = (sub - 1) & rest) {
      const degree = popcount(sub) + 2;
      if (degree <= 7 && degree * 2 < empty) {
        const hidden = sub | pair;
        let union = 0;
        let ok = true;
        for (let h = hidden; h !== 0 && ok; h &= h - 1) {
          const pos = POSITIONS[lowBit(h)]! & ~(1 << p2);
          if (pos === 0) ok = false;
          union |= pos;
        }
        const tenths = base + (degree - 2);
        if (ok && popcount(union) === degree && tenths < bestTenths) {
          const cells: number[] = [];
          const masks: number[] = [];
          const setCells: number[] = [];
          for (let i = 0; i < size; i++) {
            if ((union & (1 << i)) === 0 || i === p1) continue;
            const cell = houseCells[base0 + i]!;
            setCells.push(cell);
            if (c[cell]! & ~hidden) {
              cells.push(cell);
              masks.push(c[cell]! & ~hidden);
            }
          }
          if (cells.length > 0) {
            bestTenths = tenths;
            best = makeStep(id, tenths, eliminationList(cells, masks), {
              cells: [...loop, ...setCells],
              digits: [...digitsOfMask(pair), ...digitsOfMask(sub)],
              units: [u],
            });
          }
        }
      }
      if (sub === 0) break;
    }
  }
  return best;
}

function better(current: Step | null, candidate: Step | null): Step | null {
  if (candidate === null) return current;
  if (current === null || candidate.difficulty < current.difficulty) return candidate;
  return current;
}

/**
 * The easiest unique rectangle or loop of any type on the board, or null: Sudoku Explainer's
 * UniqueLoops producer, as the 9x9 grader's group picks it (lowest difficulty; ties: rectangle
 * types 1-4, then loop types 1-4; within a type, the first found). A step found after the search
 * hit LOOP_SEARCH_BUDGET is sound but may not be the easiest: it is marked `truncated`.
 */
export function findGeneralUniqueLoop(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const { loops, nodes: effort } = findGeneralLoops(board, scan.shape);
  const results: (Step | null)[] = [null, null, null, null, null, null, null, null];
  const c = board.candidates;
  for (const { cells: loop, pair } of loops) {
    const extras = loop.filter((cell) => c[cell] !== pair);
    if (extras.length === 0) continue; // a deadly pattern already: not this technique's business
    const tenths = loopBaseTenths(loop.length);
    const slot = loop.length === 4 ? 0 : 4;
    const id = (type: number): string => UNIQUE_LOOP_IDS[slot + type - 1]!;
    if (extras.length === 1) {
      results[slot] = better(results[slot]!, type1(loop, pair, extras[0]!, tenths, id(1)));
      continue;
    }
    let extraUnion = 0;
    for (const e of extras) extraUnion |= c[e]! & ~pair;
    if (popcount(extraUnion) === 1) {
      results[slot + 1] = better(results[slot + 1]!, type2(board, loop, pair, extras, tenths, id(2)));
    } else if (extras.length === 2) {
      results[slot + 2] = better(results[slot + 2]!, type3(board, loop, pair, extras[0]!, extras[1]!, tenths, id(3)));
    }
    if (extras.length === 2) {
      results[slot + 3] = better(results[slot + 3]!, type4(scan, loop, pair, extras[0]!, extras[1]!, tenths, id(4)));
    }
  }
  let best: Step | null = null;
  for (const step of results) best = better(best, step);
  if (best !== null && effort > LOOP_SEARCH_BUDGET) best.truncated = true;
  return best;
}
