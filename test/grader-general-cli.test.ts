import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatVariantLine, parseVariantLine } from '../src/formats/line.js';
import { describeGeneralStep, formatGeneralChain, generalHintTiers } from '../src/grader/general/text.js';
import { gradePuzzle, gradeWithPath } from '../src/grader/grade.js';
import { formatRating } from '../src/cli/grade.js';
import { buildRules } from '../src/rules/index.js';
import { run, runBinary } from './helpers/cli.js';
import { readVariantFixtures } from './helpers/variant-fixtures.js';

/*
 * grade, explain and hint on other sizes and Samurai (the general grader): text and --json for a
 * 6x6, a 16x16 and a Samurai, the worker pool (-j 2) equal to one job, and the refusals left.
 */
const dir = mkdtempSync(join(tmpdir(), 'grader-general-cli-'));
const fixtureLines = readFileSync(new URL('./fixtures/general/technique-steps.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t'));
const lineOf = (grid: string, technique: string): string => fixtureLines.find((c) => c[0] === grid && c[1] === technique)![2]!;

const PUZZLES = {
  '6x6': lineOf('6x6', 'hidden-single-box'),
  // Cheap to grade: a Solo 16x16 (singles) and the fixtures' Samurai whose path ends with forcing XY-chains
  // (the generated 16x16 of the fixtures take the dynamic chains, seconds each).
  '16x16': formatVariantLine(readVariantFixtures('16x16.txt')[0]!),
  samurai: lineOf('samurai', 'hidden-single-box'),
};

function fileOf(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe.each(Object.entries(PUZZLES))('%s', (name, line) => {
  const file = fileOf(`${name}.txt`, [line]);
  const { rules, givens } = parseVariantLine(line);
  const { grade, steps } = gradeWithPath({ rules, givens });

  it('grade: one line with the triple, the level, the hardest technique and the guesses', async () => {
    const result = await run(['grade', file]);
    expect(result.code, result.stderr).toBe(0);
    const triple = `${grade.rating.toFixed(1)}/${grade.pearl.toFixed(1)}/${grade.diamond.toFixed(1)}`;
    expect(result.stdout).toBe(`${line}  ${triple}  ${grade.level}  ${grade.hardest}  ${grade.guesses} ${grade.guesses === 1 ? 'guess' : 'guesses'}\n`);
  });

  it('grade --json: the grade record and the variant fields', async () => {
    const result = await run(['grade', '--json', file]);
    expect(result.code, result.stderr).toBe(0);
    const object = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(object).toMatchObject({ status: 'graded', variant: rules.variant, puzzle: line, rating: grade.rating, pearl: grade.pearl, diamond: grade.diamond, level: grade.level, hardest: grade.hardest, guesses: grade.guesses, steps: grade.steps, counts: grade.counts });
  });

  it('explain: every step of the path in the grid names, then the rating line', async () => {
    const result = await run(['explain', file]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Puzzle ${line} (${rules.variant})`);
    expect(lines.slice(1, -1)).toEqual(
      steps.flatMap((step, i) => [
        `${String(i + 1).padStart(4)}. [${step.difficulty.toFixed(1)}] ${describeGeneralStep(step, rules)}`,
        ...(step.chains ?? []).map((chain) => `        ${formatGeneralChain(chain, rules)}`),
      ]),
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^Rating ${grade.rating.toFixed(1)} \\(${grade.level}\\); pearl \\(EP\\) ${grade.pearl.toFixed(1)}`));
    if (name !== '6x6') expect(result.stdout).toMatch(/r1[0-9]c1[0-9]/);
    if (name === '16x16') expect(result.stdout).toMatch(/[A-G] fits only/);
  });

  it('explain --json: the grade and the steps with their texts', async () => {
    const result = await run(['explain', '--json', file]);
    const object = JSON.parse(result.stdout) as { grade: unknown; steps: { technique: string; text: string }[] };
    expect(object.grade).toEqual(grade);
    expect(object.steps.map((s) => s.text)).toEqual(steps.map((step) => describeGeneralStep(step, rules)));
  });

  it('hint: the first step; --tier 1/2/3 its tiers; --json both', async () => {
    const hint = await run(['hint', file]);
    expect(hint.stdout).toBe(`[${steps[0]!.difficulty.toFixed(1)}] ${describeGeneralStep(steps[0]!, rules)}\n`);
    const tiers = generalHintTiers(steps[0]!, rules);
    expect((await run(['hint', '--tier', '1', file])).stdout).toBe(`${tiers.where}\n`);
    expect((await run(['hint', '--tier', '3', file])).stdout).toBe(`${tiers.where}\n${tiers.idea}\n${tiers.answer}\n`);
    const json = JSON.parse((await run(['hint', '--json', '--tier', '2', file])).stdout) as { step: { technique: string }; tiers: unknown };
    expect(json.step.technique).toBe(steps[0]!.technique);
    expect(json.tiers).toEqual({ where: tiers.where, idea: tiers.idea });
  });
});

