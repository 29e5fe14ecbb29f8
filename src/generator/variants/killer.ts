import { GradeError, gradePuzzle } from '../../grader/grade.js';
import { withCages } from '../../rules/constructors.js';
import type { CageSpec, Rules } from '../../rules/types.js';
import { combosOf, solveWith, type CageView, type LogicSet } from './logic.js';
import { shuffleInPlace, type Random } from '../random.js';

/** Cage sizes drawn for killer: mostly 2-4, some 1 and 5 (weights out of 100). */
const SIZE_WEIGHTS: readonly [number, number][] = [
  [1, 4],
  [2, 34],
  [3, 34],
  [4, 20],
  [5, 8],
];

function drawSize(random: Random): number {
  let x = random.below(100);
  for (const [size, weight] of SIZE_WEIGHTS) {
    if (x < weight) return size;
    x -= weight;
  }
  return 3;
}

const neighbourLists = new WeakMap<Rules, readonly (readonly number[])[]>();

/** Orthogonal neighbours of a cell in the rules' frame (lists made once per rules value; not to be changed). */
export function neighboursOf(rules: Rules, cell: number): readonly number[] {
  let lists = neighbourLists.get(rules);
  if (lists === undefined) {
    lists = Array.from({ length: rules.cellCount }, (_, at) => {
      const r = rules.rowOf[at]!;
      const c = rules.colOf[at]!;
      const out: number[] = [];
      for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]] as const) {
        if (rr < 0 || cc < 0 || rr >= rules.height || cc >= rules.width) continue;
        const w = rules.cellAt[rr * rules.width + cc]!;
        if (w >= 0) out.push(w);
      }
      return out;
    });
    neighbourLists.set(rules, lists);
  }
  return lists[cell]!;
}

/**
 * A random cage partition of `solution`: cells taken in a seeded order grow a cage to a drawn size
 * through orthogonal neighbours that are free and hold a digit not yet in the cage; cells left
 * alone join a neighbouring cage of under 5 cells where their digit is new, else stay a 1-cage.
 * Returns cage numbers per cell.
 */
export function randomCages(rules: Rules, solution: Uint8Array, random: Random): Int16Array {
  const n = rules.cellCount;
  const cageOf = new Int16Array(n).fill(-1);
  const order = new Int16Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  shuffleInPlace(order, random);
  const members: number[][] = [];
  for (const start of order) {
    if (cageOf[start] !== -1) continue;
    const id = members.length;
    const cells = [start];
    cageOf[start] = id;
    let digits = 1 << solution[start]!;
    const target = drawSize(random);
    while (cells.length < target) {
      const options: number[] = [];
      for (const cell of cells) for (const w of neighboursOf(rules, cell)) if (cageOf[w] === -1 && (digits & (1 << solution[w]!)) === 0 && !options.includes(w)) options.push(w);
      if (options.length === 0) break;
      const pick = options[random.below(options.length)]!;
      cells.push(pick);
      cageOf[pick] = id;
      digits |= 1 << solution[pick]!;
    }
    members.push(cells);
  }
  // Lonely cells (1-cages that were not drawn as such) join a small neighbouring cage when they can.
  for (let id = 0; id < members.length; id++) {
    const cells = members[id]!;
    if (cells.length !== 1 || random.below(100) < 20) continue;
    const cell = cells[0]!;
    for (const w of neighboursOf(rules, cell)) {
      const other = members[cageOf[w]!]!;
      if (other === cells || other.length >= 5 || other.some((x) => solution[x] === solution[cell])) continue;
      other.push(cell);
      cageOf[cell] = cageOf[w]!;
      cells.length = 0;
      break;
    }
  }
  return renumber(cageOf);
}

/** Cage numbers 0, 1, 2... in the order of each cage's first cell. */
export function renumber(cageOf: Int16Array): Int16Array {
  const map = new Map<number, number>();
  const out = new Int16Array(cageOf.length);
  for (let cell = 0; cell < cageOf.length; cell++) {
    const id = cageOf[cell]!;
    if (!map.has(id)) map.set(id, map.size);
    out[cell] = map.get(id)!;
  }
  return out;
}

