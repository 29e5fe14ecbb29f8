import { describe, expect, test } from 'vitest';
import { LADDER, hintTiers, plainCellName, solvePath, type Step } from '../src/index.js';

const ESCARGOT = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
const MEDIUM = '...1.5...14....67..8...24...63.7..1.9.......3.1..9.52...72...8..26....35...4.9...';

const steps: Step[] = [...solvePath(MEDIUM), ...solvePath(ESCARGOT)];

describe('hints in three tiers: where to look, the idea, the answer', () => {
  test('each tier is plain words: cells as "row 3, column 4", no r3c4, no technique names', () => {
    const names = LADDER.map((t) => t.name.toLowerCase());
    for (const step of steps) {
      const tiers = hintTiers(step);
      expect(tiers.where).toMatch(/^Look at .+\.$/);
      for (const text of [tiers.where, tiers.idea, tiers.answer]) {
        expect(text).not.toMatch(/r\dc\d/);
        for (const name of names) expect(text.toLowerCase()).not.toContain(name);
      }
    }
  });

  test('the answer names every placement and every removed candidate, and only the answer does', () => {
    for (const step of steps) {
      const { where, idea, answer } = hintTiers(step);
      for (const { cell, digit } of step.placements) expect(answer).toContain(`${digit} in ${plainCellName(cell)}`);
      for (const { cell } of step.eliminations) expect(answer).toContain(plainCellName(cell));
      expect(answer).toMatch(/^(Place|Cross out) /);
      expect(`${where} ${idea}`).not.toMatch(/Place|Cross out/);
    }
  });

  test('where to look: the units of the pattern, or the one cell', () => {
    const hidden = steps.find((s) => s.technique === 'hidden-single-box')!;
    expect(hintTiers(hidden)).toEqual({
      where: 'Look at box 2.',
      idea: 'One digit fits in only one cell of a row, column or box.',
      answer: 'Place 4 in row 1, column 5.',
    });
    const naked = steps.find((s) => s.technique === 'naked-single')!;
    expect(hintTiers(naked).where).toBe(`Look at the cell in ${plainCellName(naked.placements[0]!.cell)}.`);
    const bug = steps.find((s) => s.technique === 'bug-1')!;
    expect(hintTiers(bug).answer).toBe('Cross out the 2 and 7 in row 7, column 4.');
    const rectangle = steps.find((s) => s.technique === 'unique-rectangle-2')!;
    expect(hintTiers(rectangle).where).toBe('Look at rows 2 and 5 and columns 7 and 8.');
  });
});

describe('hint --tier on the command line', () => {
  test('tier 1 says where, 2 adds the idea, 3 the answer; anything else is a usage error', async () => {
    const { run } = await import('./helpers/cli.js');
    const one = await run(['hint', '--tier', '1', MEDIUM]);
    expect([one.code, one.stdout]).toEqual([0, 'Look at box 2.\n']);
    const three = await run(['hint', '--tier', '3', MEDIUM]);
    expect(three.stdout).toBe('Look at box 2.\nOne digit fits in only one cell of a row, column or box.\nPlace 4 in row 1, column 5.\n');
    const json = JSON.parse((await run(['hint', '--tier', '2', '--json', MEDIUM])).stdout) as { tiers: Record<string, string> };
    expect(Object.keys(json.tiers)).toEqual(['where', 'idea']);
    const bad = await run(['hint', '--tier', '4', MEDIUM]);
    expect([bad.code, bad.stderr]).toEqual([2, 'sudoku-press: --tier takes 1, 2 or 3 (got 4)\n']);
  });
});
