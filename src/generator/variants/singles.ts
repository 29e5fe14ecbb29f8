import type { Rules } from '../../rules/types.js';

/*
 * Naked and hidden singles over every house of a rules value, kept up to date while clue removal
 * empties and refills cells, so that each check starts from the givens' eliminations without
 * placing every given again (logic.ts's solvesWith is the reference: same techniques, same fixed
 * point, so the same answer).
 *
 *   seen[cell * size + d]   givens among the cell's peers holding digit d + 1
 *   base[cell]              candidates the givens leave (a given: its own digit)
 *   baseCount[h * size + d] cells of house h whose base candidates hold digit d + 1
 *   baseOnes[h], baseDoneMask[h]  the digits with one such cell in house h, and those given in h
 *                        (their difference: the hidden singles of the givens, where a check starts)
 *
 * A check copies base and baseCount into the working cand and count and runs a work list:
 * taking digit d out of a cell lowers count for each of the cell's houses (1 left: a hidden single,
 * queued as house and digit), a cell down to one candidate is a naked single (queued as the cell),
 * placing a digit takes the cell's other digits out and the digit out of its peers. Singles only
 * remove candidates no solution has, and what they deduce from some givens they deduce from more
 * givens too (a naked single stays one or is placed, a hidden single keeps its one place), so the
 * fixed point does not depend on the order of the work list.
 *
 * `reach(targets)` stops as soon as every target cell is placed. In clue removal, the cells just
 * emptied coming back means the puzzle is the one before plus deductions, so it keeps every
 * property the one before had: unique, solved by singles, or by a technique set that singles'
 * conclusions cannot hurt.
 */
export class SinglesState {
  private readonly n: number;
  private readonly size: number;
  private readonly all: number;
  private readonly houseCells: Int16Array;
  private readonly housesStart: Int32Array;
  private readonly housesList: Int32Array;
  private readonly peerStart: Int32Array;
  private readonly peerCells: Int16Array;
  private readonly peerHouseStart: Int32Array;
  private readonly peerHouseSlots: Int32Array;
  private readonly givens: Uint8Array;
  private readonly seen: Int16Array;
  private readonly base: Int32Array;
  private readonly baseCount: Int16Array;
  /** Givens of digit d + 1 in house h (more than one only in a broken puzzle). */
  private readonly baseDone: Int16Array;
  private readonly baseOnes: Int32Array;
  private readonly baseDoneMask: Int32Array;
  private givenCount = 0;
  private readonly cand: Int32Array;
  private readonly count: Int16Array;
  private readonly done: Int16Array;
  private readonly placed: Uint8Array;
  private readonly target: Uint8Array;
  /**
   * Work list: a cell (naked single) or n + (h * size << 5 | d) (hidden single of digit d + 1 in
   * house h). A house and digit whose digit is placed already is never queued.
   */
  private readonly work: Int32Array;
  private tail = 0;
  private placedCount = 0;
  private targetsLeft = 0;
  private broken = false;
  /** Whether naked singles count (false: hidden singles only, the logic's 'hidden' set). */
  private naked = true;
  /** Whether the last {@link reach} ran the singles to their fixed point (it said no without a contradiction). */
  private stalled = false;

