import { OptionError, optionKeys, ownOptions } from '../core/errors.js';
import { parsePuzzle } from '../core/parse.js';
import { generate } from '../node/generate.js';
import type { Symmetry } from '../generator/symmetry.js';
import { isLevel } from '../grader/index.js';
import { parseVariantLine } from '../formats/line.js';
import { charDigit } from '../formats/values.js';
import { variantLines } from '../node/variant-generate.js';
import { bookVariantLevels, type BookVariant } from '../book/variants.js';
import type { VariantLevel } from '../generator/variants/index.js';
import type { Rules } from '../rules/types.js';
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
  if (!Array.isArray(sections)) throw new OptionError('BAD_OPTION', `generated puzzles need a list of sections (got ${sections === null ? 'null' : typeof sections})`);
  let number = 0;
  const seen = new Map<string, number>();
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  for (const section of sections) {
    const level = section.level;
    const kind = section.variant === undefined ? level : `${section.variant}-${level}`;
    const repeat = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, repeat);
    const seed = `${options.seed}/${kind}${repeat > 1 ? `#${repeat}` : ''}`;
    if (section.variant !== undefined) {
      for await (const puzzle of variantPuzzles(section.variant, level, section.count, seed, options, deadline)) yield { ...puzzle, number: ++number };
      continue;
    }
    if (!isLevel(level)) throw new OptionError('BAD_OPTION', `unknown level '${String(level)}'`);
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

/**
 * `count` puzzles of a variant, made on the variant generator's worker threads (as `generate
 * --variant` makes them: the same seed gives the same puzzles) and read back from its JSON lines.
 */
async function* variantPuzzles(
  variant: BookVariant,
  level: string,
  count: number,
  seed: string,
  options: GeneratedPuzzlesOptions,
  deadline: number | undefined,
): AsyncGenerator<Omit<BookPuzzle, 'number'>> {
  const levels: readonly string[] = bookVariantLevels(variant);
  if (!levels.includes(level)) throw new OptionError('BAD_OPTION', `unknown level '${String(level)}' for ${variant} (one of ${levels.join(', ')})`);
  // Killer puzzles have no givens to lay out symmetrically.
  const symmetry = variant !== 'killer' && options.symmetry !== 'none' ? 'rotational' : 'none';
  const run = { variant, seed, level: level as VariantLevel, symmetry, output: 'json', solutions: true } as const;
  // One worker thread at least: this thread stays free to write pages and to stop on a signal.
  const jobs = options.jobs ?? 1;
  for await (const line of variantLines(run, 1, count, jobs, deadline ?? Infinity, options.timeoutMs)) {
    const made = JSON.parse(line) as { puzzle: string; solution: string; level: string };
    const { rules, givens } = parseVariantLine(made.puzzle);
    yield { grid: givens, solution: solutionOf(rules, made.solution), level: made.level, rules, variant };
  }
}

/**
 * The digits of a solution as `generate --variant --json --solutions` writes it (formatSolution):
 * digits row by row, but a Samurai's as its variant line (`samurai:` and five groups split by '/'),
 * read back by the variant line's reader (read as digits, its letters were 255s).
 */
export function solutionOf(rules: Rules, text: string): Uint8Array {
  if (rules.spec.layout === 'samurai') return parseVariantLine(text).givens;
  const solution = new Uint8Array(rules.cellCount);
  for (let cell = 0; cell < rules.cellCount; cell++) solution[cell] = charDigit(text.charCodeAt(cell));
  return solution;
}
