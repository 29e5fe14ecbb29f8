import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { puzzleRandom } from '../src/generator/random.js';
import { carve } from '../src/generator/variants/carve.js';
import { orbitsOf } from '../src/generator/variants/generate.js';
import { singlesGeneralRating } from '../src/generator/variants/direct-rating.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { gradePuzzle } from '../src/grader/grade.js';
import { parseVariantLine } from '../src/formats/line.js';
import { classicRules } from '../src/rules/index.js';
import { solveRules } from '../src/solver/rules-solver.js';

/*
 * direct-rating.ts reads the general grader's rating of an easy carving (singles solve it, hidden
 * singles do not) off the closures of its rungs up to 2.3, without the grader's path: it must be
 * the grader's, direct techniques and naked single alike.
 */
describe('the easy rating read off the closures is the general grader\'s', () => {
  it.each([
    ['6x6', 12],
    ['8x8', 10],
    ['12x12', 3],
  ] as const)('%s easy puzzles', (variant, count) => {
    const seen = new Set<number>();
    for (let index = 1; index <= count; index++) {
      const p = generateVariant({ variant, seed: 'direct-rating', index, level: 'easy', minClues: 0 });
      const grade = gradePuzzle({ rules: p.rules, givens: p.givens });
      expect(singlesGeneralRating(p.rules, p.givens), `${variant} ${index}`).toBe(grade.rating);
      expect(p.rating).toBe(grade.rating);
      seen.add(grade.rating);
    }
    if (variant !== '12x12') expect([...seen].some((rating) => rating < 2.3), 'a direct technique\'s rating').toBe(true);
  });

  it('on 6x6 with diagonals (direct steps remove candidates there too): carvings singles solve, from the solutions of the fixture\'s puzzles', () => {
    const lines = readFileSync(new URL('./fixtures/general/technique-sources.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((row) => row.startsWith('6x6-x\t'))
      .map((row) => row.split('\t')[1]!);
    let easyCount = 0;
    for (const [index, line] of lines.entries()) {
      const { rules, givens } = parseVariantLine(line);
      const solution = solveRules(rules, givens)!;
      const orbits = orbitsOf(rules, 'none');
      for (let k = 0; k < 8; k++) {
        const carved = carve(rules, solution, orbits, puzzleRandom('direct-rating', '6x6-x', index * 8 + k), 'singles', 0).givens;
        const rating = gradePuzzle({ rules, givens: carved }).rating;
        const easy = rating > 1.5 && rating <= 2.3;
        expect(singlesGeneralRating(rules, carved), `${line} carving ${k}`).toBe(easy ? rating : null);
        if (easy) easyCount++;
      }
    }
    // Most singles-minimal carvings here need hidden singles only (2 of these 80 need more): the rest check the null side.
    expect(easyCount).toBeGreaterThanOrEqual(2);
  });

  it('says nothing on 9x9 rules (the 9x9 grader rates them) nor where hidden singles solve', () => {
    const line = '.14795.325384..7199.21836452435761981592384.6786914523825347961397651284.618.9357';
    expect(singlesGeneralRating(classicRules(9), Uint8Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch))))).toBeNull();
    const p = generateVariant({ variant: '6x6', seed: 'direct-rating', index: 1, level: 'beginner' });
    expect(singlesGeneralRating(p.rules, p.givens)).toBeNull();
  });
});
