import { PEERS, POPCOUNT } from '../../core/tables.js';
import { buildChainGraph, seUnitsOf } from './graph.js';
import { roundDifficulty, seChainDifficulty } from './length.js';
import { staticContradictions } from '../forcing/contradictions.js';
import { unitPositions } from '../forcing/engine.js';
/**
 * Bidirectional cycles and forcing chains, as Sudoku Explainer's "Forcing Chains & Cycles" rule
 * finds and rates them.
 *
 * SE searches three link modes, each a breadth-first search from every candidate of every cell
 * with two or more candidates:
 *
 *   mode  "on -> off" (weak)        "off -> on" (strong)       cycles          forcing chains
 *   X     same digit in a unit      conjugate pair in a unit   6.5 X-cycle     6.6 X-chain
 *   Y     + other digits of cell    bivalue cell only          6.5 Y-cycle     (none: SE runs none)
 *   XY    + other digits of cell    bivalue cell or conjugate  7.0 cycle       7.0 XY-chain
 *
 * (Y-mode sources are bivalue cells only.) A rating is the base plus the length increment of
 * `length.ts`, where the length is the number of nodes. SE keeps the hint with the lowest
 * difficulty (its floating-point value), then the shortest, then the first found in the order
 * X, Y, XY mode, cell, digit, cycles before chains, "on" before "off" assumption. This module
 * does the same, but stops every search as soon as it can no longer beat the best hint so far.
 *
 * Cycles follow SE's `doCycles` exactly: "on" nodes are visited once, "off" nodes once per parent
 * (skipping the parent's own ancestors), and every return to the start after 4 or more nodes is a
 * cycle; it eliminates a digit from every cell outside the cycle that sees a node with that digit
 * assumed on and one assumed off. A cycle that eliminates nothing is passed over.
 * Forcing chains follow `doForcingChains`: from "X on", the shortest path to "X off" (X is
 * eliminated); from "X off", to "X on" (X is placed).
 */
/** Kinds of chain step, as bits for the `kinds` filter. */
export const CHAIN_KIND = {
    xCycle: 1,
    yCycle: 2,
    forcingXChain: 4,
    xyCycle: 8,
    forcingXyChain: 16,
};
export const ALL_CHAIN_KINDS = 31;
/** Technique id of each kind bit. */
export const CHAIN_KIND_IDS = {
    1: 'x-cycle',
    2: 'y-cycle',
    4: 'forcing-x-chain',
    8: 'xy-cycle',
    16: 'forcing-xy-chain',
};
const MODE_X = 0;
const MODE_Y = 1;
const MODE_XY = 2;
const CYCLE_KIND = [CHAIN_KIND.xCycle, CHAIN_KIND.yCycle, CHAIN_KIND.xyCycle];
const FORCING_KIND = [CHAIN_KIND.forcingXChain, 0, CHAIN_KIND.forcingXyChain];
const CYCLE_BASE = [6.5, 6.5, 7.0];
const FORCING_BASE = [6.6, 0, 7.0];
/** Positions of each digit in each unit, for the static contradictions. */
const positions = new Uint16Array(27 * 9);
/** Longer chains than this cannot exist (two nodes per candidate). */
const MAX_LENGTH = 729 * 2;
// Search buffers, shared by every call (a search runs to completion before the next starts).
const onSeen = new Int32Array(729);
const offSeen = new Int32Array(729);
const ancestor = new Int32Array(729);
let stamp = 0;
let ancestorStamp = 0;
/** Cycle search: the "off" node and the "on" node that led to each "on" node. */
const viaOff = new Int16Array(729);
const viaOn = new Int16Array(729);
/** Forcing search: the parent of each "on" node (an "off" node) and of each "off" node. */
const onParent = new Int16Array(729);
const offParent = new Int16Array(729);
const onQueue = new Int16Array(729);
/** Pending "off" nodes with their parents; a cycle search may hold one per (parent, child). */
const offQueue = new Int16Array(729 * 28);
const offQueueParent = new Int16Array(729 * 28);
/** Elimination marks of a cycle. */
const cellMark = new Int32Array(81);
const forwardMark = new Int32Array(729);
const resultMark = new Int32Array(729);
let markStamp = 0;
function nextStamp() {
    if (stamp >= 0x7ffffff0) {
        onSeen.fill(0);
        offSeen.fill(0);
        stamp = 0;
    }
    return ++stamp;
}
function nextMarkStamp() {
    if (markStamp >= 0x7ffffff0) {
        cellMark.fill(0);
        forwardMark.fill(0);
        resultMark.fill(0);
        markStamp = 0;
    }
    return ++markStamp;
}
function nextAncestorStamp() {
    if (ancestorStamp >= 0x7ffffff0) {
        ancestor.fill(0);
        ancestorStamp = 0;
    }
    return ++ancestorStamp;
}
/** Longest length (even) whose chains would still beat `best` at this base, or 0. */
function maxLength(base, best) {
    if (best === null)
        return MAX_LENGTH;
    let length = 4;
    for (;;) {
        const raw = seChainDifficulty(base, length);
        if (raw > best.raw || (raw === best.raw && length >= best.length))
            break;
        length += 2;
    }
    return length - 2 >= 4 ? length - 2 : 0;
}
function hasStrongLink(g, node, mode) {
    if (mode !== MODE_X && g.bivalue[node] >= 0)
        return true;
    return mode !== MODE_Y && g.conjugate[node * 3] >= 0;
}
/**
 * SE's doCycles from "start on", up to `maxLen` nodes. Returns the first cycle that eliminates
 * something (its end: the "on" node `x` and the "off" node `y` that implies the start), or null.
 */
