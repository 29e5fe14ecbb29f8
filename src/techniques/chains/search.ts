import type { Board } from '../../core/board.js';
import type { ChainNode, Step } from '../../core/step.js';
import type { Geometry } from '../../core/geometry.js';
import { POPCOUNT } from '../../core/tables.js';
import { STRONG_CELL, STRONG_UNIT, buildChainGraph, leadingLinks, type ChainGraph } from './graph.js';
import { type SeHouses, linkUnit, seHousesOf } from '../forcing/se-units.js';
import { roundDifficulty, seChainDifficulty } from './length.js';
import { staticContradictions } from '../forcing/contradictions.js';
import { variantTechniques } from '../variant-link.js';

/**
 * Bidirectional cycles and forcing chains, as Sudoku Explainer's "Forcing Chains & Cycles" rule
 * finds and rates them.
 *
 * SE searches three link modes, each a breadth-first search from every candidate of every cell
 * with two or more candidates:
 *
 *   mode  "on -> off" (weak)        "off -> on" (strong)       cycles          forcing chains
 *   X     same digit in a unit      conjugate pair in a unit   6.5 X-cycle     6.6 X-chain
 *   Y     + other digits of cell    bivalue cell only          6.5 Y-cycle     (none: SE runs none)
 *   XY    + other digits of cell    bivalue cell or conjugate  7.0 cycle       7.0 XY-chain
 *
 * (Y-mode sources are bivalue cells only.) A rating is the base plus the length increment of
 * `length.ts`, where the length is the number of nodes. SE keeps the hint with the lowest
 * difficulty (its floating-point value), then the shortest, then the first found in the order
 * X, Y, XY mode, cell, digit, cycles before chains, "on" before "off" assumption. This module
 * does the same, but stops every search as soon as it can no longer beat the best hint so far.
 *
 * Cycles follow SE's `doCycles` exactly: "on" nodes are visited once, "off" nodes once per parent
 * (skipping the parent's own ancestors), and every return to the start after 4 or more nodes is a
 * cycle; it eliminates a digit from every cell outside the cycle that sees a node with that digit
 * assumed on and one assumed off. A cycle that eliminates nothing is passed over.
 * Forcing chains follow `doForcingChains`: from "X on", the shortest path to "X off" (X is
 * eliminated); from "X off", to "X on" (X is placed).
 */

/** Kinds of chain step, as bits for the `kinds` filter. */
export const CHAIN_KIND = {
  xCycle: 1,
  yCycle: 2,
  forcingXChain: 4,
  xyCycle: 8,
  forcingXyChain: 16,
} as const;

export const ALL_CHAIN_KINDS = 31;

/** Technique id of each kind bit. */
export const CHAIN_KIND_IDS: Readonly<Record<number, string>> = {
  1: 'x-cycle',
  2: 'y-cycle',
  4: 'forcing-x-chain',
  8: 'xy-cycle',
  16: 'forcing-xy-chain',
};

const MODE_X = 0;
const MODE_Y = 1;
const MODE_XY = 2;
const CYCLE_KIND = [CHAIN_KIND.xCycle, CHAIN_KIND.yCycle, CHAIN_KIND.xyCycle];
const FORCING_KIND = [CHAIN_KIND.forcingXChain, 0, CHAIN_KIND.forcingXyChain];
const CYCLE_BASE = [6.5, 6.5, 7.0];
const FORCING_BASE = [6.6, 0, 7.0];

/** Longer chains than this cannot exist (two nodes per candidate). */
const MAX_LENGTH = 729 * 2;

