import { POPCOUNT } from '../../core/tables.js';
import type { SeHouses } from './se-units.js';

/** Nodes (candidate on / off); engine.ts's NODE_COUNT, repeated: engine.ts imports this module. */
const NODE_COUNT = 1458;
/** Words of a set of nodes. */
export const NODE_WORDS = 46;

/*
 * Static closures for nested chains: on a chain's working grid, every node's static consequences
 * (links of bivalue cells and bilocal units only, nothing removed along the way), for all nodes at
 * once. One pass of Tarjan's algorithm over the implication graph; a component's closure is a
 * bitset over component ids, built from the closures of the components it links to.
 */

/** Scratch of computeStaticClosures (one at a time: nested searches never nest further). */
const CLOSURES = {
  edgeStart: new Int32Array(NODE_COUNT + 1),
  /** Grown for geometries with more peers than classic's 20 (see findComponents). */
  edges: new Int16Array(NODE_COUNT * 32),
  index: new Int32Array(NODE_COUNT),
  low: new Int32Array(NODE_COUNT),
  onStack: new Uint8Array(NODE_COUNT),
  stack: new Int16Array(NODE_COUNT),
  callNode: new Int16Array(NODE_COUNT),
  callEdge: new Int32Array(NODE_COUNT),
  component: new Int16Array(NODE_COUNT),
  sink: new Uint8Array(NODE_COUNT),
  merged: new Int32Array(NODE_COUNT),
  bits: new Int32Array(NODE_COUNT * 46),
  /** Members of each component, grouped: members[memberStart[comp] .. memberStart[comp + 1]). */
  members: new Int16Array(NODE_COUNT),
  memberStart: new Int32Array(NODE_COUNT + 1),
  componentCount: 0,
  /** Closures as sets of nodes, per component (computeOnClosures). */
  nodeBits: new Int32Array(NODE_COUNT * NODE_WORDS),
};

/**
 * Static consequences of every node of a grid at once: after this, closuresMeet and
 * closureContradicts answer from the components each node's static links reach. Tarjan's algorithm finds the strongly connected components in
 * reverse topological order, so each component's closure is itself plus the closures of the
 * components it links to, all already known. Returns the work done (for the effort bound).
 */
export function computeStaticClosures(h: SeHouses, base: Uint16Array, basePos: Uint16Array): number {
  const c = CLOSURES;
  const effort = findComponents(h, base, basePos);
  const bits = c.bits;
  for (let comp = 0; comp < c.componentCount; comp++) {
    // Closures are bitsets over component ids: all a component reaches has a smaller id, so its
    // closure needs only the first (id >> 5) + 1 words.
    const at = comp * 46;
    for (let w = comp >> 5; w >= 0; w--) bits[at + w] = 0;
    bits[at + (comp >> 5)] = 1 << (comp & 31);
    let links = 0;
    for (let i = c.memberStart[comp]!; i < c.memberStart[comp + 1]!; i++) {
      const m = c.members[i]!;
      for (let e = c.edgeStart[m]!; e < c.edgeStart[m + 1]!; e++) {
        const other = c.component[c.edges[e]!]!;
        if (other === comp) continue;
        links++;
        if (c.sink[other]) {
          // A component leading nowhere (most "off" nodes): its closure is itself.
          bits[at + (other >> 5)] = bits[at + (other >> 5)]! | (1 << (other & 31));
          continue;
        }
        if (c.merged[other] === comp + 1) continue;
        c.merged[other] = comp + 1;
        const from = other * 46;
        const words = (other >> 5) + 1;
        for (let w = 0; w < words; w++) bits[at + w] = bits[at + w]! | bits[from + w]!;
      }
    }
    c.sink[comp] = links === 0 ? 1 : 0;
  }
  return effort;
}

/**
 * The static closures of a grid's "on" nodes as sets of nodes, kept apart from the scratch that the
 * next {@link computeStaticClosures} overwrites: node n is bit `bitOf[n]` of the first `words` words
 * at `into[(n >> 1) * NODE_WORDS]` (`bitOf` numbers the grid's nodes compactly; a node's negation
 * must be its bit ^ 1). Also says whether the grid has a node whose closure holds its negation.
 * Returns that, with the work done.
 */
