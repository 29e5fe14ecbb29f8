import { shownValue } from '../core/errors.js';
import { countRules, lastRulesStats, solveRules } from '../solver/rules-solver.js';
import { checkedPuzzle, findGivenConflict } from './puzzle.js';
import { linkRulesCounter, linkRulesSource, type HouseTables, type RulesCounter, type RulesSource } from './solver-link.js';
import { linkGeometryBuilder } from '../core/geometry.js';
import { buildGeometry } from '../core/geometry-build.js';
import { linkVariantGrading } from '../grader/variant-link.js';
import { VARIANT_GRADING } from '../grader/variant-grading.js';
import { linkVariantTechniques } from '../techniques/variant-link.js';
import { VARIANT_TECHNIQUES } from '../techniques/variant-techniques.js';
import { PARITY_EVEN, PARITY_ODD, RulesError, type BoxShape, type Cage, type CageSpec, type HouseKind, type Rules, type RulesSpec } from './types.js';

/** Sizes with a usual box shape: rows x cols of one box (the wider way round, as printed). */
const USUAL_BOXES: Readonly<Record<number, BoxShape>> = {
  4: { rows: 2, cols: 2 },
  6: { rows: 2, cols: 3 },
  8: { rows: 2, cols: 4 },
  9: { rows: 3, cols: 3 },
  10: { rows: 2, cols: 5 },
  12: { rows: 3, cols: 4 },
  15: { rows: 3, cols: 5 },
  16: { rows: 4, cols: 4 },
};

/** The smallest and largest size the rules take (digits up to 16 fit a 16-bit mask). */
export const MIN_SIZE = 4;
export const MAX_SIZE = 16;

/** The usual box shape of a size (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 10: 2x5, 12: 3x4, 15: 3x5, 16: 4x4), or null. */
export function boxShapeOf(size: number): BoxShape | null {
  return USUAL_BOXES[size] ?? null;
}

/** Samurai: five 9x9 grids on a 21x21 frame, the centre one sharing a corner box with each other. */
const SAMURAI_GRIDS = [
  { row: 0, col: 0 },
  { row: 0, col: 12 },
  { row: 6, col: 6 },
  { row: 12, col: 0 },
  { row: 12, col: 12 },
] as const;

/** Asterisk's nine cells, as (row, col) from 0. */
const ASTERISK = [[1, 4], [2, 2], [2, 6], [4, 1], [4, 4], [4, 7], [6, 2], [6, 6], [7, 4]] as const;

/** The cells of a grid (or of Samurai's five) on their frame: read only, shared by every layout of that size. */
interface Frame {
  readonly width: number;
  readonly height: number;
  readonly cellAt: Int16Array;
  readonly rowOf: Uint8Array;
  readonly colOf: Uint8Array;
  readonly grids: readonly { readonly row: number; readonly col: number }[];
}

/** Frames made so far, by size * 2 + (Samurai ? 1 : 0): at most one per valid size and shape. */
const frames = new Map<number, Frame>();

function frameOf(size: number, samurai: boolean): Frame {
  const key = size * 2 + (samurai ? 1 : 0);
  let frame = frames.get(key);
  if (frame === undefined) {
    frame = makeFrame(size, samurai);
    frames.set(key, frame);
  }
  return frame;
}

function makeFrame(size: number, samurai: boolean): Frame {
  const grids = Object.freeze(samurai ? SAMURAI_GRIDS.map((g) => Object.freeze({ ...g })) : [Object.freeze({ row: 0, col: 0 })]);
  const width = samurai ? 21 : size;
  const height = width;
  const cellAt = new Int16Array(width * height).fill(-1);
  for (const grid of grids) {
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) cellAt[(grid.row + r) * width + grid.col + c] = 0;
  }
  let count = 0;
  for (let p = 0; p < cellAt.length; p++) if (cellAt[p] === 0) cellAt[p] = count++ + 1; // 1-based while counting
  const rowOf = new Uint8Array(count);
  const colOf = new Uint8Array(count);
  for (let p = 0; p < cellAt.length; p++) {
    if (cellAt[p] === -1) continue;
    const cell = cellAt[p]! - 1;
    cellAt[p] = cell;
    rowOf[cell] = Math.floor(p / width);
    colOf[cell] = p % width;
  }
  return { width, height, cellAt, rowOf, colOf, grids };
}

function whole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function checkCells(cells: readonly number[], cellCount: number, what: string): void {
  for (const cell of cells) {
    if (!whole(cell) || cell < 0 || cell >= cellCount) {
      throw new RulesError('BAD_CELL', `${what}: cell ${shownValue(cell)} is not a cell of the grid (0..${cellCount - 1})`);
    }
  }
}

/** Smallest and largest sum of k distinct digits of 1..size; every sum between is possible. */
export function cageSumRange(cellCount: number, size: number): [number, number] {
  return [(cellCount * (cellCount + 1)) / 2, (cellCount * (2 * size - cellCount + 1)) / 2];
}

/**
 * What depends only on the layout part of a description (size, Samurai or not, boxes or regions,
 * extra houses), built and checked once and shared by every rules value on it (X, windoku, killers
 * over classic boxes...): flat typed tables that are copied, never handed out, plus frozen values
 * that can be shared as they are.
 */
