/** Stable codes of puzzle input problems. */
export type PuzzleFormatErrorCode =
  | 'CELL_COUNT' // a record does not have 81 cells
  | 'BAD_CHARACTER' // a character that is neither a digit, an empty-cell mark nor a separator
  | 'CONFLICT' // two givens with the same digit in one unit
  | 'INCOMPLETE_GRID' // a multi-line grid with fewer than 9 rows
  | 'NOT_ONE_PUZZLE'; // a single puzzle was expected, none or several were found

/** Where a record came from: a file name (or `<stdin>`) and a 1-based line. */
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
    const at = column === undefined ? `${where.source}:${where.line}` : `${where.source}:${where.line}:${column}`;
    super(`${at}: ${reason}`);
    this.code = code;
    this.reason = reason;
    this.source = where.source;
    this.line = where.line;
    this.column = column;
  }
}
