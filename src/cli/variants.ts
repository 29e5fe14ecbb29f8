import { toFpuzzles } from '../formats/fpuzzles.js';
import { formatVariantLine } from '../formats/line.js';
import type { VariantRecord } from '../formats/reader.js';
import { formatValues } from '../formats/values.js';
import { isClassic9 } from '../rules/constructors.js';
import type { Rules } from '../rules/types.js';
import { Solver, countRules, solveRules } from '../solver/index.js';
import { UsageError } from './io.js';
import { where } from './output.js';

/**
 * The error of a command given a variant it cannot take (repair and check --explain take classic
 * puzzles only; grade, explain and hint take all but killers of other sizes): one line, usage exit code.
 */
export function variantRefused(
  record: VariantRecord,
  what = 'repair takes classic puzzles only',
  others = 'check, solve, grade, explain and hint read variants',
): UsageError {
  const variant = record.rules.variant;
  // "an x puzzle", "an 8x8", "an oddeven"; "a jigsaw", "a 6x6".
  const article = /^([aeiox]|8|1[18]x)/.test(variant) ? 'an' : 'a';
  return new UsageError(`${what}: ${where(record.source, record.line)} is ${article} ${variant} puzzle (${others})`);
}

/**
 * Counts and solves puzzles under any rules: classic 9x9 rules with the band solver, others with
 * the variant solver (`countRules` / `solveRules` of src/solver).
 */
export class AnyCounter {
  private readonly classic = new Solver();

  private lastClassic: Uint8Array | null = null;

  /** Solutions of the puzzle up to `limit`. */
  count(rules: Rules, givens: Uint8Array, limit = 2): number {
    this.lastClassic = null;
    if (isClassic9(rules)) {
      const count = this.classic.count(givens, limit);
      if (count > 0) this.lastClassic = givens;
      return count;
    }
    return countRules(rules, givens, limit);
  }

  /** A solution (one digit per cell), or null when there is none; the first one the last count found, for classic 9x9. */
  solve(rules: Rules, givens: Uint8Array): Uint8Array | null {
    if (isClassic9(rules)) {
      if (this.lastClassic === givens) return this.classic.solution.slice();
      return this.classic.count(givens, 1) === 0 ? null : this.classic.solution.slice();
    }
    return solveRules(rules, givens);
  }
}

/** The JSON fields of a variant record: where, label, the variant's name, its rules and the puzzle as a variant line. */
export function variantFields(record: VariantRecord): Record<string, unknown> {
  let line: string;
  try {
    line = formatVariantLine(record);
  } catch {
    // Too many cages for a line: the givens under the variant's tags, which no reader takes for a
    // puzzle (a killer line needs its cages=), rather than the givens alone (read back as classic).
    line = `${record.rules.variant}:${formatValues(record.rules, record.givens)}`;
  }
  return {
    source: record.source,
    line: record.line,
    ...(record.label === undefined ? {} : { label: record.label }),
    variant: record.rules.variant,
    rules: record.rules.spec,
    puzzle: line,
  };
}

/**
 * A variant's solution as `solve` writes it: the puzzle with its solution as the givens, in the
 * form it was read (a variant line; a jigsaw as `GIVENS LAYOUT`, or tagged when it was read tagged),
 * with its label (unless `label` is false: --json has it apart), so that every reader takes it back under the same rules (digits alone would be read
 * as a classic line, or refused). A killer of more than 62 cages, which no line holds, is written
 * as an f-puzzles object on one line.
 */
export function solvedLine(record: VariantRecord, solution: Uint8Array, options: { label: boolean } = { label: true }): string {
  const puzzle = { rules: record.rules, givens: solution };
  try {
    return formatVariantLine(puzzle, { label: options.label ? record.label : undefined, jigsaw: record.format === 'line' ? 'tagged' : 'layout' });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return JSON.stringify(toFpuzzles(puzzle, { title: record.label }));
  }
}

/** Values as printed rows of the frame: one character per cell, a space where the frame has none (Samurai). */
export function valuesGrid(rules: Rules, values: ArrayLike<number>): string {
  const chars = formatValues(rules, values);
  const rows: string[] = [];
  for (let r = 0; r < rules.height; r++) {
    let row = '';
    for (let c = 0; c < rules.width; c++) {
      const cell = rules.cellAt[r * rules.width + c]!;
      row += cell < 0 ? ' ' : chars[cell]!;
    }
    rows.push(row.trimEnd());
  }
  return rows.join('\n');
}

/**
 * Why the grader (grade, explain, hint) cannot take a variant, or null when it can: it takes
 * every 9x9 rule set of rows, columns, boxes or jigsaw pieces, extra houses (X, windoku,
 * disjoint groups...) and killer cages (the killer techniques join the ladder), and every other
 * size and Samurai without cages (the general ladder, src/grader/general). Killers of other sizes
 * have no technique ladder.
 */
export function ungradable(rules: Rules): string | null {
  if ((rules.size !== 9 || rules.cellCount !== 81) && rules.cages.length > 0) return 'only 9x9 killers are graded';
  return null;
}

/** The usage error of grade, explain and hint for a variant they cannot take (one line, exit 2). */
export function ungradableRefused(record: VariantRecord): UsageError | null {
  const why = ungradable(record.rules);
  return why === null ? null : variantRefused(record, why, 'check and solve read them');
}
