import { gradePuzzle } from '../../grader/grade.js';
import { classicRules, withParity } from '../../rules/constructors.js';
import type { Rules } from '../../rules/types.js';
import { countRules } from '../../solver/rules-solver.js';
import { shuffleInPlace, type Random } from '../random.js';
import { fillRules } from './fill.js';

/*
 * Odd/even sudoku: classic 9x9 rules plus a few cells marked odd (a grey circle) or even (a grey
 * square). The marks are drawn from the solution (a marked cell gets the parity of its digit), then
 * the givens are carved as for the other variants: one orbit at a time in a seeded order, a removal
 * kept while the puzzle stays unique (and, at a level, while it grades no higher than the level's
 * top); the marked cells are tried first, and a mark left on a given is dropped. The marks
 * are clues as well, so an odd/even puzzle keeps fewer givens than a classic one.
 *
 * Levels: the grader's rating bands of the level table (src/grader/levels.ts), measured here by the
 * 9x9 grader, whose candidates start from the marks (geometry startMasks): easy is a path rated at
 * most 2.3 (hidden and naked singles), medium above that and at most 3.4 (pointing, claiming, naked
 * and hidden pairs; also X-wing, rated 3.2), hard above that and at most 4.6. The variant logic of
 * logic.ts does not read the marks, so it would rate most of these puzzles harder than they are.
 * `any` puzzles are not graded (their level is 'any').
 */

/** Fewest and most marked cells of a puzzle. */
export const MIN_MARKS = 8;
export const MAX_MARKS = 16;

/** Highest SE rating of an easy, a medium and a hard odd/even puzzle (the level table's). */
const EASY_MAX = 2.3;
const MEDIUM_MAX = 3.4;
const HARD_MAX = 4.6;

export interface OddEvenMade {
  readonly rules: Rules;
  readonly givens: Uint8Array;
  readonly solution: Uint8Array;
  readonly level: 'easy' | 'medium' | 'hard' | 'any';
  readonly clues: number;
  /** The grader's rating (not for 'any'). */
  readonly rating?: number;
}

/**
 * The level of an odd/even puzzle from its grade (see the top of this file) with the rating, or
 * null when it rates above hard (or needs a guess).
 */
export function oddEvenLevelOf(rules: Rules, givens: Uint8Array): { level: 'easy' | 'medium' | 'hard'; rating: number } | null {
  const grade = gradePuzzle({ rules, givens }, { maxRating: HARD_MAX });
  if (grade.lowerBound || grade.guesses > 0 || grade.rating > HARD_MAX + 1e-9) return null;
  return { level: grade.rating <= EASY_MAX + 1e-9 ? 'easy' : grade.rating <= MEDIUM_MAX + 1e-9 ? 'medium' : 'hard', rating: grade.rating };
}

/**
 * One odd/even puzzle, or null when the carving missed the level (the caller draws again).
 * `orbits` are the groups of cells given or emptied together (the symmetry of the givens); the
 * marks are drawn in whole orbits too (a mark dropped from a given may break their symmetry). The
 * carving leaves at least `minClues` givens.
 */
export function makeOddEven(orbits: readonly (readonly number[])[], random: Random, level: 'easy' | 'medium' | 'hard' | 'any', minClues = 0): OddEvenMade | null {
  const base = classicRules(9);
  const solution = fillRules(base, random);
  if (solution === null) return null;

  // Marks: whole orbits in a seeded order until MIN_MARKS..MAX_MARKS cells are marked.
  const wanted = MIN_MARKS + random.below(MAX_MARKS - MIN_MARKS + 1);
  const order = new Int32Array(orbits.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  shuffleInPlace(order, random);
  const odd: number[] = [];
  const even: number[] = [];
  for (let i = 0; i < order.length && odd.length + even.length < wanted; i++) {
    const orbit = orbits[order[i]!]!;
    if (odd.length + even.length + orbit.length > MAX_MARKS) continue;
    for (const cell of orbit) (solution[cell]! % 2 === 1 ? odd : even).push(cell);
  }
  const rules = withParity(base, { odd, even });

  // Carving: the marked cells first (a mark on a given says nothing), then the rest, each in a
  // seeded order.
  const puzzle = Uint8Array.from(solution);
  shuffleInPlace(order, random);
  const carveOrder = new Int32Array(order.length);
  let at = 0;
  for (const pass of [true, false]) for (const o of order) if ((rules.parityOf[orbits[o]![0]!] !== 0) === pass) carveOrder[at++] = o;
  const limit = level === 'easy' ? EASY_MAX : level === 'medium' ? MEDIUM_MAX : level === 'hard' ? HARD_MAX : Infinity;
  let clues = 81;
  for (let i = 0; i < carveOrder.length; i++) {
    const orbit = orbits[carveOrder[i]!]!;
    if (clues - orbit.length < minClues) continue;
    for (const cell of orbit) puzzle[cell] = 0;
    let ok = countRules(rules, puzzle, 2) === 1;
    if (ok && limit !== Infinity) {
      const grade = gradePuzzle({ rules, givens: puzzle }, { maxRating: limit });
      ok = !grade.lowerBound && grade.guesses === 0 && grade.rating <= limit;
    }
    if (ok) clues -= orbit.length;
    else for (const cell of orbit) puzzle[cell] = solution[cell]!;
  }
  // Marks left on givens are dropped (nothing changes: a given's cell has no candidates); too few
  // marks left, and the puzzle is drawn again.
  const kept = { odd: odd.filter((cell) => puzzle[cell] === 0), even: even.filter((cell) => puzzle[cell] === 0) };
  if (kept.odd.length + kept.even.length < MIN_MARKS) return null;
  const final = kept.odd.length + kept.even.length === odd.length + even.length ? rules : withParity(base, kept);
  if (level === 'any') return { rules: final, givens: puzzle, solution, level, clues };
  const measured = oddEvenLevelOf(final, puzzle);
  if (measured === null || measured.level !== level) return null;
  return { rules: final, givens: puzzle, solution, level, clues, rating: measured.rating };
}
