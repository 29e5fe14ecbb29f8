import { describe, expect, it } from 'vitest';
import { generateVariant, orbitsOf, solvesWith, VARIANT_NAMES, type VariantOptions, type VariantPuzzle } from '../src/generator/variants/index.js';
import { solvesFrom } from '../src/generator/variants/logic.js';
import { countRules } from '../src/solver/rules-solver.js';
import { findGivenConflict } from '../src/rules/puzzle.js';
import { classicRules, jigsawRules, withDiagonals, withWindoku } from '../src/rules/constructors.js';
import { SinglesState } from '../src/generator/variants/singles.js';
import { SinglesClosure } from '../src/generator/variants/closure.js';
import { randomRegions } from '../src/generator/variants/jigsaw.js';
import { fillRules } from '../src/generator/variants/fill.js';
import { puzzleRandom, shuffleInPlace } from '../src/generator/random.js';
import { carve } from '../src/generator/variants/carve.js';

/** Everything a puzzle is, as one string: same seed must give the same bytes. */
function bytesOf(p: VariantPuzzle): string {
  return JSON.stringify({ text: p.text, regions: p.regions ?? null, cages: p.cages ?? null, solution: Array.from(p.solution) });
}

/** An independent counter for small classic grids (rows, columns, boxes of boxRows x boxCols): plain backtracking. */
function bruteCount(givens: ArrayLike<number>, size: number, boxRows: number, boxCols: number, limit = 2): number {
  const grid = Array.from(givens);
  const ok = (cell: number, d: number): boolean => {
    const r = Math.floor(cell / size);
    const c = cell % size;
    for (let i = 0; i < size; i++) if (grid[r * size + i] === d || grid[i * size + c] === d) return false;
    const br = r - (r % boxRows);
    const bc = c - (c % boxCols);
    for (let i = br; i < br + boxRows; i++) for (let j = bc; j < bc + boxCols; j++) if (grid[i * size + j] === d) return false;
    return true;
  };
  let count = 0;
  const walk = (cell: number): void => {
    if (count >= limit) return;
    if (cell === size * size) {
      count++;
      return;
    }
    if (grid[cell] !== 0) return walk(cell + 1);
    for (let d = 1; d <= size; d++) {
      if (!ok(cell, d)) continue;
      grid[cell] = d;
      walk(cell + 1);
      grid[cell] = 0;
    }
  };
  walk(0);
  return count;
}

/** An independent singles solver (naked and hidden singles over rows, columns, boxes): true when it fills the grid. */
function singlesSolve(givens: ArrayLike<number>, size: number, boxRows: number, boxCols: number): boolean {
  const grid = Array.from(givens);
  const houses: number[][] = [];
  for (let i = 0; i < size; i++) {
    houses.push(Array.from({ length: size }, (_, j) => i * size + j));
    houses.push(Array.from({ length: size }, (_, j) => j * size + i));
  }
  for (let br = 0; br < size; br += boxRows) {
    for (let bc = 0; bc < size; bc += boxCols) {
      const box: number[] = [];
      for (let r = br; r < br + boxRows; r++) for (let c = bc; c < bc + boxCols; c++) box.push(r * size + c);
      houses.push(box);
    }
  }
  const allowed = (cell: number, d: number): boolean => grid[cell] === 0 && houses.every((h) => !h.includes(cell) || h.every((x) => grid[x] !== d));
  for (let progress = true; progress; ) {
    progress = false;
    for (let cell = 0; cell < size * size; cell++) {
      const ds = [];
      for (let d = 1; d <= size; d++) if (allowed(cell, d)) ds.push(d);
      if (ds.length === 1) ((grid[cell] = ds[0]!), (progress = true));
    }
    for (const h of houses) {
      for (let d = 1; d <= size; d++) {
        const places = h.filter((cell) => allowed(cell, d));
        if (places.length === 1 && !h.some((x) => grid[x] === d)) ((grid[places[0]!] = d), (progress = true));
      }
    }
  }
  return grid.every((d) => d !== 0);
}

