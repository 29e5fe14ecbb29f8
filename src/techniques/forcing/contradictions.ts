import { POPCOUNT } from '../../core/tables.js';
import type { SeHouses } from './se-units.js';

/*
 * Which nodes of a grid statically imply their own negation (the roots of SE's static forcing
 * X/Y-chains inside nested chains), for all nodes at once, without the full static closures of
 * closure.ts (which the level-3 prefilter still uses).
 *
 * The static graph alternates: on(a) -> off(q) for every candidate q that a excludes (same cell, or
 * same digit in a house or a cage); off(q) -> on(b) only where q and b are *strongly linked*
 * (the two digits of a bivalue cell, the two places of a digit in a house). So every path
 * leaves an "off" node through a strong link, and only the few candidates that have a strong
 * link ("strong" candidates, S) matter inside a path:
 *
 *   T(q)  = the strong partners of q (classic: at most 4)      on(a) -> off(q) -> on(b), b in T(q)
 *   cl(b) = strong candidates reachable from on(b), b included  (closures over S only)
 *   U(q)  = union of cl(b) for b in T(q)                        (where off(q) leads)
 *
 *   off(p) reaches on(p)  <=>  p in U(p)
 *   on(p)  reaches off(p) <=>  U(q) holds a strong candidate excluded by p, for some q excluded by p
 *                              (on(p) reaches off(p) only through on(b) with b excluding p)
 *
 * The closures are bitsets over S (typically a quarter of the candidates), found with Tarjan's
 * algorithm over the graph b -> T(q) for q excluded by b, in one pass.
 */

const POTS = 729;
const WORDS = 23;

const S = {
  id: new Int16Array(POTS),
  /** Strong digits of each cell (with cell links). */
  strongCell: new Uint16Array(81),
  /** Cells where each digit is strong, three 27-bit words a digit: strongCells[digitIndex * 3 + w]. */
  strongCells: new Int32Array(27),
  pots: new Int16Array(POTS),
  partnerStart: new Int32Array(POTS + 1),
  partners: new Int16Array(POTS * 4),
  edgeStart: new Int32Array(POTS + 1),
  edges: new Int16Array(POTS * 128),
  /** Candidates one candidate excludes (excludedStrong). */
  excludedList: new Int16Array(32),
  index: new Int32Array(POTS),
  low: new Int32Array(POTS),
  onStack: new Uint8Array(POTS),
  stack: new Int16Array(POTS),
  callNode: new Int16Array(POTS),
  callEdge: new Int32Array(POTS),
  component: new Int16Array(POTS),
  merged: new Int32Array(POTS),
  closure: new Int32Array(POTS * WORDS),
  reach: new Int32Array(POTS * WORDS),
  excluded: new Int32Array(WORDS),
  /** Result: contradictory[node] = 1 when the node statically implies its negation. */
  contradictory: new Uint8Array(POTS * 2),
};

/**
 * Writes into `into` the strong candidates (pots) that (cell, digitIndex) excludes, each once: its
 * cell's, then its peers' (house- and cage-mates: the geometry's peer words), ascending; returns how many.
 */
function excludedStrong(h: SeHouses, cell: number, digitIndex: number, into: Int16Array): number {
  let n = 0;
  let others = S.strongCell[cell]! & ~(1 << digitIndex);
  while (others !== 0) {
    const low = others & -others;
    others ^= low;
    into[n++] = cell * 9 + 31 - Math.clz32(low);
  }
  const peerWords = h.geometry.peerWords;
  for (let w = 0; w < 3; w++) {
    let cells = peerWords[cell * 3 + w]! & S.strongCells[digitIndex * 3 + w]!;
    while (cells !== 0) {
      const low = cells & -cells;
      cells ^= low;
      into[n++] = (w * 27 + 31 - Math.clz32(low)) * 9 + digitIndex;
    }
  }
  return n;
}