  /** Singles for `rules` with every cell of `solution` given. */
  constructor(rules: Rules, solution: ArrayLike<number>) {
    const n = rules.cellCount;
    const size = rules.size;
    const houseCount = rules.houses.length;
    this.n = n;
    this.size = size;
    this.all = rules.allDigits;
    const t = tablesOf(rules);
    this.houseCells = t.houseCells;
    this.housesStart = t.housesStart;
    this.housesList = t.housesList;
    this.peerStart = t.peerStart;
    this.peerCells = t.peerCells;
    this.peerHouseStart = t.peerHouseStart;
    this.peerHouseSlots = t.peerHouseSlots;
    this.givens = new Uint8Array(n);
    this.seen = new Int16Array(n * size);
    this.base = new Int32Array(n);
    this.baseCount = new Int16Array(houseCount * size);
    this.baseDone = new Int16Array(houseCount * size);
    this.baseOnes = new Int32Array(houseCount);
    this.baseDoneMask = new Int32Array(houseCount);
    this.done = new Int16Array(houseCount * size);
    this.cand = new Int32Array(n);
    this.count = new Int16Array(houseCount * size);
    this.placed = new Uint8Array(n);
    this.target = new Uint8Array(n);
    // Each (cell, digit) is taken out at most once and queues at most one task per house, plus one.
    this.work = new Int32Array(n * size * (t.maxHouses + 1) + n + 1);
    this.reset(solution);
  }

