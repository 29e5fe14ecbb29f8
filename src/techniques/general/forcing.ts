import type { Board } from '../../core/board.js';
import type { ChainData, ChainNode, Step } from '../../core/step.js';
import { lowBit, popcount } from '../../grader/general/shape.js';
import { chainDifficulty } from '../forcing/length.js';
import { addEffort, ancestorCount, ancestorsOf, chainHousesOf, placeCounts, resetEffort, runEffort, runFrom, type ChainHouses, type Run, type RunMode } from './chain-run.js';
import type { NestedChain } from './nested.js';
import type { GeneralScan } from './places.js';

/*
 * Nishio (7.5), cell / region (8.0), dynamic (8.5), dynamic (+) (9.0) and nested (9.5 to 11.0) forcing chains on any
 * grid: Sudoku Explainer's getMultipleChainsHintList over the runs of chain-run.ts, as the 9x9
 * ladder's src/techniques/forcing/search.ts emulates it (the same hints, complexities and order):
 *
 *   for each empty cell (cell order) with > 2 candidates (dynamic, nishio: > 1), each digit:
 *     contradiction   (nishio, dynamic)  "digit on" reaches a contradiction: remove it;
 *                                         "digit off" does: place it
 *     double          (dynamic, > 2)     a node both "on" and "off" reach holds
 *     region          (not nishio)       each house of the cell (SE's order) whose first place
 *                                         of the digit is this cell: a node every place reaches
 *   then cell         (not nishio)       a node every digit of the cell reaches
 *
 * A hint's complexity is the number of distinct nodes of its chains (each run's ancestors of the
 * conclusion, added over its runs; a contradiction adds both conflicting nodes' ancestors), plus
 * the lengths of the distinct nested chains among them (per run; a contradiction's once); its
 * difficulty the technique's base plus SE's length increment. The easiest hint wins (lowest
 * complexity, then SE's tie-break: double, cell, region, contradiction, then the first found).
 * Runs are cached per search (a cell's "on" runs serve its region chains too). Each search stops
 * after the scan's `effortLimit` node expansions (default {@link EFFORT_LIMIT}) and then gives
 * nothing, with `scan.bounded` set.
 */

export { EFFORT_LIMIT } from './places.js';

type Shape = 'contradiction' | 'double' | 'cell' | 'region';

/** What a general forcing-chain step adds to a Step: its premise, for the texts (src/grader/general/text.ts). */
export interface GeneralForcing {
  readonly shape: Shape;
  readonly sourceCell: number;
  readonly sourceDigit: number;
  /** The house of a region chain, else -1. */
  readonly sourceUnit: number;
  /** Contradiction: the assumption was "on" (the digit is removed) or "off" (placed). */
  readonly assumedOn: boolean;
}

export interface Kind {
  readonly id: string;
  readonly base: number;
  readonly mode: RunMode;
  readonly nishio: boolean;
  readonly dynamic: boolean;
}

const NISHIO: Kind = { id: 'nishio-forcing-chains', base: 7.5, mode: { dynamic: true, cellLinks: false }, nishio: true, dynamic: true };
export const MULTIPLE: Kind = { id: 'multiple-forcing-chains', base: 8.0, mode: { dynamic: false, cellLinks: true }, nishio: false, dynamic: false };
export const DYNAMIC: Kind = { id: 'dynamic-forcing-chains', base: 8.5, mode: { dynamic: true, cellLinks: true }, nishio: false, dynamic: true };
const DYNAMIC_PLUS: Kind = { id: 'dynamic-forcing-chains-plus', base: 9.0, mode: { dynamic: true, cellLinks: true, advanced: true }, nishio: false, dynamic: true };
export const NESTED: Kind = { id: 'nested-forcing-chains', base: 9.5, mode: { dynamic: true, cellLinks: true, advanced: true, nested: true }, nishio: false, dynamic: true };
const NESTED_MULTIPLE: Kind = {
  id: 'nested-multiple-forcing-chains',
  base: 10.0,
  mode: { dynamic: true, cellLinks: true, advanced: true, nested: true, nestedMultiple: true },
  nishio: false,
  dynamic: true,
};
const NESTED_DYNAMIC: Kind = { id: 'nested-dynamic-forcing-chains', base: 10.5, mode: { dynamic: true, cellLinks: true, advanced: true, nestedDynamic: 4 }, nishio: false, dynamic: true };
const NESTED_DYNAMIC_PLUS: Kind = { id: 'nested-dynamic-forcing-chains-plus', base: 11.0, mode: { dynamic: true, cellLinks: true, advanced: true, nestedDynamic: 5 }, nishio: false, dynamic: true };

