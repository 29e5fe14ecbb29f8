import type { GeneralShape } from '../../grader/general/shape.js';
import { KIND_BOX, KIND_COLUMN, KIND_OTHER, KIND_ROW } from '../../grader/general/shape.js';

/*
 * The "advanced" rules of SE's dynamic forcing chains (+) (Chaining level 1), on any grid: when a
 * run's queue runs dry, the first of locking, hidden pair, naked pair and X-wing that removes
 * anything from the run's working grid *because of the run* (its pattern needs a candidate the
 * run removed: SE's getRuleParents, which must not be empty) adds all its removals as further
 * "off" nodes, whose parents are those removed candidates:
 *
 *   locking      houses a, b crossing in two cells or more (SukakuExplainer's pairs of region
 *                types: box / column, box / row, column / box, row / box, then the extra houses'
 *                and jigsaw pieces' pairs with those and each other); a digit whose places in a
 *                (two or more) all lie in b leaves b's other places. Parents: a's cells outside b
 *                that lost the digit.
 *   hidden pair  two digits with their one or two places each in the same two cells of a house;
 *                the cells' other digits go. Parents: the house's other cells that lost either.
 *   naked pair   two cells of a house left with the same two digits; the house's other cells
 *                lose them. Parents: what the two cells lost.
 *   X-wing       a digit in the same two places of two rows (columns) of a grid; the two columns
 *                (rows) lose it elsewhere. Parents: the two lines' other cells that lost it.
 *
 * Hints come in SE's order (houses by kind: box, row, column, extra, jigsaw piece; digits
 * ascending), each hint's removals by cell, then digit. Nodes are chain-run.ts's: (cell * size +
 * digit - 1) * 2, "off".
 */

/** The working grid of a run, as the rules read it. */
export interface RuleGrid {
  readonly shape: GeneralShape;
  /** Candidates of the board the run started from, and of its working grid now. */
  readonly initial: Uint16Array;
  readonly work: Uint16Array;
  /** Places (position masks) of each digit in each house: on the board, and in the working grid. */
  readonly initialPlaces: Uint32Array;
  readonly places: Uint32Array;
  /** Digits of which the run removed a candidate in each house (valid where lostStamp is `stamp`). */
  readonly lostDigits: Uint32Array;
  readonly lostStamp: Int32Array;
  readonly stamp: number;
}

/** What the rules found: removals[i] (an "off" node) with parents parents[parentStart[i] .. parentStart[i + 1]) (nodes). */
export interface RuleOut {
  removals: number[];
  parentStart: number[];
  parents: number[];
}

interface Tables {
  /** Locking pairs in SE's order: (source, target, source positions inside target, target positions outside source). */
  readonly pairs: Int32Array;
  /** Houses in SE's order (box, row, column, extra, jigsaw piece). */
  readonly order: Int16Array;
}

const tablesBuilt = new WeakMap<GeneralShape, Tables>();

/** SE's region type of a house kind: box 0, row 1, column 2, extra houses 3, jigsaw pieces 4. */
function typeOf(kind: number): number {
  if (kind === KIND_BOX) return 0;
  if (kind === KIND_ROW) return 1;
  if (kind === KIND_COLUMN) return 2;
  if (kind === KIND_OTHER) return 3;
  return 4;
}

