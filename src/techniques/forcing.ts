import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { cellName, digitsOf, unitName } from '../core/tables.js';
import { ChainEngine, DEFAULT_BUDGET, NISHIO_MODE, STATIC_MODE, dynamicMode, nodeCell } from './forcing/engine.js';
import { chainDifficulty } from './forcing/length.js';
import { hintChains } from './forcing/chain-data.js';
import { type ChainHint, type ForcingKind, type SearchFilter, searchHints } from './forcing/search.js';
import { reachFilter } from './forcing/reach-filter.js';
import { seHousesOf } from './forcing/se-units.js';
import { FORCING_TEXTS } from './texts.js';
import { techniqueDef } from './define.js';
import type { TechniqueDef, TechniqueFn } from './types.js';
import { variantTechniques } from './variant-link.js';

/*
 * The top of Sudoku Explainer's scale: nishio, multiple (cell / region), dynamic, dynamic "plus" and
 * nested forcing chains, each emulating one of SE's Chaining producers (see forcing/engine.ts).
 * Every search shares the memoised runs of the board it is given and stops at an effort bound;
 * a step found or given up at the bound carries `truncated: true`.
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
  /** Whether the step carries its chains (default true; see TechniqueContext.chains). */
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

/** Runs one technique on a board; exported for tests and the benchmark. */
export function findForcingStep(id: string, board: Readonly<Board>, options: ForcingOptions = {}): Step | null {
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
  if (hint) step = toStep(technique, hint, board, options.chains ?? true, engine);
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

/** The `$premise-*` texts of the forcing family (texts.ts). */
function premiseText(shape: string): string {
  return FORCING_TEXTS[`$premise-${shape}`] ?? '';
}

/** Why the conclusion holds, in r1c1 notation, from the template of the hint's shape. */
function premise(hint: ChainHint, board: Readonly<Board>, geometry: Geometry | undefined): string {
  const fields: Record<string, string> = {
    cell: cellName(hint.sourceCell),
    digit: String(hint.sourceDigit),
    assumption: `${cellName(hint.sourceCell)} ${hint.on ? '<>' : '='} ${hint.sourceDigit}`,
  };
  if (hint.shape === 'cell') fields.digits = digitsOf(board.candidates[hint.sourceCell]!).join(', ');
  if (hint.shape === 'region') {
    fields.unit = geometry === undefined || geometry.classic ? unitName(hint.sourceUnit) : variantTechniques().houseName(geometry, hint.sourceUnit);
    fields.cells = hint.chains.map((chain) => cellName(nodeCell(chain.run.root))).join(', ');
  }
  return premiseText(hint.shape).replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

function toStep(technique: ForcingTechnique, hint: ChainHint, board: Readonly<Board>, withChains: boolean, engine: ChainEngine): Step & { premise: string } {
  const placements = hint.on ? [{ cell: hint.cell, digit: hint.digit }] : [];
  const eliminations = hint.on ? [] : [{ cell: hint.cell, digit: hint.digit }];
  const cells = [hint.sourceCell];
  if (hint.cell !== hint.sourceCell) cells.push(hint.cell);
  const digits = hint.sourceDigit > 0 && hint.sourceDigit !== hint.digit ? [hint.sourceDigit, hint.digit] : [hint.digit];
  return {
    technique: technique.id,
    premise: premise(hint, board, engine.houses.geometry),
    difficulty: chainDifficulty(technique.base, hint.complexity),
    placements,
    eliminations,
    pattern: { cells, digits, units: hint.sourceUnit >= 0 ? [hint.sourceUnit] : [] },
    ...(withChains ? { chains: hintChains(hint.chains, board.candidates, engine.houses) } : {}),
  };
}

function techniqueFn(id: string): TechniqueFn {
  return (board, context) => findForcingStep(id, board, { chains: context.chains ?? true, ...(context.geometry ? { geometry: context.geometry } : {}) });
}

/** Techniques of this family, in ladder order. */
export const FORCING_TECHNIQUES: TechniqueDef[] = TECHNIQUES.map((t) => techniqueDef('forcing', t.id, t.name, t.base, techniqueFn(t.id), t.base + t.maxAdded));
