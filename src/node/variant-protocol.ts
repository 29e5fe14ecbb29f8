import type { VariantLevel, VariantName } from '../generator/variants/index.js';

/*
 * What the variant generator's run (variant-generate.ts) and its worker threads say to each other.
 * Apart from both, so that the worker does not import the run's code.
 */

/** Slots of the shared control array: the next index to take (from 0), and how many were yielded (the classic run's, as runIndexed reads them). */
export { CONTROL_NEXT as VARIANT_NEXT, CONTROL_YIELDED as VARIANT_YIELDED } from './generate-protocol.js';

/** How a puzzle is written: the variant line, f-puzzles JSON, or a JSON object of the generator's fields. */
export type VariantOutput = 'line' | 'fpuzzles' | 'json';

/** The options that shape the puzzles of a run (plain data, posted to the workers). */
export interface VariantRunOptions {
  variant: VariantName;
  seed: string;
  level?: VariantLevel;
  symmetry: 'none' | 'rotational';
  minClues?: number;
  maxAttempts?: number;
  output: VariantOutput;
  solutions: boolean;
}

/** One run's work, posted to a worker. */
export interface VariantTask {
  run: number;
  options: VariantRunOptions;
  deadline: number;
  first: number;
  count: number;
  window: number;
  control: SharedArrayBuffer;
}

/** One puzzle's outcome: its output line, or why it was not made. */
export type VariantOutcome = { index: number; line: string } | { index: number; error: { code: 'TIMEOUT' | 'MAX_ATTEMPTS'; message: string } };

/** What a worker posts: outcomes, and whether it has no index of the run left to take. */
export interface VariantMessage {
  run: number;
  outcomes: VariantOutcome[];
  finished: boolean;
}
