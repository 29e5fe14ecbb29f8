/**
 * The public entry's calls on rules, givens, boards, steps, levels, line streams, chains, scenes and
 * report stats, checked at the boundary: a value of the wrong type (null, a number, a string, an
 * object made by hand) is a coded error naming the argument, not a TypeError from deep inside
 * ("Cannot read properties of null (reading 'rowOf')"). The checks are shallow (the fields the call
 * reads first; countRules and solveRules check every given, as countSolutions does). The library's
 * own code calls the unchecked functions; only src/index.ts exports these (src/node/api-checked.ts:
 * the Node entry's).
 */
import { applyStep as applyIn, boardFromGrid as boardIn, cloneBoard as cloneIn, emptyCellCount as emptyIn, placeDigit as placeIn, type Board } from './core/board.js';
import type { GridInput } from './core/grid-input.js';
import { OptionError, PuzzleFormatError, shownValue } from './core/errors.js';
import type { Geometry } from './core/geometry.js';
import { describeConflict as conflictText, formatGrid as formatIn, type Conflict, type FormatOptions } from './core/grid.js';
import { readPuzzles as readIn, type ParseOptions, type ReadResult } from './core/parse.js';
import type { ChainData, Step } from './core/step.js';
import { cellName as cellIn, digitsOf as digitsIn, maskOf as maskIn, unitName as unitIn } from './core/tables.js';
import { sceneToSvg as svgOf, stepShapes as shapesOf, type Scene, type Shape, type StepShapeOptions } from './draw/index.js';
import { readAnyPuzzles as readAnyIn, type AnyReadResult } from './formats/reader.js';
import { GenerateOptionError, levelBand as bandIn, parseRatingBand as bandOf, type RatingBand } from './generator/options.js';
import { isMinimal as minimalIn } from './generator/carve.js';
import { Solver } from './solver/index.js';
import { SetFamily, searchHittingSets as hittingIn, type HittingSetOptions, type HittingSetResult } from './repair/hitting-set.js';
import { describeStep as describeIn } from './grader/explain.js';
import { hintTiers as tiersIn, plainCellName as plainIn, type HintTiers } from './grader/hint-tiers.js';
import { isLevel, levelOf as levelIn, type Level } from './grader/levels.js';
import { explainIndexPage as indexPageOf, type ExplainIndexEntry } from './pages/explain-page.js';
import { reportPage as reportOf, statsText as statsOf, type ReportStats } from './pages/report.js';
import { isClassic9 as classic9 } from './rules/constructors.js';
import { cellNameOf as cellNameIn, checkedPuzzle, findGivenConflict as conflictIn, formatValues as valuesIn, houseNameOf as houseNameIn, type GivenConflict } from './rules/puzzle.js';
import { sourceOf } from './rules/solver-link.js';
import { boxShapeOf as boxIn, cageSumRange as rangeIn } from './rules/build.js';
import { RulesError, type BoxShape, type Rules } from './rules/types.js';
import { countRules as countIn, solveRules as solveIn } from './solver/index.js';
import { formatChain as chainText, formatChainLines as chainLines } from './techniques/chains/format.js';

const WHERE = { source: 'puzzle', line: 0 };

