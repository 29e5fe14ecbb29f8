/*
 * f-puzzles JSON, the interchange of variant setters (f-puzzles.com, SudokuPad), and its lz-string
 * base64 form as found in links (`https://f-puzzles.com/?load=N4Ig...`).
 *
 *   { "size": 9, "grid": [[{ "value": 5, "given": true, "region": 0 }, {}, ...], ...],
 *     "diagonal+": true, "diagonal-": true, "disjointgroups": true,
 *     "extraregion": [{ "cells": ["R2C2", "R2C3", ...] }],
 *     "killercage": [{ "cells": ["R1C1", "R1C2"], "value": "15" }],
 *     "odd": [{ "cell": "R1C1" }], "even": [{ "cell": "R2C5" }] }
 *
 * A cell's `region` (0-based) is present when it differs from the usual boxes: jigsaw, or another
 * box shape. Windoku, asterisk and centre dot are extra regions in f-puzzles; they are read back as
 * those rules when all their houses are there. Title, author, rules text, colours, pencil marks
 * and cosmetic shapes are ignored; a constraint the rules do not have (thermometers, arrows,
 * kropki...) is refused rather than dropped, so that no count is ever made under the wrong rules.
 */
import { PuzzleFormatError, type SourceLocation } from '../core/errors.js';
import { boxShapeOf } from '../rules/build.js';
import { checkedPuzzle, type Puzzle } from '../rules/puzzle.js';
import type { CageSpec, Rules, RulesSpec } from '../rules/types.js';
import { brief, textOf, variantOf, type ReadVariant } from './common.js';
import { lzCompressToBase64, lzDecompressFromBase64 } from './lz-base64.js';

/** A cell of an f-puzzles grid (only what the rules use; other keys are kept out of the types). */
export interface FpuzzlesCell {
  value?: number;
  given?: boolean;
  region?: number | null;
}

/** f-puzzles JSON as sudoku-press writes it (and the part of it that it reads). */
export interface FpuzzlesPuzzle {
  size: number;
  title?: string;
  grid: FpuzzlesCell[][];
  'diagonal+'?: boolean;
  'diagonal-'?: boolean;
  disjointgroups?: boolean;
  extraregion?: { cells: string[] }[];
  killercage?: { cells: string[]; value?: string }[];
  /** Cells holding an odd digit (a grey circle in f-puzzles). */
  odd?: { cell: string }[];
  /** Cells holding an even digit (a grey square). */
  even?: { cell: string }[];
  /** The solution row by row (f-puzzles' own extension), when known. */
  solution?: number[];
}

const NOWHERE: SourceLocation = { source: '<input>', line: 0 };

/** Keys read, and keys that change nothing about the rules (names, colours, marks, cosmetic shapes). */
const READ = new Set(['size', 'grid', 'title', 'diagonal+', 'diagonal-', 'disjointgroups', 'extraregion', 'killercage', 'odd', 'even']);
const COSMETIC = new Set(['author', 'ruleset', 'highlightConflicts', 'solution', 'text', 'line', 'rectangle', 'circle', 'cage', 'disabledlogic', 'truecandidatesoptions', 'successMessage', 'negative']);

function fail(reason: string, where: SourceLocation): never {
  throw new PuzzleFormatError('BAD_FPUZZLES', reason, where);
}

/** f-puzzles text (JSON, or what its base64 decompresses to) is read up to this many characters. */
export const MAX_FPUZZLES_TEXT = 4 << 20;
/** f-puzzles nests four or five levels deep (grid, row, cell, pencil marks); deeper JSON is refused before parsing. */
export const MAX_JSON_DEPTH = 100;

/** The error of JSON nested deeper than {@link MAX_JSON_DEPTH}. */
export function tooDeep(where: SourceLocation): PuzzleFormatError {
  return new PuzzleFormatError('BAD_FPUZZLES', `JSON nested deeper than ${MAX_JSON_DEPTH} levels: not f-puzzles data`, where);
}

/** Whether JSON text nests deeper than {@link MAX_JSON_DEPTH} (brackets outside strings). */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return false;
}

/**
 * A value of the user's JSON as quoted in a message: short strings and numbers as written, long
 * strings cut, lists and objects by their kind (never serialised: they may be huge or deep).
 */
function show(value: unknown): string {
  if (typeof value === 'string') return value.length <= 24 ? JSON.stringify(value) : `${JSON.stringify(value.slice(0, 12)).slice(0, -1)}..." (${value.length} characters)`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return '(nothing)';
  return Array.isArray(value) ? '(a list)' : '(an object)';
}

function cellName(rules: Rules, cell: number): string {
  return `R${rules.rowOf[cell]! + 1}C${rules.colOf[cell]! + 1}`;
}

