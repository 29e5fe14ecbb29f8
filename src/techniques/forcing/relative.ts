import { POPCOUNT } from '../../core/tables.js';
import { MAX_HOUSES, type SeHouses } from './se-units.js';
import { NODE_WORDS, computeOnClosures } from './closure.js';
import type { SearchFilter } from './search.js';

/*
 * The static analysis behind nested chains (levels 2 and 3), done relative to the board.
 *
 * A nested check looks for static chains on the working grid G of a dynamic chain, where the chain
 * has run dry: G is the board B without the candidates the chain removed. The board's own static
 * closures (cl_B), found once per board, answer for every such G:
 *
 *  - The chain is closed under the basic links, so from a node it knows (a removed candidate's
 *    "off", a placed digit's "on") B's links lead only to nodes it knows. The other nodes, U (the
 *    candidates of G in cells with two or more left), keep B's links among them: what x in U reaches
 *    in B, within U, it reaches in G with those links.
 *  - G's other links are the strong links it gained: pairs (bivalue cell, bilocal unit) of G that
 *    were not pairs in B. Each gives two links l = off(q) -> on(b).
 *
 * So cl_G(x) = (cl_B(x) & U) | R[l] for every new link l that x fires, where R[l] = cl_G(on b_l)
 * and x fires l when off(q_l) is in cl_B(x); R is found over the small graph of the new links.
 *
 * If B has no static contradiction, a contradiction of G (x reaches not-x) uses a new link: the
 * first one on the way, l, is fired by x (by contraposition, not-x is in cl_B(on q_l)) and R[l]
 * holds not-x. So the contradictory nodes are the negations of the union over l of
 * cl_B(on q_l) & R[l]. If B has no cell or region chain either, a cell or region of G can give one
 * only if it lost candidates or one of its assumptions fires a new link.
 *
 * Static links are closed under contraposition (a -> b gives not b -> not a), and cl_B of "on"
 * nodes is all this needs.
 */

/** The board's closures, kept for the engine that owns them. */
interface BoardClosures {
  owner: object | null;
  generation: number;
  /**
   * Sets of nodes number only the board's nodes: node n is bit bitOf[n] (a candidate's "off" and
   * "on" are bits 2i and 2i + 1), in `words` words.
   */
  readonly bitOf: Int16Array;
  /** The candidate of each bit pair: bits 2i and 2i + 1 are potOf[i]'s nodes. */
  readonly potOf: Int16Array;
  words: number;
  /** cl_B(on p) at p * NODE_WORDS. */
  readonly on: Int32Array;
  /** Which words of cl_B(on p) are not zero (bit w for word w < 32). */
  readonly onWords: Int32Array;
  /** B's houses (its engine's). */
  houses: SeHouses;
  /** B has no static contradiction (then contradictions are found relative to it). */
  noContradiction: boolean;
  /** ...and no static cell or region chain (then the cell / region filter is too). */
  noMultiple: boolean;
}

const BOARD: BoardClosures = {
  owner: null,
  generation: -1,
  bitOf: new Int16Array(1458),
  potOf: new Int16Array(729),
  words: 0,
  on: new Int32Array(729 * NODE_WORDS),
  onWords: new Int32Array(729),
  // Set by prepareBoard before anything reads it (no chain houses built at import).
  houses: null as unknown as SeHouses,
  noContradiction: false,
  noMultiple: false,
};

/**
 * Prepares the closures of a board, once per owner (an engine) and generation (its base changes
 * with a new one); returns the work done (0 when they were ready).
 */
