import type { Board } from '../core/board.js';
import type { Step } from '../core/step.js';
import { explainForcing } from './forcing/explain.js';
import { type ForcingOptions, forcingTechniques, searchForcingStep } from './forcing/find.js';
import type { TechniqueDef } from './types.js';

/*
 * The top of Sudoku Explainer's scale (nishio, multiple, dynamic and nested forcing chains; the
 * searches are forcing/find.ts) as the public ladder has them: each step explained (its premise,
 * and its chains unless `chains: false`). The grader's ladder rates with unexplained entries and
 * explains only the steps it shows.
 */

export type { ForcingOptions } from './forcing/find.js';

/** Runs one technique on a board, its step explained; exported for tests and the benchmark. */
export function findForcingStep(id: string, board: Readonly<Board>, options: ForcingOptions = {}): Step | null {
  return searchForcingStep(id, board, options, explainForcing);
}

/** Techniques of this family, in ladder order, explaining their steps. */
export const FORCING_TECHNIQUES: TechniqueDef[] = forcingTechniques(explainForcing);
