/**
 * Killer cage combinations: for a size N, every set of distinct digits 1..N as a mask (digit d is
 * bit d - 1), grouped by (number of digits, their sum). A cage of k cells with sum S can only hold
 * one of the masks of (k, S); the solver keeps the ones its candidates still allow.
 *
 *   size 9, k = 2, S = 4  ->  { 1,3 }            = 0b000000101
 *   size 9, k = 3, S = 7  ->  { 1,2,4 }          = 0b000001011
 *   size 9, k = 3, S = 10 ->  { 1,2,7 } { 1,3,6 } { 1,4,5 } { 2,3,5 }
 *
 * Built lazily, once per size (nothing runs at import): 2^N masks sorted by (k, S), with the start
 * of each group. Size 16 is 65,536 masks (about 1 ms, 256 KiB); size 9 is 512.
 */
export interface ComboTable {
  /** All masks of 1..N, sorted by (popcount, digit sum). */
  readonly masks: Uint16Array;
  /** Start in `masks` of group (k, S) at k * (MAX_SUM + 1) + S; the group ends at the next start. */
  readonly starts: Int32Array;
  /** Largest digit sum of the size, N (N + 1) / 2. */
  readonly maxSum: number;
}

const tables: (ComboTable | undefined)[] = [];

/** The combination table of a size (4..16), built on first use. */
export function comboTable(size: number): ComboTable {
  let table = tables[size];
  if (table !== undefined) return table;
  const maxSum = (size * (size + 1)) / 2;
  const width = maxSum + 1;
  const keys = (size + 1) * width;
  const counts = new Int32Array(keys + 1);
  const count = 1 << size;
  const keyOf = new Int32Array(count);
  for (let mask = 0; mask < count; mask++) {
    let k = 0;
    let sum = 0;
    for (let d = 0; d < size; d++) {
      if ((mask >> d) & 1) {
        k++;
        sum += d + 1;
      }
    }
    keyOf[mask] = k * width + sum;
    counts[k * width + sum + 1]!++;
  }
  const starts = new Int32Array(keys + 1);
  for (let key = 0; key < keys; key++) starts[key + 1] = starts[key]! + counts[key + 1]!;
  const fill = starts.slice();
  const masks = new Uint16Array(count);
  for (let mask = 0; mask < count; mask++) masks[fill[keyOf[mask]!]!++] = mask;
  table = { masks, starts, maxSum };
  tables[size] = table;
  return table;
}

/** Sum of the digits of a mask (digit d is bit d - 1). */
export function digitSum(mask: number): number {
  let sum = 0;
  while (mask !== 0) {
    const low = mask & -mask;
    sum += 32 - Math.clz32(low);
    mask ^= low;
  }
  return sum;
}

/**
 * What k distinct digits of 1..9 adding up to S can be when they must come from a set U: for each
 * (k, S) a table over the 512 sets U of `allowed | required << 9`, the union and the intersection of
 * the combinations of (k, S) inside U (both 0 when none is). One lookup instead of a walk over the
 * combinations; each (k, S) is built on first use (512 x its combinations, at most 12).
 *
 *   k = 2, S = 10, U = {1,2,3,8,9}  ->  {1,9} {2,8}: allowed {1,2,8,9}, required {}
 *   k = 3, S = 7,  U = anything with 1, 2, 4  ->  allowed = required = {1,2,4}
 */
const options9: (Int32Array | undefined)[] = [];

/**
 * All of sumOptions9's tables in one array, so that a killer pass reads an option with one index
 * (OPTION_AT9[k * 46 + S] + U) instead of through a list of tables: the 129 (k, S) that some digits
 * can make take 512 entries each (264 KiB in all), each group filled on first use. OPTION_AT9 is -1
 * for a group not made yet, or one no k distinct digits add up to; made on first use.
 */
let optionAt9: Int32Array | null = null;
let optionTable9: Int32Array | null = null;
let optionGroups9 = 0;