// Search buffers, shared by every call (a search runs to completion before the next starts).
const onSeen = new Int32Array(729);
const offSeen = new Int32Array(729);
const ancestor = new Int32Array(729);
let stamp = 0;
let ancestorStamp = 0;
/** Cycle search: the "off" node and the "on" node that led to each "on" node. */
const viaOff = new Int16Array(729);
const viaOn = new Int16Array(729);
/** Forcing search: the parent of each "on" node (an "off" node) and of each "off" node. */
const onParent = new Int16Array(729);
const offParent = new Int16Array(729);
const onQueue = new Int16Array(729);
/** Pending "off" nodes with their parents; a cycle search may hold one per (parent, child). */
const offQueue = new Int16Array(729 * 28);
const offQueueParent = new Int16Array(729 * 28);
/** Elimination marks of a cycle. */
const cellMark = new Int32Array(81);
const forwardMark = new Int32Array(729);
const resultMark = new Int32Array(729);
let markStamp = 0;
/** Nodes processed by the searches (the effort {@link listChainHints} reports). */
let visits = 0;

function nextStamp(): number {
  if (stamp >= 0x7ffffff0) {
    onSeen.fill(0);
    offSeen.fill(0);
    stamp = 0;
  }
  return ++stamp;
}

function nextMarkStamp(): number {
  if (markStamp >= 0x7ffffff0) {
    cellMark.fill(0);
    forwardMark.fill(0);
    resultMark.fill(0);
    markStamp = 0;
  }
  return ++markStamp;
}

function nextAncestorStamp(): number {
  if (ancestorStamp >= 0x7ffffff0) {
    ancestor.fill(0);
    ancestorStamp = 0;
  }
  return ++ancestorStamp;
}

/** The best hint so far. */
interface Found {
  kind: number;
  raw: number;
  length: number;
  /** Path as node ids with their states, from the assumption to the conclusion. */
  nodes: number[];
  on: boolean[];
  /** Eliminated candidates (node ids), or the placed node. */
  eliminations: number[];
  placement: number;
}

/** Longest length (even) whose chains would still beat `best` at this base, or 0. */
function maxLength(base: number, best: Found | null): number {
  if (best === null) return MAX_LENGTH;
  let length = 4;
  for (;;) {
    const raw = seChainDifficulty(base, length);
    if (raw > best.raw || (raw === best.raw && length >= best.length)) break;
    length += 2;
  }
  return length - 2 >= 4 ? length - 2 : 0;
}

/** The strong links each mode follows (ChainGraph.strong bits): X conjugates, Y bivalue cells, XY both. */
const MODE_STRONG = [STRONG_UNIT, STRONG_CELL, STRONG_CELL | STRONG_UNIT];

function hasStrongLink(g: ChainGraph, node: number, mode: number): boolean {
  return (g.strong[node]! & MODE_STRONG[mode]!) !== 0;
}

/**
 * SE's doCycles from "start on", up to `maxLen` nodes. Returns the first cycle that eliminates
 * something (its end: the "on" node `x` and the "off" node `y` that implies the start), or null;
 * with `each`, gives it every such cycle (as doCycles lists them) and returns null.
 */
