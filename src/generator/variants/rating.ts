import { geometryOf } from '../../core/geometry.js';
import type { Rules } from '../../rules/types.js';

/*
 * The grader's rating of a puzzle that hidden singles solve, without running the grader: 1.0, 1.2
 * or 1.5 (null when hidden singles and full houses do not solve it; the grader is asked then).
 *
 * The grader follows Sudoku Explainer's path: at each step the easiest step there is, and the
 * rating is the hardest step taken. The steps at or below 1.5 are the full house (the last empty
 * cell of any house, 1.0), the hidden single in a box (a regular 3x3 box, 1.2) and the hidden
 * single in any other house (rows, columns, diagonals, windows, jigsaw pieces: 1.5). Each of them
 * only removes candidates no solution has, and what it finds from some candidates it finds from
 * fewer too (a hidden single stays one until it is placed), so the placements steps of at most L
 * reach from the givens do not depend on their order. The path therefore takes steps above L only
 * if those steps of at most L alone leave the grid unsolved: the rating is the least L whose steps
 * solve it. Here: the full houses and box singles to their fixed point (solved: 1.2, or 1.0 when
 * full houses alone solve it), then every hidden single on from there (solved: 1.5).
 *
 * On 9x9 rule sets the houses are the geometry's, the 9x9 grader's own (windoku's implied windows
 * included), and a house is a box when the geometry says so, as that grader reads it; cages and
 * odd/even marks are not covered (null). The other sizes and Samurai read the rules' own houses
 * and kinds, as the general grader does
 * (src/grader/general/shape.ts: a house of kind 'box' rates 1.2); its rungs at or below 1.5 are
 * the same, so the same argument holds. The tests hold both equal to their grader.
 */

/** Which houses' hidden singles a closure places: none (full houses only), boxes, all. */
const FULL_ONLY = 0;
const BOXES = 1;
const ALL = 2;

/** What a closure reads: houses and peers as flat lists with start offsets, and which houses are boxes. */
interface SinglesView {
  readonly cellCount: number;
  readonly allDigits: number;
  readonly houseCount: number;
  /** Cells of house h: houseCells[houseStart[h] .. houseStart[h + 1]). */
  readonly houseStart: Int32Array;
  readonly houseCells: Int32Array;
  readonly isBox: Uint8Array;
  /** Peers of a cell: peers[peerStart[cell] .. peerStart[cell + 1]). */
  readonly peerStart: Int32Array;
  readonly peers: Int32Array;
}

let cand = new Int32Array(0);
let values = new Uint8Array(0);
// One view per geometry or rules value, made on first use.
const views = new WeakMap<object, SinglesView>();

/**
 * The grader's rating of `givens` under `rules` when hidden singles solve it, else null (see
 * above). `hiddenSolves`: the caller knows hidden singles solve it (a beginner carving), so a
 * puzzle the full houses and box singles leave unsolved is 1.5 without running the rest. Null too
 * for cages and odd/even marks, and when the givens conflict or fill the grid (no step: no band).
 */
export function singlesRating(rules: Rules, givens: ArrayLike<number>, hiddenSolves = false): number | null {
  if (rules.cages.length !== 0 || rules.startMasks !== null) return null;
  // 9x9 grids are graded by the 9x9 grader, over its geometry; the rest by the general one, over the rules' houses.
  const key: object = rules.size === 9 && rules.cellCount === 81 ? geometryOf(rules) : rules;
  let view = views.get(key);
  if (view === undefined) {
    view = key === rules ? viewOfRules(rules) : viewOfGeometry(key as ReturnType<typeof geometryOf>);
    views.set(key, view);
  }
  return rate(view, givens, hiddenSolves);
}

function rate(view: SinglesView, givens: ArrayLike<number>, hiddenSolves: boolean): number | null {
  const { cellCount } = view;
  if (cand.length < cellCount) {
    cand = new Int32Array(cellCount);
    values = new Uint8Array(cellCount);
  }
  let empty = 0;
  for (let cell = 0; cell < cellCount; cell++) if (givens[cell] === 0) empty++;
  if (empty === 0 || !start(view, givens)) return null;
  if (close(view, BOXES)) {
    if (!start(view, givens)) return null;
    return close(view, FULL_ONLY) ? 1.0 : 1.2;
  }
  return hiddenSolves || close(view, ALL) ? 1.5 : null;
}

