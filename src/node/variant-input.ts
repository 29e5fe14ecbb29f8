/**
 * A variant puzzle as plain data for another thread: its rules as the RulesSpec they were built
 * from (`rules.spec`) and its givens. The receiving thread rebuilds the rules with buildRules; the
 * last few built are kept, so a file of puzzles under the same rules builds them once per thread.
 */
import { buildRules } from '../rules/build.js';
import type { Puzzle } from '../rules/puzzle.js';
import type { Rules, RulesSpec } from '../rules/types.js';

/** A variant puzzle that crosses a thread boundary (structured-clone safe). */
export interface VariantInput {
  spec: RulesSpec;
  givens: Uint8Array;
}

/** The plain-data form of a puzzle under its rules. */
export function variantInput(puzzle: { rules: Rules; givens: Uint8Array }): VariantInput {
  return { spec: puzzle.rules.spec, givens: puzzle.givens };
}

const CACHE_SIZE = 8;
const built = new Map<string, Rules>();

/** The rules of a spec, built once per distinct spec among the last few. */
export function rulesOfSpec(spec: RulesSpec): Rules {
  const key = JSON.stringify(spec);
  let rules = built.get(key);
  if (rules === undefined) {
    rules = buildRules(spec);
    if (built.size >= CACHE_SIZE) built.delete(built.keys().next().value!);
  } else built.delete(key);
  built.set(key, rules); // most recently used last
  return rules;
}

/** The puzzle again, its rules rebuilt. */
export function puzzleOf(input: VariantInput): Puzzle {
  return { rules: rulesOfSpec(input.spec), givens: input.givens };
}