/** What a wrong value is, for messages: `null`, `an array`, or its typeof. */
export function kindOf(value: unknown): string {
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

/** A geometry as the library makes it (its house tables), or undefined for classic; else an OptionError BAD_OPTION (a shallow check). */
function checkedGeometry(geometry: unknown): Geometry | undefined {
  if (geometry === undefined) return undefined;
  const g = geometry as Partial<Record<keyof Geometry, unknown>> | null;
  if (typeof g !== 'object' || g === null || !Array.isArray(g.houseKinds) || !ArrayBuffer.isView(g.peers) || !ArrayBuffer.isView(g.houseCells) || !ArrayBuffer.isView(g.startMasks)) {
    throw new OptionError('BAD_OPTION', `expected a geometry (the house tables the library makes) or undefined, got ${kindOf(geometry)}`);
  }
  return geometry as Geometry;
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
  return describeIn(checkedStep(step), checkedGeometry(geometry));
}

/** The three tiers of a hint for a step (see the grader's hintTiers). @throws OptionError BAD_OPTION for a value that is not a step. */
export function hintTiers(step: Step, geometry?: Geometry): HintTiers {
  return tiersIn(checkedStep(step), checkedGeometry(geometry));
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

type FieldKind = 'number' | 'string' | 'object' | 'array' | 'map';

function fieldFits(value: unknown, kind: FieldKind): boolean {
  if (kind === 'array') return Array.isArray(value);
  if (kind === 'map') return value instanceof Map;
  if (kind === 'object') return typeof value === 'object' && value !== null;
  return typeof value === kind;
}

/** An object with these fields of these kinds (a shallow check: what the call reads first), or an OptionError BAD_OPTION naming the first that is not. */
export function checkedFields<T>(value: unknown, what: string, fields: Readonly<Record<string, FieldKind>>): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new OptionError('BAD_OPTION', `expected ${what}, got ${kindOf(value)}`);
  for (const [field, kind] of Object.entries(fields)) {
    const got = (value as Record<string, unknown>)[field];
    if (!fieldFits(got, kind)) throw new OptionError('BAD_OPTION', `expected ${what} whose ${field} is ${kind === 'array' ? 'an array' : kind === 'map' ? 'a Map' : `a ${kind}`}, got ${kindOf(got)}`);
  }
  return value as T;
}

function checkedArray<T>(value: unknown, what: string, each?: (item: unknown) => void): readonly T[] {
  if (!Array.isArray(value)) throw new OptionError('BAD_OPTION', `expected ${what} as an array, got ${kindOf(value)}`);
  if (each !== undefined) for (const item of value) each(item);
  return value as T[];
}

const CHAIN: Readonly<Record<string, FieldKind>> = { nodes: 'array' };

/** `r1c1 and r1c5 both hold 7 in row 1`. @throws OptionError BAD_OPTION for a value that is not a conflict. */
export function describeConflict(conflict: Conflict): string {
  return conflictText(checkedFields(conflict, 'a conflict { cells, digit, unit }', { cells: 'array', digit: 'number', unit: 'number' }));
}

/** A chain in alternating inference notation. @throws OptionError BAD_OPTION for a value that is not a chain. */
export function formatChain(chain: Readonly<ChainData>): string {
  return chainText(checkedFields(chain, 'a chain { nodes }', CHAIN));
}

/** A step's chains as indented lines. @throws OptionError BAD_OPTION for a value that is not a list of chains. */
export function formatChainLines(chains: readonly ChainData[], indent = '  ', depth = 0): string[] {
  if (typeof indent !== 'string') throw new OptionError('BAD_OPTION', `expected the indent as a string, got ${kindOf(indent)}`);
  checkedIndex(depth, 1000, 'depth');
  return chainLines(checkedArray(chains, 'the chains', (chain) => checkedFields(chain, 'a chain { nodes }', CHAIN)), indent, depth);
}

/** The shapes of a step on a board. @throws OptionError BAD_OPTION for a value that is not a step. */
export function stepShapes(step: Readonly<Step>, options: StepShapeOptions = {}): Shape[] {
  return shapesOf(checkedStep(step), options);
}

/** A scene as SVG text. @throws OptionError BAD_OPTION for a value that is not a scene. */
export function sceneToSvg(scene: Scene): string {
  return svgOf(checkedFields(scene, 'a scene { width, height, fontFamily, primitives }', { width: 'number', height: 'number', fontFamily: 'string', primitives: 'array' }));
}

function checkedIndexEntry(entry: unknown): void {
  const { houseKinds } = checkedFields<ExplainIndexEntry>(entry, 'an index entry { href, puzzle, outcome }', { href: 'string', puzzle: 'string', outcome: 'object' });
  if (houseKinds !== undefined && !Array.isArray(houseKinds)) throw new OptionError('BAD_OPTION', `expected an index entry whose houseKinds is an array (or absent), got ${kindOf(houseKinds)}`);
}

/** The index page of explained puzzles. @throws OptionError BAD_OPTION for entries that are not a list of { href, puzzle, outcome } (and an optional houseKinds array). */
export function explainIndexPage(entries: readonly ExplainIndexEntry[], title = 'Sudoku explained'): string {
  const checked = checkedArray<ExplainIndexEntry>(entries, 'the index entries', checkedIndexEntry);
  if (typeof title !== 'string') throw new OptionError('BAD_OPTION', `expected the title as a string, got ${kindOf(title)}`);
  return indexPageOf(checked, title);
}

const REPORT_STATS: Readonly<Record<string, FieldKind>> = {
  total: 'number',
  graded: 'number',
  notGraded: 'object',
  bins: 'map',
  levels: 'array',
  techniques: 'array',
  guessed: 'object',
  bounded: 'object',
  slowest: 'array',
  variants: 'array',
};

/** The report page of a grading run. @throws OptionError BAD_OPTION for stats not made by a ReportCollector. */
export function reportPage(stats: ReportStats, options: { title?: string; subtitle?: string } = {}): string {
  const checked = checkedFields<ReportStats>(stats, "a ReportCollector's stats", REPORT_STATS);
  for (const key of ['title', 'subtitle'] as const) {
    const text = (options as Record<string, unknown> | null | undefined)?.[key];
    if (text !== undefined && typeof text !== 'string') throw new OptionError('BAD_OPTION', `expected the report's ${key} as a string, got ${kindOf(text)}`);
  }
  return reportOf(checked, options);
}

/** The report's numbers as text. @throws OptionError BAD_OPTION for stats not made by a ReportCollector. */
export function statsText(stats: ReportStats): string {
  return statsOf(checkedFields(stats, "a ReportCollector's stats", REPORT_STATS));
}

/** The 9-bit mask of digits 1..9. @throws OptionError BAD_OPTION for a value that is not an array. */
export function maskOf(digits: readonly number[]): number {
  return maskIn(checkedArray(digits, 'the digits', (digit) => checkedIndex(digit, 17, 'a digit')));
}

/** The digits 1..9 of a 9-bit mask. @throws OptionError BAD_OPTION for a mask that is not a whole number of at least 0. */
export function digitsOf(mask: number): number[] {
  return digitsIn(checkedIndex(mask, 2 ** 31, 'the mask'));
}

/** `r3c6` for a cell of a 9x9 grid. @throws OptionError BAD_OPTION for a cell that is not 0..80. */
export function cellName(cell: number): string {
  return cellIn(checkedIndex(cell, 81, 'cell'));
}

/** `row 3`, `column 6` or `box 2` for a unit of a 9x9 grid. @throws OptionError BAD_OPTION for a unit that is not 0..26. */
export function unitName(unit: number): string {
  return unitIn(checkedIndex(unit, 27, 'unit'));
}

/** A board of a grid (see core/board.ts). @throws OptionError BAD_OPTION for a geometry that is not one the library makes. */
export function boardFromGrid(grid: GridInput, geometry?: Geometry): Board {
  return boardIn(grid, checkedGeometry(geometry));
}

/** Whether every given of a classic puzzle is needed for a unique solution. @throws OptionError BAD_OPTION for a solver that is not a Solver. */
export function isMinimal(puzzle: GridInput, solver?: Solver): boolean {
  if (solver !== undefined && !(solver instanceof Solver)) throw new OptionError('BAD_OPTION', `expected a Solver (new Solver()) or undefined, got ${kindOf(solver)}`);
  return minimalIn(puzzle, solver);
}

/** A rating band from text such as `4.0-6.0`. @throws GenerateOptionError BAD_RATING for text that is not such a band (or not text). */
export function parseRatingBand(text: string): RatingBand {
  if (typeof text !== 'string') throw new GenerateOptionError('BAD_RATING', `a rating band is text such as "4.0-6.0" (got ${shownValue(text)})`);
  return bandOf(text);
}

/** A grid as text (see core/grid.ts). @throws OptionError BAD_OPTION for an empty-cell character that is not a string. */
export function formatGrid(input: GridInput, options: FormatOptions = {}): string {
  const empty = (options as Record<string, unknown> | null | undefined)?.['empty'];
  if (empty !== undefined && typeof empty !== 'string') throw new OptionError('BAD_OPTION', `empty must be a string (got ${shownValue(empty)})`);
  return formatIn(input, options);
}

/** The smallest hitting sets of a family (see repair/hitting-set.ts). @throws OptionError BAD_OPTION for a family that is not a SetFamily or options of the wrong kinds. */
export function searchHittingSets(family: SetFamily, options: HittingSetOptions): HittingSetResult {
  if (!(family instanceof SetFamily)) throw new OptionError('BAD_OPTION', `expected a SetFamily (new SetFamily()), got ${kindOf(family)}`);
  const o = checkedFields<HittingSetOptions>(options, 'hitting-set options { weights, allowed }', { allowed: 'array' });
  if (!Array.isArray(o.weights) && !ArrayBuffer.isView(o.weights)) throw new OptionError('BAD_OPTION', `expected the weights as an array or a typed array, got ${kindOf(o.weights)}`);
  if (o.allowed.length !== 3 || o.allowed.some((word) => typeof word !== 'number')) throw new OptionError('BAD_OPTION', 'expected allowed as three numbers (32-bit words of the allowed elements)');
  for (const key of ['limit', 'maxCost', 'maxNodes', 'minCost'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'number') throw new OptionError('BAD_OPTION', `${key} must be a number (got ${shownValue(o[key])})`);
  }
  if (o.avoid !== undefined && (!Array.isArray(o.avoid) || o.avoid.some((set) => !Array.isArray(set)))) throw new OptionError('BAD_OPTION', 'expected avoid as an array of sets (three 32-bit words each)');
  return hittingIn(family, options);
}

/** The usual box shape of a size, or null: none for that size, or a size that is not a number. */
export function boxShapeOf(size: number): BoxShape | null {
  return typeof size === 'number' ? boxIn(size) : null;
}

/** The smallest and largest total of a cage of `cellCount` cells with digits 1..size. @throws RulesError BAD_SIZE for counts that are not whole numbers from 1 to 16. */
export function cageSumRange(cellCount: number, size: number): [number, number] {
  for (const [value, what] of [[cellCount, 'cellCount'], [size, 'size']] as const) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 16) throw new RulesError('BAD_SIZE', `${what} must be a whole number from 1 to 16 (got ${shownValue(value)})`);
  }
  return rangeIn(cellCount, size);
}

