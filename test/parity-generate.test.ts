import { describe, expect, test } from 'vitest';
import { boardFromGrid, classicRules, countRules, formatVariantLine, generateVariant, gradeWithPath, parseVariantLine } from '../src/index.js';
import { geometryOf } from '../src/core/geometry.js';
import { oddEvenLevelOf, MAX_MARKS, MIN_MARKS } from '../src/generator/variants/oddeven.js';

/*
 * Odd/even puzzles made by the variant generator, and the grader's path on them: the board starts
 * from the marks, every step is true to the solution, and the level is what the grader says.
 */
describe('generate oddeven', () => {
  const made = (['easy', 'medium', 'hard'] as const).flatMap((level) => [1, 2].map((index) => generateVariant({ variant: 'oddeven', seed: 'parity', index, level, symmetry: 'rotational' })));

  test('classic 9x9 plus 8-16 marks true to the solution, unique, only with the marks', () => {
    for (const puzzle of made) {
      const { rules, givens, solution } = puzzle;
      expect(rules.variant).toBe('oddeven');
      const odd = rules.spec.odd ?? [];
      const even = rules.spec.even ?? [];
      expect(odd.length + even.length).toBeGreaterThanOrEqual(MIN_MARKS);
      expect(odd.length + even.length).toBeLessThanOrEqual(MAX_MARKS);
      for (const cell of odd) expect(solution[cell]! % 2).toBe(1);
      for (const cell of even) expect(solution[cell]! % 2).toBe(0);
      expect(countRules(rules, givens, 2)).toBe(1);
      // Minimal under the marks (rotational pairs): the marks carry information the givens lack.
      expect(countRules(classicRules(9), givens, 2)).toBe(2);
      expect(puzzle.clues).toBe(givens.filter((d) => d !== 0).length);
      expect(puzzle.clues).toBeLessThan(30);
    }
  });

  test('the levels asked for, as the grader measures them; same seed, same puzzle', () => {
    expect(made.map((p) => p.level)).toEqual(['easy', 'easy', 'medium', 'medium', 'hard', 'hard']);
    for (const p of made) expect(oddEvenLevelOf(p.rules, p.givens)).toEqual({ level: p.level, rating: p.rating });
    const again = generateVariant({ variant: 'oddeven', seed: 'parity', index: 2, level: 'medium', symmetry: 'rotational' });
    expect(formatVariantLine(again)).toBe(formatVariantLine(made[3]!));
  });

  test("the grader's board starts from the marks, and every step of its path is true to the solution", () => {
    for (const { rules, givens, solution } of made) {
      const geometry = geometryOf(rules);
      expect(geometry.startMasks).toBe(rules.startMasks);
      const board = boardFromGrid(givens, geometry);
      for (const cell of rules.spec.odd ?? []) if (givens[cell] === 0) expect(board.candidates[cell]! & 0b010101010).toBe(0);
      for (const cell of rules.spec.even ?? []) if (givens[cell] === 0) expect(board.candidates[cell]! & 0b101010101).toBe(0);
      const { grade, steps } = gradeWithPath({ rules, givens });
      expect(grade.guesses).toBe(0);
      const filled = givens.slice();
      for (const step of steps) {
        for (const p of step.placements) {
          expect(p.digit, `${step.technique} r${Math.floor(p.cell / 9) + 1}c${(p.cell % 9) + 1}`).toBe(solution[p.cell]);
          filled[p.cell] = p.digit;
        }
        for (const e of step.eliminations) expect(e.digit, step.technique).not.toBe(solution[e.cell]);
      }
      expect([...filled]).toEqual([...solution]);
    }
  });

  test('hard puzzles: every step of the path true to the solution (uniqueness techniques included), no guess', () => {
    const used = new Set<string>();
    for (let index = 1; index <= 8; index++) {
      const { rules, givens, solution } = generateVariant({ variant: 'oddeven', seed: 'sound', index, level: 'hard' });
      const { grade, steps } = gradeWithPath({ rules, givens });
      expect(grade.guesses).toBe(0);
      for (const step of steps) {
        used.add(step.technique);
        for (const p of step.placements) expect(p.digit, step.technique).toBe(solution[p.cell]);
        for (const e of step.eliminations) expect(e.digit, step.technique).not.toBe(solution[e.cell]);
      }
    }
    // Beyond singles and intersections: chains at least.
    expect([...used].some((id) => id.includes('chain') || id.includes('wing') || id.includes('unique') || id.includes('bug'))).toBe(true);
  });

  test('a puzzle that needs its marks: the grader solves it from the marks, and without them it has several solutions', () => {
    // An easy one read back from its line: the same grade through the format.
    const p = made[0]!;
    const read = parseVariantLine(formatVariantLine(p));
    expect(oddEvenLevelOf(read.rules, read.givens)?.level).toBe('easy');
    expect(() => gradeWithPath({ rules: classicRules(9), givens: read.givens })).toThrow(/several solutions/);
  });
});
