import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyStep, boardFromGrid, type Board } from '../src/core/board.js';
import { geometryOf } from '../src/core/geometry.js';
import { parseVariantLine } from '../src/formats/line.js';
import { solvePath } from '../src/grader/grade.js';
import type { BoardChange } from '../src/techniques/near-change.js';
import { withKeptScans } from '../src/techniques/house-scans.js';
import { nearCheckOf } from '../src/techniques/near-checks.js';
import { LADDER } from '../src/techniques/registry.js';
import { buildVariantLadder } from '../src/techniques/variant-ladder.js';

/*
 * Variant grading runs a technique only when its check (near-checks.ts) says that what a board
 * lost since the last board where the technique found nothing can have made a step. Along the
 * grader's paths of SukakuExplainer-rated jigsaw, X and windoku puzzles, every technique with a
 * check runs its own (unwrapped) search on every board: where the check says no, the search must
 * find nothing; and enough boards have a step that the board before had not, all of which the
 * checks must have let through (a check always saying no fails here). The singles producer over
 * house scans kept from board to board (house-scans.ts) must find what a whole scan finds.
 */
const FIXTURES = new URL('./fixtures/variants/', import.meta.url);
const lines = (name: string, keep: (fields: string[], index: number) => boolean): string[] =>
  readFileSync(new URL(name, FIXTURES), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .filter(keep)
    .map((fields) => fields[0]!);

interface Seen {
  candidates: Uint16Array;
  values: Uint8Array;
}

/** What `board` lost since `last`, or null when it is not `last` less some candidates. */
function changeSince(last: Seen, board: Board): BoardChange | null {
  const change: BoardChange = { lost: new Uint16Array(81), cells: new Uint8Array(81), cellCount: 0, digits: 0 };
  for (let cell = 0; cell < 81; cell++) {
    if ((board.candidates[cell]! & ~last.candidates[cell]!) !== 0) return null;
    if (last.values[cell] !== 0 && board.values[cell] !== last.values[cell]) return null;
    const gone = last.candidates[cell]! & ~board.candidates[cell]!;
    change.lost[cell] = gone;
    if (gone !== 0 || board.values[cell] !== last.values[cell]) change.cells[change.cellCount++] = cell;
    change.digits |= gone;
  }
  return change;
}

describe('near-change checks (variant ladders)', () => {
  it('never say no where the search finds a step', () => {
    // Extreme and advanced puzzles (every technique below the chains appears), every second one.
    const puzzles = [
      ...lines('se-rated.txt', (f, i) => (f[3] === 'extreme' || f[3] === 'advanced') && i % 4 === 0),
      ...lines('windoku-se-rated.txt', (_, i) => i % 6 === 0),
    ];
    expect(puzzles.length).toBeGreaterThan(30);
    const tally = { no: 0, newSteps: 0, boards: 0, singles: 0 };
    const newSteps = new Map<string, number>();
    for (const line of puzzles) {
      const { rules, givens } = parseVariantLine(line);
      const geometry = geometryOf(rules);
      const ladder = buildVariantLadder(geometry, LADDER);
      const checked = ladder.filter((def) => nearCheckOf(def.id) !== undefined);
      const singles = ladder.find((def) => def.id === 'singles')!;
      const kept = withKeptScans(singles);
      const last = new Map<string, Seen>();
      const board = boardFromGrid(givens, geometry);
      for (const step of solvePath({ rules, givens }, { maxRating: 7.0 })) {
        tally.boards++;
        // The singles over house scans kept from the board before: the same step as a whole scan.
        const single = singles.find(board, { uniqueness: true, geometry });
        expect(kept.find(board, { uniqueness: true, geometry }), `${line}: singles over kept scans`).toEqual(single);
        if (single !== null) tally.singles++;
        for (const def of checked) {
          const found = def.find(board, { uniqueness: true, geometry });
          const before = last.get(def.id);
          const change = before === undefined ? null : changeSince(before, board);
          if (change !== null) {
            const maybe = nearCheckOf(def.id)!(board, geometry, change);
            if (!maybe) {
              tally.no++;
              expect(found, `${line}: ${def.id} said no before ${step.technique}`).toBeNull();
            }
            if (found !== null) {
              tally.newSteps++;
              newSteps.set(def.id, (newSteps.get(def.id) ?? 0) + 1);
            }
          }
          if (found === null) last.set(def.id, { candidates: board.candidates.slice(), values: board.values.slice() });
        }
        applyStep(board, step, geometry);
      }
    }
    expect(tally.boards).toBeGreaterThan(1000);
    expect(tally.no).toBeGreaterThan(5000);
    expect(tally.singles).toBeGreaterThan(1000);
    for (const id of ['naked-single', 'direct-locking', 'locked-candidates', 'direct-hidden-pair', 'naked-pair', 'hidden-pair', 'x-wing', 'swordfish', 'xy-wing', 'xyz-wing']) expect(newSteps.get(id) ?? 0, id).toBeGreaterThan(5);
  });
});
