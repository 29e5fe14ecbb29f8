import type { ChainData, ChainNode } from '../../core/step.js';
import { type Run, nodeCell, nodeDigit, nodeIsOn } from './engine.js';
import { nestedProofChains } from './nested.js';
import type { HintChain } from './search.js';
import { type SeHouses, linkUnit } from './se-units.js';

/**
 * The chains of a hint as ChainData: one per assumption, ending on the target; a contradiction
 * gives two (the derivations of the node that would be both on and off). `houses`: the engine's.
 */
export function hintChains(chains: readonly HintChain[], base: Uint16Array, houses: SeHouses): ChainData[] {
  const out: ChainData[] = [];
  for (const chain of chains) {
    if (chain.node === -1) {
      out.push(chainData(chain.run, chain.run.conflictNode, conflictParents(chain.run), base, houses));
      out.push(chainData(chain.run, chain.run.conflictOther, null, base, houses));
    } else out.push(chainData(chain.run, chain.node, null, base, houses));
  }
  return out;
}

/**
 * One derivation, parents first, the target last; `ownParents` for a derived node not stored in the
 * run; `base` is the grid the run started from (nested proofs are found again on it).
 */
function chainData(run: Run, target: number, ownParents: number[] | null, base: Uint16Array, houses: SeHouses): ChainData {
  const members = new Set<number>();
  const stack = [...(ownParents ?? run.parentsOf(target))];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (members.has(n) || (ownParents !== null && n === target)) continue;
    members.add(n);
    stack.push(...run.parentsOf(n));
  }
  if (ownParents === null) members.delete(target);
  const order = [...members].sort((a, b) => run.seq[a]! - run.seq[b]!);
  order.push(target);
  const index = new Map<number, number>();
  order.forEach((n, i) => index.set(n, i));
  const nodes: ChainNode[] = order.map((n, i) => {
    const last = i === order.length - 1;
    const parentIds = last && ownParents !== null ? ownParents : run.parentsOf(n);
    const cell = nodeCell(n);
    const out: ChainNode = { cell, digit: nodeDigit(n), on: nodeIsOn(n), parents: parentIds.map((p) => index.get(p) ?? 0) };
    const derived = last && ownParents !== null;
    const cause = derived ? undefined : run.causes?.get(n);
    const proof = derived ? undefined : run.nested?.get(n);
    if (parentIds.length > 0 && cause === undefined) {
      const unit = linkUnit(houses, nodeCell(parentIds[0]!), cell);
      if (unit !== undefined) out.unit = unit;
    }
    if (proof) out.proof = nestedProofChains(proof, run, base, houses);
    return out;
  });
  return { nodes };
}

function conflictParents(run: Run): number[] {
  const out: number[] = [];
  for (let i = 0; i < run.conflictCount; i++) out.push(run.pool[run.conflictStart + i]!);
  return out;
}



