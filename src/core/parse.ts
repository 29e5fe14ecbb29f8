import { PuzzleFormatError, optionKeys, ownOptions, type SourceLocation } from './errors.js';
import { describeConflict, findConflict, type Grid } from './grid.js';
import { MAX_LINE_LENGTH, splitLines } from './lines.js';

export { MAX_LINE_LENGTH, splitLines };

/** A puzzle read from text, with where it came from. */
export interface PuzzleRecord {
  grid: Grid;
  /** Text after the 81 cells on the same line (a name, a rating), if any. */
  label: string | undefined;
  /** File name, or `<stdin>` / `<input>`. */
  source: string;
  /** 1-based line where the record starts. */
  line: number;
}

/** One record of a stream: a puzzle, or the reason it could not be read. */
export type ReadResult = { ok: true; puzzle: PuzzleRecord } | { ok: false; error: PuzzleFormatError };

/** Options of the readers. */
export interface ParseOptions {
  /** Name used in error messages. Default `<input>`. */
  source?: string;
  /** Report two equal givens in a unit as a `CONFLICT` error. Default true. */
  rejectConflicts?: boolean;
}

const PARSE_OPTION_KEYS = optionKeys<ParseOptions>({ source: true, rejectConflicts: true });

const EMPTY_MARKS = '.0_*-';
// 1..9 → digit, empty marks → 0, anything else → -1.
const CELL_VALUE = new Int8Array(128).fill(-1);
for (let d = 1; d <= 9; d++) CELL_VALUE[48 + d] = d;
for (const ch of EMPTY_MARKS) CELL_VALUE[ch.charCodeAt(0)] = 0;

const NONE: readonly ReadResult[] = Object.freeze([]);

function cellValue(code: number): number {
  return code < 128 ? CELL_VALUE[code]! : -1;
}

function isGridDecoration(code: number): boolean {
  // space, tab, '|', '+', and ':' sometimes used as box separators
  return code === 32 || code === 9 || code === 124 || code === 43 || code === 58;
}

/** A rule between boxes of a printed grid: only -, =, +, | and spaces, with `--`, `==` or `+` in it. */
function isSeparatorLine(text: string): boolean {
  const first = text.charCodeAt(0);
  // '-', '=', '+', '|': anything else cannot start a rule line (cheap test before the regexes)
  if (first !== 45 && first !== 61 && first !== 43 && first !== 124) return false;
  return /^[\s\-=+|]+$/.test(text) && /--|==|\+/.test(text);
}

function describeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 32 || code === 127) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

/**
 * Reads puzzle records from lines, one call per line, so that files of any size stream.
 * Accepts 81-character lines (with an optional label after them) and 9-line printed grids.
 */
export class PuzzleReader {
  // Set by the constructor (`declare`: not defined first, a few bytes less in a browser bundle).
  declare private readonly source: string;
  declare private readonly rejectConflicts: boolean;
  private gridRows: number[] = [];
  private gridRowCount = 0;
  private gridStart = 0;

  constructor(options: ParseOptions = {}) {
    options = ownOptions(options, PARSE_OPTION_KEYS, 'parse');
    this.source = options.source ?? '<input>';
    this.rejectConflicts = options.rejectConflicts ?? true;
  }

  /** Feeds one line (without its line break); returns the records it finished (usually none). */
  push(rawLine: string, lineNumber: number): readonly ReadResult[] {
    const interrupted = this.pushLine(rawLine, lineNumber);
    if (this.broken) {
      const broken = this.broken;
      this.broken = null;
      return interrupted ? [broken, interrupted] : [broken];
    }
    return interrupted ? [interrupted] : NONE;
  }

  private broken: ReadResult | null = null;