export function computeOnClosures(
  h: SeHouses,
  base: Uint16Array,
  basePos: Uint16Array,
  bitOf: Int16Array,
  words: number,
  into: Int32Array,
): { contradiction: boolean; effort: number } {
  const c = CLOSURES;
  const effort = findComponents(h, base, basePos);
  const bits = c.nodeBits;
  let contradiction = false;
  for (let comp = 0; comp < c.componentCount; comp++) {
    const at = comp * NODE_WORDS;
    bits.fill(0, at, at + words);
    let links = 0;
    for (let i = c.memberStart[comp]!; i < c.memberStart[comp + 1]!; i++) {
      const bit = bitOf[c.members[i]!]!;
      bits[at + (bit >> 5)] = bits[at + (bit >> 5)]! | (1 << (bit & 31));
      const m = c.members[i]!;
      for (let e = c.edgeStart[m]!; e < c.edgeStart[m + 1]!; e++) {
        const next = c.edges[e]!;
        const other = c.component[next]!;
        if (other === comp) continue;
        links++;
        if (c.sink[other]) {
          // A single node leading nowhere (most "off" nodes).
          const nextBit = bitOf[next]!;
          bits[at + (nextBit >> 5)] = bits[at + (nextBit >> 5)]! | (1 << (nextBit & 31));
          continue;
        }
        if (c.merged[other] === comp + 1) continue;
        c.merged[other] = comp + 1;
        const from = other * NODE_WORDS;
        for (let w = 0; w < words; w++) bits[at + w] = bits[at + w]! | bits[from + w]!;
      }
    }
    c.sink[comp] = links === 0 && c.memberStart[comp + 1]! - c.memberStart[comp]! === 1 ? 1 : 0;
    for (let i = c.memberStart[comp]!; i < c.memberStart[comp + 1]!; i++) {
      const negation = bitOf[c.members[i]!]! ^ 1;
      if (bits[at + (negation >> 5)]! & (1 << (negation & 31))) contradiction = true;
    }
  }
  for (let pot = 0; pot < 729; pot++) {
    if ((base[Math.floor(pot / 9)]! & (1 << (pot % 9))) === 0) continue;
    const from = c.component[(pot << 1) | 1]! * NODE_WORDS;
    const at = pot * NODE_WORDS;
    for (let w = 0; w < words; w++) into[at + w] = bits[from + w]!;
  }
  return { contradiction, effort };
}

/**
 * Tarjan's algorithm over the static links of a grid's nodes: fills `component` (ids in reverse
 * topological order: whatever a component links to has a smaller id) and the members of each
 * component. Returns the work done: nodes and links.
 */
