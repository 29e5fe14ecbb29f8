import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import type { ChainData, Step } from '../../core/step.js';
import { ChainEngine, DEFAULT_BUDGET, NISHIO_MODE, STATIC_MODE, dynamicMode } from './engine.js';
import { chainDifficulty } from './length.js';
import { type ChainHint, type ForcingKind, type SearchFilter, searchHints } from './search.js';
import { reachFilter } from './reach-filter.js';
import { seHousesOf } from './se-units.js';
import { techniqueDef } from '../define.js';
import type { TechniqueContext, TechniqueDef, TechniqueFn } from '../types.js';
import { variantTechniques } from '../variant-link.js';

/*
 * The top of Sudoku Explainer's scale: nishio, multiple (cell / region), dynamic, dynamic "plus" and
 * nested forcing chains, each emulating one of SE's Chaining producers (see forcing/engine.ts).
 * Every search shares the memoised runs of the board it is given and stops at an effort bound;
 * a step found or given up at the bound carries `truncated: true`.
 *
 * What explains a step (its premise and chains, forcing/explain.ts) is handed in: the rating never
 * reads it, so the grader's ladder (techniques/ladder.ts) runs these searches without it and a
 * bundle of the rating alone does not carry it. The public entries (forcing.ts) explain by default.
 */

interface ForcingTechnique extends ForcingKind {
  id: string;
  name: string;
  base: number;
  maxAdded: number;
}

const TECHNIQUES: ForcingTechnique[] = [
  { id: 'nishio-forcing-chains', name: 'Nishio forcing chains', base: 7.5, maxAdded: 2, mode: NISHIO_MODE, nishio: true, dynamic: true },
  { id: 'multiple-forcing-chains', name: 'Cell / region forcing chains', base: 8.0, maxAdded: 2, mode: STATIC_MODE, nishio: false, dynamic: false },
  { id: 'dynamic-forcing-chains', name: 'Dynamic forcing chains', base: 8.5, maxAdded: 2, mode: dynamicMode(0), nishio: false, dynamic: true },
  { id: 'dynamic-forcing-chains-plus', name: 'Dynamic forcing chains (+)', base: 9.0, maxAdded: 2, mode: dynamicMode(1), nishio: false, dynamic: true },
  { id: 'nested-forcing-chains', name: 'Nested forcing chains (+ forcing chains)', base: 9.5, maxAdded: 4, mode: dynamicMode(2), nishio: false, dynamic: true },
  { id: 'nested-multiple-forcing-chains', name: 'Nested forcing chains (+ multiple forcing chains)', base: 10.0, maxAdded: 4, mode: dynamicMode(3), nishio: false, dynamic: true },
  { id: 'nested-dynamic-forcing-chains', name: 'Nested forcing chains (+ dynamic forcing chains)', base: 10.5, maxAdded: 4, mode: dynamicMode(4), nishio: false, dynamic: true },
  { id: 'nested-dynamic-forcing-chains-plus', name: 'Nested forcing chains (+ nested dynamic forcing chains)', base: 11.0, maxAdded: 4, mode: dynamicMode(5), nishio: false, dynamic: true },
];

/** Search options (for tests and benchmarks). */
export interface ForcingOptions {
  /** Node expansions allowed per technique search (default {@link DEFAULT_BUDGET}). */
  budget?: number;
  /** Whether the step carries its chains when it is explained (default true; see TechniqueContext.chains). */
  chains?: boolean;
  /** The rules' houses (default classic; see TechniqueContext.geometry). */
  geometry?: Geometry;
}

let cachedKey = '';
let cachedEngine: ChainEngine | null = null;
/** A released engine, renewed for the next board. */
let spareEngine: ChainEngine | null = null;
/**
 * The engine of an earlier board whose plain dynamic runs the cached engine takes over when a
 * dynamic search first needs them (see needDynamicRuns), not before: on most boards nishio or
 * the static chains find the step, and the runs wait for a later board. Null once taken over.
 */
let pendingEngine: ChainEngine | null = null;

function boardKey(board: Readonly<Board>): string {
  return String.fromCharCode(...board.candidates);
}

/** The engine of a board: reused while the grader asks several techniques about the same state. */
function engineFor(board: Readonly<Board>, geometry: Geometry | undefined): ChainEngine {
  const key = boardKey(board);
  const houses = seHousesOf(geometry);
  if (cachedEngine === null || key !== cachedKey || cachedEngine.houses !== houses) {
    let next = spareEngine;
    spareEngine = null;
    if (next?.houses === houses) next.renew(board);
    else {
      next?.release({ discard: true });
      next = new ChainEngine(board, geometry, houses.geometry.classic ? null : variantTechniques().runContinuation());
    }
    // The grader's boards lose candidates step by step: most plain dynamic runs carry over, from
    // the last engine that had them (any earlier board of the path holds this one's candidates).
    if (pendingEngine === null) pendingEngine = cachedEngine;
    else if (cachedEngine) {
      cachedEngine.release();
      spareEngine = cachedEngine;
    }
    cachedEngine = next;
    cachedKey = key;
  }
  return cachedEngine;
}