function searchCycle(g: ChainGraph, start: number, mode: number, maxLen: number, out: number[], each?: (found: Found) => void): Found | null {
  const useCell = mode !== MODE_X;
  const useConjugate = mode !== MODE_Y;
  const cand = g.candidates;
  const strong = g.strong;
  const stride = g.stride;
  const leads = MODE_STRONG[mode]!;
  const s = nextStamp();
  onSeen[start] = s;
  viaOff[start] = -1;
  onQueue[0] = start;
  let onCount = 1;
  let offCount = 0;
  let length = 0;
  while (onCount > 0 || offCount > 0) {
    if (length + 2 > maxLen) return null;
    length++;
    visits += onCount + offCount;
    for (let i = 0; i < onCount; i++) {
      const p = onQueue[i]!;
      const a = nextAncestorStamp();
      for (let q = p; viaOff[q]! >= 0; q = viaOn[q]!) ancestor[viaOff[q]!] = a;
      // (Only "off" nodes a strong link leaves are queued: the others lead nowhere.)
      if (useCell) {
        const cell = (p / 9) | 0;
        const base = cell * 9;
        let mask = cand[cell]! & ~(1 << (p - base));
        while (mask !== 0) {
          const bit = mask & -mask;
          mask ^= bit;
          const q = base + 31 - Math.clz32(bit);
          if ((strong[q]! & leads) !== 0 && ancestor[q] !== a) {
            offQueue[offCount] = q;
            offQueueParent[offCount++] = p;
          }
        }
      }
      const first = leadingLinks(g, p);
      const end = g.leadingEnd[p]!;
      for (let k = first; k < end; k++) {
        const q = g.leading[k]!;
        if ((strong[q]! & leads) !== 0 && ancestor[q] !== a) {
          offQueue[offCount] = q;
          offQueueParent[offCount++] = p;
        }
      }
    }
    onCount = 0;
    length++;
    for (let i = 0; i < offCount; i++) {
      const y = offQueue[i]!;
      const x = offQueueParent[i]!;
      for (let k = -1; k < stride; k++) {
        let z: number;
        if (k < 0) {
          if (!useCell) continue;
          z = g.bivalue[y]!;
        } else {
          if (!useConjugate) break;
          z = g.conjugate[y * stride + k]!;
        }
        if (z < 0) {
          if (k < 0) continue;
          break;
        }
        if (z === start) {
          if (length >= 4) {
            const found = cycleAt(g, start, x, y, length, out);
            if (found !== null) {
              if (each === undefined) return found;
              each(found);
            }
          }
        } else if (onSeen[z] !== s) {
          onSeen[z] = s;
          viaOff[z] = y;
          viaOn[z] = x;
          onQueue[onCount++] = z;
        }
      }
    }
    offCount = 0;
  }
  return null;
}

/** Per digit, the cells (3 words of 27) seeing an "on" / an "off" node of the cycle with it. */
const SEEN_ON = new Int32Array(27);
const SEEN_OFF = new Int32Array(27);

/**
 * Whether some cell off the cycle `path` (y first, the start last: "on" nodes at odd distance from
 * the end, see cycleAt) holds a digit and sees a node of the cycle with it assumed on and one
 * assumed off: what cycleAt's marks find, with cell sets. Most cycles eliminate nothing.
 */
function cycleCanEliminate(g: ChainGraph, path: number[]): boolean {
  const peerWords = g.houses.geometry.peerWords;
  let digits = 0;
  let cycle0 = 0;
  let cycle1 = 0;
  let cycle2 = 0;
  for (let i = 0; i < path.length; i++) {
    const node = path[i]!;
    const cell = (node / 9) | 0;
    const d = node - cell * 9;
    const word = (cell / 27) | 0;
    const bit = 1 << (cell - word * 27);
    if (word === 0) cycle0 |= bit;
    else if (word === 1) cycle1 |= bit;
    else cycle2 |= bit;
    const into = (path.length - 1 - i) % 2 === 0 ? SEEN_ON : SEEN_OFF;
    if ((digits & (1 << d)) === 0) {
      digits |= 1 << d;
      // Stores, not fill(): this runs for every cycle found.
      SEEN_ON[d * 3] = SEEN_ON[d * 3 + 1] = SEEN_ON[d * 3 + 2] = 0;
      SEEN_OFF[d * 3] = SEEN_OFF[d * 3 + 1] = SEEN_OFF[d * 3 + 2] = 0;
    }
    into[d * 3] = into[d * 3]! | peerWords[cell * 3]!;
    into[d * 3 + 1] = into[d * 3 + 1]! | peerWords[cell * 3 + 1]!;
    into[d * 3 + 2] = into[d * 3 + 2]! | peerWords[cell * 3 + 2]!;
  }
  const holding = g.digitCells;
  while (digits !== 0) {
    const d = 31 - Math.clz32(digits & -digits);
    digits &= digits - 1;
    const at = d * 3;
    if ((SEEN_ON[at]! & SEEN_OFF[at]! & holding[at]! & ~cycle0) !== 0) return true;
    if ((SEEN_ON[at + 1]! & SEEN_OFF[at + 1]! & holding[at + 1]! & ~cycle1) !== 0) return true;
    if ((SEEN_ON[at + 2]! & SEEN_OFF[at + 2]! & holding[at + 2]! & ~cycle2) !== 0) return true;
  }
  return false;
}

