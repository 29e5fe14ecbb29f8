import { CELL_UNITS, FIRST_DIGIT, PEERS, POPCOUNT, UNIT_CELLS, digitsOf, sees } from '../../core/tables.js';
import { BoardMemo, SE_UNIT_KINDS, UNIT_MASK_OF, eliminationList, makeStep } from './common.js';
export const UNIQUE_LOOP_IDS = [
    'unique-rectangle-1',
    'unique-rectangle-2',
    'unique-rectangle-3',
    'unique-rectangle-4',
    'unique-loop-1',
    'unique-loop-2',
    'unique-loop-3',
    'unique-loop-4',
];
/** Upper bound on search nodes per board; typical boards need a few hundred. */
export const LOOP_SEARCH_BUDGET = 100_000;
/** Loop length -> base difficulty in tenths: 4 -> 45, 6 -> 46, 8 -> 47, 10+ -> 50. */
export function loopBaseTenths(length) {
    if (length >= 10)
        return 50;
    if (length >= 8)
        return 47;
    if (length >= 6)
        return 46;
    return 45;
}
// Search state, module-level so the depth-first search allocates nothing per node.
const path = new Uint8Array(24);
const inPath = new Uint8Array(81);
let cand = new Uint16Array(81);
let start = 0;
let pairMask = 0;
let unitsEven = 0; // units holding a loop cell at an even position
let unitsOdd = 0;
let nodes = 0;
let found = [];
let foundKeys = new Set();
function recordLoop(length) {
    const cells = Array.from(path.subarray(0, length));
    const key = [...cells].sort((a, b) => a - b).join(',');
    if (foundKeys.has(key))
        return;
    foundKeys.add(key);
    found.push(cells);
}
/**
 * Extends the path whose last cell is path[length - 1]. Each loop is found from its lowest cell
 * holding exactly {a, b} (SE starts from every such cell and discards repeats).
 * Prune: a cell may not share a unit with an earlier cell of the same parity, since a valid loop
 * has each unit once at each parity; this also rules out odd loops.
 */
