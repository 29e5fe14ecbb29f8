// The few statistics the benchmarks print, in one place (each bench file had its own copy).

/** The middle value; of an even count, the upper of the two middle values. NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return sorted(values)[values.length >> 1]!;
}

/** The middle value; of an even count, the mean of the two middle values. NaN for none. */
export function averagedMedian(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const list = sorted(values);
  const mid = list.length >> 1;
  return list.length % 2 ? list[mid]! : (list[mid - 1]! + list[mid]!) / 2;
}

/** The arithmetic mean. NaN for none. */
export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The q-quantile (0 <= q <= 1), interpolated linearly between the two nearest ranks. NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const list = sorted(values);
  const at = (list.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return list[lo]! + (list[hi]! - list[lo]!) * (at - lo);
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}
