import { POPCOUNT } from '../../core/tables.js';
import { type ChainEngine, type ChainMode, type Run, nodeOf } from './engine.js';
import { MAX_HOUSES, type SeHouses } from './se-units.js';

/** Which of SE's forcing-chain producers to emulate. */
export interface ForcingKind {
  mode: ChainMode;
  /** Nishio: contradictions of one digit only; no cell / region chains. */
  nishio: boolean;
  /** Dynamic: bivalue cells too, contradictions and double chains. */
  dynamic: boolean;
}

export type HintShape = 'contradiction' | 'double' | 'cell' | 'region';

/** One chain of a hint: the node it ends on, inside the run of its assumption. */
export interface HintChain {
  run: Run;
  /** Target node, or -1 for the run's contradiction. */
  node: number;
}

/** A forcing-chain deduction, before it becomes a Step. */
export interface ChainHint {
  shape: HintShape;
  /** The conclusion: `on` places `digit` in `cell`, otherwise removes it. */
  cell: number;
  digit: number;
  on: boolean;
  /** The assumption(s): a cell (cell chains, binary chains) or a unit and digit (region chains). */
  sourceCell: number;
  sourceUnit: number;
  sourceDigit: number;
  chains: HintChain[];
  complexity: number;
  /** SE's tie-break after complexity: binary reductions 1, cell 5, region 6, contradictions 7. */
  sortKey: number;
}

/** Receives every hint worth giving; returns the complexity cap for the next ones (Infinity: all). */
export type HintSink = (hint: ChainHint) => void;

const SORT_DOUBLE = 1;
const SORT_CELL = 5;
const SORT_REGION = 6;
const SORT_CONTRADICTION = 7;

/** Skips cells and regions known to give nothing (nested searches prefilter with cheap reach sets). */
export interface SearchFilter {
  cell(cell: number): boolean;
  region(unit: number, digit: number): boolean;
}

/**
 * SE's getMultipleChainsHintList for one producer: visits cells row by row and digits in order,
 * building binary (contradiction / double), region and cell forcing chains from the memoised runs.
 * SE sorts the list stably by difficulty (here: complexity) and sort key. Without `sink` only the
 * easiest hint is kept and returned (SE applies the first). With `sink`, the listing a nested chain
 * uses, where a hint with the same removals as an earlier one is dropped: only the first of each
 * removal set in that order is kept, and given to `sink` at the end, in the order found.
 * Either way a hint is built, and its complexity counted to the end, only if it can be kept.
 */
