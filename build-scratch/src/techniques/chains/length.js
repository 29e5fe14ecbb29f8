/**
 * Sudoku Explainer's length increment for chains.
 *
 * A chain's length is SE's "complexity": the number of distinct nodes (candidates assumed on or
 * off) in it, the start included; a bidirectional cycle counts its start once. The increment is
 * +0.1 each time `length - 2` passes the next threshold of 4, 6, 8, 12, 16, 24, 32, 48, 64, ...
 * (each threshold is the one before times 3/2, then 4/3, alternately, in integer arithmetic).
 */
/** The length increment in tenths: 0 for lengths up to 6, 1 for 7-8, 2 for 9-10, 3 for 11-14, ... */
export function chainLengthTenths(length) {
    const excess = length - 2;
    let tenths = 0;
    let ceil = 4;
    let odd = false;
    while (excess > ceil) {
        tenths++;
        ceil = odd ? Math.trunc((ceil * 4) / 3) : Math.trunc((ceil * 3) / 2);
        odd = !odd;
    }
    return tenths;
}
/** The length increment as a rating difference, e.g. 0.3 for a chain of length 12. */
export function chainLengthIncrement(length) {
    return chainLengthTenths(length) / 10;
}
/**
 * The difficulty as Sudoku Explainer computes it in floating point: `base` plus 0.1 added once per
 * threshold passed. SE sorts chain hints on this exact value, so 6.6 + 0.1 (6.6999...) sorts
 * before 6.5 + 0.2 (6.7); use it to order chains the way SE does, and {@link roundDifficulty}
 * for the rating shown.
 */
export function seChainDifficulty(base, length) {
    const tenths = chainLengthTenths(length);
    let added = 0;
    for (let i = 0; i < tenths; i++)
        added += 0.1;
    return base + added;
}
/** A difficulty rounded to one decimal, as ratings are shown. */
export function roundDifficulty(difficulty) {
    return Math.round(difficulty * 10) / 10;
}