const SORT_DOUBLE = 1;
const SORT_CELL = 5;
const SORT_REGION = 6;
const SORT_CONTRADICTION = 7;

export interface Hint {
  shape: Shape;
  /** The conclusion's node. */
  node: number;
  sourceCell: number;
  sourceDigit: number;
  sourceUnit: number;
  assumedOn: boolean;
  /** Each chain: a run and the position of its end there. */
  runs: Run[];
  ends: number[];
  complexity: number;
  sortKey: number;
  /** Place in a listing (nested-multiple.ts sorts stably on it). */
  order?: number;
}

// Node marks for common nodes (grown with the grid).
let mark = new Int32Array(0);
let markBase = 0;
/** The effort limit of the search the ladder asked for: searches nested in its runs give up there too. */
let activeLimit = Infinity;

/** The effort limit a search nested in the current one's runs keeps to. */
export function searchEffortLimit(): number {
  return activeLimit;
}

/**
 * Sets the common-node marks aside for a search nested in a run (the outer search may be between
 * marking its runs' nodes and reading them): the nested search marks in a buffer of its own.
 */
export function setMarksAside(): [typeof mark, number] {
  const saved: [typeof mark, number] = [mark, markBase];
  mark = new Int32Array(0);
  markBase = 0;
  return saved;
}

export function takeMarksBack(saved: [typeof mark, number]): void {
  [mark, markBase] = saved;
}

function nextMarks(nodes: number, span: number): number {
  if (mark.length < nodes) {
    mark = new Int32Array(nodes);
    markBase = 0;
  }
  if (markBase + span >= 0x7ffffff0) {
    mark.fill(0);
    markBase = 0;
  }
  const base = markBase;
  markBase += span + 1;
  return base;
}

/** Position of a node among a run's first `size` nodes, or -1. */
function positionIn(run: Run, node: number): number {
  const nodes = run.nodes;
  for (let i = 0; i < run.size; i++) if (nodes[i] === node) return i;
  return -1;
}

export class Search {
  readonly size: number;
  readonly houses: ChainHouses;
  readonly cache: (Run | undefined)[];
  readonly places: Uint8Array;
  best: Hint | null = null;
  /** Listing (nested chains, nested-multiple.ts): every hint goes here (contradictions too), none is capped. */
  listed: Hint[] | null = null;
  /** Nishio, one digit at a time (see findNishio): the only digit index looked at, or -1. */
  onlyDigit = -1;

  constructor(
    readonly board: Readonly<Board>,
    readonly scan: GeneralScan,
    readonly kind: Kind,
  ) {
    this.size = scan.shape.size;
    this.houses = chainHousesOf(scan.shape);
    this.cache = new Array<Run | undefined>(scan.shape.cellCount * this.size * 2);
    this.places = placeCounts(scan.places);
  }

  run(node: number): Run {
    let run = this.cache[node];
    if (run === undefined) {
      run = runFrom(this.scan.shape, this.houses, this.board.candidates, this.places, this.kind.mode, node, this.depthCap(), this.scan.places);
      this.cache[node] = run;
    }
    return run;
  }

  /** The largest complexity any hint can still have to beat the best: runs stop where nothing within it can be found (chain-run.ts). */
  depthCap(): number {
    return this.best === null || this.listed !== null ? Infinity : this.best.complexity;
  }

  /** The complexity a hint of this sort key must stay within to beat the best (-1: none can). */
  cap(sortKey: number): number {
    const best = this.best;
    if (best === null || this.listed !== null) return Infinity;
    return sortKey < best.sortKey ? best.complexity : best.complexity - 1;
  }

  /** Whether placing a node's digit is news: the cell holds another candidate. */
  worth(node: number): boolean {
    if ((node & 1) === 0) return true;
    const id = node >> 1;
    const cell = (id / this.size) | 0;
    return (this.board.candidates[cell]! & ~(1 << (id - cell * this.size))) !== 0;
  }

  contradiction(cell: number, digit: number, run: Run, assumedOn: boolean): void {
    const cap = this.cap(SORT_CONTRADICTION);
    if (cap < 1) return;
    const a = ancestorCount(run, run.conflictA, cap);
    if (a > cap) return;
    // (The nested chains behind both sides are counted once, as SE's getNestedComplexity does.)
    const complexity = a + ancestorCount(run, run.conflictB, cap - a, true);
    if (complexity > cap) return;
    const node = ((cell * this.size + digit - 1) << 1) | (assumedOn ? 0 : 1);
    const hint: Hint = { shape: 'contradiction', node, sourceCell: cell, sourceDigit: digit, sourceUnit: -1, assumedOn, runs: [run, run], ends: [run.conflictA, run.conflictB], complexity, sortKey: SORT_CONTRADICTION };
    if (this.listed !== null) this.listed.push(hint);
    else this.best = hint;
  }

