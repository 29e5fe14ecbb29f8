import { describe, expect, it } from 'vitest';
import type { Board } from '../src/core/board.js';
import type { Step } from '../src/core/step.js';
import { parseVariantLine } from '../src/formats/line.js';
import { generateVariant } from '../src/generator/variants/index.js';
import { puzzleRandom } from '../src/generator/random.js';
import { randomRegions } from '../src/generator/variants/jigsaw.js';
import { applyGeneralStep, gradeGeneral, generalBoard, placeGeneral } from '../src/grader/general/grade.js';
import { shapeOf } from '../src/grader/general/shape.js';
import { describeGeneralStep } from '../src/grader/general/text.js';
import { gradeWithPath, hintStep, nextStep } from '../src/grader/grade.js';
import { classicRules, jigsawRules, samuraiRules, withDiagonals } from '../src/rules/index.js';
import type { Rules } from '../src/rules/types.js';
import { countRules, solveRules } from '../src/solver/rules-solver.js';
import { findGeneralBug } from '../src/techniques/general/bug.js';
import { findGeneralStep } from '../src/techniques/general/ladder.js';
import { findGeneralUniqueLoop } from '../src/techniques/general/loops.js';
import { fillScan, newScan } from '../src/techniques/general/places.js';
import { techniqueById } from '../src/techniques/registry.js';

/*
 * Uniqueness techniques of the general ladder (unique rectangles and loops 4.5+, BUG 5.6+;
 * src/techniques/general/loops.ts, bug.ts): the 9x9 grader's steps on classic rules, soundness on
 * every kind of grid the general grader takes, the per-pattern soundness test, and the switch.
 */

const UNIQUENESS = /^(unique-|bug-)/;

function isUniqueness(step: Step): boolean {
  return UNIQUENESS.test(step.technique);
}

/*
 * On classic rules: se-rated-train puzzles (test/fixtures/data) whose 9x9 path (uniqueness on)
 * takes each uniqueness technique (the cheapest to grade of each; the set has no BUG type 2 and no
 * unique loop type 4). Over all 79 puzzles rated up to 9.0 there that take one, both graders give
 * the same rating and hardest technique, and the general ladder finds each of the 102 uniqueness
 * steps of the 9x9 paths on the same board (technique, difficulty, eliminations, pattern).
 */
const CLASSIC: [string, string][] = [
  ['unique-rectangle-1', '.5.14.......5..743.49...1..9....46......8......47....9..5...29.413..2.......58.3.'],
  ['unique-rectangle-2', '........1.....2.....3.4..5.........6.....17.2.85.........35..4.2........7...8....'],
  ['unique-rectangle-3', '.52...89..........9...6...1....2......84.37..61..7..397...9...4.6.....1....231...'],
  ['unique-rectangle-4', '.7...63...4.8.3.726..74....79....42...4...5...86....37....31..545.2.8.1...15...8.'],
  ['unique-loop-1', '........2..2..846...7..38.59...5..26.7..3..5.65..9...33.95..2...214..5..8........'],
  ['unique-loop-2', '..17..63.3..26....7....8..4..3....86.6..7..5.18....9..2..6....3....83..5.35..21..'],
  ['unique-loop-3', '1..256..9...1.9....59...72.7...1...6..3.9.2....6...1....13.45..5.......8.9..8..1.'],
  ['bug-1', '........5.4.3..8....3.....28..7.2....1..58.9.2....45.846....1......86...18...9...'],
  ['bug-3', '.7....83.9...6...44.57.36....83.42...6..8..4...41.65....62.79.55...3...7.49....2.'],
  ['bug-4', '....9.......1....8.3.27.....8...547.97....5.........3.1.73..9.24..6.2.8.2........'],
];

describe('on classic rules the general ladder with uniqueness gives the 9x9 grader’s steps', () => {
  const rules = classicRules(9);
  const shape = shapeOf(rules);
  it.each(CLASSIC)('%s', (technique, line) => {
    const givens = Uint8Array.from(line, (ch) => (ch === '.' ? 0 : Number(ch)));
    const nine = gradeWithPath(line, {});
    const general = gradeGeneral({ rules, givens }, {}, true, (failure) => {
      throw new Error(failure.message);
    });
    expect(general.grade.rating).toBe(nine.grade.rating);
    expect(general.grade.hardest).toBe(nine.grade.hardest);
    // The paths differ where the 9x9 ladder takes a direct technique; on the board of each
    // uniqueness step of the 9x9 path the general ladder takes the same step.
    const board = generalBoard(rules, givens);
    const scan = newScan(shape, { uniqueness: true });
    let seen = 0;
    for (const step of nine.steps) {
      if (isUniqueness(step)) {
        const found = findGeneralStep(board, scan).step;
        expect(found).toEqual(step);
        if (step.technique === technique) seen++;
      }
      applyGeneralStep(board, shape, step);
    }
    expect(seen).toBeGreaterThan(0);
  });
});