function extend(length, extraCount, extraUnion) {
    if (++nodes > LOOP_SEARCH_BUDGET)
        return;
    const cell = path[length - 1];
    const odd = length & 1; // parity of the position the next cell takes
    for (let i = 0; i < 20; i++) {
        const next = PEERS[cell * 20 + i];
        if (next === start) {
            if (length >= 4 && unitsEven === unitsOdd)
                recordLoop(length);
            continue;
        }
        if (inPath[next] !== 0)
            continue;
        const mask = cand[next];
        if ((mask & pairMask) !== pairMask)
            continue;
        if (mask === pairMask && next < start)
            continue;
        const units = UNIT_MASK_OF[next];
        if ((odd ? unitsOdd : unitsEven) & units)
            continue;
        let count = extraCount;
        let union = extraUnion;
        if (mask !== pairMask) {
            // SE: at most two cells with extra digits, or any number sharing one single extra digit.
            count++;
            union |= mask & ~pairMask;
            if (count > 2 && POPCOUNT[union] !== 1)
                continue;
        }
        path[length] = next;
        inPath[next] = 1;
        if (odd)
            unitsOdd |= units;
        else
            unitsEven |= units;
        extend(length + 1, count, union);
        if (odd)
            unitsOdd &= ~units;
        else
            unitsEven &= ~units;
        inPath[next] = 0;
        if (nodes > LOOP_SEARCH_BUDGET)
            return;
    }
}
/** Search effort of the last loop search: nodes visited (the search stops at LOOP_SEARCH_BUDGET). */
export const loopSearchStats = { nodes: 0 };
/** Every loop of the board (as cell lists in loop order), with its digit pair, in start-cell order. */
export function findLoops(board) {
    cand = board.candidates;
    nodes = 0;
    const out = [];
    for (let s = 0; s < 81; s++) {
        const mask = cand[s];
        if (POPCOUNT[mask] !== 2)
            continue;
        start = s;
        pairMask = mask;
        found = [];
        foundKeys = new Set();
        path[0] = s;
        inPath[s] = 1;
        unitsEven = UNIT_MASK_OF[s];
        unitsOdd = 0;
        extend(1, 0, 0);
        inPath[s] = 0;
        for (const cells of found)
            out.push({ cells, pair: mask });
        if (nodes > LOOP_SEARCH_BUDGET)
            break;
    }
    cand = new Uint16Array(0);
    loopSearchStats.nodes = nodes;
    return out;
}
/** Units (by number) the loop visits, ascending. */
function loopUnits(cells) {
    let mask = 0;
    for (const c of cells)
        mask |= UNIT_MASK_OF[c];
    const units = [];
    for (let u = 0; u < 27; u++)
        if (mask & (1 << u))
            units.push(u);
    return units;
}
/** Units shared by two cells, in SE order (box, column, row). */
function sharedUnits(a, b) {
    const out = [];
    for (const k of SE_UNIT_KINDS) {
        const u = CELL_UNITS[a * 3 + k];
        if (u === CELL_UNITS[b * 3 + k])
            out.push(u);
    }
    return out;
}
function keepEasier(best, tenths, make) {
    if (best !== null && best.tenths <= tenths)
        return best;
    return { tenths, step: make() };
}
function type1(board, loop, pair, rescue, tenths, id) {
    return makeStep(id, tenths, eliminationList([rescue], [pair]), {
        cells: [...loop],
        digits: digitsOf(pair),
        units: loopUnits(loop),
    });
}
function type2(board, loop, pair, extras, tenths, id) {
    const c = board.candidates;
    const digitBit = c[extras[0]] & ~pair;
    const cells = [];
    const masks = [];
    for (let cell = 0; cell < 81; cell++) {
        if ((c[cell] & digitBit) === 0 || extras.includes(cell))
            continue;
        if (extras.every((e) => sees(e, cell))) {
            cells.push(cell);
            masks.push(digitBit);
        }
    }
    if (cells.length === 0)
        return null;
    return makeStep(id, tenths, eliminationList(cells, masks), {
        cells: [...loop],
        digits: [...digitsOf(pair), FIRST_DIGIT[digitBit]],
        units: loopUnits(loop),
    });
}
function type4(board, loop, pair, c1, c2, tenths, id) {
    const c = board.candidates;
    const v1 = pair & -pair;
    const v2 = pair & ~v1;
    // SE keeps the last shared unit where a digit is locked, and prefers locking v1.
    let lockUnit1 = -1;
    let lockUnit2 = -1;
    for (const u of sharedUnits(c1, c2)) {
        let others = 0;
        for (let i = 0; i < 9; i++) {
            const cell = UNIT_CELLS[u * 9 + i];
            if (cell !== c1 && cell !== c2)
                others |= c[cell];
        }
        if ((others & v1) === 0)
            lockUnit1 = u;
        if ((others & v2) === 0)
            lockUnit2 = u;
    }
    const unit = lockUnit1 >= 0 ? lockUnit1 : lockUnit2;
    if (unit < 0)
        return null;
    const lock = lockUnit1 >= 0 ? v1 : v2;
    const removed = pair & ~lock;
    return makeStep(id, tenths, eliminationList([c1, c2], [removed, removed]), {
        cells: [...loop],
        digits: [FIRST_DIGIT[lock], FIRST_DIGIT[removed]],
        units: [unit],
    });
}
/**
 * Type 3: c1 and c2 act as one cell holding one of `extra`. Naked form: with degree-1 other cells
 * of a shared unit they hold exactly `degree` digits. Hidden form: `degree` digits, a and b among
 * them, fit only in c1/c2 and degree-1 other cells. Returns the easiest, or null.
 */
