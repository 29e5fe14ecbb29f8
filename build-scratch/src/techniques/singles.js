import { BOX_OF, COL_OF, FIRST_DIGIT, POPCOUNT, ROW_OF, UNIT_CELLS } from '../core/tables.js';
/**
 * The order in which Sudoku Explainer visits units: boxes, then columns, then rows.
 * Every unit-based technique of the basic families scans in this order, so that when several
 * instances of equal difficulty exist we take the same one SE takes.
 */
export const SE_UNIT_ORDER = Uint8Array.from([
    18, 19, 20, 21, 22, 23, 24, 25, 26, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 1, 2, 3, 4, 5, 6, 7, 8,
]);
/**
 * Where each digit can go in a unit: `out[(d - 1)]` becomes the 9-bit mask of the indexes i
 * (0..8, as in UNIT_CELLS) of the unit's cells that still have d as a candidate.
 */
export function unitPositions(board, unit, out) {
    for (let d = 0; d < 9; d++)
        out[d] = 0;
    const base = unit * 9;
    for (let i = 0; i < 9; i++) {
        let mask = board.candidates[UNIT_CELLS[base + i]];
        while (mask !== 0) {
            const low = mask & -mask;
            const d = FIRST_DIGIT[low] - 1;
            out[d] = out[d] | (1 << i);
            mask ^= low;
        }
    }
}
/** Number of empty cells of a unit. */
export function unitEmptyCount(board, unit) {
    let n = 0;
    const base = unit * 9;
    for (let i = 0; i < 9; i++)
        if (board.values[UNIT_CELLS[base + i]] === 0)
            n++;
    return n;
}
function placement(technique, difficulty, cell, digit, unit) {
    return {
        technique,
        difficulty,
        placements: [{ cell, digit }],
        eliminations: [],
        pattern: { cells: [cell], digits: [digit], units: unit < 0 ? [] : [unit] },
    };
}
/**
 * Scans units in SE order for a digit with one place left. `alone` selects units with exactly one
 * empty cell (full house) or with more than one (hidden single); `kinds` limits the unit types:
 * 1 boxes, 2 lines, 3 both.
 *
 * Bit trick: over the unit's cells, `once` collects digits seen at least once and `twice` those seen
 * at least twice, so `once & ~twice` are the digits with exactly one place.
 */
function findSingleInUnits(board, alone, kinds, technique, difficulty) {
    for (let k = 0; k < 27; k++) {
        const unit = SE_UNIT_ORDER[k];
        const isBox = unit >= 18;
        if (isBox ? (kinds & 1) === 0 : (kinds & 2) === 0)
            continue;
        const base = unit * 9;
        let once = 0;
        let twice = 0;
        let empty = 0;
        for (let i = 0; i < 9; i++) {
            const cell = UNIT_CELLS[base + i];
            if (board.values[cell] !== 0)
                continue;
            empty++;
            const mask = board.candidates[cell];
            twice |= once & mask;
            once |= mask;
        }
        if (empty === 0 || (empty === 1) !== alone)
            continue;
        const single = once & ~twice;
        if (single === 0)
            continue;
        const digit = FIRST_DIGIT[single];
        const bit = 1 << (digit - 1);
        for (let i = 0; i < 9; i++) {
            const cell = UNIT_CELLS[base + i];
            if (board.candidates[cell] & bit)
                return placement(technique, difficulty, cell, digit, unit);
        }
    }
    return null;
}
const EMPTY_IN_UNIT = new Uint8Array(27);
const LAST_EMPTY = new Uint8Array(27);
/**
 * The last empty cell of a box, column or row (SE: a hidden single that is alone, 1.0). One pass
 * counts the empty cells of every unit; the first unit (SE order) with one left gives the step.
 */
export function findFullHouse(board) {
    EMPTY_IN_UNIT.fill(0);
    for (let cell = 0; cell < 81; cell++) {
        if (board.values[cell] !== 0)
            continue;
        const row = ROW_OF[cell];
        const col = 9 + COL_OF[cell];
        const box = 18 + BOX_OF[cell];
        EMPTY_IN_UNIT[row] = EMPTY_IN_UNIT[row] + 1;
        EMPTY_IN_UNIT[col] = EMPTY_IN_UNIT[col] + 1;
        EMPTY_IN_UNIT[box] = EMPTY_IN_UNIT[box] + 1;
        LAST_EMPTY[row] = cell;
        LAST_EMPTY[col] = cell;
        LAST_EMPTY[box] = cell;
    }
    for (let k = 0; k < 27; k++) {
        const unit = SE_UNIT_ORDER[k];
        if (EMPTY_IN_UNIT[unit] !== 1)
            continue;
        const cell = LAST_EMPTY[unit];
        // Every other digit is placed in the unit, so the cell's only possible candidate is the missing one.
        const mask = board.candidates[cell];
        if (mask !== 0)
            return placement('full-house', 1.0, cell, FIRST_DIGIT[mask], unit);
    }
    return null;
}
/** A digit with one place left in a box (1.2). */
export function findHiddenSingleBox(board) {
    return findSingleInUnits(board, false, 1, 'hidden-single-box', 1.2);
}
/** A digit with one place left in a column or row, columns first as in SE (1.5). */
export function findHiddenSingleLine(board) {
    return findSingleInUnits(board, false, 2, 'hidden-single-line', 1.5);
}
/** The first cell (row by row) with one candidate left (2.3). */
export function findNakedSingle(board) {
    for (let cell = 0; cell < 81; cell++) {
        const mask = board.candidates[cell];
        if (mask !== 0 && POPCOUNT[mask] === 1)
            return placement('naked-single', 2.3, cell, FIRST_DIGIT[mask], -1);
    }
    return null;
}
export const FULL_HOUSE = {
    id: 'full-house',
    name: 'Full house',
    family: 'singles',
    difficulty: 1.0,
    maxDifficulty: 1.0,
    uniqueness: false,
    find: findFullHouse,
};
export const HIDDEN_SINGLE_BOX = {
    id: 'hidden-single-box',
    name: 'Hidden single (box)',
    family: 'singles',
    difficulty: 1.2,
    maxDifficulty: 1.2,
    uniqueness: false,
    find: findHiddenSingleBox,
};
export const HIDDEN_SINGLE_LINE = {
    id: 'hidden-single-line',
    name: 'Hidden single (row or column)',
    family: 'singles',
    difficulty: 1.5,
    maxDifficulty: 1.5,
    uniqueness: false,
    find: findHiddenSingleLine,
};
export const NAKED_SINGLE = {
    id: 'naked-single',
    name: 'Naked single',
    family: 'singles',
    difficulty: 2.3,
    maxDifficulty: 2.3,
    uniqueness: false,
    find: findNakedSingle,
};
/** The singles, in ladder order. */
export const SINGLES_TECHNIQUES = [FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE];
