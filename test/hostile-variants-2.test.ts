import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/index.js';
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
