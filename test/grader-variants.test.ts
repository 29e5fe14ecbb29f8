import { readFileSync } from 'node:fs';
import { describe, expect, it, test } from 'vitest';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import { geometryOf } from '../src/core/geometry.js';
import type { Step } from '../src/core/step.js';
import { parseVariantLine } from '../src/formats/line.js';
import { describeStep } from '../src/grader/explain.js';
import { GradeError, gradePuzzle, hintStep, nextStep, solvePath } from '../src/grader/grade.js';
import { classicRules, samuraiRules, withCages } from '../src/rules/constructors.js';
import { techniqueById } from '../src/techniques/registry.js';

/*
 * The basic ladder on 9x9 variants (jigsaw, X): one technique instance per line, soundness of
 * every step on the 300 SukakuExplainer-rated training puzzles, and agreement with its ratings.
 */
const FIXTURES = new URL('./fixtures/variants/', import.meta.url);
const dataLines = (name: string): string[][] =>
  readFileSync(new URL(name, FIXTURES), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));

const digits = (text: string): number[] => Array.from(text, (ch) => (ch === '.' ? 0 : Number(ch)));

/** Whether a step keeps the solution: places its digits, removes none of them. */
function keepsSolution(step: Step, solution: readonly number[]): boolean {
  return step.placements.every((p) => solution[p.cell] === p.digit) && step.eliminations.every((e) => solution[e.cell] !== e.digit);
}

describe('technique instances on variants (test/fixtures/variants/technique-steps.txt)', () => {
  const cases = dataLines('technique-steps.txt');
  it('covers every basic family on jigsaw and X', () => {
    // A jigsaw whose piece is also a row: one house less (26), every technique still on.
    const { rules } = parseVariantLine('....2..8...5.69...9........5.1....9..8.....2..3....7.5........7...38.2...6..9.... 112223333112224533162224533166444537164448577166848577168888577668855577999999999');
    expect(geometryOf(rules).houseCount).toBe(26);
    expect(gradePuzzle({ rules, givens: parseVariantLine('....2..8...5.69...9........5.1....9..8.....2..3....7.5........7...38.2...6..9.... 112223333112224533162224533166444537164448577166848577168888577668855577999999999').givens }).rating).toBe(3.4);
    const ids = new Set(cases.map((c) => c[1]));
    for (const id of ['hidden-single-house', 'direct-claiming', 'claiming', 'generalized-intersection', 'naked-pair', 'x-wing', 'xy-wing', 'aligned-triple-exclusion', 'unique-rectangle-1', 'bug-1']) expect(ids).toContain(id);
    expect(cases.length).toBeGreaterThan(60);
  });
  test.each(cases)('%s %s', (position, technique, expected, solution) => {
    const { rules, givens } = parseVariantLine(position!);
    const geometry = geometryOf(rules);
    const step = techniqueById(technique!)!.find(boardFromGrid(givens, geometry), { uniqueness: true, geometry });
    expect(step).not.toBeNull();
    expect(describeStep(step!, geometry)).toBe(expected);
    expect(keepsSolution(step!, digits(solution!))).toBe(true);
  });
});

describe.each([
  ['se-rated.txt', 300],
  ['windoku-se-rated.txt', 60],
])('the SukakuExplainer-rated puzzles of %s', (file, count) => {
  const cases = dataLines(file);

  // Every third puzzle (a third of each level: the files go level by level): the agreement test below
  // grades them all, and the suite's time is bounded (the whole property: 6.9 s of CPU).
  it('no step ever places a wrong digit or removes a solution digit (every third puzzle)', () => {
    for (const [line, solution] of cases.filter((_, i) => i % 3 === 0)) {
      const { rules, givens } = parseVariantLine(line!);
      const geometry = geometryOf(rules);
      const expected = digits(solution!);
      const board = boardFromGrid(givens, geometry);
      for (const step of solvePath({ rules, givens })) {
        expect(keepsSolution(step, expected), `${line}: ${describeStep(step, geometry)}`).toBe(true);
        applyStep(board, step, geometry);
      }
      expect(Array.from(board.values)).toEqual(expected);
    }
  });

  it("ER/EP/ED equal SukakuExplainer's on every puzzle", () => {
    let n = 0;
    const differ: string[] = [];
    for (const [line, , se] of cases) {
      n++;
      const { rules, givens } = parseVariantLine(line!);
      const g = gradePuzzle({ rules, givens });
      const ours = `${g.rating.toFixed(1)}/${g.pearl.toFixed(1)}/${g.diamond.toFixed(1)}`;
      if (ours !== se) differ.push(`${line} SE ${se} ours ${ours} (${g.hardest})`);
    }
    expect(n).toBe(count);
    expect(differ, differ.join('\n')).toEqual([]);
  });
});

describe('classic input is unchanged and variant puzzles are accepted everywhere', () => {
  it('hintStep takes a { rules, givens } puzzle and names its houses', () => {
    const [line] = dataLines('se-rated.txt')[0]!;
    const { rules, givens } = parseVariantLine(line!);
    const step = hintStep({ rules, givens })!;
    expect(step.placements.length).toBe(1);
    expect(describeStep(step, geometryOf(rules))).toMatch(/^Hidden single: in (row|column|region) \d, \d fits only r\dc\d$/);
  });

  it('nextStep takes a puzzle too; classic rules as a puzzle grade as the classic grid', () => {
    const grid = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const givens = Uint8Array.from(digits(grid));
    expect(gradePuzzle({ rules: classicRules(9), givens })).toEqual(gradePuzzle(grid));
    expect(nextStep({ rules: classicRules(9), givens })).toEqual(nextStep(boardFromGrid(grid)));
  });

  it('leaves rules other than 9x9 to the general grader (test/grader-general.test.ts): an empty 6x6 or Samurai has several solutions', () => {
    for (const rules of [classicRules(6), samuraiRules()]) {
      let error: unknown;
      try {
        gradePuzzle({ rules, givens: new Uint8Array(rules.cellCount) });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(GradeError);
      expect((error as GradeError).code).toBe('MULTIPLE_SOLUTIONS');
    }
  });

  it('grades a killer with the house techniques (cages as peers, no uniqueness techniques): every step keeps the solution', () => {
    const [line, solution] = dataLines('se-rated.txt').find((c) => c[0]!.startsWith('x:'))!;
    const read = parseVariantLine(line!);
    const givens = read.givens;
    const rules = withCages(read.rules, [{ cells: [0, 1], sum: digits(solution!)[0]! + digits(solution!)[1]! }]);
    expect(rules.variant).toContain('killer');
    const geometry = geometryOf(rules);
    for (const step of solvePath({ rules, givens })) expect(keepsSolution(step, digits(solution!)), describeStep(step, geometry)).toBe(true);
  });
});