  /** Every cell of `solution` given again (a new solution of the same rules); `naked` false: hidden singles only. */
  reset(solution: ArrayLike<number>, naked = true): void {
    this.naked = naked;
    const n = this.n;
    const size = this.size;
    this.seen.fill(0);
    this.baseCount.fill(0);
    this.baseDone.fill(0);
    for (let cell = 0; cell < n; cell++) {
      const digit = solution[cell]!;
      this.givens[cell] = digit;
      this.base[cell] = 1 << (digit - 1);
      for (let p = this.peerStart[cell]!; p < this.peerStart[cell + 1]!; p++) this.seen[this.peerCells[p]! * size + digit - 1]!++;
      for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) {
        this.baseCount[this.housesList[k]! * size + digit - 1]!++;
        this.baseDone[this.housesList[k]! * size + digit - 1]!++;
      }
    }
    // A solution holds each digit once in each house, given.
    this.baseOnes.fill(this.all);
    this.baseDoneMask.fill(this.all);
    this.givenCount = n;
  }

  /**
   * The givens set to `givens` (0 = empty), with every candidate count made from them at once (cheaper
   * than {@link reset} and a {@link remove} per empty cell when most cells are empty).
   */
  load(givens: ArrayLike<number>, naked = true): void {
    this.naked = naked;
    const n = this.n;
    const size = this.size;
    this.seen.fill(0);
    this.baseDone.fill(0);
    let given = 0;
    for (let cell = 0; cell < n; cell++) {
      const digit = givens[cell]!;
      this.givens[cell] = digit;
      if (digit === 0) continue;
      given++;
      for (let p = this.peerStart[cell]!; p < this.peerStart[cell + 1]!; p++) this.seen[this.peerCells[p]! * size + digit - 1]!++;
      for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) this.baseDone[this.housesList[k]! * size + digit - 1]!++;
    }
    this.givenCount = given;
    this.baseCount.fill(0);
    for (let cell = 0; cell < n; cell++) {
      const digit = givens[cell]!;
      let mask: number;
      if (digit !== 0) mask = 1 << (digit - 1);
      else {
        mask = this.all;
        for (let e = 0; e < size; e++) if (this.seen[cell * size + e]! > 0) mask &= ~(1 << e);
      }
      this.base[cell] = mask;
      while (mask !== 0) {
        const low = mask & -mask;
        mask ^= low;
        this.addCount(cell, 31 - Math.clz32(low), 1);
      }
    }
    for (let h = 0; h < this.baseOnes.length; h++) {
      let ones = 0;
      let inHouse = 0;
      for (let d = 0; d < size; d++) {
        if (this.baseCount[h * size + d] === 1) ones |= 1 << d;
        if (this.baseDone[h * size + d]! > 0) inHouse |= 1 << d;
      }
      this.baseOnes[h] = ones;
      this.baseDoneMask[h] = inHouse;
    }
  }

  /** Empty a given cell. */
  remove(cell: number): void {
    const size = this.size;
    const digit = this.givens[cell]!;
    const d = digit - 1;
    this.givens[cell] = 0;
    this.givenCount--;
    for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) {
      const h = this.housesList[k]!;
      if (--this.baseDone[h * size + d]! === 0) this.baseDoneMask[h] = this.baseDoneMask[h]! & ~(1 << d);
    }
    for (let p = this.peerStart[cell]!; p < this.peerStart[cell + 1]!; p++) {
      const peer = this.peerCells[p]!;
      if (--this.seen[peer * size + d]! === 0 && this.givens[peer] === 0) {
        this.base[peer] = this.base[peer]! | (1 << d);
        this.addCount(peer, d, 1);
      }
    }
    let mask = this.all;
    for (let e = 0; e < size; e++) if (this.seen[cell * size + e]! > 0) mask &= ~(1 << e);
    let added = mask & ~(1 << d);
    this.base[cell] = mask;
    while (added !== 0) {
      const low = added & -added;
      added ^= low;
      this.addCount(cell, 31 - Math.clz32(low), 1);
    }
  }

  /** Give `digit` in an empty cell again (undoing {@link remove}). */
  restore(cell: number, digit: number): void {
    const size = this.size;
    const d = digit - 1;
    const bit = 1 << d;
    let gone = this.base[cell]! & ~bit;
    while (gone !== 0) {
      const low = gone & -gone;
      gone ^= low;
      this.addCount(cell, 31 - Math.clz32(low), -1);
    }
    this.base[cell] = bit;
    this.givens[cell] = digit;
    this.givenCount++;
    for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) {
      const h = this.housesList[k]!;
      this.baseDone[h * size + d]!++;
      this.baseDoneMask[h] = this.baseDoneMask[h]! | bit;
    }
    for (let p = this.peerStart[cell]!; p < this.peerStart[cell + 1]!; p++) {
      const peer = this.peerCells[p]!;
      if (++this.seen[peer * size + d]! === 1 && this.givens[peer] === 0) {
        this.base[peer] = this.base[peer]! & ~bit;
        this.addCount(peer, d, -1);
      }
    }
  }

  private addCount(cell: number, d: number, delta: number): void {
    for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) {
      const h = this.housesList[k]!;
      const v = (this.baseCount[h * this.size + d]! += delta);
      this.baseOnes[h] = v === 1 ? this.baseOnes[h]! | (1 << d) : this.baseOnes[h]! & ~(1 << d);
    }
  }

  /**
   * Whether singles from the current givens place every cell of `targets` (empty cells), or with
   * no targets every cell (solved by singles). Stops as soon as they are all placed.
   */
  reach(targets: readonly number[]): boolean {
    const n = this.n;
    const size = this.size;
    const cand = this.cand;
    const count = this.count;
    const placed = this.placed;
    const work = this.work;
    // The quick answer: each target a naked or hidden single of the givens.
    this.stalled = false;
    let quick = targets.length > 0;
    for (let i = 0; i < targets.length && quick; i++) quick = this.singleOfGivens(targets[i]!);
    if (quick) return true;
    cand.set(this.base);
    count.set(this.baseCount);
    this.done.set(this.baseDone);
    placed.set(this.givens);
    this.target.fill(0);
    this.targetsLeft = 0;
    for (const cell of targets) {
      if (this.givens[cell] !== 0 || this.target[cell] === 1) continue;
      this.target[cell] = 1;
      this.targetsLeft++;
    }
    const wantAll = targets.length === 0;
    this.placedCount = this.givenCount;
    this.broken = false;
    let tail = 0;
    // The givens are a solution's (see the constructor), so no empty cell is without candidates:
    // hidden singles alone need no look at the cells.
    if (this.naked) {
      for (let cell = 0; cell < n; cell++) {
        if (placed[cell] !== 0) continue;
        const m = cand[cell]!;
        if (m === 0) return false;
        if ((m & (m - 1)) === 0) work[tail++] = cell;
      }
    }
    // The hidden singles of the givens (a digit of a solution always has its own cell left in a house).
    const ones = this.baseOnes;
    const given = this.baseDoneMask;
    for (let h = 0; h < ones.length; h++) {
      let m = ones[h]! & ~given[h]!;
      while (m !== 0) {
        const low = m & -m;
        m ^= low;
        work[tail++] = n + (((h * size) << 5) | (31 - Math.clz32(low)));
      }
    }
    this.tail = tail;
    return this.drain(wantAll);
  }

  /**
   * Runs the work list until it is empty, a contradiction shows (false) or the goal is met: every
   * cell placed (`wantAll`), else every target. Whether the goal is met.
   */
  private drain(wantAll: boolean): boolean {
    const n = this.n;
    const size = this.size;
    const cand = this.cand;
    const placed = this.placed;
    const work = this.work;
    // Last in, first out: a target that just became a single is placed next (the fixed point is
    // the same in any order).
    while (this.tail > 0) {
      const task = work[--this.tail]!;
      if (task < n) {
        if (placed[task] !== 0 || !this.naked) continue;
        this.place(task, cand[task]!);
      } else {
        const d = (task - n) & 31;
        const start = (task - n) >> 5;
        if (this.done[start + d] !== 0) continue;
        const bit = 1 << d;
        let at = -1;
        for (let i = start; i < start + size; i++) {
          const cell = this.houseCells[i]!;
          if ((cand[cell]! & bit) !== 0) {
            at = cell;
            break;
          }
        }
        if (at < 0 || placed[at] !== 0) continue;
        this.place(at, bit);
      }
      if (this.broken) return false;
      if (wantAll ? this.placedCount === n : this.targetsLeft === 0) return true;
    }
    const reached = wantAll ? this.placedCount === n : this.targetsLeft === 0;
    this.stalled = !reached;
    return reached;
  }

  /**
   * After a {@link reach} that said no without a contradiction: the candidates and the placed cells
   * (non-zero) where the singles stopped, for the logic to go on from there (logic.ts solvesFrom);
   * null otherwise.
   */
  stoppedAt(): { candidates: Int32Array; placed: Uint8Array } | null {
    return this.stalled ? { candidates: this.cand, placed: this.placed } : null;
  }

  /** An empty cell whose base candidates are one digit, or holding a digit no other cell of one of its houses has. */
  private singleOfGivens(cell: number): boolean {
    const m = this.base[cell]!;
    if (this.givens[cell] !== 0 || m === 0) return this.givens[cell] !== 0;
    if ((m & (m - 1)) === 0 && this.naked) return true;
    let digits = m;
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const d = 31 - Math.clz32(low);
      for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) if (this.baseCount[this.housesList[k]! * this.size + d] === 1) return true;
    }
    return false;
  }

  private place(cell: number, bit: number): void {
    const size = this.size;
    const cand = this.cand;
    const count = this.count;
    const done = this.done;
    this.placed[cell] = 1;
    this.placedCount++;
    if (this.target[cell] === 1) this.targetsLeft--;
    const d = 31 - Math.clz32(bit);
    for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) done[this.housesList[k]! * size + d]!++;
    let others = cand[cell]! & ~bit;
    cand[cell] = bit;
    while (others !== 0) {
      const low = others & -others;
      others ^= low;
      const e = 31 - Math.clz32(low);
      for (let k = this.housesStart[cell]!; k < this.housesStart[cell + 1]!; k++) {
        const start = this.housesList[k]! * size;
        const places = --count[start + e]!;
        if (places === 1 && done[start + e] === 0) this.work[this.tail++] = this.n + ((start << 5) | e);
        else if (places === 0) this.broken = true;
      }
    }
    for (let p = this.peerStart[cell]!; p < this.peerStart[cell + 1]!; p++) {
      const peer = this.peerCells[p]!;
      const m = cand[peer]!;
      if ((m & bit) === 0) continue;
      if (this.placed[peer] !== 0) {
        this.broken = true; // a peer holds the same digit
        return;
      }
      const left = m & ~bit;
      cand[peer] = left;
      if (left === 0) {
        this.broken = true;
        return;
      }
      if ((left & (left - 1)) === 0) this.work[this.tail++] = peer;
      // Only the peer's houses that are not the cell's: in those, the digit is placed now (done),
      // so their counts no longer matter.
      for (let k = this.peerHouseStart[p]!; k < this.peerHouseStart[p + 1]!; k++) {
        const start = this.peerHouseSlots[k]!;
        const places = --count[start + d]!;
        if (places === 1 && done[start + d] === 0) this.work[this.tail++] = this.n + ((start << 5) | d);
        else if (places === 0) this.broken = true;
      }
    }
  }
}