/** Cage specs (cells ascending, sums from the solution) of a cage numbering. */
export function cageSpecs(cageOf: Int16Array, solution: Uint8Array): CageSpec[] {
  const cages: { cells: number[]; sum: number }[] = [];
  for (let cell = 0; cell < cageOf.length; cell++) {
    const id = cageOf[cell]!;
    const cage = (cages[id] ??= { cells: [], sum: 0 });
    cage.cells.push(cell);
    cage.sum += solution[cell]!;
  }
  return cages;
}

/** Failed merges the killer cage search tries before it stops (the default killer's; see generate.ts). */
export const KILLER_MERGE_FAILURES = 3;

/** The largest cage the cage search makes. */
const MAX_CAGE = 5;
/** Merges tried together at first by the cage search. */
const MAX_BATCH = 4;
/** Cages broken up into 1-cages before the first cages count as unsolvable. */
const MAX_SPLITS = 8;

/**
 * Killer cages for `solution` that the techniques of `set` (logic.ts) solve with no givens, so the
 * cages alone have one solution. Built the way Simon Tatham's Solo builds them: start from cages
 * small enough to be solved at once and merge neighbours while the puzzle stays solved.
 *
 * The start: cells in a seeded order each take a free orthogonal neighbour (two cells of one row
 * or column: distinct digits), a cell left alone joins a neighbouring cage of one or two cells
 * where its digit is new, else stays a 1-cage; while the logic leaves cells open, the cage of one
 * of them is broken up into 1-cages (at most 8 times). Then pairs of touching cages (together at
 * most 5 cells, no digit twice) are tried in a seeded order, a few at once while that passes: a
 * merge stays when the logic still solves the cages alone, with the rule of 45 (`innies`: the
 * cells of a row, column or box outside the cages lying wholly inside it add up to the rest of its
 * total) when asked. A pair that failed is not tried again; the search ends when no pair is left or
 * after `maxFailures` merges tried alone have failed. Every puzzle is checked by the logic, never by
 * a counting search, and no rules value is built until the end. Returns cage numbers per cell, or
 * null when the first cages are not solved (the caller draws a new solution).
 */