export function prepareBoard(owner: { readonly houses: SeHouses }, generation: number, base: Uint16Array, basePos: Uint16Array): number {
  if (BOARD.owner === owner && BOARD.generation === generation) return 0;
  const houses = owner.houses;
  BOARD.owner = owner;
  BOARD.houses = houses;
  BOARD.generation = generation;
  let count = 0;
  for (let pot = 0; pot < 729; pot++) {
    if ((base[Math.floor(pot / 9)]! & (1 << (pot % 9))) === 0) continue;
    BOARD.bitOf[pot << 1] = count << 1;
    BOARD.bitOf[(pot << 1) | 1] = (count << 1) | 1;
    BOARD.potOf[count] = pot;
    count++;
  }
  BOARD.words = ((count << 1) + 31) >> 5;
  const { contradiction, effort } = computeOnClosures(houses, base, basePos, BOARD.bitOf, BOARD.words, BOARD.on);
  for (let pot = 0; pot < 729; pot++) {
    if ((base[Math.floor(pot / 9)]! & (1 << (pot % 9))) === 0) continue;
    let mask = 0;
    for (let w = 0; w < BOARD.words && w < 32; w++) if (BOARD.on[pot * NODE_WORDS + w] !== 0) mask |= 1 << w;
    BOARD.onWords[pot] = mask;
  }
  BOARD.noContradiction = !contradiction;
  BOARD.noMultiple = !contradiction && !boardHasMultiple(base, basePos);
  return effort;
}

/** Whether some cell (three candidates or more) or region of B has assumptions with a common consequence. */
function boardHasMultiple(base: Uint16Array, basePos: Uint16Array): boolean {
  const on = BOARD.on;
  for (let cell = 0; cell < 81; cell++) {
    const mask = base[cell]!;
    if (POPCOUNT[mask]! < 3) continue;
    let count = 0;
    for (let d = 0; d < 9; d++) if (mask & (1 << d)) MEMBERS[count++] = cell * 9 + d;
    if (meet(on, MEMBERS, count)) return true;
  }
  const h = BOARD.houses;
  for (let slot = 0; slot < h.houseCount * 9; slot++) {
    const positions = basePos[slot]!;
    if (POPCOUNT[positions]! < 2) continue;
    let count = 0;
    for (let i = 0; i < 9; i++) if (positions & (1 << i)) MEMBERS[count++] = h.cells[Math.floor(slot / 9) * 9 + i]! * 9 + (slot % 9);
    if (meet(on, MEMBERS, count)) return true;
  }
  return false;
}

/** Whether the sets at `sets[pots[i] * NODE_WORDS]` (i < count) have a common member. */
function meet(sets: Int32Array, pots: Int16Array, count: number): boolean {
  const words = BOARD.words;
  for (let w = 0; w < words; w++) {
    let common = sets[pots[0]! * NODE_WORDS + w]!;
    for (let i = 1; i < count && common !== 0; i++) common &= sets[pots[i]! * NODE_WORDS + w]!;
    if (common !== 0) return true;
  }
  return false;
}

const MEMBERS = new Int16Array(9);

/** Effort (see ChainEngine.budget) is counted in node expansions; one costs about this many word operations. */
const WORDS_PER_EFFORT = 4;

