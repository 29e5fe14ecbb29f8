import { POPCOUNT } from '../../core/tables.js';
import type { AdvancedOff } from './advanced.js';
import { ChainEngine, type NestedProof, type Run, STATIC_MODE, dynamicMode, nodeCell, nodeDigit, nodeIsOn, nodeOf } from './engine.js';
import { MAX_HOUSES, type SeHouses, linkUnit } from './se-units.js';
import { hintChains } from './chain-data.js';
import type { ChainData, ChainNode } from '../../core/step.js';
import { type ChainHint, type HintChain, type SearchFilter, searchHints } from './search.js';
import { CHAIN_KIND, type ChainHintRecord, listChainHints } from '../chains/search.js';
import {
  analyseGrid,
  anyContradiction,
  boardAllowsContradictions,
  boardAllowsMultiple,
  listContradictions,
  prepareBoard,
  relativeAnyPasses,
  relativeFilter,
  takeFilterEffort,
} from './relative.js';
import { reachFilter } from './reach-filter.js';

/*
 * Nested chains: when a dynamic chain's queue runs dry and locking, pairs and X-wing found nothing,
 * look on the chain's working grid for SE's cycles and forcing X/Y-chains (levels 2 and 3), then
 * static cell / region forcing chains (level 3); or for dynamic forcing chains (levels 4 and 5),
 * then dynamic chains of level 2 (level 5). What they remove joins the outer chain, with the outer
 * "off" nodes their links rely on as parents, and their complexity adds to the outer chain's.
 */
/** One engine for the static chains of every nested search (they never nest further). */
let subEngine: ChainEngine | null = null;

export function findNestedOffs(engine: ChainEngine, run: Run, level: number, out: AdvancedOff[], skipForcingChains = false): void {
  if (engine.spent) return;
  // Relative to the board when it allows (see relative.ts): its closures are found once. Most
  // working grids then show no contradiction, and no cell or region that can give a chain: the
  // static chains need not be looked for.
  engine.effort += prepareBoard(engine, engine.generation, engine.base, engine.basePos);
  const relative = boardAllowsContradictions();
  engine.noStaticContradiction = relative;
  engine.noStaticMultiple = boardAllowsMultiple();
  if (relative) engine.effort += analyseGrid(engine.base, engine.basePos, engine.cur, engine.curPos);
  const lookForContradictions = !skipForcingChains && (!relative || anyContradiction());
  // Level 3's cell / region chains are looked for only where the chains and cycles found nothing.
  // Relative to the board, whether a cell or region can give one is known first (then the static
  // search is skipped where none can), but only asked when needed.
  const relativeMultiple = level >= 3 && boardAllowsMultiple();
  if (!lookForContradictions) {
    if (level < 3) return;
    if (relativeMultiple) {
      const passes = relativeAnyPasses();
      engine.effort += takeFilterEffort();
      if (!passes) return;
    }
  }
  if (subEngine === null || subEngine.houses !== engine.houses) subEngine = new ChainEngine({ values: new Uint8Array(81), candidates: engine.cur }, engine.houses.geometry);
  else subEngine.load(engine.cur, engine.curPos);
  const sub = subEngine;
  sub.budget = engine.budget;
  sub.effort = engine.effort;
  try {
    if (lookForContradictions) chainsAndCycles(engine, sub, run, out, relative);
    if (out.length > 0 || level < 3 || sub.spent) return;
    let filter: SearchFilter;
    if (relativeMultiple) {
      if (lookForContradictions) {
        const passes = relativeAnyPasses();
        sub.effort += takeFilterEffort();
        if (!passes) return;
      }
      filter = relativeFilter();
    } else {
      sub.computeStaticClosures();
      filter = reachFilter(sub);
    }
    const hints: ChainHint[] = [];
    searchHints(sub, { mode: STATIC_MODE, nishio: false, dynamic: false }, (hint) => {
      hints.push(hint);
    }, filter);
    sub.effort += takeFilterEffort();
    emitSorted(engine, sub, run, hints, out, -1);
  } finally {
    engine.effort = sub.effort;
    if (sub.exhausted) engine.exhausted = true;
    sub.release();
  }
}