export function solvedCages(
  base: Rules,
  solution: Uint8Array,
  random: Random,
  options: { set: LogicSet; innies: boolean; maxFailures: number },
): { cageOf: Int16Array } | null {
  const n = base.cellCount;
  const cageOf = new Int16Array(n).fill(-1);
  const members: number[][] = [];
  const order = new Int16Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  shuffleInPlace(order, random);
  for (const cell of order) {
    if (cageOf[cell] !== -1) continue;
    const free = neighboursOf(base, cell).filter((w) => cageOf[w] === -1 && solution[w] !== solution[cell]);
    const id = members.length;
    cageOf[cell] = id;
    if (free.length === 0) {
      members.push([cell]);
      continue;
    }
    const mate = free[random.below(free.length)]!;
    cageOf[mate] = id;
    members.push([cell, mate]);
  }
  for (let id = 0; id < members.length; id++) {
    const cells = members[id]!;
    if (cells.length !== 1) continue;
    const cell = cells[0]!;
    const around = neighboursOf(base, cell).slice();
    shuffleInPlace(around, random);
    for (const w of around) {
      const other = members[cageOf[w]!]!;
      if (other.length > 2 || other.some((x) => solution[x] === solution[cell])) continue;
      other.push(cell);
      cageOf[cell] = cageOf[w]!;
      cells.length = 0;
      break;
    }
  }
  const search = new CageSearch(base, solution, cageOf, members, options.set, options.innies);
  // Where the first cages are not solved, a cage holding a cell the logic left open is broken up
  // into 1-cages (its digits become known), until they are.
  const open = new Uint8Array(n);
  for (let split = 0; !search.solved(open); split++) {
    if (split === MAX_SPLITS) return null;
    const left: number[] = [];
    for (let cell = 0; cell < n; cell++) if (open[cell] === 0 && members[cageOf[cell]!]!.length > 1) left.push(cell);
    if (left.length === 0) return null;
    const id = cageOf[left[random.below(left.length)]!]!;
    const cells = members[id]!;
    for (const cell of cells.slice(1)) {
      cageOf[cell] = members.length;
      members.push([cell]);
    }
    cells.length = 1;
  }
  // Pairs of touching cages, as a * stride + b with a < b; tried in a seeded order.
  const stride = members.length;
  const pairs: number[] = [];
  const failed = new Set<number>();
  const addPairsOf = (id: number): void => {
    for (const cell of members[id]!) {
      for (const w of neighboursOf(base, cell)) {
        const other = cageOf[w]!;
        if (other !== id) pairs.push(Math.min(id, other) * stride + Math.max(id, other));
      }
    }
  };
  for (let id = 0; id < members.length; id++) if (members[id]!.length > 0) addPairsOf(id);
  // Merges are tried `batch` at a time (pairs of distinct cages): far from the limit most batches
  // pass and one check covers several merges; a batch that fails is undone and its pairs go back,
  // to be tried half as many at a time from then on. A single merge that fails is a failure.
  let failures = 0;
  let batch = MAX_BATCH;
  const taken: number[] = [];
  const moved: number[] = [];
  const used = new Set<number>();
  while (pairs.length > 0 && failures < options.maxFailures) {
    taken.length = 0;
    used.clear();
    let skipped = 0;
    while (taken.length < batch && pairs.length > skipped) {
      const at = skipped + random.below(pairs.length - skipped);
      const pair = pairs[at]!;
      const a = Math.floor(pair / stride);
      const b = pair % stride;
      if (used.has(a) || used.has(b)) {
        // Kept for a later batch: moved to the front part that this batch no longer draws from.
        pairs[at] = pairs[skipped]!;
        pairs[skipped++] = pair;
        continue;
      }
      pairs[at] = pairs[pairs.length - 1]!;
      pairs.pop();
      const ca = members[a]!;
      const cb = members[b]!;
      if (failed.has(pair) || ca.length === 0 || cb.length === 0 || ca.length + cb.length > MAX_CAGE) continue;
      let digits = 0;
      for (const cell of ca) digits |= 1 << solution[cell]!;
      let repeated = false;
      for (const cell of cb) if (digits & (1 << solution[cell]!)) repeated = true;
      if (repeated) continue;
      taken.push(pair);
      used.add(a);
      used.add(b);
    }
    if (taken.length === 0) break;
    for (let i = 0; i < taken.length; i++) moved[i] = merge(members, cageOf, Math.floor(taken[i]! / stride), taken[i]! % stride);
    if (search.solved()) {
      for (const pair of taken) addPairsOf(Math.floor(pair / stride));
      continue;
    }
    for (let i = taken.length - 1; i >= 0; i--) unmerge(members, cageOf, Math.floor(taken[i]! / stride), taken[i]! % stride, moved[i]!);
    if (taken.length === 1) {
      failed.add(taken[0]!);
      failures++;
    } else {
      pairs.push(...taken);
      batch = Math.max(1, batch >> 1);
    }
  }
  return { cageOf: renumber(cageOf) };
}

/** Cage b's cells join cage a (at the end of a's list; b is left empty). Returns how many moved. */
export function merge(members: number[][], cageOf: Int16Array, a: number, b: number): number {
  const ca = members[a]!;
  const cb = members[b]!;
  for (const cell of cb) {
    cageOf[cell] = a;
    ca.push(cell);
  }
  members[b] = [];
  return cb.length;
}

/** Undo {@link merge}: the last `moved` cells of cage a go back to cage b. */
export function unmerge(members: number[][], cageOf: Int16Array, a: number, b: number, moved: number): void {
  const ca = members[a]!;
  const cb = ca.slice(ca.length - moved);
  for (const cell of cb) cageOf[cell] = b;
  ca.length -= moved;
  members[b] = cb;
}