/** The cycle start .. x, y (back to start), if it eliminates anything. */
function cycleAt(g: ChainGraph, start: number, x: number, y: number, length: number, out: number[]): Found | null {
  // Path, from y back to the start: y, x, viaOff[x], viaOn[x], ...
  out.length = 0;
  out.push(y);
  for (let q = x; ; q = viaOn[q]!) {
    out.push(q);
    if (viaOff[q]! < 0) break;
    out.push(viaOff[q]!);
  }
  if (!cycleCanEliminate(g, out)) return null;
  const m = nextMarkStamp();
  for (const node of out) cellMark[(node / 9) | 0] = m;
  const cand = g.candidates;
  const { peerStart, weakPeers } = g.houses;
  // Nodes at even distance from the start are "on"; out holds y (odd) first.
  for (let i = out.length - 1; i >= 0; i -= 2) {
    const node = out[i]!;
    const cell = (node / 9) | 0;
    const d = node - cell * 9;
    for (let k = peerStart[cell]!; k < peerStart[cell + 1]!; k++) {
      const peer = weakPeers[k]!;
      if (cellMark[peer] !== m && cand[peer]! & (1 << d)) forwardMark[peer * 9 + d] = m;
    }
  }
  const eliminations: number[] = [];
  for (let i = out.length - 2; i >= 0; i -= 2) {
    const node = out[i]!;
    const cell = (node / 9) | 0;
    const d = node - cell * 9;
    for (let k = peerStart[cell]!; k < peerStart[cell + 1]!; k++) {
      const peer = weakPeers[k]!;
      const target = peer * 9 + d;
      if (forwardMark[target] === m && resultMark[target] !== m) {
        resultMark[target] = m;
        eliminations.push(target);
      }
    }
  }
  if (eliminations.length === 0) return null;
  eliminations.sort((a, b) => a - b);
  const nodes: number[] = [];
  const on: boolean[] = [];
  for (let i = out.length - 1; i >= 0; i--) {
    nodes.push(out[i]!);
    on.push((out.length - 1 - i) % 2 === 0);
  }
  nodes.push(start);
  on.push(true);
  return { kind: 0, raw: 0, length, nodes, on, eliminations, placement: -1 };
}

/**
 * SE's doForcingChains from "start on" (`fromOn`) or "start off", up to `maxLen` nodes: the
 * shortest chain to the opposite state of the start, or null.
 */
function searchForcing(g: ChainGraph, start: number, fromOn: boolean, mode: number, maxLen: number): Found | null {
  const useCell = mode !== MODE_X;
  const cand = g.candidates;
  const strong = g.strong;
  const stride = g.stride;
  const peerWords = g.houses.geometry.peerWords;
  // An "off" node with no strong link of the mode leads nowhere: it is not queued.
  const leads = MODE_STRONG[mode]!;
  const s = nextStamp();
  let onCount = 0;
  let offCount = 0;
  let onLayer = 0;
  let offLayer = 0;
  if (fromOn) {
    onSeen[start] = s;
    onQueue[onCount++] = start;
  } else {
    offSeen[start] = s;
    offQueue[offCount++] = start;
  }
  while (onCount > 0 || offCount > 0) {
    visits += onCount + offCount;
    if (onCount > 0) {
      // Produces "off" nodes at layer onLayer + 1: a chain found there has onLayer + 2 nodes.
      if (onLayer + 2 > maxLen) return null;
      offLayer = onLayer + 1;
      for (let i = 0; i < onCount; i++) {
        const p = onQueue[i]!;
        const cell = (p / 9) | 0;
        const base = cell * 9;
        // "start off" among p's consequences ends the search: whatever else they are.
        if (fromOn && weaklyLinked(peerWords, p, start, useCell)) {
          offParent[start] = p;
          return forcingPath(start, true, offLayer + 1);
        }
        let mask = useCell ? cand[cell]! & ~(1 << (p - base)) : 0;
        let k = leadingLinks(g, p);
        const end = g.leadingEnd[p]!;
        for (;;) {
          let q: number;
          if (mask !== 0) {
            const bit = mask & -mask;
            mask ^= bit;
            q = base + 31 - Math.clz32(bit);
          } else if (k < end) {
            q = g.leading[k++]!;
          } else break;
          if ((strong[q]! & leads) !== 0 && offSeen[q] !== s) {
            offSeen[q] = s;
            offParent[q] = p;
            offQueue[offCount++] = q;
          }
        }
      }
      onCount = 0;
    }
    if (offCount > 0) {
      if (offLayer + 2 > maxLen) return null;
      onLayer = offLayer + 1;
      for (let i = 0; i < offCount; i++) {
        const y = offQueue[i]!;
        for (let k = -1; k < stride; k++) {
          let z: number;
          if (k < 0) {
            if (!useCell) continue;
            z = g.bivalue[y]!;
          } else {
            if (mode === MODE_Y) break;
            z = g.conjugate[y * stride + k]!;
          }
          if (z < 0) {
            if (k < 0) continue;
            break;
          }
          if (!fromOn && z === start) {
            onParent[start] = y;
            return forcingPath(start, false, onLayer + 1);
          }
          if (onSeen[z] !== s) {
            onSeen[z] = s;
            onParent[z] = y;
            onQueue[onCount++] = z;
          }
        }
      }
      offCount = 0;
    }
  }
  return null;
}

