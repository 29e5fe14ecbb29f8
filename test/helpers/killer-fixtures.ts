import { readFileSync } from 'node:fs';
import { boardFromGrid, type Board } from '../../src/core/board.js';
import { geometryOf, type Geometry } from '../../src/core/geometry.js';
import { parseVariantLine } from '../../src/formats/index.js';
import type { Rules } from '../../src/rules/types.js';

/**
 * Killer technique instances, one per line, fields separated by ` | `:
 *
 *   technique-id | killer variant line | eliminations applied first | expected result
 *
 * - the variant line (src/formats/line.ts: `killer:GIVENS cages=... sums=...`) holds the cages and
 *   the digits placed so far;
 * - eliminations applied first: `-` for none, else space-separated `r1c2-4` (remove 4 from r1c2),
 *   the candidates the solving path had already removed;
 * - expected result: space-separated `r1c1=5` (placement) and `r2c3-4` (elimination), any order.
 * Blank lines and `#` lines are comments.
 */
export interface KillerCase {
  line: number;
  technique: string;
  rules: Rules;
  geometry: Geometry;
  board: Board;
  expected: string[];
  text: string;
}

const CANDIDATE = /^r([1-9])c([1-9])([=-])([1-9])$/;

/** `r1c2-4` -> { cell, digit, place }. */
export function parseCandidate(token: string, where: string): { cell: number; digit: number; place: boolean } {
  const m = CANDIDATE.exec(token);
  if (!m) throw new Error(`${where}: bad candidate '${token}' (want r1c2=5 or r1c2-5)`);
  return { cell: (Number(m[1]) - 1) * 9 + Number(m[2]) - 1, digit: Number(m[4]), place: m[3] === '=' };
}

/** `r1c2` of a cell. */
export function cellToken(cell: number): string {
  return `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
}

/** Reads a killer technique fixture file. */
export function readKillerCases(path: string): KillerCase[] {
  const cases: KillerCase[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      const where = `${path}:${i + 1}`;
      const fields = trimmed.split(' | ').map((f) => f.trim());
      if (fields.length !== 4) throw new Error(`${where}: expected 4 fields separated by ' | '`);
      const [technique, line, pre, expected] = fields as [string, string, string, string];
      const puzzle = parseVariantLine(line);
      const geometry = geometryOf(puzzle.rules);
      const board = boardFromGrid(Array.from(puzzle.givens), geometry);
      if (pre !== '-') {
        for (const token of pre.split(/\s+/)) {
          const c = parseCandidate(token, where);
          board.candidates[c.cell] = board.candidates[c.cell]! & ~(1 << (c.digit - 1));
        }
      }
      cases.push({ line: i + 1, technique, rules: puzzle.rules, geometry, board, expected: expected.split(/\s+/).sort(), text: trimmed });
    });
  return cases;
}

/** The eliminations that take `from` (a fresh board of the same values) to `to`, as fixture tokens. */
export function eliminationTokens(from: Readonly<Board>, to: Readonly<Board>): string[] {
  const out: string[] = [];
  for (let cell = 0; cell < 81; cell++) {
    let gone = from.candidates[cell]! & ~to.candidates[cell]!;
    for (let d = 1; d <= 9; d++) if (gone & (1 << (d - 1))) out.push(`${cellToken(cell)}-${d}`);
    gone = 0;
  }
  return out;
}