interface Tables {
  readonly houseCells: Int16Array;
  readonly housesStart: Int32Array;
  readonly housesList: Int32Array;
  readonly peerStart: Int32Array;
  readonly peerCells: Int16Array;
  /** For the p-th entry of peerCells: h * size for each house h of that peer that does not hold the cell. */
  readonly peerHouseStart: Int32Array;
  readonly peerHouseSlots: Int32Array;
  readonly maxHouses: number;
}

const tables = new WeakMap<Rules, Tables>();

/** Flat house and peer tables of a rules value, built once per value. */
function tablesOf(rules: Rules): Tables {
  let t = tables.get(rules);
  if (t !== undefined) return t;
  const n = rules.cellCount;
  const size = rules.size;
  const houseCells = new Int16Array(rules.houses.length * size);
  rules.houses.forEach((house, h) => houseCells.set(house, h * size));
  const housesStart = new Int32Array(n + 1);
  const peerStart = new Int32Array(n + 1);
  let maxHouses = 1;
  for (let cell = 0; cell < n; cell++) {
    housesStart[cell + 1] = housesStart[cell]! + rules.housesOf[cell]!.length;
    peerStart[cell + 1] = peerStart[cell]! + rules.peers[cell]!.length;
    maxHouses = Math.max(maxHouses, rules.housesOf[cell]!.length);
  }
  const housesList = new Int32Array(housesStart[n]!);
  const peerCells = new Int16Array(peerStart[n]!);
  for (let cell = 0; cell < n; cell++) {
    housesList.set(rules.housesOf[cell]!, housesStart[cell]!);
    peerCells.set(rules.peers[cell]!, peerStart[cell]!);
  }
  const peerHouseStart = new Int32Array(peerStart[n]! + 1);
  const slots: number[] = [];
  for (let cell = 0; cell < n; cell++) {
    const own = rules.housesOf[cell]!;
    for (let p = peerStart[cell]!; p < peerStart[cell + 1]!; p++) {
      for (const h of rules.housesOf[peerCells[p]!]!) if (!own.includes(h)) slots.push(h * size);
      peerHouseStart[p + 1] = slots.length;
    }
  }
  t = { houseCells, housesStart, housesList, peerStart, peerCells, peerHouseStart, peerHouseSlots: Int32Array.from(slots), maxHouses };
  tables.set(rules, t);
  return t;
}

const states = new WeakMap<Rules, SinglesState>();

/**
 * A {@link SinglesState} of `rules` reset to `solution`, one kept per rules value (one carving at a
 * time); `naked` false: hidden singles only.
 */
export function singlesStateFor(rules: Rules, solution: ArrayLike<number>, naked = true): SinglesState {
  const state = singlesStateOf(rules, solution);
  state.reset(solution, naked);
  return state;
}

/** The {@link SinglesState} kept for `rules`, as it was left (made from `solution` the first time). */
export function singlesStateOf(rules: Rules, solution: ArrayLike<number>): SinglesState {
  let state = states.get(rules);
  if (state === undefined) {
    state = new SinglesState(rules, solution);
    states.set(rules, state);
  }
  return state;
}