function searchCycle(g, start, mode, maxLen, out) {
    const useCell = mode !== MODE_X;
    const useConjugate = mode !== MODE_Y;
    const cand = g.candidates;
    const s = nextStamp();
    onSeen[start] = s;
    viaOff[start] = -1;
    onQueue[0] = start;
    let onCount = 1;
    let offCount = 0;
    let length = 0;
    while (onCount > 0 || offCount > 0) {
        if (length + 2 > maxLen)
            return null;
        length++;
        for (let i = 0; i < onCount; i++) {
            const p = onQueue[i];
            const a = nextAncestorStamp();
            for (let q = p; viaOff[q] >= 0; q = viaOn[q])
                ancestor[viaOff[q]] = a;
            if (useCell) {
                const cell = (p / 9) | 0;
                const base = cell * 9;
                let mask = cand[cell] & ~(1 << (p - base));
                while (mask !== 0) {
                    const bit = mask & -mask;
                    mask ^= bit;
                    const q = base + 31 - Math.clz32(bit);
                    if (ancestor[q] !== a) {
                        offQueue[offCount] = q;
                        offQueueParent[offCount++] = p;
                    }
                }
            }
            const end = g.weakStart[p + 1];
            for (let k = g.weakStart[p]; k < end; k++) {
                const q = g.weak[k];
                if (ancestor[q] !== a) {
                    offQueue[offCount] = q;
                    offQueueParent[offCount++] = p;
                }
            }
        }
        onCount = 0;
        length++;
        for (let i = 0; i < offCount; i++) {
            const y = offQueue[i];
            const x = offQueueParent[i];
            for (let k = -1; k < 3; k++) {
                let z;
                if (k < 0) {
                    if (!useCell)
                        continue;
                    z = g.bivalue[y];
                }
                else {
                    if (!useConjugate)
                        break;
                    z = g.conjugate[y * 3 + k];
                }
                if (z < 0) {
                    if (k < 0)
                        continue;
                    break;
                }
                if (z === start) {
                    if (length >= 4) {
                        const found = cycleAt(g, start, x, y, length, out);
                        if (found !== null)
                            return found;
                    }
                }
                else if (onSeen[z] !== s) {
                    onSeen[z] = s;
                    viaOff[z] = y;
                    viaOn[z] = x;
                    onQueue[onCount++] = z;
                }
            }
        }
        offCount = 0;
    }
    return null;
}
/** The cycle start .. x, y (back to start), if it eliminates anything. */
function cycleAt(g, start, x, y, length, out) {
    // Path, from y back to the start: y, x, viaOff[x], viaOn[x], ...
    out.length = 0;
    out.push(y);
    for (let q = x;; q = viaOn[q]) {
        out.push(q);
        if (viaOff[q] < 0)
            break;
        out.push(viaOff[q]);
    }
    const m = nextMarkStamp();
    for (const node of out)
        cellMark[(node / 9) | 0] = m;
    const cand = g.candidates;
    // Nodes at even distance from the start are "on"; out holds y (odd) first.
    for (let i = out.length - 1; i >= 0; i -= 2) {
        const node = out[i];
        const cell = (node / 9) | 0;
        const d = node - cell * 9;
        for (let k = 0; k < 20; k++) {
            const peer = PEERS[cell * 20 + k];
            if (cellMark[peer] !== m && cand[peer] & (1 << d))
                forwardMark[peer * 9 + d] = m;
        }
    }
    const eliminations = [];
    for (let i = out.length - 2; i >= 0; i -= 2) {
        const node = out[i];
        const cell = (node / 9) | 0;
        const d = node - cell * 9;
        for (let k = 0; k < 20; k++) {
            const peer = PEERS[cell * 20 + k];
            const target = peer * 9 + d;
            if (forwardMark[target] === m && resultMark[target] !== m) {
                resultMark[target] = m;
                eliminations.push(target);
            }
        }
    }
    if (eliminations.length === 0)
        return null;
    eliminations.sort((a, b) => a - b);
    const nodes = [];
    const on = [];
    for (let i = out.length - 1; i >= 0; i--) {
        nodes.push(out[i]);
        on.push((out.length - 1 - i) % 2 === 0);
    }
    nodes.push(start);
    on.push(true);
    return { kind: 0, raw: 0, length, nodes, on, eliminations, placement: -1 };
}
/**
 * SE's doForcingChains from "start on" (`fromOn`) or "start off", up to `maxLen` nodes: the
 * shortest chain to the opposite state of the start, or null.
 */
