import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gradePuzzle } from '../src/grader/grade.js';

/*
 * serate's own ratings of forum_hardest puzzles (Sudoku Explainer 1.2.1.3 built and run locally:
 * minutes per puzzle, so they are recorded). They cover the top of the scale: nested chains with
 * SE's inner producers (cycles, sorted hints), the nested-chain count, and level 4.
 */
const FIXTURE = new URL('./fixtures/forum-serate.tsv', import.meta.url);

describe("serate's ER/EP/ED on forum_hardest puzzles", () => {
  // (#53, #100 and #194, seconds each, are whole recorded paths in grader-paths.test.ts.)
  const all = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
  const rows = all.filter(([line]) => !['53', '100', '194'].includes(line!));

  it('has the puzzles', () => expect(rows.length).toBeGreaterThanOrEqual(19));

  it.each(rows.map(([line, puzzle, er, ep, ed]) => [`#${line} ${er}/${ep}/${ed}`, puzzle!, Number(er), Number(ep), Number(ed)] as const))(
    '%s',
    (_name, puzzle, er, ep, ed) => {
      const grade = gradePuzzle(puzzle);
      expect([grade.rating, grade.pearl, grade.diamond]).toEqual([er, ep, ed]);
      expect(grade.lowerBound).toBe(false);
      expect(grade.guesses).toBe(0);
    },
    30_000,
  );
});
