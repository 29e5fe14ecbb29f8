import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyStep, boardFromGrid } from '../src/core/board.js';
import { geometryOf } from '../src/core/geometry.js';
import type { Step } from '../src/core/step.js';
import { describeStep, formatUnits, houseName } from '../src/grader/explain.js';
import { fromSoloId, parseVariantLine } from '../src/formats/index.js';
import { gradeWithPath } from '../src/grader/index.js';
import { solveRules } from '../src/solver/rules-solver.js';
import { expectSound } from './helpers/soundness.js';
import { hintTiers } from '../src/grader/hint-tiers.js';
import { KILLER_TECHNIQUES } from '../src/techniques/killer/index.js';
import { ladderFor } from '../src/techniques/registry.js';
import { run } from './helpers/cli.js';
import { readKillerCases } from './helpers/killer-fixtures.js';

/*
 * grade, explain and hint on killers (and killer X) through the CLI in-process, from every input
 * format: Solo IDs, killer variant lines, f-puzzles killercage.
 */
const FIXTURES = new URL('./fixtures/variants/', import.meta.url).pathname;
const lines = (name: string): string[] =>
  readFileSync(join(FIXTURES, name), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
const SOLO_KILLER = lines('solo-ids.txt').find((line) => line.startsWith('3x3k:'))!;
const SOLO_KILLER_X = lines('solo-ids.txt').find((line) => line.startsWith('3x3xk:'))!;
const FPUZZLES = lines('fpuzzles-lines.jsonl');
const [OURS, STUCK, JIGSAW_KILLER] = lines('killer-graded.txt') as [string, string, string];

describe('grade', () => {
  test('a Solo killer: text and --json give the rating, pearl and diamond', async () => {
    const text = await run(['grade'], `${SOLO_KILLER}\n`);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^killer:\.{81} cages=\S+ sums=[0-9,]+ {2}2\.0\/1\.8\/1\.6 {2}easy {2}cage-combination {2}0 guesses\n$/);
    const json = JSON.parse((await run(['grade', '--json'], `${SOLO_KILLER}\n`)).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ variant: 'killer', status: 'graded', rating: 2, pearl: 1.8, diamond: 1.6, level: 'easy', guesses: 0, unique: true });
    expect(Object.keys(json['counts'] as object)).toContain('innies');
  });

  test('the same killer as f-puzzles JSON grades the same; killer X (f-puzzles and Solo ID) too', async () => {
    const fpuzzles = await run(['grade'], `${FPUZZLES[0]}\n${FPUZZLES[3]}\n${SOLO_KILLER_X}\n`);
    expect(fpuzzles.code, fpuzzles.stderr).toBe(0);
    const out = fpuzzles.stdout.trimEnd().split('\n');
    expect(out[0]).toMatch(/^killer:.* {2}2\.0\/1\.8\/1\.6 {2}easy {2}cage-combination {2}0 guesses {2}Solo killer vf2$/);
    expect(out[1]).toMatch(/^x\+killer:.* {2}2\.0\/1\.8\/1\.6 {2}easy {2}cage-combination {2}0 guesses {2}Solo killer X vf6$/);
    expect(out[2]).toMatch(/^x\+killer:.* {2}2\.0\/1\.8\/1\.6 {2}easy {2}cage-combination {2}0 guesses$/);
  });

  test('one of ours (a killer variant line) needs a generalised intersection (cage-mates as peers): medium', async () => {
    const grade = await run(['grade'], `${OURS}\n`);
    expect(grade.code, grade.stderr).toBe(0);
    expect(grade.stdout).toContain('  2.9/1.0/1.0  medium  generalized-intersection  0 guesses');
  });

  test('a killer the ladder cannot finish: rated by a guess (11.0, extreme), never a wrong or missing answer', async () => {
    const json = JSON.parse((await run(['grade', '--json'], `${STUCK}\n`)).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ status: 'graded', rating: 11, level: 'extreme', hardest: 'guess', guesses: 1, lowerBound: false });
    const explain = await run(['explain', STUCK]);
    expect(explain.code, explain.stderr).toBe(0);
    expect(explain.stdout).toMatch(/\[11\.0\] Guess: no technique applies; r\dc\d has candidates [\d, and]+, try \d \(the solver confirms it leads to a solution\)/);
    expect(explain.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Rating 11\.0 \(extreme\); .*hardest: Guess; \d+ steps, 1 guess$/);
  }, 60_000);
});