interface Layout {
  readonly samurai: boolean;
  readonly frame: Frame;
  readonly boxShape: Readonly<BoxShape> | null;
  readonly regionOf: Int16Array;
  /** The spec's regions (frozen) or undefined. */
  readonly regions: readonly number[] | undefined;
  /** The spec's extra regions (frozen), maybe empty. */
  readonly extraRegions: readonly (readonly number[])[];
  /** House h's cells are houseCells[houseStart[h]..houseStart[h + 1]). */
  readonly houseStart: Int32Array;
  readonly houseCells: Int16Array;
  readonly houseKinds: readonly HouseKind[];
  readonly housesOfStart: Int32Array;
  readonly housesOfCells: Int16Array;
  /** The tables as the solver reads them (solver-link.ts), one of each for every value on the layout: the houses, and the peers through them (made on first call). */
  readonly houseTables: HouseTables;
  readonly peerTables: () => HouseTables;
  readonly grids: readonly { readonly row: number; readonly col: number }[];
}

/** Recently built layouts by key (see layoutKey), oldest first; small and bounded. */
const layouts = new Map<string, Layout>();
const MAX_LAYOUTS = 16;
const FLAGS = ['diagonalDown', 'diagonalUp', 'windoku', 'disjointGroups', 'asterisk', 'centreDot'] as const;

/**
 * The cache key of a description's layout part, or null when any of it is not plainly well formed
 * (then the layout is built, and checked, afresh every time: errors are never cached).
 */
function layoutKey(input: RulesSpec): string | null {
  if (!whole(input.size)) return null;
  let key = `${input.size}|${input.layout === 'samurai' ? 's' : input.layout === undefined || input.layout === 'single' ? '' : '?'}`;
  if (key.endsWith('?')) return null;
  const boxes = input.boxes;
  if (boxes !== undefined) {
    if (typeof boxes !== 'object' || boxes === null || !whole(boxes.rows) || !whole(boxes.cols)) return null;
    key += `|b${boxes.rows}x${boxes.cols}`;
  }
  const regions = input.regions;
  if (regions !== undefined) {
    if (!Array.isArray(regions)) return null;
    key += '|r';
    for (let i = 0; i < regions.length; i++) {
      const region = regions[i];
      if (!whole(region)) return null;
      key += `${region},`;
    }
  }
  for (const flag of FLAGS) {
    const value = input[flag];
    if (value === true) key += `|${flag}`;
    else if (value !== undefined && value !== false) return null;
  }
  const extra = input.extraRegions;
  if (extra !== undefined) {
    if (!Array.isArray(extra)) return null;
    key += '|e';
    for (const cells of extra) {
      if (!Array.isArray(cells)) return null;
      for (let i = 0; i < cells.length; i++) {
        if (!whole(cells[i])) return null;
        key += `${cells[i]!},`;
      }
      key += ';';
    }
  }
  return key;
}

function layoutOf(input: RulesSpec): Layout {
  const key = layoutKey(input);
  if (key !== null) {
    const cached = layouts.get(key);
    if (cached !== undefined) return cached;
  }
  const layout = makeLayout(input);
  if (key !== null) {
    if (layouts.size >= MAX_LAYOUTS) layouts.delete(layouts.keys().next().value!);
    layouts.set(key, layout);
  }
  return layout;
}

