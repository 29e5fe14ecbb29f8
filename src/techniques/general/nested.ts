import type { Board } from '../../core/board.js';
import type { ChainData } from '../../core/step.js';
import { popcount } from '../../grader/general/shape.js';
import { seChainDifficulty } from '../chains/length.js';
import { chainHousesOf, type ChainHouses } from './chain-run.js';
import type { RuleGrid, RuleOut } from './chain-rules.js';
import { shortestForcingChain, takeForcingVisits } from './chains.js';
import { MODE_X, MODE_XY, MODE_Y, hasStrongLink, searchCycle, takeCycleVisits, type Cycle } from './cycles.js';
import type { GeneralScan } from './places.js';
import { buildReach } from './reach.js';

/*
 * Nested forcing chains (SE's Chaining level 2, 9.5 + length) on any grid: where a dynamic (+)
 * run's queue runs dry and locking, the pairs and X-wing find nothing (chain-rules.ts), SE's
 * "Forcing Chains & Cycles" producer runs on the run's working grid, as the 9x9 ladder's
 * src/techniques/forcing/nested.ts does it:
 *
 *   list     every hint of the producer: X, Y, XY passes; per cell (two candidates or more; Y:
 *            two) and digit, every cycle back to it that removes something (as doCycles lists
 *            them), then the shortest forcing chain from "on" (removes it), then from "off"
 *            (places it: removes the cell's others); any length
 *   sort     by SE's difficulty (unrounded), length, then X 2, Y 3, XY 4, stably
 *   drop     a hint with the removals of an earlier one (SE's hint equality), and one whose strong
 *            links rely on no candidate the run removed
 *   queue    its removals "off", with as parents the candidates the run removed from the cells
 *            (bivalue links) and house slots (pairs) its strong links use: SE's getRuleParents
 *
 * A hint relies on the run only through a strong link the run made (a cell left with two digits,
 * a house left with two places of a digit, each having lost one): where the run made none, nothing
 * is listed. The searches run only from the candidates reach.ts says can start a chain or cycle
 * on the working grid (exact for "no"). Each nested chain is kept as its proof: its path and its
 * length, counted once per chain in the outer chain's complexity (chain-run.ts's ancestorCount).
 */

/** A nested chain proving removals of an outer run: what its complexity and the explanation need. */
export interface NestedChain {
  /** Identity (technique and path): equal chains are counted once. */
  readonly key: string;
  /** SE's complexity of the hint: its nodes (a cycle's start once). */
  readonly complexity: number;
  /** Its technique id (x-cycle, forcing-xy-chain...). */
  readonly technique: string;
  /** Its path as chain-run nodes ((cell * size + digit - 1) * 2 + on), assumption first; a cycle ends at its start again. */
  readonly path: readonly number[];
  /** A cell or region chain (nested-multiple.ts): its chains, one a run. */
  readonly chains?: ChainData[];
}

interface Listed {
  raw: number;
  length: number;
  sortKey: number;
  technique: string;
  path: number[];
  /** Removed pots (cell * size + digit - 1), ascending. */
  removals: number[];
  /** Order found (the sort is stable on it). */
  order: number;
}

const CYCLE_ID = ['x-cycle', 'y-cycle', 'xy-cycle'];
const CYCLE_BASE = [6.5, 6.5, 7.0];
const FORCING_ID = ['forcing-x-chain', '', 'forcing-xy-chain'];
const FORCING_BASE = [6.6, 0, 7.0];
const SORT_KEY = [2, 3, 4];

/** The working grid as a board and scan the chain searches read (values: none placed; filled cells have no candidates). */
interface WorkView {
  board: Board;
  scan: GeneralScan;
}

const views = new WeakMap<RuleGrid['shape'], WorkView>();
/** Per candidate of the listing's mode: reach.onChain's answer (see listHints). */
let onKnown = new Int8Array(0);

function viewOf(g: RuleGrid): WorkView {
  let view = views.get(g.shape);
  if (view === undefined) {
    const { cellCount, houseCount } = g.shape;
    view = {
      board: { values: new Uint8Array(cellCount), candidates: g.work } as unknown as Board,
      scan: { shape: g.shape, places: g.places, empty: new Uint8Array(houseCount), placed: new Uint32Array(houseCount), effortLimit: Infinity, bounded: false, uniqueness: false },
    };
    views.set(g.shape, view);
  }
  // (The run's buffers may have grown since.)
  (view.board as { candidates: Uint16Array }).candidates = g.work;
  view.scan.places = g.places;
  return view;
}