function findComponents(h: SeHouses, base: Uint16Array, basePos: Uint16Array): number {
  const c = CLOSURES;
  let effort = 0;
  // An "on" node links to its cell's other digits and its houses' other places (repeats included),
  // then its cage-mates; an "off" node to at most one node per house and one in its cell.
  const perNode = 8 + 8 * h.maxHousesOfCell + (h.cageStart[81]! > 0 ? h.maxPeers : 0);
  if (c.edges.length < NODE_COUNT * perNode) c.edges = new Int16Array(NODE_COUNT * perNode);
  const { start: houseStart, house: houseOf, index: houseIndex, cells: houseCells, cageStart, cageMates } = h;
  // Successors of every node, in CSR form.
  let edgeCount = 0;
  for (let node = 0; node < NODE_COUNT; node++) {
    c.edgeStart[node] = edgeCount;
    const pot = node >> 1;
    const cell = Math.floor(pot / 9);
    const digitIndex = pot % 9;
    if ((base[cell]! & (1 << digitIndex)) === 0) continue;
    if (node & 1) {
      let others = base[cell]! & ~(1 << digitIndex);
      while (others !== 0) {
        const low = others & -others;
        others ^= low;
        c.edges[edgeCount++] = (cell * 9 + 31 - Math.clz32(low)) << 1;
      }
      for (let k = houseStart[cell]!; k < houseStart[cell + 1]!; k++) {
        const unit = houseOf[k]!;
        let positions = basePos[unit * 9 + digitIndex]! & ~(1 << houseIndex[k]!);
        while (positions !== 0) {
          const low = positions & -positions;
          positions ^= low;
          c.edges[edgeCount++] = (houseCells[unit * 9 + 31 - Math.clz32(low)]! * 9 + digitIndex) << 1;
        }
      }
      for (let k = cageStart[cell]!; k < cageStart[cell + 1]!; k++) {
        const other = cageMates[k]!;
        if (base[other]! & (1 << digitIndex)) c.edges[edgeCount++] = (other * 9 + digitIndex) << 1;
      }
    } else {
      if (POPCOUNT[base[cell]!] === 2) c.edges[edgeCount++] = ((cell * 9 + 31 - Math.clz32(base[cell]! & ~(1 << digitIndex))) << 1) | 1;
      for (let k = houseStart[cell]!; k < houseStart[cell + 1]!; k++) {
        const unit = houseOf[k]!;
        const positions = basePos[unit * 9 + digitIndex]!;
        if (POPCOUNT[positions] !== 2) continue;
        const otherPos = positions & ~(1 << houseIndex[k]!);
        c.edges[edgeCount++] = ((houseCells[unit * 9 + 31 - Math.clz32(otherPos)]! * 9 + digitIndex) << 1) | 1;
      }
    }
  }
  c.edgeStart[NODE_COUNT] = edgeCount;
  effort += edgeCount;
  // Iterative Tarjan.
  c.index.fill(-1);
  c.merged.fill(0);
  let nextIndex = 0;
  let stackTop = 0;
  let components = 0;
  let memberCount = 0;
  for (let start = 0; start < NODE_COUNT; start++) {
    if (c.index[start] !== -1 || (base[Math.floor((start >> 1) / 9)]! & (1 << ((start >> 1) % 9))) === 0) continue;
    let depth = 0;
    c.callNode[0] = start;
    c.callEdge[0] = c.edgeStart[start]!;
    c.index[start] = c.low[start] = nextIndex++;
    c.stack[stackTop++] = start;
    c.onStack[start] = 1;
    while (depth >= 0) {
      const node = c.callNode[depth]!;
      const edge = c.callEdge[depth]!;
      if (edge < c.edgeStart[node + 1]!) {
        c.callEdge[depth] = edge + 1;
        const next = c.edges[edge]!;
        if (c.index[next] === -1) {
          c.index[next] = c.low[next] = nextIndex++;
          c.stack[stackTop++] = next;
          c.onStack[next] = 1;
          depth++;
          c.callNode[depth] = next;
          c.callEdge[depth] = c.edgeStart[next]!;
        } else if (c.onStack[next]) {
          if (c.index[next]! < c.low[node]!) c.low[node] = c.index[next]!;
        }
        continue;
      }
      if (c.low[node] === c.index[node]) {
        // Pop the component.
        const comp = components++;
        c.memberStart[comp] = memberCount;
        let member: number;
        do {
          member = c.stack[--stackTop]!;
          c.onStack[member] = 0;
          c.component[member] = comp;
          c.members[memberCount++] = member;
        } while (member !== node);
        effort += memberCount - c.memberStart[comp]!;
      }
      depth--;
      if (depth >= 0) {
        const parent = c.callNode[depth]!;
        if (c.low[node]! < c.low[parent]!) c.low[parent] = c.low[node]!;
      }
    }
  }
  c.componentCount = components;
  c.memberStart[components] = memberCount;
  return effort;
}

/**
 * Whether a node's static closure holds some node and its negation. The static links are closed
 * under contraposition (a -> b gives not b -> not a), so that happens exactly when the node
 * reaches its own negation.
 */
export function closureContradicts(node: number): boolean {
  const comp = CLOSURES.component[node]!;
  const negation = CLOSURES.component[node ^ 1]!;
  if (negation > comp) return false;
  return (CLOSURES.bits[comp * 46 + (negation >> 5)]! & (1 << (negation & 31))) !== 0;
}

/**
 * Whether the static closures of some nodes (from the last {@link computeStaticClosures}) have a
 * component in common: `nodes[0..count)`. Allocates nothing.
 */
export function closuresMeet(nodes: Int16Array, count: number): boolean {
  const { component, bits } = CLOSURES;
  if (count === 0) return true;
  let words = 46;
  for (let i = 0; i < count; i++) {
    const comp = component[nodes[i]!]!;
    MEET_AT[i] = comp * 46;
    words = Math.min(words, (comp >> 5) + 1);
  }
  for (let w = 0; w < words; w++) {
    let common = bits[MEET_AT[0]! + w]!;
    for (let i = 1; i < count && common !== 0; i++) common &= bits[MEET_AT[i]! + w]!;
    if (common !== 0) return true;
  }
  return false;
}

const MEET_AT = new Int32Array(9);