function makeLayout(input: RulesSpec): Layout {
  const size = input.size;
  if (!whole(size) || size < MIN_SIZE || size > MAX_SIZE) {
    throw new RulesError('BAD_SIZE', `size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE} (got ${shownValue(size)})`);
  }
  const samurai = input.layout === 'samurai';
  if (input.layout !== undefined && input.layout !== 'single' && !samurai) {
    throw new RulesError('BAD_HOUSE', `layout must be "single" or "samurai" (got ${shownValue(input.layout)})`);
  }
  if (samurai) {
    if (size !== 9) throw new RulesError('BAD_SIZE', `Samurai is made of 9x9 grids (got size ${size})`);
    const extra = ['regions', 'diagonalDown', 'diagonalUp', 'windoku', 'disjointGroups', 'asterisk', 'centreDot', 'extraRegions'] as const;
    for (const key of extra) {
      const value = input[key];
      if (value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)) {
        throw new RulesError('BAD_HOUSE', `Samurai takes no ${key} (only its five grids and, optionally, cages)`);
      }
    }
  }
  const frame = frameOf(size, samurai);
  const cellCount = frame.rowOf.length;

  // Regions: jigsaw pieces, or regular boxes.
  let boxShape: BoxShape | null = null;
  const regionOf = new Int16Array(cellCount);
  let regions: number[] | undefined;
  if (input.regions !== undefined) {
    if (input.boxes !== undefined) throw new RulesError('BAD_REGIONS', 'give either irregular regions or a box shape, not both');
    regions = Array.isArray(input.regions) ? input.regions.slice() : [...input.regions];
    if (regions.length !== cellCount) {
      throw new RulesError('BAD_REGIONS', `regions: expected one region number per cell (${cellCount}), got ${regions.length}`);
    }
    const counts = new Array<number>(size).fill(0);
    for (let cell = 0; cell < cellCount; cell++) {
      const region = regions[cell];
      if (!whole(region) || region < 0 || region >= size) {
        throw new RulesError('BAD_REGIONS', `regions: r${frame.rowOf[cell]! + 1}c${frame.colOf[cell]! + 1} has region ${shownValue(region)}, expected 0..${size - 1}`);
      }
      counts[region]!++;
      regionOf[cell] = region;
    }
    const wrong = counts.findIndex((n) => n !== size);
    if (wrong >= 0) throw new RulesError('BAD_REGIONS', `region ${wrong + 1} has ${counts[wrong]} cells, expected ${size}`);
  } else {
    boxShape = input.boxes ?? boxShapeOf(size);
    if (boxShape === null) {
      throw new RulesError('BAD_SIZE', `size ${size} has no usual box shape: give the box shape (rows x cols) or irregular regions`);
    }
    if (!whole(boxShape.rows) || !whole(boxShape.cols) || boxShape.rows < 1 || boxShape.cols < 1 || boxShape.rows * boxShape.cols !== size) {
      throw new RulesError('BAD_BOXES', `a box of ${shownValue(boxShape.rows)}x${shownValue(boxShape.cols)} cells does not hold ${size} digits`);
    }
    boxShape = { rows: boxShape.rows, cols: boxShape.cols };
  }

  // Houses go into one flat list as they are made: a house's cells are pushed, then closeHouse
  // sorts them and keeps them unless an earlier house has the same cells (Samurai's shared boxes; an
  // extra region equal to a house). No array, string or closure per house: a file of jigsaws builds
  // a layout per puzzle.
  const list: HouseList = { cells: scratchCells, start: scratchStart, kinds: [] };
  list.cells.length = 0;
  list.start.length = 1;
  const cellAt = frame.cellAt;
  const width = frame.width;

  for (const grid of frame.grids) {
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) list.cells.push(cellAt[(grid.row + r) * width + grid.col + c]!);
      closeHouse(list, 'row');
    }
  }
  for (const grid of frame.grids) {
    for (let c = 0; c < size; c++) {
      for (let r = 0; r < size; r++) list.cells.push(cellAt[(grid.row + r) * width + grid.col + c]!);
      closeHouse(list, 'column');
    }
  }
  if (boxShape !== null) {
    const { rows, cols } = boxShape;
    const boxIds = new Map<string, number>();
    for (const grid of frame.grids) {
      for (let b = 0; b < size; b++) {
        const top = grid.row + Math.floor(b / (size / cols)) * rows;
        const left = grid.col + (b % (size / cols)) * cols;
        const key = `${top},${left}`;
        const id = boxIds.get(key) ?? boxIds.size;
        boxIds.set(key, id);
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            const cell = cellAt[(top + r) * width + left + c]!;
            regionOf[cell] = id;
            list.cells.push(cell);
          }
        }
        closeHouse(list, 'box');
      }
    }
  } else {
    // Each region has `size` cells (checked above): region r's go to its own stretch, in cell order.
    const at = list.cells.length;
    for (let i = 0; i < size * size; i++) list.cells.push(0);
    const next = new Int32Array(size);
    for (let region = 0; region < size; region++) next[region] = at + region * size;
    for (let cell = 0; cell < cellCount; cell++) list.cells[next[regionOf[cell]!]!++] = cell;
    // Each stretch is closed in turn (the next ones stay pushed after it); they are sorted already.
    for (let region = 0, from = at; region < size; region++) if (closeRegion(list, from, size)) from += size;
  }

  // Extra houses.
  const nineOnly = (what: string): void => {
    if (size !== 9 || samurai) throw new RulesError('BAD_HOUSE', `${what} is defined on a single 9x9 grid only`);
  };
  const at = (row: number, col: number): number => cellAt[row * width + col]!;
  if (input.diagonalDown === true) {
    for (let i = 0; i < size; i++) list.cells.push(at(i, i));
    closeHouse(list, 'diagonal');
  }
  if (input.diagonalUp === true) {
    for (let i = 0; i < size; i++) list.cells.push(at(size - 1 - i, i));
    closeHouse(list, 'diagonal');
  }
  if (input.windoku === true) {
    nineOnly('windoku');
    for (const top of [1, 5]) {
      for (const left of [1, 5]) {
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) list.cells.push(at(top + r, left + c));
        closeHouse(list, 'window');
      }
    }
  }
  if (input.disjointGroups === true) {
    if (boxShape === null) throw new RulesError('BAD_HOUSE', 'disjoint groups need regular boxes');
    const { rows, cols } = boxShape;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        for (let top = 0; top < size; top += rows) for (let left = 0; left < size; left += cols) list.cells.push(at(top + r, left + c));
        closeHouse(list, 'disjoint');
      }
    }
  }
  if (input.asterisk === true) {
    nineOnly('asterisk');
    for (const [r, c] of ASTERISK) list.cells.push(at(r, c));
    closeHouse(list, 'asterisk');
  }
  if (input.centreDot === true) {
    nineOnly('centre dot');
    if (boxShape === null) throw new RulesError('BAD_HOUSE', 'centre dot needs 3x3 boxes');
    for (let top = 1; top < 9; top += 3) for (let left = 1; left < 9; left += 3) list.cells.push(at(top, left));
    closeHouse(list, 'centre-dot');
  }
  const extraRegions = (input.extraRegions ?? []).map((cells) => [...cells]);
  extraRegions.forEach((cells, i) => {
    checkCells(cells, cellCount, `extra region ${i + 1}`);
    if (new Set(cells).size !== cells.length || cells.length !== size) {
      throw new RulesError('BAD_HOUSE', `extra region ${i + 1} has ${new Set(cells).size} distinct cells, expected ${size}`);
    }
    for (const cell of cells) list.cells.push(cell);
    closeHouse(list, 'extra');
  });

  // Flat tables: houses, houses of each cell (counted, then filled in house order). The peers are
  // made on first need (layoutPeers): counting on the 81-cell path never reads them.
  const houseKinds = list.kinds;
  const houseCount = houseKinds.length;
  // Two buffers (starts, cells), views into them: fewer typed arrays to make and collect.
  const starts = new Int32Array(houseCount + 1 + cellCount + 1);
  const houseStart = starts.subarray(0, houseCount + 1);
  houseStart.set(list.start);
  const cellBuffer = new Int16Array(list.cells.length * 2);
  const houseCells = cellBuffer.subarray(0, list.cells.length);
  houseCells.set(list.cells);
  const housesOfStart = starts.subarray(houseCount + 1);
  for (let i = 0; i < houseCells.length; i++) housesOfStart[houseCells[i]! + 1]!++;
  for (let cell = 0; cell < cellCount; cell++) housesOfStart[cell + 1]! += housesOfStart[cell]!;
  const housesOfCells = cellBuffer.subarray(list.cells.length);
  if (fillScratch.length < cellCount) fillScratch = new Int32Array(cellCount);
  const fill = fillScratch;
  fill.set(housesOfStart.subarray(0, cellCount));
  for (let h = 0; h < houseCount; h++) {
    for (let i = houseStart[h]!; i < houseStart[h + 1]!; i++) housesOfCells[fill[houseCells[i]!]!++] = h;
  }
  const layout: Layout = {
    samurai,
    frame,
    boxShape: boxShape === null ? null : Object.freeze(boxShape),
    regionOf,
    regions: regions === undefined ? undefined : Object.freeze(regions),
    extraRegions: Object.freeze(extraRegions.map((cells) => Object.freeze(cells))),
    houseStart,
    houseCells,
    houseKinds: Object.freeze(houseKinds),
    housesOfStart,
    housesOfCells,
    houseTables: { start: houseStart, cells: houseCells },
    peerTables: () => layoutPeers(layout),
    grids: frame.grids,
  };
  return layout;
}