  /**
   * Hints from the nodes every run reaches: "on" nodes first, each in the first run's order. The
   * runs are `runs`, or those of the assumptions `sources` (each run only while some node is
   * common to the runs before it: a static search skips most runs so).
   */
  common(runs: Run[], sources: readonly number[] | null, shape: 'cell' | 'region' | 'double', sourceCell: number, sourceDigit: number, sourceUnit: number, sortKey: number): void {
    const n = sources === null ? runs.length : sources.length;
    const base = nextMarks(this.scan.shape.cellCount * this.size * 2, n);
    for (let r = 0; r < n; r++) {
      const run = sources === null ? runs[r]! : this.run(sources[r]!);
      if (sources !== null) runs[r] = run;
      let alive = 0;
      for (let i = 0; i < run.size; i++) {
        const node = run.nodes[i]!;
        if (r === 0 || mark[node] === base + r) {
          mark[node] = base + r + 1;
          alive++;
        }
      }
      if (alive === 0) return;
    }
    if (sources !== null) runs.length = n;
    const first = runs[0]!;
    for (let sign = 1; sign >= 0; sign--) {
      for (let i = 0; i < first.size; i++) {
        const node = first.nodes[i]!;
        if ((node & 1) !== sign || mark[node] !== base + n || !this.worth(node)) continue;
        const cap = this.cap(sortKey);
        if (cap < 1) return;
        const ends: number[] = [];
        let complexity = 0;
        for (let r = 0; r < n && complexity <= cap; r++) {
          const pos = r === 0 ? i : positionIn(runs[r]!, node);
          ends.push(pos);
          complexity += ancestorCount(runs[r]!, pos, cap - complexity);
        }
        if (complexity > cap) continue;
        const hint: Hint = { shape, node, sourceCell, sourceDigit, sourceUnit, assumedOn: true, runs: runs.slice(), ends, complexity, sortKey };
        if (this.listed !== null) this.listed.push(hint);
        else this.best = hint;
      }
    }
  }

  find(): Hint | null {
    const { board, scan, kind, size, houses } = this;
    const { cellCount, houseCells } = scan.shape;
    const cellSources: number[] = [];
    const runs: Run[] = [];
    for (let cell = 0; cell < cellCount; cell++) {
      if (board.values[cell] !== 0) continue;
      const mask = board.candidates[cell]!;
      const card = popcount(mask);
      if (!(card > 2 || (card > 1 && kind.dynamic))) continue;
      cellSources.length = 0;
      for (let m = this.onlyDigit < 0 ? mask : mask & (1 << this.onlyDigit); m !== 0; m &= m - 1) {
        if (runEffort() > scan.effortLimit) {
          // Given up: the ladder goes on, and the grade says its rating is a lower bound.
          scan.bounded = true;
          return null;
        }
        const d = lowBit(m);
        const digit = d + 1;
        const id = cell * size + d;
        cellSources.push((id << 1) | 1);
        if (kind.dynamic) {
          const onRun = this.run((id << 1) | 1);
          if (onRun.conflictA >= 0) this.contradiction(cell, digit, onRun, true);
          const offRun = runFrom(scan.shape, houses, board.candidates, this.places, kind.mode, id << 1, this.depthCap(), scan.places);
          if (offRun.conflictA >= 0) this.contradiction(cell, digit, offRun, false);
          if (!kind.nishio && card >= 3) this.common([onRun, offRun], null, 'double', cell, digit, -1, SORT_DOUBLE);
        }
        if (kind.nishio) continue;
        for (let k = houses.start[cell]!, end = houses.start[cell + 1]!; k < end; k++) {
          const house = houses.house[k]!;
          const places = scan.places[house * size + d]!;
          if (popcount(places) < 2 || houseCells[house * size + lowBit(places)] !== cell) continue;
          const sources: number[] = [];
          for (let p = places; p !== 0; p &= p - 1) sources.push(((houseCells[house * size + lowBit(p)]! * size + d) << 1) | 1);
          this.common(runs, sources, 'region', cell, digit, house, SORT_REGION);
        }
      }
      if (!kind.nishio && cellSources.length >= 2) this.common(runs, cellSources, 'cell', cell, 0, -1, SORT_CELL);
    }
    // A search nested in a run gave up at the limit (the runs of the last cell): so does this one.
    if ((kind.mode.nestedMultiple === true || kind.mode.nestedDynamic !== undefined) && runEffort() > scan.effortLimit) {
      scan.bounded = true;
      return null;
    }
    return this.best;
  }
}