export function searchHints(engine: ChainEngine, kind: ForcingKind, sink?: HintSink, filter?: SearchFilter): ChainHint | null {
  const { base, basePos, houses } = engine;
  let best: ChainHint | null = null;
  // The listing's best hint of each removal set (cell * 512 + digits removed), and the hints that
  // were best when found. (A listing's runs may nest other searches: nothing shared.)
  const bestOf = new Map<number, ChainHint>();
  const listed: ChainHint[] = [];
  const removalsOf = (cell: number, digit: number, on: boolean): number => cell * 512 + (on ? base[cell]! & ~(1 << (digit - 1)) : 1 << (digit - 1));
  /** The complexity a hint of this sort key, removing `removals`, must not pass to be kept. */
  const capFor = (sortKey: number, removals: number): number => {
    const rival = sink ? bestOf.get(removals) : best;
    if (!rival) return Infinity;
    return sortKey < rival.sortKey ? rival.complexity : rival.complexity - 1;
  };
  const keep = (hint: ChainHint, removals: number): void => {
    if (sink) {
      bestOf.set(removals, hint);
      listed.push(hint);
    } else best = hint;
  };
  /** Keeps the contradiction of a run from an assumption about (cell, digit): `on` places the digit. */
  const considerContradiction = (cell: number, digit: number, on: boolean, run: Run): void => {
    const removals = removalsOf(cell, digit, on);
    const cap = capFor(SORT_CONTRADICTION, removals);
    if (cap < 1) return;
    const complexity = engine.conflictComplexity(run, cap);
    if (complexity > cap) return;
    keep({
      shape: 'contradiction', cell, digit, on, sourceCell: cell, sourceUnit: -1, sourceDigit: digit,
      chains: [{ run, node: -1 }], complexity, sortKey: SORT_CONTRADICTION,
    }, removals);
  };
  /** Keeps a double-chain hint (the common case: built only when it is kept). */
  const considerDouble = (cell: number, digit: number, onRun: Run, offRun: Run, node: number): void => {
    const target = node >> 1;
    const tCell = Math.floor(target / 9);
    const tDigit = (target % 9) + 1;
    const on = (node & 1) === 1;
    const removals = removalsOf(tCell, tDigit, on);
    const cap = capFor(SORT_DOUBLE, removals);
    if (cap < 1) return;
    const complexity = pairComplexity(engine, onRun, offRun, node, cap);
    if (complexity > cap) return;
    keep({
      shape: 'double', cell: tCell, digit: tDigit, on, sourceCell: cell, sourceUnit: -1, sourceDigit: digit,
      chains: [{ run: onRun, node }, { run: offRun, node }], complexity, sortKey: SORT_DOUBLE,
    }, removals);
  };

  /** Keeps the cell or region chains of `shared[0..count)` runs: one hint per node all of them reach. */
  const considerCommon = (shared: Run[], count: number, shape: 'cell' | 'region', sourceCell: number, sourceUnit: number, sourceDigit: number, sortKey: number): void => {
    const targets = commonTargets(shared, count);
    for (let t = 0; t < targets; t++) {
      const node = TARGETS[t]!;
      const target = node >> 1;
      const tCell = Math.floor(target / 9);
      const on = (node & 1) === 1;
      // Placing the only digit left in a cell is no news.
      if (on && (base[tCell]! & ~(1 << (target % 9))) === 0) continue;
      const removals = removalsOf(tCell, (target % 9) + 1, on);
      const cap = capFor(sortKey, removals);
      if (cap < 1) continue;
      const complexity = sumComplexity(engine, shared, count, node, cap);
      if (complexity > cap) continue;
      const chains: HintChain[] = [];
      for (let i = 0; i < count; i++) chains.push({ run: shared[i]!, node });
      keep({ shape, cell: tCell, digit: (target % 9) + 1, on, sourceCell, sourceUnit, sourceDigit, chains, complexity, sortKey }, removals);
    }
  };
  const { mode, nishio, dynamic } = kind;
  if (filter) indexOpenedRegions(engine);
  // Arrays reused from one cell / region to the next, with counts (emptying an array frees its
  // store, and refilling it allocates again); a kept hint copies what it needs.
  const runs: Run[] = [];
  let runCount = 0;
  const unitRuns: Run[] = [];
  // Hints made only of runs known to give nothing (the lower level's, or the previous board's
  // when its search found nothing, or a nested engine's lender's) are not looked at: only those
  // with a run of the search's own.
  const onlyOwn = engine.onlyOwnHints(mode);

  for (let cell = 0; cell < 81; cell++) {
    if (engine.spent) break;
    const card = POPCOUNT[base[cell]!]!;
    if (!(card > 2 || (card > 1 && dynamic))) continue;
    const cellWanted = !filter || filter.cell(cell);
    if (filter && !cellWanted && !regionsWanted(cell, 0, filter)) continue;
    runCount = 0;
    let cellOwn = !onlyOwn;
    for (let digit = 1; digit <= 9; digit++) {
      if ((base[cell]! & (1 << (digit - 1))) === 0) continue;
      if (!cellWanted && !regionsWanted(cell, digit, filter!)) continue;
      const onRun = engine.run(mode, nodeOf(cell, digit, true));
      runs[runCount++] = onRun;
      const doContradiction = dynamic;
      const doDouble = dynamic && !nishio && card >= 3;
      const offRun = doContradiction || doDouble ? engine.run(mode, nodeOf(cell, digit, false)) : null;
      const onOwn = !onlyOwn || engine.ownRun(mode, nodeOf(cell, digit, true));
      const offOwn = !onlyOwn || engine.ownRun(mode, nodeOf(cell, digit, false));
      if (onOwn) cellOwn = true;
      // (No closure in this loop: V8 would allocate a context for every digit.)
      if (doContradiction && onOwn && onRun.conflictNode >= 0) considerContradiction(cell, digit, false, onRun);
      if (doContradiction && offOwn && offRun && offRun.conflictNode >= 0) considerContradiction(cell, digit, true, offRun);
      if (doDouble && offRun && (onOwn || offOwn)) {
        // Most pairs of runs have nothing in common: found word by word before any node is read.
        let commonOn = 0;
        let commonOff = 0;
        for (let w = 0; w < 23; w++) {
          commonOn |= onRun.on[w]! & offRun.on[w]!;
          commonOff |= onRun.off[w]! & offRun.off[w]!;
        }
        for (let i = 0; commonOn !== 0 && i < onRun.onCount; i++) {
          const node = onRun.onOrder[i]!;
          if (!offRun.has(node)) continue;
          const target = node >> 1;
          const tCell = Math.floor(target / 9);
          if ((base[tCell]! & ~(1 << (target % 9))) === 0) continue;
          considerDouble(cell, digit, onRun, offRun, node);
        }
        for (let i = 0; commonOff !== 0 && i < onRun.offCount; i++) {
          const node = onRun.offOrder[i]!;
          if (!offRun.has(node)) continue;
          considerDouble(cell, digit, onRun, offRun, node);
        }
      }
      if (!nishio) {
        for (let k = houses.start[cell]!; k < houses.start[cell + 1]!; k++) {
          const unit = houses.house[k]!;
          const positions = basePos[unit * 9 + digit - 1]!;
          if (POPCOUNT[positions]! < 2) continue;
          const first = houses.cells[unit * 9 + 31 - Math.clz32(positions & -positions)]!;
          if (first !== cell) continue;
          if (filter && !filter.region(unit, digit)) continue;
          let unitCount = 0;
          let regionOwn = !onlyOwn;
          for (let i = 0; i < 9; i++) {
            if ((positions & (1 << i)) === 0) continue;
            const root = nodeOf(houses.cells[unit * 9 + i]!, digit, true);
            unitRuns[unitCount++] = engine.run(mode, root);
            if (!regionOwn && engine.ownRun(mode, root)) regionOwn = true;
          }
          if (regionOwn) considerCommon(unitRuns, unitCount, 'region', cell, unit, digit, SORT_REGION);
        }
      }
    }
    if (!nishio && runCount >= 2 && cellWanted && cellOwn) {
      considerCommon(runs, runCount, 'cell', cell, -1, 0, SORT_CELL);
    }
  }
  if (sink) for (const hint of listed) if (bestOf.get(removalsOf(hint.cell, hint.digit, hint.on)) === hint) sink(hint);
  return best;
}

