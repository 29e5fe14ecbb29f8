import type { Rules } from '../../rules/types.js';

/*
 * Singles from givens given one at a time (carve.ts builds beginner and easy puzzles up this way
 * and carves them down from saved states), for rules whose houses all have `size` cells and no
 * cages. Only the working state is kept, as places rather than counts:
 *
 *   cand[cell]          the cell's candidates (9 bits for a 9x9)
 *   places[h * size + d] where digit d + 1 can still go in house h, one bit per position of the
 *                        house (bit i: houseCells[h * size + i]); PLACED once the digit is placed
 *                        there, so that it never reads as a single again
 *
 * A candidate taken out clears one bit in each house of its cell; a mask left with one bit is a
 * hidden single, queued as its slot and found by the bit's position, with no scan of the house.
 * A naked single (when `naked`) is queued as the cell. Placing (cell, digit) takes the cell's
 * other digits out (its bit in each of its houses' masks of those digits), and takes the digit out
 * of the peers that still have it, which are the other bits of the digit's masks in the cell's
 * houses (no walk over every peer): out of each of their houses, then the digit is marked placed
 * in the cell's houses.
 *
 * The givens are a solution's, so every single found is that solution's digit: no contradiction
 * can arise, and none is looked for. Singles only take out candidates, and what they find from some
 * givens they find from more: the fixed point does not depend on the order of the work list, and
 * the fixed point of some givens with more given is the fixed point of all of them. {@link save}
 * and {@link rollback} keep and restore a fixed point (carve.ts's carving tests each given from
 * states shared along a tree).
 */

/** In places[]: the digit is placed in the house (two bits, so it never reads as a single). */
const PLACED = 3 << 29;

export class SinglesClosure {
  private readonly n: number;
  private readonly size: number;
  private readonly all: number;
  private readonly t: Tables;
  private readonly cand: Int32Array;
  private readonly places: Int32Array;
  private readonly placed: Uint8Array;
  private placedCount = 0;
  /** Work list: a slot (h * size << 5 | d) with one place left, or ~cell for a naked single. */
  private readonly work: Int32Array;
  private tail = 0;
  private naked = true;
  /** Cells {@link aim}ed at (1), and how many of them are not placed yet (-1: none aimed at). */
  private readonly target: Uint8Array;
  private targetsLeft = -1;
  private readonly saved: { cand: Int32Array; places: Int32Array; placed: Uint8Array; placedCount: number }[] = [];

  constructor(rules: Rules) {
    this.n = rules.cellCount;
    this.size = rules.size;
    this.all = rules.allDigits;
    this.t = tablesOf(rules);
    this.cand = new Int32Array(this.n);
    this.places = new Int32Array(rules.houses.length * this.size);
    this.placed = new Uint8Array(this.n);
    this.target = new Uint8Array(this.n);
    // Each (cell, digit) is taken out at most once and queues at most one task per house, plus one.
    this.work = new Int32Array(this.n * this.size * (this.t.maxHouses + 1) + this.n + 1);
  }

  /** No givens: every candidate in every cell; `naked` false: hidden singles only. */
  start(naked: boolean): void {
    this.naked = naked;
    this.cand.fill(this.all);
    this.places.fill((1 << this.size) - 1);
    this.placed.fill(0);
    this.placedCount = 0;
    this.tail = 0;
  }

  /** Give `digit` (the solution's) in `cell` and run singles to their fixed point; whether every cell is placed. */
  give(cell: number, digit: number): boolean {
    if (this.placed[cell] === 0) {
      this.place(cell, digit - 1);
      this.drain();
    }
    return this.placedCount === this.n;
  }

  /**
   * Until {@link unaim}: {@link give} stops as soon as every cell of `cells` is placed (the state
   * is then not a fixed point: only whether they are placed may be read, or the state rolled back).
   */
  aim(cells: readonly number[]): void {
    this.targetsLeft = 0;
    for (const cell of cells) {
      if (this.placed[cell] !== 0 || this.target[cell] !== 0) continue;
      this.target[cell] = 1;
      this.targetsLeft++;
    }
  }

  /** Whether every cell aimed at is placed. */
  reached(): boolean {
    return this.targetsLeft === 0;
  }

  /** No cells aimed at any more. */
  unaim(cells: readonly number[]): void {
    for (const cell of cells) this.target[cell] = 0;
    this.targetsLeft = -1;
  }

  /** Whether singles have placed `cell` (or it is given). */
  placedAt(cell: number): boolean {
    return this.placed[cell] !== 0;
  }

  /** Whether every cell is placed. */
  solved(): boolean {
    return this.placedCount === this.n;
  }

  /** Keep the state (a fixed point) in `slot`. */
  save(slot: number): void {
    let kept = this.saved[slot];
    if (kept === undefined) {
      kept = { cand: new Int32Array(this.n), places: new Int32Array(this.places.length), placed: new Uint8Array(this.n), placedCount: 0 };
      this.saved[slot] = kept;
    }
    kept.cand.set(this.cand);
    kept.places.set(this.places);
    kept.placed.set(this.placed);
    kept.placedCount = this.placedCount;
  }

