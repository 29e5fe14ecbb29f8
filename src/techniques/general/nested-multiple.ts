import type { Board } from '../../core/board.js';
import type { ChainData } from '../../core/step.js';
import { ancestorsOf, chainHousesOf, type ChainHouses, type Run } from './chain-run.js';
import type { RuleGrid, RuleOut } from './chain-rules.js';
import { MULTIPLE, Search, chainOf, searchEffortLimit, setMarksAside, takeMarksBack, type Hint, type Kind } from './forcing.js';
import { giveRemovals, lostInCell, lostInSlot, type NestedChain } from './nested.js';
import type { GeneralScan } from './places.js';

/*
 * Nested forcing chains of SE's level 3 (10.0 + length) on any grid: where the simple rules and
 * the cycles and forcing chains (nested.ts) give a dynamic (+) run nothing, SE's static cell and
 * region forcing chains (forcing.ts's MULTIPLE search, listing every hint) run on the run's working
 * grid, as the 9x9 ladder's forcing/nested.ts does at level 3:
 *
 *   list     every cell and region hint (cells of three candidates or more), in the search's order
 *   sort     by complexity, then cell before region, stably; a hint with the removals of an
 *            earlier one dropped (SE keeps the easiest of each removal set)
 *   queue    its removals "off", with as parents the candidates the run removed from what it
 *            relies on: its source cell or region, and for each "on" link among its chains'
 *            nodes, the cell (a naked single) or the house slot (a hidden single) of that link; a
 *            hint relying on none is skipped
 *
 * The same listing serves levels 4 and 5 (nested-dynamic.ts) with dynamic producers. The runs use
 * chain-run.ts's buffers: the outer run is set aside meanwhile (suspendRun).
 */

/** The working grid as the search reads it: a board (no values; filled cells have no candidates) and a scan, copies (the runs write the run buffers). */
function searchOn(g: RuleGrid, kind: Kind): Search {
  const { cellCount, houseCount } = g.shape;
  const board = { values: new Uint8Array(cellCount), candidates: g.work.slice(0, cellCount) } as unknown as Board;
  const scan: GeneralScan = { shape: g.shape, places: g.places.slice(), empty: new Uint8Array(houseCount), placed: new Uint32Array(houseCount), effortLimit: searchEffortLimit(), bounded: false, uniqueness: false };
  const search = new Search(board, scan, kind);
  search.listed = [];
  return search;
}

/**
 * The house of an "on" link from another cell: the first of the cell's houses (SE's order) holding
 * the parent's cell where the digit's other places on the grid are the cells of its parents (a
 * static link: the one other place; a dynamic one: those the run had removed too), or -1.
 */
function linkHouse(g: RuleGrid, houses: ChainHouses, run: Run, pos: number, cell: number, parentCell: number, d: number): number {
  const { size, houseCells } = g.shape;
  for (let k = houses.start[cell]!; k < houses.start[cell + 1]!; k++) {
    const house = houses.house[k]!;
    let parentPlaces = 0;
    let holdsParent = false;
    for (let j = run.parentStart[pos]!; j < run.parentStart[pos + 1]!; j++) {
      const parent = ((run.nodes[run.parents[j]!]! >> 1) / size) | 0;
      for (let i = 0; i < size; i++) {
        if (houseCells[house * size + i] !== parent) continue;
        parentPlaces |= 1 << i;
        if (parent === parentCell) holdsParent = true;
      }
    }
    if (holdsParent && (g.places[house * size + d]! & ~(1 << houses.index[k]!)) === parentPlaces) return house;
  }
  return -1;
}