/** A run's chain to the node at `end`: its ancestors in the order found, each with its parents. */
export function chainOf(run: Run, end: number, size: number): ChainData {
  const positions = ancestorsOf(run, end);
  const index = new Map<number, number>();
  const nodes: ChainNode[] = [];
  for (const pos of positions) {
    index.set(pos, nodes.length);
    const id = run.nodes[pos]! >> 1;
    const cell = (id / size) | 0;
    const node: ChainNode = { cell, digit: id - cell * size + 1, on: (run.nodes[pos]! & 1) === 1 };
    const parents: number[] = [];
    for (let k = run.parentStart[pos]!; k < run.parentStart[pos + 1]!; k++) parents.push(index.get(run.parents[k]!)!);
    // A linear link (the previous node alone) is left implicit, as in the 9x9 chains.
    if (nodes.length === 0 || parents.length !== 1 || parents[0] !== nodes.length - 1) node.parents = parents;
    const proof = run.proofAt === null ? 0 : run.proofAt[pos]!;
    if (proof > 0) node.proof = proofChains(run.proofs![proof - 1]!, size);
    nodes.push(node);
  }
  return { nodes };
}

/** A nested chain proving a removal of the run: its chains (cell / region chains), or a cycle's or forcing chain's path as a linear chain. */
function proofChains(proof: NestedChain, size: number): ChainData[] {
  if (proof.chains !== undefined) return proof.chains;
  return [{
    nodes: proof.path.map((code, i) => {
      const id = code >> 1;
      const cell = (id / size) | 0;
      const node: ChainNode = { cell, digit: id - cell * size + 1, on: (code & 1) === 1 };
      if (i === 0) node.parents = [];
      return node;
    }),
  }];
}

function toStep(kind: Kind, hint: Hint, size: number): Step & { forcing: GeneralForcing } {
  const id = hint.node >> 1;
  const cell = (id / size) | 0;
  const digit = id - cell * size + 1;
  const on = (hint.node & 1) === 1;
  const target = { cell, digit };
  const cells = [hint.sourceCell];
  if (cell !== hint.sourceCell) cells.push(cell);
  const digits = hint.sourceDigit > 0 && hint.sourceDigit !== digit ? [hint.sourceDigit, digit] : [digit];
  return {
    technique: kind.id,
    difficulty: chainDifficulty(kind.base, hint.complexity),
    placements: on ? [target] : [],
    eliminations: on ? [] : [target],
    pattern: { cells, digits, units: hint.sourceUnit >= 0 ? [hint.sourceUnit] : [] },
    chains: hint.runs.map((run, i) => chainOf(run, hint.ends[i]!, size)),
    forcing: { shape: hint.shape, sourceCell: hint.sourceCell, sourceDigit: hint.sourceDigit, sourceUnit: hint.sourceUnit, assumedOn: hint.assumedOn },
  };
}

function finder(kind: Kind): (board: Readonly<Board>, scan: GeneralScan) => Step | null {
  return (board, scan) => {
    resetEffort();
    activeLimit = scan.effortLimit;
    const hint = kind.nishio ? findNishio(board, scan) : new Search(board, scan, kind).find();
    return hint === null ? null : toStep(kind, hint, scan.shape.size);
  };
}

/**
 * Nishio runs follow one digit: a run from a candidate of digit d reads only d's candidates (and
 * the places of d they make), and a cell is a source when it has two candidates or more. So the
 * best hint of each digit is a function of that digit's pattern (its candidates, and which of
 * them are in cells of two or more): kept per shape and digit, it is found again only where the
 * board changed it (a step changes one digit's, or one cell's, pattern: the others are taken as
 * they were). The search's best is then the best of the digits' (lowest complexity, then the
 * first in its order: cell, digit, "on" before "off").
 */
interface NishioMemo {
  /** Per digit: its pattern when its best was found (two bits a cell: candidate, source), and that best. */
  readonly keys: Uint32Array[];
  readonly bests: (Hint | null)[];
  readonly known: boolean[];
  /** The node expansions each digit's search spent (a kept best counts them again, so the effort limit acts as if it were searched). */
  readonly efforts: number[];
  readonly key: Uint32Array;
}

