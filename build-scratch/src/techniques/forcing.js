import { existsSync, readFileSync } from 'node:fs';
import { cellName, digitsOf, unitName } from '../core/tables.js';
import { ChainEngine, DEFAULT_BUDGET, NISHIO_MODE, STATIC_MODE, dynamicMode, nodeCell } from './forcing/engine.js';
import { chainDifficulty } from './forcing/length.js';
import { hintChains } from './forcing/chain-data.js';
import { searchHints } from './forcing/search.js';
import { reachFilter } from './forcing/reach-filter.js';
const TECHNIQUES = [
    { id: 'nishio-forcing-chains', name: 'Nishio forcing chains', base: 7.5, maxAdded: 2, mode: NISHIO_MODE, nishio: true, dynamic: true },
    { id: 'multiple-forcing-chains', name: 'Cell / region forcing chains', base: 8.0, maxAdded: 2, mode: STATIC_MODE, nishio: false, dynamic: false },
    { id: 'dynamic-forcing-chains', name: 'Dynamic forcing chains', base: 8.5, maxAdded: 2, mode: dynamicMode(0), nishio: false, dynamic: true },
    { id: 'dynamic-forcing-chains-plus', name: 'Dynamic forcing chains (+)', base: 9.0, maxAdded: 2, mode: dynamicMode(1), nishio: false, dynamic: true },
    { id: 'nested-forcing-chains', name: 'Nested forcing chains (+ forcing chains)', base: 9.5, maxAdded: 4, mode: dynamicMode(2), nishio: false, dynamic: true },
    { id: 'nested-multiple-forcing-chains', name: 'Nested forcing chains (+ multiple forcing chains)', base: 10.0, maxAdded: 4, mode: dynamicMode(3), nishio: false, dynamic: true },
];
let cachedKey = '';
let cachedEngine = null;
function boardKey(board) {
    return String.fromCharCode(...board.candidates);
}
/** The engine of a board: reused while the grader asks several techniques about the same state. */
function engineFor(board) {
    const key = boardKey(board);
    if (cachedEngine === null || key !== cachedKey) {
        const next = new ChainEngine(board);
        if (cachedEngine) {
            // The grader's boards lose candidates step by step: most plain dynamic runs carry over.
            next.adoptRuns(cachedEngine);
            cachedEngine.release({ discard: true });
        }
        cachedEngine = next;
        cachedKey = key;
    }
    return cachedEngine;
}
/** Runs one technique on a board; exported for tests and the benchmark. */
export function findForcingStep(id, board, options = {}) {
    const technique = TECHNIQUES.find((t) => t.id === id);
    if (!technique)
        throw new Error(`unknown forcing technique '${id}'`);
    const engine = engineFor(board);
    engine.budget = options.budget ?? DEFAULT_BUDGET;
    engine.effort = 0;
    engine.exhausted = false;
    // Static cell / region chains: cells and regions whose assumptions share no static consequence
    // give nothing, and all consequences are known at once from the static closures.
    let filter;
    if (!technique.dynamic && !technique.nishio) {
        engine.computeStaticClosures();
        filter = reachFilter(engine);
    }
    const hint = searchHints(engine, technique, undefined, filter);
    // Spent: some run, or a nested check, went past the bound, and the search stopped there.
    const truncated = engine.exhausted || engine.spent;
    if (!hint && !truncated)
        engine.emptySearches |= 1 << technique.mode.key;
    let step = null;
    if (hint)
        step = toStep(technique, hint, board, options.chains ?? true);
    else if (truncated) {
        step = {
            technique: technique.id,
            difficulty: technique.base,
            placements: [],
            eliminations: [],
            pattern: { cells: [], digits: [], units: [] },
        };
    }
    if (truncated) {
        if (step)
            step.truncated = true;
        // Truncated runs must not be reused by the next technique.
        engine.release({ discard: true });
        cachedEngine = null;
        cachedKey = '';
    }
    return step;
}
let premiseTexts;
/** The `$premise-*` texts of templates/explanations/forcing.json. */
function premiseText(shape) {
    if (!premiseTexts) {
        // From src/techniques or dist/techniques; one level more from build-bench/src/techniques.
        const near = new URL('../../templates/explanations/forcing.json', import.meta.url);
        const file = existsSync(near) ? near : new URL('../../../templates/explanations/forcing.json', import.meta.url);
        premiseTexts = JSON.parse(readFileSync(file, 'utf8'));
    }
    return premiseTexts[`$premise-${shape}`] ?? '';
}
/** Why the conclusion holds, in r1c1 notation, from the template of the hint's shape. */
function premise(hint, board) {
    const fields = {
        cell: cellName(hint.sourceCell),
        digit: String(hint.sourceDigit),
        assumption: `${cellName(hint.sourceCell)} ${hint.on ? '<>' : '='} ${hint.sourceDigit}`,
    };
    if (hint.shape === 'cell')
        fields.digits = digitsOf(board.candidates[hint.sourceCell]).join(', ');
    if (hint.shape === 'region') {
        fields.unit = unitName(hint.sourceUnit);
        fields.cells = hint.chains.map((chain) => cellName(nodeCell(chain.run.root))).join(', ');
    }
    return premiseText(hint.shape).replace(/\{(\w+)\}/g, (whole, key) => fields[key] ?? whole);
}
function toStep(technique, hint, board, withChains) {
    const placements = hint.on ? [{ cell: hint.cell, digit: hint.digit }] : [];
    const eliminations = hint.on ? [] : [{ cell: hint.cell, digit: hint.digit }];
    const cells = [hint.sourceCell];
    if (hint.cell !== hint.sourceCell)
        cells.push(hint.cell);
    const digits = hint.sourceDigit > 0 && hint.sourceDigit !== hint.digit ? [hint.sourceDigit, hint.digit] : [hint.digit];
    return {
        technique: technique.id,
        premise: premise(hint, board),
        difficulty: chainDifficulty(technique.base, hint.complexity),
        placements,
        eliminations,
        pattern: { cells, digits, units: hint.sourceUnit >= 0 ? [hint.sourceUnit] : [] },
        ...(withChains ? { chains: hintChains(hint.chains, board.candidates) } : {}),
    };
}
function techniqueFn(id) {
    return (board, context) => findForcingStep(id, board, { chains: context.chains ?? true });
}
/** Techniques of this family, in ladder order. */
export const FORCING_TECHNIQUES = TECHNIQUES.map((t) => ({
    id: t.id,
    name: t.name,
    family: 'forcing',
    difficulty: t.base,
    maxDifficulty: t.base + t.maxAdded,
    uniqueness: false,
    find: techniqueFn(t.id),
}));
