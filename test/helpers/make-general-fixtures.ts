/**
 * Writes test/fixtures/general/technique-steps.txt from test/fixtures/general/technique-sources.txt:
 * for each grid of the general grader (4x4 to 16x16, other box shapes, a 6x6 with diagonals,
 * Samurai), its source puzzles are graded in order and the first step of each technique of the
 * general ladder not seen yet on their solving paths is written (in path order): the grid, the
 * technique, the puzzle as a variant line, the step's index on the path, its text, and the board it
 * was found on (values and candidates: the test finds the step there, without the path before
 * it). Each step is checked against the puzzle's solution. Run from the repository's root:
 *   npm run fixtures:general          # writes the file (a few minutes: Samurai and 16x16 paths)
 *   npm run fixtures:general -- --check   # exit 1, naming the first line that differs, when the file is not this output
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseVariantLine } from '../../src/formats/line.js';
import { describeGeneralStep } from '../../src/grader/general/text.js';
import { gradeWithPath } from '../../src/grader/grade.js';
import { applyGeneralStep, generalBoard } from '../../src/grader/general/grade.js';
import { shapeOf } from '../../src/grader/general/shape.js';
import type { Board } from '../../src/core/board.js';
import { solveRules } from '../../src/solver/rules-solver.js';
import { findGeneralStep } from '../../src/techniques/general/ladder.js';
import { newScan } from '../../src/techniques/general/places.js';

const SOURCES = 'test/fixtures/general/technique-sources.txt';
const TARGET = 'test/fixtures/general/technique-steps.txt';
const VALUE_CHARS = '.123456789ABCDEFG';

/** The source rows of each grid (the puzzle, then for a kept board its index, values and candidates), in the file's order. */
function sourcesByGrid(): Map<string, string[][]> {
  const byGrid = new Map<string, string[][]>();
  for (const row of readFileSync(SOURCES, 'utf8').split('\n')) {
    if (row === '' || row.startsWith('#')) continue;
    const [grid, ...fields] = row.split('\t') as [string, ...string[]];
    byGrid.set(grid, [...(byGrid.get(grid) ?? []), fields]);
  }
  return byGrid;
}

function stepLines(grid: string, [line, index, values, candidates]: string[], seen: Set<string>): string[] {
  const puzzle = parseVariantLine(line!);
  const solution = solveRules(puzzle.rules, puzzle.givens);
  if (solution === null) throw new Error(`${grid}: no solution for ${line}`);
  if (index !== undefined) {
    // A kept board: the ladder's first step there.
    const board: Board = {
      values: Uint8Array.from(values!, (ch) => VALUE_CHARS.indexOf(ch)),
      candidates: Uint16Array.from({ length: puzzle.rules.cellCount }, (_, cell) => parseInt(candidates!.slice(cell * 4, cell * 4 + 4), 16)),
    };
    const step = findGeneralStep(board, newScan(shapeOf(puzzle.rules))).step;
    if (step === null || seen.has(step.technique)) return [];
    const sound = step.placements.every((p) => solution[p.cell] === p.digit) && step.eliminations.every((e) => solution[e.cell] !== e.digit);
    if (!sound) throw new Error(`unsound ${step.technique} on ${grid}: ${line}`);
    seen.add(step.technique);
    return [[grid, step.technique, line, index, describeGeneralStep(step, puzzle.rules), values, candidates].join('\t')];
  }
  // Uniqueness off, as the test's scans: the uniqueness rungs have their own test (grader-general-uniqueness.test.ts).
  const { steps } = gradeWithPath({ rules: puzzle.rules, givens: puzzle.givens }, { uniqueness: false });
  const shape = shapeOf(puzzle.rules);
  const board = generalBoard(puzzle.rules, puzzle.givens);
  const lines: string[] = [];
  steps.forEach((step, at) => {
    if (step.technique !== 'guess' && !seen.has(step.technique)) {
      const sound = step.placements.every((p) => solution[p.cell] === p.digit) && step.eliminations.every((e) => solution[e.cell] !== e.digit);
      if (!sound) throw new Error(`unsound ${step.technique} on ${grid}: ${line}`);
      seen.add(step.technique);
      const values = Array.from(board.values, (v) => VALUE_CHARS[v]).join('');
      const candidates = Array.from(board.candidates, (mask) => mask.toString(16).padStart(4, '0')).join('');
      lines.push([grid, step.technique, line!, String(at), describeGeneralStep(step, puzzle.rules), values, candidates].join('\t'));
    }
    applyGeneralStep(board, shape, step);
  });
  return lines;
}

const lines = [
  '# grid\ttechnique\tpuzzle (variant line)\tstep index on the path (0-based)\ttext of the step\tthe board there: values (cell by cell, . for empty)\tand candidates (4 hex digits a cell, bit d - 1 for digit d)',
  `# made by test/helpers/make-general-fixtures.ts from ${SOURCES.replace('test/fixtures/general/', '')}: npm run fixtures:general (do not edit; --check compares)`,
];
for (const [grid, puzzles] of sourcesByGrid()) {
  const seen = new Set<string>();
  for (const source of puzzles) lines.push(...stepLines(grid, source, seen));
  console.log(grid, [...seen].join(' '));
}
const text = `${lines.join('\n')}\n`;
if (process.argv.includes('--check')) {
  const committed = readFileSync(TARGET, 'utf8').split('\n');
  const made = text.split('\n');
  const at = made.findIndex((row, i) => row !== committed[i]);
  if (at >= 0 || committed.length !== made.length) {
    const line = at >= 0 ? at + 1 : Math.min(made.length, committed.length) + 1;
    console.error(`${TARGET}:${line}: not the maker's output (run npm run fixtures:general and look at the difference)`);
    process.exitCode = 1;
  } else {
    console.log(`${TARGET}: the maker's output`);
  }
} else {
  writeFileSync(TARGET, text);
}
