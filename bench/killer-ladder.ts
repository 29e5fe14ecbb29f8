/**
 * A small stand-alone killer grading driver (the grader itself runs the killer ladder since branch
 * killer-wire: gradeWithPath on rules with cages; bench/killer-grade.ts measures that). Kept for
 * test/killer-techniques.test.ts: the classic ladder without the uniqueness techniques, plus the
 * killer techniques, by base difficulty. At each step it takes the easiest step on offer (every technique
 * whose base difficulty is below the best step found so far is asked), applies it with
 * applyStep(board, step, geometry), and goes on until the grid is full or nothing applies.
 * The rating is the hardest step's difficulty, as Sudoku Explainer's.
 */
import { applyStep, boardFromGrid, type Board } from '../src/core/board.js';
import { geometryOf, type Geometry } from '../src/core/geometry.js';
import type { Step } from '../src/core/step.js';
import type { Rules } from '../src/rules/types.js';
import { KILLER_TECHNIQUES } from '../src/techniques/killer/index.js';
import { LADDER } from '../src/techniques/registry.js';
import type { TechniqueContext, TechniqueDef } from '../src/techniques/types.js';

/** Techniques with a base difficulty above this are not run (forcing chains on a 81-cell killer with no givens cost seconds). */
export const DEFAULT_MAX_DIFFICULTY = 9.0;

/** The killer ladder: classic techniques without uniqueness, and the killer techniques, by base difficulty (stable). */
export function killerLadder(maxDifficulty = DEFAULT_MAX_DIFFICULTY): TechniqueDef[] {
  return [...LADDER.filter((def) => !def.uniqueness), ...KILLER_TECHNIQUES]
    .map((def, index) => ({ def, index }))
    .sort((a, b) => a.def.difficulty - b.def.difficulty || a.index - b.index)
    .map(({ def }) => def)
    .filter((def) => def.difficulty <= maxDifficulty);
}

export interface KillerGrade {
  /** Hardest step's difficulty (0 when no step was needed). */
  rating: number;
  /** Whether the ladder filled the grid. */
  solved: boolean;
  steps: Step[];
  /** The board where it stopped. */
  board: Board;
}

/** The easiest step the ladder offers on a board, or null. */
export function easiestStep(ladder: readonly TechniqueDef[], board: Readonly<Board>, context: TechniqueContext): Step | null {
  let best: Step | null = null;
  for (const def of ladder) {
    if (best !== null && def.difficulty >= best.difficulty) break;
    const step = def.find(board, context);
    if (step === null || step.truncated === true || (step.placements.length === 0 && step.eliminations.length === 0)) continue;
    if (best === null || step.difficulty < best.difficulty) best = step;
  }
  return best;
}

/**
 * Grades a killer by the ladder: 9x9 rules with regular 3x3 boxes (the classic techniques of
 * today's ladder read the classic houses; extra houses such as diagonals they ignore, which is
 * sound, but jigsaw regions they would get wrong: a RangeError).
 */
export function gradeKiller(rules: Rules, givens: ArrayLike<number>, options: { ladder?: readonly TechniqueDef[]; onStep?: (step: Step, board: Readonly<Board>) => void } = {}): KillerGrade {
  const geometry: Geometry = geometryOf(rules);
  if (!geometry.regularBoxes) throw new RangeError(`the killer ladder takes regular 3x3 boxes, not ${rules.variant}`);
  const ladder = options.ladder ?? killerLadder();
  const board = boardFromGrid(Array.from(givens), geometry);
  const context: TechniqueContext = { uniqueness: false, chains: false, geometry };
  const steps: Step[] = [];
  let rating = 0;
  for (;;) {
    let empty = 0;
    for (let cell = 0; cell < 81; cell++) if (board.values[cell] === 0) empty++;
    if (empty === 0) return { rating, solved: true, steps, board };
    const step = easiestStep(ladder, board, context);
    if (step === null) return { rating, solved: false, steps, board };
    options.onStep?.(step, board);
    rating = Math.max(rating, step.difficulty);
    steps.push(step);
    applyStep(board, step, geometry);
  }
}