// makeLayout's scratch (it never runs twice at once): the house list, the fill marks of housesOf.
const scratchCells: number[] = [];
const scratchStart: number[] = [0];
let fillScratch = new Int32Array(0);

/** Houses being made (see makeLayout): house h's cells are cells[start[h]..start[h + 1]). */
interface HouseList {
  readonly cells: number[];
  readonly start: number[];
  readonly kinds: HouseKind[];
}

/**
 * Closes the house of the cells pushed since the last one: sorted, and kept as a house of `kind`
 * unless an earlier house has the same cells (then they are dropped).
 */
function closeHouse(list: HouseList, kind: HouseKind): void {
  const from = list.start[list.start.length - 1]!;
  sortRange(list.cells, from, list.cells.length);
  if (isRepeat(list, from, list.cells.length)) {
    list.cells.length = from;
    return;
  }
  list.start.push(list.cells.length);
  list.kinds.push(kind);
}

/**
 * Closes a region whose sorted cells are cells[from..from + n), the next regions' stretches after
 * it: kept as a house (true), or, if an earlier house has the same cells, taken out of the list.
 */
function closeRegion(list: HouseList, from: number, n: number): boolean {
  if (isRepeat(list, from, from + n)) {
    list.cells.splice(from, n);
    return false;
  }
  list.start.push(from + n);
  list.kinds.push('region');
  return true;
}

/** Whether an earlier house of the list has the cells cells[from..to) (sorted). */
function isRepeat(list: HouseList, from: number, to: number): boolean {
  const { cells, start } = list;
  const n = to - from;
  for (let h = 0; h < list.kinds.length; h++) {
    const at = start[h]!;
    if (start[h + 1]! - at !== n || cells[at] !== cells[from]) continue;
    let i = 1;
    while (i < n && cells[at + i] === cells[from + i]) i++;
    if (i === n) return true;
  }
  return false;
}

/** Sorts values[from..to) ascending in place (insertion sort: houses are short, often sorted). */
function sortRange(values: number[], from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const value = values[i]!;
    let j = i - 1;
    while (j >= from && values[j]! > value) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = value;
  }
}

/** Peers through the houses of each layout (no cage-mates), sorted, made on first need. */
const peersOfLayout = new WeakMap<Layout, HouseTables>();

/** The peers of a layout's cells through its houses: cell c's are cells[start[c]..start[c + 1]), ascending. */
function layoutPeers(layout: Layout): HouseTables {
  const known = peersOfLayout.get(layout);
  if (known !== undefined) return known;
  const { houseStart, housesOfStart, housesOfCells, houseCells } = layout;
  const cellCount = housesOfStart.length - 1;
  let room = 0;
  for (let i = 0; i < housesOfCells.length; i++) room += houseStart[housesOfCells[i]! + 1]! - houseStart[housesOfCells[i]!]!;
  const flatPeers = new Int16Array(room);
  const mark = new Int32Array(cellCount).fill(-1);
  const peerStart = new Int32Array(cellCount + 1);
  let end = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    // The peers are marked, then read in cell order between the lowest and the highest (no sort).
    mark[cell] = cell;
    let low = cell;
    let high = cell;
    for (let i = housesOfStart[cell]!; i < housesOfStart[cell + 1]!; i++) {
      const h = housesOfCells[i]!;
      for (let j = houseStart[h]!; j < houseStart[h + 1]!; j++) {
        const other = houseCells[j]!;
        mark[other] = cell;
        if (other < low) low = other;
        else if (other > high) high = other;
      }
    }
    for (let other = low; other <= high; other++) if (mark[other] === cell && other !== cell) flatPeers[end++] = other;
    peerStart[cell + 1] = end;
  }
  const peers = { start: peerStart, cells: flatPeers.slice(0, end) };
  peersOfLayout.set(layout, peers);
  return peers;
}

/** One view per entry of a flat table (the caller's own copy), frozen as a list. */
function viewsOf(flat: Int16Array, start: Int32Array, count: number): readonly Int16Array[] {
  const views = new Array<Int16Array>(count);
  for (let i = 0; i < count; i++) views[i] = flat.subarray(start[i]!, start[i + 1]!);
  return Object.freeze(views);
}

/**
 * Builds and checks the rules value of a description. Throws a {@link RulesError} naming the
 * problem (a size with no box shape, a region of the wrong size, a cell in two cages, a cage sum no
 * digits can make...). The result is frozen; build it once and pass it down.
 */