function searchForcing(g, start, fromOn, mode, maxLen) {
    const useCell = mode !== MODE_X;
    const cand = g.candidates;
    const s = nextStamp();
    let onCount = 0;
    let offCount = 0;
    let onLayer = 0;
    let offLayer = 0;
    if (fromOn) {
        onSeen[start] = s;
        onQueue[onCount++] = start;
    }
    else {
        offSeen[start] = s;
        offQueue[offCount++] = start;
    }
    while (onCount > 0 || offCount > 0) {
        if (onCount > 0) {
            // Produces "off" nodes at layer onLayer + 1: a chain found there has onLayer + 2 nodes.
            if (onLayer + 2 > maxLen)
                return null;
            offLayer = onLayer + 1;
            for (let i = 0; i < onCount; i++) {
                const p = onQueue[i];
                const cell = (p / 9) | 0;
                const base = cell * 9;
                let mask = useCell ? cand[cell] & ~(1 << (p - base)) : 0;
                let k = g.weakStart[p];
                const end = g.weakStart[p + 1];
                for (;;) {
                    let q;
                    if (mask !== 0) {
                        const bit = mask & -mask;
                        mask ^= bit;
                        q = base + 31 - Math.clz32(bit);
                    }
                    else if (k < end) {
                        q = g.weak[k++];
                    }
                    else
                        break;
                    if (fromOn && q === start) {
                        offParent[start] = p;
                        return forcingPath(start, true, offLayer + 1);
                    }
                    if (offSeen[q] !== s) {
                        offSeen[q] = s;
                        offParent[q] = p;
                        offQueue[offCount++] = q;
                    }
                }
            }
            onCount = 0;
        }
        if (offCount > 0) {
            if (offLayer + 2 > maxLen)
                return null;
            onLayer = offLayer + 1;
            for (let i = 0; i < offCount; i++) {
                const y = offQueue[i];
                for (let k = -1; k < 3; k++) {
                    let z;
                    if (k < 0) {
                        if (!useCell)
                            continue;
                        z = g.bivalue[y];
                    }
                    else {
                        if (mode === MODE_Y)
                            break;
                        z = g.conjugate[y * 3 + k];
                    }
                    if (z < 0) {
                        if (k < 0)
                            continue;
                        break;
                    }
                    if (!fromOn && z === start) {
                        onParent[start] = y;
                        return forcingPath(start, false, onLayer + 1);
                    }
                    if (onSeen[z] !== s) {
                        onSeen[z] = s;
                        onParent[z] = y;
                        onQueue[onCount++] = z;
                    }
                }
            }
            offCount = 0;
        }
    }
    return null;
}
/** The path of a forcing chain that ends at the start's opposite state. */
function forcingPath(start, fromOn, length) {
    const nodes = [];
    const on = [];
    let node = start;
    let state = !fromOn;
    for (;;) {
        nodes.push(node);
        on.push(state);
        if (nodes.length > 1 && node === start)
            break;
        node = state ? onParent[node] : offParent[node];
        state = !state;
    }
    nodes.reverse();
    on.reverse();
    return fromOn
        ? { kind: 0, raw: 0, length, nodes, on, eliminations: [start], placement: -1 }
        : { kind: 0, raw: 0, length, nodes, on, eliminations: [], placement: start };
}
/**
 * The easiest chain step of the enabled kinds, as Sudoku Explainer would pick it, or null.
 * With all kinds this is SE's whole "Forcing Chains & Cycles" producer.
 */