describe('grade --effort-limit (the general grader\'s bound on each forcing-chain search)', () => {
  // A 6x6 with diagonals whose path takes nishio forcing chains (7.5+).
  const line = lineOf('6x6-x', 'nishio-forcing-chains');
  const file = fileOf('effort.txt', [line]);
  const puzzle = parseVariantLine(line);

  it('a search that runs out stops the path: the rating is a lower bound, as the library gives it', async () => {
    const bounded = gradePuzzle(puzzle, { effortLimit: 1 });
    const whole = gradePuzzle(puzzle);
    expect(bounded.lowerBound).toBe(true);
    expect(bounded.hardest).toBe('unknown');
    expect(whole.lowerBound).toBe(false);
    expect(bounded.rating).toBeLessThanOrEqual(whole.rating);
    const text = await run(['grade', '--effort-limit', '1', file]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`  ${formatRating(bounded)}/`);
    expect(text.stdout).toMatch(/ >=\d+\.\d\//);
    const json = await run(['grade', '--json', '--effort-limit', '1', file]);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'graded', rating: bounded.rating, lowerBound: true, hardest: 'unknown' });
    // A limit far above the search's needs changes nothing.
    const roomy = await run(['grade', '--json', '--effort-limit', '5000000', file]);
    expect(JSON.parse(roomy.stdout)).toMatchObject({ rating: whole.rating, lowerBound: false, hardest: whole.hardest });
  });

  it.each(['0', '-3', '1.5', 'lots', '1e6', ''])('refuses %j in one line, exit code 2', async (value) => {
    const result = await run(['grade', '--effort-limit', value, file]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`--effort-limit must be a whole number`);
    expect(result.stderr).toContain(`(got '${value}')`);
  });

  it('is in --help', async () => {
    const help = await run(['grade', '--help']);
    expect(help.stdout).toMatch(/--effort-limit <n>/);
  });
});

describe('the compiled binary', { timeout: 120_000 }, () => {
  it('grade -j 1 (in this process) and -j 2 (the binary) print the same lines (the worker pool rebuilds the rules)', async () => {
    // Two 12x12 boards (one set of rules met twice, after others), about 0.9 CPU-s each to grade:
    // four before, for the same rules.
    const file = fileOf('mixed.txt', [...Object.values(PUZZLES), ...fixtureLines.filter((c) => c[0] === '12x12').slice(1, 3).map((c) => c[2]!)]);
    const one = await run(['grade', '--json', '-j', '1', file]);
    const two = runBinary(['grade', '--json', '-j', '2', file]);
    expect(one.code, one.stderr).toBe(0);
    const strip = (text: string) => text.split('\n').map((line) => line.replace(/"solver":\{[^}]*\}/, ''));
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
    expect(one.stdout.trim().split('\n')).toHaveLength(5);
  });

  it('a killer of another size is refused in one line, exit code 2', () => {
    // A 6x6 killer as f-puzzles JSON: one cage of r1c1 and r1c2 adding up to 3.
    const fpuzzles = JSON.stringify({ size: 6, grid: Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => ({}))), killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }] });
    const file = fileOf('killer6.json', [fpuzzles]);
    expect(buildRules({ size: 6, cages: [{ cells: [0, 1], sum: 3 }] }).variant).toContain('killer');
    for (const command of ['grade', 'explain', 'hint']) {
      const result = runBinary([command, file]);
      expect(result.code, `${command}: ${result.stderr}`).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/only 9x9 killers are graded: .*killer6\.json:1 is a 6x6\+killer puzzle/);
    }
  });
});
