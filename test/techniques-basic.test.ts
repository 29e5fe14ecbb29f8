import { describe, expect, test } from 'vitest';
import { Solver } from '../src/solver/index.js';
import { describeStep } from '../src/grader/explain.js';
import { FISH_TECHNIQUES } from '../src/techniques/fish.js';
import { INTERSECTION_TECHNIQUES } from '../src/techniques/intersections.js';
import { LADDER, ladderGroups, techniqueById } from '../src/techniques/registry.js';
import { SINGLES_TECHNIQUES } from '../src/techniques/singles.js';
import { SUBSET_TECHNIQUES } from '../src/techniques/subsets.js';
import { WING_TECHNIQUES } from '../src/techniques/wings.js';
import { expectCaseStep, expectEveryTechniqueCovered, readTechniqueCases } from './helpers/technique-fixtures.js';

const cases = readTechniqueCases(new URL('./fixtures/techniques-basic.txt', import.meta.url).pathname);
const OWN = [...SINGLES_TECHNIQUES, ...INTERSECTION_TECHNIQUES, ...SUBSET_TECHNIQUES, ...FISH_TECHNIQUES, ...WING_TECHNIQUES];
const solver = new Solver();

describe('basic technique fixtures', () => {
  test.each(cases.map((c) => [`${c.technique} (line ${c.line})`, c] as const))('%s', (_name, c) => {
    const def = techniqueById(c.technique);
    expect(def, `unknown technique ${c.technique}`).toBeDefined();
    const step = expectCaseStep(c, (board) => def!.find(board, { uniqueness: true }), { difficulty: false });
    // Verified against the state's solution.
    expect(solver.countBoard(c.board, 2)).toBe(1);
    const solution = solver.solution;
    for (const p of step.placements) expect(solution[p.cell], `placement r${p.cell}`).toBe(p.digit);
    for (const e of step.eliminations) expect(solution[e.cell], `elimination at ${e.cell}`).not.toBe(e.digit);
    // Its explanation is complete.
    expect(describeStep(step)).not.toMatch(/\{[A-Za-z]/);
  });

  test('at least two instances of every basic technique', () => expectEveryTechniqueCovered(cases, OWN));
});

describe('ladder', () => {
  test('is ordered by base difficulty, with Sudoku Explainer values for the basic techniques', () => {
    for (let i = 1; i < LADDER.length; i++) expect(LADDER[i]!.difficulty).toBeGreaterThanOrEqual(LADDER[i - 1]!.difficulty);
    const expected: Record<string, number> = {
      'full-house': 1.0,
      'hidden-single-box': 1.2,
      'hidden-single-line': 1.5,
      'direct-pointing': 1.7,
      'direct-claiming': 1.9,
      'direct-hidden-pair': 2.0,
      'naked-single': 2.3,
      'direct-hidden-triple': 2.5,
      pointing: 2.6,
      claiming: 2.8,
      'naked-pair': 3.0,
      'x-wing': 3.2,
      'hidden-pair': 3.4,
      'naked-triple': 3.6,
      swordfish: 3.8,
      'hidden-triple': 4.0,
      'xy-wing': 4.2,
      'xyz-wing': 4.4,
      'naked-quad': 5.0,
      jellyfish: 5.2,
      'hidden-quad': 5.4,
    };
    for (const [id, difficulty] of Object.entries(expected)) expect(techniqueById(id)?.difficulty, id).toBe(difficulty);
  });

  test("SE's sorting producers are single groups; other techniques are groups of their own", () => {
    const groups = ladderGroups({ uniqueness: true });
    const groupOf = (id: string) => groups.findIndex((g) => g.techniques.some((t) => t.id === id));
    if (techniqueById('unique-loop-1') && techniqueById('unique-rectangle-1')) expect(groupOf('unique-loop-1')).toBe(groupOf('unique-rectangle-1'));
    if (techniqueById('forcing-xy-chain') && techniqueById('x-cycle')) expect(groupOf('forcing-xy-chain')).toBe(groupOf('x-cycle'));
    for (const def of OWN) expect(groups[groupOf(def.id)]!.techniques).toEqual([def]);
    expect(ladderGroups({ uniqueness: false }).flatMap((g) => g.techniques).some((t) => t.uniqueness)).toBe(false);
  });

  test('technique ids are unique', () => {
    expect(new Set(LADDER.map((d) => d.id)).size).toBe(LADDER.length);
  });
});