const MAX_LINKS = 2 * (81 + MAX_HOUSES * 9);
const MAX_UNIONS = 64;
/** Union slots after the memo: one always empty, then one per candidate. */
const EMPTY_SLOT = MAX_UNIONS;
const POT_SLOT = MAX_UNIONS + 1;
/** Link components beyond this many are not tracked as masks. */
const MASK_COMPONENTS = 31;
/** The analysis of the last grid (see analyseGrid). */
const GRID = {
  /** U: nodes of candidates in cells with two or more left. */
  unknown: new Int32Array(NODE_WORDS),
  linkCount: 0,
  /** Link l: off(LINK_FROM[l]) -> on(LINK_TO[l]) (candidates). */
  linkFrom: new Int16Array(MAX_LINKS),
  linkTo: new Int16Array(MAX_LINKS),
  /** The bits of the nodes off(linkFrom[l]) that fire the links; per such bit, its links (a list through nextOfLink). */
  triggerWords: new Int32Array(NODE_WORDS),
  firstOfBit: new Int16Array(NODE_WORDS * 32),
  nextOfLink: new Int16Array(MAX_LINKS),
  /** R[l] at l * NODE_WORDS. */
  reach: new Int32Array(MAX_LINKS * NODE_WORDS),
  /** Negations of the contradictory nodes. */
  negated: new Int32Array(NODE_WORDS),
  /** Link graph: successors of l at succ[succStart[l] .. succStart[l + 1]). */
  succStart: new Int32Array(MAX_LINKS + 1),
  succ: new Int16Array(MAX_LINKS * 16),
  index: new Int32Array(MAX_LINKS),
  low: new Int32Array(MAX_LINKS),
  onStack: new Uint8Array(MAX_LINKS),
  stack: new Int16Array(MAX_LINKS),
  callLink: new Int16Array(MAX_LINKS),
  callEdge: new Int32Array(MAX_LINKS),
  /** Component of each link in the link graph, and a stamp per component for unions. */
  component: new Int16Array(MAX_LINKS),
  componentStamp: new Int32Array(MAX_LINKS),
  stampGen: 0,
  componentCount: 0,
  /** A link of each component (all share its reach). */
  componentLink: new Int16Array(MAX_LINKS),
  /**
   * Per component, the "on" nodes that fire one of its links, as their negations (by
   * contraposition, on(p) fires l when off(p) is in cl_B(on q_l)): at comp * NODE_WORDS.
   */
  fire: new Int32Array(MAX_LINKS * NODE_WORDS),
  /** Whether `fire` is ready for the analysed grid. */
  fireReady: false,
  /** The components whose links on(p) fires, as a bitmask (at most 31 components), when fireStamp[p] is current. */
  fireMask: new Int32Array(729),
  fireStamp: new Int32Array(729),
  /** The union slot of the reach on(p) fires (see firedReach), when slotStamp[p] is current. */
  slotOf: new Int16Array(729),
  slotStamp: new Int32Array(729),
  /** Unions of the reach of fired components, by mask (many assumptions fire the same ones). */
  hashMask: new Int32Array(256),
  hashSlot: new Int16Array(256),
  hashStamp: new Int32Array(256),
  union: new Int32Array((POT_SLOT + 729) * NODE_WORDS),
  /** Per union slot, which of its words are not zero (bit w for word w; the empty slot's stays 0). */
  slotWords: new Int32Array(POT_SLOT + 729),
  unionCount: 0,
  /** Counts the analysed grids (stamps what is computed on demand for one). */
  gridGen: 0,
  /** The board's and the working grid's candidates and unit slots, as given to analyseGrid. */
  base: new Uint16Array(81) as Uint16Array,
  basePos: new Uint16Array(MAX_HOUSES * 9) as Uint16Array,
  cur: new Uint16Array(81) as Uint16Array,
  curPos: new Uint16Array(MAX_HOUSES * 9) as Uint16Array,
  effort: 0,
};

/** Whether the prepared board lets {@link analyseGrid} find contradictions for its working grids. */
export function boardAllowsContradictions(): boolean {
  return BOARD.noContradiction;
}

/** Whether the prepared board lets {@link relativeFilter} answer for them too. */
export function boardAllowsMultiple(): boolean {
  return BOARD.noMultiple;
}

/**
 * Analyses a working grid `cur` of the prepared board `base` (a dynamic chain's grid where its
 * queue ran dry): its new links, what they reach, its contradictory nodes. Returns the work done
 * (in node expansions).
 */
