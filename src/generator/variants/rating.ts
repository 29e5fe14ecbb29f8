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
 * solve it. Here: full houses to their fixed point (solved: 1.0), then box singles on from there
 * (solved: 1.2), then every hidden single on from there (solved: 1.5).
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

/*
 * The closures run on one working state, made from the givens once and carried up the three
 * rungs (the fixed point of a rung is where the next one starts: a rung's steps are the one
 * below's and more, so this reaches the fixed point the next rung reaches from the givens):
 *
 *   cand[cell]              the cell's candidates
 *   places[h * size + d]    where digit d + 1 can still go in house h, one bit per position in the
 *                           house (bit i: its i-th cell); PLACED once the digit is placed there
 *   empties[h]              the house's cells not placed yet
 *
 * Placing (cell, digit) takes the cell's other digits out of its houses' masks and the digit out of
 * the peers that still have it (the other bits of the digit's masks in the cell's houses), each out
 * of every house it is in. A house down to one empty cell is queued as a full house; a mask down to
 * one bit as a hidden single, placed when the rung allows that house's (the rung's other singles are
 * looked for again when it goes up). A mask of a digit not placed down to no bit, or a cell down to
 * no candidate, is a contradiction: the givens have no solution, and the closure says unsolved.
 */

/** In places[]: the digit is placed in the house (two high bits, so it never reads as one place or none). */
const PLACED = 3 << 29;

/**
 * The closures of one rules value (or 9x9 geometry): its houses (all of `size` cells), per cell its
 * houses and its bit in each, and the working state, in fields (read into locals in the loops).
 */
class Rater {
  private readonly cellCount: number;
  private readonly size: number;
  private readonly allDigits: number;
  private readonly houseCount: number;
  /** Cells of house h: houseCells[h * size .. (h + 1) * size). */
  private readonly houseCells: Int32Array;
  private readonly isBox: Uint8Array;
  /** The houses of a cell (h, and h * size) and the cell's bit in each: [cellHouseStart[cell] .. cellHouseStart[cell + 1]). */
  private readonly cellHouseStart: Int32Array;
  private readonly cellHouse: Int32Array;
  private readonly cellHouseSlot: Int32Array;
  private readonly cellHouseBit: Int32Array;
  /** Per (cell, house) as the three above, the rung from which the house's hidden singles count (BOXES for a box, else ALL). */
  private readonly cellHouseRung: Uint8Array;
  private readonly cand: Int32Array;
  private readonly placed: Uint8Array;
  private readonly places: Int32Array;
  private readonly empties: Int32Array;
  /** Work list: a slot (h * size << 5 | d) with one place left, or ~h for a house with one empty cell. */
  private readonly work: Int32Array;
  private tail = 0;
  private placedCount = 0;
  /** A contradiction was met: the givens have no solution. */
  broken = false;
  /** The rung the closure is on (FULL_ONLY, BOXES, ALL). */
  private rung = FULL_ONLY;

  constructor(cellCount: number, size: number, allDigits: number, houses: readonly ArrayLike<number>[], kinds: readonly string[]) {
    const houseCount = houses.length;
    this.cellCount = cellCount;
    this.size = size;
    this.allDigits = allDigits;
    this.houseCount = houseCount;
    const houseCells = new Int32Array(houseCount * size);
    const count = new Int32Array(cellCount + 1);
    for (let h = 0; h < houseCount; h++) {
      for (let i = 0; i < size; i++) {
        houseCells[h * size + i] = houses[h]![i]!;
        count[houses[h]![i]! + 1]!++;
      }
    }
    const cellHouseStart = new Int32Array(cellCount + 1);
    let maxHouses = 0;
    for (let cell = 0; cell < cellCount; cell++) {
      cellHouseStart[cell + 1] = cellHouseStart[cell]! + count[cell + 1]!;
      maxHouses = Math.max(maxHouses, count[cell + 1]!);
    }
    const cellHouse = new Int32Array(cellHouseStart[cellCount]!);
    const cellHouseSlot = new Int32Array(cellHouseStart[cellCount]!);
    const cellHouseBit = new Int32Array(cellHouseStart[cellCount]!);
    const next = cellHouseStart.slice(0, cellCount);
    for (let h = 0; h < houseCount; h++) {
      for (let i = 0; i < size; i++) {
        const cell = houses[h]![i]!;
        cellHouse[next[cell]!] = h;
        cellHouseSlot[next[cell]!] = h * size;
        cellHouseBit[next[cell]!++] = 1 << i;
      }
    }
    this.houseCells = houseCells;
    this.isBox = Uint8Array.from(kinds, (kind) => (kind === 'box' ? 1 : 0));
    this.cellHouseRung = Uint8Array.from(cellHouse, (h) => (this.isBox[h] === 1 ? BOXES : ALL));
    this.cellHouseStart = cellHouseStart;
    this.cellHouse = cellHouse;
    this.cellHouseSlot = cellHouseSlot;
    this.cellHouseBit = cellHouseBit;
    this.cand = new Int32Array(cellCount);
    this.placed = new Uint8Array(cellCount);
    this.places = new Int32Array(houseCount * size);
    this.empties = new Int32Array(houseCount);
    // Each candidate taken out queues at most one task per house of its cell, plus the full houses and two rungs' look again.
    this.work = new Int32Array(cellCount * size * (maxHouses + 1) + houseCount * (2 * size + 1) + 1);
  }

