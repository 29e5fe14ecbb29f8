import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { parseVariantLine } from '../src/formats/line.js';
import { nextStep } from '../src/grader/grade.js';
import { generalBoard } from '../src/grader/general/grade.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { formatGeneralChainLines } from '../src/grader/general/text.js';
import { classicRules } from '../src/rules/index.js';
import { solveRules } from '../src/solver/rules-solver.js';
import {
  findNestedDynamicForcingChains,
  findNestedDynamicForcingChainsPlus,
  findNestedForcingChains,
  findNestedMultipleForcingChains,
} from '../src/techniques/general/forcing.js';
import { GENERAL_LADDER } from '../src/techniques/general/ladder.js';
import { fillScan, newScan } from '../src/techniques/general/places.js';

/*
 * Nested forcing chains (SE's levels 2 to 5, 9.5+ to 11.0+) in the general ladder
 * (techniques/general/nested.ts, nested-multiple.ts, nested-dynamic.ts): on classic rules, on boards of forum_hardest
 * puzzles where the 9x9 ladder's step is a nested forcing chain of those levels, the general
 * ladder's rung finds the same step (technique, rating with the nested chains' lengths counted,
 * what it removes). The full comparison over the 22 puzzles of test/fixtures/forum-serate.tsv is
 * bench/nested-classic.ts. Boards: the puzzle's values, then
 * its candidates (3 hex digits a cell), as the 9x9 path has them before that step.
 */
const BOARDS: [string, string, string][] = [
  [
    'forum #7, step 5',
    '000000003001009060050080400000900080008670000010008200006007020030800500400000008',
    '1e21ea14a05b03b03b1c11510000c60ca00005e01e0000c000005216600014604700002700014114307606a05e00001f01f06500007911610a00000000001f10511d11917400015c01c01c00000015c16019118000001d11d00010500010914300014200012b02b000149169000142152017137017165145000',
  ],
  [
    // SE's level 3 (cell / region chains nested): 11.3.
    'forum #100, step 2',
    '003400080000000103700000000200090000000500800060007040005100008070005000900062050',
    '0311130000000531211720001720b819a1aa1e20d21a00001620000001931a31a60971a513a12213a00009d0c90a40000ad07406507100d10d14900000f02d00016716309500018108608700011600011302c00e00000004c10c16e1660000ad0000ab18408c00012e12712b00008d0890c400000004c000049',
  ],
];

function boardOf(values: string, candidates: string): Board {
  return {
    values: Uint8Array.from(values, Number),
    candidates: Uint16Array.from({ length: 81 }, (_, cell) => parseInt(candidates.slice(cell * 3, cell * 3 + 3), 16)),
  };
}

