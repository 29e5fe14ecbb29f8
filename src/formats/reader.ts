import { PuzzleFormatError, type SourceLocation } from '../core/errors.js';
import { checkText, MAX_LINE_LENGTH, PuzzleReader, readLinesWith, type ParseOptions, type PuzzleRecord } from '../core/parse.js';
import { classicRules, isClassic9 } from '../rules/constructors.js';
import type { Rules } from '../rules/types.js';
import { fpuzzlesLinkData, fromFpuzzles, fromFpuzzlesBase64, MAX_FPUZZLES_TEXT, MAX_JSON_DEPTH, tooDeep } from './fpuzzles.js';
import { hasVariantTag, parseLayoutLine, parseVariantLine } from './line.js';
import { fromSoloId, isSoloId } from './solo.js';
import { brief, type ReadVariant } from './common.js';

/** Which format a variant record was read from. */
export type VariantFormat = 'line' | 'jigsaw-layout' | 'fpuzzles' | 'fpuzzles-base64' | 'solo';

/** A puzzle under any rules read from text, with where it came from (the variant twin of PuzzleRecord). */
export interface VariantRecord {
  rules: Rules;
  /** One given per cell of the rules (0 empty). */
  givens: Uint8Array;
  label: string | undefined;
  source: string;
  line: number;
  format: VariantFormat;
}

/** A classic record (81 cells) or a variant one (`'rules' in puzzle`). */
export type AnyRecord = PuzzleRecord | VariantRecord;

/** One record of a mixed stream: a puzzle of any kind, or the reason it could not be read. */
export type AnyReadResult = { ok: true; puzzle: AnyRecord } | { ok: false; error: PuzzleFormatError };

/** Whether a record carries its own rules (a variant) rather than a classic grid. */
export function isVariantRecord(record: AnyRecord): record is VariantRecord {
  return typeof record === 'object' && record !== null && 'rules' in record;
}

const NONE: readonly AnyReadResult[] = Object.freeze([]);
/** A JSON object spread over lines is read up to this many characters. */
const MAX_JSON = MAX_FPUZZLES_TEXT;
const BASE64 = /^[A-Za-z0-9+/]+=*$/;

/**
 * Reads records of every format from lines, one call per line, as {@link PuzzleReader} does:
 * classic lines and printed grids (through the classic reader itself: same speed, same errors),
 * variant lines (`killer:...`, `6x6:...`, a jigsaw as `GIVENS LAYOUT`), f-puzzles JSON (one object
 * per line, or one object over several lines), its lz-string base64 (or an f-puzzles link), and
 * Simon Tatham's Solo game IDs, mixed in any order. A line goes to the classic reader unless its
 * first character is a letter, '{', or a digit followed by a size's `x` or a jigsaw's `j`, or it
 * has a second word as long as its first (a jigsaw layout).
 */
export class AnyPuzzleReader {
  private readonly classic: PuzzleReader;
  private readonly source: string;
  private json: string[] | null = null;
  private jsonDepth = 0;
  /** The deepest nesting seen in the current object: past MAX_JSON_DEPTH its lines are no longer kept. */
  private jsonDeepest = 0;
  private jsonLength = 0;
  private jsonStart = 0;
  /** The last line fed to the current object: an object never closed swallows the records after it, and says which. */
  private jsonLast = 0;
  private jsonInString = false;
  private jsonEscape = false;

  constructor(options: ParseOptions = {}) {
    this.classic = new PuzzleReader(options);
    this.source = options.source ?? '<input>';
  }

