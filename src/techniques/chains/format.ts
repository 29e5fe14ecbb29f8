import type { ChainData, ChainNode } from '../../core/step.js';
import { cellName } from '../../core/tables.js';

/**
 * A chain in alternating inference notation (Eureka), e.g.
 * `(4)r1c2 - (4)r1c7 = (4-7)r7c7 = (7)r7c1 - (4)r1c2`.
 *
 * Each node is a candidate; the link before a node assumed on is strong (`=`: "if the previous one
 * is off, this one is on"), before a node assumed off weak (`-`: "if the previous one is on, this
 * one is off"). Consecutive nodes in one cell share its name: `(4=7)r7c7`. A node with several
 * parents (dynamic chains) is reached along its first parent; the others follow it in brackets,
 * `[+ (3)r2c2]`, meaning "together with".
 */
export function formatChain(chain: Readonly<ChainData>): string {
  const nodes = chain.nodes;
  if (nodes.length === 0) return '';
  const path = mainPath(nodes);
  let text = '';
  let i = 0;
  while (i < path.length) {
    const first = nodes[path[i]!]!;
    if (i > 0) text += first.on ? ' = ' : ' - ';
    let digits = String(first.digit);
    let j = i + 1;
    while (j < path.length && nodes[path[j]!]!.cell === first.cell) {
      const node = nodes[path[j]!]!;
      digits += (node.on ? '=' : '-') + String(node.digit);
      j++;
    }
    text += `(${digits})${cellName(first.cell)}`;
    for (let k = i; k < j; k++) text += extraParents(nodes, path[k]!);
    i = j;
  }
  return text;
}

/**
 * A step's chains as lines: each chain on one line, the chains that prove one of its links
 * (nested forcing chains) on the lines under it, indented by `indent` per level. A proof that
 * removes several candidates of one chain (a cycle, a placement) is shown once under it.
 */
export function formatChainLines(chains: readonly ChainData[], indent = '  ', depth = 0): string[] {
  const lines: string[] = [];
  for (const chain of chains) {
    lines.push(indent.repeat(depth) + formatChain(chain));
    const shown = new Set<string>();
    for (const node of chain.nodes) {
      if (!node.proof || node.proof.length === 0) continue;
      const proof = formatChainLines(node.proof, indent, depth + 1);
      const key = proof.join('\n');
      if (shown.has(key)) continue;
      shown.add(key);
      lines.push(...proof);
    }
  }
  return lines;
}

/** `r1c2 = 4` for a node assumed on, `r1c2 <> 4` for one assumed off. */
export function formatChainNode(node: Readonly<ChainNode>): string {
  return `${cellName(node.cell)} ${node.on ? '=' : '<>'} ${node.digit}`;
}

function parentsOf(nodes: readonly ChainNode[], index: number): readonly number[] {
  return nodes[index]!.parents ?? (index > 0 ? [index - 1] : []);
}

/** Indices from the start to the last node, along first parents. */
function mainPath(nodes: readonly ChainNode[]): number[] {
  const path: number[] = [];
  let index = nodes.length - 1;
  const seen = new Set<number>();
  while (index >= 0 && !seen.has(index)) {
    seen.add(index);
    path.push(index);
    const parents = parentsOf(nodes, index);
    index = parents.length > 0 ? parents[0]! : -1;
  }
  return path.reverse();
}

function extraParents(nodes: readonly ChainNode[], index: number): string {
  const parents = parentsOf(nodes, index);
  if (parents.length <= 1) return '';
  const names = parents.slice(1).map((p) => {
    const node = nodes[p]!;
    return `${node.on ? '' : '~'}(${node.digit})${cellName(node.cell)}`;
  });
  return ` [+ ${names.join(', ')}]`;
}
