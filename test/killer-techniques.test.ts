import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { boardFromGrid, cloneBoard, type Board } from '../src/core/board.js';
import { classicGeometry, geometryOf } from '../src/core/geometry.js';
import { fromSoloId } from '../src/formats/index.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { fillTemplate } from '../src/grader/explain.js';
import type { Rules } from '../src/rules/types.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { KILLER_TECHNIQUES, KILLER_TEXTS, type KillerStep } from '../src/techniques/killer/index.js';
import { analyseDistinct } from '../src/techniques/killer/cage-math.js';
import { LADDER } from '../src/techniques/registry.js';
import { gradeKiller, killerLadder } from '../bench/killer-ladder.js';
import { readKillerCases } from './helpers/killer-fixtures.js';
import { expectSound } from './helpers/soundness.js';
import { stepResult } from './helpers/technique-fixtures.js';

const cases = readKillerCases(new URL('./fixtures/killer-techniques.txt', import.meta.url).pathname);
const byId = new Map(KILLER_TECHNIQUES.map((def) => [def.id, def]));

function text(step: KillerStep): string {
  const template = KILLER_TEXTS[step.technique];
  expect(template, `text of ${step.technique}`).toBeDefined();
  return fillTemplate(template!, step);
}

describe('killer technique fixtures', () => {
  test.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const def = byId.get(c.technique);
    expect(def, `unknown technique ${c.technique}`).toBeDefined();
    const before = c.board.candidates.slice();
    const step = def!.find(c.board, { uniqueness: false, geometry: c.geometry }) as KillerStep | null;
    expect(step, `${c.technique} finds nothing`).not.toBeNull();
    expect(step!.technique).toBe(c.technique);
    expect(stepResult(step!)).toEqual(c.expected);
    expect(c.board.candidates).toEqual(before);
    // Right for the puzzle: the state has one solution, which the step keeps.
    const solution = solveRules(c.rules, c.board.values);
    expect(solution, 'the state has a solution').not.toBeNull();
    expectSound(step!, solution!, `line ${c.line}`);
    // Within the technique's range; its cells in the pattern; its text complete.
    expect(step!.difficulty).toBeGreaterThanOrEqual(def!.difficulty);
    expect(step!.difficulty).toBeLessThanOrEqual(def!.maxDifficulty);
    expect(step!.pattern.cells.length).toBeGreaterThan(0);
    expect(text(step!)).not.toMatch(/\{[A-Za-z]/);
  });

  test('at least two instances of every killer technique', () => {
    for (const def of KILLER_TECHNIQUES) expect(cases.filter((c) => c.technique === def.id).length, def.id).toBeGreaterThanOrEqual(2);
  });
});

describe('killer techniques', () => {
  test('are one family, by base difficulty, never assuming uniqueness, with ids apart from the classic ladder', () => {
    const classic = new Set(LADDER.map((def) => def.id));
    for (let i = 0; i < KILLER_TECHNIQUES.length; i++) {
      const def = KILLER_TECHNIQUES[i]!;
      expect(def.family).toBe('killer');
      expect(def.uniqueness).toBe(false);
      expect(classic.has(def.id), def.id).toBe(false);
      expect(def.maxDifficulty).toBeGreaterThanOrEqual(def.difficulty);
      if (i > 0) expect(def.difficulty).toBeGreaterThanOrEqual(KILLER_TECHNIQUES[i - 1]!.difficulty);
      expect(KILLER_TEXTS[def.id], def.id).toBeDefined();
    }
  });

  test('the killer ladder: every killer technique, no uniqueness technique, by base difficulty', () => {
    const ladder = killerLadder();
    expect(ladder.some((def) => def.uniqueness)).toBe(false);
    for (const def of KILLER_TECHNIQUES) expect(ladder).toContain(def);
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]!.difficulty).toBeGreaterThanOrEqual(ladder[i - 1]!.difficulty);
    expect(killerLadder(4.6).every((def) => def.difficulty <= 4.6)).toBe(true);
  });

  test('find nothing without cages (classic boards)', () => {
    const board = boardFromGrid('.14795.325384..7199.21836452435761981592384.6786914523825347961397651284.618.9357');
    for (const def of KILLER_TECHNIQUES) {
      expect(def.find(board, { uniqueness: false })).toBeNull();
      expect(def.find(board, { uniqueness: false, geometry: classicGeometry() })).toBeNull();
    }
  });

  test('a 3-cage of 7 can only be 1, 2, 4, and the text says so', () => {
    const c = cases.find((k) => k.technique === 'cage-combination' && k.text.includes('sums=7 '))!;
    const step = byId.get('cage-combination')!.find(c.board, { uniqueness: false, geometry: c.geometry }) as KillerStep;
    expect(step.pattern.digits).toEqual([1, 2, 4]);
    expect(text(step)).toBe(
      'Cage combination: the empty cells of the 3-cell cage of 7 (r1c1, r1c2 and r1c3) must add up to 7, which only 1+2+4 can make with their candidates, so they can only be 1, 2 and 4: remove 3, 5, 6, 7, 8 and 9 from r1c1, r1c2 and r1c3',
    );
  });

  test('the cage analysis keeps exactly the digits and combinations of some arrangement (checked by brute force)', () => {
    // Up to 7 cells with any candidates, and up to 9 cells drawn from few digits (a house's last
    // cells: one combination, the arrangements a matching question).
    const anyCells = fc.array(fc.integer({ min: 1, max: 511 }), { minLength: 1, maxLength: 7 });
    const fewDigits = fc.integer({ min: 1, max: 9 }).chain((k) => fc.array(fc.integer({ min: 1, max: 511 }), { minLength: k, maxLength: k }).map((masks) => masks.map((m) => m & 0x1ff & ~(0x1ff << k) | (1 << (m % k)))));
    const digitSet = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 511 }).map((m) => m & (m >> 3)));
    fc.assert(
      fc.property(fc.oneof(anyCells, fewDigits), fc.integer({ min: 1, max: 45 }), digitSet, digitSet, (masks, total, excluded, required) => {
        const analysis = analyseDistinct(masks, total, excluded, required);
        const allowed = masks.map(() => 0);
        const combos = new Set<number>();
        const digits: number[] = [];
        const walk = (i: number, used: number, sum: number): void => {
          if (i === masks.length) {
            if (sum !== total || (used & required) !== required) return;
            combos.add(used);
            digits.forEach((d, j) => (allowed[j] = allowed[j]! | (1 << (d - 1))));
            return;
          }
          for (let d = 1; d <= 9; d++) {
            const bit = 1 << (d - 1);
            if ((masks[i]! & bit) === 0 || (used | excluded) & bit) continue;
            digits[i] = d;
            walk(i + 1, used | bit, sum + d);
          }
        };
        walk(0, 0, 0);
        expect(analysis.allowed).toEqual(allowed);
        expect(analysis.combos).toEqual([...combos].sort((a, b) => a - b));
      }),
      { seed: 26, numRuns: 600 },
    );
  });
});