  /** Feeds one line (without its line break); returns the records it finished (usually one or none). */
  push(rawLine: string, lineNumber: number): readonly AnyReadResult[] {
    // A byte order mark (a file saved by Notepad) is not part of the record, as the classic reader's trim() knows.
    if (rawLine.charCodeAt(0) === 0xfeff) rawLine = rawLine.slice(1);
    if (this.json !== null) {
      this.jsonLast = lineNumber;
      return this.continueJson(rawLine, lineNumber);
    }
    let start = 0;
    while (start < rawLine.length && (rawLine.charCodeAt(start) === 32 || rawLine.charCodeAt(start) === 9)) start++;
    const first = rawLine.charCodeAt(start);
    // A line longer than any record (a 10 MB line; from a stream, cut by splitLines): the classic
    // reader says so, where the variant readers would count the cut line's cells. (A JSON object
    // may be longer, up to MAX_JSON: continueJson.)
    if (rawLine.length > MAX_LINE_LENGTH && first !== 123) return this.classic.push(rawLine, lineNumber);
    const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
    const digit = first >= 48 && first <= 57;
    if (first === 123 /* { */ || letter || (digit && sizedTag(rawLine, start)) || (!letter && jigsawCandidate(rawLine, start))) {
      const where = { source: this.source, line: lineNumber };
      const pending = this.classic.end(); // a printed grid cut short by this line
      const head: AnyReadResult[] = pending ? [pending] : [];
      if (first === 123) {
        this.json = [];
        this.jsonStart = lineNumber;
        this.jsonLast = lineNumber;
        this.jsonDepth = 0;
        this.jsonDeepest = 0;
        this.jsonLength = 0;
        this.jsonInString = false;
        this.jsonEscape = false;
        return [...head, ...this.continueJson(rawLine, lineNumber)];
      }
      const read = this.readVariant(rawLine.trim(), where);
      if (read !== null) return [...head, read];
      if (head.length > 0) return [...head, ...this.classic.push(rawLine, lineNumber)];
    }
    return this.classic.push(rawLine, lineNumber);
  }

  /** Call at the end of input: reports a grid or a JSON object that stopped short. */
  end(): AnyReadResult | null {
    if (this.json !== null) {
      const where = { source: this.source, line: this.jsonStart };
      this.json = null;
      const swallowed = this.jsonLast > this.jsonStart ? `: lines ${this.jsonStart}-${this.jsonLast} were read as part of it` : '';
      return { ok: false, error: new PuzzleFormatError('BAD_FPUZZLES', `the JSON object is not closed before the end of the input${swallowed}`, where) };
    }
    return this.classic.end();
  }

  /** A variant record of a line, an error, or null when the line is none of the variant forms (the classic reader says why). */
  private readVariant(text: string, where: SourceLocation): AnyReadResult | null {
    const record = (read: ReadVariant, format: VariantFormat): AnyReadResult => ({
      ok: true,
      puzzle: { rules: read.rules, givens: read.givens, label: read.label, source: where.source, line: where.line, format },
    });
    try {
      const word = text.split(/\s/, 1)[0]!;
      if (isSoloId(word)) {
        const read = fromSoloId(word, where);
        const label = text.slice(word.length).trim();
        return record(label === '' ? read : { ...read, label }, 'solo');
      }
      if (/^https?:\/\//i.test(word)) {
        const data = fpuzzlesLinkData(word, where);
        if (data === null) throw new PuzzleFormatError('BAD_FPUZZLES', 'a link with no f-puzzles data (expected ?load=... or fpuzzles...)', where);
        return record(fromFpuzzlesBase64(data, where), 'fpuzzles-base64');
      }
      if (hasVariantTag(text)) return record(parseVariantLine(text, where), 'line');
      if (word.length >= 16 && BASE64.test(word) && /[A-Za-z+/]/.test(word)) return record(fromFpuzzlesBase64(word, where), 'fpuzzles-base64');
      const jigsaw = parseLayoutLine(text, where);
      if (jigsaw !== null) return record(jigsaw, 'jigsaw-layout');
      return null;
    } catch (error) {
      if (error instanceof PuzzleFormatError) return { ok: false, error };
      throw error;
    }
  }

