import { GradeError, gradeWithBarePath } from '../../grader/grade.js';
import { withCages } from '../../rules/constructors.js';
import type { Rules } from '../../rules/types.js';
import { shuffleInPlace, type Random } from '../random.js';
import { cageSpecs, KILLER_MERGE_FAILURES, merge, neighboursOf, renumber, solvedCages, unmerge, type RatingBand } from './killer.js';

/*
 * Expert killers: cages alone, graded above 4.6 and up to 7.4 (docs/killer-rating.md). No killer
 * technique rates above 4.6, so an expert killer is one where the cage techniques stall and a
 * classic chain (cage-mates are peers) or a quad takes the path on. That layer is thin: a merge of
 * two cages mostly takes a killer from 'hard or below' straight to 'stuck past 7.4' (or to a second
 * solution).
 *
 *   climb    from the logic-built start (as `hard`'s), touching cages are merged, each merge graded:
 *            a merge rated at or below the band's floor stays and the climb goes on; one in the band
 *            is the puzzle; one with a second solution is undone; the first that leaves the
 *            puzzle unique but past the band (stuck at 7.4, the grader stops there) starts the descent.
 *   descent  from that puzzle, cages are split in two (both parts orthogonally connected): a split
 *            gives sums of parts, more than the cage's, so the rating mostly falls; it only loses
 *            that the two parts' digits differ, which seldom lets a second solution in (3 splits
 *            of about 500 measured; the grader's count rejects them). Only cages with a cell still
 *            open where the grader stalled are split (a split elsewhere changes little the stall
 *            depends on). A split still past the band stays (the stall moves on), one at or below
 *            the floor is undone, one in the band is the puzzle.
 *
 * Every step is one grader call (gradeWithBarePath, the path without what explains a forcing
 * step, at maxRating = the band's top: chains above it are never tried); `maxGrades` bounds them
 * per solution, then the caller draws a new solution.
 */

const LOW = 0;
const BAND = 1;
const ABOVE = 2;
const MULTIPLE = 3;

interface Rated {
  readonly kind: typeof LOW | typeof BAND | typeof ABOVE | typeof MULTIPLE;
  readonly rating: number;
  /** Above the band: 1 per cell the grader had not filled where it stopped. */
  readonly open: Uint8Array | null;
}

/** Options of {@link expertCages}. */
export interface ExpertCageOptions {
  readonly band: RatingBand;
  /** Grader calls one solution may take. */
  readonly maxGrades: number;
  /** The largest cage a merge makes. */
  readonly maxCage: number;
}

/**
 * Killer cages for `solution` (no givens) whose grader rating is in `options.band`, built by the
 * climb and descent above; null when this solution did not get there within `maxGrades` grader calls.
 * Returns cage numbers per cell, the rating, and the grader calls it took.
 */
