import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/index.js';
import { buildRules, type RulesSpec } from '../src/rules/index.js';
import { countSolutions, solve, type SolveStats } from '../src/solver/index.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { run } from './helpers/cli.js';

/*
 * What a hostile or careful user met on the variant paths (audit of session 18), one case each.
 */

/** The README's Samurai (unique). */
const SAMURAI = 'samurai:.9.62.........598...6..4...8...6..1732.......1..........1.....44.....8......8..../8.............5.....26.1.......6.8.4..5..3.9.1...5...3...3.71....3..97.........8./..4..3...8.......3.....2.........6....2.3....6..1...3......7.......4........5.8../..........6..5.....1.......5.4..6....2.......6...91...2......6...8.2...5...4..3.1/....6...8.....146.8..7..2...23..51.6...3.4............538........1.8..5........4.';

describe('solve writes a Samurai solution our readers take back', () => {
  test('as its samurai line (text and --json), which check reads as the same solution, unique (it wrote 369 digits: "expected 81 cells, found 369")', async () => {
    const text = await run(['solve'], `${SAMURAI} five\n`);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^samurai:([1-9]{81}\/){4}[1-9]{81} five\n$/);
    const json = await run(['solve', '--json'], `${SAMURAI}\n`);
    const solution = (JSON.parse(json.stdout) as { solution: string }).solution;
    expect(`${solution} five\n`).toBe(text.stdout);
    // The values are the solver's, in the line's order.
    const puzzle = parseVariantLine(SAMURAI);
    expect(parseVariantLine(solution).givens).toEqual(solveRules(puzzle.rules, puzzle.givens));
    const checked = await run(['check', '--json'], text.stdout);
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout.split('\n')[0]!)).toMatchObject({ variant: 'samurai', status: 'unique', puzzle: solution, label: 'five' });
    // And solved again, the same line.
    expect((await run(['solve'], text.stdout)).stdout).toBe(text.stdout);
  });
});

/** The README's jigsaw layout, regions 0-8. */
const REGIONS = [...'111111222133131224333335224666635524667555424667555444677888994777789999788888999'].map((ch) => Number(ch) - 1);

describe('nearly empty grids on the 81-cell solver (grid9-solver.ts) count quickly', () => {
  // Each ran 200,000-665,000 nodes through countSolutions and solve before a count started again (on
  // cells, in another order) past a budget of nodes, as band-extra-solver.ts does. (The general
  // solver does the same past a budget growing with the grid: a 16x16 killer with two cages and two
  // givens ran for minutes, now 50,175 nodes, too long for this suite.)
  test.each<[string, RulesSpec, [number, number][]]>([
    ['jigsaw X, 4 at r5c9 and 3 at r6c3 (664,675 nodes, 6.7 s)', { size: 9, regions: REGIONS, diagonalDown: true, diagonalUp: true }, [[44, 4], [47, 3]]],
    ['jigsaw windoku, 3 at r4c6 alone (203,946 nodes, 5 s)', { size: 9, regions: REGIONS, windoku: true }, [[32, 3]]],
  ])('%s', (_, spec, placements) => {
    const rules = buildRules(spec);
    const givens = new Uint8Array(rules.cellCount);
    for (const [cell, digit] of placements) givens[cell] = digit;
    const stats: SolveStats = { nodes: 0, guesses: 0 };
    expect(countSolutions({ rules, givens }, { stats })).toBe(2);
    expect(stats.nodes).toBeLessThan(20_000);
    const values = [...solve({ rules, givens })!].map((ch) => Number.parseInt(ch, 36));
    expect(placements.every(([cell, digit]) => values[cell] === digit)).toBe(true);
    for (const house of rules.houses) expect(new Set(Array.from(house, (cell) => values[cell])).size).toBe(rules.size);
    for (const cage of rules.cages) expect(cage.cells.reduce((sum, cell) => sum + values[cell]!, 0)).toBe(cage.sum);
  });
});

describe.runIf(existsSync('/dev/zero'))('an endless line (/dev/zero) is one line of error, for every reading command', () => {
  test.each(['check', 'solve', 'grade'])('%s: the 16 MiB stop only (a record "line 1 is longer than 65,536 characters" came first)', async (command) => {
    const result = await run([command, '/dev/zero']);
    expect([result.code, result.stdout, result.stderr]).toEqual([2, '', "sudoku-press: cannot read '/dev/zero': line 1 is longer than 16,777,216 characters (not a text of puzzles)\n"]);
  });

  test('a long line that ends is still a record of its own, in its place', async () => {
    const result = await run(['check'], `${'x'.repeat(70_000)}\n${'.'.repeat(81)}\n`);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual(['<stdin>:1: invalid: line 1 is longer than 65,536 characters', '<stdin>:2: multiple']);
  });
});