/**
 * The engines of the dynamic chains nested in runs of levels 4 and 5 (they nest static ones only):
 * one for the current check, and the last check's, kept with its runs for the next check of the
 * same outer chain (its grid then holds the new one, see ChainEngine.borrowRuns).
 */
let dynamicSubEngine: ChainEngine | null = null;
let lastDynamicSubEngine: ChainEngine | null = null;

/**
 * Nested dynamic chains (SE's experimental levels 4 and 5): when a dynamic chain's queue runs dry
 * and the simple rules found nothing, dynamic forcing chains (SE's 8.5 producer) on the chain's
 * working grid; at level 5, if they found nothing, dynamic forcing chains of level 2 (which nest
 * static chains in turn). Like SE, a producer's hints are taken in its order (difficulty, then
 * complexity, then kind), hints with the same removals as an earlier one are dropped, and a hint
 * that relies on no candidate the outer chain removed is not used; each removal keeps its first
 * proof. `skipPlain` skips the first producer (a level-5 run continued from level 4's).
 */
export function findDynamicNestedOffs(engine: ChainEngine, outer: Run, level: number, out: AdvancedOff[], skipPlain: boolean): void {
  if (engine.spent) return;
  if (dynamicSubEngine === null || dynamicSubEngine.houses !== engine.houses) dynamicSubEngine = new ChainEngine({ values: new Uint8Array(81), candidates: engine.cur }, engine.houses.geometry);
  else dynamicSubEngine.load(engine.cur, engine.curPos);
  const sub = dynamicSubEngine;
  const previous = lastDynamicSubEngine?.houses === engine.houses ? lastDynamicSubEngine : null;
  sub.borrowRuns(engine, previous);
  sub.budget = engine.budget;
  sub.effort = engine.effort;
  try {
    if (!skipPlain) emitInOrder(engine, sub, outer, 0, out);
    if (out.length === 0 && level >= 5 && !sub.spent) emitInOrder(engine, sub, outer, 2, out);
  } finally {
    engine.effort = sub.effort;
    if (sub.exhausted) engine.exhausted = true;
    // Keep this check's runs for the next one; the one before is done with.
    previous?.release();
    if (sub.exhausted) sub.release();
    lastDynamicSubEngine = sub;
    dynamicSubEngine = previous;
  }
}

/** Runs one dynamic producer of `level` on the sub-grid and gives its hints to the outer chain in SE's order. */
function emitInOrder(engine: ChainEngine, sub: ChainEngine, outer: Run, level: number, out: AdvancedOff[]): void {
  const hints: ChainHint[] = [];
  searchHints(sub, { mode: dynamicMode(level), nishio: false, dynamic: true }, (hint) => {
    hints.push(hint);
  });
  if (sub.spent) return;
  emitSorted(engine, sub, outer, hints, out, level);
}

/**
 * Gives one producer's hints to the outer chain in SE's order: by difficulty (one base: by
 * complexity), then sort key, then the order found (a stable sort). A hint with the same removals
 * as an earlier one (SE's hint equality) is dropped whether or not that one was used: the listing
 * (searchHints with a sink) has kept only the first of each removal set.
 */
function emitSorted(engine: ChainEngine, sub: ChainEngine, outer: Run, hints: ChainHint[], out: AdvancedOff[], level: number): void {
  if (hints.length === 0) return;
  hints.sort((a, b) => a.complexity - b.complexity || a.sortKey - b.sortKey);
  for (const hint of hints) emitHint(engine, sub, outer, hint, out, level);
}

/**
 * For a run taken over from the previous board whose level-3 check found nothing at this grid there
 * (see ChainEngine.compute): whether no cell or region holding one of the removed candidates
 * `changed[0..count)` can give a static cell / region chain on the engine's working grid. The
 * others are as they were, on static links that are a subset of the previous grid's.
 */