  private pushLine(rawLine: string, lineNumber: number): ReadResult | null {
    if (rawLine.length > MAX_LINE_LENGTH) {
      // Cut by splitLines (or a line that long in a text): no record is anywhere near as long.
      this.broken = this.interruptGrid();
      return this.fail('LINE_TOO_LONG', `line ${lineNumber} is longer than ${MAX_LINE_LENGTH.toLocaleString('en-US')} characters`, { source: this.source, line: lineNumber });
    }
    const text = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const trimmed = text.trim();
    const where: SourceLocation = { source: this.source, line: lineNumber };

    if (trimmed === '' || trimmed.startsWith('#')) {
      this.broken = this.interruptGrid();
      return null;
    }
    if (isSeparatorLine(trimmed)) return null;

    // An 81-character record: the first token holds 81 cells, the rest of the line is a label.
    const lead = text.length - text.trimStart().length;
    let tokenLength = 0;
    while (tokenLength < trimmed.length && trimmed.charCodeAt(tokenLength) > 32) tokenLength++;
    if (tokenLength >= 81) {
      this.broken = this.interruptGrid();
      return this.readLineRecord(trimmed, lead, where);
    }

    // A row of a printed grid: 9 cells once decorations are removed.
    const row: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (isGridDecoration(code)) continue;
      const value = cellValue(code);
      if (value < 0) {
        this.broken = this.interruptGrid();
        return this.fail('BAD_CHARACTER', `unexpected character ${describeChar(text[i]!)} at column ${i + 1}`, where, i + 1);
      }
      row.push(value);
    }
    if (row.length === 9) {
      if (this.gridRowCount === 0) this.gridStart = lineNumber;
      this.gridRows.push(...row);
      this.gridRowCount++;
      if (this.gridRowCount === 9) {
        const grid = Uint8Array.from(this.gridRows);
        this.gridRows = [];
        this.gridRowCount = 0;
        return this.finish(grid, undefined, { source: this.source, line: this.gridStart });
      }
      return null;
    }
    this.broken = this.interruptGrid();
    if (row.length === 81) {
      // 81 cells, but split up by spaces, tabs or bars: say so rather than "expected 81, found 81".
      return this.fail('CELL_COUNT', 'the 81 cells are split by spaces, tabs or separators; write them together (a label may follow after a space), or as 9 rows of 9', where);
    }
    return this.fail('CELL_COUNT', `expected 81 cells (or a grid row of 9), found ${row.length}`, where);
  }

  /** Call at the end of input: reports a grid that stopped short of 9 rows. */
  end(): ReadResult | null {
    return this.interruptGrid();
  }

  private interruptGrid(): ReadResult | null {
    if (this.gridRowCount === 0) return null;
    const rows = this.gridRowCount;
    this.gridRows = [];
    this.gridRowCount = 0;
    return this.fail(
      'INCOMPLETE_GRID',
      `grid has ${rows} row${rows === 1 ? '' : 's'} (${rows * 9} cells), expected 9 rows of 9 cells`,
      { source: this.source, line: this.gridStart },
    );
  }

  private readLineRecord(trimmed: string, lead: number, where: SourceLocation): ReadResult {
    const grid = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const value = cellValue(trimmed.charCodeAt(i));
      if (value < 0) {
        const column = lead + i + 1;
        return this.fail('BAD_CHARACTER', `unexpected character ${describeChar(trimmed[i]!)} at column ${column}`, where, column);
      }
      grid[i] = value;
    }
    const rest = trimmed.slice(81);
    // An 82nd cell character right after the 81 means the record is too long, not labelled.
    if (rest.length > 0 && cellValue(rest.charCodeAt(0)) >= 0) {
      let cells = 81;
      while (cells < trimmed.length && cellValue(trimmed.charCodeAt(cells)) >= 0) cells++;
      return this.fail('CELL_COUNT', `expected 81 cells, found ${cells}`, where);
    }
    const label = rest.replace(/^[\s,;:|]+/, '').trim();
    return this.finish(grid, label === '' ? undefined : label, where);
  }

  private finish(grid: Grid, label: string | undefined, where: SourceLocation): ReadResult {
    if (this.rejectConflicts) {
      const conflict = findConflict(grid);
      if (conflict) return this.fail('CONFLICT', `givens conflict: ${describeConflict(conflict)}`, where);
    }
    return { ok: true, puzzle: { grid, label, source: where.source, line: where.line } };
  }

  private fail(code: PuzzleFormatError['code'], reason: string, where: SourceLocation, column?: number): ReadResult {
    return { ok: false, error: new PuzzleFormatError(code, reason, where, column) };
  }
}

/** Every record of a text, in order (valid puzzles and errors). */
export function* parsePuzzles(text: string, options: ParseOptions = {}): Generator<ReadResult> {
  options = ownOptions(options, PARSE_OPTION_KEYS, 'parse');
  checkText(text, options);
  const reader = new PuzzleReader(options);
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    yield* reader.push(lines[i]!, i + 1);
  }
  const last = reader.end();
  if (last) yield last;
}

/** A `BAD_GRID_TYPE` PuzzleFormatError for text that is not a string (a number, null, an array). */
export function checkText(text: unknown, options: ParseOptions): void {
  if (typeof text === 'string') return;
  throw new PuzzleFormatError('BAD_GRID_TYPE', `expected puzzle text as a string, got ${text === null ? 'null' : typeof text}`, { source: options.source ?? '<input>', line: 0 });
}

/** Records from a stream of lines (e.g. `readline`), in constant memory. */
export function readPuzzles(lines: AsyncIterable<string>, options: ParseOptions = {}): AsyncGenerator<ReadResult> {
  return readLinesWith(new PuzzleReader(options), lines);
}

/** A reader fed one line at a call (the classic PuzzleReader, the reader of every format). */
export interface LineReader<R> {
  push(line: string, lineNumber: number): readonly R[];
  end(): R | null;
}

/** What `reader` makes of a stream of lines, numbered from 1, then what it holds at the end. */
export async function* readLinesWith<R>(reader: LineReader<R>, lines: AsyncIterable<string>): AsyncGenerator<R> {
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    yield* reader.push(line, lineNumber);
  }
  const last = reader.end();
  if (last) yield last;
}

/**
 * Parses exactly one puzzle (81 characters, or a 9-line grid).
 * @throws PuzzleFormatError when the text is not one valid puzzle.
 */
export function parsePuzzle(text: string, options: ParseOptions = {}): Grid {
  // parsePuzzles checks the text (and the options) on the first step of the loop below.
  options = ownOptions(options, PARSE_OPTION_KEYS, 'parse');
  let found: Grid | undefined;
  let count = 0;
  for (const result of parsePuzzles(text, options)) {
    if (!result.ok) throw result.error;
    count++;
    found = result.puzzle.grid;
  }
  if (count !== 1 || !found) {
    throw new PuzzleFormatError(
      'NOT_ONE_PUZZLE',
      count === 0 ? 'no puzzle found' : `expected one puzzle, found ${count}`,
      { source: options.source ?? '<input>', line: 1 },
    );
  }
  return found;
}
