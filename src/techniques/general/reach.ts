import type { Board } from '../../core/board.js';
import type { GeneralScan } from './places.js';

/*
 * Which candidates can start a forcing X/XY-chain or a bidirectional cycle at all, whatever its
 * length: a prefilter for chains.ts and cycles.ts, whose breadth-first searches from every
 * candidate find nothing for nearly all of them (on a Samurai's path, 99 of 100). The answers are
 * exact for "no": a candidate it rejects has no chain or cycle of any length, so the searches it
 * skips would have found nothing and the step found is the same.
 *
 * The static graph of a mode alternates: on(a) -> off(q) for each candidate q that a excludes (the
 * digit in a's peers; XY, Y: a's cell's other digits); off(q) -> on(b) only where q and b are
 * strongly linked (the two places of a digit in a house; Y, XY: the two digits of a bivalue cell).
 * An "off" node without a strong link is a dead end, so only the candidates with one ("strong",
 * S) carry paths:
 *
 *   T(q)   the strong partners of q             on(a) -> off(q) -> on(b) for b in T(q)
 *   a => b b in T(q) for some q that a excludes  (the graph over S; its SCCs by Tarjan)
 *   cl(b)  the candidates of S that b reaches, b included (bitsets, per component)
 *
 *   off(p) reaches on(p)  <=>  p in cl(b) for some b in T(p)
 *   on(p)  reaches off(p) <=>  some x of cl(b), b in T(q), q excluded by p, excludes p
 *   a cycle through on(p) of 4 nodes or more  =>  p's component holds another candidate
 *
 * Candidates are pots (cell * size + digit - 1). Buffers grow to the largest board seen.
 */

const MODE_X = 0;
const MODE_Y = 1;

/** What the filter of one board and mode answers (valid until the next {@link buildReach}). */
export interface Reach {
  /** "pot off" leads to "pot on" (a forcing chain placing it). */
  offChain(pot: number): boolean;
  /** "pot on" leads to "pot off" (a forcing chain removing it). */
  onChain(pot: number): boolean;
  /** A cycle can pass through "pot on". */
  cycle(pot: number): boolean;
}

let sIndex = new Int32Array(0);
let sPots = new Int32Array(0);
let partnerStart = new Int32Array(0);
let partners = new Int32Array(0);
let edgeStart = new Int32Array(0);
let edges = new Int32Array(0);
let tIndex = new Int32Array(0);
let low = new Int32Array(0);
let onStack = new Uint8Array(0);
let stack = new Int32Array(0);
let callNode = new Int32Array(0);
let callEdge = new Int32Array(0);
let component = new Int32Array(0);
let componentSize = new Int32Array(0);
let closure = new Int32Array(0);
let seenComponent = new Int32Array(0);
let seenStamp = 0;
let words = 0;

function grow(pots: number): void {
  if (sIndex.length >= pots) return;
  sIndex = new Int32Array(pots);
  sPots = new Int32Array(pots);
  partnerStart = new Int32Array(pots + 1);
  tIndex = new Int32Array(pots);
  low = new Int32Array(pots);
  onStack = new Uint8Array(pots);
  stack = new Int32Array(pots);
  callNode = new Int32Array(pots);
  callEdge = new Int32Array(pots);
  component = new Int32Array(pots);
  componentSize = new Int32Array(pots);
  seenComponent = new Int32Array(pots);
  edgeStart = new Int32Array(pots + 1);
  seenStamp = 0;
}

/** `array`'s entries in an array twice as long (at least `least`). */
function grown(array: Int32Array<ArrayBuffer>, least: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(least, array.length * 2));
  bigger.set(array);
  return bigger;
}

function pushPartner(at: number, pot: number): number {
  if (at >= partners.length) partners = grown(partners, 1024);
  partners[at] = pot;
  return at + 1;
}

function pushEdge(at: number, target: number): number {
  if (at >= edges.length) edges = grown(edges, 4096);
  edges[at] = target;
  return at + 1;
}

let board: Readonly<Board> = { values: new Uint8Array(0), candidates: new Uint16Array(0) };
let scanOf: GeneralScan | null = null;
let cellLinks = false;