/** Whether the run made a strong link: a cell left with two digits, or a house slot with two places, that lost a candidate. */
function madeStrongLink(g: RuleGrid): boolean {
  const { cellCount, houseCount, size } = g.shape;
  for (let cell = 0; cell < cellCount; cell++) {
    const w = g.work[cell]!;
    if (w !== g.initial[cell] && popcount(w) === 2) return true;
  }
  for (let slot = 0, end = houseCount * size; slot < end; slot++) {
    const p = g.places[slot]!;
    if (p !== g.initialPlaces[slot] && popcount(p) === 2) return true;
  }
  return false;
}

/** Every hint of SE's cycles and forcing chains producer on the working grid, in its order (see the file's comment). */
function listHints(g: RuleGrid, view: WorkView, houses: ChainHouses): Listed[] {
  const { board, scan } = view;
  const { cellCount, size } = g.shape;
  const work = g.work;
  const hints: Listed[] = [];
  const unlimited = cellCount * size * 2;
  let cycleMode = MODE_X;
  // Every cycle back to the start (a cycle's path: its nodes from the start, "on" first, and the start again).
  const addCycle = (cycle: Cycle): void => {
    const path = cycle.pots.map((p, i) => (p << 1) | (i % 2 === 0 ? 1 : 0));
    path.push(path[0]!);
    const length = cycle.pots.length;
    hints.push({ raw: seChainDifficulty(CYCLE_BASE[cycleMode]!, length), length, sortKey: SORT_KEY[cycleMode]!, technique: CYCLE_ID[cycleMode]!, path, removals: cycle.eliminations.slice(), order: hints.length });
  };
  if (onKnown.length < cellCount * size) onKnown = new Int8Array(cellCount * size);
  for (let mode = MODE_X; mode <= MODE_XY; mode++) {
    const reach = buildReach(board, scan, mode);
    // reach.onChain costs a walk over peers of peers: asked once a candidate (1 yes, 2 no, 0 not yet).
    onKnown.fill(0, 0, cellCount * size);
    const onChain = (pot: number): boolean => {
      if (onKnown[pot] === 0) onKnown[pot] = reach.onChain(pot) ? 1 : 2;
      return onKnown[pot] === 1;
    };
    // A cycle removes digit d from a cell only if that candidate "on" contradicts itself through
    // the mode's links (an X-cycle holds one digit): no such candidate, no cycle of that digit.
    // Known per digit (X) or for all (Y, XY) on first need: bit d of `cycleKnown`, then of `cycleDigits`.
    let cycleKnown = 0;
    let cycleDigits = 0;
    const cycleDigit = (d: number): boolean => {
      if ((cycleKnown & (1 << d)) === 0) {
        const digits = mode === MODE_X ? 1 << d : -1;
        cycleKnown |= digits;
        for (let cell = 0; cell < cellCount && (cycleDigits & digits) === 0; cell++) {
          for (let m = mode === MODE_X ? work[cell]! & (1 << d) : work[cell]!; m !== 0; m &= m - 1) {
            if (onChain(cell * size + 31 - Math.clz32(m & -m))) {
              cycleDigits |= digits;
              break;
            }
          }
        }
      }
      return (cycleDigits & (1 << d)) !== 0;
    };
    const xy = mode === MODE_XY;
    for (let cell = 0; cell < cellCount; cell++) {
      const mask = work[cell]!;
      const count = popcount(mask);
      if (count < 2 || (mode === MODE_Y && count !== 2)) continue;
      for (let m = mask; m !== 0; m &= m - 1) {
        const d = 31 - Math.clz32(m & -m);
        const pot = cell * size + d;
        const strong = hasStrongLink(board, scan, houses, pot, mode);
        if (strong && reach.cycle(pot) && cycleDigit(d)) {
          cycleMode = mode;
          searchCycle(board, scan, houses, pot, mode, unlimited, addCycle);
        }
        if (mode === MODE_Y) continue;
        const base = FORCING_BASE[mode]!;
        if (onChain(pot)) {
          const path = shortestForcingChain(board, scan, xy, (pot << 1) | 1, unlimited);
          if (path !== null) hints.push({ raw: seChainDifficulty(base, path.length), length: path.length, sortKey: SORT_KEY[mode]!, technique: FORCING_ID[mode]!, path, removals: [pot], order: hints.length });
        }
        if (strong && reach.offChain(pot)) {
          const path = shortestForcingChain(board, scan, xy, pot << 1, unlimited);
          if (path !== null) {
            const removals: number[] = [];
            for (let o = mask & ~(1 << d); o !== 0; o &= o - 1) removals.push(cell * size + 31 - Math.clz32(o & -o));
            hints.push({ raw: seChainDifficulty(base, path.length), length: path.length, sortKey: SORT_KEY[mode]!, technique: FORCING_ID[mode]!, path, removals, order: hints.length });
          }
        }
      }
    }
  }
  return hints;
}

