import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { boardFromGrid, type Board } from '../../src/core/board.js';
import { parsePuzzle } from '../../src/core/parse.js';
import type { Step } from '../../src/core/step.js';

/**
 * One technique instance per line, fields separated by ` | `:
 *
 *   technique-id | 81-char givens | eliminations applied first | expected result
 *
 * - eliminations applied first: `-` for none, else comma-separated `r1c2-4` (remove 4 from r1c2),
 *   to build a candidate state that givens alone do not give;
 * - expected result: space-separated `r1c1=5` (placement) and `r2c3-4` (elimination), in any order;
 *   the technique must return one step with exactly these placements and eliminations.
 * Blank lines and lines starting with `#` are comments. A comment right above a case of the form
 * `# technique-id 6.6 ...` gives the difficulty the step must have (`difficulty` of the case).
 */
export interface TechniqueCase {
  line: number;
  technique: string;
  board: Board;
  expected: string[];
  /** From a `# technique-id <difficulty> ...` comment on the line above, if there is one. */
  difficulty: number | undefined;
  text: string;
}

const CELL = /^r([1-9])c([1-9])([=-])([1-9])$/;

function parseCandidate(token: string, where: string): { cell: number; digit: number; place: boolean } {
  const m = CELL.exec(token);
  if (!m) throw new Error(`${where}: bad candidate '${token}' (want r1c2=5 or r1c2-5)`);
  return { cell: (Number(m[1]) - 1) * 9 + Number(m[2]) - 1, digit: Number(m[4]), place: m[3] === '=' };
}

/** Reads a technique fixture file. */
export function readTechniqueCases(path: string): TechniqueCase[] {
  const cases: TechniqueCase[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((text, i) => {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const where = `${path}:${i + 1}`;
    const fields = trimmed.split(' | ').map((f) => f.trim());
    if (fields.length !== 4) throw new Error(`${where}: expected 4 fields separated by ' | '`);
    const [technique, givens, pre, expected] = fields as [string, string, string, string];
    const board = boardFromGrid(parsePuzzle(givens));
    if (pre !== '-') {
      for (const token of pre.split(',')) {
        const c = parseCandidate(token.trim(), where);
        board.candidates[c.cell] = board.candidates[c.cell]! & ~(1 << (c.digit - 1));
      }
    }
    const note = /^# \S+ ([0-9.]+) /.exec(lines[i - 1] ?? '');
    const difficulty = note ? Number(note[1]) : undefined;
    cases.push({ line: i + 1, technique, board, expected: expected.split(/\s+/).sort(), difficulty, text: trimmed });
  });
  return cases;
}

/** A step's result in fixture notation, sorted: `r1c1=5`, `r2c3-4`. */
export function stepResult(step: Step): string[] {
  const name = (cell: number) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
  return [
    ...step.placements.map((p) => `${name(p.cell)}=${p.digit}`),
    ...step.eliminations.map((e) => `${name(e.cell)}-${e.digit}`),
  ].sort();
}

/** Fails unless every technique has at least `min` fixture cases. */
export function expectEveryTechniqueCovered(cases: readonly TechniqueCase[], techniques: readonly { id: string }[], min = 2): void {
  for (const technique of techniques) {
    expect(cases.filter((c) => c.technique === technique.id).length, technique.id).toBeGreaterThanOrEqual(min);
  }
}

/**
 * Runs a case's technique and checks what every fixture case must give: a step of that technique
 * with exactly the expected result, the difficulty of the case's comment (when `difficulty`), and
 * the board left as it was. Returns the step for the family's own checks.
 */
export function expectCaseStep(c: TechniqueCase, find: (board: Board) => Step | null, options: { difficulty: boolean }): Step {
  const before = { values: c.board.values.slice(), candidates: c.board.candidates.slice() };
  const step = find(c.board);
  expect(step, `${c.technique} (line ${c.line})`).not.toBeNull();
  expect(step!.technique).toBe(c.technique);
  expect(stepResult(step!)).toEqual(c.expected);
  if (options.difficulty) {
    expect(c.difficulty, `difficulty comment above line ${c.line}`).toBeDefined();
    expect(step!.difficulty).toBe(c.difficulty);
  }
  expect(c.board.values).toEqual(before.values);
  expect(c.board.candidates).toEqual(before.candidates);
  return step!;
}