export function buildRules(description: RulesSpec): Rules {
  const input = ownSpec(description);
  const layout = layoutOf(input);
  const cages = input.cages === undefined || (Array.isArray(input.cages) && input.cages.length === 0) ? NO_CAGES : checkedCages(input, layout);
  // Odd/even marks, checked now (a bad mark is an error of the description); none is the usual case.
  const parity = input.odd === undefined && input.even === undefined ? null : parityMarks(input, layout.frame, input.size);

  // The counting solver for these rules comes with them (why: solver-link.ts), and it finds the
  // layout and the cages of a value through BuiltRules.sourceOf.
  linkRulesCounter(RULES_COUNTER);
  linkRulesSource(BuiltRules.sourceOf);
  // And the geometry and techniques of houses other than classic's, the killer techniques among
  // them (why: core/geometry.ts, techniques/variant-link.ts).
  linkGeometryBuilder(buildGeometry);
  linkVariantTechniques(VARIANT_TECHNIQUES);
  // And the grader's code for a { rules, givens } puzzle, the grader of other sizes and Samurai
  // with it (why: grader/variant-link.ts).
  linkVariantGrading(VARIANT_GRADING);
  return new BuiltRules(input, layout, cages, parity);
}

/** The fields of a description (RulesSpec), for {@link ownSpec}: held to the type by the compiler. */
const SPEC_FIELDS: { readonly [K in keyof Required<RulesSpec>]: 'flag' | 'list' | 'other' } = {
  size: 'other',
  layout: 'other',
  regions: 'list',
  boxes: 'other',
  diagonalDown: 'flag',
  diagonalUp: 'flag',
  windoku: 'flag',
  disjointGroups: 'flag',
  asterisk: 'flag',
  centreDot: 'flag',
  extraRegions: 'list',
  cages: 'list',
  odd: 'list',
  even: 'list',
};

/** Whether a value is a list of numbers as the description takes them: an array or a typed array. */
function isList(value: unknown): value is readonly number[] {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

/**
 * The description as read once: its own fields copied into a new object, each read exactly once,
 * so that neither a getter nor a change to the caller's object after the build can make the value
 * disagree with itself (the value keeps this copy, and `spec` is made from it when first read).
 * An unknown field (a typo such as `diagonal`, or a rules value passed for its description), a flag
 * that is not true or false, a list that is not a list, or a box shape that is not `{ rows, cols }`
 * is an error rather than rules other than the ones meant.
 * @throws RulesError BAD_SPEC (BAD_BOXES for the box shape)
 */
function ownSpec(input: unknown): RulesSpec {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new RulesError('BAD_SPEC', `expected a description of the rules, an object such as { size: 9 } (got ${input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input})`);
  }
  const spec: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const kind = Object.hasOwn(SPEC_FIELDS, key) ? SPEC_FIELDS[key as keyof RulesSpec] : undefined;
    if (kind === undefined) throw new RulesError('BAD_SPEC', `unknown field "${key.slice(0, 40)}" in the description of the rules (known: ${Object.keys(SPEC_FIELDS).join(', ')})`);
    const value: unknown = (input as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (kind === 'flag' && typeof value !== 'boolean') throw new RulesError('BAD_SPEC', `${key} must be true or false (got ${shownValue(value)})`);
    if (kind === 'list' && !isList(value)) throw new RulesError('BAD_SPEC', `${key} must be a list (got ${value === null ? 'null' : typeof value})`);
    spec[key] = value;
  }
  const boxes = spec['boxes'];
  if (boxes !== undefined) {
    if (typeof boxes !== 'object' || boxes === null) throw new RulesError('BAD_BOXES', `boxes must be { rows, cols } (got ${shownValue(boxes)})`);
    spec['boxes'] = { rows: (boxes as BoxShape).rows, cols: (boxes as BoxShape).cols };
  }
  const extra = spec['extraRegions'] as readonly unknown[] | undefined;
  if (extra !== undefined) {
    for (let i = 0; i < extra.length; i++) if (!isList(extra[i])) throw new RulesError('BAD_SPEC', `extra region ${i + 1} must be a list of cells`);
  }
  return spec as unknown as RulesSpec;
}

/** A description's cages, checked and sorted, as flat lists (see RulesSource in solver-link.ts). */
interface FlatCages {
  readonly cells: readonly number[];
  readonly start: readonly number[];
  readonly sums: readonly number[];
}

const NO_CAGES: FlatCages = Object.freeze({ cells: Object.freeze([]), start: Object.freeze([0]), sums: Object.freeze([]) });

type ParityMarks = ReturnType<typeof parityMarks>;

/**
 * A rules value made by buildRules. Everything made of arrays (the normalised description, the cell
 * tables, the lists of views: about 220 views, 5 typed arrays and 60 frozen arrays and objects for a
 * killer) is made on first read, by the getters below: a checker that builds a killer only to count
 * it never reads them (the solver compiles its tables from the layout and the flat cage lists, given
 * to it through solver-link.ts), and making them cost more than the count. Each value still makes
 * its own arrays, so that no value can reach another's; the flat cage lists are private to the value
 * and the solver (the description's lists are copies).
 *
 * A class with its lazy fields on the prototype and their state in private fields, not an object
 * literal with a getter per field: V8 made that literal (eleven closures and accessor properties,
 * then frozen) in about 5-12 us, more than a killer's count, and this in 0.2 us. What a reader sees
 * is the same, except that the lazy fields are not own properties (Object.keys lists the others).
 */
