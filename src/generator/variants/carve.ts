import type { Rules } from '../../rules/types.js';
import { countRules } from '../../solver/rules-solver.js';
import { shuffleInPlace, type Random } from '../random.js';
import { readsMoreHouses, solvesFrom, solvesWith, type LogicSet } from './logic.js';
import { singlesClosureOf, type SinglesClosure } from './closure.js';
import { singlesStateFor, singlesStateOf, type SinglesState } from './singles.js';

/** What {@link carve} does with a removal its technique set does not solve: put it back, keep it, keep it and stop. */
export type Beyond = typeof DROP | typeof KEEP | typeof STOP;
export const DROP = 0;
export const KEEP = 1;
export const STOP = 2;

/**
 * Clue removal, one orbit at a time in a seeded order, from the full solution (or from `from`, a
 * puzzle of it already carved); a removal stays when the puzzle is still unique (with a technique
 * `set`: still solved by that set, which implies uniqueness; without one, the counting solver).
 * First, singles from the remaining givens (hidden singles only for 'hidden') are run until the
 * emptied cells come back: if they do, the puzzle is the one before with deductions added and the
 * removal stays with no other check; for 'hidden' and 'singles' (no cages), if they do not, nothing
 * else solves it (unless the logic reads houses the singles state does not: windoku's implied
 * windows). Each orbit is tried once, so the result is minimal for the symmetry (and the technique
 * set), unless `minClues` stopped it. `singles` in the result is whether naked and hidden singles
 * alone solve it; `kept` the orbits emptied, in order.
 *
 * `beyond` is asked about a removal the set does not solve: DROP puts the orbit back, KEEP keeps
 * it, STOP keeps it and ends the carving there (graded.ts grades such removals).
 */