/** The house (SE's order) of a strong link between two cells of one digit (index d): the first holding both with two places of it. */
function strongHouse(g: RuleGrid, houses: ChainHouses, fromCell: number, toCell: number, d: number): number {
  const { size, houseCells } = g.shape;
  for (let k = houses.start[fromCell]!; k < houses.start[fromCell + 1]!; k++) {
    const house = houses.house[k]!;
    const places = g.places[house * size + d]!;
    if (popcount(places) !== 2) continue;
    for (let p = places; p !== 0; p &= p - 1) if (houseCells[house * size + 31 - Math.clz32(p & -p)] === toCell) return house;
  }
  return -1;
}

/** Adds to `parents` (once each) the candidates the run removed from a cell ("off" nodes, digit order). */
export function lostInCell(g: RuleGrid, cell: number, parents: number[]): void {
  const size = g.shape.size;
  for (let lost = g.initial[cell]! & ~g.work[cell]!; lost !== 0; lost &= lost - 1) {
    const node = (cell * size + 31 - Math.clz32(lost & -lost)) << 1;
    if (!parents.includes(node)) parents.push(node);
  }
}

/** Adds to `parents` (once each) the places of digit index d the run removed from a house. */
export function lostInSlot(g: RuleGrid, house: number, d: number, parents: number[]): void {
  const { size, houseCells } = g.shape;
  const slot = house * size + d;
  for (let lost = g.initialPlaces[slot]! & ~g.places[slot]!; lost !== 0; lost &= lost - 1) {
    const node = (houseCells[house * size + 31 - Math.clz32(lost & -lost)]! * size + d) << 1;
    if (!parents.includes(node)) parents.push(node);
  }
}

/**
 * The candidates the run removed that a hint's strong links rely on ("off" nodes): for each strong
 * link in path order, a bivalue cell's lost digits, or the lost places of the digit in the house
 * of a pair; each once.
 */
function lostParents(g: RuleGrid, houses: ChainHouses, path: readonly number[]): number[] {
  const size = g.shape.size;
  const parents: number[] = [];
  for (let i = 1; i < path.length; i++) {
    if ((path[i]! & 1) === 0 || (path[i - 1]! & 1) === 1) continue;
    const from = path[i - 1]! >> 1;
    const to = path[i]! >> 1;
    const fromCell = (from / size) | 0;
    const toCell = (to / size) | 0;
    if (fromCell === toCell) {
      lostInCell(g, toCell, parents);
      continue;
    }
    const d = to - toCell * size;
    const house = strongHouse(g, houses, fromCell, toCell, d);
    if (house >= 0) lostInSlot(g, house, d, parents);
  }
  return parents;
}

/** Gives a nested hint's removals (pots) to the run: each "off", with `parents`, proved by `proof`. */
export function giveRemovals(out: RuleOut, proofs: NestedChain[], removals: readonly number[], parents: readonly number[], proof: NestedChain): void {
  for (const pot of removals) {
    out.removals.push(pot << 1);
    out.parentStart.push(out.parents.length);
    for (const p of parents) out.parents.push(p);
    proofs.push(proof);
  }
}

/**
 * Where the simple rules found nothing in a nested run: the removals of the cycles and forcing
 * chains on the run's working grid that rely on it (see the file's comment), into `out` ("off"
 * nodes, each with its parents: the run's removed candidates) and `proofs` (parallel to
 * out.removals: the chain behind each). Returns the nodes its searches processed (effort).
 */
export function nestedChainRemovals(g: RuleGrid, out: RuleOut, proofs: NestedChain[]): number {
  out.removals.length = 0;
  out.parentStart.length = 0;
  out.parents.length = 0;
  let effort = g.shape.cellCount;
  if (madeStrongLink(g)) {
    const houses = chainHousesOf(g.shape);
    const hints = listHints(g, viewOf(g), houses);
    // (The three reach filters read every candidate and its peers: counted as one expansion a candidate.)
    effort += takeCycleVisits() + takeForcingVisits() + 3 * g.shape.cellCount * g.shape.size;
    hints.sort((a, b) => a.raw - b.raw || a.length - b.length || a.sortKey - b.sortKey || a.order - b.order);
    const seen = new Set<string>();
    for (const hint of hints) {
      const key = hint.removals.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const parents = lostParents(g, houses, hint.path);
      if (parents.length === 0) continue;
      const proof: NestedChain = { key: `${hint.technique}:${hint.path.join(',')}`, complexity: hint.length, technique: hint.technique, path: hint.path };
      giveRemovals(out, proofs, hint.removals, parents, proof);
    }
  }
  out.parentStart.push(out.parents.length);
  return effort;
}
