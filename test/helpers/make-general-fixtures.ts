/**
 * Writes test/fixtures/general/technique-steps.txt: for each grid of the general grader (4x4 to
 * 16x16, other box shapes, a 6x6 with diagonals, Samurai) and each technique of the general
 * ladder, the first step of that technique on the solving paths of generated puzzles (seed
 * 'general-fixtures'): the puzzle as a variant line, the step's index on the path, its technique,
 * its text, and the board it was found on (values and candidates: the test finds the step there,
 * without the path before it). Each step was checked against the puzzle's solution when it was written.
 * Run from the repository's root:
 *   npx esbuild test/helpers/make-general-fixtures.ts --bundle --platform=node --format=esm --outfile=/tmp/mgf.mjs && node /tmp/mgf.mjs
 */
import { writeFileSync } from 'node:fs';
import { formatVariantLine } from '../../src/formats/line.js';
import { describeGeneralStep } from '../../src/grader/general/text.js';
import { GENERAL_LADDER } from '../../src/techniques/general/ladder.js';
import { gradeWithPath } from '../../src/grader/grade.js';
import { applyGeneralStep, generalBoard } from '../../src/grader/general/grade.js';
import { shapeOf } from '../../src/grader/general/shape.js';
import { generateVariant, type VariantName } from '../../src/generator/variants/index.js';
import { buildRules, classicRules, withDiagonals } from '../../src/rules/index.js';
import type { Rules } from '../../src/rules/types.js';

const GRIDS: { name: string; variant?: VariantName; rules?: Rules; count: number }[] = [
  { name: '4x4', variant: '4x4', count: 40 },
  { name: '6x6', variant: '6x6', count: 60 },
  { name: '6x6-x', rules: withDiagonals(classicRules(6)), count: 40 },
  { name: '6x6-3x2', rules: buildRules({ size: 6, boxes: { rows: 3, cols: 2 } }), count: 40 },
  { name: '8x8', variant: '8x8', count: 40 },
  { name: '12x12', variant: '12x12', count: 30 },
  { name: '16x16', variant: '16x16', count: 10 },
  { name: 'samurai', variant: 'samurai', count: 30 },
];

const VALUE_CHARS = '.123456789ABCDEFG';
const lines = [
  '# grid\ttechnique\tpuzzle (variant line)\tstep index on the path (0-based)\ttext of the step\tthe board there: values (cell by cell, . for empty)\tand candidates (4 hex digits a cell, bit d - 1 for digit d)',
  '# made by test/helpers/make-general-fixtures.ts',
];
for (const grid of GRIDS) {
  const seen = new Set<string>();
  for (let index = 1; index <= grid.count && seen.size < GENERAL_LADDER.length; index++) {
    const puzzle = generateVariant({ ...(grid.variant ? { variant: grid.variant } : { rules: grid.rules! }), seed: 'general-fixtures', index, level: grid.name === '4x4' || grid.name === '6x6' ? 'any' : 'hard' });
    const { steps } = gradeWithPath({ rules: puzzle.rules, givens: puzzle.givens });
    const shape = shapeOf(puzzle.rules);
    const board = generalBoard(puzzle.rules, puzzle.givens);
    steps.forEach((step, at) => {
      if (step.technique !== 'guess' && !seen.has(step.technique)) {
        const sound = step.placements.every((p) => puzzle.solution[p.cell] === p.digit) && step.eliminations.every((e) => puzzle.solution[e.cell] !== e.digit);
        if (!sound) throw new Error(`unsound ${step.technique} on ${grid.name} #${index}`);
        seen.add(step.technique);
        const values = Array.from(board.values, (v) => VALUE_CHARS[v]).join('');
        const candidates = Array.from(board.candidates, (mask) => mask.toString(16).padStart(4, '0')).join('');
        lines.push([grid.name, step.technique, formatVariantLine(puzzle), String(at), describeGeneralStep(step, puzzle.rules), values, candidates].join('\t'));
      }
      applyGeneralStep(board, shape, step);
    });
  }
  console.log(grid.name, [...seen].join(' '));
  if (grid.name === '16x16') lines.push(pathLine('16x16', '16x16', 'grader-general', 1, 99, 'dynamic-forcing-chains-plus'));
  if (grid.name === 'samurai') lines.push(pathLine('samurai', 'samurai', 'bench-general', 10, 157, 'aligned-triple-exclusion'));
}

/**
 * The step at path index `at` of a generated puzzle, for techniques the puzzles above do not take.
 * Dynamic forcing chains (+) (9.0+): no generated puzzle of level hard takes them; the 16x16 of
 * seed 'grader-general', index 1, level any does, 26 times (its step 99 the ladder finds in about
 * 0.2 s from its board). Aligned triple exclusion: rare off 9x9 (none on 100 generated 12x12 and
 * 100 8x8 of level hard, nor on Solo's 16x16); the Samurai of seed 'bench-general', index 10,
 * level any, takes one at step 157.
 */
function pathLine(grid: string, variant: VariantName, seed: string, index: number, at: number, technique: string): string {
  const puzzle = generateVariant({ variant, seed, index, level: 'any' });
  const { steps } = gradeWithPath({ rules: puzzle.rules, givens: puzzle.givens });
  const shape = shapeOf(puzzle.rules);
  const board = generalBoard(puzzle.rules, puzzle.givens);
  for (const step of steps.slice(0, at)) applyGeneralStep(board, shape, step);
  const step = steps[at]!;
  if (step.technique !== technique) throw new Error(`${grid} #${index}: step ${at} is ${step.technique}`);
  const sound = step.placements.every((p) => puzzle.solution[p.cell] === p.digit) && step.eliminations.every((e) => puzzle.solution[e.cell] !== e.digit);
  if (!sound) throw new Error(`unsound ${technique} on ${grid} #${index}`);
  const values = Array.from(board.values, (v) => VALUE_CHARS[v]).join('');
  const candidates = Array.from(board.candidates, (mask) => mask.toString(16).padStart(4, '0')).join('');
  return [grid, step.technique, formatVariantLine(puzzle), String(at), describeGeneralStep(step, puzzle.rules), values, candidates].join('\t');
}
writeFileSync('test/fixtures/general/technique-steps.txt', `${lines.join('\n')}\n`);