/** A small seeded stream (mulberry32) for the walks. */
function stream(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Random walks from a puzzle with one solution: remove a random candidate the solution does not
 * hold (a cell left with one is placed), and at every state ask both uniqueness searches for their
 * step. Every candidate state holding the solution is one a solver may reach, and a uniqueness
 * step is sound on every such state of a puzzle with one solution: none may remove the solution's
 * digit. Returns the steps found, by technique.
 */
function walk(rules: Rules, givens: Uint8Array, walks: number, seed: number): Record<string, number> {
  expect(countRules(rules, givens, 2), 'the puzzle has one solution').toBe(1);
  const solution = solveRules(rules, givens)!;
  const shape = shapeOf(rules);
  const scan = newScan(shape, { uniqueness: true });
  const random = stream(seed);
  const found: Record<string, number> = {};
  for (let w = 0; w < walks; w++) {
    const board = generalBoard(rules, givens);
    const open: number[] = [];
    for (let cell = 0; cell < rules.cellCount; cell++) if (board.values[cell] === 0) open.push(cell);
    while (open.length > 0) {
      const at = Math.floor(random() * open.length);
      const cell = open[at]!;
      const wrong: number[] = [];
      for (let d = 1; d <= rules.size; d++) if (d !== solution[cell] && board.candidates[cell]! & (1 << (d - 1))) wrong.push(d);
      if (wrong.length > 0) board.candidates[cell] = board.candidates[cell]! & ~(1 << (wrong[Math.floor(random() * wrong.length)]! - 1));
      if (wrong.length <= 1) {
        placeGeneral(board, shape, cell, solution[cell]!);
        open[at] = open[open.length - 1]!;
        open.pop();
      }
      fillScan(scan, board);
      for (const step of [findGeneralUniqueLoop(board, scan), findGeneralBug(board, scan)]) {
        if (step === null) continue;
        found[step.technique] = (found[step.technique] ?? 0) + 1;
        // Its text names this grid's cells and digits (r10c12, A-G), never a missing value.
        const text = describeGeneralStep(step, rules);
        expect(text.startsWith(techniqueById(step.technique)!.name), text).toBe(true);
        expect(text, text).not.toMatch(/undefined|NaN|null/);
        for (const e of step.eliminations) expect(solution[e.cell], `${rules.variant} ${rules.size}: ${step.technique} removes ${e.digit} from cell ${e.cell}`).not.toBe(e.digit);
      }
    }
  }
  return found;
}

describe('random walks: no uniqueness step removes the solution’s digit', () => {
  const cases: [string, () => { rules: Rules; givens: Uint8Array }, number][] = [
    ['6x6', () => parseVariantLine('6x6:...3..234...35.1.4.1..3...1.23.....6'), 12],
    ['8x8', () => parseVariantLine('8x8:....2..7..37.4..7.5.3...4.....6.3..4..7..8.....1......8..3.6.1..'), 6],
    ['12x12', () => parseVariantLine('12x12:...1B.....8.6.C5.9...2...8.A.32......4A.....7..11.6.C..A..B...8.....63...5.....1.C....1.3..7..2....6.CB.1.A9...C.8...B....9.1...4..3.....4.3..5.'), 2],
    [
      '16x16',
      () =>
        parseVariantLine(
          '16x16:1.4....52.D6.7.CC5.B......7E....E.8..2B....9.....7..6..9......43..61.....G.43...9GB.28......C....E......9F6.4D.....5......BA2E...8..B..24.9.75E6..EA9.....C..4.8.....F87..5BA9..D..65.....E.F..B8.....G.F3A56....F..36..G......9.....B....2...F..1GD..7.B.....25',
        ),
      1,
    ],
    [
      'samurai',
      () =>
        parseVariantLine(
          'samurai:.21.36.....4...6.....1...3...7...2....8...4.....9.......27...8..9...45.......5.../..98...1..3.......4.862...3.....7.82...43.9........17....7...........7........6../.8..9....5...1........45...9..3...5...6..1....1.....6..3...7.1.................../.4..9..3.6....4...7.1...........31..81.5......2................5..37..8...7.8.2../.1...........7.......1..29..824.........9.6..6..5..1.4..1....6.8..9...5....32.7..',
        ),
      1,
    ],
    ['6x6 with both diagonals', () => generateVariant({ rules: withDiagonals(classicRules(6)), seed: 'uniqueness', index: 1, level: 'any' }), 12],
    [
      '8x8 jigsaw',
      () => {
        const rules = jigsawRules(randomRegions(8, puzzleRandom('uniqueness', 'jigsaw', 1))!, 8);
        return generateVariant({ rules, seed: 'uniqueness', index: 1, level: 'any' });
      },
      6,
    ],
  ];
  const all: Record<string, number> = {};
  it.each(cases)('%s', (_name, make, walks) => {
    const { rules, givens } = make();
    const found = walk(rules, givens, walks, 1);
    const total = Object.values(found).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(found)).toBeGreaterThanOrEqual(5);
    for (const [technique, n] of Object.entries(found)) all[technique] = (all[technique] ?? 0) + n;
  });
  it('the walks met every unique rectangle type', () => {
    for (const type of [1, 2, 3, 4]) expect(all[`unique-rectangle-${type}`], JSON.stringify(all)).toBeGreaterThan(0);
  });
});

