import { alea } from './seedrandom-alea.js';

/**
 * The generator's only source of randomness: a seeded stream (seedrandom's Alea, fast and with a
 * small state). Every random choice of puzzle i is drawn from `puzzleRandom(seed, key, i)`, so a
 * puzzle depends on nothing but the seed, the options that shape it and its index.
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
  const prng = alea(`${seed}\u0000${key}\u0000${index}`);
  return {
    next: () => prng(),
    below: (n: number) => Math.floor(prng() * n),
  };
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
