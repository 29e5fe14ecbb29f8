/** Stable codes of puzzle input problems. */
export type PuzzleFormatErrorCode =
  | 'CELL_COUNT' // a record does not have 81 cells
  | 'BAD_CHARACTER' // a character that is neither a digit, an empty-cell mark nor a separator
  | 'CONFLICT' // two givens with the same digit in one unit
  | 'INCOMPLETE_GRID' // a multi-line grid with fewer than 9 rows
  | 'LINE_TOO_LONG' // a line past MAX_LINE_LENGTH characters (the rest of it is skipped)
  | 'NOT_ONE_PUZZLE' // a single puzzle was expected, none or several were found
  | 'BAD_CELL_VALUE' // an array cell that is not a whole number from 0 to 9 (or null)
  | 'BAD_GRID_TYPE' // a grid argument that is neither a string, an array nor a Uint8Array
  | 'BAD_PUZZLE' // a { rules, givens } puzzle whose rules are not a rules value or whose givens are not numbers
  | 'BAD_RULES' // variant rules that cannot be built: a region of the wrong size, a cell in two cages, a cage sum no digits can make, a size with no box shape...
  | 'BAD_VARIANT_LINE' // a variant line (`killer:...`, `6x6:...`) whose tags, givens or fields cannot be read
  | 'BAD_FPUZZLES' // f-puzzles JSON (or its lz-string base64 form) that cannot be read, or a constraint the rules do not support
  | 'BAD_SOLO_ID' // a Simon Tatham's Solo game ID that cannot be read
  | 'GRIDS_DISAGREE'; // overlapping grids (Samurai) that give a shared cell two different digits

/** Where a record came from: a file name (or `<stdin>`) and a 1-based line (0: not from lines). */
export interface SourceLocation {
  source: string;
  line: number;
}

/**
 * Bad puzzle input. `code` is stable for programs; `message` names the record and the problem,
 * e.g. `puzzles.txt:12: expected 81 cells, found 80`.
 */
export class PuzzleFormatError extends Error {
  override readonly name = 'PuzzleFormatError';
  // `declare`: fields the constructor sets, which the build need not define first (bytes in a
  // browser bundle); set in this order, the keys keep it.
  declare readonly code: PuzzleFormatErrorCode;
  declare readonly source: string;
  declare readonly line: number;
  declare readonly column: number | undefined;
  /** The problem without the location prefix. */
  declare readonly reason: string;

  constructor(code: PuzzleFormatErrorCode, reason: string, where: SourceLocation, column?: number) {
    const at = where.line === 0 ? where.source : column === undefined ? `${where.source}:${where.line}` : `${where.source}:${where.line}:${column}`;
    super(`${at}: ${reason}`);
    this.code = code;
    this.source = where.source;
    this.line = where.line;
    this.column = column;
    this.reason = reason;
  }
}

/**
 * The error of a `{ rules, givens }` puzzle whose rules were made by hand: only a rules value made by
 * buildRules (or the rules constructors) links in the code that reads rules values (the solver's,
 * the grader's and the techniques' links), so without it that code is not there to call.
 */
export function unlinkedRulesError(): PuzzleFormatError {
  return new PuzzleFormatError('BAD_PUZZLE', 'the rules of the puzzle were not made by buildRules or the rules constructors', { source: 'puzzle', line: 0 });
}

/** Stable codes of bad option values given to a library call. */
export type OptionErrorCode = 'UNKNOWN_OPTION' | 'BAD_OPTION';

/**
 * A wrong value as an error message shows it: a string quoted, a number, boolean, symbol or bigint
 * as String writes it, an object or a function by its kind. Never throws and never runs the value's
 * own code: `${value}` or String(value) throws a TypeError for a symbol (in a template), an object
 * without a prototype or an array holding one, and calls a toString that may throw.
 */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return Object(value) === value ? (Array.isArray(value) ? 'an array' : typeof value === 'function' ? 'a function' : 'an object') : String(value);
}

/** An error with a stable `code` beside its message, as the errors of bad options and of puzzles the grader cannot take are. */
export class CodedError<Code extends string> extends Error {
  declare readonly code: Code;

  constructor(code: Code, message: string) {
    super(message);
    this.code = code;
  }
}

/** An options object with a key the function does not know, or a value of the wrong kind. */
export class OptionError extends CodedError<OptionErrorCode> {
  override readonly name = 'OptionError';
}

/**
 * A count's limit, checked: a whole number of at least 1. NaN would never be reached (a count of
 * every grid there is, which never ends), so it is refused, as 0, negatives and non-numbers are.
 * @throws OptionError BAD_OPTION
 */
export function checkedLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
    throw new OptionError('BAD_OPTION', `limit must be a whole number of at least 1 (got ${shownValue(limit)})`);
  }
  return limit;
}

/**
 * The options a public function reads, checked, as a copy without a prototype that holds only the
 * caller's own keys, so that a key set on `Object.prototype` (prototype pollution) is never read as
 * an option. `undefined` means no options; `null`, an array or a non-object is an
 * {@link OptionError} `BAD_OPTION` (a usage error, as any wrong value); a key not in `known` is
 * `UNKNOWN_OPTION` (a misspelt option would otherwise be ignored without a word). Every public entry
 * reads its options through this (or through {@link ownCopy} after a check of its own).
 */
export function ownOptions<T extends object>(options: T | undefined, known: readonly string[], what: string): T {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new OptionError('BAD_OPTION', `${what} options must be an object (got ${options === null ? 'null' : typeof options})`);
  }
  const copy = ownCopy(options);
  for (const key in copy) {
    if (!known.includes(key)) throw new OptionError('UNKNOWN_OPTION', `unknown ${what} option "${key}" (known: ${known.join(', ')})`);
  }
  return copy;
}

/** The own enumerable properties of `options` in an object without a prototype (`{}` for undefined). */
export function ownCopy<T extends object>(options: T | undefined): T {
  const copy = Object.create(null) as Record<string, unknown>;
  if (options) for (const key of Object.keys(options)) copy[key] = (options as Record<string, unknown>)[key];
  return copy as T;
}

/**
 * The keys of an options type for {@link ownOptions}, listed once and held to the type by the
 * compiler: a key added to the type but not here (or the reverse) does not compile, so a list of
 * known keys never falls behind its type.
 */
export function optionKeys<T extends object>(keys: { readonly [K in keyof Required<T>]: true }): readonly string[] {
  return Object.keys(keys);
}