function tablesOf(shape: GeneralShape): Tables {
  let built = tablesBuilt.get(shape);
  if (built !== undefined) return built;
  const { houseKind, houseCount, crossings } = shape;
  const types = [...new Set(Array.from(houseKind, typeOf))].sort((a, b) => a - b);
  // Locking.java's region-type pairs: box / column, box / row, column / box, row / box; then each
  // further type with box, column and row both ways, and with each further type before it.
  const typePairs: [number, number][] = [[0, 2], [0, 1], [2, 0], [1, 0]];
  const extras = types.filter((t) => t > 2);
  extras.forEach((e, i) => {
    typePairs.push([0, e], [2, e], [1, e], [e, 0], [e, 2], [e, 1]);
    for (const f of extras.slice(0, i)) typePairs.push([f, e], [e, f]);
  });
  const rank = (a: number, b: number): number => typePairs.findIndex(([s, t]) => s === typeOf(houseKind[a]!) && t === typeOf(houseKind[b]!));
  const quads: number[][] = [];
  for (let i = 0; i < crossings.length; i += 4) {
    const r = rank(crossings[i]!, crossings[i + 1]!);
    if (r >= 0) quads.push([r, crossings[i]!, crossings[i + 1]!, crossings[i + 2]!, crossings[i + 3]!]);
  }
  quads.sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!);
  const order = Array.from({ length: houseCount }, (_, h) => h).sort((a, b) => typeOf(houseKind[a]!) - typeOf(houseKind[b]!) || a - b);
  built = Object.freeze({ pairs: Int32Array.from(quads.flatMap((q) => q.slice(1))), order: Int16Array.from(order) });
  tablesBuilt.set(shape, built);
  return built;
}

function bitCount(mask: number): number {
  let n = 0;
  for (; mask !== 0; mask &= mask - 1) n++;
  return n;
}

const lowIndex = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** Digits lost by the run in a house. */
function lostIn(g: RuleGrid, house: number): number {
  return g.lostStamp[house] === g.stamp ? g.lostDigits[house]! : 0;
}

/** Adds "off" nodes of digit index d at the positions of a house. */
function pushPlaces(g: RuleGrid, into: number[], house: number, positions: number, d: number): void {
  const { size, houseCells } = g.shape;
  for (let p = positions; p !== 0; p &= p - 1) into.push((houseCells[house * size + lowIndex(p)]! * size + d) << 1);
}

/** Adds "off" nodes of a cell's digits in `digits`. */
function pushDigits(size: number, into: number[], cell: number, digits: number): void {
  for (let m = digits; m !== 0; m &= m - 1) into.push((cell * size + lowIndex(m)) << 1);
}

/** Adds one hint's removals (sorted by cell, then digit) with the parents `from` .. the end of out.parents. */
function emit(out: RuleOut, removals: number[], parents: number[]): void {
  removals.sort((a, b) => a - b);
  for (const node of removals) {
    out.removals.push(node);
    out.parentStart.push(out.parents.length);
    for (const p of parents) out.parents.push(p);
  }
}

function locking(g: RuleGrid, t: Tables, out: RuleOut): void {
  const { size } = g.shape;
  const pairs = t.pairs;
  for (let k = 0; k < pairs.length; k += 4) {
    const source = pairs[k]!;
    let digits = lostIn(g, source);
    if (digits === 0) continue;
    const target = pairs[k + 1]!;
    const inTarget = pairs[k + 2]!;
    const outside = pairs[k + 3]!;
    for (; digits !== 0; digits &= digits - 1) {
      const d = lowIndex(digits);
      const pos = g.places[source * size + d]!;
      if ((pos & (pos - 1)) === 0 || (pos & ~inTarget) !== 0) continue;
      const remove = g.places[target * size + d]! & outside;
      const lost = g.initialPlaces[source * size + d]! & ~pos & ~inTarget;
      if (remove === 0 || lost === 0) continue;
      const removals: number[] = [];
      const parents: number[] = [];
      pushPlaces(g, removals, target, remove, d);
      pushPlaces(g, parents, source, lost, d);
      emit(out, removals, parents);
    }
  }
}

