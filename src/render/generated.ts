import { optionKeys, ownOptions } from '../core/errors.js';
import { parsePuzzle } from '../core/parse.js';
import { generate } from '../node/generate.js';
import type { Symmetry } from '../generator/symmetry.js';
import { isLevel } from '../grader/index.js';
import type { BookSection } from './layout.js';
import type { BookPuzzle } from './pdf-writer.js';

/** Options of {@link generatedPuzzles}. */
export interface GeneratedPuzzlesOptions {
  /** The book's seed; each section derives its own from it and its level. */
  seed: string;
  symmetry: Symmetry;
  /** Generator worker threads (the puzzles do not depend on it). */
  jobs?: number;
  /** Give up after this many milliseconds for the whole book (a GenerateError `TIMEOUT`). */
  timeoutMs?: number;
}

const GENERATED_KEYS = optionKeys<GeneratedPuzzlesOptions>({ seed: true, symmetry: true, jobs: true, timeoutMs: true });

/**
 * The puzzles of a book, generated section by section and numbered through the book. Section `easy`
 * of seed `42` uses the generator seed `42/easy` (a second `easy` section `42/easy#2`), so a
 * section's puzzles do not change when other sections are added, removed or resized, and a bigger
 * section starts with the puzzles of a smaller one.
 */
export async function* generatedPuzzles(sections: readonly BookSection[], options: GeneratedPuzzlesOptions): AsyncGenerator<BookPuzzle> {
  options = ownOptions(options, GENERATED_KEYS, 'generated puzzles');
  let number = 0;
  const seen = new Map<string, number>();
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  for (const section of sections) {
    const level = section.level;
    if (!isLevel(level)) throw new RangeError(`unknown level '${level}'`);
    const repeat = (seen.get(level) ?? 0) + 1;
    seen.set(level, repeat);
    const seed = `${options.seed}/${level}${repeat > 1 ? `#${repeat}` : ''}`;
    const run = generate({
      seed,
      count: section.count,
      difficulty: level,
      symmetry: options.symmetry,
      ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
      ...(deadline === undefined ? {} : { timeoutMs: Math.max(1, deadline - Date.now()) }),
    });
    for await (const made of run) {
      number++;
      yield { number, grid: parsePuzzle(made.puzzle), solution: parsePuzzle(made.solution), level: made.grade.level, rating: made.grade.rating };
    }
  }
}