/** Options per variant for the test: 16x16 stops carving at 110 givens to keep the file fast. */
function optionsOf(variant: (typeof VARIANT_NAMES)[number], index: number): VariantOptions {
  return { variant, seed: 'test-seed', index, ...(variant === '16x16' ? { minClues: 110 } : {}) };
}

describe('generateVariant', () => {
  for (const variant of VARIANT_NAMES) {
    it(`${variant}: unique, givens agree with the solution, same seed same bytes, other index other puzzle`, () => {
      const p = generateVariant(optionsOf(variant, 1));
      expect(countRules(p.rules, p.givens, 2)).toBe(1);
      expect(findGivenConflict(p.rules, p.solution)).toBeNull();
      for (let cell = 0; cell < p.givens.length; cell++) if (p.givens[cell] !== 0) expect(p.givens[cell]).toBe(p.solution[cell]);
      expect(p.solution.every((d) => d >= 1 && d <= p.rules.size)).toBe(true);
      const again = generateVariant(optionsOf(variant, 1));
      expect(bytesOf(again)).toBe(bytesOf(p));
      const other = generateVariant(optionsOf(variant, 2));
      expect(bytesOf(other)).not.toBe(bytesOf(p));
      expect(countRules(other.rules, other.givens, 2)).toBe(1);
    });
  }

  it('4x4 and 6x6: beginner by default, unique by an independent brute-force counter, solvable by singles (independent solver)', () => {
    for (const [variant, size, br, bc] of [
      ['4x4', 4, 2, 2],
      ['6x6', 6, 2, 3],
    ] as const) {
      for (let index = 1; index <= 4; index++) {
        const p = generateVariant({ variant, seed: 'kids', index });
        expect(p.level).toBe('beginner');
        expect(p.rating).toBeLessThanOrEqual(1.5);
        expect(bruteCount(p.givens, size, br, bc)).toBe(1);
        expect(singlesSolve(p.givens, size, br, bc)).toBe(true);
        expect(p.clues).toBeGreaterThanOrEqual(variant === '4x4' ? 7 : 14);
        // The counter does see several solutions where there are (the empty grid: stops at the limit, 2).
        expect(bruteCount(new Uint8Array(size * size), size, br, bc)).toBe(2);
      }
    }
  });

  it('jigsaw: regions connected, size 9 each, none a standard 3x3 box, regions of the rules', () => {
    for (let index = 1; index <= 3; index++) {
      const p = generateVariant({ variant: 'jigsaw', seed: 'jig', index });
      const regions = p.regions!;
      expect(regions).toHaveLength(81);
      for (let region = 0; region < 9; region++) {
        const cells = regions.flatMap((r, cell) => (r === region ? [cell] : []));
        expect(cells).toHaveLength(9);
        const seen = new Set([cells[0]!]);
        const stack = [cells[0]!];
        while (stack.length > 0) {
          const at = stack.pop()!;
          for (const w of [at - 9, at + 9, at % 9 > 0 ? at - 1 : -1, at % 9 < 8 ? at + 1 : -1]) {
            if (w >= 0 && w < 81 && regions[w] === region && !seen.has(w)) (seen.add(w), stack.push(w));
          }
        }
        expect(seen.size).toBe(9);
        const box = cells.every((cell) => Math.floor(cell / 27) === Math.floor(cells[0]! / 27) && Math.floor((cell % 9) / 3) === Math.floor((cells[0]! % 9) / 3));
        expect(box).toBe(false);
      }
      expect(p.rules.spec.regions).toEqual(regions);
      expect(countRules(p.rules, p.givens, 2)).toBe(1);
    }
  });

  it('jigsaw: a symmetric layout is symmetric under a half turn', () => {
    const p = generateVariant({ variant: 'jigsaw', seed: 'jig', index: 1, symmetricLayout: true });
    const regions = p.regions!;
    const map = new Map<number, number>();
    for (let cell = 0; cell < 81; cell++) {
      const image = regions[80 - cell]!;
      if (!map.has(regions[cell]!)) map.set(regions[cell]!, image);
      expect(map.get(regions[cell]!)).toBe(image);
    }
  });

  it('killer: no givens by default, cages of 1-5 cells with distinct digits and right sums, unique with the cages alone', () => {
    for (let index = 1; index <= 3; index++) {
      const p = generateVariant({ variant: 'killer', seed: 'kil', index });
      expect(p.clues).toBe(0);
      expect(p.givens.every((d) => d === 0)).toBe(true);
      const cages = p.cages!;
      const covered = new Array<number>(81).fill(0);
      const sizes = new Array<number>(6).fill(0);
      for (const cage of cages) {
        expect(cage.cells.length).toBeGreaterThanOrEqual(1);
        expect(cage.cells.length).toBeLessThanOrEqual(5);
        sizes[cage.cells.length]!++;
        const digits = cage.cells.map((cell) => p.solution[cell]!);
        expect(new Set(digits).size).toBe(digits.length);
        expect(cage.sum).toBe(digits.reduce((a, b) => a + b, 0));
        for (const cell of cage.cells) covered[cell]!++;
      }
      expect(covered.every((k) => k === 1)).toBe(true);
      // Mostly 2-4 cells.
      expect(sizes[2]! + sizes[3]! + sizes[4]!).toBeGreaterThan(cages.length / 2);
      expect(p.rules.cages).toHaveLength(cages.length);
      expect(countRules(p.rules, new Uint8Array(81), 2)).toBe(1);
    }
  });

  it('killer with givens: a few givens, unique with them', () => {
    const p = generateVariant({ variant: 'killer', seed: 'kil', index: 1, killerGivens: true });
    expect(p.clues).toBeGreaterThan(0);
    expect(p.clues).toBeLessThan(30);
    expect(countRules(p.rules, p.givens, 2)).toBe(1);
  });

  it('samurai: one puzzle across the five grids, unique as a whole', () => {
    const p = generateVariant({ variant: 'samurai', seed: 'sam', index: 1 });
    expect(p.rules.cellCount).toBe(369);
    expect(countRules(p.rules, p.givens, 2)).toBe(1);
  });

  it('levels: easy (rated up to 2.3) is solved by singles, medium (above 2.3) is not, hard (above 3.4) not by the medium set', () => {
    const easy = generateVariant({ variant: 'x', seed: 'lv', index: 1, level: 'easy' });
    expect(solvesWith(easy.rules, easy.givens, 'singles')).toBe(true);
    const medium = generateVariant({ variant: 'windoku', seed: 'lv', index: 1, level: 'medium' });
    expect(solvesWith(medium.rules, medium.givens, 'singles')).toBe(false);
    const hard = generateVariant({ variant: 'jigsaw', seed: 'lv', index: 1, level: 'hard' });
    expect(solvesWith(hard.rules, hard.givens, 'medium')).toBe(false);
    expect(countRules(hard.rules, hard.givens, 2)).toBe(1);
  });

  it('rotational symmetry of the givens', () => {
    for (const variant of ['x', '8x8', 'samurai'] as const) {
      const p = generateVariant({ variant, seed: 'sym', index: 1, symmetry: 'rotational' });
      const { width, height } = p.rules;
      for (let cell = 0; cell < p.rules.cellCount; cell++) {
        const image = p.rules.cellAt[(height - 1 - p.rules.rowOf[cell]!) * width + (width - 1 - p.rules.colOf[cell]!)]!;
        expect(p.givens[cell] === 0).toBe(p.givens[image] === 0);
      }
      expect(countRules(p.rules, p.givens, 2)).toBe(1);
    }
  });

  it('fixed rules: a given jigsaw layout and X on 8x8 keep their rules, unique, same seed same bytes', () => {
    const layout = generateVariant({ variant: 'jigsaw', seed: 'fixed', index: 1 }).rules;
    for (const rules of [layout, withDiagonals(classicRules(8))]) {
      const p = generateVariant({ rules, seed: 'fixed', index: 3 });
      expect(p.rules).toBe(rules);
      expect(countRules(rules, p.givens, 2)).toBe(1);
      expect(bytesOf(generateVariant({ rules, seed: 'fixed', index: 3 }))).toBe(bytesOf(p));
    }
  });

  it('puzzle i does not depend on the puzzles made before it (order 1, 2, 3 against 3, 2, 1)', () => {
    for (const variant of ['jigsaw', 'killer', '6x6'] as const) {
      const forward = [1, 2, 3].map((index) => bytesOf(generateVariant({ variant, seed: 'order', index })));
      const backward = [3, 2, 1].map((index) => bytesOf(generateVariant({ variant, seed: 'order', index }))).reverse();
      expect(backward).toEqual(forward);
      expect(new Set(forward).size).toBe(3);
    }
  });

  it('killer: every cage is orthogonally connected; easy and medium killers measure as asked and are unique', () => {
    for (const level of ['any', 'easy', 'medium'] as const) {
      for (let index = 1; index <= 2; index++) {
        const p = generateVariant({ variant: 'killer', seed: 'conn', index, level });
        if (level !== 'any') expect(p.level).toBe(level);
        expect(countRules(p.rules, p.givens, 2)).toBe(1);
        for (const cage of p.cages!) {
          const cells = new Set(cage.cells);
          const seen = new Set([cage.cells[0]!]);
          const stack = [cage.cells[0]!];
          while (stack.length > 0) {
            const at = stack.pop()!;
            const r = Math.floor(at / 9);
            const c = at % 9;
            for (const w of [r > 0 ? at - 9 : -1, r < 8 ? at + 9 : -1, c > 0 ? at - 1 : -1, c < 8 ? at + 1 : -1]) {
              if (w >= 0 && cells.has(w) && !seen.has(w)) {
                seen.add(w);
                stack.push(w);
              }
            }
          }
          expect(seen.size).toBe(cells.size);
        }
      }
    }
  });

  it('SinglesState: what singles reach from the givens, kept up to date while cells are emptied and refilled, is what solvesWith finds', () => {
    const random = puzzleRandom('singles-state', 'test', 1);
    const layouts = [classicRules(9), withWindoku(classicRules(9)), classicRules(6), classicRules(12)];
    for (let i = 0; i < 3; i++) {
      const regions = randomRegions(9, random);
      if (regions !== null) layouts.push(jigsawRules(regions));
    }
    let checked = 0;
    for (const rules of layouts) {
      const solution = fillRules(rules, random);
      if (solution === null) continue;
      const state = new SinglesState(rules, solution);
      const givens = Uint8Array.from(solution);
      const found = new Uint8Array(rules.cellCount);
      for (let step = 0; step < rules.cellCount; step++) {
        const cell = random.below(rules.cellCount);
        if (givens[cell] === 0) {
          givens[cell] = solution[cell]!;
          state.restore(cell, solution[cell]!);
          continue;
        }
        givens[cell] = 0;
        state.remove(cell);
        const solved = solvesWith(rules, givens, 'singles', found);
        expect(state.reach([])).toBe(solved);
        const targets = [cell, random.below(rules.cellCount)].filter((c) => givens[c] === 0);
        expect(state.reach(targets)).toBe(targets.every((c) => found[c] !== 0));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('SinglesClosure built up (give, save, rollback) and SinglesState loaded (load): the same singles as solvesWith and as a state reset and emptied cell by cell', () => {
    const random = puzzleRandom('singles-build', 'test', 1);
    for (const rules of [classicRules(9), withDiagonals(classicRules(9)), classicRules(6), classicRules(12)]) {
      const solution = fillRules(rules, random)!;
      for (const naked of [true, false]) {
        const closure = new SinglesClosure(rules);
        closure.start(naked);
        const givens = new Uint8Array(rules.cellCount);
        const found = new Uint8Array(rules.cellCount);
        let solved = false;
        let saved: Uint8Array | null = null;
        for (let step = 0; step < rules.cellCount && !solved; step++) {
          const cell = random.below(rules.cellCount);
          givens[cell] = solution[cell]!;
          solved = closure.give(cell, solution[cell]!);
          expect(solved).toBe(solvesWith(rules, givens, naked ? 'singles' : 'hidden', found));
          expect(closure.solved()).toBe(solved);
          for (let c = 0; c < rules.cellCount; c++) expect(closure.placedAt(c)).toBe(found[c] !== 0);
          if (saved === null && step === 5) {
            closure.save(0);
            saved = Uint8Array.from(found);
          }
        }
        expect(solved).toBe(true);
        // Back to the state kept after six givens, then on with the rest: the same fixed point again.
        closure.rollback(0);
        for (let c = 0; c < rules.cellCount; c++) expect(closure.placedAt(c)).toBe(saved![c] !== 0);
        for (let c = 0; c < rules.cellCount; c++) if (givens[c] !== 0) closure.give(c, givens[c]!);
        expect(closure.solved()).toBe(true);
        const loaded = new SinglesState(rules, solution);
        loaded.load(givens, naked);
        const emptied = new SinglesState(rules, solution);
        emptied.reset(solution, naked);
        for (let c = 0; c < rules.cellCount; c++) if (givens[c] === 0) emptied.remove(c);
        expect(loaded.reach([])).toBe(true);
        // Taken out one by one from both: the same answers every time.
        for (let c = 0; c < rules.cellCount; c++) {
          if (givens[c] === 0) continue;
          givens[c] = 0;
          loaded.remove(c);
          emptied.remove(c);
          const answer = solvesWith(rules, givens, naked ? 'singles' : 'hidden', found);
          expect(loaded.reach([])).toBe(answer);
          expect(emptied.reach([])).toBe(answer);
          expect(loaded.reach([c])).toBe(found[c] !== 0);
        }
      }
    }
  });

  it('fillRules on regular boxes (one candidates array, a trail, cells in buckets by count) finds the grids the copying search of a4c68bd found, and gives up where it gave up', () => {
    // Made by running fillRules at a4c68bd (a copy of every cell's candidates per level, a scan for the next cell).
    const pinned = {
      classic: ['485619723137248569629573481214785936896324175573961248962857314348192657751436892', '721654893546983172398271465487326519913745286265819734834162957159437628672598341', null],
      x: ['867942153391865247452317968729531486643278519518694372135789624984126735276453891', '754692183821537496936418257547861329368249571219753864175326948483975612692184735', null],
      windoku: ['652479813971683425438521796349216587267895341185347962524768139716934258893152674', '954681723638792154721453698396514872517328946842976531473169285265837419189245367', null],
      '6x6': ['321456564213413562256134132645645321', '215463436521152634643215521346364152', '125364463521654132312456231645546213'],
    };
    const rulesOf = { classic: classicRules(9), x: withDiagonals(classicRules(9)), windoku: withWindoku(classicRules(9)), '6x6': classicRules(6) };
    for (const [name, grids] of Object.entries(pinned)) {
      const random = puzzleRandom('fill-pin', name, 1);
      const rules = rulesOf[name as keyof typeof rulesOf];
      // Two grids, then one with at most 40 placements (a 9x9 needs 81: given up).
      const found = [fillRules(rules, random), fillRules(rules, random), fillRules(rules, random, 40)].map((g) => (g === null ? null : g.join('')));
      expect(found, name).toEqual(grids);
    }
  });

  it('the built-up carving (its tests run from fixed points kept along a tree) empties the orbits an orbit-by-orbit carving with solvesWith does', () => {
    const cases = [
      [classicRules(9), 'none'],
      [withDiagonals(classicRules(9)), 'rotational'],
      [classicRules(6), 'none'],
    ] as const;
    let emptied = 0;
    for (const [rules, symmetry] of cases) {
      const orbits = orbitsOf(rules, symmetry);
      for (const set of ['hidden', 'singles'] as const) {
        for (let index = 1; index <= 3; index++) {
          const solution = fillRules(rules, puzzleRandom('tree-carve', 'fill', index))!;
          const got = carve(rules, solution, orbits, puzzleRandom('tree-carve', set, index), set, 0);
          // The reference: build up while the orbit is not placed yet, then try each given orbit in a new order.
          const random = puzzleRandom('tree-carve', set, index);
          const order = orbits.map((_, o) => o);
          shuffleInPlace(order, random);
          const givens = new Uint8Array(rules.cellCount);
          const found = new Uint8Array(rules.cellCount);
          const kept: number[] = [];
          let solved = false;
          for (const o of order) {
            if (solved || orbits[o]!.every((cell) => found[cell] !== 0)) {
              kept.push(o);
              continue;
            }
            for (const cell of orbits[o]!) givens[cell] = solution[cell]!;
            solved = solvesWith(rules, givens, set, found);
          }
          shuffleInPlace(order, random);
          for (const o of order) {
            if (givens[orbits[o]![0]!] === 0) continue;
            for (const cell of orbits[o]!) givens[cell] = 0;
            if (solvesWith(rules, givens, set)) {
              kept.push(o);
              emptied++;
            } else for (const cell of orbits[o]!) givens[cell] = solution[cell]!;
          }
          expect(got.givens).toEqual(givens);
          expect(got.kept).toEqual(kept);
        }
      }
    }
    expect(emptied).toBeGreaterThan(20);
  });

  it('the carving down to a floor of givens (the chain), and the tree carving on from a carved puzzle, empty the orbits an orbit-by-orbit carving with solvesWith does', () => {
    // [rules, symmetry, floor, puzzles]: more of the children's sizes, whose carvings mostly keep
    // an orbit back before the floor (so later removals are tested from a kept state with it given).
    const cases = [
      [classicRules(9), 'none', 30, 3],
      [withDiagonals(classicRules(9)), 'rotational', 26, 3],
      [classicRules(6), 'none', 14, 12],
      [classicRules(6), 'rotational', 12, 6],
      [classicRules(4), 'none', 7, 12],
      [classicRules(4), 'rotational', 6, 6],
    ] as const;
    let emptied = 0;
    let floored = 0;
    for (const [rules, symmetry, floor, puzzles] of cases) {
      const orbits = orbitsOf(rules, symmetry);
      for (const set of ['hidden', 'singles'] as const) {
        for (let index = 1; index <= puzzles; index++) {
          const solution = fillRules(rules, puzzleRandom('floor-carve', 'fill', index))!;
          // The reference: each orbit in the seeded order emptied while solvesWith solves the rest and the floor allows.
          const reference = (from: Uint8Array, minClues: number, random: ReturnType<typeof puzzleRandom>): { givens: Uint8Array; kept: number[] } => {
            const order = orbits.map((_, o) => o);
            shuffleInPlace(order, random);
            const givens = from.slice();
            let clues = givens.filter((d) => d !== 0).length;
            const kept: number[] = [];
            for (const o of order) {
              const orbit = orbits[o]!;
              if (givens[orbit[0]!] === 0 || clues - orbit.length < minClues) continue;
              for (const cell of orbit) givens[cell] = 0;
              if (solvesWith(rules, givens, set)) {
                kept.push(o);
                clues -= orbit.length;
              } else for (const cell of orbit) givens[cell] = solution[cell]!;
            }
            return { givens, kept };
          };
          const down = carve(rules, solution, orbits, puzzleRandom('floor-carve', set, index), set, floor);
          const expected = reference(solution, floor, puzzleRandom('floor-carve', set, index));
          expect(down.givens).toEqual(expected.givens);
          expect(down.kept).toEqual(expected.kept);
          if (expected.givens.filter((d) => d !== 0).length <= floor + 1) floored++;
          // On from that puzzle with a third of its emptied orbits given back, no floor.
          const from = down.givens.slice();
          for (const o of down.kept.slice(0, Math.ceil(down.kept.length / 3))) for (const cell of orbits[o]!) from[cell] = solution[cell]!;
          const on = carve(rules, solution, orbits, puzzleRandom('floor-carve-on', set, index), set, 0, { from });
          const again = reference(from, 0, puzzleRandom('floor-carve-on', set, index));
          expect(on.givens).toEqual(again.givens);
          expect(on.kept).toEqual(again.kept);
          emptied += down.kept.length + on.kept.length;
        }
      }
    }
    expect(emptied).toBeGreaterThan(100);
    expect(floored).toBeGreaterThan(10);
  });

  it('solvesFrom, going on from where SinglesState.reach stopped, says what solvesWith says', () => {
    const random = puzzleRandom('solves-from', 'test', 1);
    const layouts = [classicRules(9), withDiagonals(classicRules(9)), withWindoku(classicRules(9)), classicRules(6)];
    const regions = randomRegions(9, random);
    if (regions !== null) layouts.push(jigsawRules(regions));
    const seen = { solved: 0, not: 0 };
    for (const rules of layouts) {
      const solution = fillRules(rules, random)!;
      for (const set of ['hidden', 'singles', 'medium'] as const) {
        const state = new SinglesState(rules, solution);
        state.reset(solution, set !== 'hidden');
        const givens = Uint8Array.from(solution);
        for (let step = 0; step < rules.cellCount * 4; step++) {
          const cell = random.below(rules.cellCount);
          if (givens[cell] === 0) continue;
          givens[cell] = 0;
          state.remove(cell);
          if (state.reach([cell])) continue;
          const stop = state.stoppedAt()!;
          const answer = solvesWith(rules, givens, set);
          expect(solvesFrom(rules, stop.candidates, stop.placed, set)).toBe(answer);
          seen[answer ? 'solved' : 'not']++;
          givens[cell] = solution[cell]!;
          state.restore(cell, solution[cell]!);
        }
      }
    }
    expect(seen.solved, JSON.stringify(seen)).toBeGreaterThan(10);
    expect(seen.not, JSON.stringify(seen)).toBeGreaterThan(10);
  });

  it.each(['classic', 'x', 'jigsaw'] as const)('%s beginner and easy (built up, then carved): minimal for their technique set, easy not solved by hidden singles', (variant) => {
    for (let index = 1; index <= 4; index++) {
      for (const [level, set] of [
        ['beginner', 'hidden'],
        ['easy', 'singles'],
      ] as const) {
        const p = generateVariant({ variant, level, seed: 'minimal', index });
        expect(solvesWith(p.rules, p.givens, set)).toBe(true);
        if (level === 'easy') expect(solvesWith(p.rules, p.givens, 'hidden')).toBe(false);
        const givens = Uint8Array.from(p.givens);
        for (let cell = 0; cell < 81; cell++) {
          if (givens[cell] === 0) continue;
          givens[cell] = 0;
          expect(solvesWith(p.rules, givens, set), `${p.text} without r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`).toBe(false);
          givens[cell] = p.givens[cell]!;
        }
      }
    }
  });

  it('an unknown variant is an OptionError', () => {
    expect(() => generateVariant({ variant: 'nope' as never, seed: 's', index: 1 })).toThrow(/unknown variant/);
  });
});