export function findChainStep(board, options = {}) {
    const kinds = options.kinds ?? ALL_CHAIN_KINDS;
    const g = buildChainGraph(board);
    const cand = g.candidates;
    const path = [];
    let best = null;
    for (let mode = MODE_X; mode <= MODE_XY; mode++) {
        const cycleKind = CYCLE_KIND[mode] & kinds;
        const forcingKind = FORCING_KIND[mode] & kinds;
        if (cycleKind === 0 && forcingKind === 0)
            continue;
        const cycleBase = CYCLE_BASE[mode];
        const forcingBase = FORCING_BASE[mode];
        // A forcing chain from "X on" (off) reaches "X off" (on) exactly when that node implies its own
        // negation through the mode's links: found for every node at once, so that the searches that
        // would find nothing (nearly all) are not run.
        let contradictory = null;
        if (forcingKind !== 0) {
            unitPositions(cand, positions);
            contradictory = staticContradictions(cand, positions, mode !== MODE_X).contradictory;
        }
        for (let cell = 0; cell < 81; cell++) {
            const mask = cand[cell];
            const count = POPCOUNT[mask];
            if (count < 2 || (mode === MODE_Y && count !== 2))
                continue;
            for (let d = 0; d < 9; d++) {
                if ((mask & (1 << d)) === 0)
                    continue;
                const start = cell * 9 + d;
                const strong = hasStrongLink(g, start, mode);
                if (cycleKind !== 0 && strong) {
                    const limit = maxLength(cycleBase, best);
                    if (limit >= 4) {
                        const found = searchCycle(g, start, mode, limit, path);
                        if (found !== null)
                            best = settle(found, cycleKind, cycleBase);
                    }
                }
                if (contradictory !== null) {
                    let limit = maxLength(forcingBase, best);
                    if (limit >= 4 && contradictory[(start << 1) | 1] === 1) {
                        const found = searchForcing(g, start, true, mode, limit);
                        if (found !== null)
                            best = settle(found, forcingKind, forcingBase);
                    }
                    limit = maxLength(forcingBase, best);
                    if (limit >= 4 && strong && contradictory[start << 1] === 1) {
                        const found = searchForcing(g, start, false, mode, limit);
                        if (found !== null)
                            best = settle(found, forcingKind, forcingBase);
                    }
                }
            }
        }
    }
    return best === null ? null : toStep(g, best);
}
function settle(found, kind, base) {
    found.kind = kind;
    found.raw = seChainDifficulty(base, found.length);
    return found;
}
/** The unit (SE order: box, row, column) shared by two cells, or -1 for the same cell. */
function sharedUnit(a, b) {
    if (a === b)
        return -1;
    const ua = seUnitsOf(a);
    const ub = seUnitsOf(b);
    for (let k = 0; k < 3; k++)
        if (ua[k] === ub[k])
            return ua[k];
    return -1;
}
/** The unit of a strong link from `from` (off) to `to` (on). */
function strongUnit(g, from, to) {
    if (((from / 9) | 0) === ((to / 9) | 0))
        return -1;
    for (let k = 0; k < 3; k++)
        if (g.conjugate[from * 3 + k] === to)
            return g.conjugateUnit[from * 3 + k];
    return sharedUnit((from / 9) | 0, (to / 9) | 0);
}
function toStep(g, found) {
    const nodes = [];
    const cells = [];
    const digits = new Set();
    const units = new Set();
    for (let i = 0; i < found.nodes.length; i++) {
        const id = found.nodes[i];
        const cell = (id / 9) | 0;
        const digit = id - cell * 9 + 1;
        const node = { cell, digit, on: found.on[i] };
        if (i === 0)
            node.parents = [];
        else {
            const prev = found.nodes[i - 1];
            node.unit = found.on[i] ? strongUnit(g, prev, id) : sharedUnit((prev / 9) | 0, cell);
            if (node.unit >= 0)
                units.add(node.unit);
        }
        nodes.push(node);
        if (!cells.includes(cell))
            cells.push(cell);
        digits.add(digit);
    }
    const toCandidate = (id) => ({ cell: (id / 9) | 0, digit: (id % 9) + 1 });
    return {
        technique: CHAIN_KIND_IDS[found.kind],
        difficulty: roundDifficulty(found.raw),
        placements: found.placement >= 0 ? [toCandidate(found.placement)] : [],
        eliminations: found.eliminations.map(toCandidate),
        pattern: { cells, digits: [...digits].sort((a, b) => a - b), units: [...units].sort((a, b) => a - b) },
        chains: [{ nodes }],
    };
}