/**
 * Calls `visit` for each candidate of S that "pot on" excludes (its digit in the peers; with cell
 * links, its cell's other digits), as strong indexes; stops when `visit` returns true.
 */
function someExcluded(pot: number, visit: (s: number) => boolean): boolean {
  const { size, peers, peerStart } = scanOf!.shape;
  const cell = (pot / size) | 0;
  const d = pot - cell * size;
  const bit = 1 << d;
  if (cellLinks) {
    for (let m = board.candidates[cell]! & ~bit; m !== 0; m &= m - 1) {
      const s = sIndex[cell * size + 31 - Math.clz32(m & -m)]!;
      if (s >= 0 && visit(s)) return true;
    }
  }
  for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
    const peer = peers[i]!;
    if ((board.candidates[peer]! & bit) === 0) continue;
    const s = sIndex[peer * size + d]!;
    if (s >= 0 && visit(s)) return true;
  }
  return false;
}

let edgeCount = 0;
let edgeFrom = 0;
const addEdges = (q: number): boolean => {
  for (let k = partnerStart[q]!, end = partnerStart[q + 1]!; k < end; k++) {
    const b = partners[k]!;
    if (b !== edgeFrom) edgeCount = pushEdge(edgeCount, b);
  }
  return false;
};

/** Builds the filter of a board for a mode (0 X, 1 Y, 2 XY of cycles.ts). */
export function buildReach(theBoard: Readonly<Board>, scan: GeneralScan, mode: number): Reach {
  board = theBoard;
  scanOf = scan;
  cellLinks = mode !== MODE_X;
  const useConjugate = mode !== MODE_Y;
  const { size, cellCount, houseCells, cellHouses, cellHouseStart } = scan.shape;
  const potCount = cellCount * size;
  grow(potCount);
  const cand = board.candidates;

  // S and its partners (strong indexes), in pot order.
  let sCount = 0;
  sIndex.fill(-1, 0, potCount);
  for (let cell = 0; cell < cellCount; cell++) {
    const mask = cand[cell]!;
    if (mask === 0 || (mask & (mask - 1)) === 0) continue;
    const bivalue = popcount2(mask);
    for (let m = mask; m !== 0; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      let strong = cellLinks && bivalue;
      if (!strong && useConjugate) {
        for (let k = cellHouseStart[cell]!, end = cellHouseStart[cell + 1]!; k < end; k++) {
          if (popcount2(scan.places[cellHouses[k]! * size + d]!)) {
            strong = true;
            break;
          }
        }
      }
      if (!strong) continue;
      sIndex[cell * size + d] = sCount;
      sPots[sCount++] = cell * size + d;
    }
  }
  let partnerCount = 0;
  for (let s = 0; s < sCount; s++) {
    partnerStart[s] = partnerCount;
    const pot = sPots[s]!;
    const cell = (pot / size) | 0;
    const d = pot - cell * size;
    const mask = cand[cell]!;
    if (cellLinks && popcount2(mask)) partnerCount = pushPartner(partnerCount, sIndex[cell * size + 31 - Math.clz32(mask & ~(1 << d))]!);
    if (!useConjugate) continue;
    for (let k = cellHouseStart[cell]!, end = cellHouseStart[cell + 1]!; k < end; k++) {
      const house = cellHouses[k]!;
      const places = scan.places[house * size + d]!;
      if (!popcount2(places)) continue;
      for (let p = places; p !== 0; p &= p - 1) {
        const mate = houseCells[house * size + 31 - Math.clz32(p & -p)]!;
        if (mate !== cell) partnerCount = pushPartner(partnerCount, sIndex[mate * size + d]!);
      }
    }
  }
  partnerStart[sCount] = partnerCount;

  // The graph over S: b => the partners of what b excludes.
  edgeCount = 0;
  for (let s = 0; s < sCount; s++) {
    edgeStart[s] = edgeCount;
    edgeFrom = s;
    someExcluded(sPots[s]!, addEdges);
  }
  edgeStart[sCount] = edgeCount;

  const componentCount = tarjan(sCount);
  words = (sCount + 31) >>> 5;
  if (closure.length < componentCount * words) closure = new Int32Array(Math.max(componentCount * words, closure.length * 2));
  closure.fill(0, 0, componentCount * words);
  // Tarjan numbers components sinks first: a component's successors are done before it.
  for (let s = 0; s < sCount; s++) closure[component[s]! * words + (s >>> 5)]! |= 1 << (s & 31);
  for (let c = 0; c < componentCount; c++) {
    const base = c * words;
    for (let k = componentStart[c]!, end = componentStart[c + 1]!; k < end; k++) {
      const s = componentMembers[k]!;
      for (let e = edgeStart[s]!, last = edgeStart[s + 1]!; e < last; e++) {
        const other = component[edges[e]!]!;
        if (other === c) continue;
        const from = other * words;
        for (let w = 0; w < words; w++) closure[base + w]! |= closure[from + w]!;
      }
    }
  }
  return REACH;
}

