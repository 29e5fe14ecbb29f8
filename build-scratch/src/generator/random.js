import seedrandom from 'seedrandom';
/** The stream of puzzle `index` of a run with `seed` and canonical options `key`. */
export function puzzleRandom(seed, key, index) {
    // A separator that cannot occur in the key keeps ("a", "b|c") and ("a|b", "c") apart.
    const prng = seedrandom.alea(`${seed}\u0000${key}\u0000${index}`);
    return {
        next: () => prng(),
        below: (n) => Math.floor(prng() * n),
    };
}
/** Shuffles the first `length` entries of `items` in place (Fisher-Yates). */
export function shuffleInPlace(items, random, length = items.length) {
    for (let i = length - 1; i > 0; i--) {
        const j = random.below(i + 1);
        const t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}