describe('the grader on killers', () => {
  test('the stuck killer: every step of its path (the guess included) keeps the solution, and the path fills the grid', () => {
    const { rules, givens } = parseVariantLine(STUCK);
    const solution = solveRules(rules, givens)!;
    const { grade, steps } = gradeWithPath({ rules, givens });
    expect(grade).toMatchObject({ rating: 11, level: 'extreme', guesses: 1 });
    steps.forEach((step, i) => expectSound(step, solution, `step ${i + 1}`));
    expect(steps.reduce((n, step) => n + step.placements.length, 0)).toBe(81);
    expect(steps.findIndex((step) => step.technique === 'guess')).toBeGreaterThan(0);
  }, 60_000);

  test('on killers the easiest step wins: no technique of the ladder offers an easier one at any step', () => {
    const { rules, givens } = fromSoloId(SOLO_KILLER);
    const geometry = geometryOf(rules);
    const { steps } = gradeWithPath({ rules, givens });
    const ladder = ladderFor(geometry).filter((def) => def.difficulty < 6); // the chains cost seconds and none is needed here
    const board = boardFromGrid(Array.from(givens), geometry);
    const changes = (step: Step): boolean =>
      step.placements.some((p) => board.values[p.cell] === 0) || step.eliminations.some((e) => (board.candidates[e.cell]! & (1 << (e.digit - 1))) !== 0);
    for (const [i, step] of steps.entries()) {
      for (const def of ladder) {
        const other = def.find(board, { uniqueness: false, geometry });
        if (other !== null && changes(other)) expect(other.difficulty, `step ${i + 1}: ${step.technique} but ${other.technique}`).toBeGreaterThanOrEqual(step.difficulty);
      }
      applyStep(board, step, geometry);
    }
  });
});

