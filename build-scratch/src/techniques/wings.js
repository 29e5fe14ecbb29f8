import { FIRST_DIGIT, PEERS, POPCOUNT, sees } from '../core/tables.js';
/**
 * XY-wing and XYZ-wing, after Sudoku Explainer's `XYWing`.
 *
 * XY-wing: a pivot {x,y} sees two bivalue pincers {x,z} and {y,z}; whichever value the pivot takes,
 * one pincer is z, so z goes from every cell that sees both pincers.
 * XYZ-wing: the pivot is {x,y,z} and the pincers {x,z}, {y,z}; z goes from cells that see all three.
 * Pivots are scanned row by row, pincers in peer order.
 */
function findWing(board, xyz, technique, difficulty) {
    const pivotSize = xyz ? 3 : 2;
    const cand = board.candidates;
    for (let pivot = 0; pivot < 81; pivot++) {
        const pv = cand[pivot];
        if (POPCOUNT[pv] !== pivotSize)
            continue;
        for (let i = 0; i < 20; i++) {
            const a = PEERS[pivot * 20 + i];
            const av = cand[a];
            if (POPCOUNT[av] !== 2 || POPCOUNT[pv & ~av] !== 1)
                continue;
            for (let k = 0; k < 20; k++) {
                const b = PEERS[pivot * 20 + k];
                const bv = cand[b];
                if (POPCOUNT[bv] !== 2)
                    continue;
                const union = pv | av | bv;
                const inter = pv & av & bv;
                if (POPCOUNT[union] !== 3 || POPCOUNT[inter] !== (xyz ? 1 : 0))
                    continue;
                const zBit = av & bv;
                if (POPCOUNT[zBit] !== 1)
                    continue;
                const z = FIRST_DIGIT[zBit];
                const eliminations = [];
                for (let cell = 0; cell < 81; cell++) {
                    if (cell === pivot || cell === a || cell === b || (cand[cell] & zBit) === 0)
                        continue;
                    if (!sees(cell, a) || !sees(cell, b))
                        continue;
                    if (xyz && !sees(cell, pivot))
                        continue;
                    eliminations.push({ cell, digit: z });
                }
                if (eliminations.length === 0)
                    continue;
                return {
                    technique,
                    difficulty,
                    placements: [],
                    eliminations,
                    pattern: { cells: [pivot, a, b], digits: [z], units: [] },
                };
            }
        }
    }
    return null;
}
export const XY_WING = {
    id: 'xy-wing',
    name: 'XY-wing',
    family: 'wings',
    difficulty: 4.2,
    maxDifficulty: 4.2,
    uniqueness: false,
    find: (board) => findWing(board, false, 'xy-wing', 4.2),
};
export const XYZ_WING = {
    id: 'xyz-wing',
    name: 'XYZ-wing',
    family: 'wings',
    difficulty: 4.4,
    maxDifficulty: 4.4,
    uniqueness: false,
    find: (board) => findWing(board, true, 'xyz-wing', 4.4),
};
/** Wings, in ladder order. */
export const WING_TECHNIQUES = [XY_WING, XYZ_WING];