describe('what the killer techniques remember between calls', () => {
  // The rule of 45 skips sets unchanged since they gave nothing, the cage analyses are memos: asked
  // about boards out of order (several paths' boards under one rules value), every technique must
  // answer as it does under a fresh rules value, which remembers nothing.
  test('boards asked out of order give the steps of a fresh rules value', () => {
    const ids = readFileSync(new URL('./fixtures/killer-solo-levels.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('da ') || line.startsWith('du '))
      .slice(0, 3)
      .map((line) => line.split(' ')[1]!);
    const context = (rules: Rules) => ({ uniqueness: false, geometry: geometryOf(rules) });
    let compared = 0;
    for (const id of ids) {
      const shared = fromSoloId(id);
      const boards: Board[] = [];
      gradeKiller(shared.rules, shared.givens, { ladder: killerLadder(4.6), onStep: (_step, board) => boards.push(cloneBoard(board as Board)) });
      // Every third board, then the others backwards: each call sees another board than the last.
      const order = [...boards.keys()].filter((i) => i % 3 === 0).concat([...boards.keys()].filter((i) => i % 3 !== 0).reverse());
      for (const i of order) {
        const fresh = fromSoloId(id);
        for (const def of KILLER_TECHNIQUES) {
          const remembered = def.find(boards[i]!, context(shared.rules));
          expect(JSON.stringify(remembered), `${def.id}, board ${i} of ${id.slice(0, 12)}`).toBe(JSON.stringify(def.find(boards[i]!, context(fresh.rules))));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

/** Runs the ladder and checks every step against the solution; returns whether it solved. */
function expectSoundPath(rules: Rules, givens: Uint8Array, where: string): boolean {
  const solution = solveRules(rules, givens);
  expect(solution, `${where} has a solution`).not.toBeNull();
  const ladder = killerLadder(4.6);
  const g = gradeKiller(rules, givens, { ladder, onStep: (step) => expectSound(step, solution!, `${where}: ${step.technique}`) });
  return g.solved;
}

describe('every step keeps the solution', () => {
  const solo = readFileSync(new URL('./fixtures/killer-solo-levels.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
  // The whole Solo set, every level (the ladder up to 'hard': no chains, a few seconds in all).
  test('Solo killers, all levels', () => {
    let solved = 0;
    for (const line of solo) {
      const read = fromSoloId(line.split(' ')[1]!);
      if (expectSoundPath(read.rules, read.givens, line.slice(0, 20))) solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(solo.length - 2);
  }, 120_000);

  test("Solo's killer X (the diagonals are houses of 45 too)", () => {
    const ids = readFileSync(new URL('./fixtures/variants/solo-ids.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('3x3xk:'));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const read = fromSoloId(id);
      expect(read.rules.variant).toBe('x+killer');
      expect(expectSoundPath(read.rules, read.givens, id.slice(0, 20))).toBe(true);
    }
  });

  test('generated killers (fast-check over indexes, with and without givens)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.boolean(), (index, killerGivens) => {
        const p = generateVariant({ variant: 'killer', seed: 'killer-techniques', index, killerGivens });
        expect(geometryOf(p.rules).cageOf.some((c) => c >= 0)).toBe(true);
        expectSoundPath(p.rules, p.givens, `killer ${index}`);
      }),
      { seed: 45, numRuns: 6 },
    );
  }, 120_000);
});
