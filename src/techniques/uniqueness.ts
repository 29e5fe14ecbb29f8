import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { onGeometry, techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';
import { findUniqueLoop } from './uniqueness/loops.js';
import { findBug } from './uniqueness/bug.js';

export {
  LOOP_SEARCH_BUDGET,
  findEasiestUniqueLoop,
  findLoops,
  findUniqueLoop,
  loopBaseTenths,
  loopSearchStats,
} from './uniqueness/loops.js';
export { findBug, findBugPattern } from './uniqueness/bug.js';

function def(
  id: string,
  name: string,
  difficulty: number,
  maxDifficulty: number,
  search: (board: Readonly<Board>, geometry: Geometry) => Step | null,
): TechniqueDef {
  const find = onGeometry(search);
  return techniqueDef('uniqueness', id, name, difficulty, (board, context) => (context.uniqueness ? find(board, context) : null), maxDifficulty, true);
}

// Type 3 adds 0.1 per naked-set digit beyond one (up to 7 digits: +0.6) or per hidden-set cell
// beyond one (hidden pair +0.0).
export const UNIQUE_RECTANGLE_1 = def('unique-rectangle-1', 'Unique rectangle type 1', 4.5, 4.5, (b, g) => findUniqueLoop(b, 1, true, g));
export const UNIQUE_RECTANGLE_2 = def('unique-rectangle-2', 'Unique rectangle type 2', 4.5, 4.5, (b, g) => findUniqueLoop(b, 2, true, g));
export const UNIQUE_RECTANGLE_3 = def('unique-rectangle-3', 'Unique rectangle type 3', 4.5, 5.1, (b, g) => findUniqueLoop(b, 3, true, g));
export const UNIQUE_RECTANGLE_4 = def('unique-rectangle-4', 'Unique rectangle type 4', 4.5, 4.5, (b, g) => findUniqueLoop(b, 4, true, g));
export const UNIQUE_LOOP_1 = def('unique-loop-1', 'Unique loop type 1', 4.6, 5.0, (b, g) => findUniqueLoop(b, 1, false, g));
export const UNIQUE_LOOP_2 = def('unique-loop-2', 'Unique loop type 2', 4.6, 5.0, (b, g) => findUniqueLoop(b, 2, false, g));
export const UNIQUE_LOOP_3 = def('unique-loop-3', 'Unique loop type 3', 4.6, 5.6, (b, g) => findUniqueLoop(b, 3, false, g));
export const UNIQUE_LOOP_4 = def('unique-loop-4', 'Unique loop type 4', 4.6, 5.0, (b, g) => findUniqueLoop(b, 4, false, g));

export const BUG_1 = def('bug-1', 'BUG type 1', 5.6, 5.6, (b, g) => findBug(b, 1, g));
export const BUG_2 = def('bug-2', 'BUG type 2', 5.7, 5.7, (b, g) => findBug(b, 2, g));
export const BUG_4 = def('bug-4', 'BUG type 4', 5.7, 5.7, (b, g) => findBug(b, 4, g));
export const BUG_3 = def('bug-3', 'BUG type 3', 5.8, 6.2, (b, g) => findBug(b, 3, g));

/**
 * Techniques of this family, in ladder order (by lowest difficulty, then type, as SE sorts).
 * Every entry returns null when `context.uniqueness` is false.
 *
 * Sudoku Explainer runs all loop types as one rule and takes its easiest hint over all types; to
 * match it exactly, a grader that meets several unique-rectangle/loop entries should keep the step
 * of lowest `difficulty` among them (ties: ladder order), or call `findEasiestUniqueLoop`.
 */
export const UNIQUENESS_TECHNIQUES: TechniqueDef[] = [
  UNIQUE_RECTANGLE_1,
  UNIQUE_RECTANGLE_2,
  UNIQUE_RECTANGLE_3,
  UNIQUE_RECTANGLE_4,
  UNIQUE_LOOP_1,
  UNIQUE_LOOP_2,
  UNIQUE_LOOP_3,
  UNIQUE_LOOP_4,
  BUG_1,
  BUG_2,
  BUG_4,
  BUG_3,
];
