import type { Board } from '../core/board.js';
import type { ChainData, ChainNode, Step } from '../core/step.js';
import { BOX_OF, COL_OF, ROW_OF } from '../core/tables.js';
import { ChainEngine, DEFAULT_BUDGET, NISHIO_MODE, STATIC_MODE, type Run, dynamicMode, nodeCell, nodeDigit, nodeIsOn } from './forcing/engine.js';
import { chainDifficulty } from './forcing/length.js';
import { ancestors } from './forcing/nested.js';
import { type ChainHint, type ForcingKind, searchHints } from './forcing/search.js';
import type { TechniqueDef, TechniqueFn } from './types.js';

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
];

/** Search options (for tests and benchmarks). */
export interface ForcingOptions {
  /** Node expansions allowed per technique search (default {@link DEFAULT_BUDGET}). */
  budget?: number;
}

let cachedKey = '';
let cachedEngine: ChainEngine | null = null;

function boardKey(board: Readonly<Board>): string {
  return String.fromCharCode(...board.candidates);
}

/** The engine of a board: reused while the grader asks several techniques about the same state. */
function engineFor(board: Readonly<Board>): ChainEngine {
  const key = boardKey(board);
  if (cachedEngine === null || key !== cachedKey) {
    cachedEngine = new ChainEngine(board);
    cachedKey = key;
  }
  return cachedEngine;
}

/** Runs one technique on a board; exported for tests and the benchmark. */
export function findForcingStep(id: string, board: Readonly<Board>, options: ForcingOptions = {}): Step | null {
  const technique = TECHNIQUES.find((t) => t.id === id);
  if (!technique) throw new Error(`unknown forcing technique '${id}'`);
  const engine = engineFor(board);
  engine.budget = options.budget ?? DEFAULT_BUDGET;
  engine.effort = 0;
  engine.exhausted = false;
  const hint = searchHints(engine, technique);
  const truncated = engine.exhausted;
  if (truncated) {
    // Truncated runs must not be reused by the next technique.
    cachedEngine = null;
    cachedKey = '';
  }
  if (!hint) {
    if (!truncated) return null;
    return {
      technique: technique.id,
      difficulty: technique.base,
      placements: [],
      eliminations: [],
      pattern: { cells: [], digits: [], units: [] },
      truncated: true,
    };
  }
  const step = toStep(technique, hint, board);
  if (truncated) step.truncated = true;
  return step;
}

function toStep(technique: ForcingTechnique, hint: ChainHint, board: Readonly<Board>): Step {
  const placements = hint.on ? [{ cell: hint.cell, digit: hint.digit }] : [];
  const eliminations = hint.on ? [] : [{ cell: hint.cell, digit: hint.digit }];
  const cells = [hint.sourceCell];
  if (hint.cell !== hint.sourceCell) cells.push(hint.cell);
  const digits = hint.sourceDigit > 0 && hint.sourceDigit !== hint.digit ? [hint.sourceDigit, hint.digit] : [hint.digit];
  void board;
  return {
    technique: technique.id,
    difficulty: chainDifficulty(technique.base, hint.complexity),
    placements,
    eliminations,
    pattern: { cells, digits, units: hint.sourceUnit >= 0 ? [hint.sourceUnit] : [] },
    chains: hint.chains.map((chain) => chainData(chain.run, chain.node)),
  };
}

/** A run's derivation of one node (or of its contradiction, node -1) as ChainData, parents first. */
export function chainData(run: Run, node: number): ChainData {
  const members = ancestors(run, node);
  const conflictNode = node === -1 ? run.conflictNode : -2;
  // Stored nodes by insertion order; the derived conflict node (not stored) goes last.
  const stored = members.filter((n, i) => !(n === conflictNode && i === 0));
  stored.sort((a, b) => run.seq[a]! - run.seq[b]!);
  const order = node === -1 ? [...stored, run.conflictNode] : stored;
  const index = new Map<number, number>();
  order.forEach((n, i) => {
    if (i < stored.length || !index.has(n)) index.set(n, i);
  });
  const nodes: ChainNode[] = order.map((n, i) => {
    const isConflict = node === -1 && i === order.length - 1;
    const parentIds = isConflict ? conflictParents(run) : run.parentsOf(n);
    const cell = nodeCell(n);
    const out: ChainNode = { cell, digit: nodeDigit(n), on: nodeIsOn(n), parents: parentIds.map((p) => index.get(p) ?? 0) };
    const cause = isConflict ? undefined : run.causes?.get(n);
    const proof = isConflict ? undefined : run.nested?.get(n);
    if (parentIds.length > 0 && cause === undefined) out.unit = linkUnit(nodeCell(parentIds[0]!), cell);
    if (proof?.hint) out.proof = proof.hint.chains.map((chain) => chainData(chain.run, chain.node));
    return out;
  });
  return { nodes };
}

function conflictParents(run: Run): number[] {
  const out: number[] = [];
  for (let i = 0; i < run.conflictCount; i++) out.push(run.pool[run.conflictStart + i]!);
  return out;
}

/** The unit linking a parent cell to a child cell (box first, as SE), or -1 for the same cell. */
function linkUnit(from: number, to: number): number {
  if (from === to) return -1;
  if (BOX_OF[from] === BOX_OF[to]) return 18 + BOX_OF[to]!;
  if (ROW_OF[from] === ROW_OF[to]) return ROW_OF[to]!;
  return 9 + COL_OF[to]!;
}

function techniqueFn(id: string): TechniqueFn {
  return (board) => findForcingStep(id, board);
}

/** Techniques of this family, in ladder order. */
export const FORCING_TECHNIQUES: TechniqueDef[] = TECHNIQUES.map((t) => ({
  id: t.id,
  name: t.name,
  family: 'forcing',
  difficulty: t.base,
  maxDifficulty: t.base + t.maxAdded,
  uniqueness: false,
  find: techniqueFn(t.id),
}));
