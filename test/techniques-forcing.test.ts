import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import type { ChainData, ChainNode, Step } from '../src/core/step.js';
import { parsePuzzle } from '../src/core/parse.js';
import { solveGrid as solve } from '../src/solver/index.js';
import { FORCING_TECHNIQUES, findForcingStep } from '../src/techniques/forcing.js';
import { lengthIncrement } from '../src/techniques/forcing/length.js';
import { expectSound, fillSingles } from './helpers/soundness.js';
import { expectCaseStep, expectEveryTechniqueCovered, readTechniqueCases, stepResult, type TechniqueCase } from './helpers/technique-fixtures.js';

const FIXTURES = new URL('./fixtures/techniques-forcing.txt', import.meta.url);
const DATA = new URL('./fixtures/data/', import.meta.url);

/**
 * The step each fixture case gives (with its chains), found once: the fixture test checks it, and
 * the tests below that read the same step (the chain-less step compared with it, the nested proofs
 * in it) take it from here instead of running the same search again (the nested searches take
 * seconds). Each case's board is its own, read from the file again, so no test sees another's.
 */
const foundSteps = new Map<number, Step | null>();
function fullStep(c: TechniqueCase): Step | null {
  if (!foundSteps.has(c.line)) foundSteps.set(c.line, findForcingStep(c.technique, c.board));
  return foundSteps.get(c.line)!;
}

/** Expected difficulty of each case: the number after the id in the comment line above it. */
describe('forcing chain fixtures', () => {
  const cases = readTechniqueCases(FIXTURES.pathname);

  it('covers every forcing technique at least twice', () => expectEveryTechniqueCovered(cases, FORCING_TECHNIQUES));

  it.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const step = expectCaseStep(c, (board) => fullStep({ ...c, board }), { difficulty: true });
    expect(step.truncated).toBeUndefined();
    expect(step.chains?.length).toBeGreaterThan(0);
    expectSound(step, solve(c.board.values)!, `line ${c.line}`);
  });
});

describe('steps without their chains (what the grader asks for when it keeps only the rating)', () => {
  const cases = readTechniqueCases(FIXTURES.pathname);
  it.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const full = fullStep(c)!;
    const bare = findForcingStep(c.technique, c.board, { chains: false })!;
    expect(bare.chains).toBeUndefined();
    const { chains, ...rest } = full;
    expect(chains?.length).toBeGreaterThan(0);
    expect(bare).toEqual(rest);
  });
});

describe('runs continued from the lower level (as when the ladder runs them in order)', () => {
  const cases = readTechniqueCases(FIXTURES.pathname).filter((c) => c.technique.startsWith('nested') || c.technique.endsWith('plus'));
  const order = FORCING_TECHNIQUES.map((t) => t.id);
  it.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const board = { values: c.board.values.slice(), candidates: c.board.candidates.slice() };
    // Level 5's cases are asked directly on boards where level 4 applies (no board is known where
    // the ladder reaches level 5): the lower levels run first all the same, their runs then continued.
    const direct = c.technique === 'nested-dynamic-forcing-chains-plus';
    for (const id of order.slice(0, order.indexOf(c.technique))) {
      const lower = findForcingStep(id, board);
      if (!direct) expect(lower).toBeNull();
    }
    expect(stepResult(findForcingStep(c.technique, board)!)).toEqual(c.expected);
  });
});

/** Every node of a chain (and of the chains proving it), nested proofs included, with its chain. */
function* nodesWithProofs(chains: readonly ChainData[]): Generator<ChainNode> {
  for (const chain of chains) {
    for (const node of chain.nodes) {
      yield node;
      if (node.proof) yield* nodesWithProofs(node.proof);
    }
  }
}

describe('nested proofs in the steps (found again for the step from the outer chain)', () => {
  // (Level 5's cases, asked where simpler chains apply, need no nested proof.)
  const cases = readTechniqueCases(FIXTURES.pathname).filter((c) => c.technique.startsWith('nested') && c.technique !== 'nested-dynamic-forcing-chains-plus');
  it.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const step = fullStep(c)!;
    const proved = [...nodesWithProofs(step.chains!)].filter((node) => node.proof);
    expect(proved.length).toBeGreaterThan(0);
    for (const node of proved) {
      const proof = node.proof!;
      // A proof removes a candidate: by a cycle or a forcing chain (one path), a contradiction
      // (two chains from one assumption to both states of one candidate) or chains from every
      // candidate of a cell / place of a region to one conclusion.
      expect(node.on).toBe(false);
      for (const chain of proof) {
        chain.nodes.forEach((n, i) => {
          for (const parent of n.parents ?? []) expect(parent).toBeLessThan(i);
        });
      }
      const ends = proof.map((chain) => chain.nodes[chain.nodes.length - 1]!);
      const start = proof[0]!.nodes[0]!;
      if (proof.length === 1) {
        const path = proof[0]!.nodes;
        expect(path.length).toBeGreaterThanOrEqual(4);
        path.forEach((n, i) => expect(n.parents).toEqual(i === 0 ? [] : [i - 1]));
        const end = ends[0]!;
        expect([end.cell, end.digit]).toEqual([start.cell, start.digit]);
        if (end.on === start.on) {
          // A cycle back to its start: it removes a candidate outside it with one of its digits.
          expect(start.on).toBe(true);
          expect(path.some((n) => n.cell === node.cell)).toBe(false);
          expect(path.some((n) => n.digit === node.digit)).toBe(true);
        } else if (start.on) expect([node.cell, node.digit]).toEqual([start.cell, start.digit]);
        else expect(node.cell === start.cell && node.digit !== start.digit).toBe(true);
        continue;
      }
      expect(proof.length).toBeGreaterThanOrEqual(2);
      if (ends.length === 2 && ends[0]!.cell === ends[1]!.cell && ends[0]!.digit === ends[1]!.digit && ends[0]!.on !== ends[1]!.on) {
        expect(proof[1]!.nodes[0]).toEqual(start);
        if (start.on) expect([node.cell, node.digit]).toEqual([start.cell, start.digit]);
        else expect(node.cell === start.cell && node.digit !== start.digit).toBe(true);
      } else {
        for (const end of ends) expect([end.cell, end.digit, end.on]).toEqual([ends[0]!.cell, ends[0]!.digit, ends[0]!.on]);
        const end = ends[0]!;
        if (end.on) expect(node.cell === end.cell && node.digit !== end.digit).toBe(true);
        else expect([node.cell, node.digit]).toEqual([end.cell, end.digit]);
      }
    }
  });
});

