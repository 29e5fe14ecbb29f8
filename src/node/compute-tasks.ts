/**
 * The long synchronous computations of the CLI, as a table of named tasks that the compute worker
 * (compute-worker.ts) runs off the main thread, or that {@link ./compute.js} runs in-process when
 * there is no compiled worker (from the TypeScript sources). Arguments and results are plain data
 * (structured-clone safe: grids are Uint8Arrays, steps and grades plain objects).
 */
import { gradePuzzle, gradeWithPath, hintStep, type GradeOptions, type StepOptions } from '../grader/grade.js';
import type { Grid } from '../core/grid.js';
import { explainPage, type ExplainPage, type ExplainPageInput, type ExplainPageOptions } from '../pages/explain-page.js';
import { puzzleOf, type VariantInput } from './variant-input.js';

/** The explanation page of a variant puzzle: graded under its rules and drawn with them. */
function explainVariantPage(input: Omit<ExplainPageInput, 'puzzle' | 'rules'> & { puzzle: VariantInput }, options: ExplainPageOptions): ExplainPage {
  const { rules, givens } = puzzleOf(input.puzzle);
  return explainPage({ ...input, puzzle: givens, rules }, options);
}

export const COMPUTE_TASKS = {
  grade: (grid: Grid, options: GradeOptions) => gradePuzzle(grid, options),
  path: (grid: Grid, options: GradeOptions) => gradeWithPath(grid, options),
  hint: (grid: Grid, options: StepOptions) => hintStep(grid, options),
  explainPage: (input: ExplainPageInput, options: ExplainPageOptions) => explainPage(input, options),
  // Variants: the rules cross as their spec and are rebuilt here (see variant-input.ts).
  variantPath: (input: VariantInput, options: GradeOptions) => gradeWithPath(puzzleOf(input), options),
  variantHint: (input: VariantInput, options: StepOptions) => hintStep(puzzleOf(input), options),
  explainVariantPage,
};

export type ComputeTasks = typeof COMPUTE_TASKS;
export type ComputeTask = keyof ComputeTasks;

/** A request to the worker. */
export interface ComputeRequest {
  id: number;
  task: ComputeTask;
  args: unknown[];
}

/** An error crossing the thread boundary: its class name, code and message. */
export interface ComputeFailure {
  name: string;
  code?: string;
  message: string;
}

/** The worker's answer to one request. */
export type ComputeAnswer = { id: number; value: unknown } | { id: number; error: ComputeFailure };

/** An error as data, for the other thread (which rebuilds coded errors from it). */
export function failureOf(error: unknown): ComputeFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
}
