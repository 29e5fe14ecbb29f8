import { chainLengthIncrement, roundDifficulty } from '../chains/length.js';

/**
 * Sudoku Explainer's length increment for a chain of the given complexity (SE's getComplexity:
 * distinct nodes of all its chains, nested ones included): +0.1 each time (complexity - 2) passes
 * 4, 6, 8, 12, 16, 24, 32, 48, 64, ... The chains family's function, shared.
 */
export const lengthIncrement = chainLengthIncrement;

/** Adds a base difficulty and the length increment, rounded to one decimal. */
export function chainDifficulty(base: number, complexity: number): number {
  return roundDifficulty(base + chainLengthIncrement(complexity));
}
