import { PuzzleFormatError, type SourceLocation } from '../core/errors.js';
import { buildRules } from '../rules/build.js';
import { findGivenConflict, type Puzzle } from '../rules/puzzle.js';
import { RulesError, type Rules, type RulesSpec } from '../rules/types.js';

/** A variant puzzle read from text: its rules, its givens, and a label when the source had one. */
export interface ReadVariant extends Puzzle {
  readonly label: string | undefined;
}

/**
 * Builds the rules of a description read from `where`, turning a {@link RulesError} into a
 * `BAD_RULES` {@link PuzzleFormatError} with the same words.
 */
export function rulesFrom(spec: RulesSpec, where: SourceLocation): Rules {
  // A total of hundreds of digits reads as Infinity: say what it is rather than "add up to Infinity".
  const cages = spec.cages ?? [];
  for (let i = 0; i < cages.length; i++) {
    const sum = cages[i]!.sum;
    if (sum !== undefined && !Number.isSafeInteger(sum)) throw new PuzzleFormatError('BAD_RULES', `cage ${i + 1}: its total is too large for a cage total`, where);
    // The rules take 0 for "no total": a 0 written by hand is a mistake, not a cage without a total.
    if (sum === 0) throw new PuzzleFormatError('BAD_RULES', `cage ${i + 1}: a total of 0 (a cage without a total is written ? in a variant line, without "value" in f-puzzles)`, where);
  }
  try {
    return buildRules(spec);
  } catch (error) {
    if (error instanceof RulesError) throw new PuzzleFormatError('BAD_RULES', error.message, where);
    throw error;
  }
}

/** Throws a `CONFLICT` error when a given breaks a rule on its own (two 5s in a house, a cage sum passed). */
export function checkGivens(rules: Rules, givens: Uint8Array, where: SourceLocation): void {
  const conflict = findGivenConflict(rules, givens);
  if (conflict !== null) throw new PuzzleFormatError('CONFLICT', `givens conflict: ${conflict.reason}`, where);
}

/** Text of one record, or a `BAD_GRID_TYPE` error for something that is not a string (as parsePuzzle says it). */
export function textOf(text: unknown, where: SourceLocation): string {
  if (typeof text !== 'string') throw new PuzzleFormatError('BAD_GRID_TYPE', `expected puzzle text as a string, got ${text === null ? 'null' : typeof text}`, where);
  return text;
}

/** The rules and givens, checked. */
export function variantOf(spec: RulesSpec, givens: Uint8Array, label: string | undefined, where: SourceLocation): ReadVariant {
  const rules = rulesFrom(spec, where);
  checkGivens(rules, givens, where);
  return { rules, givens, label };
}

/**
 * User text as quoted in a message: at most `max` characters (then '...'), control characters
 * escaped (`\n`, `\u001b`), so that a message stays one short line whatever the input.
 */
export function brief(text: string, max = 24): string {
  const cut = text.length > max ? `${text.slice(0, max)}...` : text;
  return cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `r3c6` of a frame position (0-based row and column). */
export function frameName(row: number, col: number): string {
  return `r${row + 1}c${col + 1}`;
}
