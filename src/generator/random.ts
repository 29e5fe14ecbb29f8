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
  // A separator that cannot occur in the key keeps ("a", "b|c") and ("a|b", "c") apart: Alea
  // seeded with `${seed}\u0000${key}\u0000${index}`, the part before the index hashed once a run.
  return new Alea(prefixOf(seed, key), String(index));
}

/** Mash's three fractions from its start (0xefc8249d) after each of three spaces (made on first use). */
const spaceFractions = new Float64Array(3);
/** Mash's accumulator after the three spaces (-1: not made yet). */
let afterSpaces = -1;
/** The last seed and key's prefix, and Mash's accumulator after the first pass over it. */
let lastSeed = '';
let lastKey = '';
let lastPrefix = '\u0000\u0000';
let lastAfterPrefix = -1;

function prefixOf(seed: string, key: string): string {
  if (afterSpaces < 0) {
    let n = 0xefc8249d;
    for (let i = 0; i < 3; i++) {
      n = mash(n, ' ');
      spaceFractions[i] = toUnit(n);
    }
    afterSpaces = n;
  }
  if (seed !== lastSeed || key !== lastKey || lastAfterPrefix < 0) {
    lastSeed = seed;
    lastKey = key;
    lastPrefix = `${seed}\u0000${key}\u0000`;
    lastAfterPrefix = mash(afterSpaces, lastPrefix);
  }
  return lastPrefix;
}

/** 2^-32. */
const TO_UNIT = 2.3283064365386963e-10;

/*
 * Alea: three 32-bit fractions s0..s2 and a carry c, each step a multiply-with-carry
 *
 *   t = 2091639 * s0 + c * 2^-32;  (s0, s1, s2) = (s1, s2, t - floor(t));  c = floor(t)
 *
 * returning the new s2. The seed sets the state through Mash (a hash over the seed's UTF-16 code
 * units kept in one accumulator `n`): each of s0..s2 starts as mash(' ') and has mash(seed) taken
 * off (wrapped into [0, 1)), the accumulator running on through all six calls. The three spaces
 * leave it at a constant, and the first pass over the seed starts there, so its part before the
 * index is the same for every puzzle of a run (kept by prefixOf). Here it is a class with its state
 * in fields (no closure per stream and no function object with properties added, which the
 * per-puzzle cost of a 4x4 felt), the same arithmetic in the same order, so the same doubles.
 */

class Alea implements Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private c = 1;

  /** Seeded with prefix + tail, the prefix's first pass known (prefixOf). */
  constructor(prefix: string, tail: string) {
    let n = mash(lastAfterPrefix, tail);
    let s0 = spaceFractions[0]! - toUnit(n);
    if (s0 < 0) s0 += 1;
    n = mash(mash(n, prefix), tail);
    let s1 = spaceFractions[1]! - toUnit(n);
    if (s1 < 0) s1 += 1;
    n = mash(mash(n, prefix), tail);
    let s2 = spaceFractions[2]! - toUnit(n);
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
}

/** Mash's accumulator `n` run on over the code units of `data`. */
function mash(n: number, data: string): number {
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
  return n;
}

/** Mash's output for an accumulator. */
function toUnit(n: number): number {
  return (n >>> 0) * TO_UNIT;
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
