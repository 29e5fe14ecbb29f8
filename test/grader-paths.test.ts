import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Step } from '../src/core/step.js';
import { parsePuzzle } from '../src/core/parse.js';
import { solvePath } from '../src/grader/grade.js';

/*
 * Whole solving paths, recorded: every step from 7.5 up (technique, difficulty, what it removes and
 * places) must stay the step Sudoku Explainer's rules choose. The speed-ups of the forcing chains
 * (runs shared between levels and boards, the nested checks done relative to the board) must not
 * change a single one. Regenerate the fixture only for an intended change of the grader.
 */

const FIXTURE = new URL('./fixtures/grader-paths.txt', import.meta.url);

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
    expect(solvePath(parsePuzzle(puzzle)).map(describeStep)).toEqual(expected);
  });
});
