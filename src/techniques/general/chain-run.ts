import type { GeneralShape } from '../../grader/general/shape.js';
import { KIND_BOX, KIND_COLUMN, KIND_OTHER, KIND_ROW } from '../../grader/general/shape.js';
import { advancedRemovals, type RuleGrid, type RuleOut } from './chain-rules.js';
import { nestedChainRemovals, type NestedChain } from './nested.js';
import { nestedMultipleRemovals } from './nested-multiple.js';
import { nestedDynamicRemovals } from './nested-dynamic.js';

/*
 * The implication runs of the general ladder's forcing chains (nishio, cell / region, dynamic),
 * for any grid: Sudoku Explainer's `Chaining.doChaining` over the rules' houses, as the 9x9 engine
 * (src/techniques/forcing/engine.ts, fixed at 81 cells) emulates it.
 *
 * A node is a candidate assumed on or off: node = (cell * size + digit - 1) * 2 + (on ? 1 : 0).
 * A run follows every consequence of one assumption breadth-first, one pending "on" node first,
 * else one pending "off" node, recording each node's parents at its first discovery:
 *
 *   on  (c, d)  ->  off c's other digits (cell links), then off d in the other cells of c's
 *                   houses, house by house in SE's order (box, row, column, extra houses, jigsaw
 *                   piece), each house's cells ascending, a cell once
 *   off (c, d)  ->  on c's other digit if c has two (cell links), then on d in the other place of
 *                   each house of c where d has two places
 *
 * A dynamic run removes each processed "off" candidate from its working grid (after its own
 * links), so later links see what earlier ones implied; an "on" node so reached gets as extra
 * ("hidden") parents the "off" nodes whose removal made the cell bivalue or the house a pair (SE's
 * addHiddenParentsOfCell / OfRegion). A run stops at its first contradiction: a node reached both
 * on and off. Nishio runs follow one digit (no cell links). An "advanced" run (dynamic forcing
 * chains (+)) also queues, each time its queue runs dry, what the simple rules of chain-rules.ts
 * remove because of it; a "nested" run (nested forcing chains), where those rules find nothing,
 * what SE's cycles and forcing chains on its working grid remove because of it (nested.ts; levels
 * 3-5: cell / region or dynamic forcing chains, nested-multiple.ts, nested-dynamic.ts), each
 * removal keeping the nested chain that proves it (counted in ancestorCount). A run also stops
 * where nothing it could still find can be within the caller's complexity cap (see runFrom's `cap`).
 *
 * Nothing is allocated per node: the run works in module buffers grown to the largest grid seen,
 * and copies its nodes and parents out once, at its end (one Run per assumption).
 */

/** One assumption's consequences. */
export interface Run {
  /** Nodes in the order found (the assumption first); `size` of them are the run's sets. */
  readonly nodes: Int32Array;
  readonly size: number;
  /** Parents (positions in `nodes`) of the node at position i: parents[parentStart[i] .. parentStart[i + 1]). */
  readonly parentStart: Int32Array;
  readonly parents: Int32Array;
  /**
   * The contradiction that stopped the run, as two positions (one node on, its conjugate off), or
   * -1: the second is the node found last, at position `size` (it is in no set, as in SE).
   */
  readonly conflictA: number;
  readonly conflictB: number;
  /**
   * The run stopped at its `cap` (see {@link runFrom}): it holds every node whose chain can be
   * within the cap, with the parents of the whole run, and no contradiction within it.
   */
  readonly cut: boolean;
  /**
   * Nested runs (level 2): the nested chain proving the node at each position (index into
   * `proofs` + 1; 0: none), or null when the run holds none.
   */
  readonly proofAt: Int32Array | null;
  readonly proofs: readonly NestedChain[] | null;
}