/** The logic check of one partition (the cage numbers and member lists are shared with the caller, read at each check). */
class CageSearch {
  private readonly empty: Uint8Array;
  private readonly total: number;
  private readonly inHouse: Int32Array;
  // The view handed to the logic, rebuilt in place at each check: real cages, then innies.
  private readonly start: Int32Array;
  private readonly cells: Int16Array;
  private readonly sums: Int32Array;
  private readonly index: Int16Array;
  private readonly viewCageOf: Int16Array;
  private readonly combos: (Uint16Array | null)[] = [];

  constructor(
    private readonly base: Rules,
    private readonly solution: Uint8Array,
    private readonly cageOf: Int16Array,
    private readonly members: number[][],
    private readonly set: LogicSet,
    private readonly innies: boolean,
  ) {
    const n = base.cellCount;
    this.empty = new Uint8Array(n);
    this.total = (base.size * (base.size + 1)) / 2;
    this.inHouse = new Int32Array(n + base.houses.length);
    this.start = new Int32Array(n + base.houses.length + 1);
    this.cells = new Int16Array(n + base.houses.length * MAX_CAGE);
    this.sums = new Int32Array(n);
    this.index = new Int16Array(2 * n);
    this.viewCageOf = new Int16Array(n);
  }

  /** Whether the logic solves the current cages with no givens; `out` receives the digits it found. */
  solved(out?: Uint8Array): boolean {
    return solveWith(this.base, this.view(), this.empty, this.set, out);
  }

  /** The cages as the logic reads them, with the innies when asked (rebuilt in place: one view at a time). */
  private view(): CageView {
    const base = this.base;
    const size = base.size;
    const { start, cells, sums, index, combos } = this;
    const cageOf = this.viewCageOf;
    combos.length = 0;
    let count = 0;
    let end = 0;
    start[0] = 0;
    const members = this.members;
    const solution = this.solution;
    for (let id = 0; id < members.length; id++) {
      const cage = members[id]!;
      index[id] = -1;
      if (cage.length === 0) continue;
      index[id] = count;
      let sum = 0;
      for (let k = 0; k < cage.length; k++) {
        const cell = cage[k]!;
        cells[end++] = cell;
        sum += solution[cell]!;
      }
      sums[count] = sum;
      combos.push(combosOf(size, cage.length, sum));
      start[++count] = end;
    }
    const mates = count;
    for (let cell = 0; cell < cageOf.length; cell++) cageOf[cell] = index[this.cageOf[cell]!]!;
    if (this.innies) {
      // The rule of 45: per house, the cells outside the cages lying wholly inside it add up to the
      // house's total minus those cages' sums. inHouse[cage]: the cage's cells in the house, then -1
      // once its sum is counted.
      const inHouse = this.inHouse;
      const houses = base.houses;
      for (let h = 0; h < houses.length; h++) {
        const house = houses[h]!;
        const length = house.length;
        for (let k = 0; k < length; k++) inHouse[cageOf[house[k]!]!]!++;
        let inside = 0;
        const first = end;
        for (let k = 0; k < length; k++) {
          const cell = house[k]!;
          const cage = cageOf[cell]!;
          const seen = inHouse[cage]!;
          if (seen === start[cage + 1]! - start[cage]!) {
            inside += sums[cage]!;
            inHouse[cage] = -1;
          } else if (seen !== -1) cells[end++] = cell;
        }
        for (let k = 0; k < length; k++) inHouse[cageOf[house[k]!]!] = 0;
        const rest = end - first;
        if (rest === 0) continue;
        if (rest > MAX_CAGE) {
          end = first;
          continue;
        }
        combos.push(combosOf(size, rest, this.total - inside));
        start[++count] = end;
      }
    }
    return { count, mates, start, cells, combos, cageOf };
  }
}