function hiddenPairs(g: RuleGrid, t: Tables, out: RuleOut): void {
  const { size, houseCells } = g.shape;
  for (const house of t.order) {
    if (lostIn(g, house) === 0) continue;
    let few = 0;
    for (let d = 0; d < size; d++) {
      const n = bitCount(g.places[house * size + d]!);
      if (n === 1 || n === 2) few |= 1 << d;
    }
    for (let m1 = few; m1 !== 0; m1 &= m1 - 1) {
      const d1 = lowIndex(m1);
      const p1 = g.places[house * size + d1]!;
      for (let m2 = m1 & (m1 - 1); m2 !== 0; m2 &= m2 - 1) {
        const d2 = lowIndex(m2);
        const union = p1 | g.places[house * size + d2]!;
        if (bitCount(union) !== 2) continue;
        const keep = (1 << d1) | (1 << d2);
        const removals: number[] = [];
        for (let p = union; p !== 0; p &= p - 1) {
          const cell = houseCells[house * size + lowIndex(p)]!;
          pushDigits(size, removals, cell, g.work[cell]! & ~keep);
        }
        if (removals.length === 0) continue;
        const parents: number[] = [];
        pushPlaces(g, parents, house, g.initialPlaces[house * size + d1]! & ~g.places[house * size + d1]! & ~union, d1);
        pushPlaces(g, parents, house, g.initialPlaces[house * size + d2]! & ~g.places[house * size + d2]! & ~union, d2);
        if (parents.length > 0) emit(out, removals, parents);
      }
    }
  }
}

function nakedPairs(g: RuleGrid, t: Tables, out: RuleOut): void {
  const { size, houseCells } = g.shape;
  for (const house of t.order) {
    if (lostIn(g, house) === 0) continue;
    for (let i = 0; i < size; i++) {
      const a = houseCells[house * size + i]!;
      const mask = g.work[a]!;
      if (bitCount(mask) !== 2) continue;
      for (let j = i + 1; j < size; j++) {
        const b = houseCells[house * size + j]!;
        if (g.work[b] !== mask) continue;
        const parents: number[] = [];
        pushDigits(size, parents, a, g.initial[a]! & ~mask);
        pushDigits(size, parents, b, g.initial[b]! & ~mask);
        if (parents.length === 0) continue;
        const removals: number[] = [];
        for (let k = 0; k < size; k++) {
          const cell = houseCells[house * size + k]!;
          if (cell !== a && cell !== b) pushDigits(size, removals, cell, g.work[cell]! & mask);
        }
        if (removals.length > 0) emit(out, removals, parents);
      }
    }
  }
}

function xWings(g: RuleGrid, out: RuleOut): void {
  const { size, fishLines, gridCount } = g.shape;
  for (let kind = 0; kind < 2; kind++) {
    for (let grid = 0; grid < gridCount; grid++) {
      const lines = (grid * 2 + kind) * size;
      const covers = (grid * 2 + 1 - kind) * size;
      for (let d = 0; d < size; d++) {
        for (let l1 = 0; l1 < size; l1++) {
          const line1 = fishLines[lines + l1]!;
          const p = g.places[line1 * size + d]!;
          if (bitCount(p) !== 2) continue;
          const lost1 = g.initialPlaces[line1 * size + d]! & ~p;
          for (let l2 = l1 + 1; l2 < size; l2++) {
            const line2 = fishLines[lines + l2]!;
            if (g.places[line2 * size + d] !== p) continue;
            const lost2 = g.initialPlaces[line2 * size + d]! & ~p;
            if (lost1 === 0 && lost2 === 0) continue;
            const removals: number[] = [];
            for (let m = p; m !== 0; m &= m - 1) {
              const cover = fishLines[covers + lowIndex(m)]!;
              pushPlaces(g, removals, cover, g.places[cover * size + d]! & ~((1 << l1) | (1 << l2)), d);
            }
            if (removals.length === 0) continue;
            const parents: number[] = [];
            pushPlaces(g, parents, line1, lost1, d);
            pushPlaces(g, parents, line2, lost2, d);
            emit(out, removals, parents);
          }
        }
      }
    }
  }
}

/**
 * The removals of the first rule (locking, hidden pair, naked pair, X-wing) that finds any
 * relying on the run, into `out` (emptied first); false when none does.
 */
export function advancedRemovals(g: RuleGrid, out: RuleOut): boolean {
  out.removals.length = 0;
  out.parentStart.length = 0;
  out.parents.length = 0;
  const t = tablesOf(g.shape);
  locking(g, t, out);
  if (out.removals.length === 0) hiddenPairs(g, t, out);
  if (out.removals.length === 0) nakedPairs(g, t, out);
  if (out.removals.length === 0) xWings(g, out);
  out.parentStart.push(out.parents.length);
  return out.removals.length > 0;
}