  private continueJson(rawLine: string, lineNumber: number): readonly AnyReadResult[] {
    const json = this.json!;
    this.jsonLength += rawLine.length + 1;
    for (let i = 0; i < rawLine.length; i++) {
      const ch = rawLine.charCodeAt(i);
      if (this.jsonInString) {
        if (this.jsonEscape) this.jsonEscape = false;
        else if (ch === 92) this.jsonEscape = true;
        else if (ch === 34) this.jsonInString = false;
      } else if (ch === 34) this.jsonInString = true;
      else if (ch === 123 || ch === 91) {
        if (++this.jsonDepth > this.jsonDeepest) this.jsonDeepest = this.jsonDepth;
      } else if (ch === 125 || ch === 93) this.jsonDepth--;
    }
    // Lines of an object nested too deeply for f-puzzles are counted, not kept (nor parsed).
    if (this.jsonDeepest <= MAX_JSON_DEPTH) json.push(rawLine);
    const where = { source: this.source, line: this.jsonStart };
    if (this.jsonDepth > 0 && rawLine.length > MAX_LINE_LENGTH) {
      // From a stream, a line this long was cut (splitLines) and never closes what it opened: the
      // object has lost its middle (a text's whole line of JSON that closes is read).
      this.json = null;
      return [{ ok: false, error: new PuzzleFormatError('LINE_TOO_LONG', lineTooLong(lineNumber), { source: this.source, line: lineNumber }) }];
    }
    if (this.jsonDepth > 0 && this.jsonLength < MAX_JSON) return NONE;
    this.json = null;
    if (this.jsonDepth > 0) {
      const reason = `a JSON object longer than ${MAX_JSON} characters (lines ${this.jsonStart}-${this.jsonLast}: not closed?)`;
      return [{ ok: false, error: new PuzzleFormatError('BAD_FPUZZLES', reason, where) }];
    }
    if (this.jsonDeepest > MAX_JSON_DEPTH) return [{ ok: false, error: tooDeep(where) }];
    let data: unknown;
    try {
      data = JSON.parse(json.join('\n'));
    } catch (error) {
      return [{ ok: false, error: new PuzzleFormatError('BAD_FPUZZLES', `not valid JSON: ${brief((error as Error).message, 120)}`, where) }];
    }
    try {
      const own = ownJsonLine(data, where);
      if (own === SKIP) return NONE;
      if (own !== null) {
        // A classic puzzle stays a classic record (repair, check --explain and book --puzzles take those).
        const { source, line } = where;
        const puzzle: AnyRecord = isClassic9(own.rules) ? { grid: own.givens, label: own.label, source, line } : { ...own, source, line, format: 'line' };
        return [{ ok: true, puzzle }];
      }
      const read = fromFpuzzles(data, where);
      return [{ ok: true, puzzle: { rules: read.rules, givens: read.givens, label: read.label, source: where.source, line: where.line, format: 'fpuzzles' } }];
    } catch (error) {
      if (error instanceof PuzzleFormatError) return [{ ok: false, error }];
      throw error;
    }
  }
}

function lineTooLong(line: number): string {
  return `line ${line} is longer than ${MAX_LINE_LENGTH.toLocaleString('en-US')} characters`;
}

const SKIP = Symbol('skip');
/** The `type` of sudoku-press's own JSON lines (`--json` of every command). */
const OWN_JSON_TYPES = new Set(['puzzle', 'repair', 'summary', 'stats', 'error', 'template']);

/**
 * A line of sudoku-press's own `--json` output read back (`generate --json > f; check f`): a
 * puzzle from its "puzzle" field (a variant line or 81 cells) and its label; SKIP for the lines
 * that hold none (summary, stats...); null when the object is not one of those lines.
 */