  rate(givens: ArrayLike<number>, hiddenSolves: boolean): number | null {
    if (!this.start(givens) || this.placedCount === this.cellCount) return null;
    if (this.close(FULL_ONLY)) return 1.0;
    if (this.broken) return null;
    if (this.close(BOXES)) return 1.2;
    if (this.broken) return null;
    return hiddenSolves || this.close(ALL) ? 1.5 : null;
  }

  /**
   * The digits placed by the last {@link rate} (its givens and singles; 0 elsewhere) into `out`:
   * after a rate that said null, the fixed point of every hidden single and full house.
   */
  placedDigits(out: Uint8Array): void {
    const { cellCount, cand, placed } = this;
    for (let cell = 0; cell < cellCount; cell++) out[cell] = placed[cell] === 0 ? 0 : 32 - Math.clz32(cand[cell]!);
  }

  /** The givens placed (their singles queued, not run); false when two see each other. */
  private start(givens: ArrayLike<number>): boolean {
    const { cellCount, cand } = this;
    cand.fill(this.allDigits);
    this.placed.fill(0);
    this.places.fill((1 << this.size) - 1);
    this.empties.fill(this.size);
    this.tail = 0;
    this.placedCount = 0;
    this.broken = false;
    this.rung = FULL_ONLY;
    for (let cell = 0; cell < cellCount; cell++) {
      const digit = givens[cell]!;
      if (digit === 0) continue;
      if ((cand[cell]! & (1 << (digit - 1))) === 0) return false;
      this.place(cell, digit - 1);
    }
    return true;
  }

  /**
   * Goes up to rung `which` and places full houses and the hidden singles it allows until none is
   * left; whether every cell is placed (a contradiction leaves it unsolved, `broken` set).
   */
  private close(which: number): boolean {
    const { size, houseCount, houseCells, isBox, cellCount, places, work, cand, placed } = this;
    if (which > this.rung) {
      // The singles of the houses this rung adds, queued while a lower rung let them be.
      for (let h = 0; h < houseCount; h++) {
        if (which === BOXES && isBox[h] === 0) continue;
        for (let d = 0, at = h * size; d < size; d++) {
          const m = places[at + d]!;
          if ((m & (m - 1)) === 0) work[this.tail++] = (at << 5) | d;
        }
      }
      this.rung = which;
    }
    const rung = this.rung;
    while (this.tail > 0 && !this.broken && this.placedCount < cellCount) {
      const task = work[--this.tail]!;
      if (task < 0) {
        const at = ~task * size;
        for (let i = 0; i < size; i++) {
          const cell = houseCells[at + i]!;
          if (placed[cell] !== 0) continue;
          const m = cand[cell]!;
          // The house's other digits are placed, so the cell holds the last one or none (broken).
          if (m === 0 || (m & (m - 1)) !== 0) this.broken = true;
          else this.place(cell, 31 - Math.clz32(m));
          break;
        }
        continue;
      }
      const d = task & 31;
      const at = task >> 5;
      const m = places[at + d]!;
      if ((m & PLACED) !== 0) continue;
      if (m === 0) {
        this.broken = true;
        break;
      }
      if (rung === FULL_ONLY || (rung === BOXES && isBox[(at / size) | 0] === 0)) continue;
      const cell = houseCells[at + 31 - Math.clz32(m)]!;
      if (placed[cell] !== 0 || (cand[cell]! & (1 << d)) === 0) this.broken = true;
      else this.place(cell, d);
    }
    return !this.broken && this.placedCount === cellCount;
  }