describe('length increment (SE)', () => {
  it.each([
    [6, 0],
    [7, 0.1],
    [8, 0.1],
    [9, 0.2],
    [10, 0.2],
    [11, 0.3],
    [14, 0.3],
    [15, 0.4],
    [19, 0.5],
    [27, 0.6],
    [35, 0.7],
    [51, 0.8],
    [67, 0.9],
  ])('complexity %i adds %f', (complexity, added) => {
    expect(lengthIncrement(complexity)).toBeCloseTo(added, 10);
  });
});

// ---- soundness ---------------------------------------------------------------------------------

function sample(file: string, count: number): string[] {
  const lines = readFileSync(new URL(file, DATA), 'utf8').trim().split('\n');
  const stride = Math.max(1, Math.floor(lines.length / count));
  return lines.filter((_, i) => i % stride === 0).slice(0, count);
}

/**
 * Walks a puzzle: singles, then the first forcing technique (in ladder order) that finds a step,
 * checking every step any technique returns against the solution. `ids` limits the techniques
 * (the nested ones are slow); `budget` keeps each search short (bounded searches must stay sound).
 */
function walk(puzzle: string, ids: readonly string[], maxSteps: number, budget: number): number {
  const grid = parsePuzzle(puzzle);
  const solution = solve(grid)!;
  const board = boardFromGrid(grid);
  let checked = 0;
  for (let n = 0; n < maxSteps; n++) {
    fillSingles(board);
    if (board.values.every((v) => v !== 0)) break;
    let applied = false;
    for (const id of ids) {
      const step = findForcingStep(id, board, { budget });
      if (!step) continue;
      expectSound(step, solution, puzzle);
      checked++;
      if (step.placements.length + step.eliminations.length === 0) continue;
      applyStep(board, step);
      applied = true;
      break;
    }
    if (!applied) break;
  }
  return checked;
}

const FLAT = ['nishio-forcing-chains', 'multiple-forcing-chains', 'dynamic-forcing-chains', 'dynamic-forcing-chains-plus'];

describe('soundness on the hardest collections (sampled)', () => {
  it('forum_hardest_1106', () => {
    let checked = 0;
    for (const puzzle of sample('forum_hardest_1106.txt', 12)) checked += walk(puzzle, FLAT, 6, 400_000);
    expect(checked).toBeGreaterThan(20);
  }, 60_000);

  it('top1465', () => {
    let checked = 0;
    for (const puzzle of sample('top1465.txt', 25)) checked += walk(puzzle, FLAT, 4, 400_000);
    expect(checked).toBeGreaterThan(20);
  }, 60_000);

  it('forum_hardest_11plus (nested levels too)', () => {
    let checked = 0;
    for (const puzzle of sample('forum_hardest_11plus_sample.txt', 4)) {
      checked += walk(puzzle, [...FLAT, 'nested-forcing-chains', 'nested-multiple-forcing-chains'], 2, 300_000);
    }
    expect(checked).toBeGreaterThan(3);
  }, 60_000);
});

describe('effort bound', () => {
  it('a near-empty grid (several solutions) returns within the bound and says so', () => {
    const board = boardFromGrid(parsePuzzle('1' + '.'.repeat(79) + '2'));
    for (const id of ['nested-forcing-chains', 'nested-multiple-forcing-chains', 'nested-dynamic-forcing-chains', 'nested-dynamic-forcing-chains-plus']) {
      const step = findForcingStep(id, board, { budget: 20_000 });
      expect(step, id).not.toBeNull();
      expect(step!.truncated, id).toBe(true);
      expect(step!.placements.length + step!.eliminations.length, id).toBe(0);
    }
  });

  it('with the default bound, the nested searches of a near-empty grid finish: nothing to find', () => {
    const board = boardFromGrid(parsePuzzle('3' + '.'.repeat(79) + '4'));
    for (const id of ['nested-forcing-chains', 'nested-multiple-forcing-chains']) expect(findForcingStep(id, board), id).toBeNull();
  });

  it('without a bound hit, no flag', () => {
    const board = boardFromGrid(parsePuzzle('1' + '.'.repeat(79) + '2'));
    const step = findForcingStep('nishio-forcing-chains', board);
    expect(step).toBeNull();
  });
});
