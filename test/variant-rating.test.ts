import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { singlesRating } from '../src/generator/variants/rating.js';
import { gradePuzzle } from '../src/grader/index.js';
import { geometryOf } from '../src/core/geometry.js';
import { classicRules, samuraiRules, withDiagonals, withWindoku } from '../src/rules/constructors.js';
import type { Rules } from '../src/rules/types.js';
import { fillRules } from '../src/generator/variants/fill.js';
import { puzzleRandom } from '../src/generator/random.js';

/**
 * The rating by the definition, slowly: with candidates made afresh from the placed cells each time,
 * place full houses (1.0), then also hidden singles in boxes (1.2), then in every house (1.5),
 * one at a time until the grid is full (that rating) or nothing is found at 1.5 (null).
 */
function ratingByDefinition(rules: Rules, givens: ArrayLike<number>): number | null {
  const nine = rules.size === 9 && rules.cellCount === 81;
  const houses: number[][] = [];
  const box: boolean[] = [];
  if (nine) {
    const g = geometryOf(rules);
    for (let h = 0; h < g.houseCount; h++) {
      houses.push(Array.from(g.houseCells.subarray(h * 9, h * 9 + 9)));
      box.push(g.houseKinds[h] === 'box');
    }
  } else rules.houses.forEach((house, h) => (houses.push(Array.from(house)), box.push(rules.houseKinds[h] === 'box')));
  const values = Array.from(givens);
  if (!values.includes(0)) return null;
  const housesOf = values.map((_, cell) => houses.flatMap((house, h) => (house.includes(cell) ? [h] : [])));
  // Made afresh from the placed cells after every placement.
  let placedIn: number[] = [];
  const candidate = (cell: number, d: number): boolean => housesOf[cell]!.every((h) => (placedIn[h]! & (1 << d)) === 0);
  let rating = 1.0;
  for (;;) {
    if (!values.includes(0)) return rating;
    placedIn = houses.map((house) => house.reduce((mask, cell) => mask | (values[cell]! === 0 ? 0 : 1 << values[cell]!), 0));
    let found = false;
    for (const rung of [1.0, 1.2, 1.5]) {
      for (let h = 0; h < houses.length && !found; h++) {
        const empty = houses[h]!.filter((cell) => values[cell] === 0);
        if (empty.length === 0 || (rung === 1.0 && empty.length > 1) || (rung === 1.2 && empty.length > 1 && !box[h])) continue;
        for (let d = 1; d <= rules.size && !found; d++) {
          if ((placedIn[h]! & (1 << d)) !== 0) continue;
          const spots = empty.filter((cell) => candidate(cell, d));
          if (spots.length !== 1) continue;
          values[spots[0]!] = d;
          rating = Math.max(rating, rung);
          found = true;
        }
      }
      if (found) break;
    }
    if (!found) return null;
  }
}

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

  test.each([
    ['4x4', classicRules(4)],
    ['6x6', classicRules(6)],
    ['classic', classicRules(9)],
    ['x', withDiagonals(classicRules(9))],
    ['windoku', withWindoku(classicRules(9))],
  ] as const)('%s: the rating by its definition on random subsets of a solution and on beginner puzzles (1.0, 1.2 and null met; 1.5 on 9x9)', (name, rules) => {
    const seen = new Set<number | null>();
    const check = (puzzleRules: Rules, givens: Uint8Array): void => {
      const want = ratingByDefinition(puzzleRules, givens);
      expect(singlesRating(puzzleRules, givens), `${name} ${Array.from(givens).join('')}`).toBe(want);
      seen.add(want);
    };
    for (let index = 1; index <= 40; index++) {
      const random = puzzleRandom('rating-definition', name, index);
      const solution = fillRules(rules, random)!;
      // From nearly full (full houses) to sparse (box singles, or nothing).
      const keep = 0.3 + 0.65 * random.next();
      check(rules, solution.map((digit) => (random.next() < keep ? digit : 0)));
    }
    for (let index = 1; index <= 8; index++) {
      const p = generateVariant({ variant: name, level: 'beginner', seed: 'rating-definition', index });
      check(p.rules, p.givens);
    }
    expect([...seen].sort()).toEqual(rules.size === 9 ? [1, 1.2, 1.5, null] : [1, 1.2, null]);
  });

  test('samurai: the rating by its definition on random subsets of a solution', () => {
    const rules = samuraiRules();
    for (let index = 1; index <= 6; index++) {
      const random = puzzleRandom('rating-definition', 'samurai', index);
      const solution = fillRules(rules, random)!;
      const givens = solution.map((digit) => (random.next() < 0.5 + 0.08 * index ? digit : 0));
      expect(singlesRating(rules, givens)).toBe(ratingByDefinition(rules, givens));
    }
  });

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