  /** Places digit d + 1 in `cell` (one of its candidates), queuing the singles that makes. */
  private place(cell: number, d: number): void {
    const { cellHouseStart, cellHouse, cellHouseSlot, cellHouseBit, cellHouseRung, houseCells, cand, places, empties, work, rung } = this;
    const bit = 1 << d;
    let tail = this.tail;
    let broken = false;
    this.placed[cell] = 1;
    this.placedCount++;
    const others = cand[cell]! & ~bit;
    cand[cell] = bit;
    for (let k = cellHouseStart[cell]!, end = cellHouseStart[cell + 1]!; k < end; k++) {
      const at = cellHouseSlot[k]!;
      const off = ~cellHouseBit[k]!;
      const h = cellHouse[k]!;
      const left = empties[h]! - 1;
      empties[h] = left;
      if (left === 1) work[tail++] = ~h;
      if ((places[at + d]! & PLACED) !== 0) {
        broken = true; // placed twice in the house
        continue;
      }
      // The digit's other places in this house are the peers that lose it.
      let hits = places[at + d]! & off;
      places[at + d] = PLACED;
      while (hits !== 0) {
        const low = hits & -hits;
        hits ^= low;
        const peer = houseCells[at + 31 - Math.clz32(low)]!;
        const m = cand[peer]!;
        if ((m & bit) === 0) continue; // a peer in two of the cell's houses, done in the first
        const fewer = m ^ bit;
        cand[peer] = fewer;
        if (fewer === 0) broken = true;
        for (let q = cellHouseStart[peer]!, last = cellHouseStart[peer + 1]!; q < last; q++) {
          const slot = cellHouseSlot[q]!;
          const v = places[slot + d]! & ~cellHouseBit[q]!;
          places[slot + d] = v;
          if ((v & (v - 1)) === 0 && cellHouseRung[q]! <= rung) work[tail++] = (slot << 5) | d;
        }
      }
      // A mask down to one place is queued only on a rung that reads the house; going up a rung
      // queues the singles of the houses it adds (close).
      const queue = cellHouseRung[k]! <= rung;
      let rest = others;
      while (rest !== 0) {
        const low = rest & -rest;
        rest ^= low;
        const e = 31 - Math.clz32(low);
        const m = places[at + e]! & off;
        places[at + e] = m;
        if ((m & (m - 1)) === 0 && queue) work[tail++] = (at << 5) | e;
      }
    }
    this.tail = tail;
    if (broken) this.broken = true;
  }
}

// One rater per geometry or rules value, made on first use.
const raters = new WeakMap<object, Rater>();

/**
 * The grader's rating of `givens` under `rules` when hidden singles solve it, else null (see
 * above). `hiddenSolves`: the caller knows hidden singles solve it (a beginner carving), so a
 * puzzle the full houses and box singles leave unsolved is 1.5 without running the rest. Null too
 * for cages and odd/even marks, and when the givens conflict or fill the grid (no step: no band).
 */
export function singlesRating(rules: Rules, givens: ArrayLike<number>, hiddenSolves = false): number | null {
  if (rules.cages.length !== 0 || rules.startMasks !== null) return null;
  return raterOf(rules).rate(givens, hiddenSolves);
}

/**
 * The givens and every hidden single and full house they lead to (the grader's board where its
 * path first needs a harder step), or null when those solve the puzzle or the givens conflict;
 * for the rules of the general grader (other sizes, Samurai) without cages or odd/even marks.
 */
export function hiddenSinglesFixedPoint(rules: Rules, givens: ArrayLike<number>): Uint8Array | null {
  if (rules.cages.length !== 0 || rules.startMasks !== null) return null;
  const rater = raterOf(rules);
  if (rater.rate(givens, false) !== null || rater.broken) return null;
  const values = new Uint8Array(rules.cellCount);
  rater.placedDigits(values);
  // A given the rater could not place (it conflicts with another): no fixed point.
  for (let cell = 0; cell < rules.cellCount; cell++) if (givens[cell] !== 0 && values[cell] !== givens[cell]) return null;
  return values;
}

function raterOf(rules: Rules): Rater {
  // 9x9 grids are graded by the 9x9 grader, over its geometry; the rest by the general one, over the rules' houses.
  const key: object = rules.size === 9 && rules.cellCount === 81 ? geometryOf(rules) : rules;
  let rater = raters.get(key);
  if (rater === undefined) {
    if (key === rules) rater = new Rater(rules.cellCount, rules.size, rules.allDigits, rules.houses, rules.houseKinds);
    else {
      const geometry = key as ReturnType<typeof geometryOf>;
      const houses: Uint8Array[] = [];
      for (let h = 0; h < geometry.houseCount; h++) houses.push(geometry.houseCells.subarray(h * 9, h * 9 + 9));
      rater = new Rater(81, 9, 0x1ff, houses, geometry.houseKinds);
    }
    raters.set(key, rater);
  }
  return rater;
}
