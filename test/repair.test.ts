import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parsePuzzle } from '../src/core/parse.js';
import { symmetryOrbits } from '../src/generator/symmetry.js';
import { gradePuzzle } from '../src/grader/grade.js';
import { RepairError, SetFamily, repairPuzzle, searchHittingSets, type RepairReport } from '../src/repair/index.js';
import { Solver } from '../src/solver/index.js';
import { fixturePuzzles } from './helpers/data.js';

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const solver = new Solver();
const grid = (text: string) => parsePuzzle(text, { rejectConflicts: false });
const count = (text: string) => solver.count(grid(text), 2);

function multiple(report: RepairReport): Extract<RepairReport, { status: 'multiple' }> {
  if (report.status !== 'multiple') throw new Error(`expected several solutions, got ${report.status}`);
  return report;
}

/** Whether some k empty cells (digits from `solution`) make the puzzle unique: brute force. */
function someRepairOfSize(puzzle: string, solution: string, k: number, groups?: number[][]): boolean {
  const g = grid(puzzle);
  const units = groups ?? [...g.keys()].filter((cell) => g[cell] === 0).map((cell) => [cell]);
  const pick = (from: number, left: number): boolean => {
    if (left === 0) return solver.count(g, 2) === 1;
    for (let i = from; i < units.length; i++) {
      for (const cell of units[i]!) g[cell] = Number(solution[cell]);
      const found = pick(i + 1, left - 1);
      for (const cell of units[i]!) g[cell] = 0;
      if (found) return true;
    }
    return false;
  };
  return pick(0, k);
}

