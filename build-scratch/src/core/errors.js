/**
 * Bad puzzle input. `code` is stable for programs; `message` names the record and the problem,
 * e.g. `puzzles.txt:12: expected 81 cells, found 80`.
 */
export class PuzzleFormatError extends Error {
    name = 'PuzzleFormatError';
    code;
    source;
    line;
    column;
    /** The problem without the location prefix. */
    reason;
    constructor(code, reason, where, column) {
        const at = column === undefined ? `${where.source}:${where.line}` : `${where.source}:${where.line}:${column}`;
        super(`${at}: ${reason}`);
        this.code = code;
        this.reason = reason;
        this.source = where.source;
        this.line = where.line;
        this.column = column;
    }
}