/** How a run propagates. */
export interface RunMode {
  /** Processed "off" candidates leave the working grid (SE's dynamic chains). */
  readonly dynamic: boolean;
  /** Links inside a cell (false: nishio). */
  readonly cellLinks: boolean;
  /**
   * SE's level 1 (dynamic forcing chains (+)): where the queue runs dry, what locking, hidden and
   * naked pairs or X-wings remove from the working grid because of the run is queued "off"
   * (chain-rules.ts). Dynamic runs only.
   */
  readonly advanced?: boolean;
  /**
   * SE's level 2 (nested forcing chains, 9.5): where the simple rules of `advanced` find nothing,
   * the removals of SE's cycles and forcing X/XY-chains on the working grid that rely on the run
   * (nested.ts). Needs `advanced`.
   */
  readonly nested?: boolean;
  /** SE's level 3 (10.0): where the cycles and forcing chains give nothing, static cell and region forcing chains too (nested-multiple.ts). Needs `nested`. */
  readonly nestedMultiple?: boolean;
  /**
   * SE's levels 4 (10.5) and 5 (11.0), in place of `nested`: where the simple rules find nothing,
   * the removals of dynamic forcing chains on the working grid that rely on the run; at level 5,
   * where those give nothing, of nested forcing chains (level 2) too (nested-dynamic.ts). Needs `advanced`.
   */
  readonly nestedDynamic?: 4 | 5;
}

/** A cell's houses in SE's order, and the house positions: built once per shape. */
export interface ChainHouses {
  /** Houses of a cell in SE's order: house[start[cell] .. start[cell + 1]). */
  readonly start: Int32Array;
  readonly house: Int16Array;
  /** Peers of a cell once each, in the order of its houses (SE's order) and their cells: peers[peerStart[cell] .. peerStart[cell + 1]). */
  readonly peerStart: Int32Array;
  readonly peers: Int16Array;
  /** The cell's position in each of its houses (parallel to `house`). */
  readonly index: Int8Array;
}

const housesBuilt = new WeakMap<GeneralShape, ChainHouses>();

/** Rank of a house kind in SE's order: box, row, column, extra houses, then jigsaw pieces (SukakuExplainer's custom regions come last). */
function rankOf(kind: number): number {
  if (kind === KIND_BOX) return 0;
  if (kind === KIND_ROW) return 1;
  if (kind === KIND_COLUMN) return 2;
  if (kind === KIND_OTHER) return 3;
  return 4;
}

/** The chain houses of a shape (built once per shape). */
export function chainHousesOf(shape: GeneralShape): ChainHouses {
  let built = housesBuilt.get(shape);
  if (built !== undefined) return built;
  const { cellCount, cellHouseStart, cellHouses, houseKind } = shape;
  const { size, houseCells } = shape;
  const start = new Int32Array(cellCount + 1);
  const house = new Int16Array(cellHouses.length);
  const index = new Int8Array(cellHouses.length);
  const peerStart = new Int32Array(cellCount + 1);
  const peers: number[] = [];
  for (let cell = 0; cell < cellCount; cell++) {
    const list = Array.from(cellHouses.subarray(cellHouseStart[cell]!, cellHouseStart[cell + 1]!));
    list.sort((a, b) => rankOf(houseKind[a]!) - rankOf(houseKind[b]!) || a - b);
    house.set(list, cellHouseStart[cell]!);
    list.forEach((h, k) => {
      for (let i = 0; i < size; i++) if (houseCells[h * size + i] === cell) index[cellHouseStart[cell]! + k] = i;
    });
    start[cell + 1] = cellHouseStart[cell + 1]!;
    const met = new Set<number>([cell]);
    for (const h of list) {
      for (let i = h * size; i < (h + 1) * size; i++) {
        const other = houseCells[i]!;
        if (met.has(other)) continue;
        met.add(other);
        peers.push(other);
      }
    }
    peerStart[cell + 1] = peers.length;
  }
  built = Object.freeze({ start, house, peerStart, peers: Int16Array.from(peers), index });
  housesBuilt.set(shape, built);
  return built;
}

// ---- Run buffers (grown to the largest grid seen) ----
let capacity = 0;
/** Stamp of the run that holds a node, and its position there. */
let member = new Int32Array(0);
let position = new Int32Array(0);
let order = new Int32Array(0);
let parentStart = new Int32Array(0);
let pool = new Int32Array(1024);
let queueOn = new Int32Array(0);
let queueOff = new Int32Array(0);
/**
 * A floor under each position's ancestor count: 1 + the largest of its parents' (the assumption
 * 1); and the number of pending nodes at each floor.
 */