/**
 * The regions each cell opens (it holds the digit's first place there, with two or more places),
 * as slots (unit * 9 + digit - 1) grouped by cell: OPENED[OPENED_START[cell] ..
 * OPENED_START[cell + 1]). Filled by {@link indexOpenedRegions} for a filtered search.
 */
const OPENED_START = new Int16Array(82);
const OPENED = new Int16Array(MAX_HOUSES * 9);
const OPENED_CELL = new Int8Array(MAX_HOUSES * 9);
const OPENED_NEXT = new Int16Array(81);

function indexOpenedRegions(engine: ChainEngine): void {
  const h: SeHouses = engine.houses;
  const slots = h.houseCount * 9;
  OPENED_START.fill(0);
  for (let slot = 0; slot < slots; slot++) {
    const positions = engine.basePos[slot]!;
    OPENED_CELL[slot] = -1;
    if (POPCOUNT[positions]! < 2) continue;
    const cell = h.cells[Math.floor(slot / 9) * 9 + 31 - Math.clz32(positions & -positions)]!;
    OPENED_CELL[slot] = cell;
    OPENED_START[cell + 1] = OPENED_START[cell + 1]! + 1;
  }
  for (let cell = 0; cell < 81; cell++) OPENED_START[cell + 1] = OPENED_START[cell + 1]! + OPENED_START[cell]!;
  OPENED_NEXT.set(OPENED_START.subarray(0, 81));
  for (let slot = 0; slot < slots; slot++) {
    const cell = OPENED_CELL[slot]!;
    if (cell < 0) continue;
    OPENED[OPENED_NEXT[cell]!] = slot;
    OPENED_NEXT[cell] = OPENED_NEXT[cell]! + 1;
  }
}

/** Whether some region that this cell opens passes the filter (for digit `digit`, or any digit when 0). */
function regionsWanted(cell: number, digit: number, filter: SearchFilter): boolean {
  for (let i = OPENED_START[cell]!; i < OPENED_START[cell + 1]!; i++) {
    const slot = OPENED[i]!;
    if (digit !== 0 && slot % 9 !== digit - 1) continue;
    if (filter.region(Math.floor(slot / 9), (slot % 9) + 1)) return true;
  }
  return false;
}

const common = { on: new Int32Array(23), off: new Int32Array(23) };
/** The nodes commonTargets found (considerCommon reads them before anything asks again). */
const TARGETS = new Int16Array(1458);

/**
 * Fills TARGETS with the nodes reached by every run of `runs[0..count)`: "on" nodes in the first
 * run's order, then "off" ones; returns how many.
 */
function commonTargets(runs: Run[], count: number): number {
  const first = runs[0]!;
  const on = common.on;
  const off = common.off;
  on.set(first.on);
  off.set(first.off);
  let any = 0;
  for (let w = 0; w < 23; w++) {
    for (let r = 1; r < count; r++) {
      on[w] = on[w]! & runs[r]!.on[w]!;
      off[w] = off[w]! & runs[r]!.off[w]!;
    }
    any |= on[w]! | off[w]!;
  }
  if (any === 0) return 0;
  // The common nodes are few: read off the sets' bits, then put in the first run's order.
  return targetsIn(off, 0, first, targetsIn(on, 1, first, 0));
}

/** Appends to TARGETS[from..) the nodes of one sign (1: "on") of a set, in the order `run` reached them; returns the new end. */
function targetsIn(set: Int32Array, sign: number, run: Run, from: number): number {
  let end = from;
  for (let w = 0; w < 23; w++) {
    for (let bits = set[w]!; bits !== 0; bits &= bits - 1) {
      const node = (((w << 5) + 31 - Math.clz32(bits & -bits)) << 1) | sign;
      // Insertion by the run's order (its insertion index).
      let i = end++;
      for (; i > from && run.seq[TARGETS[i - 1]!]! > run.seq[node]!; i--) TARGETS[i] = TARGETS[i - 1]!;
      TARGETS[i] = node;
    }
  }
  return end;
}

function pairComplexity(engine: ChainEngine, a: Run, b: Run, node: number, cap: number): number {
  const first = engine.complexityOf(a, node, cap);
  if (first > cap) return first;
  return first + engine.complexityOf(b, node, cap - first);
}

function sumComplexity(engine: ChainEngine, runs: Run[], count: number, node: number, cap: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += engine.complexityOf(runs[i]!, node, cap - total);
    if (total > cap) return total;
  }
  return total;
}