/** The start of the options of (k, S) in {@link optionTable9} (made now if need be), or -1 when no k distinct digits add up to S. */
export function optionStart9(k: number, sum: number): number {
  if (k < 1 || k > 9 || sum < (k * (k + 1)) / 2 || sum > (k * (19 - k)) / 2) return -1;
  const at = optionsAt9();
  const key = k * 46 + sum;
  if (at[key]! >= 0) return at[key]!;
  const table = comboTable(9);
  const start = table.starts[k * (table.maxSum + 1) + sum]!;
  const end = table.starts[k * (table.maxSum + 1) + sum + 1]!;
  const options = optionTable9!;
  const base = optionGroups9++ * 512;
  for (let within = 0; within < 512; within++) {
    let allowed = 0;
    let required = 0x1ff;
    for (let i = start; i < end; i++) {
      const m = table.masks[i]!;
      if ((m & ~within) !== 0) continue;
      allowed |= m;
      required &= m;
    }
    options[base + within] = allowed === 0 ? 0 : allowed | (required << 9);
  }
  at[key] = base;
  return base;
}

/** The start of each (k, S) group in {@link optionTable9}, at k * 46 + S (-1: not made, or impossible). */
export function optionsAt9(): Int32Array {
  if (optionAt9 === null) {
    optionAt9 = new Int32Array(10 * 46).fill(-1);
    optionTable9 = new Int32Array(129 * 512);
  }
  return optionAt9;
}

/** The options of every (k, S) group made so far (see optionStart9): allowed | required << 9, indexed by start + U. */
export function optionTable9Of(): Int32Array {
  optionsAt9();
  return optionTable9!;
}

/** The options of (k, S) for 9 digits, indexed by U; null when no k distinct digits add up to S. */
export function sumOptions9(k: number, sum: number): Int32Array | null {
  if (k < 1 || k > 9 || sum < 1 || sum > 45) return null;
  const key = k * 46 + sum;
  let options = options9[key];
  if (options !== undefined) return options;
  const start = optionStart9(k, sum);
  if (start < 0) return null;
  options = optionTable9!.subarray(start, start + 512);
  options9[key] = options;
  return options;
}

/**
 * The killer tables of an 81-cell, 9-digit rules value, in the cell words of the band solvers (cell c
 * is bit c % 27 of word c / 27): each cell's peers gain its cage-mates, and the summed cages are
 * listed as cell sets with their sums, followed by the innies of each house (the rule of 45: the
 * cells of a house outside the summed cages lying wholly inside it add up to 45 minus those cages'
 * sums; they are distinct, one house, so they are one more cage), e.g. a row with cages 10 + 17 + 9
 * inside it and two cells left over: those two add up to 9. An innie of more than 5 cells, or one
 * that is a cage already, is left out. It reads the flat cage lists, allocates nothing (a checker
 * counting every killer once makes them for each) and finds the houses holding a cage from per-cell
 * house bits; band-extra-solver.ts (classic boxes) and grid9-solver.ts's compile9 (any 81-cell
 * layout) both make their killer tables with it.
 *
 * houseMask: house h's cells at h * 3; housesOf: the houses of each cell as bits (two words a cell:
 * houses 0-31 and 32-63). peers (3 words a cell) and withPeers (3 words: the cells with peers) are
 * updated in place. Returns the number of summed cages written into cageMask (3 words each) and
 * cageSum; firstOf (81 entries, all -1 on entry and on return) is scratch.
 */