export function changedSourcesGiveNothing(engine: ChainEngine, changed: Int16Array, count: number): boolean {
  engine.effort += prepareBoard(engine, engine.generation, engine.base, engine.basePos);
  if (!boardAllowsMultiple()) return false;
  engine.effort += analyseGrid(engine.base, engine.basePos, engine.cur, engine.curPos);
  const filter = relativeFilter();
  const { cur, curPos } = engine;
  let passes = false;
  for (let n = 0; n < count && !passes; n++) {
    const cell = Math.floor(changed[n]! / 9);
    const digitIndex = changed[n]! % 9;
    if (POPCOUNT[cur[cell]!]! > 2 && filter.cell(cell)) passes = true;
    const h = engine.houses;
    for (let k = h.start[cell]!; k < h.start[cell + 1]! && !passes; k++) {
      const unit = h.house[k]!;
      if (POPCOUNT[curPos[unit * 9 + digitIndex]!]! >= 2 && filter.region(unit, digitIndex + 1)) passes = true;
    }
  }
  engine.effort += takeFilterEffort();
  return !passes;
}

/**
 * SE's "Forcing Chains & Cycles" producer on the sub-grid (levels 2 and 3): all its hints (X, Y
 * and XY cycles, forcing X- and XY-chains), sorted as SE sorts them (difficulty, complexity, sort
 * key, then the order found), hints with the same removals as an earlier one dropped; a hint that
 * relies on no candidate the outer chain removed is not used, each removal keeps its first proof.
 * Only called when the sub-grid has a static contradiction: every removal of these hints is one
 * (a cycle's elimination implies both states of a node of the cycle).
 */
function chainsAndCycles(engine: ChainEngine, sub: ChainEngine, outer: Run, out: AdvancedOff[], relative: boolean): void {
  const hints: ChainHintRecord[] = [];
  // Relative to the board, which nodes contradict themselves is known already (see relative.ts).
  sub.effort += listChainHints(sub.base, (hint) => {
    hints.push(hint);
  }, relative ? listContradictions : undefined, sub.basePos, sub.houses);
  if (hints.length === 0) return;
  hints.sort((a, b) => a.raw - b.raw || a.length - b.length || a.sortKey - b.sortKey);
  const seen = new Set<string>();
  for (const hint of hints) {
    const removals = hint.placement >= 0 ? placementRemovals(sub.base, hint.placement) : hint.eliminations;
    const key = removals.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    startNeeds();
    for (const code of hint.needs) need(code);
    const parents = lostParents(engine, sub, outer);
    if (parents.length === 0) continue;
    const proof = chainProof(hint, outer);
    const cause = proof.shape === 'cycle' ? 'cycle' : 'forcing chain';
    for (const pot of removals) out.push({ node: pot << 1, parents, cause, nested: proof });
  }
}

/** The candidates placing a potential removes: the cell's others, in digit order. */
function placementRemovals(base: Uint16Array, pot: number): number[] {
  const cell = Math.floor(pot / 9);
  const removals: number[] = [];
  let others = base[cell]! & ~(1 << (pot % 9));
  while (others !== 0) {
    const low = others & -others;
    others ^= low;
    removals.push(cell * 9 + 31 - Math.clz32(low));
  }
  return removals;
}

/**
 * A cycle's or forcing chain's proof. Its identity is its path (SE counts equal nested chains
 * once): a 52-bit hash of the path, above the ids of the other proofs (below 2^31).
 */
