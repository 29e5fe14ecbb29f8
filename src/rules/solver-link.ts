import type { GivenConflict, Puzzle } from './puzzle.js';
import type { Rules } from './types.js';

/**
 * How the solving calls reach the counting solver for any rules without every bundle carrying it.
 * `countSolutions` and `solve` take classic grids and `{ rules, givens }` puzzles alike, so a static
 * import of the variant solver from them would put it into every app that only checks classic
 * puzzles (about 2.5 KB gzipped). A rules value is only ever made by `buildRules`, so `buildRules`
 * links the solver in (build.ts) and the solving calls find it here: an app that builds rules gets
 * the variant solver, an app that does not never bundles it. (The rules module importing the
 * solver inverts the usual direction of imports on purpose, for that one reason.)
 */
export interface RulesCounter {
  /** Solutions up to `limit`; the first is kept for `solution`. */
  count(rules: Rules, givens: ArrayLike<number>, limit: number): number;
  /** A solution (a new array) or null. */
  solve(rules: Rules, givens: ArrayLike<number>): Uint8Array | null;
  /** Effort of the last call. */
  stats(): { nodes: number; guesses: number };
  /** The first given that breaks a rule on its own (findGivenConflict: here so that the grader's classic bundle need not carry it). */
  conflict(rules: Rules, givens: ArrayLike<number>): GivenConflict | null;
  /** A solving call's `{ rules, givens }` input, checked (checkedPuzzle: here so that classic bundles need not carry the checks). */
  puzzle(input: Partial<Puzzle>): Puzzle;
}

let linked: RulesCounter | null = null;

/** Called by buildRules. */
export function linkRulesCounter(counter: RulesCounter): void {
  linked = counter;
}

/** The linked solver; null only when no rules value was ever built (then no variant puzzle exists either). */
export function rulesCounter(): RulesCounter | null {
  return linked;
}

/**
 * What buildRules tells the solver about a rules value besides its public fields: the shared layout
 * it was built on (any object standing for it), so that the solver compiles the layout's tables once
 * for every rules value on it (rules-solver.ts, grid9-solver.ts), and its cages in the order of
 * `rules.cages` as flat lists, without making that list of views (made on first read, build.ts).
 * Never handed to callers: only the solver reads it, and writes nothing into it.
 */
export interface RulesSource {
  readonly layout: object;
  readonly houses: HouseTables;
  /** Peers through the houses only (no cage-mates), cell c's at cells[start[c]..start[c + 1]), made on first call. */
  readonly peers: () => HouseTables;
  /** The cages as flat lists (CageTables), in the order of rules.cages. */
  readonly cages: CageTables;
}

/** The houses of a layout as flat tables: house h is cells[start[h]..start[h + 1]). */
export interface HouseTables {
  readonly start: Int32Array;
  readonly cells: Int16Array;
}

/**
 * How the source of a value made by buildRules is found: buildRules links a reader of its values'
 * private field (a WeakMap of values to sources cost 2-7 us a value, most of it in the garbage
 * collector, more than a killer's count).
 */
let readSource: ((rules: Rules) => RulesSource | undefined) | null = null;

/** Called by buildRules. */
export function linkRulesSource(reader: (rules: Rules) => RulesSource | undefined): void {
  readSource = reader;
}

/** The source of a value made by buildRules, or undefined for a value made by hand. */
export function sourceOf(rules: Rules): RulesSource | undefined {
  return readSource === null ? undefined : readSource(rules);
}

/** The layout object of a rules value, or the rules value itself. */
export function layoutKeyOf(rules: Rules): object {
  return sourceOf(rules)?.layout ?? rules;
}

/** How many cages a rules value has, without making any list. */
export function cageCountOf(rules: Rules): number {
  return sourceOf(rules)?.cages.sums.length ?? rules.cages.length;
}

/** The cages of a rules value as flat lists (cage i's cells at cells[start[i]..start[i + 1]), its sum sums[i], 0 for none). */
export interface CageTables {
  readonly cells: ArrayLike<number>;
  readonly start: ArrayLike<number>;
  readonly sums: ArrayLike<number>;
}

/** The cages of a rules value as flat lists: buildRules's own (no list made), or made from rules.cages. */
export function cageTablesOf(rules: Rules): CageTables {
  const source = sourceOf(rules);
  if (source !== undefined) return source.cages;
  const cells: number[] = [];
  const start = [0];
  const sums: number[] = [];
  for (const cage of rules.cages) {
    for (let j = 0; j < cage.cells.length; j++) cells.push(cage.cells[j]!);
    start.push(cells.length);
    sums.push(cage.sum);
  }
  return { cells, start, sums };
}

/**
 * The houses of a rules value as its layout holds them (shared by every value on the layout and
 * never handed to callers, so that a caller writing into one value's `houses` cannot reach the
 * tables the solver caches for the layout), or made from `rules.houses` for a value made by hand.
 */
export function houseTablesOf(rules: Rules): HouseTables {
  const source = sourceOf(rules);
  if (source !== undefined) return source.houses;
  const start = new Int32Array(rules.houses.length + 1);
  rules.houses.forEach((cells, h) => (start[h + 1] = start[h]! + cells.length));
  const cells = new Int16Array(start[rules.houses.length]!);
  rules.houses.forEach((house, h) => cells.set(house, start[h]!));
  return { start, cells };
}

/**
 * The peers through the houses (cage-mates left out) of a rules value made by buildRules, as its
 * layout holds them (never handed to callers), or null for a value made by hand.
 */
export function housePeersOf(rules: Rules): HouseTables | null {
  return sourceOf(rules)?.peers() ?? null;
}
