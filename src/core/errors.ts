/** Stable codes of puzzle input problems. */
export type PuzzleFormatErrorCode =
  | 'CELL_COUNT' // a record does not have 81 cells
  | 'BAD_CHARACTER' // a character that is neither a digit, an empty-cell mark nor a separator
  | 'CONFLICT' // two givens with the same digit in one unit
  | 'INCOMPLETE_GRID' // a multi-line grid with fewer than 9 rows
  | 'NOT_ONE_PUZZLE' // a single puzzle was expected, none or several were found
  | 'BAD_CELL_VALUE' // an array cell that is not a whole number from 0 to 9 (or null)
  | 'BAD_GRID_TYPE' // a grid argument that is neither a string, an array nor a Uint8Array
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
  readonly code: PuzzleFormatErrorCode;
  readonly source: string;
  readonly line: number;
  readonly column: number | undefined;
  /** The problem without the location prefix. */
  readonly reason: string;

  constructor(code: PuzzleFormatErrorCode, reason: string, where: SourceLocation, column?: number) {
    const at = where.line === 0 ? where.source : column === undefined ? `${where.source}:${where.line}` : `${where.source}:${where.line}:${column}`;
    super(`${at}: ${reason}`);
    this.code = code;
    this.reason = reason;
    this.source = where.source;
    this.line = where.line;
    this.column = column;
  }
}

/** Stable codes of bad option values given to a library call. */
export type OptionErrorCode = 'UNKNOWN_OPTION' | 'BAD_OPTION';

/** An options object with a key the function does not know, or a value of the wrong kind. */
export class OptionError extends Error {
  override readonly name = 'OptionError';
  constructor(
    readonly code: OptionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Throws an {@link OptionError} for a key of `options` that is not in `known` (a misspelt option
 * would otherwise be ignored without a word), or for options that are not an object.
 */
export function checkOptionKeys(options: unknown, known: readonly string[], what: string): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new OptionError('BAD_OPTION', `${what} options must be an object`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new OptionError('UNKNOWN_OPTION', `unknown ${what} option "${key}" (known: ${known.join(', ')})`);
    }
  }
}