export function expertCages(base: Rules, solution: Uint8Array, random: Random, options: ExpertCageOptions): { cageOf: Int16Array; rating: number; grades: number } | null {
  const found = solvedCages(base, solution, random, { set: 'medium', innies: true, maxFailures: KILLER_MERGE_FAILURES });
  if (found === null) return null;
  const { band, maxGrades, maxCage } = options;
  const n = base.cellCount;
  const cageOf = found.cageOf;
  const members: number[][] = [];
  for (let cell = 0; cell < n; cell++) (members[cageOf[cell]!] ??= []).push(cell);
  const empty = new Uint8Array(n);
  let grades = 0;
  const rate = (): Rated => {
    grades++;
    const rules = withCages(base, cageSpecs(renumber(cageOf), solution));
    try {
      const { grade, steps } = gradeWithBarePath({ rules, givens: empty }, { maxRating: band.upTo });
      if (grade.guesses === 0 && !grade.lowerBound && grade.rating <= band.upTo + 1e-9) {
        return { kind: grade.rating > band.above + 1e-9 ? BAND : LOW, rating: grade.rating, open: null };
      }
      const open = new Uint8Array(n).fill(1);
      for (const step of steps) for (const p of step.placements) open[p.cell] = 0;
      return { kind: ABOVE, rating: grade.rating, open };
    } catch (error) {
      if (error instanceof GradeError && error.code === 'MULTIPLE_SOLUTIONS') return { kind: MULTIPLE, rating: -1, open: null };
      throw error;
    }
  };
  const done = (rated: Rated): { cageOf: Int16Array; rating: number; grades: number } => ({ cageOf: renumber(cageOf), rating: rated.rating, grades });

  let state = rate();
  if (state.kind === BAND) return done(state);
  if (state.kind !== LOW) return null;
  // The climb.
  const stride = n;
  const seen = new Set<number>();
  const pairs: number[] = [];
  while (state.kind === LOW) {
    seen.clear();
    pairs.length = 0;
    for (let a = 0; a < members.length; a++) {
      const ca = members[a]!;
      for (const cell of ca) {
        for (const w of neighboursOf(base, cell)) {
          const b = cageOf[w]!;
          if (b <= a || seen.has(a * stride + b)) continue;
          seen.add(a * stride + b);
          const cb = members[b]!;
          if (ca.length + cb.length > maxCage) continue;
          let digits = 0;
          for (const x of ca) digits |= 1 << solution[x]!;
          if (cb.some((x) => (digits & (1 << solution[x]!)) !== 0)) continue;
          pairs.push(a * stride + b);
        }
      }
    }
    shuffleInPlace(pairs, random);
    let moved = false;
    for (const pair of pairs) {
      if (grades >= maxGrades) return null;
      const a = Math.floor(pair / stride);
      const b = pair % stride;
      const count = merge(members, cageOf, a, b);
      const next = rate();
      if (next.kind === BAND) return done(next);
      if (next.kind === LOW || next.kind === ABOVE) {
        state = next;
        moved = true;
        break;
      }
      unmerge(members, cageOf, a, b, count);
    }
    if (!moved) return null;
  }
  // The descent: splits as cage * SPLIT_STRIDE + mask (the mask's cells of the cage's list leave it;
  // bit 0 never set, so each split is listed once).
  const splits: number[] = [];
  while (state.kind === ABOVE) {
    splits.length = 0;
    const open = state.open!;
    for (let id = 0; id < members.length; id++) {
      const cells = members[id]!;
      if (cells.length < 2 || !cells.some((cell) => open[cell] === 1)) continue;
      const all = (1 << cells.length) - 1;
      for (let mask = 2; mask < all; mask += 2) {
        if (connected(base, cells, mask) && connected(base, cells, all ^ mask)) splits.push(id * SPLIT_STRIDE + mask);
      }
    }
    shuffleInPlace(splits, random);
    let moved = false;
    for (const split of splits) {
      if (grades >= maxGrades) return null;
      const id = Math.floor(split / SPLIT_STRIDE);
      splitCage(members, cageOf, id, split % SPLIT_STRIDE);
      const next = rate();
      if (next.kind === BAND) return done(next);
      if (next.kind === ABOVE) {
        state = next;
        moved = true;
        break;
      }
      joinLast(members, cageOf, id);
    }
    if (!moved) return null;
  }
  return null;
}

/** Masks of a cage's cell list fit below this (cages of up to 7 cells). */
const SPLIT_STRIDE = 128;

/** Whether the cells of `cells` picked by `mask` are orthogonally connected. */
function connected(rules: Rules, cells: readonly number[], mask: number): boolean {
  let first = 0;
  while ((mask & (1 << first)) === 0) first++;
  let reached = 1 << first;
  let grown = true;
  while (grown) {
    grown = false;
    for (let i = 0; i < cells.length; i++) {
      if ((reached & (1 << i)) === 0) continue;
      for (const w of neighboursOf(rules, cells[i]!)) {
        const j = cells.indexOf(w);
        if (j >= 0 && (mask & (1 << j)) !== 0 && (reached & (1 << j)) === 0) {
          reached |= 1 << j;
          grown = true;
        }
      }
    }
  }
  return reached === mask;
}

/** The cells of cage `id` picked by `mask` (over its list) become a new cage at the end of `members`. */
function splitCage(members: number[][], cageOf: Int16Array, id: number, mask: number): void {
  const cells = members[id]!;
  const stay: number[] = [];
  const leave: number[] = [];
  for (let i = 0; i < cells.length; i++) ((mask & (1 << i)) !== 0 ? leave : stay).push(cells[i]!);
  const fresh = members.length;
  for (const cell of leave) cageOf[cell] = fresh;
  members[id] = stay;
  members.push(leave);
}

/** Undo {@link splitCage}: the last cage goes back into cage `id` (cell order aside, the same cage). */
function joinLast(members: number[][], cageOf: Int16Array, id: number): void {
  const leave = members.pop()!;
  for (const cell of leave) cageOf[cell] = id;
  members[id]!.push(...leave);
}
