/**
 * The public entry's calls on a rules value, a step or a record, checked at the boundary: a value
 * of the wrong type (null, a number, a string, an object made by hand) is a coded error naming the
 * argument, not a TypeError from deep inside ("Cannot read properties of null (reading 'rowOf')").
 * The library's own code calls the unchecked functions; only src/index.ts exports these.
 */
import { OptionError, PuzzleFormatError, shownValue } from './core/errors.js';
import type { Geometry } from './core/geometry.js';
import { readPuzzles as readIn, type ParseOptions, type ReadResult } from './core/parse.js';
import { readAnyPuzzles as readAnyIn, type AnyReadResult } from './formats/reader.js';
import { levelBand as bandIn, type RatingBand } from './generator/options.js';
import { isLevel, type Level } from './grader/levels.js';
import type { Step } from './core/step.js';
import { describeStep as describeIn } from './grader/explain.js';
import { hintTiers as tiersIn, type HintTiers } from './grader/hint-tiers.js';
import { isClassic9 as classic9 } from './rules/constructors.js';
import { cellNameOf as cellNameIn, checkedPuzzle, findGivenConflict as conflictIn, formatValues as valuesIn, houseNameOf as houseNameIn, type GivenConflict } from './rules/puzzle.js';
import { sourceOf } from './rules/solver-link.js';
import { RulesError, type Rules } from './rules/types.js';
import { countRules as countIn, solveRules as solveIn } from './solver/index.js';

const WHERE = { source: 'puzzle', line: 0 };

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** Rules made by the rules constructors, or a RulesError BAD_SPEC. */
function checkedRules(rules: unknown): Rules {
  if (typeof rules !== 'object' || rules === null || sourceOf(rules as Rules) === undefined) {
    throw new RulesError('BAD_SPEC', `expected a rules value (made by buildRules, classicRules...), got ${kindOf(rules)}`);
  }
  return rules as Rules;
}

/** One value per cell of the rules (a Uint8Array or an array), or a PuzzleFormatError. */
function checkedValues(rules: Rules, values: unknown, what: string): ArrayLike<number> {
  if (!(values instanceof Uint8Array && ArrayBuffer.isView(values)) && !Array.isArray(values)) {
    throw new PuzzleFormatError('BAD_PUZZLE', `expected the ${what} as a Uint8Array or an array of numbers, got ${kindOf(values)}`, WHERE);
  }
  if (values.length !== rules.cellCount) {
    throw new PuzzleFormatError('CELL_COUNT', `expected ${rules.cellCount} ${what} for ${rules.variant} rules, found ${values.length}`, WHERE);
  }
  return values as ArrayLike<number>;
}

/** A whole number from 0 to `count - 1`, or an OptionError BAD_OPTION. */
function checkedIndex(value: unknown, count: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= count) {
    throw new OptionError('BAD_OPTION', `${what} must be a whole number from 0 to ${count - 1} (got ${typeof value === 'symbol' ? 'a symbol' : shownValue(value)})`);
  }
  return value;
}

/** A step as the grader makes it (its technique, placements, eliminations and pattern), or an OptionError BAD_OPTION. */
function checkedStep(step: unknown): Step {
  const s = step as Partial<Step> | null;
  const pattern = s?.pattern as Partial<Step['pattern']> | undefined;
  if (
    typeof s !== 'object' ||
    s === null ||
    typeof s.technique !== 'string' ||
    !Array.isArray(s.placements) ||
    !Array.isArray(s.eliminations) ||
    typeof pattern !== 'object' ||
    pattern === null ||
    !Array.isArray(pattern.cells) ||
    !Array.isArray(pattern.digits) ||
    !Array.isArray(pattern.units)
  ) {
    throw new OptionError('BAD_OPTION', `expected a step as the grader makes it ({ technique, placements, eliminations, pattern }), got ${kindOf(step)}`);
  }
  return s as Step;
}

/** The number of solutions of `givens` under `rules`, up to `limit` (see the solver's countRules). @throws RulesError, PuzzleFormatError, OptionError on values of the wrong type. */
export function countRules(rules: Rules, givens: ArrayLike<number>, limit = 2): number {
  const puzzle = checkedPuzzle({ rules: checkedRules(rules), givens: checkedValues(rules, givens, 'givens') as Uint8Array });
  return countIn(puzzle.rules, puzzle.givens, limit);
}

/** A solution of `givens` under `rules`, or null when there is none (see the solver's solveRules). @throws as {@link countRules}. */
export function solveRules(rules: Rules, givens: ArrayLike<number>): Uint8Array | null {
  const puzzle = checkedPuzzle({ rules: checkedRules(rules), givens: checkedValues(rules, givens, 'givens') as Uint8Array });
  return solveIn(puzzle.rules, puzzle.givens);
}