export function analyseGrid(base: Uint16Array, basePos: Uint16Array, cur: Uint16Array, curPos: Uint16Array): number {
  const g = GRID;
  const on = BOARD.on;
  // Kept by reference: the caller leaves them unchanged while it asks about this grid.
  g.base = base;
  g.basePos = basePos;
  g.cur = cur;
  g.curPos = curPos;
  g.gridGen++;
  g.fireReady = false;
  g.unionCount = 0;
  g.componentCount = 0;
  let effort = 0;
  const { bitOf, words } = BOARD;
  const unknown = g.unknown;
  unknown.fill(0, 0, words);
  let links = 0;
  for (let cell = 0; cell < 81; cell++) {
    const mask = cur[cell]!;
    const count = POPCOUNT[mask]!;
    if (count < 2) continue;
    // Both nodes of a candidate are adjacent bits: 3 << (2 * pot).
    let digits = mask;
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const bit = bitOf[(cell * 9 + 31 - Math.clz32(low)) << 1]!;
      unknown[bit >> 5] = unknown[bit >> 5]! | (3 << (bit & 31));
    }
    // A new pair: two left, more on the board (any change of a pair leaves fewer than two).
    if (count === 2 && mask !== base[cell]) {
      const first = cell * 9 + 31 - Math.clz32(mask & -mask);
      const second = cell * 9 + 31 - Math.clz32(mask & ~(mask & -mask));
      links = addPair(links, first, second);
    }
  }
  const houseCells = BOARD.houses.cells;
  const slots = BOARD.houses.houseCount * 9;
  for (let slot = 0; slot < slots; slot++) {
    const positions = curPos[slot]!;
    if (positions === basePos[slot] || POPCOUNT[positions] !== 2) continue;
    const unit = Math.floor(slot / 9);
    const digitIndex = slot % 9;
    const first = houseCells[unit * 9 + 31 - Math.clz32(positions & -positions)]! * 9 + digitIndex;
    const second = houseCells[unit * 9 + 31 - Math.clz32(positions & ~(positions & -positions))]! * 9 + digitIndex;
    links = addPair(links, first, second);
  }
  g.linkCount = links;
  g.negated.fill(0, 0, words);
  if (links === 0) return 1;
  // Each link's own reach, cl_B(on b) & U, then the links it fires.
  const reach = g.reach;
  let succCount = 0;
  // The links each trigger (an "off" bit) fires, as lists: the link graph is then read word by
  // word off each link's reach rather than by testing every pair of links.
  const { triggerWords, firstOfBit, nextOfLink } = g;
  triggerWords.fill(0, 0, words);
  for (let l = links - 1; l >= 0; l--) {
    const bit = bitOf[g.linkFrom[l]! << 1]!;
    if ((triggerWords[bit >> 5]! & (1 << (bit & 31))) === 0) {
      triggerWords[bit >> 5] = triggerWords[bit >> 5]! | (1 << (bit & 31));
      firstOfBit[bit] = -1;
    }
    // Pushed from the last link down: each list is in increasing link order.
    nextOfLink[l] = firstOfBit[bit]!;
    firstOfBit[bit] = l;
  }
  for (let l = 0; l < links; l++) {
    const at = l * NODE_WORDS;
    const from = g.linkTo[l]! * NODE_WORDS;
    g.succStart[l] = succCount;
    for (let w = 0; w < words; w++) {
      const reached = on[from + w]! & unknown[w]!;
      reach[at + w] = reached;
      let fired = reached & triggerWords[w]!;
      while (fired !== 0) {
        const low = fired & -fired;
        fired ^= low;
        for (let m = firstOfBit[(w << 5) + 31 - Math.clz32(low)]!; m !== -1; m = nextOfLink[m]!) {
          if (m === l) continue;
          if (succCount === g.succ.length) {
            const grown = new Int16Array(g.succ.length * 2);
            grown.set(g.succ);
            g.succ = grown;
          }
          g.succ[succCount++] = m;
        }
      }
    }
  }
  g.succStart[links] = succCount;
  effort += links * words + succCount;
  if (succCount > 0) effort += closeLinks(links);
  else {
    // No link fires another: each is a component of its own, with what it reaches in B.
    for (let l = 0; l < links; l++) {
      g.component[l] = l;
      g.componentLink[l] = l;
    }
    g.componentCount = links;
  }
  // Contradictions: cl_B(on q_l) & R[l], negated.
  const negated = g.negated;
  for (let l = 0; l < links; l++) {
    const at = l * NODE_WORDS;
    const from = g.linkFrom[l]! * NODE_WORDS;
    for (let w = 0; w < words; w++) negated[w] = negated[w]! | (on[from + w]! & reach[at + w]!);
  }
  return Math.ceil((effort + links * words) / WORDS_PER_EFFORT);
}

/** Adds the two links of a new pair; returns the link count. */
function addPair(links: number, first: number, second: number): number {
  const g = GRID;
  // Two units can hold the same pair (a row and a box): its links once.
  for (let l = 0; l < links; l += 2) if (g.linkFrom[l] === first && g.linkTo[l] === second) return links;
  g.linkFrom[links] = first;
  g.linkTo[links] = second;
  g.linkFrom[links + 1] = second;
  g.linkTo[links + 1] = first;
  return links + 2;
}

/**
 * Makes each link's reach what it reaches through other links too: Tarjan's algorithm over the
 * link graph; a component's reach is its members' plus its successors' (already final). Returns
 * the work done.
 */