/**
 * Whether "a on" implies "b off" (two candidates of a grid): the same digit in peer cells (the
 * geometry's `peerWords`: house- or cage-mates), or (with cell links) two digits of one cell.
 */
function weaklyLinked(peerWords: Int32Array, a: number, b: number, useCell: boolean): boolean {
  const cellA = (a / 9) | 0;
  const cellB = (b / 9) | 0;
  if (cellA === cellB) return useCell && a !== b;
  return a - cellA * 9 === b - cellB * 9 && ((peerWords[cellA * 3 + ((cellB / 27) | 0)]! >> (cellB % 27)) & 1) === 1;
}

/** The path of a forcing chain that ends at the start's opposite state. */
function forcingPath(start: number, fromOn: boolean, length: number): Found {
  const nodes: number[] = [];
  const on: boolean[] = [];
  let node = start;
  let state = !fromOn;
  for (;;) {
    nodes.push(node);
    on.push(state);
    if (nodes.length > 1 && node === start) break;
    node = state ? onParent[node]! : offParent[node]!;
    state = !state;
  }
  nodes.reverse();
  on.reverse();
  return fromOn
    ? { kind: 0, raw: 0, length, nodes, on, eliminations: [start], placement: -1 }
    : { kind: 0, raw: 0, length, nodes, on, eliminations: [], placement: start };
}

/** Options of {@link findChainStep}. */
export interface ChainSearchOptions {
  /** Kinds to look for, as bits of {@link CHAIN_KIND}; default all. */
  kinds?: number;
  /** The rules' houses (default classic; see TechniqueContext.geometry). */
  geometry?: Geometry;
}

/**
 * The easiest chain step of the enabled kinds, as Sudoku Explainer would pick it, or null.
 * With all kinds this is SE's whole "Forcing Chains & Cycles" producer.
 */
