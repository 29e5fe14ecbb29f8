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

/** A cage as the solver reads it: cells ascending, sum 0 when it has none. */
export interface CageCells {
  readonly cells: ArrayLike<number>;
  readonly sum: number;
}

/**
 * What buildRules tells the solver about a rules value besides its public fields: the shared layout
 * it was built on (any object standing for it), so that the solver compiles the layout's tables once
 * for every rules value on it (rules-solver.ts, grid9-solver.ts), and its cages in the order of
 * `rules.cages` without making that list of views (made on first read, build.ts). Never handed to
 * callers: only the solver reads it, and writes nothing into it.
 */
interface Source {
  readonly layout: object;
  readonly cages: readonly CageCells[];
}
const sources = new WeakMap<Rules, Source>();

/** Called by buildRules. */
export function setRulesSource(rules: Rules, layout: object, cages: readonly CageCells[]): void {
  sources.set(rules, { layout, cages });
}

/** The layout object of a rules value, or the rules value itself. */
export function layoutKeyOf(rules: Rules): object {
  return sources.get(rules)?.layout ?? rules;
}

/** The cages of a rules value (as rules.cages, without the views). */
export function cagesOf(rules: Rules): readonly CageCells[] {
  return sources.get(rules)?.cages ?? rules.cages;
}
