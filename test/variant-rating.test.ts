import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { singlesRating } from '../src/generator/variants/rating.js';
import { gradePuzzle } from '../src/grader/index.js';

/*
 * src/generator/variants/rating.ts gives a beginner puzzle its rating without the grader: it must
 * be the rating SukakuExplainer gives (the rated fixtures: 1.2 or 1.5 where it says so, null for
 * every puzzle it rates above 1.5) and the one our grader gives (puzzles made at every level).
 */
const FIXTURES = new URL('./fixtures/variants/', import.meta.url);
const dataLines = (name: string): string[][] =>
  readFileSync(new URL(name, FIXTURES), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));

describe('singlesRating', () => {
  test.each([
    ['se-rated.txt', 300],
    ['windoku-se-rated.txt', 60],
  ])("%s: SukakuExplainer's ER where it is 1.5 or less, null above", (file, count) => {
    const cases = dataLines(file);
    expect(cases.length).toBe(count);
    let rated = 0;
    for (const [line, , se] of cases) {
      const er = Number(se!.split('/')[0]);
      const { rules, givens } = parseVariantLine(line!);
      const ours = singlesRating(rules, givens);
      if (er <= 1.5) {
        rated++;
        expect(ours, line).toBe(er);
        // Told that hidden singles solve it (as a beginner carving is), the same rating.
        expect(singlesRating(rules, givens, true), line).toBe(er);
      } else expect(ours, line).toBeNull();
    }
    // Both kinds are there to be told apart (79 of the 300 rate 1.2 or 1.5).
    if (file === 'se-rated.txt') expect(rated).toBe(79);
  });

  test.each(['classic', 'x', 'jigsaw', 'windoku'] as const)("%s: the grader's rating on puzzles of every level (null above 1.5)", (variant) => {
    const seen = new Set<number | null>();
    for (const level of ['beginner', 'easy', 'medium'] as const) {
      for (let index = 1; index <= (level === 'beginner' ? 12 : 3); index++) {
        const p = generateVariant({ variant, level, seed: 'singles-rating', index });
        const grade = gradePuzzle({ rules: p.rules, givens: p.givens });
        const ours = singlesRating(p.rules, p.givens);
        expect(ours, p.text).toBe(grade.rating <= 1.5 ? grade.rating : null);
        if (level === 'beginner') expect(p.rating).toBe(grade.rating);
        seen.add(ours);
      }
    }
    expect(seen.has(null)).toBe(true);
  }, 60_000);

  test('a puzzle with every cell given, or with two equal givens in a house, is left to the grader', () => {
    const { rules, givens } = parseVariantLine(dataLines('se-rated.txt')[0]![0]!);
    const solution = Uint8Array.from(dataLines('se-rated.txt')[0]![1]!, (ch) => Number(ch));
    expect(singlesRating(rules, solution)).toBeNull();
    const broken = Uint8Array.from(givens);
    const first = broken.findIndex((d) => d !== 0);
    const other = broken.findIndex((d, cell) => d === 0 && Math.floor(cell / 9) === Math.floor(first / 9));
    broken[other] = broken[first]!;
    expect(singlesRating(rules, broken)).toBeNull();
  });
});