/** Windoku's windows, asterisk and centre dot of a 9x9 grid, as sorted cell lists (row * 9 + col). */
function specialHouses(): { windows: number[][]; asterisk: number[]; centreDot: number[] } {
  const windows: number[][] = [];
  for (const top of [1, 5]) {
    for (const left of [1, 5]) {
      const cells: number[] = [];
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) cells.push((top + r) * 9 + left + c);
      windows.push(cells);
    }
  }
  const asterisk = [13, 20, 24, 37, 40, 43, 56, 60, 67];
  const centreDot = [10, 13, 16, 37, 40, 43, 64, 67, 70];
  return { windows, asterisk, centreDot };
}

/**
 * The f-puzzles JSON of a puzzle (Samurai excepted: f-puzzles has no such layout, a RangeError).
 * With `solution`, the solved digits go in f-puzzles' `solution` list; `title` names the puzzle.
 */
export function toFpuzzles(puzzle: Puzzle, options: { solution?: ArrayLike<number> | undefined; title?: string | undefined } = {}): FpuzzlesPuzzle {
  // Checked as the solving calls check it: rules made by buildRules, one given 0..size per cell.
  const { rules, givens } = checkedPuzzle(puzzle);
  const spec = rules.spec;
  if (spec.layout === 'samurai') throw new RangeError('f-puzzles has no Samurai layout: write it as a variant line');
  const size = spec.size;
  const usual = boxShapeOf(size);
  const explicitRegions = spec.regions !== undefined || usual === null || usual.rows !== spec.boxes?.rows || usual.cols !== spec.boxes.cols;
  const grid: FpuzzlesCell[][] = [];
  for (let r = 0; r < size; r++) {
    const row: FpuzzlesCell[] = [];
    for (let c = 0; c < size; c++) {
      const cell = r * size + c;
      const out: FpuzzlesCell = {};
      if (givens[cell]! > 0) {
        out.value = givens[cell]!;
        out.given = true;
      }
      if (explicitRegions) out.region = rules.regionOf[cell]!;
      row.push(out);
    }
    grid.push(row);
  }
  const result: FpuzzlesPuzzle = options.title !== undefined && options.title !== '' ? { size, title: options.title, grid } : { size, grid };
  if (spec.diagonalUp === true) result['diagonal+'] = true;
  if (spec.diagonalDown === true) result['diagonal-'] = true;
  if (spec.disjointGroups === true) result.disjointgroups = true;
  const names = (cells: ArrayLike<number>): string[] => Array.from(cells, (cell) => cellName(rules, cell));
  const extra: { cells: string[] }[] = [];
  const special = specialHouses();
  if (spec.windoku === true) for (const cells of special.windows) extra.push({ cells: names(cells) });
  if (spec.asterisk === true) extra.push({ cells: names(special.asterisk) });
  if (spec.centreDot === true) extra.push({ cells: names(special.centreDot) });
  for (const cells of spec.extraRegions ?? []) extra.push({ cells: names([...cells].sort((a, b) => a - b)) });
  if (extra.length > 0) result.extraregion = extra;
  if (rules.cages.length > 0) {
    result.killercage = rules.cages.map((cage) => (cage.sum === 0 ? { cells: names(cage.cells) } : { cells: names(cage.cells), value: String(cage.sum) }));
  }
  if (spec.odd !== undefined) result.odd = spec.odd.map((cell) => ({ cell: cellName(rules, cell) }));
  if (spec.even !== undefined) result.even = spec.even.map((cell) => ({ cell: cellName(rules, cell) }));
  if (options.solution !== undefined) result.solution = Array.from(options.solution).slice(0, rules.cellCount);
  return result;
}