export function killerTables9(
  cages: { readonly cells: ArrayLike<number>; readonly start: ArrayLike<number>; readonly sums: ArrayLike<number> },
  houseMask: Int32Array,
  houseCount: number,
  housesOf: Int32Array,
  peers: Int32Array,
  withPeers: Int32Array,
  cageMask: Int32Array,
  cageSum: Int32Array,
  rest: Int32Array,
  firstOf: Int16Array,
): number {
  const { cells, start, sums } = cages;
  const cageCount = sums.length;
  let count = 0;
  for (let h = 0; h < houseCount; h++) {
    rest[h * 4] = houseMask[h * 3]!;
    rest[h * 4 + 1] = houseMask[h * 3 + 1]!;
    rest[h * 4 + 2] = houseMask[h * 3 + 2]!;
    rest[h * 4 + 3] = 45;
  }
  for (let i = 0; i < cageCount; i++) {
    const from = start[i]!;
    const to = start[i + 1]!;
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    // The houses holding every cell of the cage.
    let in0 = -1;
    let in1 = -1;
    for (let j = from; j < to; j++) {
      const cell = cells[j]!;
      if (cell < 27) m0 |= 1 << cell;
      else if (cell < 54) m1 |= 1 << (cell - 27);
      else m2 |= 1 << (cell - 54);
      in0 &= housesOf[cell * 2]!;
      in1 &= housesOf[cell * 2 + 1]!;
    }
    withPeers[0] = withPeers[0]! | m0;
    withPeers[1] = withPeers[1]! | m1;
    withPeers[2] = withPeers[2]! | m2;
    for (let j = from; j < to; j++) {
      const cell = cells[j]!;
      const at = cell * 3;
      const own = cell < 27 ? 0 : cell < 54 ? 1 : 2;
      peers[at] = peers[at]! | m0;
      peers[at + 1] = peers[at + 1]! | m1;
      peers[at + 2] = peers[at + 2]! | m2;
      peers[at + own] = peers[at + own]! & ~(1 << (cell - own * 27));
    }
    const sum = sums[i]!;
    if (sum === 0) continue;
    firstOf[cells[from]!] = count;
    cageMask[count * 3] = m0;
    cageMask[count * 3 + 1] = m1;
    cageMask[count * 3 + 2] = m2;
    cageSum[count] = sum;
    count++;
    for (let half = 0; half < 2; half++) {
      for (let hs = half === 0 ? in0 : in1; hs !== 0; hs &= hs - 1) {
        const r = (half * 32 + 31 - Math.clz32(hs & -hs)) * 4;
        rest[r] = rest[r]! & ~m0;
        rest[r + 1] = rest[r + 1]! & ~m1;
        rest[r + 2] = rest[r + 2]! & ~m2;
        rest[r + 3] = rest[r + 3]! - sum;
      }
    }
  }
  if (count > 0) {
    const summed = count;
    for (let h = 0; h < houseCount; h++) {
      const r0 = rest[h * 4]!;
      const r1 = rest[h * 4 + 1]!;
      const r2 = rest[h * 4 + 2]!;
      const left = popcount27(r0) + popcount27(r1) + popcount27(r2);
      if (left === 0 || left === 9 || left > 5) continue;
      // A rest that is one of the cages already (a cage filling the rest of its house) adds nothing.
      const first = r0 !== 0 ? 31 - Math.clz32(r0 & -r0) : r1 !== 0 ? 58 - Math.clz32(r1 & -r1) : 85 - Math.clz32(r2 & -r2);
      const i = firstOf[first]! * 3;
      if (i >= 0 && cageMask[i] === r0 && cageMask[i + 1] === r1 && cageMask[i + 2] === r2) continue;
      cageMask[count * 3] = r0;
      cageMask[count * 3 + 1] = r1;
      cageMask[count * 3 + 2] = r2;
      // An innie sum no digits can make (cages that cannot all hold) finds no options: no solution.
      cageSum[count] = rest[h * 4 + 3]!;
      count++;
    }
    for (let i = 0; i < summed; i++) {
      const m0 = cageMask[i * 3]!;
      const m1 = cageMask[i * 3 + 1]!;
      const m2 = cageMask[i * 3 + 2]!;
      firstOf[m0 !== 0 ? 31 - Math.clz32(m0 & -m0) : m1 !== 0 ? 58 - Math.clz32(m1 & -m1) : 85 - Math.clz32(m2 & -m2)] = -1;
    }
  }
  return count;
}

function popcount27(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
