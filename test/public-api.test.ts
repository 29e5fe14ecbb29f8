import { describe, expect, test } from 'vitest';
// Imported by the package name: resolves through package.json "exports" to the built dist/.
import {
  Solver,
  countSolutions,
  generateOne,
  gradePuzzle,
  hintStep,
  LEVELS,
  parsePuzzle,
  PuzzleFormatError,
  repairPuzzle,
  solve,
} from 'sudoku-press';
import { templateNames } from 'sudoku-press/node';

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

describe('the public API, imported as a user would', () => {
  test('parse, count, solve', () => {
    const grid = parsePuzzle(HARD1);
    expect(countSolutions(grid)).toBe(1);
    expect(solve(grid)).toBe('417369825632158947958724316825437169791586432346912758289643571573291684164875293');
    const solver = new Solver();
    expect(solver.count(new Uint8Array(81), 2)).toBe(2);
  });

  test('bad input throws a PuzzleFormatError with a stable code', () => {
    expect(() => parsePuzzle('12x')).toThrow(PuzzleFormatError);
    try {
      parsePuzzle('12x');
    } catch (error) {
      expect((error as PuzzleFormatError).code).toBe('BAD_CHARACTER');
    }
  });

  test('grade, hint, generate, templates', () => {
    // Sudoku Explainer rates this one 6.6 (a forcing X-chain).
    const grade = gradePuzzle(parsePuzzle('91.8.6..2..6.....1....1..5.7..154..9..93.82..4..962..3.7..8....3.....5..6..4.5.27'));
    expect(grade.rating).toBe(6.6);
    expect(grade.hardest).toBe('forcing-x-chain');
    expect(grade.level).toBe('expert');
    expect(LEVELS.map((row) => row.level)).toContain(grade.level);
    expect(hintStep(parsePuzzle(HARD1))).not.toBeNull();
    const puzzle = generateOne('api-test', 1, { difficulty: 'easy' });
    expect(countSolutions(puzzle.puzzle)).toBe(1);
    expect(puzzle.grade.level).toBe('easy');
    expect(templateNames()).toContain('letter-4up');
    expect(grade.pearl).toBe(1.0);
    expect(grade.diamond).toBe(1.0);
  });

  test('repair', () => {
    const report = repairPuzzle(parsePuzzle('8.........95.......76.........426798...571243...893165......916....3.487....1.532'));
    expect(report).toMatchObject({ status: 'multiple', minimum: 3, proven: true });
  });
});
