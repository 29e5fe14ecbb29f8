import { describe, expect, test } from 'vitest';
import { Solver } from '../src/solver/index.js';
import { parsePuzzle } from '../src/core/parse.js';
import { run } from './helpers/cli.js';
import { fixturePuzzles } from './helpers/data.js';

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const [SEVERAL, SEVERAL_2] = fixturePuzzles('multi_solution_sample.txt');
// EASY with r1c1 = 1 instead of 5: conflicts with no given, but has no solution.
const NONE = `1${EASY.slice(1)}`;
const solver = new Solver();

describe('check --explain', () => {
  test('two solutions, the cells where they differ, the fewest clues to add', async () => {
    const { code, stdout } = await run(['check', '--explain', '--repairs', '2'], `${SEVERAL}\n${EASY}\n`);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('<stdin>:1: multiple');
    expect(lines[1]).toMatch(/^ {2}solution 1: \d{81}$/);
    expect(lines[2]).toMatch(/^ {2}solution 2: \d{81}$/);
    expect(lines[3]).toMatch(/^ {2}they differ in \d+ cells: r\dc\d( r\dc\d)*$/);
    expect(lines[4]).toMatch(/^ {2}repair 1: clues? to add \(the fewest possible: \d\): r\dc\d=\d( r\dc\d=\d)*$/);
    const repaired = lines[5]!.trim();
    expect(solver.count(parsePuzzle(repaired), 2)).toBe(1);
    expect(lines[6]).toMatch(/^ {2}repair 2: /);
    expect(stdout).toContain('<stdin>:2: unique');
  });

  test('no solution: the givens to remove; JSON carries the report', async () => {
    expect(solver.count(parsePuzzle(NONE), 2)).toBe(0);
    const text = await run(['check', '--explain'], `${NONE}\n`);
    expect(text.stdout).toMatch(/<stdin>:1: none\n {2}givens to remove \(the fewest possible: \d\): r\dc\d=\d/);
    const json = await run(['check', '--explain', '--json'], `${NONE}\n${SEVERAL}\n`);
    const [none, several] = json.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(none).toMatchObject({ type: 'puzzle', status: 'none', repair: { proven: true } });
    expect(none.repair.repairs[0].removed[0]).toMatchObject({ cell: expect.stringMatching(/^r\dc\d$/), digit: expect.any(Number) });
    expect(several).toMatchObject({ type: 'puzzle', status: 'multiple', repair: { proven: true } });
    expect(several.repair.solutions).toHaveLength(2);
  });

  test('bad input: conflicting givens (cells and unit), an empty grid, bad options', async () => {
    const conflict = await run(['check', '--explain'], `55${'.'.repeat(79)}\n`);
    expect(conflict.stdout).toContain('invalid: givens conflict: r1c1 and r1c2 both hold 5 in row 1');
    const empty = await run(['check', '--explain'], `${'.'.repeat(81)}\n`);
    expect(empty.stdout).toContain('not explained: the grid is empty');
    expect((await run(['check', '--explain', '--repairs', '0'], EASY)).code).toBe(2);
    expect((await run(['check', '--explain', '--keep-level', 'high'], EASY)).stderr).toContain("--keep-level wants 'low' or a rating");
    expect((await run(['check', '--explain', '--symmetry', 'spiral'], EASY)).code).toBe(2);
    expect((await run(['check', '--explain', '--solution', '123'], EASY)).stderr).toContain('--solution wants 81 digits');
  });
});

describe('repair', () => {
  test('writes one unique puzzle per line with what was added or removed', async () => {
    const { code, stdout, stderr } = await run(['repair'], `${SEVERAL}\n${NONE}\n${EASY}  a label\n${SEVERAL_2}\n`);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^[.1-9]{81} {2}added r\dc\d=\d( r\dc\d=\d)*$/);
    expect(lines[1]).toMatch(/^[.1-9]{81} {2}removed r\dc\d=\d( r\dc\d=\d)*( {2}added r\dc\d=\d( r\dc\d=\d)*)?$/);
    expect(lines[2]).toBe(`${EASY}  unique  a label`);
    for (const line of lines) expect(solver.count(parsePuzzle(line.slice(0, 81)), 2)).toBe(1);
    expect(stderr).toMatch(/repaired 3 of 4 puzzles .*1 already unique, 0 not repaired/);
  });

  test('--json: type repair, then a summary; conflicts and empty grids are errors (exit 1)', async () => {
    const { code, stdout } = await run(['repair', '--json', '--symmetry', 'rotational', '--keep-level', 'low'], `${SEVERAL}\n55${'.'.repeat(79)}\n${'.'.repeat(81)}\n${SOLVED}\n`);
    expect(code).toBe(1);
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(records[0]).toMatchObject({ type: 'repair', status: 'unique', repaired: true, proven: true, original: SEVERAL });
    expect(records[1]).toMatchObject({ type: 'puzzle', status: 'invalid', line: 2 });
    expect(records[1].error).toContain('r1c1 and r1c2 both hold 5');
    expect(records[2]).toMatchObject({ type: 'error', code: 'NOT_REPAIRED', line: 3 });
    expect(records[2].error).toContain('the grid is empty');
    expect(records[3]).toMatchObject({ type: 'repair', repaired: false, puzzle: SOLVED, added: [] });
    expect(records[4]).toMatchObject({ type: 'summary', puzzles: 4, repaired: 1, unique: 1, invalid: 1, failed: 1 });
  });

  test('a missing file is a usage error', async () => {
    const missing = await run(['repair', '/nonexistent/broken.txt']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