/** Whether a mask has exactly two bits. */
function popcount2(mask: number): boolean {
  const rest = mask & (mask - 1);
  return rest !== 0 && (rest & (rest - 1)) === 0;
}

let componentStart = new Int32Array(0);
let componentMembers = new Int32Array(0);

/** Iterative Tarjan over S: component[s], numbered in completion order (sinks first); returns the count. */
function tarjan(n: number): number {
  if (componentStart.length < n + 1) {
    componentStart = new Int32Array(n + 1);
    componentMembers = new Int32Array(n);
  }
  tIndex.fill(-1, 0, n);
  onStack.fill(0, 0, n);
  let index = 0;
  let top = 0;
  let components = 0;
  let memberCount = 0;
  for (let root = 0; root < n; root++) {
    if (tIndex[root]! >= 0) continue;
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = edgeStart[root]!;
    tIndex[root] = low[root] = index++;
    stack[top++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callNode[depth]!;
      const e = callEdge[depth]!;
      if (e < edgeStart[v + 1]!) {
        callEdge[depth] = e + 1;
        const w = edges[e]!;
        if (tIndex[w]! < 0) {
          tIndex[w] = low[w] = index++;
          stack[top++] = w;
          onStack[w] = 1;
          depth++;
          callNode[depth] = w;
          callEdge[depth] = edgeStart[w]!;
        } else if (onStack[w] === 1 && tIndex[w]! < low[v]!) {
          low[v] = tIndex[w]!;
        }
        continue;
      }
      if (low[v] === tIndex[v]) {
        componentStart[components] = memberCount;
        let size = 0;
        for (;;) {
          const w = stack[--top]!;
          onStack[w] = 0;
          component[w] = components;
          componentMembers[memberCount++] = w;
          size++;
          if (w === v) break;
        }
        componentSize[components] = size;
        components++;
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
    }
  }
  componentStart[components] = memberCount;
  return components;
}

function has(componentIndex: number, s: number): boolean {
  return (closure[componentIndex * words + (s >>> 5)]! & (1 << (s & 31))) !== 0;
}

let partnerOf = 0;
/** Some candidate excluded by the target (in S) lies in the closure of `partnerOf`'s component. */
const inClosure = (x: number): boolean => has(partnerOf, x);
let excluder = 0;
/** For q excluded by p: some partner b of q (a component not seen yet) whose closure holds a candidate excluding p. */
const viaPartners = (q: number): boolean => {
  for (let k = partnerStart[q]!, end = partnerStart[q + 1]!; k < end; k++) {
    const c = component[partners[k]!]!;
    if (seenComponent[c] === seenStamp) continue;
    seenComponent[c] = seenStamp;
    partnerOf = c;
    if (someExcluded(excluder, inClosure)) return true;
  }
  return false;
};

const REACH: Reach = {
  offChain(pot) {
    const s = sIndex[pot]!;
    if (s < 0) return false;
    for (let k = partnerStart[s]!, end = partnerStart[s + 1]!; k < end; k++) if (has(component[partners[k]!]!, s)) return true;
    return false;
  },
  onChain(pot) {
    excluder = pot;
    if (++seenStamp >= 0x7ffffff0) {
      seenComponent.fill(0);
      seenStamp = 1;
    }
    return someExcluded(pot, viaPartners);
  },
  cycle(pot) {
    const s = sIndex[pot]!;
    return s >= 0 && componentSize[component[s]!]! > 1;
  },
};
