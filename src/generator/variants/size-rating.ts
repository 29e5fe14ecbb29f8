import type { Rules } from '../../rules/types.js';

/*
 * The general grader's rating of a beginner carving of the other sizes and Samurai (hidden singles
 * solve it), without running the grader: 1.0, 1.2 or 1.5. rating.ts's argument for the 9x9 grader
 * holds for the general ladder, whose rungs at or below 1.5 are the same (full house 1.0, hidden
 * single in a box 1.2, in a row, column or other house 1.5): each only removes candidates no
 * solution has and stays true once found, so the rating is the least of those levels whose steps
 * alone solve the puzzle. Here over the rules' own houses and kinds, as the general grader reads
 * them (src/grader/general/shape.ts: a house of kind 'box' rates 1.2). The tests hold it equal to
 * the grader on generated puzzles (test/size-bands.test.ts: "graded again the same").
 */

/** Which houses' hidden singles a closure places: none (full houses only), boxes. */
const FULL_ONLY = 0;
const BOXES = 1;

let cand = new Int32Array(0);
let values = new Uint8Array(0);

/**
 * The general grader's rating of `givens` under `rules` (no cages), which hidden singles over every
 * house are known to solve (a beginner carving): 1.0, 1.2 or 1.5; null when the givens conflict
 * or fill the grid (no step: no band, as the grader's rating of a full grid is in none).
 */
export function beginnerRating(rules: Rules, givens: ArrayLike<number>): number | null {
  if (cand.length < rules.cellCount) {
    cand = new Int32Array(rules.cellCount);
    values = new Uint8Array(rules.cellCount);
  }
  let empty = 0;
  for (let cell = 0; cell < rules.cellCount; cell++) if (givens[cell] === 0) empty++;
  if (empty === 0 || !start(rules, givens)) return null;
  if (!close(rules, BOXES)) return 1.5;
  start(rules, givens);
  return close(rules, FULL_ONLY) ? 1.0 : 1.2;
}

/** The givens placed; false when two see each other. */
function start(rules: Rules, givens: ArrayLike<number>): boolean {
  cand.fill(rules.allDigits, 0, rules.cellCount);
  values.fill(0, 0, rules.cellCount);
  for (let cell = 0; cell < rules.cellCount; cell++) {
    const digit = givens[cell]!;
    if (digit === 0) continue;
    if ((cand[cell]! & (1 << (digit - 1))) === 0) return false;
    place(rules, cell, digit);
  }
  return true;
}

function place(rules: Rules, cell: number, digit: number): void {
  const bit = 1 << (digit - 1);
  values[cell] = digit;
  cand[cell] = bit;
  const peers = rules.peers[cell]!;
  for (let p = 0; p < peers.length; p++) cand[peers[p]!] = cand[peers[p]!]! & ~bit;
}

/**
 * Full houses, and with `which` BOXES the hidden singles of boxes, placed until none is left;
 * whether every cell is placed. A contradiction leaves it unsolved.
 */
function close(rules: Rules, which: number): boolean {
  const { houses, houseKinds, cellCount, allDigits } = rules;
  let placed = 0;
  for (let cell = 0; cell < cellCount; cell++) if (values[cell] !== 0) placed++;
  for (let changed = true; changed && placed < cellCount; ) {
    changed = false;
    for (let h = 0; h < houses.length; h++) {
      const house = houses[h]!;
      let once = 0;
      let twice = 0;
      let empty = 0;
      let missing = allDigits;
      for (let i = 0; i < house.length; i++) {
        const cell = house[i]!;
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
      if (empty > 1 && (which === FULL_ONLY || houseKinds[h] !== 'box')) continue;
      let singles = once & ~twice & missing;
      while (singles !== 0) {
        const low = singles & -singles;
        singles ^= low;
        for (let i = 0; i < house.length; i++) {
          const cell = house[i]!;
          if (values[cell] !== 0 || (cand[cell]! & low) === 0) continue;
          place(rules, cell, 32 - Math.clz32(low));
          placed++;
          changed = true;
          break;
        }
      }
    }
  }
  return placed === cellCount;
}
