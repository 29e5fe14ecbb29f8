/*
 * The region-major view of a 9x9 jigsaw layout, for jigsaw9-solver.ts: each digit's board is kept
 * twice, row-major (cell k is bit k % 27 of word k / 27: rows are 9-bit fields) and region-major,
 * where region g (house 18 + g) is the 9-bit field (g % 3) * 9 of word g / 3, its cells in
 * increasing order:
 *
 *   region-major index of a cell:  g * 9 + (its rank among g's cells)     word = index / 27
 *
 *     word 0: | region 0 | region 1 | region 2 |     (bits 0-8, 9-17, 18-26)
 *     word 1: | region 3 | region 4 | region 5 |
 *     word 2: | region 6 | region 7 | region 8 |
 *
 * so that a region's hidden single or emptiness is a field test, as a row's is. The two copies are
 * kept in step by these per-layout tables: each cell's region-major index, the cell at each index,
 * each cell's peers as region-major words, and, for locked candidates from a region's field, the
 * field bits of the cell's row and of its column inside its region.
 */
import type { JigsawLayout9 } from './jigsaw9-solver.js';

/** One layout's region-major tables, views into one buffer. */
export interface RegionFields {
  /** Cell k -> its region-major index (0..80). */
  readonly indexOf: Int32Array;
  /** Region-major index -> its cell. */
  readonly cellAt: Int32Array;
  /** Peers of each cell as three region-major words. */
  readonly peers: Int32Array;
  /** Cell k -> the 9-bit field (in its region's field) of its region's cells on k's row / column. */
  readonly rowInRegion: Int32Array;
  readonly columnInRegion: Int32Array;
}

/** Compiled on a layout's first count and kept as long as the layout is (a layout is cached by its rules key). */
const fieldsOf = new WeakMap<JigsawLayout9, RegionFields>();

/** The region-major tables of a plain jigsaw layout (houses 18-26 partition the grid). */
export function regionFieldsOf(layout: JigsawLayout9): RegionFields {
  const cached = fieldsOf.get(layout);
  if (cached !== undefined) return cached;
  const buffer = new Int32Array(81 * 7);
  const indexOf = buffer.subarray(0, 81);
  const cellAt = buffer.subarray(81, 162);
  const peers = buffer.subarray(162, 405);
  const rowInRegion = buffer.subarray(405, 486);
  const columnInRegion = buffer.subarray(486, 567);
  const houses = layout.houseMask;
  for (let g = 0; g < 9; g++) {
    let rank = 0;
    for (let w = 0; w < 3; w++) {
      for (let bits = houses[(18 + g) * 3 + w]!; bits !== 0; bits &= bits - 1) {
        const cell = w * 27 + 31 - Math.clz32(bits & -bits);
        indexOf[cell] = g * 9 + rank;
        cellAt[g * 9 + rank] = cell;
        rank++;
      }
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    const index = indexOf[cell]!;
    const region = (index / 9) | 0;
    for (let w = 0; w < 3; w++) {
      for (let bits = layout.peerMask[cell * 3 + w]!; bits !== 0; bits &= bits - 1) {
        const peer = indexOf[w * 27 + 31 - Math.clz32(bits & -bits)]!;
        const pw = (peer / 27) | 0;
        peers[cell * 3 + pw] = peers[cell * 3 + pw]! | (1 << (peer - pw * 27));
      }
    }
    let row = 0;
    let column = 0;
    for (let rank = 0; rank < 9; rank++) {
      const other = cellAt[region * 9 + rank]!;
      if (((other / 9) | 0) === ((cell / 9) | 0)) row |= 1 << rank;
      if (other % 9 === cell % 9) column |= 1 << rank;
    }
    rowInRegion[cell] = row;
    columnInRegion[cell] = column;
  }
  const fields: RegionFields = { indexOf, cellAt, peers, rowInRegion, columnInRegion };
  fieldsOf.set(layout, fields);
  return fields;
}
