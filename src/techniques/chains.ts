import { CHAIN_KIND, findChainStep } from './chains/search.js';
import { techniqueDef } from './define.js';
import { chainDifficulty } from './forcing/length.js';
import type { TechniqueDef, TechniqueFn } from './types.js';

export { chainLengthIncrement } from './chains/length.js';

/**
 * Bidirectional cycles and forcing chains (Sudoku Explainer's "Forcing Chains & Cycles" rule),
 * rated base + length increment; see `chains/search.ts`. SE runs them as one producer and takes
 * the easiest of all their hints: `findChainStep(board)` (all kinds) does exactly that in one
 * search; each definition below finds the easiest step of its own kind.
 *
 * SE has no forcing Y-chain: its Y-mode search finds cycles only, and a forcing chain made of
 * bivalue cells (an XY-chain) is one of its XY-mode "forcing chains", rated 7.0 + length.
 */
function def(id: string, name: string, kind: number, difficulty: number, longest: number): TechniqueDef {
  const find: TechniqueFn = (board, context) => findChainStep(board, { kinds: kind, ...(context.geometry ? { geometry: context.geometry } : {}) });
  return techniqueDef('chains', id, name, difficulty, find, chainDifficulty(difficulty, longest));
}

/** Techniques of this family, in ladder order. */
export const CHAIN_TECHNIQUES: TechniqueDef[] = [
  // A one-digit chain has at most 2 nodes per cell; an XY one at most 2 per candidate.
  def('x-cycle', 'Bidirectional X-cycle', CHAIN_KIND.xCycle, 6.5, 162),
  def('y-cycle', 'Bidirectional Y-cycle', CHAIN_KIND.yCycle, 6.5, 324),
  def('forcing-x-chain', 'Forcing X-chain', CHAIN_KIND.forcingXChain, 6.6, 162),
  def('xy-cycle', 'Bidirectional XY-cycle', CHAIN_KIND.xyCycle, 7.0, 1458),
  def('forcing-xy-chain', 'Forcing XY-chain', CHAIN_KIND.forcingXyChain, 7.0, 1458),
];
