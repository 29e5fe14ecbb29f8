import { BOX_OF, COL_OF, POPCOUNT, ROW_OF, UNIT_CELLS } from '../../core/tables.js';
/** The 20 peers of each cell in SE's order: box (row-major), then row, then column. */
const WEAK_PEERS = new Uint8Array(81 * 20);
for (let cell = 0; cell < 81; cell++) {
    let n = 0;
    const box = BOX_OF[cell];
    for (let i = 0; i < 9; i++) {
        const other = UNIT_CELLS[(18 + box) * 9 + i];
        if (other !== cell)
            WEAK_PEERS[cell * 20 + n++] = other;
    }
    for (let i = 0; i < 9; i++) {
        const other = UNIT_CELLS[ROW_OF[cell] * 9 + i];
        if (BOX_OF[other] !== box)
            WEAK_PEERS[cell * 20 + n++] = other;
    }
    for (let i = 0; i < 9; i++) {
        const other = UNIT_CELLS[(9 + COL_OF[cell]) * 9 + i];
        if (BOX_OF[other] !== box)
            WEAK_PEERS[cell * 20 + n++] = other;
    }
}
/** Units of a cell in SE's region order: box, row, column. */
export function seUnitsOf(cell) {
    return [18 + BOX_OF[cell], ROW_OF[cell], 9 + COL_OF[cell]];
}
const GRAPH = {
    candidates: new Uint16Array(81),
    weakStart: new Int32Array(730),
    weak: new Int16Array(729 * 20),
    bivalue: new Int16Array(729),
    conjugate: new Int16Array(729 * 3),
    conjugateUnit: new Uint8Array(729 * 3),
};
/** Per unit and digit: how many cells hold it, and the sum of those cells (the pair's partner). */
const UNIT_COUNT = new Uint8Array(27 * 9);
const UNIT_SUM = new Int16Array(27 * 9);
/**
 * Builds the implication graph of a board into the shared buffers and returns them. The result is
 * valid until the next call (the chain search uses it at once and keeps nothing).
 */
export function buildChainGraph(board) {
    const g = GRAPH;
    const cand = g.candidates;
    for (let cell = 0; cell < 81; cell++)
        cand[cell] = board.values[cell] === 0 ? board.candidates[cell] : 0;
    UNIT_COUNT.fill(0);
    UNIT_SUM.fill(0);
    for (let unit = 0; unit < 27; unit++) {
        for (let i = 0; i < 9; i++) {
            const cell = UNIT_CELLS[unit * 9 + i];
            let mask = cand[cell];
            while (mask !== 0) {
                const bit = mask & -mask;
                mask ^= bit;
                const d = 31 - Math.clz32(bit);
                UNIT_COUNT[unit * 9 + d]++;
                UNIT_SUM[unit * 9 + d] += cell;
            }
        }
    }
    let w = 0;
    for (let cell = 0; cell < 81; cell++) {
        const mask = cand[cell];
        const units = seUnitsOf(cell);
        for (let d = 0; d < 9; d++) {
            const node = cell * 9 + d;
            g.weakStart[node] = w;
            g.bivalue[node] = -1;
            g.conjugate[node * 3] = -1;
            g.conjugate[node * 3 + 1] = -1;
            g.conjugate[node * 3 + 2] = -1;
            const bit = 1 << d;
            if ((mask & bit) === 0)
                continue;
            for (let i = 0; i < 20; i++) {
                const peer = WEAK_PEERS[cell * 20 + i];
                if (cand[peer] & bit)
                    g.weak[w++] = peer * 9 + d;
            }
            if (POPCOUNT[mask] === 2)
                g.bivalue[node] = cell * 9 + (31 - Math.clz32(mask & ~bit));
            let k = 0;
            for (const unit of units) {
                if (UNIT_COUNT[unit * 9 + d] !== 2)
                    continue;
                const other = UNIT_SUM[unit * 9 + d] - cell;
                const otherNode = other * 9 + d;
                if (k > 0 && (g.conjugate[node * 3] === otherNode || g.conjugate[node * 3 + 1] === otherNode))
                    continue;
                g.conjugate[node * 3 + k] = otherNode;
                g.conjugateUnit[node * 3 + k] = unit;
                k++;
            }
        }
    }
    g.weakStart[729] = w;
    return g;
}