/**
 * Marks, in the returned array (indexed by node = pot * 2 + on), every node of the grid whose
 * static consequences contain its negation: the same nodes as closure.ts's closureContradicts.
 * Without `cellLinks` the links inside a cell are left out (single-digit chains: SE's X mode).
 * The array is reused by the next call. Returns it with the work done (for the effort bound).
 */
export function staticContradictions(h: SeHouses, base: Uint16Array, basePos: Uint16Array, cellLinks = true): { contradictory: Uint8Array; effort: number } {
  const s = S;
  // Buffers for the geometry's number of houses (classic sizes unless a variant needs more).
  const perCell = h.maxHousesOfCell + 1;
  if (s.partners.length < POTS * perCell) s.partners = new Int16Array(POTS * perCell);
  const excludedMax = 8 + h.maxPeers;
  if (s.excludedList.length < excludedMax) s.excludedList = new Int16Array(excludedMax);
  if (s.edges.length < POTS * excludedMax * perCell) s.edges = new Int16Array(POTS * excludedMax * perCell);
  const EXCLUDED = s.excludedList;
  s.id.fill(-1);
  s.contradictory.fill(0);
  s.strongCell.fill(0);
  s.strongCells.fill(0);
  // Strong candidates and their partners.
  let count = 0;
  let partnerCount = 0;
  // The work is counted as closure.ts counts it (nodes and static links), so that the effort
  // bound means the same whichever of the two answers.
  let effort = 0;
  for (let cell = 0; cell < 81; cell++) {
    const mask = base[cell]!;
    if (mask === 0) continue;
    const bivalue = cellLinks && POPCOUNT[mask] === 2;
    let digits = mask;
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const digitIndex = 31 - Math.clz32(low);
      const start = partnerCount;
      if (bivalue) s.partners[partnerCount++] = cell * 9 + 31 - Math.clz32(mask & ~low);
      effort += POPCOUNT[mask]! + 1;
      for (let k = h.start[cell]!; k < h.start[cell + 1]!; k++) {
        const unit = h.house[k]!;
        const positions = basePos[unit * 9 + digitIndex]!;
        effort += POPCOUNT[positions]! - 1;
        if (POPCOUNT[positions] !== 2) continue;
        const otherPos = positions & ~(1 << h.index[k]!);
        s.partners[partnerCount++] = h.cells[unit * 9 + 31 - Math.clz32(otherPos)]! * 9 + digitIndex;
      }
      effort += partnerCount - start;
      if (partnerCount === start) continue;
      const pot = cell * 9 + digitIndex;
      s.id[pot] = count;
      s.pots[count] = pot;
      s.partnerStart[count] = start;
      count++;
      if (cellLinks) s.strongCell[cell] = s.strongCell[cell]! | low;
      const word = digitIndex * 3 + ((cell / 27) | 0);
      s.strongCells[word] = s.strongCells[word]! | (1 << (cell % 27));
    }
  }
  s.partnerStart[count] = partnerCount;
  if (count === 0) return { contradictory: s.contradictory, effort };
  const words = (count + 31) >> 5;
  // Graph over strong candidates: b -> T(q) for each strong q that b excludes.
  let edgeCount = 0;
  for (let b = 0; b < count; b++) {
    s.edgeStart[b] = edgeCount;
    const pot = s.pots[b]!;
    const n = excludedStrong(h, Math.floor(pot / 9), pot % 9, EXCLUDED);
    for (let i = 0; i < n; i++) {
      const q = s.id[EXCLUDED[i]!]!;
      for (let e = s.partnerStart[q]!; e < s.partnerStart[q + 1]!; e++) s.edges[edgeCount++] = s.id[s.partners[e]!]!;
    }
  }
  s.edgeStart[count] = edgeCount;
  // Iterative Tarjan; a component's closure is its members plus the closures it links to.
  s.index.fill(-1, 0, count);
  s.merged.fill(0, 0, count);
  let nextIndex = 0;
  let stackTop = 0;
  let components = 0;
  for (let start = 0; start < count; start++) {
    if (s.index[start] !== -1) continue;
    let depth = 0;
    s.callNode[0] = start;
    s.callEdge[0] = s.edgeStart[start]!;
    s.index[start] = s.low[start] = nextIndex++;
    s.stack[stackTop++] = start;
    s.onStack[start] = 1;
    while (depth >= 0) {
      const node = s.callNode[depth]!;
      const edge = s.callEdge[depth]!;
      if (edge < s.edgeStart[node + 1]!) {
        s.callEdge[depth] = edge + 1;
        const next = s.edges[edge]!;
        if (s.index[next] === -1) {
          s.index[next] = s.low[next] = nextIndex++;
          s.stack[stackTop++] = next;
          s.onStack[next] = 1;
          depth++;
          s.callNode[depth] = next;
          s.callEdge[depth] = s.edgeStart[next]!;
        } else if (s.onStack[next]) {
          if (s.index[next]! < s.low[node]!) s.low[node] = s.index[next]!;
        }
        continue;
      }
      if (s.low[node] === s.index[node]) {
        const comp = components++;
        const at = comp * WORDS;
        for (let w = 0; w < words; w++) s.closure[at + w] = 0;
        const first = stackTop;
        let member: number;
        do {
          member = s.stack[--stackTop]!;
          s.onStack[member] = 0;
          s.component[member] = comp;
          s.closure[at + (member >> 5)] = s.closure[at + (member >> 5)]! | (1 << (member & 31));
        } while (member !== node);
        for (let i = stackTop; i < first; i++) {
          const m = s.stack[i]!;
          for (let e = s.edgeStart[m]!; e < s.edgeStart[m + 1]!; e++) {
            const other = s.component[s.edges[e]!]!;
            if (other === comp || s.merged[other] === comp + 1) continue;
            s.merged[other] = comp + 1;
            const from = other * WORDS;
            for (let w = 0; w < words; w++) s.closure[at + w] = s.closure[at + w]! | s.closure[from + w]!;
          }
        }
      }
      depth--;
      if (depth >= 0) {
        const parent = s.callNode[depth]!;
        if (s.low[node]! < s.low[parent]!) s.low[parent] = s.low[node]!;
      }
    }
  }
  // U(q): where off(q) leads; then off(p) contradicts when p is in U(p).
  for (let q = 0; q < count; q++) {
    const at = q * WORDS;
    for (let w = 0; w < words; w++) s.reach[at + w] = 0;
    for (let e = s.partnerStart[q]!; e < s.partnerStart[q + 1]!; e++) {
      const from = s.component[s.id[s.partners[e]!]!]! * WORDS;
      for (let w = 0; w < words; w++) s.reach[at + w] = s.reach[at + w]! | s.closure[from + w]!;
    }
    if (s.reach[at + (q >> 5)]! & (1 << (q & 31))) s.contradictory[s.pots[q]! << 1] = 1;
  }
  // on(p) contradicts when some U(q), q excluded by p, holds a candidate excluded by p.
  const excluded = s.excluded;
  for (let cell = 0; cell < 81; cell++) {
    let digits = base[cell]!;
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const digitIndex = 31 - Math.clz32(low);
      const n = excludedStrong(h, cell, digitIndex, EXCLUDED);
      if (n === 0) continue;
      for (let w = 0; w < words; w++) excluded[w] = 0;
      for (let i = 0; i < n; i++) {
        const q = s.id[EXCLUDED[i]!]!;
        excluded[q >> 5] = excluded[q >> 5]! | (1 << (q & 31));
      }
      search: for (let i = 0; i < n; i++) {
        const at = s.id[EXCLUDED[i]!]! * WORDS;
        for (let w = 0; w < words; w++) {
          if ((s.reach[at + w]! & excluded[w]!) !== 0) {
            s.contradictory[((cell * 9 + digitIndex) << 1) | 1] = 1;
            break search;
          }
        }
      }
    }
  }
  return { contradictory: s.contradictory, effort };
}
