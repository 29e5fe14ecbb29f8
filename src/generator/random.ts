/**
 * The generator's only source of randomness: a seeded stream, Johannes Baagøe's Alea (fast, with a
 * small state; the numbers are those of seedrandom's `alea`, which the tests hold it to). Every
 * random choice of puzzle i is drawn from `puzzleRandom(seed, key, i)`, so a puzzle depends on
 * nothing but the seed, the options that shape it and its index.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
}

/** The stream of puzzle `index` of a run with `seed` and canonical options `key`. */
export function puzzleRandom(seed: string, key: string, index: number): Random {
  // A separator that cannot occur in the key keeps ("a", "b|c") and ("a|b", "c") apart.
  return new Alea(`${seed}\u0000${key}\u0000${index}`);
}

/** 2^-32. */
const TO_UNIT = 2.3283064365386963e-10;

/*
 * Alea: three 32-bit fractions s0..s2 and a carry c, each step a multiply-with-carry
 *
 *   t = 2091639 * s0 + c * 2^-32;  (s0, s1, s2) = (s1, s2, t - floor(t));  c = floor(t)
 *
 * returning the new s2. The seed sets the state through Mash (a hash over the seed's UTF-16 code
 * units kept in one 32-bit accumulator `n`): each of s0..s2 starts as mash(' ') and has
 * mash(seed) taken off (wrapped into [0, 1)), the accumulator running on through all six calls.
 * Here it is a class with its state in fields (no closure per stream and no function object with
 * properties added, which the per-puzzle cost of a 4x4 felt), the same arithmetic in the same
 * order, so the same doubles.
 */
class Alea implements Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private c = 1;
  /** Mash's accumulator while seeding. */
  private n = 0xefc8249d;

  constructor(seed: string) {
    const a = this.mash(' ');
    const b = this.mash(' ');
    const c = this.mash(' ');
    let s0 = a - this.mash(seed);
    if (s0 < 0) s0 += 1;
    let s1 = b - this.mash(seed);
    if (s1 < 0) s1 += 1;
    let s2 = c - this.mash(seed);
    if (s2 < 0) s2 += 1;
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
  }

  next(): number {
    const t = 2091639 * this.s0 + this.c * TO_UNIT;
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = t | 0;
    return (this.s2 = t - this.c);
  }

  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  private mash(data: string): number {
    let n = this.n;
    for (let i = 0; i < data.length; i++) {
      n += data.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      n = h >>> 0;
      h -= n;
      h *= n;
      n = h >>> 0;
      h -= n;
      n += h * 0x100000000;
    }
    this.n = n;
    return (n >>> 0) * TO_UNIT;
  }
}

/** Shuffles the first `length` entries of `items` in place (Fisher-Yates). */
export function shuffleInPlace(items: { [i: number]: number; length: number }, random: Random, length = items.length): void {
  for (let i = length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}