export function findChainStep(board: Readonly<Board>, options: ChainSearchOptions = {}): Step | null {
  const kinds = options.kinds ?? ALL_CHAIN_KINDS;
  // Other rules: not searched where the change since a board with nothing cannot have made a step (chains-near.ts).
  const geometry = options.geometry?.classic === false ? options.geometry : undefined;
  if (geometry && variantTechniques().chainsFindNothing(board, geometry, kinds)) return null;
  const g = buildChainGraph(board, seHousesOf(options.geometry));
  const cand = g.candidates;
  const path: number[] = [];
  let best: Found | null = null;
  /** The nodes contradicting themselves through XY links (staticContradictions' array: the Y and XY passes share it). */
  let xyContradictory: Uint8Array | null = null;
  for (let mode = MODE_X; mode <= MODE_XY; mode++) {
    const cycleKind = CYCLE_KIND[mode]! & kinds;
    const forcingKind = FORCING_KIND[mode]! & kinds;
    if (cycleKind === 0 && forcingKind === 0) continue;
    const cycleBase = CYCLE_BASE[mode]!;
    const forcingBase = FORCING_BASE[mode]!;
    // A forcing chain from "X on" (off) reaches "X off" (on) exactly when that node implies its own
    // negation through the mode's links: found for every node at once, so that the searches that
    // would find nothing (nearly all) are not run.
    let selfContradictory: Uint8Array;
    if (mode === MODE_X) selfContradictory = staticContradictions(g.houses, cand, g.places, false).contradictory;
    else selfContradictory = xyContradictory ??= staticContradictions(g.houses, cand, g.places, true).contradictory;
    const contradictory = forcingKind !== 0 ? selfContradictory : null;
    // A cycle removes digit d from a cell e only if "e on" contradicts itself through the mode's
    // links: it excludes a node of the cycle assumed on, and the loop taken the other way round
    // turns on one assumed off that e sees. So cycles are searched only on digits with such a
    // node (an X-cycle holds one digit; the others any digit): on the many boards where the
    // pass finds nothing, none at all.
    let cycleDigits = 0;
    for (let pot = 0; cycleKind !== 0 && pot < 729; pot++) {
      if (selfContradictory[(pot << 1) | 1] === 1 && (cand[(pot / 9) | 0]! >> pot % 9) & 1) cycleDigits |= mode === MODE_X ? 1 << pot % 9 : 511;
    }
    for (let cell = 0; cell < 81; cell++) {
      const mask = cand[cell]!;
      const count = POPCOUNT[mask]!;
      if (count < 2 || (mode === MODE_Y && count !== 2)) continue;
      for (let d = 0; d < 9; d++) {
        if ((mask & (1 << d)) === 0) continue;
        const start = cell * 9 + d;
        const strong = hasStrongLink(g, start, mode);
        if (strong && (cycleDigits & (1 << d)) !== 0) {
          const limit = maxLength(cycleBase, best);
          if (limit >= 4) {
            const found = searchCycle(g, start, mode, limit, path);
            if (found !== null) best = settle(found, cycleKind, cycleBase);
          }
        }
        if (contradictory !== null) {
          let limit = maxLength(forcingBase, best);
          if (limit >= 4 && contradictory[(start << 1) | 1] === 1) {
            const found = searchForcing(g, start, true, mode, limit);
            if (found !== null) best = settle(found, forcingKind, forcingBase);
          }
          limit = maxLength(forcingBase, best);
          if (limit >= 4 && strong && contradictory[start << 1] === 1) {
            const found = searchForcing(g, start, false, mode, limit);
            if (found !== null) best = settle(found, forcingKind, forcingBase);
          }
        }
      }
    }
  }
  if (geometry) variantTechniques().chainsSearched(board, geometry, kinds, best !== null);
  return best === null ? null : toStep(g, best);
}

/** One hint of SE's "Forcing Chains & Cycles" producer (see {@link listChainHints}). */
export interface ChainHintRecord {
  /** Kind bit (CHAIN_KIND). */
  kind: number;
  /** SE's difficulty, unrounded. */
  raw: number;
  /** Nodes of the chain or cycle: SE's complexity of the hint. */
  length: number;
  /** SE's tie-break after complexity: X 2, Y 3, XY 4. */
  sortKey: number;
  /** The path as potentials (cell * 9 + digit - 1) with their states, assumption first. */
  nodes: number[];
  on: boolean[];
  /** Eliminated potentials (sorted), or the placed one (-1 if none). */
  eliminations: number[];
  placement: number;
  /**
   * What its strong links rely on, each once: a cell (0..80) for a bivalue cell, else 81 + unit *
   * 9 + digit - 1 for a unit with two places (units 0-8 rows, 9-17 columns, 18-26 boxes).
   */
  needs: number[];
}

const SORT_KEY = [2, 3, 4];