class BuiltRules implements Rules {
  readonly variant: string;
  readonly size: number;
  readonly allDigits: number;
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  readonly boxShape: BoxShape | null;
  readonly houseKinds: readonly HouseKind[];
  readonly grids: readonly { readonly row: number; readonly col: number }[];
  readonly startMasks: Uint16Array | null;
  readonly #input: RulesSpec;
  readonly #layout: Layout;
  readonly #cages: FlatCages;
  readonly #parity: ParityMarks | null;
  readonly #source: RulesSource;
  #spec: Rules['spec'] | undefined = undefined;
  #rowOf: Uint8Array | undefined = undefined;
  #colOf: Uint8Array | undefined = undefined;
  #cellAt: Int16Array | undefined = undefined;
  #regionOf: Int16Array | undefined = undefined;
  #houses: readonly Int16Array[] | undefined = undefined;
  #housesOf: readonly Int16Array[] | undefined = undefined;
  #peers: readonly Int16Array[] | undefined = undefined;
  #cageList: readonly Cage[] | undefined = undefined;
  #cageOf: Int16Array | undefined = undefined;
  #parityOf: Uint8Array | undefined = undefined;

  constructor(input: RulesSpec, layout: Layout, cages: FlatCages, parity: ParityMarks | null) {
    const frame = layout.frame;
    this.variant = variantName(input, layout.samurai, layout.regions !== undefined, cages.sums.length, parity !== null && parity.masks !== null);
    this.size = input.size;
    this.allDigits = (1 << input.size) - 1;
    this.width = frame.width;
    this.height = frame.height;
    this.cellCount = frame.rowOf.length;
    this.boxShape = layout.boxShape;
    this.houseKinds = layout.houseKinds;
    this.grids = layout.grids;
    this.startMasks = parity?.masks ?? null;
    this.#input = input;
    this.#layout = layout;
    this.#cages = cages;
    this.#parity = parity;
    this.#source = { layout, houses: layout.houseTables, peers: layout.peerTables, cages };
    Object.freeze(this);
  }

  /** The solver's view of a value made here (linked into solver-link.ts), or undefined for any other value. */
  static sourceOf(this: void, rules: Rules): RulesSource | undefined {
    return #source in rules ? rules.#source : undefined;
  }