function chainProof(hint: ChainHintRecord, outer: Run): NestedProof {
  let low = 0x811c9dc5;
  let high = 0x2545f491;
  for (let i = 0; i < hint.nodes.length; i++) {
    const code = (hint.nodes[i]! << 1) | (hint.on[i] ? 1 : 0);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ (code + (i << 11)), 0x5bd1e995) >>> 0;
  }
  const id = 2 ** 31 + (high % 2 ** 21) * 2 ** 31 + (low % 2 ** 31);
  const target = hint.placement >= 0 ? hint.placement : hint.nodes[hint.nodes.length - 1]!;
  const forcing = hint.kind === CHAIN_KIND.forcingXChain || hint.kind === CHAIN_KIND.forcingXyChain;
  return {
    id,
    complexity: hint.length,
    shape: forcing ? 'chain' : 'cycle',
    sourceCell: Math.floor(hint.nodes[0]! / 9),
    sourceUnit: -1,
    sourceDigit: (hint.nodes[0]! % 9) + 1,
    cell: Math.floor(target / 9),
    digit: (target % 9) + 1,
    on: hint.placement >= 0,
    level: -1,
    outerSize: outer.size,
    path: hint.nodes.map((pot, i) => (pot << 1) | (hint.on[i] ? 1 : 0)),
  };
}

/*
 * A nested hint relies on cells and (unit, digit) slots of the sub-grid, in the order first met
 * ("needs": a cell is 0..80, a slot 81 + unit * 9 + digitIndex): its source cell or region, and the
 * cell (naked single) or unit (hidden single) of every "on" link among its chains' ancestors. The
 * outer chain's parents for what it removes are the candidates the outer chain removed there.
 */
const NEED_STAMP = new Int32Array(81 + MAX_HOUSES * 9);
const NEEDS = new Int16Array(81 + MAX_HOUSES * 9);
const WALK_STAMP = new Int32Array(1458);
const WALK_STACK = new Int16Array(1458);
let stampGen = 0;
/** The needs of the hint being described: NEEDS[0..needCount), stamped needGen. */
let needCount = 0;
let needGen = 0;

/** Empties NEEDS for the next hint. */
function startNeeds(): void {
  needGen = ++stampGen;
  needCount = 0;
}

function need(code: number): void {
  if (NEED_STAMP[code] === needGen) return;
  NEED_STAMP[code] = needGen;
  NEEDS[needCount++] = code;
}

/**
 * Records what an "on" link relies on in the sub-grid: its node's parents are pool[start..+count),
 * the first being the "off" node that fired it. In its cell, a naked single; else a hidden single of
 * the first unit (SE's order) holding both cells whose other places for the digit are all among the
 * parents (a static link has one parent, in a unit with two places; a dynamic one adds the places
 * its chain had removed there).
 */
function needOnLink(h: SeHouses, subPos: Uint16Array, node: number, pool: Int16Array, start: number, count: number): void {
  const cell = Math.floor((node >> 1) / 9);
  const parentCell = Math.floor((pool[start]! >> 1) / 9);
  const digitIndex = (node >> 1) % 9;
  if (parentCell === cell) {
    need(cell);
    return;
  }
  for (let k = h.start[cell]!; k < h.start[cell + 1]!; k++) {
    const unit = h.house[k]!;
    if (!unitContains(h, unit, parentCell)) continue;
    let parentPlaces = 0;
    for (let i = 0; i < count; i++) {
      const place = placeIn(h, unit, Math.floor((pool[start + i]! >> 1) / 9));
      if (place >= 0) parentPlaces |= 1 << place;
    }
    if ((subPos[unit * 9 + digitIndex]! & ~(1 << h.index[k]!)) !== parentPlaces) continue;
    need(81 + unit * 9 + digitIndex);
    return;
  }
}