const nishioMemos = new WeakMap<GeneralScan['shape'], NishioMemo>();

function findNishio(board: Readonly<Board>, scan: GeneralScan): Hint | null {
  const { size, cellCount } = scan.shape;
  const words = ((cellCount * 2 + 31) >>> 5) + 1;
  let memo = nishioMemos.get(scan.shape);
  if (memo === undefined) {
    memo = { keys: Array.from({ length: size }, () => new Uint32Array(words)), bests: new Array<Hint | null>(size).fill(null), known: new Array<boolean>(size).fill(false), efforts: new Array<number>(size).fill(0), key: new Uint32Array(words) };
    nishioMemos.set(scan.shape, memo);
  }
  let best: Hint | null = null;
  for (let d = 0; d < size; d++) {
    const key = memo.key;
    key.fill(0);
    const bit = 1 << d;
    for (let cell = 0; cell < cellCount; cell++) {
      const mask = board.values[cell] === 0 ? board.candidates[cell]! : 0;
      if ((mask & bit) === 0) continue;
      key[cell >>> 4] = key[cell >>> 4]! | (((mask & (mask - 1)) !== 0 ? 3 : 1) << ((cell & 15) * 2));
    }
    let hint: Hint | null;
    const kept = memo.keys[d]!;
    let same = memo.known[d]!;
    for (let w = 0; w < words && same; w++) same = kept[w] === key[w];
    // Taken as found only where the search would stay within the limit again (the same grade whatever was graded before).
    if (same && runEffort() + memo.efforts[d]! <= scan.effortLimit) {
      hint = memo.bests[d]!;
      addEffort(memo.efforts[d]!);
    } else {
      const before = runEffort();
      const search = new Search(board, scan, NISHIO);
      search.onlyDigit = d;
      hint = search.find();
      // A search that gave up is not kept: the next board looks again.
      memo.known[d] = !scan.bounded;
      memo.bests[d] = hint;
      memo.efforts[d] = runEffort() - before;
      kept.set(key);
    }
    if (hint !== null && (best === null || hint.complexity < best.complexity || (hint.complexity === best.complexity && hint.sourceCell < best.sourceCell))) best = hint;
  }
  return best;
}

/** Nishio forcing chains (7.5 + length): one digit's dynamic chains from an assumption to a contradiction. */
export const findNishioForcingChains = finder(NISHIO);
/** Cell and region forcing chains (8.0 + length): static chains from every candidate of a cell, or every place of a digit in a house, to one conclusion. */
export const findMultipleForcingChains = finder(MULTIPLE);
/** Dynamic forcing chains (8.5 + length): contradictions, double implications, cell and region chains, dynamic. */
export const findDynamicForcingChains = finder(DYNAMIC);
/**
 * Dynamic forcing chains (+) (9.0 + length): the dynamic chains whose runs also take what
 * locking, hidden and naked pairs and X-wings remove because of them (SE's level 1, chain-rules.ts).
 */
export const findDynamicForcingChainsPlus = finder(DYNAMIC_PLUS);
/**
 * Nested forcing chains (9.5 + length): dynamic (+) chains whose runs also take, where those rules
 * find nothing, the removals of SE's cycles and forcing chains on their working grid that rely on
 * them (SE's level 2, nested.ts); the nested chains' lengths count in the complexity.
 */
export const findNestedForcingChains = finder(NESTED);
/**
 * Nested forcing chains (multiple) (10.0 + length): the nested runs also take, where the cycles and
 * forcing chains give nothing, the removals of static cell and region forcing chains on their
 * working grid that rely on them (SE's level 3, nested-multiple.ts).
 */
export const findNestedMultipleForcingChains = finder(NESTED_MULTIPLE);
/**
 * Nested forcing chains (+ dynamic forcing chains) (10.5 + length): dynamic (+) chains whose runs
 * take, where the simple rules find nothing, the removals of dynamic forcing chains on their
 * working grid that rely on them (SE's level 4, nested-dynamic.ts).
 */
export const findNestedDynamicForcingChains = finder(NESTED_DYNAMIC);
/**
 * Nested forcing chains (+ nested dynamic forcing chains) (11.0 + length): level 4's runs that
 * also take, where the dynamic forcing chains give nothing, the removals of nested forcing chains
 * (level 2) on their working grid (SE's level 5, nested-dynamic.ts).
 */
export const findNestedDynamicForcingChainsPlus = finder(NESTED_DYNAMIC_PLUS);
