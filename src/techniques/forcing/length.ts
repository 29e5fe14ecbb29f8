/**
 * Sudoku Explainer's length increment for a chain of the given complexity (number of links):
 * +0.1 each time (complexity - 2) passes 4, 6, 8, 12, 16, 24, 32, 48, 64, ... (each threshold
 * alternately x3/2 and x4/3 the previous one).
 *
 * Kept private to the forcing family until `chainLengthIncrement` of `../chains.ts` lands; both
 * follow the same table, so switching is a one-line change.
 */
export function lengthIncrement(complexity: number): number {
  let tenths = 0;
  let ceil = 4;
  let odd = false;
  const length = complexity - 2;
  while (length > ceil) {
    tenths++;
    ceil = odd ? Math.floor((ceil * 4) / 3) : Math.floor((ceil * 3) / 2);
    odd = !odd;
  }
  return tenths / 10;
}

/** Adds a base difficulty and a length increment, rounded to one decimal. */
export function chainDifficulty(base: number, complexity: number): number {
  return Math.round((base + lengthIncrement(complexity)) * 10) / 10;
}