function closeLinks(links: number): number {
  const g = GRID;
  const reach = g.reach;
  let effort = 0;
  g.index.fill(-1, 0, links);
  let nextIndex = 0;
  let stackTop = 0;
  let components = 0;
  for (let start = 0; start < links; start++) {
    if (g.index[start] !== -1) continue;
    let depth = 0;
    g.callLink[0] = start;
    g.callEdge[0] = g.succStart[start]!;
    g.index[start] = g.low[start] = nextIndex++;
    g.stack[stackTop++] = start;
    g.onStack[start] = 1;
    while (depth >= 0) {
      const link = g.callLink[depth]!;
      const edge = g.callEdge[depth]!;
      if (edge < g.succStart[link + 1]!) {
        g.callEdge[depth] = edge + 1;
        const next = g.succ[edge]!;
        if (g.index[next] === -1) {
          g.index[next] = g.low[next] = nextIndex++;
          g.stack[stackTop++] = next;
          g.onStack[next] = 1;
          depth++;
          g.callLink[depth] = next;
          g.callEdge[depth] = g.succStart[next]!;
        } else if (g.onStack[next]) {
          if (g.index[next]! < g.low[link]!) g.low[link] = g.index[next]!;
        }
        continue;
      }
      if (g.low[link] === g.index[link]) {
        const comp = components++;
        const stamp = ++g.stampGen;
        const at = link * NODE_WORDS;
        g.componentStamp[comp] = stamp;
        g.componentLink[comp] = link;
        // Members' own reach, then the successors' (other components: final already).
        let first = stackTop;
        do first--; while (g.stack[first] !== link);
        for (let i = first; i < stackTop; i++) g.component[g.stack[i]!] = comp;
        for (let i = first; i < stackTop; i++) {
          const member = g.stack[i]!;
          if (member !== link) {
            orInto(reach, at, member * NODE_WORDS);
            effort += BOARD.words;
          }
          for (let e = g.succStart[member]!; e < g.succStart[member + 1]!; e++) {
            const next = g.succ[e]!;
            const other = g.component[next]!;
            if (other === comp || g.componentStamp[other] === stamp) continue;
            g.componentStamp[other] = stamp;
            orInto(reach, at, next * NODE_WORDS);
            effort += BOARD.words;
          }
        }
        for (let i = first; i < stackTop; i++) {
          const member = g.stack[i]!;
          g.onStack[member] = 0;
          if (member !== link) reach.copyWithin(member * NODE_WORDS, at, at + BOARD.words);
        }
        stackTop = first;
      }
      depth--;
      if (depth >= 0) {
        const parent = g.callLink[depth]!;
        if (g.low[link]! < g.low[parent]!) g.low[parent] = g.low[link]!;
      }
    }
  }
  g.componentCount = components;
  return effort;
}

function orInto(sets: Int32Array, at: number, from: number): void {
  const words = BOARD.words;
  for (let w = 0; w < words; w++) sets[at + w] = sets[at + w]! | sets[from + w]!;
}

/** Whether some node of the analysed grid statically implies its negation. */
export function anyContradiction(): boolean {
  const { negated } = GRID;
  for (let w = 0; w < BOARD.words; w++) if (negated[w] !== 0) return true;
  return false;
}

/**
 * Lists the nodes of the analysed grid that statically imply their negation, by candidate and, for
 * one candidate, "on" before "off" (read off the negations' bits: on(p) contradicts when off(p) is
 * among them). Returns how many.
 */
export function listContradictions(into: Int16Array): number {
  const { negated } = GRID;
  const { potOf } = BOARD;
  let count = 0;
  for (let w = 0; w < BOARD.words; w++) {
    let bits = negated[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      // Bits 2i and 2i + 1 are off(p) and on(p), p = potOf[i]: the negation of on(p), then of off(p).
      const bit = (w << 5) + 31 - Math.clz32(low);
      into[count++] = (potOf[bit >> 1]! << 1) | ((bit & 1) ^ 1);
    }
  }
  return count;
}

/** Work done by the relative filter since the last call (for the effort bound, in node expansions). */
export function takeFilterEffort(): number {
  const effort = Math.ceil(GRID.effort / WORDS_PER_EFFORT);
  GRID.effort = 0;
  return effort;
}

/**
 * The cell / region filter of static cell and region chains on the analysed grid (the one
 * reachFilter gives from the grid's own closures): a cell or region passes when one of its
 * assumptions is contradictory or their closures have something in common. Asked only about cells
 * of three candidates or more (as a static search asks) and regions of two places or more.
 */
