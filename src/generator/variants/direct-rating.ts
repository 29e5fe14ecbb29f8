import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import type { Rules } from '../../rules/types.js';
import { applyGeneralStep, generalBoard, placeGeneral } from '../../grader/general/grade.js';
import { isGeneralRules } from '../../grader/general/link.js';
import { lowBit, shapeOf, type GeneralShape } from '../../grader/general/shape.js';
import { findDirectClaiming, findDirectHiddenPair, findDirectPointing } from '../../techniques/general/direct.js';
import { fillScan, newScan, type GeneralScan } from '../../techniques/general/places.js';
import { hiddenSinglesFixedPoint } from './rating.js';

/*
 * The general grader's rating (other sizes, Samurai) of a puzzle that singles solve and hidden
 * singles do not, without walking the grader's path step by step: an easy carving's, 1.7 to 2.3.
 *
 * The general ladder's rungs up to 2.3 are the hidden singles (1.0-1.5), direct pointing 1.7,
 * direct claiming 1.9, direct hidden pair 2.0 and the naked single 2.3. Each places a digit of the
 * solution (and, off rows, columns and boxes, removes candidates no solution has), and what it
 * finds from some candidates is found from fewer by rungs no harder: a locking whose digit is down
 * to one place in its first house is a hidden single there; a house of the first house's kind down
 * to one place is a hidden single; a hidden pair's digit down to one place is a hidden single, and
 * so are the others then. So, as rating.ts argues for the singles, the placements the rungs up to L
 * reach do not depend on their order, and the grader's path (the easiest step each time) rates at
 * most L exactly when they solve the puzzle: the rating is the least rung whose closure solves it.
 *
 * The closures start where rating.ts's rater leaves the hidden singles (their fixed point, the
 * grader's board where its path first needs more), then place every hidden single a scan of the
 * board shows at once (one scan a round, where the grader scans once a step), else one step of the
 * direct rungs allowed, and scan again; each closure goes on from the one below. The tests hold it
 * equal to the grader.
 */

type Find = (board: Readonly<Board>, scan: GeneralScan) => Step | null;

/** The direct rungs below the naked single, easiest first, with their difficulties. */
const DIRECT: readonly (readonly [number, Find])[] = [
  [1.7, findDirectPointing],
  [1.9, findDirectClaiming],
  [2.0, findDirectHiddenPair],
];

const NAKED_SINGLE = 2.3;

/**
 * The general grader's rating of `givens` when singles solve it and hidden singles do not (1.7,
 * 1.9, 2.0 or 2.3); null for rules it does not grade (9x9: the 9x9 grader; cages, odd/even marks),
 * when hidden singles alone solve it, or when singles do not.
 */
export function singlesGeneralRating(rules: Rules, givens: ArrayLike<number>): number | null {
  if (!isGeneralRules(rules)) return null;
  // The hidden singles' closure, as rating.ts's rater reaches it (null: they solve it, or cages, marks).
  const fixed = hiddenSinglesFixedPoint(rules, givens);
  if (fixed === null) return null;
  const shape = shapeOf(rules);
  let scan = SCANS.get(shape);
  if (scan === undefined) {
    scan = newScan(shape);
    SCANS.set(shape, scan);
  }
  const board = generalBoard(rules, fixed);
  let empty = 0;
  for (let cell = 0; cell < rules.cellCount; cell++) if (board.values[cell] === 0) empty++;
  for (let rungs = 1; rungs <= DIRECT.length; rungs++) {
    empty = close(board, scan, rungs, false, empty);
    if (empty === 0) return DIRECT[rungs - 1]![0];
  }
  return close(board, scan, DIRECT.length, true, empty) === 0 ? NAKED_SINGLE : null;
}

/** A scan per shape, reused (each closure round fills it again). */
const SCANS = new WeakMap<GeneralShape, GeneralScan>();

/** Places what hidden singles, the first `rungs` direct rungs and (with `naked`) naked singles reach; the empty cells left. */
function close(board: Board, scan: GeneralScan, rungs: number, naked: boolean, empty: number): number {
  const { shape } = scan;
  while (empty > 0) {
    fillScan(scan, board);
    const placed = placeSingles(board, scan, naked);
    if (placed > 0) {
      empty -= placed;
      continue;
    }
    let step: Step | null = null;
    for (let r = 0; r < rungs && step === null; r++) step = DIRECT[r]![1](board, scan);
    if (step === null) return empty;
    applyGeneralStep(board, shape, step);
    empty -= step.placements.length;
  }
  return 0;
}

/** Places every hidden single of the scan (and naked single, with `naked`) still open; how many. */
function placeSingles(board: Board, scan: GeneralScan, naked: boolean): number {
  const { shape, places, empty } = scan;
  const { houseCount, size, houseCells, cellCount } = shape;
  let placed = 0;
  for (let house = 0; house < houseCount; house++) {
    if (empty[house] === 0) continue;
    const base = house * size;
    for (let d = 0; d < size; d++) {
      const at = places[base + d]!;
      if (at === 0 || (at & (at - 1)) !== 0) continue;
      const cell = houseCells[base + lowBit(at)]!;
      // Placed since the scan (or the digit taken from it by a placement since): the scan is stale there.
      if (board.values[cell] !== 0 || (board.candidates[cell]! & (1 << d)) === 0) continue;
      placeGeneral(board, shape, cell, d + 1);
      placed++;
    }
  }
  if (!naked) return placed;
  for (let cell = 0; cell < cellCount; cell++) {
    const mask = board.candidates[cell]!;
    if (board.values[cell] !== 0 || mask === 0 || (mask & (mask - 1)) !== 0) continue;
    placeGeneral(board, shape, cell, lowBit(mask) + 1);
    placed++;
  }
  return placed;
}