let floor = new Int32Array(0);
let pendingAt = new Int32Array(0);
let work = new Uint16Array(0);
let runStamp = 0;
/** Places of each digit in each house (house * size + digit - 1) in the working grid. */
let placeCount = new Uint8Array(0);
/** Advanced runs: the places as position masks, and the digits the run removed in each house (where lostStamp is the run's). */
let placeMask = new Uint32Array(0);
let lostDigits = new Uint32Array(0);
let lostStamp = new Int32Array(0);
const RULE_OUT: RuleOut = { removals: [], parentStart: [], parents: [] };
/** Nested runs: the proof of each removal of RULE_OUT (parallel to its removals). */
const PROOF_OUT: NestedChain[] = [];
/** Nested runs: the proof index + 1 of each position (0: none; cleared after each run), the run's proofs, and their positions by key. */
let proofAt = new Int32Array(0);
const runProofs: NestedChain[] = [];
const proofIndex = new Map<string, number>();

function grow(nodes: number, cells: number, slots: number): void {
  if (placeCount.length < slots) {
    placeCount = new Uint8Array(slots);
    placeMask = new Uint32Array(slots);
  }
  if (lostDigits.length < slots) {
    // (One per house would do: slots is more than the houses.)
    lostDigits = new Uint32Array(slots);
    lostStamp = new Int32Array(slots);
  }
  if (capacity < nodes + 2) {
    capacity = nodes + 2;
    member = new Int32Array(capacity);
    position = new Int32Array(capacity);
    order = new Int32Array(capacity);
    parentStart = new Int32Array(capacity + 1);
    queueOn = new Int32Array(capacity);
    queueOff = new Int32Array(capacity);
    floor = new Int32Array(capacity);
    pendingAt = new Int32Array(capacity + 1);
    proofAt = new Int32Array(capacity);
    runStamp = 0;
  }
  if (work.length < cells) work = new Uint16Array(cells);
}

/** Run state of the current run. */
let count = 0;
let poolEnd = 0;
let headOn = 0;
let tailOn = 0;
let headOff = 0;
let tailOff = 0;
let conflictA = -1;
let conflictB = -1;
/** The highest floor of a node queued in this run. */
let highest = 0;
/** Node expansions of all runs since the counter was last reset (the search limit). */
let effort = 0;

/** Node expansions counted since {@link resetEffort}. */
export function runEffort(): number {
  return effort;
}

export function resetEffort(): void {
  effort = 0;
}

/** Counts expansions spent elsewhere (a search's result taken from a memo, at what it cost when found). */
export function addEffort(n: number): void {
  effort += n;
}

function pushParent(pos: number): void {
  if (poolEnd >= pool.length) {
    const bigger = new Int32Array(pool.length * 2);
    bigger.set(pool);
    pool = bigger;
  }
  pool[poolEnd++] = pos;
}

/** Opens a node at the next position with `parent` as its first parent (-1: none). */
function open(node: number, parent: number): number {
  const pos = count++;
  order[pos] = node;
  parentStart[pos] = poolEnd;
  if (parent >= 0) pushParent(parent);
  parentStart[pos + 1] = poolEnd;
  return pos;
}

/** Sets a queued node's floor (its parents are known) and counts it pending. */
function pend(pos: number): void {
  let most = 0;
  for (let k = parentStart[pos]!, end = parentStart[pos + 1]!; k < end; k++) if (floor[pool[k]!]! > most) most = floor[pool[k]!]!;
  floor[pos] = most + 1;
  pendingAt[most + 1]!++;
  if (most + 1 > highest) highest = most + 1;
}

/** Closes the parent list of the node just opened (after hidden parents were pushed). */
function close(pos: number): void {
  parentStart[pos + 1] = poolEnd;
}

/** Queues a node reached from position `from`; false when it contradicts the run (then recorded). */
function reachOff(node: number, from: number): boolean {
  const conj = node | 1;
  if (member[conj] === runStamp) {
    const pos = open(node, from);
    conflictA = position[conj]!;
    conflictB = pos;
    return false;
  }
  if (member[node] === runStamp) return true;
  member[node] = runStamp;
  const pos = open(node, from);
  position[node] = pos;
  queueOff[tailOff++] = pos;
  pend(pos);
  return true;
}

/**
 * Queues an "on" node reached from the "off" node at `from`, with the hidden parents of a
 * dynamic run (see the file's comment): `unit` -1 for the cell's other digits, else the house.
 */