describe('explain and hint', () => {
  test('a jigsaw killer (Solo 9jk): graded, innies over regions, cage hints', async () => {
    const grade = await run(['grade'], `${JIGSAW_KILLER}\n`);
    expect(grade.stdout).toMatch(/^jigsaw\+killer:.* {2}1\.9\/1\.8\/1\.6 {2}easy {2}direct-claiming {2}0 guesses\n$/);
    const explain = await run(['explain', JIGSAW_KILLER]);
    expect(explain.stdout).toContain('Innies (rule of 45): the cells of region 9 add up to 45; the cages wholly inside make 44, so the cells left over (r7c5) add up to 1: r7c5 = 1');
    expect((await run(['hint', '--tier', '1', JIGSAW_KILLER])).stdout).toBe('Look at the 2-cell cage of 4 at row 1, column 1.\n');
  });

  test('explain: the first step names the cage by its cells and total; the path ends with the rating', async () => {
    const explain = await run(['explain', SOLO_KILLER]);
    expect(explain.code, explain.stderr).toBe(0);
    const out = explain.stdout.trimEnd().split('\n');
    expect(out[0]).toMatch(/^Puzzle killer:.* \(killer\)$/);
    expect(out[1]).toBe(
      '   1. [1.6] Cage combination: the empty cells of the 2-cell cage of 3 (r6c6 and r7c6) must add up to 3, which only 1+2 can make with their candidates, so they can only be 1 and 2: remove 3, 4, 5, 6, 7, 8 and 9 from r6c6 and r7c6',
    );
    expect(explain.stdout).toMatch(/Innies \(rule of 45\): the cells of \w+ \d add up to 45; the cages wholly inside make \d+, so the cells left over \(r\dc\d\) add up to \d: r\dc\d = \d/);
    expect(out.at(-1)).toBe('Rating 2.0 (easy); pearl (EP) 1.8 (first placement: step 2); diamond (ED) 1.6; hardest: Cage combination; 104 steps, no guess');
    expect(explain.stdout).not.toMatch(/\{[A-Za-z]/);
  });

  test('explain --json of ours and of a killer X: every text filled, diagonals named', async () => {
    for (const puzzle of [OURS, SOLO_KILLER_X]) {
      const object = JSON.parse((await run(['explain', '--json', puzzle])).stdout) as { grade: { rating: number }; steps: { technique: string; text: string }[] };
      expect(object.steps.length).toBeGreaterThan(50);
      for (const step of object.steps) expect(step.text, step.technique).not.toMatch(/\{[A-Za-z]|undefined|NaN/);
      expect(object.steps.some((step) => KILLER_TECHNIQUES.some((def) => def.id === step.technique))).toBe(true);
    }
  });

  test('houses of killer X are named: diagonals, boxes together, no classic name past house 26', () => {
    const geometry = geometryOf(fromSoloId(SOLO_KILLER_X).rules);
    const down = geometry.houseKinds.indexOf('diagonal');
    expect(down).toBeGreaterThanOrEqual(27);
    const step = { technique: 'hidden-single-house', difficulty: 1.5, placements: [{ cell: 0, digit: 4 }], eliminations: [], pattern: { cells: [0], digits: [4], units: [down] } };
    expect(describeStep(step, geometry)).toBe('Hidden single: in the down diagonal, 4 fits only r1c1');
    expect(hintTiers(step, geometry).where).toBe('Look at the down diagonal.');
    expect(formatUnits([18, 19], geometry)).toBe('boxes 1 and 2');
    expect(formatUnits([0, down], geometry)).toBe('row 1 and the down diagonal');
    expect(houseName(down)).toBe(`house ${down + 1}`);
  });

  test('hint: the step, then the three tiers in plain words naming the cage', async () => {
    const hint = await run(['hint', SOLO_KILLER]);
    expect(hint.stdout).toBe(
      '[1.6] Cage combination: the empty cells of the 2-cell cage of 3 (r6c6 and r7c6) must add up to 3, which only 1+2 can make with their candidates, so they can only be 1 and 2: remove 3, 4, 5, 6, 7, 8 and 9 from r6c6 and r7c6\n',
    );
    const tiers = (await run(['hint', '--tier', '3', SOLO_KILLER])).stdout.trimEnd().split('\n');
    expect(tiers).toEqual([
      'Look at the 2-cell cage of 3 at row 6, column 6.',
      'The empty cells of a cage must add up to what its total still needs, with different digits: only a few sets of digits make that sum, and a digit in none of them cannot go there.',
      'The empty cells of the 2-cell cage of 3 at row 6, column 6 must add up to 3: only 1+2 do, so they can only be 1 and 2. Cross out the 3, 4, 5, 6, 7, 8 and 9 in row 6, column 6 and row 7, column 6.',
    ]);
    const json = JSON.parse((await run(['hint', '--json', '--tier', '1', OURS])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ variant: 'killer', solved: false, step: { technique: 'killer-single' }, tiers: { where: 'Look at the 1-cell cage of 7 at row 5, column 7.' } });
  });
});

describe('killer texts and hint tiers, on every killer technique instance', () => {
  const cases = readKillerCases(new URL('./fixtures/killer-techniques.txt', import.meta.url).pathname);
  const byId = new Map(KILLER_TECHNIQUES.map((def) => [def.id, def]));

  test.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const step = byId.get(c.technique)!.find(c.board, { uniqueness: false, geometry: c.geometry })!;
    const geometry = geometryOf(c.rules);
    expect(describeStep(step, geometry)).not.toMatch(/\{[A-Za-z]|undefined|NaN/);
    const tiers = hintTiers(step, geometry);
    for (const tier of [tiers.where, tiers.idea, tiers.answer]) expect(tier).not.toMatch(/\{[A-Za-z]|undefined|NaN|\?/);
    // Cage steps name their cage by size, total and first cell; rule-of-45 steps their houses.
    if (['innies', 'outies'].includes(c.technique)) expect(tiers.where).toMatch(/^Look at .*(row|column|box).* and the cages (inside|reaching into) them\.$/);
    else if (c.technique === 'house-combination') expect(tiers.where).toMatch(/^Look at the cages inside (row|column|box) \d\.$/);
    else expect(tiers.where).toMatch(/^Look at the \d-cell cage of \d+ at row \d, column \d/);
    expect(tiers.answer).toMatch(/(Place|Cross out) /);
  });

  test('the ladder of a killer has the killer techniques and no uniqueness; the nested forcing chains are left out', () => {
    const ladder = ladderFor(geometryOf(cases[0]!.rules));
    for (const def of KILLER_TECHNIQUES) expect(ladder).toContain(def);
    expect(ladder.some((def) => def.uniqueness)).toBe(false);
    expect(ladder.some((def) => def.id === 'dynamic-forcing-chains-plus')).toBe(true);
    expect(ladder.some((def) => def.id.startsWith('nested-'))).toBe(false);
  });
});
