/**
 * Text measured before drawing: the hints section's pages are counted before the plan is made, so the
 * wrapping used to count them is the one used to draw them. Also the How-to-play example board.
 */
import type { BoardPicture, Shape } from '../draw/index.js';
import type { HintEntry } from '../book/primer.js';
import { wrapText } from './text-fit.js';

export { wrapText };

/** Width of `text` in points at `size` in the given font file. */
export type TextMeasure = (text: string, font: string, size: number) => number;

/** The hints section's three parts, in order: a reader who wants only a nudge stops after the first. */
export const HINT_TIERS = [
  { key: 'where', heading: '1. Where to look' },
  { key: 'idea', heading: '2. The idea' },
  { key: 'answer', heading: '3. The answer' },
] as const;

/** One block of the hints section: a tier's heading (puzzle 0), or one puzzle's hint in that tier. */
export interface HintBlock {
  /** The puzzle number, or 0 for a tier heading. */
  puzzle: number;
  lines: string[];
  /** A tier heading after the first: it opens a new page, so that the next tier is not in view. */
  breakBefore: boolean;
}

/**
 * The blocks of the hints section: with tiers, each tier's heading and then every puzzle's hint in
 * that tier (`12.` hanging, then the text wrapped to `width`); hints without tiers in one list.
 */
export function hintBlocks(hints: readonly HintEntry[], width: number, indent: number, measure: (text: string) => number): HintBlock[] {
  const wrap = (text: string) => wrapText(text, width - indent, measure);
  if (!hints.every((hint) => hint.tiers !== undefined)) {
    return hints.map((hint) => ({ puzzle: hint.puzzle, lines: wrap(hint.text), breakBefore: false }));
  }
  return HINT_TIERS.flatMap((tier, index) => [
    { puzzle: 0, lines: [tier.heading], breakBefore: index > 0 },
    ...hints.map((hint) => ({ puzzle: hint.puzzle, lines: wrap(hint.tiers![tier.key]), breakBefore: false })),
  ]);
}

/**
 * Splits the blocks into pages of at most `linesPerPage` lines, never splitting a block, opening a
 * new page before a block marked `breakBefore`, and never leaving a tier heading last on a page.
 */
export function paginateHints(blocks: readonly HintBlock[], linesPerPage: number, firstPageLines: number): number[][] {
  const pages: number[][] = [[]];
  let used = 0;
  let room = firstPageLines;
  const newPage = () => {
    pages.push([]);
    used = 0;
    room = linesPerPage;
  };
  blocks.forEach((block, i) => {
    // Half a line between blocks; a tier heading below other blocks has 0.6 of a body size (0.42 line) more.
    const need = block.lines.length + (used === 0 ? 0 : block.puzzle === 0 ? 0.92 : 0.5);
    // A heading needs room for itself and the first hint under it.
    const withNext = block.puzzle === 0 ? need + 0.5 + (blocks[i + 1]?.lines.length ?? 0) : need;
    if (used > 0 && (block.breakBefore || used + withNext > room)) newPage();
    pages[pages.length - 1]!.push(i);
    used += used === 0 ? block.lines.length : need;
  });
  return pages;
}

/** `1–20, 23, 25–27`: consecutive numbers as ranges. */
export function numberRanges(numbers: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    parts.push(j === i ? String(numbers[i]) : j === i + 1 ? `${numbers[i]}, ${numbers[j]}` : `${numbers[i]}\u2013${numbers[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

function cellOf(row: number, col: number): number {
  return (row - 1) * 9 + (col - 1);
}

function gridOf(entries: readonly [number, number, number][]): Uint8Array {
  const grid = new Uint8Array(81);
  for (const [row, col, digit] of entries) grid[cellOf(row, col)] = digit;
  return grid;
}

/**
 * The How-to-play example: where the 5 goes in the top-left box. The 5s of rows 2 and 3 and of
 * column 2 reach into the box (arrows); the only square left is r1c1. (Matches the default
 * `example` text.) Drawn by the board drawing as a picture plus shapes. The 7 of row 2 sits in
 * r2c1, out of the way of the arrow up column 2.
 */
export const HOW_TO_PLAY_EXAMPLE: { picture: BoardPicture; shapes: Shape[] } = {
  picture: {
    givens: gridOf([
      [1, 3, 2], [1, 6, 9],
      [2, 1, 7], [2, 5, 5], [2, 9, 4],
      [3, 1, 1], [3, 8, 5],
      [4, 4, 3], [4, 7, 8],
      [5, 1, 6], [5, 5, 1],
      [6, 3, 9], [6, 9, 2],
      [7, 2, 5],
      [8, 6, 6], [8, 8, 7],
      [9, 4, 8], [9, 9, 3],
    ]),
  },
  shapes: [
    { kind: 'unit', unit: 18, brush: 'unit' },
    { kind: 'arrow', from: { cell: cellOf(2, 5), digit: 5 }, to: { cell: cellOf(2, 3), digit: 5 }, brush: 'strong' },
    { kind: 'arrow', from: { cell: cellOf(3, 8), digit: 5 }, to: { cell: cellOf(3, 3), digit: 5 }, brush: 'strong' },
    { kind: 'arrow', from: { cell: cellOf(7, 2), digit: 5 }, to: { cell: cellOf(1, 2), digit: 5 }, brush: 'strong' },
    { kind: 'cell', cell: cellOf(1, 1), brush: 'placement' },
    { kind: 'digit', cell: cellOf(1, 1), digit: 5, brush: 'placement' },
  ],
};
