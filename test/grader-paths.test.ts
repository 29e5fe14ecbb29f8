import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Step } from '../src/core/step.js';
import { parsePuzzle } from '../src/core/parse.js';
import { gradePuzzle, gradeWithPath } from '../src/grader/grade.js';

/*
 * Whole solving paths, recorded: every step from 7.5 up (technique, difficulty, what it removes and
 * places) must stay the step Sudoku Explainer's rules choose. The speed-ups of the forcing chains
 * (runs shared between levels and boards, the nested checks done relative to the board) must not
 * change a single one. Regenerate the fixture only for an intended change of the grader.
 */

const FIXTURE = new URL('./fixtures/grader-paths.txt', import.meta.url);

/** forum_hardest_1106 #53 and #100: nested chains of level 3 and of level 4, with their hardest technique. */
const RATING_ONLY = new Map([
  ['..9...7...1...6.8.3.......4.2...5......89.......6.2.1.4.......3.8.2...5...7...9..', 'nested-multiple-forcing-chains'],
  ['..34...8.......1.37........2...9.......5..8...6...7.4...51....8.7...5...9...62.5.', 'nested-dynamic-forcing-chains'],
]);
/** Their grades and paths, kept by the recorded-path test (which runs first). */
const graded = new Map<string, ReturnType<typeof gradeWithPath>>();

function describeStep(step: Step): string {
  if (step.difficulty < 7.5) return '.';
  const eliminations = step.eliminations.map((e) => e.cell * 10 + e.digit).join('/');
  const placements = step.placements.map((p) => p.cell * 10 + p.digit).join('/');
  return `${step.technique}@${step.difficulty.toFixed(1)}:${eliminations}+${placements}`;
}

describe('recorded solving paths', () => {
  const cases = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [puzzle, ...steps] = line.split(' ');
      return [puzzle!, steps] as const;
    });

  it('has forum_hardest and se-rated cases', () => expect(cases.length).toBeGreaterThan(15));

  it.each(cases)('%s', (puzzle, expected) => {
    const path = gradeWithPath(parsePuzzle(puzzle));
    if (RATING_ONLY.has(puzzle)) graded.set(puzzle, path);
    expect(path.steps.map(describeStep)).toEqual(expected);
  });

  it('holds the puzzles whose rating-only grade is checked below', () => {
    for (const puzzle of RATING_ONLY.keys()) expect(cases.map(([p]) => p)).toContain(puzzle);
  });
});

describe('the rating-only path (gradePuzzle: forcing steps found without their chains) grades as the recorded path, up to the nested levels', () => {
  // (grader.test.ts checks level 2 on #1; the paths here are those the test above graded.)
  it.each([...RATING_ONLY])('%s', (puzzle, hardest) => {
    const { grade, steps } = graded.get(puzzle) ?? gradeWithPath(parsePuzzle(puzzle)); // (when run alone)
    expect(grade.hardest).toBe(hardest);
    expect(steps.some((step) => step.chains !== undefined && step.technique.includes('forcing-chains'))).toBe(true);
    expect(gradePuzzle(parsePuzzle(puzzle))).toEqual(grade);
  });
});