describe('nested forcing chains on classic rules: the 9x9 ladder\'s step', () => {
  const rules = classicRules(9);
  it.each(BOARDS)('%s', (_name, values, candidates) => {
    const board = boardOf(values, candidates);
    const solution = solveRules(rules, board.values)!;
    // (The ladder's rungs below find nothing here: bench/nested-classic.ts runs the whole ladder.)
    const scan = newScan(shapeOf(rules));
    fillScan(scan, board);
    const nine = nextStep(boardOf(values, candidates), { uniqueness: false })!;
    const general = (nine.technique === 'nested-forcing-chains' ? findNestedForcingChains : findNestedMultipleForcingChains)(board, scan)!;
    expect(nine.technique).toMatch(/^nested-(multiple-)?forcing-chains$/);
    // What the grade and the path read: technique, rating (nested chains counted), removals.
    const seen = (step: Step) => ({ technique: step.technique, difficulty: step.difficulty, placements: step.placements, eliminations: step.eliminations });
    expect(seen(general)).toEqual(seen(nine));
    expect(general.eliminations.filter((e) => solution[e.cell] === e.digit)).toEqual([]);
    // Its chains hold the nested chains that prove their links, shown indented under them.
    const proofs = general.chains!.flatMap((chain) => chain.nodes.filter((node) => node.proof !== undefined));
    expect(proofs.length).toBeGreaterThan(0);
    const lines = formatGeneralChainLines(general.chains!, rules);
    expect(lines.some((line) => line.startsWith('    ('))).toBe(true);
    expect(lines[0]).toMatch(/^\(/);
  });

  it('are the ladder\'s last rungs, at 9.5, 10.0, 10.5 and 11.0', () => {
    expect(GENERAL_LADDER.slice(-4)).toMatchObject([
      { id: 'nested-forcing-chains', difficulty: 9.5 },
      { id: 'nested-multiple-forcing-chains', difficulty: 10.0 },
      { id: 'nested-dynamic-forcing-chains', difficulty: 10.5 },
      { id: 'nested-dynamic-forcing-chains-plus', difficulty: 11.0 },
    ]);
  });

  it('gives up at the effort limit: nothing found, the grade a lower bound', () => {
    const [, values, candidates] = BOARDS[0]!;
    const board = boardOf(values, candidates);
    const scan = newScan(shapeOf(rules), { effortLimit: 2000 });
    fillScan(scan, board);
    expect(findNestedForcingChains(board, scan)).toBeNull();
    expect(scan.bounded).toBe(true);
  });
});

/*
 * On other sizes: the nested search asked directly (the ladder would take the easier step there)
 * on the 6x6 (3x2 boxes) boards of test/fixtures/general/technique-steps.txt whose step is a forcing
 * chain: it finds a step of 9.5 or more, and what it removes is not the solution's digit.
 */
describe('nested forcing chains on other sizes keep the solution', () => {
  const VALUE_CHARS = '.123456789ABCDEFG';
  const cases = readFileSync(new URL('./fixtures/general/technique-steps.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((c) => c[0] === '6x6-3x2' && /forcing/.test(c[1] ?? ''));
  it.each(cases.map((c) => [`${c[0]} ${c[1]}`, c] as const))('%s', (_name, [, , line, , , values, candidates]) => {
    const { rules, givens } = parseVariantLine(line!);
    const board: Board = {
      values: Uint8Array.from(values!, (ch) => VALUE_CHARS.indexOf(ch)),
      candidates: Uint16Array.from({ length: rules.cellCount }, (_, cell) => parseInt(candidates!.slice(cell * 4, cell * 4 + 4), 16)),
    };
    const scan = newScan(shapeOf(rules));
    fillScan(scan, board);
    const solution = solveRules(rules, givens)!;
    for (const [find, base] of [[findNestedForcingChains, 9.5], [findNestedDynamicForcingChains, 10.5], [findNestedDynamicForcingChainsPlus, 11.0]] as const) {
      const step = find(board, scan)!;
      expect(step.difficulty).toBeGreaterThanOrEqual(base);
      expect(step.eliminations.length + step.placements.length).toBeGreaterThan(0);
      for (const e of step.eliminations) expect(solution[e.cell]).not.toBe(e.digit);
      for (const p of step.placements) expect(solution[p.cell]).toBe(p.digit);
    }
  });
  it('has boards', () => expect(cases.length).toBeGreaterThanOrEqual(2));
});

/*
 * Levels 4 and 5 (nested-dynamic.ts) nest searches whose runs share the outer run's buffers: on a
 * 4x4 with several solutions where every candidate left is in one of them, they must remove
 * nothing (a technique keeps every solution), and run to the end within the effort limit.
 */
describe('nested dynamic forcing chains keep every solution', () => {
  it('a 4x4 with 24 solutions: nothing found, not given up', () => {
    const rules = classicRules(4);
    const givens = Uint8Array.from('12..............', (ch) => (ch === '.' ? 0 : Number(ch)));
    const board = generalBoard(rules, givens);
    // (What pointing removes there: digits 3 and 4 of r2c3 and r2c4.)
    board.candidates[6] = board.candidates[6]! & ~0b1100;
    board.candidates[7] = board.candidates[7]! & ~0b1100;
    for (let cell = 0; cell < 16; cell++) {
      for (let digit = 1; digit <= 4; digit++) {
        if ((board.candidates[cell]! & (1 << (digit - 1))) === 0) continue;
        const forced = Uint8Array.from(givens);
        forced[cell] = digit;
        expect(solveRules(rules, forced), `r${(cell >> 2) + 1}c${(cell & 3) + 1} ${digit}`).not.toBeNull();
      }
    }
    for (const find of [findNestedDynamicForcingChains, findNestedDynamicForcingChainsPlus]) {
      const scan = newScan(shapeOf(rules));
      fillScan(scan, board);
      expect(find(board, scan)).toBeNull();
      expect(scan.bounded).toBe(false);
    }
  });
});
