import type { GivenConflict } from './puzzle.js';
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
 * The shared layout a rules value was built on (any object standing for it), so that the solver
 * compiles the layout's tables once for every rules value on it (rules-solver.ts). A rules value
 * not found here is its own layout.
 */
const layoutKeys = new WeakMap<Rules, object>();

/** Called by buildRules. */
export function setLayoutKey(rules: Rules, layout: object): void {
  layoutKeys.set(rules, layout);
}

/** The layout object of a rules value, or the rules value itself. */
export function layoutKeyOf(rules: Rules): object {
  return layoutKeys.get(rules) ?? rules;
}