describe('minimum hitting sets', () => {
  test('equal a brute-force minimum on random small families', () => {
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), (sets) => {
        const family = new SetFamily();
        for (const s of sets) family.addElements(s);
        const weights = Array.from({ length: 12 }, () => 1);
        const result = searchHittingSets(family, { weights, allowed: [0xfff, 0, 0], limit: 50 });
        let best = 99;
        for (let mask = 0; mask < 1 << 12; mask++) {
          if (sets.every((s) => s.some((e) => mask & (1 << e)))) best = Math.min(best, popcount(mask));
        }
        expect(result.complete).toBe(true);
        expect(result.cost).toBe(best);
        for (const hit of result.sets) {
          expect(hit.length).toBe(best);
          expect(sets.every((s) => s.some((e) => hit.includes(e)))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('weights and forbidden elements', () => {
    const family = new SetFamily();
    family.addElements([0, 1]);
    family.addElements([1, 2]);
    // Element 1 costs 3: {0, 2} (cost 2) is cheaper.
    const weighted = searchHittingSets(family, { weights: [1, 3, 1], allowed: [0b111, 0, 0] });
    expect(weighted.sets).toEqual([[0, 2]]);
    expect(weighted.cost).toBe(2);
    const none = searchHittingSets(family, { weights: [1, 1, 1], allowed: [0b100, 0, 0] });
    expect(none.sets).toEqual([]);
    expect(none.complete).toBe(true);
  });
});

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

describe('repairPuzzle: several solutions', () => {
  const sample = fixturePuzzles('multi_solution_sample.txt');

  test('after the repair the count is 1; without any one added clue it is not', () => {
    for (const puzzle of sample) {
      const report = multiple(repairPuzzle(grid(puzzle)));
      expect(report.proven).toBe(true);
      const r = report.repairs[0]!;
      expect(r.added.length).toBe(report.minimum);
      expect(count(r.puzzle)).toBe(1);
      for (const p of r.added) {
        expect(r.puzzle[p.cell]).toBe(String(p.digit));
        expect(report.solutions[0][p.cell]).toBe(String(p.digit));
        const without = r.puzzle.slice(0, p.cell) + '.' + r.puzzle.slice(p.cell + 1);
        expect(count(without)).toBe(2);
      }
      // Two different solutions, and the cells where they differ.
      expect(report.solutions[0]).not.toBe(report.solutions[1]);
      const differ = [...report.solutions[0]].flatMap((d, cell) => (d === report.solutions[1][cell] ? [] : [cell]));
      expect(report.differences).toEqual(differ);
    }
  });

  test('the minimum is exact: no smaller set of clues works (brute force)', () => {
    let checked = 0;
    for (const puzzle of sample) {
      const report = multiple(repairPuzzle(grid(puzzle)));
      if (report.minimum > 4) continue;
      expect(someRepairOfSize(puzzle, report.solutions[0], report.minimum - 1)).toBe(false);
      expect(someRepairOfSize(puzzle, report.solutions[0], report.minimum)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(90);
  }, 120_000);

  test('alternatives: distinct, each unique and minimal, smallest first', () => {
    const puzzle = sample[3]!;
    const report = multiple(repairPuzzle(grid(puzzle), { repairs: 6 }));
    expect(report.repairs.length).toBe(6);
    expect(new Set(report.repairs.map((r) => r.puzzle)).size).toBe(6);
    let size = report.minimum;
    for (const r of report.repairs) {
      expect(r.added.length).toBeGreaterThanOrEqual(size);
      size = r.added.length;
      expect(count(r.puzzle)).toBe(1);
      for (const p of r.added) expect(count(r.puzzle.slice(0, p.cell) + '.' + r.puzzle.slice(p.cell + 1))).toBe(2);
    }
  });

  test('a given solution: the clues come from it', () => {
    const puzzle = sample[5]!;
    const first = multiple(repairPuzzle(grid(puzzle)));
    const other = first.solutions[1];
    const report = multiple(repairPuzzle(grid(puzzle), { solution: grid(other) }));
    expect(report.solutions[0]).toBe(other);
    const r = report.repairs[0]!;
    for (const p of r.added) expect(other[p.cell]).toBe(String(p.digit));
    expect(count(r.puzzle)).toBe(1);
    solver.count(grid(r.puzzle), 1);
    expect(Array.from(solver.solution).join('')).toBe(other);
    expect(() => repairPuzzle(grid(puzzle), { solution: grid(SOLVED) })).toThrow(RepairError);
  });

  test('symmetry: clues are added in whole symmetric groups, the fewest clues (brute force over groups)', () => {
    const orbits = symmetryOrbits('rotational');
    let checked = 0;
    for (const puzzle of sample.slice(0, 40)) {
      const report = multiple(repairPuzzle(grid(puzzle), { symmetry: 'rotational' }));
      const r = report.repairs[0]!;
      expect(count(r.puzzle)).toBe(1);
      const added = new Set(r.added.map((p) => p.cell));
      for (const orbit of orbits) {
        const empty = orbit.filter((cell) => puzzle[cell] === '.');
        const inside = empty.filter((cell) => added.has(cell)).length;
        expect(inside === 0 || inside === empty.length).toBe(true);
      }
      const groups = orbits.map((o) => o.filter((cell) => puzzle[cell] === '.')).filter((o) => o.length > 0);
      if (r.added.length <= 4) {
        // No set of groups with fewer clues works.
        for (let k = 1; k <= 2; k++) {
          const g = grid(puzzle);
          const small = groups.filter((o) => o.length <= r.added.length - 1);
          const pick = (from: number, left: number, clues: number): boolean => {
            if (clues >= r.added.length) return false;
            if (left === 0) return solver.count(g, 2) === 1;
            for (let i = from; i < small.length; i++) {
              for (const cell of small[i]!) g[cell] = Number(report.solutions[0][cell]);
              const found = pick(i + 1, left - 1, clues + small[i]!.length);
              for (const cell of small[i]!) g[cell] = 0;
              if (found) return true;
            }
            return false;
          };
          expect(pick(0, k, 0)).toBe(false);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  }, 120_000);

  test('keepLevel: the smallest count, the lowest rating among the smallest repairs', () => {
    const puzzle = sample[0]!;
    const plain = multiple(repairPuzzle(grid(puzzle), { repairs: 24 }));
    const smallest = plain.repairs.filter((r) => r.added.length === plain.minimum);
    const low = multiple(repairPuzzle(grid(puzzle), { keepLevel: true }));
    expect(low.repairs[0]!.added.length).toBe(plain.minimum);
    const ratings = smallest.map((r) => gradePuzzle(grid(r.puzzle)).rating);
    expect(low.repairs[0]!.rating).toBe(Math.min(...ratings));
    const near = multiple(repairPuzzle(grid(puzzle), { keepLevel: 9 }));
    expect(near.repairs[0]!.rating).toBe(ratings.reduce((a, b) => (Math.abs(b - 9) < Math.abs(a - 9) ? b : a)));
  });
});

describe('repairPuzzle: no solution, bad input', () => {
  /** EASY with one given changed to a digit that conflicts with nothing but leaves no solution. */
  function broken(): string {
    for (let cell = 0; cell < 81; cell++) {
      if (EASY[cell] === '.') continue;
      for (let d = 1; d <= 9; d++) {
        const text = EASY.slice(0, cell) + d + EASY.slice(cell + 1);
        const g = parsePuzzle(text, { rejectConflicts: false });
        if (String(d) !== EASY[cell] && repairPuzzle(g).status === 'none') return text;
      }
    }
    throw new Error('no broken variant');
  }

  test('the fewest givens to remove, and the solutions then', () => {
    const puzzle = broken();
    const report = repairPuzzle(grid(puzzle), { repairs: 3 });
    if (report.status !== 'none') throw new Error(report.status);
    expect(report.proven).toBe(true);
    expect(report.minimum).toBeGreaterThanOrEqual(1);
    for (const r of report.repairs) {
      const n = count(r.puzzle);
      expect(n).toBeGreaterThan(0);
      expect(r.status).toBe(n === 1 ? 'unique' : 'multiple');
      expect(solver.count(grid(r.puzzle), 1)).toBe(1);
      for (const p of r.removed) expect(puzzle[p.cell]).toBe(String(p.digit));
    }
    // No smaller removal works: brute force over single givens when the minimum is 2.
    if (report.minimum === 2) {
      for (let cell = 0; cell < 81; cell++) {
        if (puzzle[cell] !== '.') expect(count(puzzle.slice(0, cell) + '.' + puzzle.slice(cell + 1))).toBe(0);
      }
    }
  });

  test('conflicting givens, an empty grid, a full grid, a unique puzzle', () => {
    const conflict = repairPuzzle(grid(`55${'.'.repeat(79)}`));
    expect(conflict).toMatchObject({ status: 'invalid', error: 'givens conflict: r1c1 and r1c2 both hold 5 in row 1' });
    expect(() => repairPuzzle(grid('.'.repeat(81)))).toThrow(/the grid is empty/);
    expect(repairPuzzle(grid(SOLVED))).toEqual({ status: 'unique', solution: SOLVED });
    expect(repairPuzzle(grid(EASY))).toEqual({ status: 'unique', solution: SOLVED });
    expect(() => repairPuzzle(grid(EASY), { repairs: 0 })).toThrow(/repairs must be/);
  });

  test('a very open grid stops at the effort bound with a sound repair', () => {
    const open = [...SOLVED].map((d, i) => ((i * 7) % 81 < 8 ? d : '.')).join('');
    const report = multiple(repairPuzzle(grid(open), { maxNodes: 20_000 }));
    expect(report.proven).toBe(false);
    expect(count(report.repairs[0]!.puzzle)).toBe(1);
  });
});
