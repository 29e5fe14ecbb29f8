import { ROW_OF, COL_OF, BOX_OF } from '../../core/tables.js';
/**
 * Sudoku Explainer's order of unit types (boxes, then columns, then rows), as indexes into
 * CELL_UNITS[cell * 3 + k]: k = 2 box, 1 column, 0 row. Used where SE's choice among several shared
 * units shows in the step (which unit a type 3 or 4 names).
 */
export const SE_UNIT_KINDS = [2, 1, 0];
/** The 27-bit mask of a cell's three units (bit u for unit u). */
export const UNIT_MASK_OF = (() => {
    const out = new Int32Array(81);
    for (let cell = 0; cell < 81; cell++) {
        out[cell] = (1 << ROW_OF[cell]) | (1 << (9 + COL_OF[cell])) | (1 << (18 + BOX_OF[cell]));
    }
    return out;
})();
/**
 * Eliminations from parallel lists of cells and 9-bit digit masks, sorted by cell then digit.
 * Cells with an empty mask are skipped.
 */
export function eliminationList(cells, masks) {
    const order = cells.map((_, i) => i).sort((a, b) => cells[a] - cells[b]);
    const out = [];
    for (const i of order) {
        const mask = masks[i];
        for (let d = 1; d <= 9; d++)
            if (mask & (1 << (d - 1)))
                out.push({ cell: cells[i], digit: d });
    }
    return out;
}
/** A step record; `tenths` is the difficulty times ten, kept integral to avoid 4.6000000001. */
export function makeStep(technique, tenths, eliminations, pattern) {
    return { technique, difficulty: tenths / 10, placements: [], eliminations, pattern };
}
/**
 * A one-entry memo keyed on the whole board. Several ladder entries (one per type) share one
 * search of the same board, as Sudoku Explainer does; the memo never changes what is returned.
 */
export class BoardMemo {
    values = new Uint8Array(81);
    candidates = new Uint16Array(81);
    result = null;
    get(board, compute) {
        if (this.result !== null && this.matches(board))
            return this.result;
        const result = compute(board);
        this.values.set(board.values);
        this.candidates.set(board.candidates);
        this.result = result;
        return result;
    }
    matches(board) {
        const v = board.values;
        const c = board.candidates;
        for (let i = 0; i < 81; i++) {
            if (v[i] !== this.values[i] || c[i] !== this.candidates[i])
                return false;
        }
        return true;
    }
}