function reachOn(node: number, from: number, dynamic: boolean, shape: GeneralShape, initial: Uint16Array, unit: number): boolean {
  const conj = node & ~1;
  const known = member[node] === runStamp;
  const clash = member[conj] === runStamp;
  if (known && !clash) return true;
  const pos = open(node, from);
  if (dynamic) {
    const size = shape.size;
    const id = node >> 1;
    const cell = (id / size) | 0;
    const d = id - cell * size;
    if (unit < 0) {
      // Digits of the cell that the run removed.
      for (let gone = initial[cell]! & ~work[cell]!; gone !== 0; gone &= gone - 1) {
        const hidden = ((cell * size + 31 - Math.clz32(gone & -gone)) << 1) | 0;
        if (member[hidden] === runStamp) pushParent(position[hidden]!);
      }
    } else {
      const bit = 1 << d;
      const cells = shape.houseCells;
      for (let i = unit * size, end = i + size; i < end; i++) {
        const other = cells[i]!;
        if ((initial[other]! & bit) === 0 || (work[other]! & bit) !== 0) continue;
        const hidden = (other * size + d) << 1;
        if (member[hidden] === runStamp) pushParent(position[hidden]!);
      }
    }
    close(pos);
  }
  if (clash) {
    conflictA = pos;
    conflictB = position[conj]!;
    return false;
  }
  member[node] = runStamp;
  position[node] = pos;
  queueOn[tailOn++] = pos;
  pend(pos);
  return true;
}

/**
 * The run of one assumption (a node) on a board's candidates (`initial`: the board's, never
 * written; filled cells hold 0), `places` the number of places of each digit in each house
 * (house * size + digit - 1) on that board (see {@link placeCounts}).
 *
 * `cap`: the largest complexity (ancestor count, see {@link ancestorCount}) the caller can still
 * use. A node's ancestors include its parents' and itself, so 1 + the largest floor of its
 * parents is a floor under its ancestor count; a node found later has a pending node (or a
 * later one) as its first parent, so once every pending node's floor is `cap` or more, nothing
 * found later (and no contradiction met later) can be used, and the run stops there (`cut`).
 * What it holds is what the whole run holds up to that point: the same nodes, positions and
 * parents.
 */
