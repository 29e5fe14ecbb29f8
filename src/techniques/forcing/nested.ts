import { POPCOUNT, UNIT_CELLS } from '../../core/tables.js';
import type { AdvancedOff } from './advanced.js';
import { ChainEngine, type NestedProof, type Run, SE_UNITS, STATIC_MODE, nodeOf } from './engine.js';
import { freezeChains } from './chain-data.js';
import { staticContradictions } from './contradictions.js';
import { type ChainHint, type SearchFilter, searchHints } from './search.js';

/*
 * Nested chains (SE levels 2 and 3): when a dynamic chain's queue runs dry and locking, pairs and
 * X-wing found nothing, look for static forcing chains (level 2), then static cell / region forcing
 * chains (level 3), on the chain's working grid. What they remove joins the outer chain, with the
 * outer "off" nodes their links rely on as parents, and their complexity adds to the outer chain's.
 * (SE's level 2 also uses X/Y cycles there; we do not.)
 */
/** One engine for the static chains of every nested search (they never nest further). */
let subEngine: ChainEngine | null = null;

export function findNestedOffs(engine: ChainEngine, run: Run, level: number, out: AdvancedOff[], skipForcingChains = false): void {
  if (engine.spent) return;
  if (subEngine === null) subEngine = new ChainEngine({ values: new Uint8Array(81), candidates: engine.cur });
  else subEngine.load(engine.cur);
  const sub = subEngine;
  sub.budget = engine.budget;
  sub.effort = engine.effort;
  try {
    // Either counts the same effort (the static links of the sub-grid).
    if (skipForcingChains) sub.computeStaticClosures();
    else forcingChains(engine, sub, run, out);
    if (out.length > 0 || level < 3 || sub.spent) return;
    if (!skipForcingChains) sub.computeStaticClosures({ countEffort: false });
    searchHints(sub, { mode: STATIC_MODE, nishio: false, dynamic: false }, (hint) => {
      addHint(engine, sub, run, hint, out);
    }, reachFilter(sub));
  } finally {
    engine.effort = sub.effort;
    if (sub.exhausted) engine.exhausted = true;
    sub.release();
  }
}

/**
 * Which cells and regions can give a static cell / region forcing chain on the sub-grid: those
 * whose assumptions' static closures have something in common, or where one assumption is
 * contradictory (its recorded run then stops early, as SE's does).
 */
function reachFilter(sub: ChainEngine): SearchFilter {
  const common = new Uint32Array(46);
  const shared = (nodes: number[]): boolean => {
    for (const node of nodes) if (sub.closureContradicts(node)) return true;
    let words = 46;
    for (const node of nodes) words = Math.min(words, sub.closureOf(node).length);
    common.set(sub.closureOf(nodes[0]!).subarray(0, words));
    for (let i = 1; i < nodes.length; i++) {
      const bits = sub.closureOf(nodes[i]!);
      for (let w = 0; w < words; w++) common[w] = common[w]! & bits[w]!;
    }
    for (let w = 0; w < words; w++) if (common[w] !== 0) return true;
    return false;
  };
  return {
    cell(cell) {
      const nodes: number[] = [];
      for (let d = 0; d < 9; d++) if (sub.base[cell]! & (1 << d)) nodes.push(nodeOf(cell, d + 1, true));
      return shared(nodes);
    },
    region(unit, digit) {
      const nodes: number[] = [];
      const positions = sub.basePos[unit * 9 + digit - 1]!;
      for (let i = 0; i < 9; i++) if (positions & (1 << i)) nodes.push(nodeOf(UNIT_CELLS[unit * 9 + i]!, digit, true));
      return shared(nodes);
    },
  };
}

/**
 * Static forcing X/Y-chains on the sub-grid: assumptions whose static consequences contradict
 * themselves (found for all assumptions at once, see contradictions.ts; the chains of those few
 * are then recorded with their parents).
 */
function forcingChains(engine: ChainEngine, sub: ChainEngine, outer: Run, out: AdvancedOff[]): void {
  const cur = sub.base;
  const { contradictory, effort } = staticContradictions(sub.base, sub.basePos);
  sub.effort += effort;
  // Cells in order, digits in order, "on" before "off" (SE's order).
  for (let cell = 0; cell < 81; cell++) {
    if (POPCOUNT[cur[cell]!]! < 2) continue;
    for (let digit = 1; digit <= 9; digit++) {
      if ((cur[cell]! & (1 << (digit - 1))) === 0) continue;
      for (let on = 1; on >= 0; on--) {
        const root = nodeOf(cell, digit, on === 1);
        if (contradictory[root] === 0) continue;
        if (sub.spent) return;
        const run = sub.run(STATIC_MODE, root);
        if (run.conflictNode < 0) continue;
        const hint: ChainHint = {
          shape: 'contradiction', cell, digit, on: on === 0, sourceCell: cell, sourceUnit: -1, sourceDigit: digit,
          chains: [{ run, node: -1 }], complexity: sub.conflictComplexity(run), sortKey: 7,
        };
        addHint(engine, sub, outer, hint, out);
      }
    }
  }
}