/** Fills NEEDS with what a hint's chains rely on (see above). */
function describeNeeds(sub: ChainEngine, hint: ChainHint): void {
  startNeeds();
  if (hint.shape === 'cell') need(hint.sourceCell);
  if (hint.shape === 'region') need(81 + hint.sourceUnit * 9 + hint.sourceDigit - 1);
  for (const chain of hint.chains) {
    const run = chain.run;
    const walk = ++stampGen;
    let top = 0;
    if (chain.node === -1) {
      // The derived node of the contradiction, with its own parents.
      WALK_STAMP[run.conflictNode] = walk;
      if ((run.conflictNode & 1) === 1 && run.conflictCount > 0) needOnLink(sub.houses, sub.basePos, run.conflictNode, run.pool, run.conflictStart, run.conflictCount);
      for (let i = 0; i <= run.conflictCount; i++) {
        const n = i < run.conflictCount ? run.pool[run.conflictStart + i]! : run.conflictOther;
        if (WALK_STAMP[n] !== walk) {
          WALK_STAMP[n] = walk;
          WALK_STACK[top++] = n;
        }
      }
    } else {
      WALK_STAMP[chain.node] = walk;
      WALK_STACK[top++] = chain.node;
    }
    while (top > 0) {
      const node = WALK_STACK[--top]!;
      const count = run.parentCount[node]!;
      const start = run.parentStart[node]!;
      for (let i = 0; i < count; i++) {
        const n = run.pool[start + i]!;
        if (WALK_STAMP[n] !== walk) {
          WALK_STAMP[n] = walk;
          WALK_STACK[top++] = n;
        }
      }
      if ((node & 1) === 1 && count > 0) needOnLink(sub.houses, sub.basePos, node, run.pool, start, count);
    }
  }
}

const SHAPES = ['contradiction', 'double', 'cell', 'region'] as const;

function proofOf(hint: ChainHint, outer: Run, level: number): NestedProof {
  const shape = SHAPES.indexOf(hint.shape);
  let id = level + 1;
  id = id * 4 + shape;
  id = id * 82 + hint.sourceCell + 1;
  id = id * (MAX_HOUSES + 1) + hint.sourceUnit + 1;
  id = id * 10 + hint.sourceDigit;
  id = id * 81 + hint.cell;
  id = id * 10 + hint.digit;
  id = id * 2 + (hint.on ? 1 : 0);
  return {
    id,
    complexity: hint.complexity,
    shape: hint.shape,
    sourceCell: hint.sourceCell,
    sourceUnit: hint.sourceUnit,
    sourceDigit: hint.sourceDigit,
    cell: hint.cell,
    digit: hint.digit,
    on: hint.on,
    level,
    outerSize: outer.size,
  };
}

/**
 * The chains of a nested proof found in `outer` (a run on a board with candidates `base`): the
 * outer chain's grid at that point is `base` without the "off" nodes it had reached (all were
 * processed: nested chains are looked for when its queue is empty), and the nested hint's runs
 * (static, or dynamic of the proof's level) on that grid are found again. They depend on the grid
 * alone, so these are the chains whose complexity was counted.
 */
export function nestedProofChains(proof: NestedProof, outer: Run, base: Uint16Array, houses: SeHouses): ChainData[] {
  if (proof.path !== undefined) return [pathChain(houses, proof.path)];
  const grid = base.slice();
  for (let i = 0; i < outer.offCount; i++) {
    const node = outer.offOrder[i]!;
    if (outer.seq[node]! >= proof.outerSize) continue;
    const pot = node >> 1;
    grid[Math.floor(pot / 9)] = grid[Math.floor(pot / 9)]! & ~(1 << (pot % 9));
  }
  const engine = new ChainEngine({ values: new Uint8Array(81), candidates: grid }, houses.geometry);
  const mode = proof.level < 0 ? STATIC_MODE : dynamicMode(proof.level);
  const target = nodeOf(proof.cell, proof.digit, proof.on);
  const chains: HintChain[] = [];
  if (proof.shape === 'contradiction') {
    chains.push({ run: engine.run(mode, nodeOf(proof.sourceCell, proof.sourceDigit, !proof.on)), node: -1 });
  } else if (proof.shape === 'double') {
    chains.push({ run: engine.run(mode, nodeOf(proof.sourceCell, proof.sourceDigit, true)), node: target });
    chains.push({ run: engine.run(mode, nodeOf(proof.sourceCell, proof.sourceDigit, false)), node: target });
  } else if (proof.shape === 'cell') {
    for (let d = 1; d <= 9; d++) {
      if (grid[proof.sourceCell]! & (1 << (d - 1))) chains.push({ run: engine.run(mode, nodeOf(proof.sourceCell, d, true)), node: target });
    }
  } else {
    const positions = engine.basePos[proof.sourceUnit * 9 + proof.sourceDigit - 1]!;
    for (let i = 0; i < 9; i++) {
      if (positions & (1 << i)) chains.push({ run: engine.run(mode, nodeOf(houses.cells[proof.sourceUnit * 9 + i]!, proof.sourceDigit, true)), node: target });
    }
  }
  const data = hintChains(chains, grid, houses);
  engine.release();
  return data;
}