/** A board as boardFromGrid makes it (81 values, 81 candidate masks), or an OptionError BAD_OPTION. */
function checkedBoard(board: unknown): Board {
  const b = checkedFields<Board>(board, 'a board (boardFromGrid)', {});
  if (!(b.values instanceof Uint8Array) || b.values.length !== 81 || !(b.candidates instanceof Uint16Array) || b.candidates.length !== 81) {
    throw new OptionError('BAD_OPTION', 'expected a board as boardFromGrid makes it: values a Uint8Array of 81, candidates a Uint16Array of 81');
  }
  return b;
}

/** A copy of a board. @throws OptionError BAD_OPTION for a value that is not a board. */
export function cloneBoard(board: Board): Board {
  return cloneIn(checkedBoard(board));
}

/** Places a digit and removes it from the cell's peers. @throws OptionError BAD_OPTION for a board, cell or digit of the wrong type or range. */
export function placeDigit(board: Board, cell: number, digit: number, geometry?: Geometry): void {
  checkedBoard(board);
  checkedGeometry(geometry);
  checkedIndex(cell, 81, 'cell');
  if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < 1 || digit > 9) throw new OptionError('BAD_OPTION', `digit must be a whole number from 1 to 9 (got ${typeof digit === 'symbol' ? 'a symbol' : shownValue(digit)})`);
  placeIn(board, cell, digit, geometry);
}

/** Applies a step's placements and eliminations. @throws OptionError BAD_OPTION for a board or step of the wrong type. */
export function applyStep(board: Board, step: Step, geometry?: Geometry): void {
  applyIn(checkedBoard(board), checkedStep(step), checkedGeometry(geometry));
}

/** The number of empty cells. @throws OptionError BAD_OPTION for a value that is not a board. */
export function emptyCellCount(board: Board): number {
  return emptyIn(checkedBoard(board));
}

/** The level of a rating. @throws OptionError BAD_OPTION for a rating that is not a number of at least 0 (null read as 0 was "beginner"). */
export function levelOf(rating: number, guessed = false): Level {
  if (typeof rating !== 'number' || Number.isNaN(rating) || rating < 0) {
    throw new OptionError('BAD_OPTION', `a rating must be a number of at least 0 (got ${typeof rating === 'symbol' ? 'a symbol' : shownValue(rating)})`);
  }
  return levelIn(rating, guessed);
}

/** `row 3, column 4`. @throws OptionError BAD_OPTION for a cell that is not 0..80. */
export function plainCellName(cell: number): string {
  return plainIn(checkedIndex(cell, 81, 'cell'));
}