/** The lz-string base64 of a puzzle's f-puzzles JSON: what follows `?load=` in an f-puzzles link. */
export function toFpuzzlesBase64(puzzle: Puzzle, options: { solution?: ArrayLike<number> | undefined; title?: string | undefined } = {}): string {
  return lzCompressToBase64(JSON.stringify(toFpuzzles(puzzle, options)));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an f-puzzles object (parsed JSON) into rules and givens; its title becomes the label.
 * @throws PuzzleFormatError: BAD_FPUZZLES for what is not f-puzzles or holds a constraint the
 * rules do not support, BAD_RULES for rules that cannot be built (a region of the wrong size, a
 * cell in two cages, a cage sum no digits can make...), CONFLICT for givens that break a rule.
 */
export function fromFpuzzles(data: unknown, where: SourceLocation = NOWHERE): ReadVariant {
  if (!isObject(data)) fail('f-puzzles data is a JSON object with "size" and "grid"', where);
  for (const [key, value] of Object.entries(data)) {
    if (READ.has(key) || COSMETIC.has(key)) continue;
    if (value === false || value === null || (Array.isArray(value) && value.length === 0)) continue;
    fail(`f-puzzles constraint ${show(key)} is not supported (the rules know regions, diagonal+, diagonal-, disjointgroups, extraregion, killercage, odd and even)`, where);
  }
  const size = data['size'];
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1 || size > 16) fail(`"size" must be a whole number from 4 to 16 (got ${show(size)})`, where);
  for (const key of ['diagonal+', 'diagonal-', 'disjointgroups']) {
    // "diagonal+": "true" would otherwise read as no diagonal: a count under the wrong rules.
    const flag = data[key];
    if (flag !== undefined && flag !== null && typeof flag !== 'boolean') fail(`"${key}" must be true or false (got ${show(flag)})`, where);
  }
  const grid = data['grid'];
  if (!Array.isArray(grid) || grid.length !== size || Array.from(grid as unknown[]).some((row) => !Array.isArray(row) || row.length !== size)) {
    fail(`"grid" must be ${size} rows of ${size} cells`, where);
  }
  const givens = new Uint8Array(size * size);
  const explicit: (number | undefined)[] = new Array(size * size).fill(undefined);
  let anyRegion = false;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const cell = (grid[r] as unknown[])[c];
      const name = `R${r + 1}C${c + 1}`;
      if (!isObject(cell)) fail(`grid cell ${name} is not an object`, where);
      // "given": "true" would otherwise leave the digit out without a word (as for the rule flags).
      const given = cell['given'];
      if (given !== undefined && given !== null && typeof given !== 'boolean') fail(`grid cell ${name}: "given" must be true or false (got ${show(given)})`, where);
      if (given === true) {
        const value = cell['value'];
        if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > size) {
          fail(`grid cell ${name}: given value ${show(value)} is not a digit from 1 to ${size}`, where);
        }
        givens[r * size + c] = value;
      }
      if ('region' in cell) {
        const region = cell['region'];
        if (region === null) fail(`grid cell ${name} is in no region ("region": null), which the rules do not support`, where);
        if (typeof region !== 'number' || !Number.isSafeInteger(region) || region < 0 || region >= size) {
          fail(`grid cell ${name}: region ${show(region)} is not a region number from 0 to ${size - 1}`, where);
        }
        explicit[r * size + c] = region;
        anyRegion = true;
      }
    }
  }
  const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size };
  if (anyRegion) Object.assign(spec, regionsOf(explicit, size, where));
  if (data['diagonal-'] === true) spec.diagonalDown = true;
  if (data['diagonal+'] === true) spec.diagonalUp = true;
  if (data['disjointgroups'] === true) spec.disjointGroups = true;

  const cellOf = (name: unknown, what: string): number => {
    const match = typeof name === 'string' ? /^R(\d+)C(\d+)$/i.exec(name) : null;
    const row = match ? Number(match[1]) : 0;
    const col = match ? Number(match[2]) : 0;
    if (!match || row < 1 || row > size || col < 1 || col > size) fail(`${what}: ${show(name)} is not a cell R1C1..R${size}C${size}`, where);
    return (row - 1) * size + col - 1;
  };
  const cellsOf = (entry: unknown, what: string): number[] => {
    if (!isObject(entry) || !Array.isArray(entry['cells'])) fail(`${what} has no "cells" list`, where);
    return Array.from(entry['cells'] as unknown[], (name) => cellOf(name, what));
  };

  const extra = data['extraregion'];
  if (extra !== undefined) {
    if (!Array.isArray(extra)) fail('"extraregion" must be a list', where);
    let houses = Array.from(extra as unknown[], (entry, i) => cellsOf(entry, `extra region ${i + 1}`).sort((a, b) => a - b));
    if (size === 9 && spec.regions === undefined && spec.boxes === undefined) {
      const key = (cells: readonly number[]): string => cells.join(',');
      const special = specialHouses();
      const take = (cells: number[]): boolean => {
        const at = houses.findIndex((house) => key(house) === key(cells));
        if (at < 0) return false;
        houses = houses.filter((_, i) => i !== at);
        return true;
      };
      if (special.windows.every((cells) => houses.some((house) => key(house) === key(cells)))) {
        for (const cells of special.windows) take(cells);
        spec.windoku = true;
      }
      if (take(special.asterisk)) spec.asterisk = true;
      if (take(special.centreDot)) spec.centreDot = true;
    }
    if (houses.length > 0) spec.extraRegions = houses;
  }

  const cages = data['killercage'];
  if (cages !== undefined) {
    if (!Array.isArray(cages)) fail('"killercage" must be a list', where);
    spec.cages = Array.from(cages as unknown[], (entry, i): CageSpec => {
      const what = `killer cage ${i + 1}`;
      const cells = cellsOf(entry, what);
      const value = (entry as Record<string, unknown>)['value'];
      if (value === undefined || value === null || value === '') return { cells };
      // A string or a number only: String() of an object may throw, or recurse through a deep list.
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
      if (!/^\d+$/.test(text)) fail(`${what}: total ${show(value)} is not a whole number`, where);
      return { cells, sum: Number(text) };
    });
  }
  for (const key of ['odd', 'even'] as const) {
    const marks = data[key];
    if (marks === undefined) continue;
    if (!Array.isArray(marks)) fail(`"${key}" must be a list`, where);
    spec[key] = Array.from(marks as unknown[], (entry, i) => {
      if (!isObject(entry) || !('cell' in entry)) fail(`${key} ${i + 1} has no "cell"`, where);
      return cellOf(entry['cell'], `${key} ${i + 1}`);
    });
  }
  const title = data['title'];
  // A label is written back after the puzzle on one line: a title's line breaks (and other control
  // characters) would split every line that carries it, so each run of them is one space.
  const oneLine = typeof title === 'string' ? title.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim() : '';
  const label = oneLine !== '' ? oneLine : undefined;
  return variantOf(spec, givens, label, where);
}