export function runFrom(shape: GeneralShape, houses: ChainHouses, initial: Uint16Array, places: Uint8Array, mode: RunMode, start: number, cap = Infinity, masks?: Uint32Array): Run {
  const { size, cellCount, houseCells } = shape;
  const { peerStart, peers } = houses;
  grow(cellCount * size * 2, cellCount, places.length);
  placeCount.set(places);
  if (++runStamp >= 0x7ffffff0) {
    member.fill(0);
    lostStamp.fill(0);
    runStamp = 1;
  }
  const advanced = mode.advanced === true && mode.dynamic && masks !== undefined;
  const nested = advanced && mode.nested === true;
  const nestedMultiple = nested && mode.nestedMultiple === true;
  const nestedDynamic = advanced ? mode.nestedDynamic ?? 0 : 0;
  const proving = nested || nestedDynamic > 0;
  if (proving) {
    runProofs.length = 0;
    proofIndex.clear();
  }
  if (advanced) placeMask.set(masks);
  work.set(initial.subarray(0, cellCount));
  count = 0;
  poolEnd = 0;
  headOn = tailOn = headOff = tailOff = 0;
  conflictA = conflictB = -1;
  const { dynamic, cellLinks } = mode;
  member[start] = runStamp;
  position[start] = open(start, -1);
  if ((start & 1) === 1) queueOn[tailOn++] = 0;
  else queueOff[tailOff++] = 0;
  highest = 0;
  pend(0);
  // The lowest floor of a pending node: what is found later lies above it (see `cap`).
  let lowest = 1;
  let cut = false;

  let going = true;
  while (going) {
    if (headOn === tailOn && headOff === tailOff && !(advanced && advance(shape, initial, masks, nested, nestedMultiple, nestedDynamic))) break;
    // (An advanced run's rules can add nodes of low floor at any quiescence: never cut.)
    if (!advanced) {
      while (pendingAt[lowest] === 0) lowest++;
      if (lowest + 1 > cap) {
        cut = true;
        break;
      }
    }
    effort++;
    if (headOn < tailOn) {
      const pos = queueOn[headOn++]!;
      pendingAt[floor[pos]!]!--;
      const node = order[pos]!;
      const id = node >> 1;
      const cell = (id / size) | 0;
      const d = id - cell * size;
      const bit = 1 << d;
      if (cellLinks) {
        for (let other = work[cell]! & ~bit; other !== 0 && going; other &= other - 1) {
          going = reachOff((cell * size + 31 - Math.clz32(other & -other)) << 1, pos);
        }
      }
      for (let k = peerStart[cell]!, end = peerStart[cell + 1]!; k < end && going; k++) {
        const other = peers[k]!;
        if ((work[other]! & bit) !== 0) going = reachOff((other * size + d) << 1, pos);
      }
    } else {
      const pos = queueOff[headOff++]!;
      pendingAt[floor[pos]!]!--;
      const node = order[pos]!;
      const id = node >> 1;
      const cell = (id / size) | 0;
      const d = id - cell * size;
      const bit = 1 << d;
      const rest = work[cell]! & ~bit;
      if (cellLinks && (work[cell]! & bit) !== 0 && rest !== 0 && (rest & (rest - 1)) === 0) {
        // A bivalue cell: its other digit.
        going = reachOn(((cell * size + 31 - Math.clz32(rest)) << 1) | 1, pos, dynamic, shape, initial, -1);
      }
      for (let k = houses.start[cell]!, end = houses.start[cell + 1]!; k < end && going; k++) {
        const house = houses.house[k]!;
        if (placeCount[house * size + d] !== 2) continue;
        // The digit's other place in a house where it has two.
        for (let i = house * size, last = i + size; i < last; i++) {
          const mate = houseCells[i]!;
          if (mate === cell || (work[mate]! & bit) === 0) continue;
          going = reachOn(((mate * size + d) << 1) | 1, pos, dynamic, shape, initial, house);
          break;
        }
      }
      if (dynamic) {
        work[cell] = work[cell]! & ~bit;
        for (let k = houses.start[cell]!, end = houses.start[cell + 1]!; k < end; k++) {
          const house = houses.house[k]!;
          const slot = house * size + d;
          placeCount[slot] = placeCount[slot]! - 1;
          if (advanced) {
            placeMask[slot] = placeMask[slot]! & ~(1 << houses.index[k]!);
            if (lostStamp[house] !== runStamp) {
              lostStamp[house] = runStamp;
              lostDigits[house] = 0;
            }
            lostDigits[house] = lostDigits[house]! | bit;
          }
        }
      }
    }
  }
  pendingAt.fill(0, 0, highest + 1);
  let proofsHeld: Int32Array | null = null;
  if (proving && runProofs.length > 0) {
    proofsHeld = proofAt.slice(0, count);
    proofAt.fill(0, 0, count);
  }
  return {
    cut,
    proofAt: proofsHeld,
    proofs: proofsHeld === null ? null : runProofs.slice(),
    nodes: order.slice(0, count),
    size: conflictA >= 0 ? count - 1 : count,
    parentStart: parentStart.slice(0, count + 1),
    parents: pool.slice(0, poolEnd),
    conflictA,
    conflictB,
  };
}

/**
 * Where an advanced run's queue runs dry: queues what chain-rules.ts's first productive rule
 * removes (nodes the run holds already are skipped; no contradiction is looked for here, as in
 * SE: it shows when a link reaches the conjugate). False when nothing new was queued.
 */
