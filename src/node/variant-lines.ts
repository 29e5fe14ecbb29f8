import { GenerateError } from '../generator/errors.js';
import { generateVariant, type VariantPuzzle } from '../generator/variants/index.js';
import { toFpuzzles } from '../formats/fpuzzles.js';
import { formatSolution, formatVariantLine } from '../formats/line.js';
import type { VariantOutcome, VariantRunOptions } from './variant-protocol.js';

/** One generated variant puzzle as its output line (see `generate --help`). */
export function variantOutputLine(p: VariantPuzzle, options: VariantRunOptions): string {
  if (options.output === 'fpuzzles') {
    return JSON.stringify(toFpuzzles(p, options.solutions ? { solution: p.solution } : {}));
  }
  // A killer of more than 62 cages has no variant line; the generator's cages stay far below that.
  const line = formatVariantLine(p);
  if (options.output === 'line') return line;
  return JSON.stringify({
    type: 'puzzle',
    index: p.index,
    variant: p.variant,
    rules: p.rules.spec,
    puzzle: line,
    solution: formatSolution(p.rules, p.solution),
    level: p.level,
    ...(p.rating !== undefined ? { rating: p.rating } : {}),
    clues: p.clues,
  });
}

/**
 * Makes puzzle `index` of a run and writes its line; a puzzle not found within the attempt limit,
 * or not started before `deadline`, is an error outcome. A pure function of (options, index),
 * whichever thread runs it.
 */
export function makeVariantOutcome(options: VariantRunOptions, index: number, deadline: number): VariantOutcome {
  if (Date.now() > deadline) return { index, error: { code: 'TIMEOUT', message: 'time limit reached' } };
  try {
    const puzzle = generateVariant({
      variant: options.variant,
      seed: options.seed,
      index,
      level: options.level,
      symmetry: options.symmetry,
      minClues: options.minClues,
      maxAttempts: options.maxAttempts,
    });
    return { index, line: variantOutputLine(puzzle, options) };
  } catch (error) {
    if (error instanceof GenerateError) return { index, error: { code: error.code, message: error.message } };
    throw error;
  }
}
