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
 * The houses are the geometry's, the grader's own (windoku's implied windows included), and a house
 * is a box when the geometry says so, as the grader reads it. 9x9 rule sets without cages or
 * odd/even marks only (null otherwise). The tests hold it equal to the grader.
 */

/** Which houses' hidden singles a closure places: none (full houses only), boxes, all. */
const FULL_ONLY = 0;
const BOXES = 1;
const ALL = 2;

let cand = new Int32Array(0);
let values = new Uint8Array(0);

/**
 * The grader's rating of `givens` under `rules` when hidden singles solve it, else null (see
 * above). `hiddenSolves`: the caller knows hidden singles solve it (a beginner carving), so a
 * puzzle the full houses and box singles leave unsolved is 1.5 without running the rest.
 */
export function singlesRating(rules: Rules, givens: ArrayLike<number>, hiddenSolves = false): number | null {
  if (rules.size !== 9 || rules.cellCount !== 81 || rules.cages.length !== 0) return null;
  const geometry = geometryOf(rules);
  if (geometry.startMasks !== null) return null;
  if (cand.length < 81) {
    cand = new Int32Array(81);
    values = new Uint8Array(81);
  }
  let empty = 0;
  for (let cell = 0; cell < 81; cell++) if (givens[cell] === 0) empty++;
  if (empty === 0 || !start(geometry, givens)) return null;
  if (close(geometry, BOXES)) {
    if (!start(geometry, givens)) return null;
    return close(geometry, FULL_ONLY) ? 1.0 : 1.2;
  }
  return hiddenSolves || close(geometry, ALL) ? 1.5 : null;
}

type Geometry = ReturnType<typeof geometryOf>;

/** The givens placed; false when two see each other. */
function start(geometry: Geometry, givens: ArrayLike<number>): boolean {
  cand.fill(0x1ff, 0, 81);
  values.fill(0, 0, 81);
  for (let cell = 0; cell < 81; cell++) {
    const digit = givens[cell]!;
    if (digit === 0) continue;
    if ((cand[cell]! & (1 << (digit - 1))) === 0) return false;
    place(geometry, cell, digit);
  }
  return true;
}

function place(geometry: Geometry, cell: number, digit: number): void {
  const bit = 1 << (digit - 1);
  values[cell] = digit;
  cand[cell] = bit;
  for (let p = geometry.peerStart[cell]!; p < geometry.peerStart[cell + 1]!; p++) cand[geometry.peers[p]!] = cand[geometry.peers[p]!]! & ~bit;
}

/**
 * Full houses, and the hidden singles of the houses `which` allows, placed until none is left;
 * whether every cell is placed. A contradiction (a cell or a house left without a place for a
 * digit) leaves it unsolved.
 */
function close(geometry: Geometry, which: number): boolean {
  const { houseCells, houseKinds, houseCount } = geometry;
  let placed = 0;
  for (let cell = 0; cell < 81; cell++) if (values[cell] !== 0) placed++;
  for (let changed = true; changed && placed < 81; ) {
    changed = false;
    for (let h = 0; h < houseCount; h++) {
      let once = 0;
      let twice = 0;
      let empty = 0;
      let missing = 0x1ff;
      for (let i = h * 9; i < h * 9 + 9; i++) {
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
      if (empty > 1 && (which === FULL_ONLY || (which === BOXES && houseKinds[h] !== 'box'))) continue;
      let singles = once & ~twice & missing;
      while (singles !== 0) {
        const low = singles & -singles;
        singles ^= low;
        for (let i = h * 9; i < h * 9 + 9; i++) {
          const cell = houseCells[i]!;
          if (values[cell] !== 0 || (cand[cell]! & low) === 0) continue;
          // Another single of this house may have taken the cell (a broken puzzle): left unsolved.
          place(geometry, cell, 32 - Math.clz32(low));
          placed++;
          changed = true;
          break;
        }
      }
    }
  }
  return placed === 81;
}