export function carve(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  set: LogicSet | null,
  minClues: number,
  options: { beyond?: (puzzle: Uint8Array) => Beyond; from?: Uint8Array } = {},
): { givens: Uint8Array; singles: boolean; kept: number[] } {
  const { beyond, from } = options;
  const puzzle = (from ?? solution).slice();
  const order = new Int32Array(orbits.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleInPlace(order, random);
  // Singles alone decide, for 'hidden' and 'singles' without cages (killer: the cage combinations may solve it).
  const singlesDecide = (set === 'hidden' || set === 'singles') && rules.cages.length === 0 && !readsMoreHouses(rules);
  if (singlesDecide && beyond === undefined) {
    const closure = singlesClosureOf(rules);
    if (from === undefined && minClues > 0) return carveDown(solution, orbits, order, closure, puzzle, set === 'singles', minClues);
    if (from !== undefined) return minimize(orbits, order, closure, puzzle, [], set === 'singles', minClues);
    const built = buildUp(rules, solution, orbits, order, closure, set === 'singles');
    puzzle.set(built.givens);
    shuffleInPlace(order, random);
    return minimize(orbits, order, closure, puzzle, built.skipped, set === 'singles', 0);
  }
  return carveEach(rules, solution, orbits, set, minClues, puzzle, order, singlesDecide, beyond, from);
}

/** {@link carve} one orbit at a time, each removal checked by singles (and the set or the counting solver where they fall short). */
function carveEach(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  set: LogicSet | null,
  minClues: number,
  puzzle: Uint8Array,
  order: Int32Array,
  singlesDecide: boolean,
  beyond: ((puzzle: Uint8Array) => Beyond) | undefined,
  from: Uint8Array | undefined,
): { givens: Uint8Array; singles: boolean; kept: number[] } {
  let singles: SinglesState;
  let clues = rules.cellCount;
  if (from !== undefined) {
    singles = singlesStateOf(rules, solution);
    singles.load(from, set !== 'hidden');
    for (let cell = 0; cell < rules.cellCount; cell++) if (from[cell] === 0) clues--;
  } else singles = singlesStateFor(rules, solution, set !== 'hidden');
  const kept: number[] = [];
  for (const o of order) {
    const orbit = orbits[o]!;
    if (puzzle[orbit[0]!] === 0 || clues - orbit.length < minClues) continue;
    for (const cell of orbit) {
      puzzle[cell] = 0;
      singles.remove(cell);
    }
    const ok = singles.reach(orbit) || (set !== null ? !singlesDecide && solvedFrom(rules, singles, puzzle, set) : countRules(rules, puzzle, 2) === 1);
    const next = ok ? KEEP : beyond === undefined ? DROP : beyond(puzzle);
    if (next === STOP) {
      kept.push(o);
      return { givens: puzzle, singles: false, kept };
    }
    if (next === KEEP) {
      clues -= orbit.length;
      kept.push(o);
    } else {
      for (const cell of orbit) {
        puzzle[cell] = solution[cell]!;
        singles.restore(cell, solution[cell]!);
      }
    }
  }
  return { givens: puzzle, singles: set === 'hidden' || (set === 'singles' && rules.cages.length === 0) ? true : singles.reach([]), kept };
}

/** Whether `set` solves `puzzle`, going on from where the singles state stopped on it when it can. */
function solvedFrom(rules: Rules, singles: SinglesState, puzzle: Uint8Array, set: LogicSet): boolean {
  const stop = rules.cages.length === 0 ? singles.stoppedAt() : null;
  return stop === null ? solvesWith(rules, puzzle, set) : solvesFrom(rules, stop.candidates, stop.placed, set);
}

/**
 * Whether the technique `set` solves `givens` (a puzzle of `solution`): where singles alone decide
 * ('hidden' and 'singles' without cages, as in {@link carve}), on the singles state loaded with the
 * givens (cheaper than the logic's solve, which places every given first), else the variant logic.
 */
export function solvedBy(rules: Rules, solution: Uint8Array, givens: Uint8Array, set: LogicSet): boolean {
  if ((set === 'hidden' || set === 'singles') && rules.cages.length === 0 && !readsMoreHouses(rules)) {
    const singles = singlesStateOf(rules, solution);
    singles.load(givens, set === 'singles');
    return singles.reach([]);
  }
  return solvesWith(rules, givens, set);
}

/*
 * Building up instead of carving down, where singles alone decide (the 'hidden' and 'singles' sets
 * without cages, from the full solution, no `minClues`): most removals from a full grid are cells
 * singles give straight back, and checking each costs as much as the carving's real decisions.
 * So the givens are built from none: orbits in the seeded order are given while singles from the
 * givens so far do not place all their cells (the singles run on from where they stopped:
 * closure.ts's SinglesClosure), until singles place every cell. That puzzle is solved by the set
 * but has spare givens (about 34 on classic, 22 of them removable one at a time), so it is then
 * carved as before, one given orbit at a time in a new seeded order: a removal stays while singles
 * from the rest give it back (each test run as described above minimize). Singles from fewer
 * givens place no more, so an orbit that cannot go when it is tried cannot go later either: the
 * result is minimal for the set, as a carving from the full grid is.
 */

/** The givens built up (see above) and the orbits never given, in the order they were passed over. */
function buildUp(rules: Rules, solution: Uint8Array, orbits: readonly (readonly number[])[], order: Int32Array, singles: SinglesClosure, naked: boolean): { givens: Uint8Array; skipped: number[] } {
  const givens = new Uint8Array(rules.cellCount);
  const skipped: number[] = [];
  singles.start(naked);
  let solved = false;
  for (const o of order) {
    const orbit = orbits[o]!;
    if (solved) {
      skipped.push(o);
      continue;
    }
    let open = false;
    for (const cell of orbit) if (!singles.placedAt(cell)) open = true;
    if (!open) {
      skipped.push(o);
      continue;
    }
    for (const cell of orbit) {
      givens[cell] = solution[cell]!;
      solved = singles.give(cell, solution[cell]!);
    }
  }
  return { givens, skipped };
}

/*
 * The carving of a built-up puzzle G, given orbits g1..gk in the seeded order, asks for each gi in
 * turn whether singles from the givens then left without gi place its cells: from
 *
 *   kept(g1..g(i-1)) + g(i+1)..gk        (kept: the orbits of those before that had to stay)
 *
 * Singles are a closure: from more givens they place at least as much, and the fixed point of some
 * givens with more givens added is the fixed point of them all (see closure.ts). So the fixed points
 * of these k sets are made as a tree instead of from scratch each: for a range l..r of the orbits
 * to test, the working state is the fixed point of the givens outside it that are in (kept before
 * l, all after r); the right half is given and the left half tested from there, the state is rolled
 * back, the left half's kept orbits are given and the right half tested. A range of one orbit is
 * tested by whether the state has its cells placed. Each orbit is given about log2 k times instead
 * of k runs from the givens each (with the early stop below, about 580 placements a classic puzzle
 * and 430 an X one, against 710 and 560 for the runs from the givens). The answers, and so the
 * puzzle, are those of the orbit-by-orbit carving. A range whose state places every cell has all
 * its orbits emptied.
 */

/*
 * The same tree carves down from the full grid, or from a puzzle already carved (`from`), where the
 * carving may not go below `minClues` givens: an orbit whose cells singles place is emptied only
 * while that leaves at least `minClues` (else it stays given, as the orbit-by-orbit carving passes
 * over it), and once no orbit can go the rest stay as they are. The working state of a range is
 * still the fixed point of the givens outside it that the orbit-by-orbit carving has when it gets
 * there, so the answers, and the puzzle, are that carving's.
 */

/**
 * `puzzle` (a puzzle of the solution that the set solves) carved to minimal, or down to `minClues`
 * givens, each given orbit tried once in `order` (`kept`: the orbits emptied, after any passed in).
 */
function minimize(
  orbits: readonly (readonly number[])[],
  order: Int32Array,
  singles: SinglesClosure,
  puzzle: Uint8Array,
  kept: number[],
  naked: boolean,
  minClues: number,
): { givens: Uint8Array; singles: boolean; kept: number[] } {
  const given = new Int32Array(order.length);
  let count = 0;
  for (const o of order) if (puzzle[orbits[o]![0]!] !== 0) given[count++] = o;
  let clues = 0;
  for (let cell = 0; cell < puzzle.length; cell++) if (puzzle[cell] !== 0) clues++;
  singles.start(naked);
  const run: Carving = { orbits, given, singles, puzzle, kept, clues, minClues };
  test(run, 0, count, 0);
  return { givens: puzzle, singles: true, kept };
}

/** One tree carving's inputs and what it has done so far. */
interface Carving {
  readonly orbits: readonly (readonly number[])[];
  /** The orbits given when it started, in the order they are tried. */
  readonly given: Int32Array;
  readonly singles: SinglesClosure;
  readonly puzzle: Uint8Array;
  readonly kept: number[];
  clues: number;
  readonly minClues: number;
}

/**
 * Tests the orbits given[l..r) from the working state (see above); those whose cells singles place
 * are emptied in `puzzle` and pushed on `kept` (while the floor allows). The state this leaves is
 * never read again (a left half's is rolled back, a right half's is the last of its parent's), so
 * the givens before a range of one orbit stop as soon as singles place its cells.
 */
function test(run: Carving, l: number, r: number, depth: number): void {
  const { orbits, given, singles } = run;
  if (run.clues <= run.minClues) return; // nothing can go any more
  if (r - l === 1) {
    const orbit = orbits[given[l]!]!;
    let placed = true;
    for (const cell of orbit) if (!singles.placedAt(cell)) placed = false;
    if (placed) empty(run, given[l]!);
    return;
  }
  if (singles.solved()) {
    for (let i = l; i < r; i++) empty(run, given[i]!);
    return;
  }
  const mid = (l + r) >> 1;
  singles.save(depth);
  giveRange(orbits, given, mid, r, mid - l === 1 ? orbits[given[l]!]! : null, singles, run.puzzle);
  test(run, l, mid, depth + 1);
  if (run.clues <= run.minClues) return;
  singles.rollback(depth);
  giveRange(orbits, given, l, mid, r - mid === 1 ? orbits[given[mid]!]! : null, singles, run.puzzle);
  test(run, mid, r, depth + 1);
}

/** Gives the orbits given[from..to) still given in `puzzle`; with an `aim`, only until its cells are placed. */
function giveRange(orbits: readonly (readonly number[])[], given: Int32Array, from: number, to: number, aim: readonly number[] | null, singles: SinglesClosure, puzzle: Uint8Array): void {
  if (aim !== null) singles.aim(aim);
  for (let i = from; i < to && !(aim !== null && singles.reached()); i++) for (const cell of orbits[given[i]!]!) if (puzzle[cell] !== 0) singles.give(cell, puzzle[cell]!);
  if (aim !== null) singles.unaim(aim);
}

/** Empties orbit `o` when that leaves at least the floor of givens. */
function empty(run: Carving, o: number): void {
  const orbit = run.orbits[o]!;
  if (run.clues - orbit.length < run.minClues) return;
  for (const cell of orbit) run.puzzle[cell] = 0;
  run.clues -= orbit.length;
  run.kept.push(o);
}

/*
 * Down from the full grid to a floor of givens (the children's 4x4 and 6x6: 7 and 14 givens), where
 * singles alone decide. The orbit-by-orbit carving asks, for the orbit at position i of the order,
 * whether singles place its cells from the givens then left without it:
 *
 *   K(i) + L(i)     K(i): the orbits before i that stayed given; L(i): all orbits after i
 *
 * The fixed points of singles from L(i) alone are one chain: from the last position back to the
 * first each L is the one after with one orbit more, and singles are a closure (closure.ts), so
 * they are made by giving the orbits from the last position back, a state kept before each, until
 * singles place every cell. Before that position every removal stays with nothing to run (from
 * more givens singles place at least as much); after it, K(i) (mostly empty: a carving down to a
 * floor keeps few orbits back) is given from the state kept at i, aimed at the orbit's cells. A 6x6
 * carving to 14 givens gives its 36 cells once in the chain and a few more, where the tree carving
 * from the full grid gave each about log2 36 times. The answers, and the puzzle, are the
 * orbit-by-orbit carving's.
 */

/** {@link carve} from the full grid down to `minClues` givens (see above). */
function carveDown(solution: Uint8Array, orbits: readonly (readonly number[])[], order: Int32Array, closure: SinglesClosure, puzzle: Uint8Array, naked: boolean, minClues: number): { givens: Uint8Array; singles: boolean; kept: number[] } {
  // The chain: state i is the fixed point of L(i); before `solvedUpTo` singles from L(i) place every cell.
  closure.start(naked);
  let solvedUpTo = -1;
  for (let i = order.length - 1; i >= 0; i--) {
    if (closure.solved()) {
      solvedUpTo = i;
      break;
    }
    closure.save(i);
    for (const cell of orbits[order[i]!]!) closure.give(cell, solution[cell]!);
  }
  let clues = puzzle.length;
  const kept: number[] = [];
  const stayed: number[] = [];
  for (let i = 0; i < order.length && clues > minClues; i++) {
    const o = order[i]!;
    const orbit = orbits[o]!;
    if (clues - orbit.length < minClues) {
      stayed.push(o);
      continue;
    }
    if (i > solvedUpTo && !reachedAt(closure, i, orbit, stayed, orbits, solution)) {
      stayed.push(o);
      continue;
    }
    for (const cell of orbit) puzzle[cell] = 0;
    clues -= orbit.length;
    kept.push(o);
  }
  return { givens: puzzle, singles: true, kept };
}

/** Whether singles from the chain's state `i` with the orbits `stayed` given place every cell of `orbit`. */
function reachedAt(closure: SinglesClosure, i: number, orbit: readonly number[], stayed: readonly number[], orbits: readonly (readonly number[])[], solution: Uint8Array): boolean {
  if (stayed.length === 0) return closure.placedInSaved(i, orbit);
  closure.rollback(i);
  closure.aim(orbit);
  for (let k = 0; k < stayed.length && !closure.reached(); k++) for (const cell of orbits[stayed[k]!]!) closure.give(cell, solution[cell]!);
  const reached = closure.reached();
  closure.unaim(orbit);
  return reached;
}
