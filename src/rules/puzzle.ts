import { PuzzleFormatError, shownValue } from '../core/errors.js';
import { cageTablesOf, houseTablesOf, sourceOf } from './solver-link.js';
import { PARITY_ODD, type Rules } from './types.js';

/**
 * A puzzle under any rules: the rules value and one given per cell (0 empty, 1..size a digit).
 * The givens are in the rules' cell order (row by row over the cells that exist).
 */
export interface Puzzle {
  readonly rules: Rules;
  readonly givens: Uint8Array;
}

/** Why some givens cannot be part of a solution, found without search. */
export interface GivenConflict {
  /** The cells involved (one or two). */
  readonly cells: readonly number[];
  /** Plain words, e.g. "two 5s in row 3", "cage at r1c1: givens add up to 19, more than its sum 17". */
  readonly reason: string;
}

/** `r3c6` name of a cell of the rules (frame position, 1-based). */
export function cellNameOf(rules: Rules, cell: number): string {
  return `r${rules.rowOf[cell]! + 1}c${rules.colOf[cell]! + 1}`;
}

/** Name of a house for messages: "row 3", "column 6", "box 2", "region 4", "diagonal"... */
export function houseNameOf(rules: Rules, house: number): string {
  const kind = rules.houseKinds[house]!;
  const first = rules.houses[house]![0]!;
  const cells = rules.houses[house]!;
  if (kind === 'row') return `row ${rules.rowOf[first]! + 1}`;
  if (kind === 'column') return `column ${rules.colOf[first]! + 1}`;
  if (kind === 'box' || kind === 'region') return `${kind} ${rules.regionOf[first]! + 1}`;
  return `${kind} ${cellNameOf(rules, cells[0]!)}..${cellNameOf(rules, cells[cells.length - 1]!)}`;
}

const WHERE = { source: 'puzzle', line: 0 };

/**
 * The `{ rules, givens }` of a solving call's input, checked: rules that come from the rules
 * constructors, givens a Uint8Array or an array of numbers, one per cell, each 0..size. The solving
 * calls reach it through the counter buildRules links (solver-link.ts), so that an app counting
 * only classic grids does not carry these checks and their texts.
 * @throws PuzzleFormatError (BAD_PUZZLE, CELL_COUNT, BAD_CELL_VALUE) naming the problem.
 */
export function checkedPuzzle(input: Partial<Puzzle>): Puzzle {
  if (typeof input !== 'object' || input === null) throw new PuzzleFormatError('BAD_PUZZLE', `expected a puzzle { rules, givens } (got ${input === null ? 'null' : typeof input})`, WHERE);
  const { rules, givens } = input;
  // Only a value made by buildRules: a copy, a spread or an object made to look like one lacks the
  // tables the solver and the grader read (and a spread lacks every field made on first read).
  if (typeof rules !== 'object' || rules === null || sourceOf(rules) === undefined) {
    throw new PuzzleFormatError('BAD_PUZZLE', 'expected a puzzle { rules, givens } whose rules come from the rules constructors (buildRules, classicRules...)', WHERE);
  }
  // A Proxy of a Uint8Array passes instanceof but is no typed array to the code that reads it.
  if (!(givens instanceof Uint8Array && ArrayBuffer.isView(givens)) && !Array.isArray(givens)) {
    throw new PuzzleFormatError('BAD_PUZZLE', 'expected the givens of the puzzle as a Uint8Array or an array of numbers', WHERE);
  }
  const values = givens as ArrayLike<unknown>;
  if (values.length !== rules.cellCount) {
    throw new PuzzleFormatError('CELL_COUNT', `expected ${rules.cellCount} givens for ${rules.variant} rules, found ${values.length}`, WHERE);
  }
  for (let cell = 0; cell < values.length; cell++) {
    const value = values[cell];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > rules.size) {
      const shown = shownValue(value);
      throw new PuzzleFormatError('BAD_CELL_VALUE', `cell ${cell + 1} (${cellNameOf(rules, cell)}) holds ${shown}: expected a whole number from 0 to ${rules.size}`, WHERE);
    }
  }
  return { rules, givens: givens instanceof Uint8Array ? givens : Uint8Array.from(givens as number[]) };
}

/**
 * The first given that breaks a rule on its own: a digit out of range, a digit of the wrong parity
 * in a cell marked odd or even, the same digit twice in a house or a cage, a cage whose givens pass
 * its sum (or a full cage whose givens miss it). Null when none does (the puzzle may still have no
 * solution: ask the solver).
 */