function ownJsonLine(data: unknown, where: SourceLocation): ReadVariant | typeof SKIP | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || 'grid' in data) return null;
  const fields = data as Record<string, unknown>;
  const type = fields['type'];
  if (typeof type !== 'string' || !OWN_JSON_TYPES.has(type)) return null;
  if (type !== 'puzzle' && type !== 'repair') return SKIP;
  const puzzle = fields['puzzle'];
  if (typeof puzzle !== 'string') {
    throw new PuzzleFormatError('BAD_FPUZZLES', `a sudoku-press JSON line of type "${type}" with no "puzzle" (a record an earlier run could not read)`, where);
  }
  const read = parseVariantLine(puzzle, where);
  const label = fields['label'];
  return typeof label === 'string' && label !== '' ? { ...read, label } : read;
}

/**
 * One or two digits then `x` or `j` (a size tag `6x6:`, `16x16:` or a Solo ID `9j:`, `3x3k:`):
 * never a classic line. Two reads at most: classic lines of digits are not scanned.
 */
function sizedTag(line: string, start: number): boolean {
  let next = line.charCodeAt(start + 1);
  if (next >= 48 && next <= 57) next = line.charCodeAt(start + 2);
  return next === 120 || next === 106;
}

/**
 * A line of two words of the same square length N*N (16..256), the second as long as the first:
 * maybe a jigsaw `GIVENS LAYOUT`. Classic lines of 81 cells and a label take this test only when
 * the label is 81 characters long (a layout, or a solution: the layout test tells them apart).
 */
function jigsawCandidate(line: string, start: number): boolean {
  // Cheap first: a blank right after N*N characters for some N (13 reads; none on a plain 81-cell line).
  let blank = false;
  for (let n = 4; n <= 16 && !blank; n++) {
    const code = line.charCodeAt(start + n * n);
    blank = code === 32 || code === 9;
  }
  if (!blank) return false;
  let space = line.indexOf(' ', start);
  const tab = line.indexOf('\t', start);
  if (space < 0 || (tab >= 0 && tab < space)) space = tab;
  if (space < 0) return false;
  const n = space - start;
  const size = Math.round(Math.sqrt(n));
  if (size < 4 || size > 16 || size * size !== n) return false;
  let second = space;
  while (second < line.length && (line.charCodeAt(second) === 32 || line.charCodeAt(second) === 9)) second++;
  let end = second;
  while (end < line.length && line.charCodeAt(end) > 32) end++;
  return end - second === n;
}

/** Every record of a text of any formats, in order (valid puzzles and errors). */
export function* readAnyPuzzlesText(text: string, options: ParseOptions = {}): Generator<AnyReadResult> {
  const reader = new AnyPuzzleReader(options);
  checkText(text, options);
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) yield* reader.push(lines[i]!, i + 1);
  const last = reader.end();
  if (last) yield last;
}

/** Records of any formats from a stream of lines (e.g. `readline`), in constant memory. */
export function readAnyPuzzles(lines: AsyncIterable<string>, options: ParseOptions = {}): AsyncGenerator<AnyReadResult> {
  return readLinesWith(new AnyPuzzleReader(options), lines);
}

/**
 * Reads exactly one puzzle of any format: a classic grid comes back as classic 9x9 rules.
 * @throws PuzzleFormatError when the text is not one valid puzzle.
 */
export function parseVariantPuzzle(text: string, options: ParseOptions = {}): ReadVariant & { format: VariantFormat | 'classic' } {
  let found: AnyRecord | undefined;
  let count = 0;
  for (const result of readAnyPuzzlesText(text, options)) {
    if (!result.ok) throw result.error;
    count++;
    found = result.puzzle;
  }
  if (count !== 1 || found === undefined) {
    throw new PuzzleFormatError('NOT_ONE_PUZZLE', count === 0 ? 'no puzzle found' : `expected one puzzle, found ${count}`, {
      source: options.source ?? '<input>',
      line: 1,
    });
  }
  if (isVariantRecord(found)) return { rules: found.rules, givens: found.givens, label: found.label, format: found.format };
  return { rules: classic9(), givens: found.grid, label: found.label, format: 'classic' };
}

let classicRulesValue: Rules | undefined;
function classic9(): Rules {
  classicRulesValue ??= classicRules(9);
  return classicRulesValue;
}