/*
 * Generated puzzles (seed 'uniq-scan', level any) whose general path takes a uniqueness step: the
 * first found of each technique among 1,500 6x6 and 150 8x8. Every step of the path keeps the
 * solution; the rating is the path's.
 */
const PATHS: [string, string, number][] = [
  ['unique-rectangle-2', '6x6:.135.4425.3.35...........3..4....1.3', 5.6],
  ['unique-rectangle-4', '6x6:6.34.14.5..........426.52..5...5..2.', 6.6],
  ['unique-loop-2', '6x6:.5..1.1....3......3..16.51.236...4.1', 4.6],
  ['bug-1', '6x6:.26.1....2.6.123.55........4.1..1.5.', 5.6],
  ['bug-1', '8x8:..1.4.5.4....8.2...6....5.........62..147...3.26..71..4....8....', 5.6],
  ['unique-rectangle-1', '8x8:8.16..57......6.45....1.......2...8..1...42....87........3.86...', 7.1],
  ['unique-rectangle-2', '8x8:..2...75.7.8.2..36......8..75........1.7.1....4........3231....4', 6.6],
  ['unique-rectangle-4', '8x8:6......25.3....7....8...3.8..62....63...84..5.......2.5....4.18.', 7.1],
];

describe('paths on other sizes that take a uniqueness step keep the solution', () => {
  it.each(PATHS)('%s: %s', (technique, line, rating) => {
    const puzzle = parseVariantLine(line);
    const solution = solveRules(puzzle.rules, puzzle.givens)!;
    const { grade, steps } = gradeWithPath(puzzle, {});
    expect(steps.map((step) => step.technique)).toContain(technique);
    expect(grade.rating).toBe(rating);
    for (const step of steps) {
      for (const p of step.placements) expect(solution[p.cell]).toBe(p.digit);
      for (const e of step.eliminations) expect(solution[e.cell], step.technique).not.toBe(e.digit);
    }
  });
});

