import type { ChainData, ChainNode } from '../../core/step.js';
import { BOX_OF, COL_OF, ROW_OF } from '../../core/tables.js';
import { type Run, nodeCell, nodeDigit, nodeIsOn } from './engine.js';
import type { HintChain } from './search.js';

/**
 * The chains of a hint as ChainData: one per assumption, ending on the target; a contradiction
 * gives two (the derivations of the node that would be both on and off).
 */
export function hintChains(chains: readonly HintChain[]): ChainData[] {
  const out: ChainData[] = [];
  for (const chain of chains) {
    if (chain.node === -1) {
      out.push(chainData(chain.run, chain.run.conflictNode, conflictParents(chain.run)));
      out.push(chainData(chain.run, chain.run.conflictOther, null));
    } else out.push(chainData(chain.run, chain.node, null));
  }
  return out;
}

/** One derivation, parents first, the target last; `ownParents` for a derived node not stored in the run. */
function chainData(run: Run, target: number, ownParents: number[] | null): ChainData {
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
    if (parentIds.length > 0 && cause === undefined) out.unit = linkUnit(nodeCell(parentIds[0]!), cell);
    if (proof?.frozen) out.proof = proof.frozen.map(thawChain);
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


/**
 * A chain copied out of a run in compact form (nested proofs: their runs are reused, and most
 * proofs are never shown). Nodes parents-first, the target last; parents as indices.
 */
export interface FrozenChain {
  nodes: Int16Array;
  parentStart: Uint16Array;
  parents: Uint16Array;
}

const FREEZE_STAMP = new Int32Array(1458);
const FREEZE_INDEX = new Int16Array(1458);
let freezeGen = 0;

/** The chains of a (static, nested) hint, frozen; see {@link hintChains}. */
export function freezeChains(chains: readonly HintChain[]): FrozenChain[] {
  const out: FrozenChain[] = [];
  for (const chain of chains) {
    if (chain.node === -1) {
      out.push(freezeChain(chain.run, chain.run.conflictNode, conflictParents(chain.run)));
      out.push(freezeChain(chain.run, chain.run.conflictOther, null));
    } else out.push(freezeChain(chain.run, chain.node, null));
  }
  return out;
}

function freezeChain(run: Run, target: number, ownParents: number[] | null): FrozenChain {
  const gen = ++freezeGen;
  const members: number[] = [];
  const stack: number[] = [];
  const push = (n: number): void => {
    if (FREEZE_STAMP[n] !== gen && !(ownParents !== null && n === target)) {
      FREEZE_STAMP[n] = gen;
      stack.push(n);
    }
  };
  if (ownParents) for (const p of ownParents) push(p);
  else {
    FREEZE_STAMP[target] = gen;
    for (let i = 0; i < run.parentCount[target]!; i++) push(run.pool[run.parentStart[target]! + i]!);
  }
  while (stack.length > 0) {
    const n = stack.pop()!;
    members.push(n);
    for (let i = 0; i < run.parentCount[n]!; i++) push(run.pool[run.parentStart[n]! + i]!);
  }
  members.sort((a, b) => run.seq[a]! - run.seq[b]!);
  members.push(target);
  const nodes = Int16Array.from(members);
  nodes.forEach((n, i) => (FREEZE_INDEX[n] = i));
  const parentStart = new Uint16Array(nodes.length + 1);
  let count = 0;
  for (let i = 0; i < nodes.length; i++) count += i === nodes.length - 1 && ownParents ? ownParents.length : run.parentCount[nodes[i]!]!;
  const parents = new Uint16Array(count);
  let at = 0;
  for (let i = 0; i < nodes.length; i++) {
    parentStart[i] = at;
    if (i === nodes.length - 1 && ownParents) for (const p of ownParents) parents[at++] = FREEZE_INDEX[p]!;
    else {
      const n = nodes[i]!;
      for (let k = 0; k < run.parentCount[n]!; k++) parents[at++] = FREEZE_INDEX[run.pool[run.parentStart[n]! + k]!]!;
    }
  }
  parentStart[nodes.length] = at;
  return { nodes, parentStart, parents };
}

/** A frozen chain as ChainData. */
export function thawChain(frozen: FrozenChain): ChainData {
  const nodes: ChainNode[] = [];
  for (let i = 0; i < frozen.nodes.length; i++) {
    const n = frozen.nodes[i]!;
    const parents = Array.from(frozen.parents.subarray(frozen.parentStart[i]!, frozen.parentStart[i + 1]!));
    const node: ChainNode = { cell: nodeCell(n), digit: nodeDigit(n), on: nodeIsOn(n), parents };
    if (parents.length > 0) node.unit = linkUnit(nodeCell(frozen.nodes[parents[0]!]!), node.cell);
    nodes.push(node);
  }
  return { nodes };
}
