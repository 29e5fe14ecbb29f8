import type { Rules } from '../../rules/types.js';

/**
 * The tables the general grader reads, for a rules value of any size (4 to 16 digits) and any
 * number of cells (Samurai: 369): built once per rules value from its houses and peers, then
 * shared and never written. The 9x9 ladder reads `Geometry` (src/core/geometry.ts), which is fixed
 * at 81 cells and 9-cell houses; this is its counterpart for every other grid.
 *
 * Houses are the rules' own, numbered as the rules number them (rows, columns, boxes or jigsaw
 * pieces, then extra houses); every house has `size` cells. Digit d is bit d - 1 of a mask of up
 * to 16 bits. A house's i-th cell is `houseCells[house * size + i]`; a set of places of a digit in
 * a house is a mask over those positions (bit i: the i-th cell).
 *
 *     6x6, house 12 (box 1)        houseCells[12*6 .. 12*6+5] = 0 1 2 6 7 8
 *     +-------+-------+            places of 4 in box 1 = 0b100010: cells 1 and 8
 *     | 0 1 2 | 3 4 5 |
 *     | 6 7 8 | 9 ...
 */
export interface GeneralShape {
  readonly rules: Rules;
  /** Digits 1..size; cells per house. */
  readonly size: number;
  readonly cellCount: number;
  readonly houseCount: number;
  /** The cells of each house (ascending): houseCells[house * size + i]. */
  readonly houseCells: Int16Array;
  /** Kind of each house: KIND_* below. */
  readonly houseKind: Uint8Array;
  /** Houses in search order: boxes and regions, then columns, then rows, then the extra houses. */
  readonly order: Int16Array;
  /** Houses of each cell: cellHouses[cellHouseStart[cell] .. cellHouseStart[cell + 1]). */
  readonly cellHouseStart: Int32Array;
  readonly cellHouses: Int16Array;
  /** Peers of each cell (ascending): peers[peerStart[cell] .. peerStart[cell + 1]). */
  readonly peerStart: Int32Array;
  readonly peers: Int16Array;
  /** The peers of each cell as a bit set of `words` 32-bit words: peerBits[cell * words + (peer >> 5)]. */
  readonly peerBits: Uint32Array;
  readonly words: number;
  /**
   * Ordered pairs of distinct houses sharing two cells or more, as (a, b, inB, outside) quadruples
   * in `crossings`: `inB` is the mask of a's positions that lie in b, `outside` the mask of b's
   * positions that are not in a. Ordered as `order` visits a, then b.
   */
  readonly crossings: Int32Array;
  /**
   * The line sets fish are looked for in: per grid (Samurai: five), its rows and its columns, each
   * as `size` houses in order. fishLines[(grid * 2 + 0) * size + i]: row i of the grid; `+ 1`: column i.
   */
  readonly fishLines: Int16Array;
  readonly gridCount: number;
}

export const KIND_ROW = 0;
export const KIND_COLUMN = 1;
export const KIND_BOX = 2;
export const KIND_REGION = 3;
export const KIND_OTHER = 4;

const built = new WeakMap<Rules, GeneralShape>();

/** The shape of a rules value (built once per value, then shared). */
export function shapeOf(rules: Rules): GeneralShape {
  let shape = built.get(rules);
  if (shape === undefined) {
    shape = buildShape(rules);
    built.set(rules, shape);
  }
  return shape;
}

function kindOf(kind: string): number {
  if (kind === 'row') return KIND_ROW;
  if (kind === 'column') return KIND_COLUMN;
  if (kind === 'box') return KIND_BOX;
  if (kind === 'region') return KIND_REGION;
  return KIND_OTHER;
}