export function relativeFilter(): SearchFilter {
  return RELATIVE_FILTER;
}

/**
 * Whether some cell (three candidates or more) or region (two places or more) of the analysed grid
 * passes the relative filter: what asking the filter about each would say. One that lost no
 * candidate can pass only through an assumption that contradicts or fires a new link (see
 * shared): those assumptions are marked first, and the others are not asked about.
 */
export function relativeAnyPasses(): boolean {
  const g = GRID;
  const { cur, curPos, base, basePos } = g;
  markLively();
  const filter = RELATIVE_FILTER;
  for (let cell = 0; cell < 81; cell++) {
    const mask = cur[cell]!;
    if (POPCOUNT[mask]! < 3 || (mask === base[cell] && (LIVELY_DIGITS[cell]! & mask) === 0)) continue;
    if (filter.cell(cell)) return true;
  }
  const slots = BOARD.houses.houseCount * 9;
  for (let slot = 0; slot < slots; slot++) {
    const positions = curPos[slot]!;
    if (POPCOUNT[positions]! < 2 || (positions === basePos[slot] && (LIVELY_PLACES[slot]! & positions) === 0)) continue;
    if (filter.region(Math.floor(slot / 9), (slot % 9) + 1)) return true;
  }
  return false;
}

/**
 * Per cell the digits, per unit slot the places, of the candidates p whose on(p) contradicts or
 * fires a new link on the analysed grid ("lively"; see markLively).
 */
const LIVELY_DIGITS = new Uint16Array(81);
const LIVELY_PLACES = new Uint16Array(MAX_HOUSES * 9);
const LIVELY = new Int32Array(NODE_WORDS);

/**
 * Fills LIVELY_DIGITS / LIVELY_PLACES. on(p) contradicts when off(p) is among the negations, and
 * fires link l when off(p) is in cl_B(on q_l) (by contraposition): both are "off" bits (even).
 */
function markLively(): void {
  const g = GRID;
  const { words, potOf } = BOARD;
  const { negated, fire } = g;
  if (!g.fireReady) prepareFire();
  const h = BOARD.houses;
  LIVELY_DIGITS.fill(0);
  LIVELY_PLACES.fill(0);
  for (let w = 0; w < words; w++) LIVELY[w] = negated[w]!;
  for (let comp = 0; comp < g.componentCount; comp++) {
    const at = comp * NODE_WORDS;
    for (let w = 0; w < words; w++) LIVELY[w] = LIVELY[w]! | fire[at + w]!;
  }
  g.effort += g.componentCount * words;
  for (let w = 0; w < words; w++) {
    let bits = LIVELY[w]! & 0x55555555;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const pot = potOf[(w << 4) + ((31 - Math.clz32(low)) >> 1)]!;
      const cell = Math.floor(pot / 9);
      const digitIndex = pot % 9;
      LIVELY_DIGITS[cell] = LIVELY_DIGITS[cell]! | (1 << digitIndex);
      for (let k = h.start[cell]!; k < h.start[cell + 1]!; k++) {
        const slot = h.house[k]! * 9 + digitIndex;
        LIVELY_PLACES[slot] = LIVELY_PLACES[slot]! | (1 << h.index[k]!);
      }
    }
  }
}

/** The filter's answers for the analysed grid: 1 or 0 where the stamp is its gridGen. */
const CELL_ANSWER = new Int8Array(81);
const CELL_STAMP = new Int32Array(81);
const REGION_ANSWER = new Int8Array(MAX_HOUSES * 9);
const REGION_STAMP = new Int32Array(MAX_HOUSES * 9);

const RELATIVE_FILTER: SearchFilter = {
  cell(cell) {
    if (CELL_STAMP[cell] !== GRID.gridGen) {
      const mask = GRID.cur[cell]!;
      let count = 0;
      for (let d = 0; d < 9; d++) if (mask & (1 << d)) MEMBERS[count++] = cell * 9 + d;
      CELL_ANSWER[cell] = shared(count, mask !== GRID.base[cell]) ? 1 : 0;
      CELL_STAMP[cell] = GRID.gridGen;
    }
    return CELL_ANSWER[cell] === 1;
  },
  region(unit, digit) {
    const slot = unit * 9 + digit - 1;
    if (REGION_STAMP[slot] !== GRID.gridGen) {
      const positions = GRID.curPos[slot]!;
      let count = 0;
      for (let i = 0; i < 9; i++) if (positions & (1 << i)) MEMBERS[count++] = BOARD.houses.cells[unit * 9 + i]! * 9 + digit - 1;
      REGION_ANSWER[slot] = shared(count, positions !== GRID.basePos[slot]) ? 1 : 0;
      REGION_STAMP[slot] = GRID.gridGen;
    }
    return REGION_ANSWER[slot] === 1;
  },
};