function type3(board, loop, pair, c1, c2, base, id) {
    const c = board.candidates;
    const extra = (c[c1] | c[c2]) & ~pair;
    const extraCount = POPCOUNT[extra];
    const both = extra & c[c1] & c[c2];
    let best = null;
    const positions = new Uint16Array(9);
    for (const u of sharedUnits(c1, c2)) {
        const base9 = u * 9;
        let p1 = 0;
        let p2 = 0;
        let empty = 0;
        positions.fill(0);
        for (let i = 0; i < 9; i++) {
            const cell = UNIT_CELLS[base9 + i];
            if (cell === c1)
                p1 = i;
            if (cell === c2)
                p2 = i;
            if (board.values[cell] === 0)
                empty++;
            let m = c[cell];
            while (m !== 0) {
                const low = m & -m;
                const d = FIRST_DIGIT[low] - 1;
                positions[d] = positions[d] | (1 << i);
                m ^= low;
            }
        }
        const loopPos = (1 << p1) | (1 << p2);
        // Naked sets: choose the other degree-1 cells as a mask over the unit's positions.
        for (let set = 1; set < 512; set++) {
            if (set & loopPos)
                continue;
            const degree = POPCOUNT[set] + 1;
            if (degree < extraCount || degree > 7 || degree * 2 > empty)
                continue;
            let union = 0;
            let ok = true;
            for (let i = 0; i < 9 && ok; i++) {
                if ((set & (1 << i)) === 0)
                    continue;
                const m = c[UNIT_CELLS[base9 + i]];
                if (POPCOUNT[m] < 2)
                    ok = false;
                union |= m;
            }
            if (!ok || POPCOUNT[extra | union] !== degree || POPCOUNT[both | union] !== degree)
                continue;
            const digits = extra | union;
            const tenths = base + (degree - 1);
            if (best !== null && best.tenths <= tenths)
                continue;
            const cells = [];
            const masks = [];
            for (let i = 0; i < 9; i++) {
                if ((set | loopPos) & (1 << i))
                    continue;
                const cell = UNIT_CELLS[base9 + i];
                if (c[cell] & digits) {
                    cells.push(cell);
                    masks.push(c[cell] & digits);
                }
            }
            if (cells.length === 0)
                continue;
            const setCells = [];
            for (let i = 0; i < 9; i++)
                if (set & (1 << i))
                    setCells.push(UNIT_CELLS[base9 + i]);
            best = keepEasier(best, tenths, () => makeStep(id, tenths, eliminationList(cells, masks), {
                cells: [...loop, ...setCells],
                digits: [...digitsOf(pair), ...digitsOf(digits & ~pair)],
                units: [u],
            }));
        }
        // Hidden sets: a, b and degree-2 digits that are neither a, b nor extra.
        const rest = 0x1ff & ~pair & ~extra;
        for (let sub = rest;; sub = (sub - 1) & rest) {
            const degree = POPCOUNT[sub] + 2;
            if (degree <= 7 && degree * 2 < empty) {
                const hidden = sub | pair;
                let union = 0;
                let ok = true;
                for (let d = 0; d < 9 && ok; d++) {
                    if ((hidden & (1 << d)) === 0)
                        continue;
                    const pos = positions[d] & ~(1 << p2);
                    if (pos === 0)
                        ok = false;
                    union |= pos;
                }
                if (ok && POPCOUNT[union] === degree) {
                    const tenths = base + (degree - 2);
                    const cells = [];
                    const masks = [];
                    const setCells = [];
                    for (let i = 0; i < 9; i++) {
                        if ((union & (1 << i)) === 0 || i === p1)
                            continue;
                        const cell = UNIT_CELLS[base9 + i];
                        setCells.push(cell);
                        if (c[cell] & ~hidden) {
                            cells.push(cell);
                            masks.push(c[cell] & ~hidden);
                        }
                    }
                    if (cells.length > 0) {
                        best = keepEasier(best, tenths, () => makeStep(id, tenths, eliminationList(cells, masks), {
                            cells: [...loop, ...setCells],
                            digits: [...digitsOf(pair), ...digitsOf(sub)],
                            units: [u],
                        }));
                    }
                }
            }
            if (sub === 0)
                break;
        }
    }
    return best === null ? null : best.step;
}
function better(current, candidate) {
    if (candidate === null)
        return current;
    if (current === null || candidate.difficulty < current.difficulty)
        return candidate;
    return current;
}
function computeLoops(board) {
    const results = [null, null, null, null, null, null, null, null];
    const c = board.candidates;
    for (const { cells: loop, pair } of findLoops(board)) {
        const extras = loop.filter((cell) => c[cell] !== pair);
        if (extras.length === 0)
            continue; // a deadly pattern already: not this technique's business
        const tenths = loopBaseTenths(loop.length);
        const slot = loop.length === 4 ? 0 : 4;
        const id = (type) => UNIQUE_LOOP_IDS[slot + type - 1];
        if (extras.length === 1) {
            results[slot] = better(results[slot], type1(board, loop, pair, extras[0], tenths, id(1)));
            continue;
        }
        let extraUnion = 0;
        for (const e of extras)
            extraUnion |= c[e] & ~pair;
        if (POPCOUNT[extraUnion] === 1) {
            results[slot + 1] = better(results[slot + 1], type2(board, loop, pair, extras, tenths, id(2)));
        }
        else if (extras.length === 2) {
            results[slot + 2] = better(results[slot + 2], type3(board, loop, pair, extras[0], extras[1], tenths, id(3)));
        }
        if (extras.length === 2) {
            results[slot + 3] = better(results[slot + 3], type4(board, loop, pair, extras[0], extras[1], tenths, id(4)));
        }
    }
    // Never seen on real states (at most ~1,000 nodes over top1465, se-rated-train and
    // forum_hardest_1106): a step found within a cut search is sound but may not be the easiest.
    if (loopSearchStats.nodes > LOOP_SEARCH_BUDGET) {
        for (const step of results)
            if (step !== null)
                step.truncated = true;
    }
    return results;
}
const memo = new BoardMemo();
/** The easiest unique rectangle (4 cells) or loop (6+ cells) of one type on this board, or null. */
export function findUniqueLoop(board, type, rectangle) {
    return memo.get(board, computeLoops)[(rectangle ? 0 : 4) + type - 1] ?? null;
}
/**
 * The easiest instance over all types and sizes, ties broken by type then size, which is the hint
 * Sudoku Explainer's unique-loop rule gives first (it sorts its hints by difficulty, then type).
 */
export function findEasiestUniqueLoop(board) {
    const results = memo.get(board, computeLoops);
    let best = null;
    for (let type = 0; type < 4; type++) {
        best = better(best, results[type] ?? null);
        best = better(best, results[4 + type] ?? null);
    }
    return best;
}