/** A band of ratings: above `above`, up to `upTo` (as the level table of src/grader/levels.ts cuts them). */
export interface RatingBand {
  readonly above: number;
  readonly upTo: number;
}

/** The largest cage a merge of the climb makes (the logic-built cages' limit). */
const MAX_CLIMB_CAGE = MAX_CAGE;

/**
 * Killer cages for `solution` whose grader rating (gradePuzzle: the SE-scale ladder with the killer
 * techniques, see docs/killer-rating.md) falls in `band`, with no givens.
 *
 * The start is {@link solvedCages} with `start`'s logic (unique by logic, rated by the grader). While
 * its rating is at or below the band, it climbs: touching cages (together at most 5 cells, no digit
 * twice) are tried in a seeded order, each merge graded (the grader's counting check makes sure the
 * cages alone stay unique; `maxRating` stops it past the band); the first merge that keeps the
 * puzzle unique, solved without a guess and not above the band stays, and the climb goes on from
 * there. Merging only takes information away, so a climb mostly rises; it stops in the band, when
 * no merge is left, or after `maxGrades` grader calls (then null: the caller draws a new solution).
 * Returns cage numbers per cell, the rating, and the grader calls it took.
 */
export function ratedCages(
  base: Rules,
  solution: Uint8Array,
  random: Random,
  options: { set: LogicSet; innies: boolean; maxFailures: number; band: RatingBand; maxGrades: number },
): { cageOf: Int16Array; rating: number; grades: number } | null {
  const found = solvedCages(base, solution, random, { set: options.set, innies: options.innies, maxFailures: options.maxFailures });
  if (found === null) return null;
  const { band } = options;
  const cageOf = found.cageOf;
  const members: number[][] = [];
  for (let cell = 0; cell < cageOf.length; cell++) (members[cageOf[cell]!] ??= []).push(cell);
  const empty = new Uint8Array(base.cellCount);
  let grades = 0;
  const rate = (): number => {
    grades++;
    const rules = withCages(base, cageSpecs(renumber(cageOf), solution));
    try {
      const grade = gradePuzzle({ rules, givens: empty }, { maxRating: band.upTo });
      return grade.guesses > 0 || grade.lowerBound || grade.rating > band.upTo + 1e-9 ? -1 : grade.rating;
    } catch (error) {
      if (error instanceof GradeError && error.code === 'MULTIPLE_SOLUTIONS') return -1;
      throw error;
    }
  };
  let rating = rate();
  if (rating < 0) return null;
  const stride = members.length;
  const seen = new Set<number>();
  const pairs: number[] = [];
  while (rating <= band.above + 1e-9 && grades < options.maxGrades) {
    // Touching pairs a * stride + b (a < b) that make a cage of distinct digits, in a seeded order.
    seen.clear();
    pairs.length = 0;
    for (let a = 0; a < members.length; a++) {
      for (const cell of members[a]!) {
        for (const w of neighboursOf(base, cell)) {
          const b = cageOf[w]!;
          if (b <= a || seen.has(a * stride + b)) continue;
          seen.add(a * stride + b);
          if (members[a]!.length + members[b]!.length > MAX_CLIMB_CAGE) continue;
          let digits = 0;
          for (const x of members[a]!) digits |= 1 << solution[x]!;
          if (members[b]!.some((x) => (digits & (1 << solution[x]!)) !== 0)) continue;
          pairs.push(a * stride + b);
        }
      }
    }
    shuffleInPlace(pairs, random);
    let moved = false;
    for (const pair of pairs) {
      if (grades >= options.maxGrades) break;
      const a = Math.floor(pair / stride);
      const b = pair % stride;
      const count = merge(members, cageOf, a, b);
      const next = rate();
      if (next >= 0) {
        rating = next;
        moved = true;
        break;
      }
      unmerge(members, cageOf, a, b, count);
    }
    if (!moved) break;
  }
  if (rating <= band.above + 1e-9 || rating > band.upTo + 1e-9) return null;
  return { cageOf: renumber(cageOf), rating, grades };
}