  /** Whether the state {@link save} kept in `slot` has every cell of `cells` placed (the working state is left as it is). */
  placedInSaved(slot: number, cells: readonly number[]): boolean {
    const placed = this.saved[slot]!.placed;
    for (const cell of cells) if (placed[cell] === 0) return false;
    return true;
  }

  /** The state {@link save} kept in `slot`. */
  rollback(slot: number): void {
    const kept = this.saved[slot]!;
    this.cand.set(kept.cand);
    this.places.set(kept.places);
    this.placed.set(kept.placed);
    this.placedCount = kept.placedCount;
    this.tail = 0;
  }

  private drain(): void {
    const work = this.work;
    const places = this.places;
    const houseCells = this.t.houseCells;
    while (this.tail > 0 && this.placedCount < this.n && this.targetsLeft !== 0) {
      const task = work[--this.tail]!;
      if (task < 0) {
        const cell = ~task;
        if (this.placed[cell] === 0) this.place(cell, 31 - Math.clz32(this.cand[cell]!));
        continue;
      }
      const d = task & 31;
      const start = task >> 5;
      const m = places[start + d]!;
      // Placed since it was queued (PLACED), or (never with a solution's givens) no place left.
      if ((m & PLACED) !== 0 || m === 0) continue;
      this.place(houseCells[start + 31 - Math.clz32(m)]!, d);
    }
  }

  private place(cell: number, d: number): void {
    const { housesStart, houseSlots, houseBits, houseCells } = this.t;
    const cand = this.cand;
    const places = this.places;
    const work = this.work;
    const naked = this.naked;
    const bit = 1 << d;
    this.placed[cell] = 1;
    this.placedCount++;
    if (this.target[cell] !== 0) this.targetsLeft--;
    const others = cand[cell]! & ~bit;
    cand[cell] = bit;
    let tail = this.tail;
    const first = housesStart[cell]!;
    const last = housesStart[cell + 1]!;
    for (let k = first; k < last; k++) {
      const start = houseSlots[k]!;
      const off = ~houseBits[k]!;
      // The digit's other places in this house are the peers that lose it; the house is done with it.
      let hits = places[start + d]! & off;
      places[start + d] = PLACED;
      while (hits !== 0) {
        const low = hits & -hits;
        hits ^= low;
        const peer = houseCells[start + 31 - Math.clz32(low)]!;
        const m = cand[peer]!;
        if ((m & bit) === 0) continue; // a peer in two of the cell's houses, done in the first
        const rest = m ^ bit;
        cand[peer] = rest;
        if (naked && (rest & (rest - 1)) === 0) work[tail++] = ~peer;
        // The peer's houses: those of the cell are PLACED for d now, so clearing them changes nothing.
        for (let q = housesStart[peer]!, end = housesStart[peer + 1]!; q < end; q++) {
          const at = houseSlots[q]!;
          const v = places[at + d]! & ~houseBits[q]!;
          places[at + d] = v;
          if ((v & (v - 1)) === 0) work[tail++] = (at << 5) | d;
        }
      }
      let left = others;
      while (left !== 0) {
        const low = left & -left;
        left ^= low;
        const e = 31 - Math.clz32(low);
        const m = places[start + e]! & off;
        places[start + e] = m;
        if ((m & (m - 1)) === 0) work[tail++] = (start << 5) | e;
      }
    }
    this.tail = tail;
  }
}

interface Tables {
  readonly houseCells: Int16Array;
  /** Per cell (housesStart), its houses as h * size and the cell's bit in each. */
  readonly housesStart: Int32Array;
  readonly houseSlots: Int32Array;
  readonly houseBits: Int32Array;
  readonly maxHouses: number;
}

const tables = new WeakMap<Rules, Tables>();

/** Flat house tables of a rules value, built once per value. */
function tablesOf(rules: Rules): Tables {
  let t = tables.get(rules);
  if (t !== undefined) return t;
  const n = rules.cellCount;
  const size = rules.size;
  const houseCells = new Int16Array(rules.houses.length * size);
  rules.houses.forEach((house, h) => houseCells.set(house, h * size));
  const housesStart = new Int32Array(n + 1);
  let maxHouses = 1;
  for (let cell = 0; cell < n; cell++) {
    housesStart[cell + 1] = housesStart[cell]! + rules.housesOf[cell]!.length;
    maxHouses = Math.max(maxHouses, rules.housesOf[cell]!.length);
  }
  const houseSlots = new Int32Array(housesStart[n]!);
  const houseBits = new Int32Array(housesStart[n]!);
  for (let cell = 0; cell < n; cell++) {
    rules.housesOf[cell]!.forEach((h, i) => {
      houseSlots[housesStart[cell]! + i] = h * size;
      houseBits[housesStart[cell]! + i] = 1 << rules.houses[h]!.indexOf(cell);
    });
  }
  t = { houseCells, housesStart, houseSlots, houseBits, maxHouses };
  tables.set(rules, t);
  return t;
}

const closures = new WeakMap<Rules, SinglesClosure>();

/** The {@link SinglesClosure} kept for `rules` (one carving at a time). */
export function singlesClosureOf(rules: Rules): SinglesClosure {
  let closure = closures.get(rules);
  if (closure === undefined) {
    closure = new SinglesClosure(rules);
    closures.set(rules, closure);
  }
  return closure;
}