describe('the per-pattern soundness test', () => {
  /*
   * A 6x6 with both diagonals. r1c1 r1c6 r2c6 r2c1 hold 2 4 2 4 in the solution: two rows, two
   * columns, two boxes, each taking a 2 and a 4, so a test of rows, columns and boxes alone
   * (the rules without the diagonals) takes it for a unique rectangle, and with r2c6 the only cell
   * holding a third digit, type 1 would remove 2 and 4 from r2c6, whose digit is 2. The diagonals
   * each take one cell of it (r1c1, r1c6), so swapping 2 and 4 breaks them: the soundness test
   * refuses it. The counter shows it: the solution without those four cells has one completion
   * under the rules, two (the swap) without the diagonals.
   */
  const x = parseVariantLine('6x6+x:...5............2.......654..1......');
  const rectangle = [0, 5, 11, 6];
  const plain = classicRules(6);

  function boardOn(rules: Rules): Board {
    const board = generalBoard(rules, x.givens);
    board.candidates[0] = 0b1010;
    board.candidates[5] = 0b1010;
    board.candidates[6] = 0b1010;
    board.candidates[11] = board.candidates[11]! | 0b1010;
    return board;
  }

  it('the rectangle is 2 4 2 4 in the solution and the puzzle has one solution', () => {
    const solution = solveRules(x.rules, x.givens)!;
    expect(rectangle.map((cell) => solution[cell])).toEqual([2, 4, 2, 4]);
    expect(countRules(x.rules, x.givens, 2)).toBe(1);
    expect(x.rules.houses.filter((house, h) => x.rules.houseKinds[h] === 'diagonal' && rectangle.filter((cell) => house.includes(cell)).length === 1).length).toBe(2);
    const rest = Uint8Array.from(solution);
    for (const cell of rectangle) rest[cell] = 0;
    expect(countRules(x.rules, rest, 3)).toBe(1);
    expect(countRules(plain, rest, 3)).toBe(2);
  });

  it('rows, columns and boxes alone take it (type 1, removing the solution’s 2 from r2c6); the rules’ houses do not', () => {
    const solution = solveRules(x.rules, x.givens)!;
    const naiveBoard = boardOn(plain);
    expect(naiveBoard.candidates[11]! & ~0b1010).not.toBe(0);
    const naiveScan = newScan(shapeOf(plain), { uniqueness: true });
    fillScan(naiveScan, naiveBoard);
    const naive = findGeneralUniqueLoop(naiveBoard, naiveScan)!;
    expect(naive.technique).toBe('unique-rectangle-1');
    expect([...naive.pattern.cells].sort((a, b) => a - b)).toEqual([0, 5, 6, 11]);
    expect(naive.eliminations).toEqual([
      { cell: 11, digit: 2 },
      { cell: 11, digit: 4 },
    ]);
    expect(solution[11]).toBe(2);

    const board = boardOn(x.rules);
    const scan = newScan(shapeOf(x.rules), { uniqueness: true });
    fillScan(scan, board);
    expect(findGeneralUniqueLoop(board, scan)).toBeNull();
    expect(findGeneralStep(board, scan).step?.technique ?? 'none').not.toMatch(UNIQUENESS);
  });
});

describe('the soundness test on a Samurai: a rectangle of one grid through its shared box', () => {
  /*
   * Grid 1 (top left) of this Samurai holds 1 7 1 7 at r9c7 r9c8 r2c8 r2c7 in its solution: two
   * rows, two columns and two boxes of grid 1, each taking a 1 and a 7, so grid 1's houses alone
   * take it for a unique rectangle (type 1 would remove the solution's 1 from r2c8). But r9c7 and
   * r9c8 lie in the box grid 1 shares with the centre grid, whose columns 7 and 8 (frame) take one
   * cell of it each: swapping 1 and 7 breaks them, and the test refuses it. The counter: the
   * solution without the four cells has one completion as a Samurai, two as grid 1 alone.
   */
  const samurai = parseVariantLine(
    'samurai:....7.6...2.4.9...3.8......1..65.4....9.8......7...3...3.........1.6..3.8.53...../...1.6..7.8.....3.9.....2.......5.9...46..31.36..........7.4.......8........1..../....1.....3...5...............8.........3...439.....15.....8...............29..3./4..96....3..........2..........26.9........5..8.543.......3....9..6.5...6.....4.2/.......48...1...6..3.........1.....4.....98.5.....2.9...2.8.....9..7.61...56....3',
  );
  const { rules, givens } = samurai;
  const frame = [
    [8, 6],
    [8, 7],
    [1, 7],
    [1, 6],
  ] as const;
  const cells = frame.map(([r, c]) => rules.cellAt[r * rules.width + c]!);
  const solution = solveRules(rules, givens)!;
  const gridOne = classicRules(9);
  const gridOneCell = (cell: number): number => rules.rowOf[cell]! * 9 + rules.colOf[cell]!;

  /** The board of `rules` (Samurai, or grid 1 alone) from the givens, the rectangle's cells narrowed to 1 and 7 (r2c8 keeps its others). */
  function narrowed(on: Rules, values: Uint8Array, at: (cell: number) => number): Board {
    const board = generalBoard(on, values);
    for (const cell of cells.slice(0, 2)) board.candidates[at(cell)] = 0b1000001;
    board.candidates[at(cells[3]!)] = 0b1000001;
    board.candidates[at(cells[2]!)] = board.candidates[at(cells[2]!)]! | 0b1000001;
    return board;
  }

  it('the pattern, and the counts', () => {
    expect(cells.map((cell) => solution[cell])).toEqual([1, 7, 1, 7]);
    for (const cell of cells) expect(givens[cell]).toBe(0);
    const rest = Uint8Array.from(solution);
    for (const cell of cells) rest[cell] = 0;
    expect(countRules(rules, rest, 3)).toBe(1);
    const alone = new Uint8Array(81);
    for (let cell = 0; cell < rules.cellCount; cell++) if (rules.rowOf[cell]! < 9 && rules.colOf[cell]! < 9) alone[gridOneCell(cell)] = rest[cell]!;
    expect(countRules(gridOne, alone, 3)).toBe(2);
  });

  it('grid 1 alone takes it and removes the solution’s 1; the Samurai’s houses refuse it', () => {
    const aloneGivens = new Uint8Array(81);
    for (let cell = 0; cell < rules.cellCount; cell++) if (rules.rowOf[cell]! < 9 && rules.colOf[cell]! < 9) aloneGivens[gridOneCell(cell)] = givens[cell]!;
    const alone = narrowed(gridOne, aloneGivens, gridOneCell);
    const aloneScan = newScan(shapeOf(gridOne), { uniqueness: true });
    fillScan(aloneScan, alone);
    const naive = findGeneralUniqueLoop(alone, aloneScan)!;
    expect(naive.technique).toBe('unique-rectangle-1');
    expect(naive.eliminations).toContainEqual({ cell: gridOneCell(cells[2]!), digit: 1 });
    expect(solution[cells[2]!]).toBe(1);

    const board = narrowed(rules, givens, (cell) => cell);
    const scan = newScan(shapeOf(rules), { uniqueness: true });
    fillScan(scan, board);
    const step = findGeneralUniqueLoop(board, scan);
    for (const e of step?.eliminations ?? []) expect(solution[e.cell]).not.toBe(e.digit);
    expect(step === null || !cells.every((cell) => step.pattern.cells.includes(cell))).toBe(true);
  });
});

