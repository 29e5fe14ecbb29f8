import { PuzzleFormatError } from './errors.js';
import { describeConflict, findConflict } from './grid.js';
const EMPTY_MARKS = '.0_*-';
// 1..9 → digit, empty marks → 0, anything else → -1.
const CELL_VALUE = new Int8Array(128).fill(-1);
for (let d = 1; d <= 9; d++)
    CELL_VALUE[48 + d] = d;
for (const ch of EMPTY_MARKS)
    CELL_VALUE[ch.charCodeAt(0)] = 0;
const NONE = Object.freeze([]);
function cellValue(code) {
    return code < 128 ? CELL_VALUE[code] : -1;
}
function isGridDecoration(code) {
    // space, tab, '|', '+', and ':' sometimes used as box separators
    return code === 32 || code === 9 || code === 124 || code === 43 || code === 58;
}
/** A rule between boxes of a printed grid: only -, =, +, | and spaces, with `--`, `==` or `+` in it. */
function isSeparatorLine(text) {
    const first = text.charCodeAt(0);
    // '-', '=', '+', '|': anything else cannot start a rule line (cheap test before the regexes)
    if (first !== 45 && first !== 61 && first !== 43 && first !== 124)
        return false;
    return /^[\s\-=+|]+$/.test(text) && /--|==|\+/.test(text);
}
function describeChar(ch) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code === 127)
        return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    return `'${ch}'`;
}
/**
 * Reads puzzle records from lines, one call per line, so that files of any size stream.
 * Accepts 81-character lines (with an optional label after them) and 9-line printed grids.
 */
export class PuzzleReader {
    source;
    rejectConflicts;
    gridRows = [];
    gridRowCount = 0;
    gridStart = 0;
    constructor(options = {}) {
        this.source = options.source ?? '<input>';
        this.rejectConflicts = options.rejectConflicts ?? true;
    }
    /** Feeds one line (without its line break); returns the records it finished (usually none). */
    push(rawLine, lineNumber) {
        const interrupted = this.pushLine(rawLine, lineNumber);
        if (this.broken) {
            const broken = this.broken;
            this.broken = null;
            return interrupted ? [broken, interrupted] : [broken];
        }
        return interrupted ? [interrupted] : NONE;
    }
    broken = null;
    pushLine(rawLine, lineNumber) {
        const text = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
        const trimmed = text.trim();
        const where = { source: this.source, line: lineNumber };
        if (trimmed === '' || trimmed.startsWith('#')) {
            this.broken = this.interruptGrid();
            return null;
        }
        if (isSeparatorLine(trimmed))
            return null;
        // An 81-character record: the first token holds 81 cells, the rest of the line is a label.
        const lead = text.length - text.trimStart().length;
        let tokenLength = 0;
        while (tokenLength < trimmed.length && trimmed.charCodeAt(tokenLength) > 32)
            tokenLength++;
        if (tokenLength >= 81) {
            this.broken = this.interruptGrid();
            return this.readLineRecord(trimmed, lead, where);
        }
        // A row of a printed grid: 9 cells once decorations are removed.
        const row = [];
        for (let i = 0; i < text.length; i++) {
            const code = text.charCodeAt(i);
            if (isGridDecoration(code))
                continue;
            const value = cellValue(code);
            if (value < 0) {
                this.broken = this.interruptGrid();
                return this.fail('BAD_CHARACTER', `unexpected character ${describeChar(text[i])} at column ${i + 1}`, where, i + 1);
            }
            row.push(value);
        }
        if (row.length === 9) {
            if (this.gridRowCount === 0)
                this.gridStart = lineNumber;
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
        return this.fail('CELL_COUNT', `expected 81 cells (or a grid row of 9), found ${row.length}`, where);
    }
    /** Call at the end of input: reports a grid that stopped short of 9 rows. */
    end() {
        return this.interruptGrid();
    }
    interruptGrid() {
        if (this.gridRowCount === 0)
            return null;
        const rows = this.gridRowCount;
        this.gridRows = [];
        this.gridRowCount = 0;
        return this.fail('INCOMPLETE_GRID', `grid has ${rows} row${rows === 1 ? '' : 's'} (${rows * 9} cells), expected 9 rows of 9 cells`, { source: this.source, line: this.gridStart });
    }
    readLineRecord(trimmed, lead, where) {
        const grid = new Uint8Array(81);
        for (let i = 0; i < 81; i++) {
            const value = cellValue(trimmed.charCodeAt(i));
            if (value < 0) {
                const column = lead + i + 1;
                return this.fail('BAD_CHARACTER', `unexpected character ${describeChar(trimmed[i])} at column ${column}`, where, column);
            }
            grid[i] = value;
        }
        const rest = trimmed.slice(81);
        // An 82nd cell character right after the 81 means the record is too long, not labelled.
        if (rest.length > 0 && cellValue(rest.charCodeAt(0)) >= 0) {
            let cells = 81;
            while (cells < trimmed.length && cellValue(trimmed.charCodeAt(cells)) >= 0)
                cells++;
            return this.fail('CELL_COUNT', `expected 81 cells, found ${cells}`, where);
        }
        const label = rest.replace(/^[\s,;:|]+/, '').trim();
        return this.finish(grid, label === '' ? undefined : label, where);
    }
    finish(grid, label, where) {
        if (this.rejectConflicts) {
            const conflict = findConflict(grid);
            if (conflict)
                return this.fail('CONFLICT', `givens conflict: ${describeConflict(conflict)}`, where);
        }
        return { ok: true, puzzle: { grid, label, source: where.source, line: where.line } };
    }
    fail(code, reason, where, column) {
        return { ok: false, error: new PuzzleFormatError(code, reason, where, column) };
    }
}
/** Every record of a text, in order (valid puzzles and errors). */
export function* parsePuzzles(text, options = {}) {
    const reader = new PuzzleReader(options);
    const lines = text.split('\n');
    if (lines.length > 0 && lines[lines.length - 1] === '')
        lines.pop();
    for (let i = 0; i < lines.length; i++) {
        yield* reader.push(lines[i], i + 1);
    }
    const last = reader.end();
    if (last)
        yield last;
}
/** Records from a stream of lines (e.g. `readline`), in constant memory. */
export async function* readPuzzles(lines, options = {}) {
    const reader = new PuzzleReader(options);
    let lineNumber = 0;
    for await (const line of lines) {
        lineNumber++;
        yield* reader.push(line, lineNumber);
    }
    const last = reader.end();
    if (last)
        yield last;
}
/**
 * Parses exactly one puzzle (81 characters, or a 9-line grid).
 * @throws PuzzleFormatError when the text is not one valid puzzle.
 */
export function parsePuzzle(text, options = {}) {
    let found;
    let count = 0;
    for (const result of parsePuzzles(text, options)) {
        if (!result.ok)
            throw result.error;
        count++;
        found = result.puzzle.grid;
    }
    if (count !== 1 || !found) {
        throw new PuzzleFormatError('NOT_ONE_PUZZLE', count === 0 ? 'no puzzle found' : `expected one puzzle, found ${count}`, { source: options.source ?? '<input>', line: 1 });
    }
    return found;
}
