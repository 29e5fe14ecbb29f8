/**
 * Technique names as the puzzle's houses make them (polish 11): the registry's "Hidden single
 * (region, diagonal or window)" reads "(region)" on a jigsaw, "(diagonal)" on an X, "(window)" on
 * a windoku, wherever a person reads a name; ids, counts and ratings are unchanged. In-process
 * runs of beginner puzzles (made by `generate --variant ... -d beginner`): cheap.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseVariantLine } from '../src/formats/line.js';
import { stepTechniqueName, techniqueNameIn } from '../src/grader/technique-names.js';
import { explainIndexPage, explainPathPage, gradeWithPath, techniqueById } from '../src/index.js';
import { ReportCollector, statsText } from '../src/pages/report.js';
import { classicRules, withDiagonals } from '../src/rules/constructors.js';
import { run } from './helpers/cli.js';

/** Its hardest step is a hidden single in a region (generate --variant jigsaw -d beginner --seed j, #2). */
const JIGSAW = '43.6.8.........9......621......5..6.8.....7.....475......7...2.......6..28...1... 111123333112123333142222553145225566445555666744446666778848899778888899777799999';
/** Each solves with hidden singles on a diagonal / in a window among its steps. */
const X = 'x:.........7..6..9.8..9.............3.34.7..52.89.51..........4..5......1.....2....';
const WINDOKU = 'windoku:.37.1.2........7.......4..5......1.8..62.........7...2..4.8.........15....8......';
const REGISTRY = 'Hidden single (region, diagonal or window)';

interface JsonStep {
  technique: string;
  name: string;
}

async function explainedNames(puzzle: string): Promise<{ hardest: string; steps: JsonStep[] }> {
  const result = await run(['explain', '--json', puzzle]);
  expect(result.code).toBe(0);
  const line = JSON.parse(result.stdout) as { grade: { hardest: string }; steps: JsonStep[] };
  return { hardest: line.grade.hardest, steps: line.steps };
}

describe('a hidden single in another house is named by the kind of that house', () => {
  test('from the rules or the step: region, diagonal, window, several kinds; classic and unknown ids as before', () => {
    const jigsaw = parseVariantLine(JIGSAW).rules;
    const x = parseVariantLine(X).rules;
    const windoku = parseVariantLine(WINDOKU).rules;
    expect(techniqueById('hidden-single-house')!.name).toBe(REGISTRY);
    expect(techniqueNameIn('hidden-single-house', jigsaw.houseKinds)).toBe('Hidden single (region)');
    expect(techniqueNameIn('hidden-single-house', x.houseKinds)).toBe('Hidden single (diagonal)');
    expect(techniqueNameIn('hidden-single-house', windoku.houseKinds)).toBe('Hidden single (window)');
    expect(techniqueNameIn('hidden-single-house', [...jigsaw.houseKinds, ...x.houseKinds])).toBe('Hidden single (region or diagonal)');
    expect(techniqueNameIn('hidden-single-house', withDiagonals(classicRules(9), { down: true }).houseKinds)).toBe('Hidden single (diagonal)');
    expect(techniqueNameIn('hidden-single-house')).toBe(REGISTRY);
    expect(techniqueNameIn('hidden-single-house', classicRules(9).houseKinds)).toBe(REGISTRY);
    expect([techniqueNameIn('pointing', x.houseKinds), techniqueNameIn('guess'), techniqueNameIn('no-such-thing')]).toEqual(['Pointing', 'Guess', 'no-such-thing']);
    const step = { technique: 'hidden-single-house', difficulty: 1.5, placements: [{ cell: 0, digit: 1 }], eliminations: [], pattern: { cells: [0], digits: [1], units: [27] } };
    expect(stepTechniqueName(step, [...jigsaw.houseKinds.slice(0, 27), 'diagonal'])).toBe('Hidden single (diagonal)');
    expect(stepTechniqueName(step)).toBe(REGISTRY);
  });

  test('explain --json: each step named by its house, the ids as before; explain: hardest named for the jigsaw', async () => {
    const cases: [string, string][] = [[JIGSAW, 'Hidden single (region)'], [X, 'Hidden single (diagonal)'], [WINDOKU, 'Hidden single (window)']];
    for (const [puzzle, name] of cases) {
      const { steps } = await explainedNames(puzzle);
      const houseSingles = steps.filter((step) => step.technique === 'hidden-single-house');
      expect(houseSingles.length).toBeGreaterThan(0);
      expect(new Set(houseSingles.map((step) => step.name))).toEqual(new Set([name]));
      expect(steps.some((step) => step.name === REGISTRY)).toBe(false);
    }
    expect((await explainedNames(JIGSAW)).hardest).toBe('hidden-single-house');
    const text = await run(['explain', JIGSAW]);
    expect(text.stdout).toMatch(/hardest: Hidden single \(region\); 60 steps, no guess\n$/);
    const grade = JSON.parse((await run(['grade', '--json', '-'], `${JIGSAW}\n`)).stdout) as { hardest: string; counts: Record<string, number> };
    expect(grade.hardest).toBe('hidden-single-house');
    expect(grade.counts['hidden-single-house']).toBe(3);
  });

  test('grade --stats and the report list the kinds of the puzzles that used it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-names-'));
    const jigsawOnly = await run(['grade', '--stats', '-'], `${JIGSAW}\n`);
    expect(jigsawOnly.stdout).toMatch(/^Hidden single \(region\) +1 /m);
    const mixed = await run(['grade', '--stats', '--report', join(dir, 'r.html'), '-'], `${JIGSAW}\n${X}\n`);
    expect(mixed.stdout).toMatch(/^Hidden single \(region or diagonal\) +2 /m);
    const page = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(page).toContain('Hidden single (region or diagonal)');
    expect(page).not.toContain(REGISTRY);
    // A grade added without its rules' kinds (a library caller's): the registry's name, which covers it.
    const collector = new ReportCollector();
    const { grade } = gradeWithPath(parseVariantLine(JIGSAW));
    collector.addGrade({ puzzle: 'a', source: 's', line: 1 }, grade);
    collector.addGrade({ puzzle: 'b', source: 's', line: 2, houseKinds: parseVariantLine(JIGSAW).rules.houseKinds }, grade);
    expect(statsText(collector.stats())).toContain(REGISTRY);
  });

  test('explain --html: the step list, the titles and the summary; the index by its entries\' kinds', () => {
    const { rules, givens } = parseVariantLine(JIGSAW);
    const path = gradeWithPath({ rules, givens });
    const html = explainPathPage({ puzzle: givens, rules, ...path }).html;
    expect(html).toContain('hardest: <b>Hidden single (region)</b>');
    expect(html).toMatch(/Step \d+ of 60: Hidden single \(region\)/);
    expect(html).not.toContain(REGISTRY);
    const outcome = { status: 'graded' as const, grade: path.grade, steps: path.steps.length };
    expect(explainIndexPage([{ href: 'a.html', puzzle: JIGSAW, outcome, houseKinds: rules.houseKinds }])).toContain('<td>Hidden single (region)</td>');
    expect(explainIndexPage([{ href: 'a.html', puzzle: JIGSAW, outcome }])).toContain(REGISTRY);
  });
});