function advance(shape: GeneralShape, initial: Uint16Array, masks: Uint32Array | undefined, nested: boolean, nestedMultiple: boolean, nestedDynamic: number): boolean {
  const grid: RuleGrid = { shape, initial, work, initialPlaces: masks!, places: placeMask, lostDigits, lostStamp, stamp: runStamp };
  let proved = false;
  if (!advancedRemovals(grid, RULE_OUT)) {
    if (!nested && nestedDynamic === 0) return false;
    PROOF_OUT.length = 0;
    if (nestedDynamic > 0) {
      // Their runs use this file's buffers (level 5's nest further): this run is set aside meanwhile.
      const saved = suspendRun(shape.cellCount);
      try {
        nestedDynamicRemovals(grid, RULE_OUT, PROOF_OUT, nestedDynamic);
      } finally {
        resumeRun(saved);
      }
    } else effort += nestedChainRemovals(grid, RULE_OUT, PROOF_OUT);
    if (RULE_OUT.removals.length === 0 && nestedMultiple) {
      // Their runs use this file's buffers: this run is set aside meanwhile.
      const saved = suspendRun(shape.cellCount);
      try {
        nestedMultipleRemovals(grid, RULE_OUT, PROOF_OUT);
      } finally {
        resumeRun(saved);
      }
    }
    if (RULE_OUT.removals.length === 0) return false;
    proved = true;
  }
  const { removals, parentStart: starts, parents } = RULE_OUT;
  let added = false;
  for (let i = 0; i < removals.length; i++) {
    const node = removals[i]!;
    if (member[node] === runStamp) continue;
    const pos = open(node, -1);
    for (let k = starts[i]!; k < starts[i + 1]!; k++) if (member[parents[k]!] === runStamp) pushParent(position[parents[k]!]!);
    close(pos);
    if (proved) {
      // Equal nested chains (one cycle's several removals, or one found again) share one proof.
      const proof = PROOF_OUT[i]!;
      let index = proofIndex.get(proof.key);
      if (index === undefined) {
        index = runProofs.length;
        runProofs.push(proof);
        proofIndex.set(proof.key, index);
      }
      proofAt[pos] = index + 1;
    }
    member[node] = runStamp;
    position[node] = pos;
    queueOff[tailOff++] = pos;
    pend(pos);
    added = true;
  }
  return added;
}

/** A run set aside while other runs use the buffers (see {@link suspendRun}). */
interface SavedRun {
  count: number;
  poolEnd: number;
  headOn: number;
  tailOn: number;
  headOff: number;
  tailOff: number;
  highest: number;
  stamp: number;
  order: Int32Array;
  parentStart: Int32Array;
  pool: Int32Array;
  floor: Int32Array;
  work: Uint16Array;
  placeCount: Uint8Array;
  /** What an advanced or nested run keeps besides (runs nested in it may be such runs too). */
  placeMask: Uint32Array;
  lostDigits: Uint32Array;
  lostStamp: Int32Array;
  proofAt: Int32Array;
  runProofs: NestedChain[];
  proofIndex: Map<string, number>;
}

/**
 * Sets the current run aside (at a quiescence: nothing pending, no contradiction) so that other
 * runs can use the buffers: what they overwrite is copied out, and given back by {@link resumeRun}.
 */
function suspendRun(cells: number): SavedRun {
  const saved: SavedRun = {
    count, poolEnd, headOn, tailOn, headOff, tailOff, highest, stamp: runStamp,
    order: order.slice(0, count),
    parentStart: parentStart.slice(0, count + 1),
    pool: pool.slice(0, poolEnd),
    floor: floor.slice(0, count),
    work: work.slice(0, cells),
    placeCount: placeCount.slice(),
    placeMask: placeMask.slice(),
    lostDigits: lostDigits.slice(),
    lostStamp: lostStamp.slice(),
    proofAt: proofAt.slice(0, count),
    runProofs: runProofs.slice(),
    proofIndex: new Map(proofIndex),
  };
  // (A nested run reads proofAt only where it set it: the run's own marks are cleared meanwhile.)
  proofAt.fill(0, 0, count);
  return saved;
}

/** Takes a suspended run back: its nodes marked again under a stamp no run has used (the runs between used the ones after its own). */
function resumeRun(saved: SavedRun): void {
  ({ count, poolEnd, headOn, tailOn, headOff, tailOff, highest } = saved);
  conflictA = conflictB = -1;
  order.set(saved.order);
  parentStart.set(saved.parentStart);
  if (pool.length < saved.pool.length) pool = new Int32Array(saved.pool.length * 2);
  pool.set(saved.pool);
  floor.set(saved.floor);
  work.set(saved.work);
  placeCount.set(saved.placeCount);
  placeMask.set(saved.placeMask);
  lostDigits.set(saved.lostDigits);
  lostStamp.set(saved.lostStamp);
  proofAt.set(saved.proofAt);
  runProofs.length = 0;
  for (const proof of saved.runProofs) runProofs.push(proof);
  proofIndex.clear();
  for (const [key, index] of saved.proofIndex) proofIndex.set(key, index);
  const old = saved.stamp;
  if (++runStamp >= 0x7ffffff0) {
    member.fill(0);
    lostStamp.fill(0);
    runStamp = 1;
  }
  for (let house = 0; house < lostStamp.length; house++) if (lostStamp[house] === old) lostStamp[house] = runStamp;
  for (let i = 0; i < count; i++) {
    member[order[i]!] = runStamp;
    position[order[i]!] = i;
  }
}