export function findGivenConflict(rules: Rules, givens: ArrayLike<number>): GivenConflict | null {
  if (givens.length !== rules.cellCount) {
    return { cells: [], reason: `expected ${rules.cellCount} cells, found ${givens.length}` };
  }
  for (let cell = 0; cell < rules.cellCount; cell++) {
    const digit = givens[cell]!;
    if (!Number.isInteger(digit) || digit < 0 || digit > rules.size) {
      return { cells: [cell], reason: `${cellNameOf(rules, cell)} holds ${shownValue(digit)}, not a digit from 1 to ${rules.size}` };
    }
  }
  const masks = rules.startMasks;
  if (masks !== null) {
    for (let cell = 0; cell < rules.cellCount; cell++) {
      const digit = givens[cell]!;
      if (digit !== 0 && (masks[cell]! & (1 << (digit - 1))) === 0) {
        return { cells: [cell], reason: `${cellNameOf(rules, cell)} is marked ${rules.parityOf[cell] === PARITY_ODD ? 'odd' : 'even'} but holds ${digit}` };
      }
    }
  }
  // The houses and cages as the value was built with them (solver-link.ts: same order and cells as
  // rules.houses and rules.cages, without making those lists of views, which a checker of a file of
  // killers would otherwise make for every puzzle only to find nothing). Without givens no house
  // can hold a digit twice.
  let givenCount = 0;
  for (let cell = 0; cell < rules.cellCount; cell++) if (givens[cell] !== 0) givenCount++;
  if (givenCount > 1) {
    const { start, cells } = houseTablesOf(rules);
    for (let house = 0; house + 1 < start.length; house++) {
      const dup = duplicateIn(cells, start[house]!, start[house + 1]!, givens);
      if (dup !== null) {
        return { cells: dup, reason: `two ${givens[dup[0]!]}s in ${houseNameOf(rules, house)} (${cellNameOf(rules, dup[0]!)}, ${cellNameOf(rules, dup[1]!)})` };
      }
    }
  }
  const { cells, start, sums } = cageTablesOf(rules);
  for (let i = 0; i + 1 < start.length; i++) {
    const from = start[i]!;
    const to = start[i + 1]!;
    const dup = givenCount > 1 ? duplicateIn(cells, from, to, givens) : null;
    if (dup !== null) return { cells: dup, reason: `two ${givens[dup[0]!]}s in ${cageName(rules, cells[from]!)}` };
    const sum = sums[i]!;
    if (sum === 0) continue;
    let total = 0;
    let empty = 0;
    for (let j = from; j < to; j++) {
      total += givens[cells[j]!]!;
      if (givens[cells[j]!] === 0) empty++;
    }
    // The empty cells add at least 1+2+..+k and at most size+(size-1)+..: outside that, no digits fit.
    const low = empty === 0 ? 0 : (empty * (empty + 1)) / 2;
    const high = empty === 0 ? 0 : (empty * (2 * rules.size - empty + 1)) / 2;
    if (total + low > sum || total + high < sum) {
      const reason = empty === 0 ? `its givens add up to ${total}, not its sum ${sum}` : `its givens add up to ${total}, which ${empty} more digits cannot bring to its sum ${sum}`;
      return { cells: Array.from(cells).slice(from, to), reason: `${cageName(rules, cells[from]!)}: ${reason}` };
    }
  }
  return null;
}

function cageName(rules: Rules, first: number): string {
  return `the cage at ${cellNameOf(rules, first)}`;
}

/** Two cells of cells[from..to) holding the same given, or null. */
function duplicateIn(cells: ArrayLike<number>, from: number, to: number, givens: ArrayLike<number>): number[] | null {
  for (let i = from; i < to; i++) {
    const digit = givens[cells[i]!]!;
    if (digit === 0) continue;
    for (let j = i + 1; j < to; j++) if (givens[cells[j]!] === digit) return [cells[i]!, cells[j]!];
  }
  return null;
}

const DIGIT_CHARS = '.123456789ABCDEFG';

/**
 * The values of a grid as text, one character per cell in the rules' cell order (row by row over
 * the cells that exist): 1-9, then A-G for 10-16 on sizes over 9, and `.` for an empty cell (0).
 */
export function formatValues(rules: Rules, values: ArrayLike<number>): string {
  let text = '';
  for (let cell = 0; cell < rules.cellCount; cell++) text += DIGIT_CHARS[values[cell]!] ?? '?';
  return text;
}