/**
 * Whether the assumptions on(MEMBERS[i]) have a contradiction or a common consequence in G. Their
 * closures are (cl_B(x) & U) | V(x), V(x) the reach of the links x fires (within U), so what they
 * have in common is U & (cl_B(x1) | V(x1)) & (cl_B(x2) | V(x2)) & ..., found word by word.
 */
function shared(count: number, changed: boolean): boolean {
  const g = GRID;
  const { bitOf } = BOARD;
  if (!g.fireReady) prepareFire();
  const { negated, fireStamp, gridGen } = g;
  let fires = false;
  for (let i = 0; i < count; i++) {
    const pot = MEMBERS[i]!;
    // on(pot) contradicts when off(pot) is among the negations.
    const off = bitOf[pot << 1]!;
    if ((negated[off >> 5]! & (1 << (off & 31))) !== 0) return true;
    // Only candidates that fire a component are stamped (see prepareFire).
    if (fireStamp[pot] === gridGen) fires = true;
  }
  // Unchanged and firing nothing: its closures are within B's, which have nothing in common.
  if (!changed && !fires) return false;
  const { on, words, onWords } = BOARD;
  const { unknown, union, slotWords } = g;
  // Only words where every closure has something can hold a common node. Unchanged, what they
  // have in common is besides in the reach of a link they fire (B's closures of the same
  // assumptions have nothing in common).
  let within = -1;
  let fired = 0;
  for (let i = 0; i < count; i++) {
    const pot = MEMBERS[i]!;
    const slot = firedReach(pot);
    ON_AT[i] = pot * NODE_WORDS;
    V_AT[i] = slot * NODE_WORDS;
    within &= onWords[pot]! | slotWords[slot]!;
    fired |= slotWords[slot]!;
  }
  if (words > 32) {
    g.effort += count * words;
    for (let w = 0; w < words; w++) if (commonAt(w, count, on, unknown, union)) return true;
    return false;
  }
  let wordMask = changed ? within : within & fired;
  while (wordMask !== 0) {
    const w = 31 - Math.clz32(wordMask & -wordMask);
    wordMask &= wordMask - 1;
    g.effort += count;
    if (commonAt(w, count, on, unknown, union)) return true;
  }
  return false;
}

/** Whether word `w` of U & (cl_B(x_i) | V(x_i)) over the members (ON_AT, V_AT) is not empty. */
function commonAt(w: number, count: number, on: Int32Array, unknown: Int32Array, union: Int32Array): boolean {
  let common = unknown[w]!;
  for (let i = 0; i < count && common !== 0; i++) common &= on[ON_AT[i]! + w]! | union[V_AT[i]! + w]!;
  return common !== 0;
}

/** Marks which words of union slot `slot` are not zero (as far as masks go: words 0 to 31). */
function markSlotWords(slot: number): void {
  const { union, slotWords } = GRID;
  const at = slot * NODE_WORDS;
  let mask = 0;
  for (let w = 0; w < BOARD.words && w < 32; w++) if (union[at + w] !== 0) mask |= 1 << w;
  slotWords[slot] = mask;
}

const ON_AT = new Int32Array(9);
const V_AT = new Int32Array(9);

/**
 * Fills `fire` for the analysed grid's link components, and the mask of the components each
 * candidate fires (fireMask where fireStamp is current; none elsewhere), from the bits of `fire`.
 */
