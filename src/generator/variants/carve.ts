import type { Rules } from '../../rules/types.js';
import { countRules } from '../../solver/rules-solver.js';
import { shuffleInPlace, type Random } from '../random.js';
import { solvesWith, type LogicSet } from './logic.js';
import { singlesStateFor } from './singles.js';

/** What {@link carve} does with a removal its technique set does not solve: put it back, keep it, keep it and stop. */
export type Beyond = typeof DROP | typeof KEEP | typeof STOP;
export const DROP = 0;
export const KEEP = 1;
export const STOP = 2;

/**
 * Clue removal from the full solution, one orbit at a time in a seeded order; a removal stays
 * when the puzzle is still unique (with a technique `set`: still solved by that set, which
 * implies uniqueness; without one, the counting solver). For 'singles', 'medium' and no set, both
 * are skipped when singles from the remaining givens fill the emptied cells again ('hidden' asks
 * for less than singles, so it always solves). Each orbit is tried once, so the result is minimal
 * for the symmetry (and the technique set), unless `minClues` stopped it. `singles` in the result
 * is whether naked and hidden singles alone solve it.
 *
 * `beyond`, with a set other than 'hidden', is asked about a removal the set does not solve:
 * DROP puts the orbit back, KEEP keeps it, STOP keeps it and ends the carving there (graded.ts
 * grades such removals).
 */
export function carve(
  rules: Rules,
  solution: Uint8Array,
  orbits: readonly (readonly number[])[],
  random: Random,
  set: LogicSet | null,
  minClues: number,
  beyond?: (puzzle: Uint8Array) => Beyond,
): { givens: Uint8Array; singles: boolean } {
  const puzzle = Uint8Array.from(solution);
  const order = new Int32Array(orbits.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleInPlace(order, random);
  let clues = rules.cellCount;
  if (set === 'hidden') {
    for (const o of order) {
      const orbit = orbits[o]!;
      if (clues - orbit.length < minClues) continue;
      for (const cell of orbit) puzzle[cell] = 0;
      if (solvesWith(rules, puzzle, 'hidden')) clues -= orbit.length;
      else for (const cell of orbit) puzzle[cell] = solution[cell]!;
    }
    return { givens: puzzle, singles: true };
  }
  const singles = singlesStateFor(rules, solution);
  for (const o of order) {
    const orbit = orbits[o]!;
    if (clues - orbit.length < minClues) continue;
    for (const cell of orbit) {
      puzzle[cell] = 0;
      singles.remove(cell);
    }
    // Emptied cells that singles bring back leave the puzzle it was with deductions added: still
    // unique, still solved by the level's techniques (singles.ts). Otherwise, for singles, nothing
    // else solves it (killer: the cage combinations may).
    const ok =
      singles.reach(orbit) ||
      (set === 'singles' ? rules.cages.length > 0 && solvesWith(rules, puzzle, set) : set !== null ? solvesWith(rules, puzzle, set) : countRules(rules, puzzle, 2) === 1);
    const next = ok ? KEEP : beyond === undefined ? DROP : beyond(puzzle);
    if (next === STOP) return { givens: puzzle, singles: false };
    if (next === KEEP) clues -= orbit.length;
    else {
      for (const cell of orbit) {
        puzzle[cell] = solution[cell]!;
        singles.restore(cell, solution[cell]!);
      }
    }
  }
  return { givens: puzzle, singles: set === 'singles' && rules.cages.length === 0 ? true : singles.reach([]) };
}