/** The candidates the run removed that a hint relies on ("off" nodes, each once): see the file's comment. */
function lostParents(g: RuleGrid, houses: ChainHouses, hint: Hint): number[] {
  const size = g.shape.size;
  const parents: number[] = [];
  if (hint.shape === 'cell') lostInCell(g, hint.sourceCell, parents);
  else if (hint.shape === 'region') lostInSlot(g, hint.sourceUnit, hint.sourceDigit - 1, parents);
  hint.runs.forEach((run: Run, r) => {
    for (const pos of ancestorsOf(run, hint.ends[r]!)) {
      const node = run.nodes[pos]!;
      if ((node & 1) === 0 || run.parentStart[pos] === run.parentStart[pos + 1]) continue;
      const id = node >> 1;
      const cell = (id / size) | 0;
      const parentCell = ((run.nodes[run.parents[run.parentStart[pos]!]!]! >> 1) / size) | 0;
      // Its first parent, in the cell (a naked single), or the digit's other places in a house (a hidden single).
      if (parentCell === cell) lostInCell(g, cell, parents);
      else {
        const house = linkHouse(g, houses, run, pos, cell, parentCell, id - cell * size);
        if (house >= 0) lostInSlot(g, house, id - cell * size, parents);
      }
    }
  });
  return parents;
}

/**
 * Every hint of one forcing-chain producer (`kind`: static cell / region, or dynamic of some
 * level) on a nested run's working grid that relies on the run, as SE gives them to it: into `out`
 * ("off" nodes with their parents) and `proofs` (the chain behind each), both emptied first.
 * False when the search gave up at the effort limit (then nothing is given).
 */
export function nestedSearchRemovals(g: RuleGrid, out: RuleOut, proofs: NestedChain[], kind: Kind): boolean {
  const { size } = g.shape;
  const search = searchOn(g, kind);
  // The removed candidates are read on the grid as it was: the runs write the run buffers.
  const grid: RuleGrid = { ...g, work: search.board.candidates as Uint16Array, places: search.scan.places };
  const marks = setMarksAside();
  try {
    search.find();
  } finally {
    takeMarksBack(marks);
  }
  out.removals.length = 0;
  out.parentStart.length = 0;
  out.parents.length = 0;
  proofs.length = 0;
  if (search.scan.bounded) {
    out.parentStart.push(0);
    return false;
  }
  const hints = search.listed!;
  hints.forEach((hint, i) => (hint.order = i));
  hints.sort((a, b) => a.complexity - b.complexity || a.sortKey - b.sortKey || a.order! - b.order!);
  const houses = chainHousesOf(g.shape);
  const seen = new Set<string>();
  const work = grid.work;
  for (const hint of hints) {
    const id = hint.node >> 1;
    const cell = (id / size) | 0;
    const bit = 1 << (id - cell * size);
    // Placing a digit removes the cell's others.
    const removals: number[] = [];
    if ((hint.node & 1) === 1) {
      for (let o = work[cell]! & ~bit; o !== 0; o &= o - 1) removals.push(cell * size + 31 - Math.clz32(o & -o));
    } else removals.push(id);
    const key = removals.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const parents = lostParents(grid, houses, hint);
    if (parents.length === 0) continue;
    const chains: ChainData[] = hint.runs.map((run, r) => chainOf(run, hint.ends[r]!, size));
    const proof: NestedChain = {
      key: `${kind.id}:${hint.shape}:${hint.sourceCell}:${hint.sourceUnit}:${hint.sourceDigit}:${hint.assumedOn}:${hint.node}`,
      complexity: hint.complexity,
      technique: kind.id,
      path: [],
      chains,
    };
    giveRemovals(out, proofs, removals, parents, proof);
  }
  out.parentStart.push(out.parents.length);
  return true;
}

/**
 * Where the simple rules and the nested cycles and forcing chains gave a level-3 run nothing: the
 * removals of the static cell and region forcing chains on its working grid that rely on it, into
 * `out` (emptied first; "off" nodes with their parents) and `proofs` (the chains behind each).
 */
export function nestedMultipleRemovals(g: RuleGrid, out: RuleOut, proofs: NestedChain[]): void {
  nestedSearchRemovals(g, out, proofs, MULTIPLE);
}