/** Turns a nested hint into "off" nodes of the outer chain, if it relies on the outer chain at all. */
const LOST_STAMP = new Int32Array(1458);
const WALK_STAMP = new Int32Array(1458);
const WALK_STACK = new Int16Array(1458);
let stampGen = 0;

function addHint(engine: ChainEngine, sub: ChainEngine, outer: Run, hint: ChainHint, out: AdvancedOff[]): void {
  const gen = ++stampGen;
  const parents: number[] = [];
  const addLost = (cell: number, digitIndex: number): void => {
    const node = nodeOf(cell, digitIndex + 1, false);
    if (LOST_STAMP[node] === gen || !outer.has(node)) return;
    LOST_STAMP[node] = gen;
    parents.push(node);
  };
  const lostInCell = (cell: number): void => {
    let lost = engine.base[cell]! & ~sub.base[cell]!;
    while (lost !== 0) {
      const low = lost & -lost;
      lost ^= low;
      addLost(cell, 31 - Math.clz32(low));
    }
  };
  const lostInUnit = (unit: number, digitIndex: number): void => {
    let lost = engine.basePos[unit * 9 + digitIndex]! & ~sub.basePos[unit * 9 + digitIndex]!;
    while (lost !== 0) {
      const low = lost & -lost;
      lost ^= low;
      addLost(UNIT_CELLS[unit * 9 + 31 - Math.clz32(low)]!, digitIndex);
    }
  };
  // The assumptions of cell / region chains rely on the cell (region) as it is now.
  if (hint.shape === 'cell') lostInCell(hint.sourceCell);
  if (hint.shape === 'region') lostInUnit(hint.sourceUnit, hint.sourceDigit - 1);
  // Every "on" link among the chains' ancestors relies on its cell (naked single) or unit (hidden
  // single) as it is in the sub-grid: what the outer chain removed there are the rule's parents.
  const onLink = (node: number, first: number): void => {
    const cell = Math.floor((node >> 1) / 9);
    const parentCell = Math.floor((first >> 1) / 9);
    const digitIndex = (node >> 1) % 9;
    if (parentCell === cell) {
      lostInCell(cell);
      return;
    }
    for (let k = 0; k < 3; k++) {
      const unit = SE_UNITS[cell * 3 + k]!;
      if (POPCOUNT[sub.basePos[unit * 9 + digitIndex]!] !== 2 || !unitContains(unit, parentCell)) continue;
      lostInUnit(unit, digitIndex);
      return;
    }
  };
  for (const chain of hint.chains) {
    const run = chain.run;
    const walk = ++stampGen;
    let top = 0;
    const push = (n: number): void => {
      if (WALK_STAMP[n] !== walk) {
        WALK_STAMP[n] = walk;
        WALK_STACK[top++] = n;
      }
    };
    if (chain.node === -1) {
      // The derived node of the contradiction, with its own parents.
      WALK_STAMP[run.conflictNode] = walk;
      if ((run.conflictNode & 1) === 1 && run.conflictCount > 0) onLink(run.conflictNode, run.pool[run.conflictStart]!);
      for (let i = 0; i < run.conflictCount; i++) push(run.pool[run.conflictStart + i]!);
      push(run.conflictOther);
    } else push(chain.node);
    while (top > 0) {
      const node = WALK_STACK[--top]!;
      const count = run.parentCount[node]!;
      for (let i = 0; i < count; i++) push(run.pool[run.parentStart[node]! + i]!);
      if ((node & 1) === 1 && count > 0) onLink(node, run.pool[run.parentStart[node]!]!);
    }
  }
  if (parents.length === 0) return;
  const proof: NestedProof = {
    frozen: freezeChains(hint.chains),
    id: `${hint.shape}:${hint.sourceCell}:${hint.sourceUnit}:${hint.sourceDigit}:${hint.cell}:${hint.digit}:${hint.on}`,
    complexity: hint.complexity,
  };
  const cause = hint.shape === 'contradiction' ? 'forcing chain' : 'multiple forcing chains';
  if (hint.on) {
    let others = sub.base[hint.cell]! & ~(1 << (hint.digit - 1));
    while (others !== 0) {
      const low = others & -others;
      others ^= low;
      out.push({ node: nodeOf(hint.cell, 32 - Math.clz32(low), false), parents, cause, nested: proof });
    }
  } else out.push({ node: nodeOf(hint.cell, hint.digit, false), parents, cause, nested: proof });
}

function unitContains(unit: number, cell: number): boolean {
  for (let i = 0; i < 9; i++) if (UNIT_CELLS[unit * 9 + i] === cell) return true;
  return false;
}