/**
 * Every hint SE's "Forcing Chains & Cycles" producer finds on a grid (candidates of the empty
 * cells; 0 for placed ones), in its order: X, Y, XY passes; per cell and digit, cycles (every
 * cycle back to the start, as doCycles finds them), then the forcing chain from "on", then from
 * "off". Forcing chains are only looked for from the nodes that contradict themselves through XY
 * links (`listContradictions` lists them ascending, "on" before "off", into the array it is given
 * and returns how many; computed here when not given; the others have none); X-cycles only on the
 * digits with an X-chain from "on". Nested chains sort the list and use it (see forcing/nested.ts).
 * `places`, the grid's unit positions (engine.ts's unitPositions) if the caller has them, spare
 * counting them again.
 * Returns the nodes processed.
 */
export function listChainHints(
  candidates: Uint16Array,
  sink: (hint: ChainHintRecord) => void,
  listContradictions?: (into: Int16Array) => number,
  places?: Uint16Array,
  houses: SeHouses = seHousesOf(),
): number {
  const g = buildChainGraph({ values: EMPTY_VALUES, candidates }, houses, places);
  const cand = g.candidates;
  const path: number[] = [];
  visits = 0;
  let mode = MODE_X;
  const emit = (found: Found, kind: number, base: number): void => {
    settle(found, kind, base);
    sink({
      kind,
      raw: found.raw,
      length: found.length,
      sortKey: SORT_KEY[mode]!,
      nodes: found.nodes,
      on: found.on,
      eliminations: found.eliminations,
      placement: found.placement,
      needs: strongNeeds(g, found),
    });
  };
  const eachCycle = (found: Found): void => emit(found, CYCLE_KIND[mode]!, CYCLE_BASE[mode]!);
  let sourceCount = 0;
  if (listContradictions !== undefined) sourceCount = listContradictions(SOURCES);
  else {
    const xy = staticContradictions(g.houses, cand, g.places, true);
    visits += xy.effort;
    for (let start = 0; start < 729; start++) {
      const mask = cand[(start / 9) | 0]!;
      if (POPCOUNT[mask]! < 2 || (mask & (1 << start % 9)) === 0) continue;
      for (let on = 1; on >= 0; on--) if (xy.contradictory[(start << 1) | on] === 1) SOURCES[sourceCount++] = (start << 1) | on;
    }
  }
  // Every removal of these hints is a candidate whose assumption contradicts itself through XY
  // links (a cycle's elimination sees two nodes of the cycle of opposite states). The forcing
  // chains are found first, from those nodes only (an X-chain's X-links are XY links too): a node
  // reaches its negation exactly when it contradicts itself.
  if (sourceCount === 0) return visits;
  const stamp = ++forcingStamp;
  FORCING_FOUND.length = 0;
  let xAny = false;
  /** Digits with an X-chain from "on": an X-cycle holds one digit and removes only that digit. */
  let xDigits = 0;
  for (const m of [MODE_X, MODE_XY]) {
    for (let i = 0; i < sourceCount; i++) {
      const node = SOURCES[i]!;
      const start = node >> 1;
      const on = node & 1;
      if (on === 0 && !hasStrongLink(g, start, m)) continue;
      const found = searchForcing(g, start, on === 1, m, MAX_LENGTH);
      if (found === null) continue;
      const slot = (m * 729 + start) * 2 + on;
      FORCING_STAMPS[slot] = stamp;
      FORCING_AT[slot] = FORCING_FOUND.length;
      FORCING_FOUND.push(found);
      if (m === MODE_X) {
        xAny = true;
        if (on === 1) xDigits |= 1 << start % 9;
      }
    }
  }
  for (mode = MODE_X; mode <= MODE_XY; mode++) {
    const forcingKind = FORCING_KIND[mode]!;
    const isX = mode === MODE_X;
    if (isX && !xAny) continue;
    for (let cell = 0; cell < 81; cell++) {
      const mask = cand[cell]!;
      const count = POPCOUNT[mask]!;
      if (count < 2 || (mode === MODE_Y && count !== 2)) continue;
      for (let d = 0; d < 9; d++) {
        if ((mask & (1 << d)) === 0) continue;
        const start = cell * 9 + d;
        if ((!isX || (xDigits & (1 << d)) !== 0) && hasStrongLink(g, start, mode)) searchCycle(g, start, mode, MAX_LENGTH, path, eachCycle);
        if (forcingKind === 0) continue;
        for (let on = 1; on >= 0; on--) {
          const slot = (mode * 729 + start) * 2 + on;
          if (FORCING_STAMPS[slot] === stamp) emit(FORCING_FOUND[FORCING_AT[slot]!]!, forcingKind, FORCING_BASE[mode]!);
        }
      }
    }
  }
  return visits;
}