function buildShape(rules: Rules): GeneralShape {
  const size = rules.size;
  const cellCount = rules.cellCount;
  const houseCount = rules.houses.length;
  const houseCells = new Int16Array(houseCount * size);
  const houseKind = new Uint8Array(houseCount);
  for (let house = 0; house < houseCount; house++) {
    houseCells.set(rules.houses[house]!, house * size);
    houseKind[house] = kindOf(rules.houseKinds[house]!);
  }
  const rank = (house: number): number => {
    const kind = houseKind[house]!;
    return kind === KIND_BOX || kind === KIND_REGION ? 0 : kind === KIND_COLUMN ? 1 : kind === KIND_ROW ? 2 : 3;
  };
  const order = Int16Array.from(Array.from({ length: houseCount }, (_, h) => h).sort((a, b) => rank(a) - rank(b) || a - b));

  const cellHouseStart = new Int32Array(cellCount + 1);
  const peerStart = new Int32Array(cellCount + 1);
  let houseTotal = 0;
  let peerTotal = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    houseTotal += rules.housesOf[cell]!.length;
    peerTotal += rules.peers[cell]!.length;
    cellHouseStart[cell + 1] = houseTotal;
    peerStart[cell + 1] = peerTotal;
  }
  const cellHouses = new Int16Array(houseTotal);
  const peers = new Int16Array(peerTotal);
  const words = (cellCount + 31) >> 5;
  const peerBits = new Uint32Array(cellCount * words);
  for (let cell = 0; cell < cellCount; cell++) {
    cellHouses.set(rules.housesOf[cell]!, cellHouseStart[cell]!);
    peers.set(rules.peers[cell]!, peerStart[cell]!);
    for (const peer of rules.peers[cell]!) peerBits[cell * words + (peer >> 5)]! |= 1 << (peer & 31);
  }

  // Houses sharing cells: through the houses of each cell.
  const crossings: number[] = [];
  const position = new Int16Array(cellCount).fill(-1);
  for (const a of order) {
    for (let i = 0; i < size; i++) position[houseCells[a * size + i]!] = i;
    const met = new Set<number>();
    for (let i = 0; i < size; i++) {
      const cell = houseCells[a * size + i]!;
      for (let k = cellHouseStart[cell]!; k < cellHouseStart[cell + 1]!; k++) if (cellHouses[k] !== a) met.add(cellHouses[k]!);
    }
    for (const b of order) {
      if (!met.has(b)) continue;
      let inB = 0;
      let outside = 0;
      for (let j = 0; j < size; j++) {
        const cell = houseCells[b * size + j]!;
        const i = position[cell]!;
        if (i >= 0) inB |= 1 << i;
        else outside |= 1 << j;
      }
      if (popcount(inB) >= 2 && outside !== 0) crossings.push(a, b, inB, outside);
    }
    for (let i = 0; i < size; i++) position[houseCells[a * size + i]!] = -1;
  }

  // Fish lines: the rows and columns of each grid, found by their cells' frame positions.
  const gridCount = rules.grids.length;
  const fishLines = new Int16Array(gridCount * 2 * size).fill(-1);
  for (let house = 0; house < houseCount; house++) {
    const kind = houseKind[house]!;
    if (kind !== KIND_ROW && kind !== KIND_COLUMN) continue;
    const first = houseCells[house * size]!;
    const last = houseCells[house * size + size - 1]!;
    for (let g = 0; g < gridCount; g++) {
      const grid = rules.grids[g]!;
      const inGrid = (cell: number): boolean => {
        const r = rules.rowOf[cell]! - grid.row;
        const c = rules.colOf[cell]! - grid.col;
        return r >= 0 && r < size && c >= 0 && c < size;
      };
      if (!inGrid(first) || !inGrid(last)) continue;
      const index = kind === KIND_ROW ? rules.rowOf[first]! - grid.row : rules.colOf[first]! - grid.col;
      fishLines[(g * 2 + kind) * size + index] = house;
    }
  }
  for (let i = 0; i < fishLines.length; i++) {
    if (fishLines[i] === -1) throw new RangeError(`the general grader found no ${(i / size) % 2 === 0 ? 'row' : 'column'} house for a line of grid ${Math.floor(i / size / 2) + 1}`);
  }

  return Object.freeze({
    rules,
    size,
    cellCount,
    houseCount,
    houseCells,
    houseKind,
    order,
    cellHouseStart,
    cellHouses,
    peerStart,
    peers,
    peerBits,
    words,
    crossings: Int32Array.from(crossings),
    fishLines,
    gridCount,
  });
}

/** Number of set bits of a mask (up to 32 bits). */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index (0-based) of the lowest set bit of a non-zero mask. */
export function lowBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Whether two cells are peers. */
export function sees(shape: GeneralShape, a: number, b: number): boolean {
  return (shape.peerBits[a * shape.words + (b >> 5)]! & (1 << (b & 31))) !== 0;
}

/** The digits of a mask, ascending. */
export function digitsOfMask(mask: number): number[] {
  const digits: number[] = [];
  while (mask !== 0) {
    digits.push(lowBit(mask) + 1);
    mask &= mask - 1;
  }
  return digits;
}