function viewOfGeometry(geometry: ReturnType<typeof geometryOf>): SinglesView {
  const houseStart = new Int32Array(geometry.houseCount + 1);
  for (let h = 0; h <= geometry.houseCount; h++) houseStart[h] = h * 9;
  return {
    cellCount: 81,
    allDigits: 0x1ff,
    houseCount: geometry.houseCount,
    houseStart,
    houseCells: Int32Array.from(geometry.houseCells.subarray(0, geometry.houseCount * 9)),
    isBox: Uint8Array.from(geometry.houseKinds, (kind) => (kind === 'box' ? 1 : 0)),
    peerStart: Int32Array.from(geometry.peerStart),
    peers: Int32Array.from(geometry.peers),
  };
}

function viewOfRules(rules: Rules): SinglesView {
  const { houses, peers, cellCount } = rules;
  const [houseStart, houseCells] = flatten(houses);
  const [peerStart, peerList] = flatten(peers.slice(0, cellCount));
  return {
    cellCount,
    allDigits: rules.allDigits,
    houseCount: houses.length,
    houseStart,
    houseCells,
    isBox: Uint8Array.from(rules.houseKinds, (kind) => (kind === 'box' ? 1 : 0)),
    peerStart,
    peers: peerList,
  };
}

/** Lists as one flat list and the start of each: list i is flat[start[i] .. start[i + 1]). */
function flatten(lists: readonly ArrayLike<number>[]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) start[i + 1] = start[i]! + lists[i]!.length;
  const flat = new Int32Array(start[lists.length]!);
  for (let i = 0; i < lists.length; i++) flat.set(lists[i]!, start[i]!);
  return [start, flat];
}

/** The givens placed; false when two see each other. */
function start(view: SinglesView, givens: ArrayLike<number>): boolean {
  cand.fill(view.allDigits, 0, view.cellCount);
  values.fill(0, 0, view.cellCount);
  for (let cell = 0; cell < view.cellCount; cell++) {
    const digit = givens[cell]!;
    if (digit === 0) continue;
    if ((cand[cell]! & (1 << (digit - 1))) === 0) return false;
    place(view, cell, digit);
  }
  return true;
}

function place(view: SinglesView, cell: number, digit: number): void {
  const bit = 1 << (digit - 1);
  values[cell] = digit;
  cand[cell] = bit;
  const { peers, peerStart } = view;
  for (let p = peerStart[cell]!; p < peerStart[cell + 1]!; p++) cand[peers[p]!] = cand[peers[p]!]! & ~bit;
}

/**
 * Full houses, and the hidden singles of the houses `which` allows, placed until none is left;
 * whether every cell is placed. A contradiction (a cell or a house left without a place for a
 * digit) leaves it unsolved.
 */
function close(view: SinglesView, which: number): boolean {
  const { houseStart, houseCells, isBox, houseCount, cellCount, allDigits } = view;
  let placed = 0;
  for (let cell = 0; cell < cellCount; cell++) if (values[cell] !== 0) placed++;
  for (let changed = true; changed && placed < cellCount; ) {
    changed = false;
    for (let h = 0; h < houseCount; h++) {
      const from = houseStart[h]!;
      const to = houseStart[h + 1]!;
      let once = 0;
      let twice = 0;
      let empty = 0;
      let missing = allDigits;
      for (let i = from; i < to; i++) {
        const cell = houseCells[i]!;
        if (values[cell] !== 0) {
          missing &= ~(1 << (values[cell]! - 1));
          continue;
        }
        empty++;
        const mask = cand[cell]!;
        twice |= once & mask;
        once |= mask;
      }
      if (empty === 0) continue;
      if ((once & missing) !== missing) return false;
      if (empty > 1 && (which === FULL_ONLY || (which === BOXES && isBox[h] === 0))) continue;
      let singles = once & ~twice & missing;
      while (singles !== 0) {
        const low = singles & -singles;
        singles ^= low;
        for (let i = from; i < to; i++) {
          const cell = houseCells[i]!;
          if (values[cell] !== 0 || (cand[cell]! & low) === 0) continue;
          // Another single of this house may have taken the cell (a broken puzzle): left unsolved.
          place(view, cell, 32 - Math.clz32(low));
          placed++;
          changed = true;
          break;
        }
      }
    }
  }
  return placed === cellCount;
}