/** The number of places of each digit in each house (house * size + digit - 1), from a scan's place masks. */
export function placeCounts(masks: Uint32Array): Uint8Array {
  const counts = new Uint8Array(masks.length);
  for (let i = 0; i < masks.length; i++) {
    let x = masks[i]!;
    let n = 0;
    for (; x !== 0; x &= x - 1) n++;
    counts[i] = n;
  }
  return counts;
}

// ---- Complexity: SE's getAncestorCount ----
let ancestorMark = new Int32Array(0);
let ancestorStack = new Int32Array(0);
let ancestorStamp = 0;
/** The nested proofs counted (stamp per proof index) by the current count. */
let proofSeen = new Int32Array(16);
let proofStamp = 0;

/** Readies the marks and stack of a walk up a run's parents from `pos` (stamped, on the stack). */
function startWalk(run: Run, pos: number): void {
  const n = run.nodes.length;
  if (ancestorMark.length < n) {
    ancestorMark = new Int32Array(Math.max(n, capacity));
    ancestorStack = new Int32Array(Math.max(n, capacity));
    ancestorStamp = 0;
  }
  if (++ancestorStamp >= 0x7ffffff0) {
    ancestorMark.fill(0);
    ancestorStamp = 1;
  }
  ancestorMark[pos] = ancestorStamp;
  ancestorStack[0] = pos;
}

/**
 * The number of distinct nodes among the node at `pos` and its ancestors in a run, plus the
 * complexity of the distinct nested chains proving them (SE's getAncestorCount +
 * getNestedComplexity: the chain's complexity); stops counting past `cap`. `sameProofs`: the
 * nested chains counted by the previous call (on the same run) are not counted again (a
 * contradiction's two sides, which SE counts with one set).
 */
export function ancestorCount(run: Run, pos: number, cap = Infinity, sameProofs = false): number {
  if (run.proofAt !== null) return nestedCount(run, pos, cap, sameProofs);
  startWalk(run, pos);
  let top = 1;
  let total = 1;
  while (top > 0) {
    const at = ancestorStack[--top]!;
    for (let k = run.parentStart[at]!, end = run.parentStart[at + 1]!; k < end; k++) {
      const parent = run.parents[k]!;
      if (ancestorMark[parent] === ancestorStamp) continue;
      ancestorMark[parent] = ancestorStamp;
      ancestorStack[top++] = parent;
      if (++total > cap) return total;
    }
  }
  return total;
}

/** {@link ancestorCount} on a run holding nested proofs. */
function nestedCount(run: Run, pos: number, cap: number, sameProofs: boolean): number {
  const proofAt = run.proofAt!;
  const proofs = run.proofs!;
  if (proofSeen.length < proofs.length) {
    proofSeen = new Int32Array(proofs.length * 2);
    proofStamp = 0;
  }
  if (!sameProofs && ++proofStamp >= 0x7ffffff0) {
    proofSeen.fill(0);
    proofStamp = 1;
  }
  startWalk(run, pos);
  let top = 1;
  let total = 0;
  while (top > 0) {
    const at = ancestorStack[--top]!;
    total++;
    const proof = proofAt[at]!;
    if (proof > 0 && proofSeen[proof - 1] !== proofStamp) {
      proofSeen[proof - 1] = proofStamp;
      total += proofs[proof - 1]!.complexity;
    }
    if (total > cap) return total;
    for (let k = run.parentStart[at]!, end = run.parentStart[at + 1]!; k < end; k++) {
      const parent = run.parents[k]!;
      if (ancestorMark[parent] === ancestorStamp) continue;
      ancestorMark[parent] = ancestorStamp;
      ancestorStack[top++] = parent;
    }
  }
  return total;
}

/** The positions of the node at `pos` and its ancestors, ascending (parents come before children). */
export function ancestorsOf(run: Run, pos: number): number[] {
  const seen = new Set<number>([pos]);
  const stack = [pos];
  while (stack.length > 0) {
    const at = stack.pop()!;
    for (let k = run.parentStart[at]!; k < run.parentStart[at + 1]!; k++) {
      const parent = run.parents[k]!;
      if (!seen.has(parent)) {
        seen.add(parent);
        stack.push(parent);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}