/** Whether the rules are plain classic 9x9; false for anything that is not a rules value. */
export function isClassic9(rules: Rules): boolean {
  return typeof rules === 'object' && rules !== null && classic9(rules);
}

/** The first given that breaks a rule on its own, or null (see rules/puzzle.ts). @throws RulesError, PuzzleFormatError on values of the wrong type. */
export function findGivenConflict(rules: Rules, givens: ArrayLike<number>): GivenConflict | null {
  return conflictIn(checkedRules(rules), checkedValues(rules, givens, 'givens'));
}

/** `r3c6` name of a cell of the rules. @throws RulesError, OptionError on values of the wrong type. */
export function cellNameOf(rules: Rules, cell: number): string {
  return cellNameIn(checkedRules(rules), checkedIndex(cell, rules.cellCount, 'cell'));
}

/** Name of a house of the rules ("row 3", "region 4"...). @throws RulesError, OptionError on values of the wrong type. */
export function houseNameOf(rules: Rules, house: number): string {
  return houseNameIn(checkedRules(rules), checkedIndex(house, rules.houses.length, 'house'));
}

/** One value per cell as text (1-9, A-G, '.'). @throws RulesError, PuzzleFormatError on values of the wrong type. */
export function formatValues(rules: Rules, values: ArrayLike<number>): string {
  return valuesIn(checkedRules(rules), checkedValues(rules, values, 'values'));
}

/** One line of English for a step (see the grader's describeStep). @throws OptionError BAD_OPTION for a value that is not a step. */
export function describeStep(step: Step, geometry?: Geometry): string {
  return describeIn(checkedStep(step), geometry);
}

/** The three tiers of a hint for a step (see the grader's hintTiers). @throws OptionError BAD_OPTION for a value that is not a step. */
export function hintTiers(step: Step, geometry?: Geometry): HintTiers {
  return tiersIn(checkedStep(step), geometry);
}

function sourceName(options: ParseOptions): string {
  return typeof options === 'object' && options !== null && typeof options.source === 'string' ? options.source : '<input>';
}

/** Lines to read: an async (or plain) iterable that is not a string, or a PuzzleFormatError BAD_GRID_TYPE. */
function checkedLines(lines: unknown, options: ParseOptions): AsyncIterable<string> {
  const it = lines as { [Symbol.asyncIterator]?: unknown; [Symbol.iterator]?: unknown } | null;
  if (typeof lines === 'string' || typeof it !== 'object' || it === null || (typeof it[Symbol.asyncIterator] !== 'function' && typeof it[Symbol.iterator] !== 'function')) {
    const hint = typeof lines === 'string' ? ' (for text, parsePuzzles or readAnyPuzzlesText)' : '';
    const where = { source: sourceName(options), line: 0 };
    throw new PuzzleFormatError('BAD_GRID_TYPE', `expected lines as an iterable of strings (a readline interface, an array...), got ${kindOf(lines)}${hint}`, where);
  }
  return stringLines(lines as AsyncIterable<unknown>, sourceName(options));
}

/** The lines, each checked to be a string (a number or a Buffer is a BAD_GRID_TYPE naming its line, not a TypeError from the reader). */
async function* stringLines(lines: AsyncIterable<unknown>, source: string): AsyncGenerator<string> {
  let line = 0;
  for await (const text of lines) {
    line++;
    if (typeof text !== 'string') throw new PuzzleFormatError('BAD_GRID_TYPE', `expected each line as a string, got ${kindOf(text)}`, { source, line });
    yield text;
  }
}

/** Classic records from a stream of lines (see core/parse.ts). @throws PuzzleFormatError BAD_GRID_TYPE when `lines` is not an iterable. */
export function readPuzzles(lines: AsyncIterable<string>, options: ParseOptions = {}): AsyncGenerator<ReadResult> {
  return readIn(checkedLines(lines, options), options);
}

/** Records of any format from a stream of lines (see formats/reader.ts). @throws PuzzleFormatError BAD_GRID_TYPE when `lines` is not an iterable. */
export function readAnyPuzzles(lines: AsyncIterable<string>, options: ParseOptions = {}): AsyncGenerator<AnyReadResult> {
  return readAnyIn(checkedLines(lines, options), options);
}

/** The rating band of a level. @throws OptionError BAD_OPTION for a value that is not a level. */
export function levelBand(level: Level): RatingBand {
  if (!isLevel(level)) throw new OptionError('BAD_OPTION', `expected a level (beginner, easy, medium, hard, expert, extreme), got ${typeof level === 'symbol' ? 'a symbol' : shownValue(level)}`);
  return bandIn(level);
}