  get spec(): Rules['spec'] {
    return (this.#spec ??= normalSpec(this.#input, this.#layout, this.#cages, this.#parity));
  }
  get rowOf(): Uint8Array {
    return (this.#rowOf ??= this.#layout.frame.rowOf.slice());
  }
  get colOf(): Uint8Array {
    return (this.#colOf ??= this.#layout.frame.colOf.slice());
  }
  get cellAt(): Int16Array {
    return (this.#cellAt ??= this.#layout.frame.cellAt.slice());
  }
  get regionOf(): Int16Array {
    return (this.#regionOf ??= this.#layout.regionOf.slice());
  }
  get houses(): readonly Int16Array[] {
    const layout = this.#layout;
    return (this.#houses ??= viewsOf(layout.houseCells.slice(), layout.houseStart, layout.houseKinds.length));
  }
  get housesOf(): readonly Int16Array[] {
    const layout = this.#layout;
    return (this.#housesOf ??= viewsOf(layout.housesOfCells.slice(), layout.housesOfStart, this.cellCount));
  }
  get peers(): readonly Int16Array[] {
    return (this.#peers ??= peersOf(this.#layout, this.cages, this.cageOf));
  }
  get cages(): readonly Cage[] {
    return (this.#cageList ??= cagesOf(this.#cages));
  }
  get cageOf(): Int16Array {
    return (this.#cageOf ??= cageOfCells(this.#cages, this.cellCount));
  }
  get parityOf(): Uint8Array {
    const parity = this.#parity;
    return (this.#parityOf ??= parity !== null ? parity.marks : new Uint8Array(this.cellCount));
  }
}

// Scratch of the cage checks, made on first use (nothing at import time, and nothing a bundle of the
// classic calls must keep): the cage holding each cell, stamps (one per cage checked, ever
// increasing) saying since when a cell is held, and by which cage it was last named; and the cages'
// cells in the order given (each cage's sorted), with where each starts, its length and sum.
let marks: { owner: Int32Array; ownerStamp: Int32Array; namedStamp: Int32Array; cells: Int32Array; from: Int32Array; length: Int32Array; sum: Int32Array; order: Int32Array } | null = null;
let stamp = 0;

/**
 * The cages of a description, each checked in the order given (the first problem is the one
 * reported), then sorted: the cells of each ascending, the cages by their first cell, so that equal
 * cage sets give equal rules. A killer has some 30 cages and is often built only to be counted
 * once: the checks read the description where it lies and write into scratch tables, and the value
 * keeps three flat lists (no array or object per cage).
 */
function checkedCages(input: RulesSpec, layout: Layout): FlatCages {
  const { frame } = layout;
  const size = input.size;
  const cellCount = frame.rowOf.length;
  const inputCages = input.cages ?? [];
  if (marks === null || marks.owner.length < cellCount) {
    const n = cellCount + 1;
    marks = { owner: new Int32Array(n), ownerStamp: new Int32Array(n), namedStamp: new Int32Array(n), cells: new Int32Array(n), from: new Int32Array(n), length: new Int32Array(n), sum: new Int32Array(n), order: new Int32Array(n) };
    stamp = 0;
  }
  const { owner, ownerStamp, namedStamp } = marks;
  const scratch = marks.cells;
  if (stamp > 0x3fffffff) {
    ownerStamp.fill(0);
    namedStamp.fill(0);
    stamp = 0;
  }
  const firstStamp = stamp + 1;
  const count = inputCages.length;
  let at = 0;
  for (let i = 0; i < count; i++) {
    const cage: unknown = inputCages[i];
    if (typeof cage !== 'object' || cage === null) throw new RulesError('BAD_CAGE', `cage ${i + 1} must be { cells, sum } (got ${shownValue(cage)})`);
    const given: unknown = (cage as CageSpec).cells;
    if (!Array.isArray(given) && !isIterableList(given)) throw new RulesError('BAD_CAGE', `cage ${i + 1}: cells must be a list of cell numbers`);
    const cells: readonly number[] = Array.isArray(given) ? (given as number[]) : [...given];
    const n = cells.length;
    for (let j = 0; j < n; j++) {
      const cell = cells[j];
      if (!whole(cell) || cell < 0 || cell >= cellCount) throw new RulesError('BAD_CELL', `cage ${i + 1}: cell ${shownValue(cell)} is not a cell of the grid (0..${cellCount - 1})`);
    }
    if (n === 0) throw new RulesError('BAD_CAGE', `cage ${i + 1} has no cells`);
    const named = ++stamp;
    for (let j = 0; j < n; j++) {
      const cell = cells[j]!;
      if (namedStamp[cell] === named) throw new RulesError('BAD_CAGE', `cage ${i + 1} names a cell twice`);
      namedStamp[cell] = named;
    }
    if (n > size) throw new RulesError('BAD_CAGE', `cage ${i + 1} has ${n} cells, more than the ${size} digits`);
    for (let j = 0; j < n; j++) {
      const cell = cells[j]!;
      // A cell marked since this call began belongs to an earlier cage.
      if (ownerStamp[cell]! >= firstStamp) {
        throw new RulesError('CAGE_OVERLAP', `r${frame.rowOf[cell]! + 1}c${frame.colOf[cell]! + 1} is in cage ${owner[cell]! + 1} and cage ${i + 1}`);
      }
      ownerStamp[cell] = named;
      owner[cell] = i;
    }
    const sum = (cage as CageSpec).sum;
    if (sum !== undefined && sum !== 0) {
      // cageSumRange, without its pair.
      const low = (n * (n + 1)) / 2;
      const high = (n * (2 * size - n + 1)) / 2;
      if (!whole(sum) || sum < low || sum > high) {
        throw new RulesError('BAD_CAGE_SUM', `cage ${i + 1}: no ${n} different digits add up to ${shownValue(sum)} (possible: ${low} to ${high})`);
      }
    }
    // The cells (no cell twice, none held by an earlier cage: at most cellCount of them in all),
    // sorted by insertion as they come.
    for (let j = 0; j < n; j++) {
      const cell = cells[j]!;
      let k = at + j - 1;
      while (k >= at && scratch[k]! > cell) {
        scratch[k + 1] = scratch[k]!;
        k--;
      }
      scratch[k + 1] = cell;
    }
    marks.from[i] = at;
    marks.length[i] = n;
    marks.sum[i] = sum ?? 0;
    at += n;
  }
  // The cages by first cell (insertion sort: they usually come in that order or nearly; first cells
  // are distinct, so the order is total).
  const { from, length, sum: sums, order } = marks;
  for (let i = 0; i < count; i++) {
    const first = scratch[from[i]!]!;
    let j = i - 1;
    while (j >= 0 && scratch[from[order[j]!]!]! > first) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = i;
  }
  const outCells: number[] = [];
  const outStart: number[] = [0];
  const outSums: number[] = [];
  for (let i = 0; i < count; i++) {
    const cage = order[i]!;
    for (let j = from[cage]!, end = j + length[cage]!; j < end; j++) outCells.push(scratch[j]!);
    outStart.push(outCells.length);
    outSums.push(sums[cage]!);
  }
  return { cells: outCells, start: outStart, sums: outSums };
}

/** A list of cells given as something other than an array: a typed array or another iterable that is no string. */
function isIterableList(value: unknown): value is Iterable<number> {
  return typeof value === 'object' && value !== null && typeof (value as Iterable<number>)[Symbol.iterator] === 'function';
}

/** The normalised description, in the same key order as ever; the cages' lists are copies, frozen. */
function normalSpec(input: RulesSpec, layout: Layout, cages: FlatCages, parity: { odd: number[]; even: number[] } | null): Rules['spec'] {
  const normal: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } & { size: number; layout: 'single' | 'samurai' } = {
    size: input.size,
    layout: layout.samurai ? 'samurai' : 'single',
  };
  if (layout.regions !== undefined) normal.regions = layout.regions;
  else normal.boxes = layout.boxShape!;
  if (input.diagonalDown === true) normal.diagonalDown = true;
  if (input.diagonalUp === true) normal.diagonalUp = true;
  if (input.windoku === true) normal.windoku = true;
  if (input.disjointGroups === true) normal.disjointGroups = true;
  if (input.asterisk === true) normal.asterisk = true;
  if (input.centreDot === true) normal.centreDot = true;
  if (layout.extraRegions.length > 0) normal.extraRegions = layout.extraRegions;
  const count = cages.sums.length;
  if (count > 0) {
    const specCages = new Array<CageSpec>(count);
    for (let i = 0; i < count; i++) {
      const cells = Object.freeze(cages.cells.slice(cages.start[i]!, cages.start[i + 1]!));
      const sum = cages.sums[i]!;
      specCages[i] = Object.freeze(sum === 0 ? { cells } : { cells, sum });
    }
    normal.cages = Object.freeze(specCages);
  }
  if (parity !== null && parity.odd.length > 0) normal.odd = Object.freeze(parity.odd);
  if (parity !== null && parity.even.length > 0) normal.even = Object.freeze(parity.even);
  return Object.freeze(normal);
}

/** Cage of each cell (numbered as sorted), or -1. */
function cageOfCells(cages: FlatCages, cellCount: number): Int16Array {
  const cageOf = new Int16Array(cellCount).fill(-1);
  for (let i = 0; i < cages.sums.length; i++) {
    for (let j = cages.start[i]!; j < cages.start[i + 1]!; j++) cageOf[cages.cells[j]!] = i;
  }
  return cageOf;
}

/** The built cages of the sorted cage lists: views of one flat array, frozen. */
function cagesOf(flatCages: FlatCages): readonly Cage[] {
  const flat = Int16Array.from(flatCages.cells);
  const cages = new Array<Cage>(flatCages.sums.length);
  for (let i = 0; i < cages.length; i++) {
    cages[i] = Object.freeze({ cells: flat.subarray(flatCages.start[i]!, flatCages.start[i + 1]!), sum: flatCages.sums[i]! });
  }
  return Object.freeze(cages);
}

/** Digits 1, 3, 5... (bits 0, 2, 4...) and 2, 4, 6... of a 16-bit mask. */
const ODD_DIGITS = 0x5555;
const EVEN_DIGITS = 0xaaaa;

/**
 * The odd/even marks of a description, checked (cells in range, none named twice or marked both
 * ways): the sorted cell lists, a mark per cell and the start mask per cell (null without marks).
 */
function parityMarks(input: RulesSpec, frame: Frame, size: number): { odd: number[]; even: number[]; marks: Uint8Array; masks: Uint16Array | null } {
  const cellCount = frame.rowOf.length;
  const marks = new Uint8Array(cellCount);
  const lists: [number[], number[]] = [[], []];
  const sides = [
    ['odd', input.odd, PARITY_ODD],
    ['even', input.even, PARITY_EVEN],
  ] as const;
  for (const [key, cells, mark] of sides) {
    if (cells === undefined) continue;
    if (!Array.isArray(cells)) throw new RulesError('BAD_PARITY', `${key} must be a list of cells`);
    checkCells(cells, cellCount, `${key} cells`);
    for (const cell of cells) {
      const name = `r${frame.rowOf[cell]! + 1}c${frame.colOf[cell]! + 1}`;
      if (marks[cell] === mark) throw new RulesError('BAD_PARITY', `${name} is named twice among the ${key} cells`);
      if (marks[cell] !== 0) throw new RulesError('BAD_PARITY', `${name} is marked both odd and even`);
      marks[cell] = mark;
      lists[mark - 1]!.push(cell);
    }
  }
  const [odd, even] = lists;
  odd.sort((a, b) => a - b);
  even.sort((a, b) => a - b);
  if (odd.length === 0 && even.length === 0) return { odd, even, marks, masks: null };
  const all = (1 << size) - 1;
  const masks = new Uint16Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) masks[cell] = marks[cell] === PARITY_ODD ? all & ODD_DIGITS : marks[cell] === PARITY_EVEN ? all & EVEN_DIGITS : all;
  return { odd, even, marks, masks };
}

/** Peers of each cell: the layout's, merged (both sorted) with the cell's cage-mates. */
function peersOf(layout: Layout, cages: readonly Cage[], cageOf: Int16Array): readonly Int16Array[] {
  const { start: layoutStart, cells: peerCells } = layoutPeers(layout);
  const cellCount = cageOf.length;
  if (cages.length === 0) return viewsOf(peerCells.slice(), layoutStart, cellCount);
  const flat = new Int16Array(peerCells.length + cages.reduce((total, cage) => total + cage.cells.length * cage.cells.length, 0));
  const list = new Array<Int16Array>(cellCount);
  let at = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    const start = at;
    let i = layoutStart[cell]!;
    const end = layoutStart[cell + 1]!;
    const cage = cageOf[cell]!;
    if (cage >= 0) {
      const mates = cages[cage]!.cells;
      let j = 0;
      while (i < end || j < mates.length) {
        const a = i < end ? peerCells[i]! : 0x7fff;
        const b = j < mates.length ? mates[j]! : 0x7fff;
        if (b === cell) {
          j++;
          continue;
        }
        if (a < b) {
          flat[at++] = a;
          i++;
        } else {
          flat[at++] = b;
          j++;
          if (a === b) i++;
        }
      }
    } else {
      for (; i < end; i++) flat[at++] = peerCells[i]!;
    }
    list[cell] = flat.subarray(start, at);
  }
  return Object.freeze(list);
}

// The conflict check is called through this table, never read at load.
const RULES_COUNTER: RulesCounter = { count: countRules, solve: solveRules, stats: lastRulesStats, conflict: (rules, givens) => findGivenConflict(rules, givens), puzzle: checkedPuzzle };

/** 'classic', '6x6', 'jigsaw', 'x', 'killer', 'samurai', '16x16+killer', 'jigsaw+x'... (one string, no list: made for every value) */
function variantName(spec: RulesSpec, samurai: boolean, jigsaw: boolean, cageCount: number, marked: boolean): string {
  let name = '';
  const add = (part: string): void => {
    name = name === '' ? part : `${name}+${part}`;
  };
  if (samurai) add('samurai');
  else if (spec.size !== 9) add(`${spec.size}x${spec.size}`);
  if (jigsaw) add('jigsaw');
  if (spec.diagonalDown === true && spec.diagonalUp === true) add('x');
  else if (spec.diagonalDown === true || spec.diagonalUp === true) add('diagonal');
  if (spec.windoku === true) add('windoku');
  if (spec.disjointGroups === true) add('disjoint');
  if (spec.asterisk === true) add('asterisk');
  if (spec.centreDot === true) add('centre-dot');
  if ((spec.extraRegions?.length ?? 0) > 0) add('extra-regions');
  if (cageCount > 0) add('killer');
  if (marked) add('oddeven');
  return name === '' ? 'classic' : name;
}
