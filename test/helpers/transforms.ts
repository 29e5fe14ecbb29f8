/** Validity-preserving transformations of a grid (the Sudoku symmetry group), for property tests. */

/** Relabels digits: `map[d - 1]` is the new digit for d. */
export function relabel(grid: Uint8Array, map: readonly number[]): Uint8Array {
  return grid.map((d) => (d === 0 ? 0 : map[d - 1]!));
}

/** Rebuilds a grid from a function giving, for each target (row, col), the source (row, col). */
function remap(grid: Uint8Array, source: (row: number, col: number) => [number, number]): Uint8Array {
  const out = new Uint8Array(81);
  for (let row = 0; row < 9; row++) {
    for (let col = 0; col < 9; col++) {
      const [r, c] = source(row, col);
      out[row * 9 + col] = grid[r * 9 + c]!;
    }
  }
  return out;
}

/** Swaps the roles of rows and columns. */
export function transpose(grid: Uint8Array): Uint8Array {
  return remap(grid, (row, col) => [col, row]);
}

/** Permutes the rows inside one band: `order` is a permutation of [0, 1, 2]. */
export function permuteRowsInBand(grid: Uint8Array, band: number, order: readonly number[]): Uint8Array {
  return remap(grid, (row, col) =>
    Math.floor(row / 3) === band ? [band * 3 + order[row % 3]!, col] : [row, col],
  );
}

/** Permutes the bands: `order` is a permutation of [0, 1, 2]. */
export function permuteBands(grid: Uint8Array, order: readonly number[]): Uint8Array {
  return remap(grid, (row, col) => [order[Math.floor(row / 3)]! * 3 + (row % 3), col]);
}

/** Permutes the columns inside one stack. */
export function permuteColumnsInStack(grid: Uint8Array, stack: number, order: readonly number[]): Uint8Array {
  return transpose(permuteRowsInBand(transpose(grid), stack, order));
}

/** Permutes the stacks. */
export function permuteStacks(grid: Uint8Array, order: readonly number[]): Uint8Array {
  return transpose(permuteBands(transpose(grid), order));
}

/** A copy of `items` in a random order (Fisher-Yates, driven by `random`). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
