import { POPCOUNT } from '../core/tables.js';
import { BASE_LINES, LINE_POS, PLACED, eliminates, found } from './fish.js';
import { COMBOS } from './subsets.js';

/*
 * Basic fish visiting only the subsets of each digit's possible base lines (variant grading only:
 * buildRules links this in through variant-link.ts; classic bundles keep fish.ts's plain order,
 * measured as fast on classic grids). The same fish as fish.ts's firstFish, in the same order.
 */

/** Scratch: the lines of the set bits of a digit's base lines, in order. */
const LINE_OF_BIT = new Uint8Array(9);

/**
 * The first fish in SE's order (the smallest set of base lines, then the smallest digit), into
 * fish.ts's `found`, or false; from LINE_POS as fish.ts filled it, base columns in pass 0, rows in 1.
 */
export function firstFishBySubsets(pass: number, size: number): boolean {
  let best = 512;
  for (let d = 1; d <= 9; d++) {
    if (PLACED[d]! + size * 2 > 9) continue;
    const lines = firstFishOfDigit((pass * 9 + d - 1) * 9, BASE_LINES[pass * 9 + d - 1]!, size, best);
    if (lines < 0) continue;
    best = lines;
    found.digit = d;
  }
  return best < 512;
}

/**
 * The base lines of the first fish of a digit (sets as ascending masks; its cover lines into
 * `found.union`), or -1. Only subsets of the digit's possible base lines are visited: the k-th set
 * bit of them stands for bit k of a COMBOS mask, a map that keeps the ascending order. Sets at or
 * above `below` are not looked at.
 */
function firstFishOfDigit(offset: number, baseLines: number, size: number, below: number): number {
  const count = POPCOUNT[baseLines]!;
  if (count < size) return -1;
  let m = 0;
  for (let bits = baseLines; bits !== 0; bits &= bits - 1) LINE_OF_BIT[m++] = 31 - Math.clz32(bits & -bits);
  const combos = COMBOS[size]!;
  const limit = 1 << count;
  for (let c = 0; c < combos.length; c++) {
    const pick = combos[c]!;
    if (pick >= limit) break;
    let lines = 0;
    let union = 0;
    for (let bits = pick; bits !== 0; bits &= bits - 1) {
      const line = LINE_OF_BIT[31 - Math.clz32(bits & -bits)]!;
      lines |= 1 << line;
      union |= LINE_POS[offset + line]!;
    }
    if (lines >= below) return -1;
    if (POPCOUNT[union] !== size || !eliminates(offset, lines, union)) continue;
    found.lines = lines;
    found.union = union;
    return lines;
  }
  return -1;
}