function prepareFire(): void {
  const g = GRID;
  g.fireReady = true;
  const { on, words, potOf } = BOARD;
  const { fire, unknown, fireStamp, fireMask } = g;
  for (let comp = 0; comp < g.componentCount; comp++) fire.fill(0, comp * NODE_WORDS, comp * NODE_WORDS + words);
  for (let l = 0; l < g.linkCount; l++) {
    const at = g.component[l]! * NODE_WORDS;
    const from = g.linkFrom[l]! * NODE_WORDS;
    // "Off" nodes are the even bits.
    for (let w = 0; w < words; w++) fire[at + w] = fire[at + w]! | (on[from + w]! & unknown[w]! & 0x55555555);
  }
  g.effort += (g.linkCount + g.componentCount) * words;
  const gen = g.gridGen;
  const manyComponents = g.componentCount > MASK_COMPONENTS;
  for (let comp = 0; comp < g.componentCount; comp++) {
    const at = comp * NODE_WORDS;
    const bit = manyComponents ? -1 : 1 << comp;
    for (let w = 0; w < words; w++) {
      let bits = fire[at + w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const pot = potOf[(w << 4) + ((31 - Math.clz32(low)) >> 1)]!;
        if (fireStamp[pot] !== gen) {
          fireStamp[pot] = gen;
          fireMask[pot] = 0;
        }
        fireMask[pot] = fireMask[pot]! | bit;
      }
    }
  }
}

/** Whether on(pot) fires a link of component `comp`. */
function firesComponent(pot: number, comp: number): boolean {
  const bit = BOARD.bitOf[pot << 1]!;
  return (GRID.fire[comp * NODE_WORDS + (bit >> 5)]! & (1 << (bit & 31))) !== 0;
}

/** The components on(pot) fires, as a mask; -1 when there are too many components for masks. */
function firedMask(pot: number): number {
  const g = GRID;
  if (!g.fireReady) prepareFire();
  return g.fireStamp[pot] === g.gridGen ? g.fireMask[pot]! : 0;
}

/**
 * The union slot holding the reach of the links on(pot) fires: an empty one when none, a memo by
 * mask, or the pot's own slot when there are too many components (or masks).
 */
function firedReach(pot: number): number {
  const g = GRID;
  if (g.slotStamp[pot] === g.gridGen) return g.slotOf[pot]!;
  const mask = firedMask(pot);
  let slot = mask === 0 ? EMPTY_SLOT : mask === -1 ? -1 : unionOf(mask);
  if (slot === -1) slot = unionInto(POT_SLOT + pot, pot);
  g.slotStamp[pot] = g.gridGen;
  g.slotOf[pot] = slot;
  return slot;
}

/** The reach of the links on(pot) fires, into union slot `slot` (when there are too many components for masks). */
function unionInto(slot: number, pot: number): number {
  const g = GRID;
  const words = BOARD.words;
  const at = slot * NODE_WORDS;
  const { union, reach } = g;
  union.fill(0, at, at + words);
  for (let comp = 0; comp < g.componentCount; comp++) {
    if (!firesComponent(pot, comp)) continue;
    const from = g.componentLink[comp]! * NODE_WORDS;
    for (let w = 0; w < words; w++) union[at + w] = union[at + w]! | reach[from + w]!;
    g.effort += words;
  }
  markSlotWords(slot);
  return slot;
}

/** The slot of the union of the reach of the components in `mask` (-1 when the memo is full). */
function unionOf(mask: number): number {
  const g = GRID;
  // Open addressing over 256 entries (at most MAX_UNIONS used), valid for this grid when stamped.
  let h = Math.imul(mask, 0x9e3779b1) >>> 24;
  while (g.hashStamp[h] === g.gridGen) {
    if (g.hashMask[h] === mask) return g.hashSlot[h]!;
    h = (h + 1) & 255;
  }
  if (g.unionCount === MAX_UNIONS) return -1;
  const slot = g.unionCount++;
  g.hashStamp[h] = g.gridGen;
  g.hashMask[h] = mask;
  g.hashSlot[h] = slot;
  const words = BOARD.words;
  const at = slot * NODE_WORDS;
  const { union, reach } = g;
  union.fill(0, at, at + words);
  for (let comp = 0; comp < g.componentCount; comp++) {
    if ((mask & (1 << comp)) === 0) continue;
    const from = g.componentLink[comp]! * NODE_WORDS;
    for (let w = 0; w < words; w++) union[at + w] = union[at + w]! | reach[from + w]!;
    g.effort += words;
  }
  markSlotWords(slot);
  return slot;
}
