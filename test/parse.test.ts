import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PuzzleFormatError } from '../src/core/errors.js';
import { formatGrid } from '../src/core/grid.js';
import { parsePuzzle, parsePuzzles, type ReadResult } from '../src/core/parse.js';

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

function all(text: string): ReadResult[] {
  return [...parsePuzzles(text, { source: 'in.txt' })];
}

function errorOf(text: string): PuzzleFormatError {
  const results = all(text);
  const failed = results.find((r) => !r.ok);
  if (!failed || failed.ok) throw new Error('expected an error');
  return failed.error;
}

describe('reading puzzles', () => {
  test('every empty-cell mark reads as empty', () => {
    for (const mark of ['.', '0', '_', '*', '-']) {
      expect(formatGrid(parsePuzzle(HARD1.replaceAll('.', mark)))).toBe(HARD1);
    }
  });

  test('text after the 81 cells is the label; comments and blank lines are skipped', () => {
    const results = all(`# a comment\n\n${HARD1}  hard1 ER 9.0\n${HARD1}\t#2\n${HARD1}\n`);
    expect(results.map((r) => (r.ok ? [r.puzzle.line, r.puzzle.label] : null))).toEqual([
      [3, 'hard1 ER 9.0'],
      [4, '#2'],
      [5, undefined],
    ]);
  });

  test('a 9-line grid with separators, as printed by common solvers', () => {
    const printed = formatGrid(parsePuzzle(HARD1), { style: 'grid' });
    expect(printed.split('\n')).toHaveLength(11);
    const results = all(`${printed}\n\n${printed.replaceAll(' ', '').replaceAll('|', '')}\n`);
    expect(results).toHaveLength(2);
    for (const r of results) expect(r.ok && formatGrid(r.puzzle.grid)).toBe(HARD1);
    expect(results[0]!.ok && results[0]!.puzzle.line).toBe(1);
  });

  test('a grid drawn with + and | borders', () => {
    const rows = HARD1.match(/.{9}/g)!.map((r) => `| ${r.slice(0, 3)} | ${r.slice(3, 6)} | ${r.slice(6)} |`);
    const rule = '+-----+-----+-----+';
    const text = [rule, ...rows.slice(0, 3), rule, ...rows.slice(3, 6), rule, ...rows.slice(6), rule].join('\n');
    expect(formatGrid(parsePuzzle(text))).toBe(HARD1);
  });

  test('a record with the wrong number of cells names the line and the count', () => {
    const error = errorOf(`${HARD1}\n${HARD1.slice(0, 80)}\n`);
    expect(error).toBeInstanceOf(PuzzleFormatError);
    expect(error.code).toBe('CELL_COUNT');
    expect(error.line).toBe(2);
    expect(error.message).toBe('in.txt:2: expected 81 cells (or a grid row of 9), found 80');
    expect(errorOf(`${HARD1}5\n`).message).toBe('in.txt:1: expected 81 cells, found 82');
  });

  test('an unexpected character is named with its column', () => {
    const error = errorOf(`${HARD1.slice(0, 16)}x${HARD1.slice(17)}\n`);
    expect(error.code).toBe('BAD_CHARACTER');
    expect(error.column).toBe(17);
    expect(error.message).toBe("in.txt:1:17: unexpected character 'x' at column 17");
  });

  test('conflicting givens name both cells and the unit', () => {
    const error = errorOf(`4${HARD1.slice(1, 8)}4${HARD1.slice(9)}\n`.replace(/^4(.{7})4/, '4$14'));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('r1c1 and r1c9 both hold 4 in row 1');
    const withGivens = (givens: Record<number, number>) => Array.from({ length: 81 }, (_, cell) => givens[cell] ?? '.').join('');
    expect(errorOf(withGivens({ 0: 4, 36: 4 })).message).toBe('in.txt:1: givens conflict: r1c1 and r5c1 both hold 4 in column 1');
    expect(errorOf(withGivens({ 0: 6, 10: 6 })).message).toBe('in.txt:1: givens conflict: r1c1 and r2c2 both hold 6 in box 1');
  });

  test('a grid that stops short is reported, and reading goes on after it', () => {
    const rows = HARD1.match(/.{9}/g)!;
    const results = all([...rows.slice(0, 4), '', HARD1].join('\n'));
    expect(results).toHaveLength(2);
    expect(!results[0]!.ok && results[0]!.error.code).toBe('INCOMPLETE_GRID');
    expect(!results[0]!.ok && results[0]!.error.message).toBe('in.txt:1: grid has 4 rows (36 cells), expected 9 rows of 9 cells');
    expect(results[1]!.ok).toBe(true);
  });

  test('parsePuzzle wants exactly one puzzle', () => {
    expect(() => parsePuzzle('')).toThrow(/no puzzle found/);
    expect(() => parsePuzzle(`${HARD1}\n${HARD1}`)).toThrow(/expected one puzzle, found 2/);
  });
});

describe('properties', () => {
  const gridArb = fc.uint8Array({ minLength: 81, maxLength: 81, max: 9 });

  test('format then parse gives back the same grid, as a line and as a printed grid', () => {
    fc.assert(
      fc.property(gridArb, fc.constantFrom('line' as const, 'grid' as const), fc.constantFrom('.', '0'), (grid, style, empty) => {
        const text = formatGrid(grid, { style, empty });
        const parsed = parsePuzzle(text, { rejectConflicts: false });
        expect(Array.from(parsed)).toEqual(Array.from(grid));
      }),
      { numRuns: 500 },
    );
  });

  test('random text never makes the reader throw; every failure is a PuzzleFormatError', () => {
    const alphabet = fc.constantFrom(...'123456789.0_*-|+ \t\nx#:\r'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 400 }).map((chars) => chars.join('')), (text) => {
        for (const result of parsePuzzles(text)) {
          if (!result.ok) expect(result.error).toBeInstanceOf(PuzzleFormatError);
        }
        try {
          parsePuzzle(text);
        } catch (error) {
          expect(error).toBeInstanceOf(PuzzleFormatError);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('arbitrary unicode strings too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        try {
          parsePuzzle(text);
        } catch (error) {
          expect(error).toBeInstanceOf(PuzzleFormatError);
        }
      }),
      { numRuns: 200 },
    );
  });
});