/** Lets the cached engine take over the pending engine's plain dynamic runs (see pendingEngine). */
function needDynamicRuns(engine: ChainEngine): void {
  if (pendingEngine === null) return;
  engine.adoptRuns(pendingEngine);
  pendingEngine.release({ discard: true });
  pendingEngine = null;
}

/**
 * What explains a forcing step: its premise (the assumption, from the texts of the family) and,
 * when asked, its chains. Made from the search's hint while its engine still holds the runs.
 */
export type ForcingExplain = (hint: ChainHint, board: Readonly<Board>, engine: ChainEngine, withChains: boolean) => { premise: string; chains?: ChainData[] };

/**
 * A context that may carry what explains a forcing step, for the grader's ladder entries, which do
 * not explain by default (techniques/ladder.ts): the grader's step-showing calls (nextStep,
 * hintStep, solvePath, gradeWithPath) hand forcing/explain.ts's explainer this way. Kept out of
 * the public TechniqueContext, whose declarations would otherwise carry the engine's types.
 */
export interface ForcingContext extends TechniqueContext {
  forcingExplain?: ForcingExplain;
}

/** Runs one technique on a board; its step explained by `explain` when given (forcing.ts's findForcingStep explains by default). */
export function searchForcingStep(id: string, board: Readonly<Board>, options: ForcingOptions, explain: ForcingExplain | undefined): Step | null {
  const technique = TECHNIQUES.find((t) => t.id === id);
  if (!technique) throw new Error(`unknown forcing technique '${id}'`);
  const engine = engineFor(board, options.geometry);
  if (technique.dynamic && !technique.nishio) needDynamicRuns(engine);
  engine.budget = options.budget ?? DEFAULT_BUDGET;
  engine.effort = 0;
  engine.exhausted = false;
  // Static cell / region chains: cells and regions whose assumptions share no static consequence
  // give nothing, and all consequences are known at once from the static closures.
  let filter: SearchFilter | undefined;
  if (!technique.dynamic && !technique.nishio) {
    engine.computeStaticClosures();
    filter = reachFilter(engine);
  }
  const hint = searchHints(engine, technique, undefined, filter);
  // Spent: some run, or a nested check, went past the bound, and the search stopped there.
  const truncated = engine.exhausted || engine.spent;
  if (!hint && !truncated) engine.emptySearches |= 1 << technique.mode.key;
  let step: Step | null = null;
  if (hint) step = toStep(technique, hint, board, engine, explain?.(hint, board, engine, options.chains ?? true));
  else if (truncated) {
    step = {
      technique: technique.id,
      difficulty: technique.base,
      placements: [],
      eliminations: [],
      pattern: { cells: [], digits: [], units: [] },
    };
  }
  if (truncated) {
    if (step) step.truncated = true;
    // Truncated runs must not be reused by the next technique.
    engine.release({ discard: true });
    cachedEngine = null;
    cachedKey = '';
  }
  return step;
}

function toStep(technique: ForcingTechnique, hint: ChainHint, board: Readonly<Board>, engine: ChainEngine, explained: ReturnType<ForcingExplain> | undefined): Step {
  const placements = hint.on ? [{ cell: hint.cell, digit: hint.digit }] : [];
  const eliminations = hint.on ? [] : [{ cell: hint.cell, digit: hint.digit }];
  const cells = [hint.sourceCell];
  if (hint.cell !== hint.sourceCell) cells.push(hint.cell);
  const digits = hint.sourceDigit > 0 && hint.sourceDigit !== hint.digit ? [hint.sourceDigit, hint.digit] : [hint.digit];
  return {
    technique: technique.id,
    ...(explained ? { premise: explained.premise } : {}),
    difficulty: chainDifficulty(technique.base, hint.complexity),
    placements,
    eliminations,
    pattern: { cells, digits, units: hint.sourceUnit >= 0 ? [hint.sourceUnit] : [] },
    ...(explained?.chains ? { chains: explained.chains } : {}),
  };
}

/**
 * The family's ladder entries: a step is explained by the context's `forcingExplain`, else by
 * `explain` (none: the grader's ladder, which rates; forcing.ts's explainer: the public ladder).
 */
export function forcingTechniques(explain: ForcingExplain | undefined): TechniqueDef[] {
  const fn = (id: string): TechniqueFn => (board, context: ForcingContext) =>
    searchForcingStep(id, board, { chains: context.chains ?? true, ...(context.geometry ? { geometry: context.geometry } : {}) }, context.forcingExplain ?? explain);
  return TECHNIQUES.map((t) => techniqueDef('forcing', t.id, t.name, t.base, fn(t.id), t.base + t.maxAdded));
}
