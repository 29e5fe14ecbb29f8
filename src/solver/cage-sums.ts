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

/** The options of (k, S) for 9 digits, indexed by U; null when no k distinct digits add up to S. */
export function sumOptions9(k: number, sum: number): Int32Array | null {
  if (k < 1 || k > 9 || sum < 1 || sum > 45) return null;
  const key = k * 46 + sum;
  let options = options9[key];
  if (options !== undefined) return options;
  const table = comboTable(9);
  const start = table.starts[k * (table.maxSum + 1) + sum]!;
  const end = table.starts[k * (table.maxSum + 1) + sum + 1]!;
  options = new Int32Array(512);
  for (let within = 0; within < 512; within++) {
    let allowed = 0;
    let required = 0x1ff;
    for (let i = start; i < end; i++) {
      const m = table.masks[i]!;
      if ((m & ~within) !== 0) continue;
      allowed |= m;
      required &= m;
    }
    options[within] = allowed === 0 ? 0 : allowed | (required << 9);
  }
  options9[key] = options;
  return options;
}