describe('uniqueness off', () => {
  // A 6x6 (3x2 boxes) rated 6.6 without uniqueness: a unique rectangle (4.5) does it with it.
  const line = '6x6:1........4...45..2....6..2.53...3... boxes=3x2';
  const puzzle = parseVariantLine(line);

  it('the grade takes a uniqueness step only with the option on (the default)', () => {
    const on = gradeWithPath(puzzle, {});
    const off = gradeWithPath(puzzle, { uniqueness: false });
    expect(on.steps.some(isUniqueness)).toBe(true);
    expect(off.steps.some(isUniqueness)).toBe(false);
    expect(on.grade.rating).toBe(4.5);
    expect(off.grade.rating).toBe(6.6);
    const solution = solveRules(puzzle.rules, puzzle.givens)!;
    for (const step of on.steps) for (const e of step.eliminations) expect(solution[e.cell]).not.toBe(e.digit);
  });

  it('next step and hint: the uniqueness step with the option on, never with it off', () => {
    const on = gradeWithPath(puzzle, {});
    const at = on.steps.findIndex(isUniqueness);
    const board = generalBoard(puzzle.rules, puzzle.givens);
    for (const step of on.steps.slice(0, at)) applyGeneralStep(board, shapeOf(puzzle.rules), step);
    expect(describeGeneralStep(on.steps[at]!, puzzle.rules)).toBe(
      'Unique rectangle type 1: if r4c6, r4c1, r6c1 and r6c6 held only 4 and 5, swapping them would give a second solution, so the one cell with other candidates is neither: remove 4 and 5 from r4c1',
    );
    expect(nextStep(board, { rules: puzzle.rules })).toEqual(on.steps[at]);
    expect(hintStep(board, { rules: puzzle.rules })).toEqual(on.steps[at]);
    expect(isUniqueness(nextStep(board, { rules: puzzle.rules, uniqueness: false })!)).toBe(false);
    expect(isUniqueness(hintStep(board, { rules: puzzle.rules, uniqueness: false })!)).toBe(false);
    // The ladder's scan has the uniqueness rungs off unless it is told.
    expect(isUniqueness(findGeneralStep(board, newScan(shapeOf(puzzle.rules))).step!)).toBe(false);
  });

  it('a puzzle with several solutions is graded with uniqueness off and never takes a uniqueness step', () => {
    const several = parseVariantLine('6x6:1........4...45..2....6..2.5....3... boxes=3x2');
    expect(countRules(several.rules, several.givens, 2)).toBe(2);
    const { grade, steps } = gradeWithPath(several, { uniqueness: false });
    expect(grade.unique).toBe(false);
    expect(steps.some(isUniqueness)).toBe(false);
  });
});
