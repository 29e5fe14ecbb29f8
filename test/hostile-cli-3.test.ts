/**
 * What a user meets running the CLI's variant books and long runs (audit 9). One book run (a
 * Samurai, the variant that failed) and a few in-process calls: cheap.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatSolution, parseVariantLine } from '../src/formats/line.js';
import { samuraiRules } from '../src/rules/constructors.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { solutionOf } from '../src/render/generated.js';
import { run } from './helpers/cli.js';

describe('a book with a Samurai section', () => {
  test('is written (the generator writes a Samurai solution as its line; the book read its letters as digits: internal error, exit 70)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit9-'));
    const out = join(dir, 'samurai.pdf');
    const result = await run(['book', '--sections', 'samurai-any:1', '--seed', 'a9', '-q', '-o', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    // One puzzle is "1 puzzle", not "1 puzzles".
    expect(result.stdout).toContain('1 puzzle from seed a9:');
  }, 120_000);

  test('solutionOf reads a Samurai solution line and a 6x6 row of digits back to the digits', () => {
    const rules = samuraiRules();
    const solution = solveRules(rules, new Uint8Array(rules.cellCount))!;
    expect(solutionOf(rules, formatSolution(rules, solution))).toEqual(solution);
    const six = parseVariantLine('6x6:..351.5.12.3.3....4163.5...1........');
    const sixSolution = solveRules(six.rules, six.givens)!;
    expect(solutionOf(six.rules, formatSolution(six.rules, sixSolution))).toEqual(sixSolution);
  });
});