/**
 * Regions from the cells' `region` numbers (the usual box of a cell without one): nothing when they
 * are the usual boxes, `boxes` when they are boxes of another shape, else jigsaw `regions`.
 */
function regionsOf(explicit: readonly (number | undefined)[], size: number, where: SourceLocation): Partial<RulesSpec> {
  const usual = boxShapeOf(size);
  const boxOf = (cell: number, shape: { rows: number; cols: number }): number =>
    Math.floor(Math.floor(cell / size) / shape.rows) * (size / shape.cols) + Math.floor((cell % size) / shape.cols);
  const regions = explicit.map((region, cell) => {
    if (region !== undefined) return region;
    if (usual === null) fail(`size ${size} has no usual box shape: give every cell its "region"`, where);
    return boxOf(cell, usual);
  });
  for (let rows = 1; rows <= size; rows++) {
    if (size % rows !== 0) continue;
    const shape = { rows, cols: size / rows };
    // The same partition as boxes of this shape (whatever the numbering)?
    const idOfBox = new Map<number, number>();
    const boxOfId = new Map<number, number>();
    const same = regions.every((region, cell) => {
      const box = boxOf(cell, shape);
      if ((idOfBox.get(box) ?? region) !== region || (boxOfId.get(region) ?? box) !== box) return false;
      idOfBox.set(box, region);
      boxOfId.set(region, box);
      return true;
    });
    if (!same) continue;
    return usual !== null && usual.rows === rows ? {} : { boxes: shape };
  }
  return { regions };
}

/** Reads the lz-string base64 of f-puzzles JSON (what follows `?load=` in a link). */
export function fromFpuzzlesBase64(text: string, where: SourceLocation = NOWHERE): ReadVariant {
  let json: string | null;
  try {
    json = lzDecompressFromBase64(textOf(text, where).trim(), { maxLength: MAX_FPUZZLES_TEXT });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    fail(`not f-puzzles data: the base64 text decompresses to more than ${MAX_FPUZZLES_TEXT.toLocaleString('en-US')} characters`, where);
  }
  if (json === null || json === '') fail('not f-puzzles data: the base64 text does not decompress (lz-string)', where);
  if (nestsTooDeep(json)) throw tooDeep(where);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    fail('not f-puzzles data: the base64 text decompresses to something that is not JSON', where);
  }
  return fromFpuzzles(data, where);
}

/** Reads f-puzzles JSON text. */
export function fromFpuzzlesJson(text: string, where: SourceLocation = NOWHERE): ReadVariant {
  if (nestsTooDeep(textOf(text, where))) throw tooDeep(where);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(`not valid JSON: ${brief((error as Error).message, 120)}`, where);
  }
  return fromFpuzzles(data, where);
}

/** The base64 part of an f-puzzles or SudokuPad link (`?load=...`, `/fpuzzles...`), or null. */
export function fpuzzlesLinkData(url: string, where: SourceLocation = NOWHERE): string | null {
  const load = /[?&]load=([A-Za-z0-9+/=%_-]+)/.exec(url);
  const pad = load ?? /fpuzzles([A-Za-z0-9+/=%_-]+)/.exec(url);
  if (pad === null) return null;
  try {
    return decodeURIComponent(pad[1]!);
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    fail('the link\'s data is not valid percent-encoding (a % not followed by two hex digits)', where);
  }
}
