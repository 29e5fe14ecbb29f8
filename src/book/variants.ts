/**
 * What a book says about each sudoku variant: its name, its rules in plain words, the frame of its
 * grid (for the page layout), and how a book section names it. Plain data; no drawing, no I/O.
 */
import { variantLevels, type VariantName } from '../generator/variants/index.js';

/** A variant a book section can hold (classic is a section without a variant). */
export type BookVariant = Exclude<VariantName, 'classic'>;

/**
 * Every level a variant section can ask for, easiest first; which of them a variant has is
 * `bookVariantLevels` (the grader's rating bands from beginner to expert on jigsaw, X and windoku;
 * easy to hard on the others: generateVariant).
 */
export const BOOK_VARIANT_LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert', 'any'] as const;
export type BookVariantLevel = (typeof BOOK_VARIANT_LEVELS)[number];

/** The levels a section of `variant` can ask for, easiest first (the variant generator's). */
export function bookVariantLevels(variant: BookVariant): readonly BookVariantLevel[] {
  return variantLevels(variant).levels;
}

export interface VariantInfo {
  /** As a heading says it: `Killer`, `6\u00d76`. */
  name: string;
  /** The rules page's heading: `Killer Sudoku`. */
  heading: string;
  /** Cells across the drawn frame (Samurai: 21). */
  across: number;
  /** The rules, in plain words: the rules page and the divider. */
  rules: string;
  /** Under the solved example on the rules page. */
  example: string;
  /**
   * Smallest printed cell of a puzzle, in points (the book's minimum unless the variant needs more:
   * Samurai's 21 cells across are legible from 0.25 in).
   */
  minCell?: number;
  /**
   * Smallest printed cell of a solution, in points, where the book's minimum would be too busy
   * (killer: cages and sums on tiny grids read as noise; solution pages then hold fewer grids).
   */
  minSolutionCell?: number;
}

const SMALL = (size: number, box: string, digits: string): string =>
  `Fill every empty square so that each row, each column and each ${box} box holds ${digits}, each one exactly once. The printed digits stay as they are.`;

export const VARIANT_INFO: Readonly<Record<BookVariant, VariantInfo>> = {
  '4x4': {
    name: '4\u00d74',
    heading: '4\u00d74 Sudoku',
    across: 4,
    rules: 'Write 1, 2, 3 or 4 in each empty square. Every row, every column and every box of four squares must have 1, 2, 3 and 4, with no number twice. The printed numbers stay as they are.',
    example: 'The bold numbers were printed; the grey ones are the answer.',
  },
  '6x6': {
    name: '6\u00d76',
    heading: '6\u00d76 Sudoku',
    across: 6,
    rules: 'Write a number from 1 to 6 in each empty square. Every row, every column and every box of six squares must have 1, 2, 3, 4, 5 and 6, with no number twice. The printed numbers stay as they are.',
    example: 'The bold numbers were printed; the grey ones are the answer.',
  },
  '8x8': { name: '8\u00d78', heading: '8\u00d78 Sudoku', across: 8, rules: SMALL(8, '2\u00d74', 'the digits 1 to 8'), example: 'The bold digits were printed; the grey ones are the answer.' },
  '12x12': {
    name: '12\u00d712',
    heading: '12\u00d712 Sudoku',
    across: 12,
    rules: SMALL(12, '3\u00d74', 'the digits 1 to 9 and the letters A, B and C'),
    example: 'The bold digits were printed; the grey ones are the answer.',
  },
  '16x16': {
    name: '16\u00d716',
    heading: '16\u00d716 Sudoku',
    across: 16,
    rules: SMALL(16, '4\u00d74', 'the digits 1 to 9 and the letters A to G'),
    example: 'The bold digits and letters were printed; the grey ones are the answer.',
  },
  jigsaw: {
    name: 'Jigsaw',
    heading: 'Jigsaw Sudoku',
    across: 9,
    rules:
      'Each row and each column holds the digits 1 to 9 once, as in classic sudoku, but the nine boxes are not squares: each shape outlined in heavy lines holds 1 to 9 once instead. Every puzzle has its own shapes.',
    example: 'Each heavy outline holds the digits 1 to 9 once.',
  },
  x: {
    name: 'Sudoku X',
    heading: 'Sudoku X',
    across: 9,
    rules: 'The classic rules, and one more: each of the two long diagonals, drawn corner to corner, also holds the digits 1 to 9 once.',
    example: 'Read along each diagonal: no digit repeats on it.',
  },
  windoku: {
    name: 'Windoku',
    heading: 'Windoku',
    across: 9,
    rules: 'The classic rules, and one more: each of the four shaded 3\u00d73 windows also holds the digits 1 to 9 once.',
    example: 'Each shaded window holds the digits 1 to 9 once.',
  },
  killer: {
    name: 'Killer',
    heading: 'Killer Sudoku',
    across: 9,
    rules:
      'Each row, column and 3\u00d73 box holds the digits 1 to 9 once. The dashed shapes are cages: the digits in a cage add up to the small number in its corner, and no digit repeats in a cage. The puzzles start with no digits at all; the sums are the clues.',
    example: 'Add up the digits of any cage: they make its sum.',
    minSolutionCell: 20,
  },
  oddeven: {
    name: 'Odd-Even',
    heading: 'Odd-Even Sudoku',
    across: 9,
    rules:
      'Each row, column and 3\u00d73 box holds the digits 1 to 9 once. Some squares carry a grey mark: a round one holds an odd digit (1, 3, 5, 7 or 9), a square one holds an even digit (2, 4, 6 or 8). The marks are clues too, so these puzzles start with fewer digits.',
    example: 'Round marks hold odd digits, square ones even.',
  },
  samurai: {
    name: 'Samurai',
    heading: 'Samurai Sudoku',
    across: 21,
    minCell: 18,
    rules:
      'Five 9\u00d79 grids overlap at their corners. Each grid follows the classic rules: every row, column and 3\u00d73 box of it holds the digits 1 to 9 once. A corner box shared by two grids must work for both, so solving one grid helps the next.',
    example: 'The bold digits were printed; the grey ones are the answer.',
  },
};

export const BOOK_VARIANTS = Object.keys(VARIANT_INFO) as BookVariant[];

export function isBookVariant(name: string): name is BookVariant {
  return Object.hasOwn(VARIANT_INFO, name);
}

/** A section's heading: `Hard` for a classic section, `Hard Killer` (and `Easy 6\u00d76`) for a variant's. */
export function sectionTitle(level: string, variant: BookVariant | undefined, variety: boolean): string {
  const level_ = level === 'any' ? 'Mixed' : level.length === 0 ? level : level[0]!.toUpperCase() + level.slice(1);
  if (variant === undefined) return variety ? `${level_} Classic` : level_;
  return `${level_} ${VARIANT_INFO[variant].name}`;
}

/**
 * Named section lists: `--sections variety` is a book of the variants at the levels a buyer finds
 * in a variety book, each section short (the bigger grids and Samurai are slow to make).
 */
export const SECTION_PRESETS: Readonly<Record<string, string>> = {
  variety: 'easy:12,x-easy:12,jigsaw-medium:12,windoku-medium:12,oddeven-medium:12,killer-easy:12,6x6-easy:8,samurai-easy:2',
  children: '4x4-beginner:12,6x6-beginner:24',
};