const LOST_STAMP = new Int32Array(1458);

/**
 * The outer chain's parents for a nested hint's removals: the candidates the outer chain removed
 * from the cells and slots in NEEDS (the sub-grid is the outer grid less them).
 */
function lostParents(engine: ChainEngine, sub: ChainEngine, outer: Run): number[] {
  const gen = ++stampGen;
  const parents: number[] = [];
  for (let i = 0; i < needCount; i++) {
    const code = NEEDS[i]!;
    const cells = code < 81;
    const slot = code - 81;
    let lost = cells ? engine.base[code]! & ~sub.base[code]! : engine.basePos[slot]! & ~sub.basePos[slot]!;
    while (lost !== 0) {
      const low = lost & -lost;
      lost ^= low;
      const bit = 31 - Math.clz32(low);
      const node = cells ? nodeOf(code, bit + 1, false) : nodeOf(engine.houses.cells[Math.floor(slot / 9) * 9 + bit]!, (slot % 9) + 1, false);
      if (LOST_STAMP[node] === gen || !outer.has(node)) continue;
      LOST_STAMP[node] = gen;
      parents.push(node);
    }
  }
  return parents;
}

/**
 * Gives a nested hint's removals to the outer chain as "off" nodes, if it relies on the outer chain
 * at all: their parents are the candidates the outer chain removed from the cells and slots the
 * hint needs, and the hint is kept as their proof (the outer chain keeps each removal's first one).
 */
function emitHint(engine: ChainEngine, sub: ChainEngine, outer: Run, hint: ChainHint, out: AdvancedOff[], level: number): void {
  describeNeeds(sub, hint);
  const parents = lostParents(engine, sub, outer);
  if (parents.length === 0) return;
  const proof = proofOf(hint, outer, level);
  const cause = level >= 0 ? 'dynamic forcing chains' : 'multiple forcing chains';
  const pot = hint.cell * 9 + hint.digit - 1;
  // Placing the digit removes the cell's others.
  for (const removed of hint.on ? placementRemovals(sub.base, pot) : [pot]) out.push({ node: removed << 1, parents, cause, nested: proof });
}

function unitContains(h: SeHouses, unit: number, cell: number): boolean {
  return placeIn(h, unit, cell) >= 0;
}

/** The place of a cell in a house, or -1. */
function placeIn(h: SeHouses, unit: number, cell: number): number {
  for (let i = 0; i < 9; i++) if (h.cells[unit * 9 + i] === cell) return i;
  return -1;
}

/** A cycle's or forcing chain's path as a chain: each node derived from the one before. */
function pathChain(h: SeHouses, path: readonly number[]): ChainData {
  const nodes: ChainNode[] = path.map((node, i) => {
    const out: ChainNode = { cell: nodeCell(node), digit: nodeDigit(node), on: nodeIsOn(node), parents: i === 0 ? [] : [i - 1] };
    const unit = i > 0 ? linkUnit(h, nodeCell(path[i - 1]!), nodeCell(node)) : undefined;
    if (unit !== undefined) out.unit = unit;
    return out;
  });
  return { nodes };
}
