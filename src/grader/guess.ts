import { cloneBoard, placeDigit, type Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { POPCOUNT, digitsOf } from '../core/tables.js';
import { GUESS_DIFFICULTY } from './levels.js';

/**
 * The fallback when no technique applies: a trial on the most constrained empty cell (fewest
 * candidates, first in row order). Its candidates are tried in ascending order and the first one
 * the counting solver finds a solution for is placed. Returns null when no candidate leads to a
 * solution (the board is contradictory). `leads` tells whether a board (with the trial digit placed
 * under `geometry`) has a solution: the classic counting solver's answer, or the rules' counter's.
 */
export function guessStep(board: Readonly<Board>, leads: (trial: Board) => boolean, geometry?: Geometry): Step | null {
  let best = -1;
  let bestCount = 10;
  for (let cell = 0; cell < 81; cell++) {
    const mask = board.candidates[cell]!;
    if (board.values[cell] !== 0) continue;
    const n = POPCOUNT[mask]!;
    if (n < bestCount) {
      best = cell;
      bestCount = n;
      if (n <= 2) break;
    }
  }
  if (best < 0 || bestCount === 0) return null;
  const candidates = digitsOf(board.candidates[best]!);
  for (const digit of candidates) {
    const trial = cloneBoard(board as Board);
    placeDigit(trial, best, digit, geometry);
    if (leads(trial)) {
      return {
        technique: 'guess',
        difficulty: GUESS_DIFFICULTY,
        placements: [{ cell: best, digit }],
        eliminations: [],
        pattern: { cells: [best], digits: candidates, units: [] },
      };
    }
  }
  return null;
}
