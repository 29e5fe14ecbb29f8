import { BOX_OF, COL_OF, POPCOUNT, ROW_OF } from '../core/tables.js';
import { shuffleInPlace } from './random.js';
/**
 * A random complete grid by backtracking: each cell tries its digits in its own seeded random
 * order, always filling the empty cell with the fewest digits left (so dead ends show up early and
 * the search rarely backs up more than a few cells).
 */
export function fillGrid(random) {
    const state = new FillState(random);
    if (!state.search(0))
        throw new Error('fillGrid: no complete grid found (cannot happen for an empty grid)');
    return state.grid;
}
class FillState {
    grid = new Uint8Array(81);
    /** Digits used per row, column and box, as 9-bit masks. */
    rows = new Uint16Array(9);
    cols = new Uint16Array(9);
    boxes = new Uint16Array(9);
    /** order[cell * 9 + k]: the k-th digit that cell tries. */
    order = new Uint8Array(81 * 9);
    constructor(random) {
        for (let cell = 0; cell < 81; cell++) {
            const digits = this.order.subarray(cell * 9, cell * 9 + 9);
            for (let k = 0; k < 9; k++)
                digits[k] = k + 1;
            shuffleInPlace(digits, random);
        }
    }
    search(filled) {
        if (filled === 81)
            return true;
        let best = -1;
        let bestCount = 10;
        for (let cell = 0; cell < 81; cell++) {
            if (this.grid[cell] !== 0)
                continue;
            const count = POPCOUNT[this.free(cell)];
            if (count < bestCount) {
                best = cell;
                bestCount = count;
                if (count <= 1)
                    break;
            }
        }
        if (bestCount === 0)
            return false;
        const free = this.free(best);
        const row = ROW_OF[best];
        const col = COL_OF[best];
        const box = BOX_OF[best];
        for (let k = 0; k < 9; k++) {
            const digit = this.order[best * 9 + k];
            const bit = 1 << (digit - 1);
            if ((free & bit) === 0)
                continue;
            this.grid[best] = digit;
            this.rows[row] = this.rows[row] | bit;
            this.cols[col] = this.cols[col] | bit;
            this.boxes[box] = this.boxes[box] | bit;
            if (this.search(filled + 1))
                return true;
            this.rows[row] = this.rows[row] & ~bit;
            this.cols[col] = this.cols[col] & ~bit;
            this.boxes[box] = this.boxes[box] & ~bit;
        }
        this.grid[best] = 0;
        return false;
    }
    free(cell) {
        return ~(this.rows[ROW_OF[cell]] | this.cols[COL_OF[cell]] | this.boxes[BOX_OF[cell]]) & 0x1ff;
    }
}