/** The nodes forcing chains start from (see listChainHints). */
const SOURCES = new Int16Array(1458);
/** Forcing chains found ahead (see listChainHints): FORCING_FOUND[FORCING_AT[slot]] when FORCING_STAMPS[slot] is the call's. */
const FORCING_FOUND: Found[] = [];
const FORCING_STAMPS = new Int32Array(3 * 729 * 2);
const FORCING_AT = new Int32Array(3 * 729 * 2);
let forcingStamp = 0;

const EMPTY_VALUES = new Uint8Array(81);

/** The cells and unit slots the strong links ("off" to "on") of a path rely on. */
function strongNeeds(g: ChainGraph, found: Found): number[] {
  const needs: number[] = [];
  for (let i = 1; i < found.nodes.length; i++) {
    if (!found.on[i] || found.on[i - 1]) continue;
    const from = found.nodes[i - 1]!;
    const to = found.nodes[i]!;
    const cell = (to / 9) | 0;
    let code: number;
    if (((from / 9) | 0) === cell) code = cell;
    else {
      const unit = strongUnit(g, from, to);
      code = 81 + unit * 9 + (to % 9);
    }
    if (!needs.includes(code)) needs.push(code);
  }
  return needs;
}

function settle(found: Found, kind: number, base: number): Found {
  found.kind = kind;
  found.raw = seChainDifficulty(base, found.length);
  return found;
}

/** The house of a strong link from `from` (off) to `to` (on). */
function strongUnit(g: ChainGraph, from: number, to: number): number {
  if (((from / 9) | 0) === ((to / 9) | 0)) return -1;
  const stride = g.stride;
  for (let k = 0; k < stride; k++) if (g.conjugate[from * stride + k] === to) return g.conjugateUnit[from * stride + k]!;
  return linkUnit(g.houses, (from / 9) | 0, (to / 9) | 0) ?? -1;
}

function toStep(g: ChainGraph, found: Found): Step {
  const nodes: ChainNode[] = [];
  const cells: number[] = [];
  const digits = new Set<number>();
  const units = new Set<number>();
  for (let i = 0; i < found.nodes.length; i++) {
    const id = found.nodes[i]!;
    const cell = (id / 9) | 0;
    const digit = id - cell * 9 + 1;
    const node: ChainNode = { cell, digit, on: found.on[i]! };
    if (i === 0) node.parents = [];
    else {
      const prev = found.nodes[i - 1]!;
      const unit = found.on[i] ? strongUnit(g, prev, id) : linkUnit(g.houses, (prev / 9) | 0, cell);
      if (unit !== undefined) node.unit = unit;
      if (unit !== undefined && unit >= 0) units.add(unit);
    }
    nodes.push(node);
    if (!cells.includes(cell)) cells.push(cell);
    digits.add(digit);
  }
  const toCandidate = (id: number) => ({ cell: (id / 9) | 0, digit: (id % 9) + 1 });
  return {
    technique: CHAIN_KIND_IDS[found.kind]!,
    difficulty: roundDifficulty(found.raw),
    placements: found.placement >= 0 ? [toCandidate(found.placement)] : [],
    eliminations: found.eliminations.map(toCandidate),
    pattern: { cells, digits: [...digits].sort((a, b) => a - b), units: [...units].sort((a, b) => a - b) },
    chains: [{ nodes }],
  };
}
