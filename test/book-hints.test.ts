/** The book's hints: three tiers on their own pages, cells named as the puzzle grids are labelled. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { teach } from '../src/book/primer.js';
import { writeBookFile } from '../src/render/book.js';
import { puzzlesFromFile, type FileBook } from '../src/render/sources.js';
import { loadTemplate } from '../src/render/template.js';
import { HINT_TIERS, paginateHints, type HintBlock } from '../src/render/teaching-layout.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;

interface Item {
  str: string;
  x: number;
  y: number;
  size: number;
}

async function pageTexts(path: string): Promise<Item[][]> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise;
  const pages: Item[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, size: Math.hypot(item.transform[0] as number, item.transform[1] as number) }] : [])));
  }
  return pages;
}

let fileBook: FileBook;
const books = new Map<boolean, Item[][]>();

beforeAll(async () => {
  fileBook = await puzzlesFromFile(FIXTURE);
  const dir = mkdtempSync(join(tmpdir(), 'sp-hints-'));
  for (const hints of [true, false]) {
    const output = join(dir, `${hints}.pdf`);
    await writeBookFile({
      template: loadTemplate('kdp-6x9-2up'),
      title: 'Hints Book',
      sections: fileBook.sections,
      puzzles: fileBook.puzzles,
      teaching: teach(fileBook.puzzles),
      hints,
      primer: false,
      output,
      subject: 'hints',
    });
    books.set(hints, await pageTexts(output));
  }
}, 120_000);

const text = (page: Item[]) => page.map((item) => item.str).join(' ');

describe('hints a buyer can use', () => {
  test('three tiers in order, each opening its own page; plain words, cells as the grids name them', () => {
    const pages = books.get(true)!;
    const opening = HINT_TIERS.map((tier) => pages.findIndex((page) => page.some((item) => item.str === tier.heading)));
    expect(opening.every((n) => n > 0)).toBe(true);
    expect([...opening].sort((a, b) => a - b)).toEqual(opening);
    expect(new Set(opening).size).toBe(3);
    // Each later tier's heading is the topmost text of its page: nothing of the tier before is in view.
    HINT_TIERS.slice(1).forEach((tier, i) => {
      const page = pages[opening[i + 1]!]!;
      const heading = page.find((item) => item.str === tier.heading)!;
      expect(Math.max(...page.map((item) => item.y))).toBe(heading.y);
    });
    const hintPages = pages.slice(opening[0]!, pages.findIndex((page, i) => i > opening[2]! && !text(page).includes('Cross out') && !text(page).includes('Place ')));
    const all = hintPages.map(text).join(' ');
    expect(all).not.toMatch(/r\dc\d/);
    expect(all).toMatch(/(Place \d in|Cross out the \d+ in) row \d, column \d/);
    expect(text(pages[opening[0]!]!)).not.toMatch(/Place|Cross out/); // the answer is not on the first tier's page
  });

  test('with hints, every puzzle grid carries its row and column numbers; without, none', () => {
    for (const hints of [true, false]) {
      const pages = books.get(hints)!;
      const puzzlePages = pages.filter((page) => page.some((item) => /^Puzzle \d+$/.test(item.str)));
      expect(puzzlePages.length).toBeGreaterThan(0);
      for (const page of puzzlePages) {
        const grids = page.filter((item) => /^Puzzle \d+$/.test(item.str)).length;
        // Labels are small single digits (givens print at about two thirds of a cell).
        const foot = Math.min(...page.map((item) => item.y)); // the folio's line
        const labels = page.filter((item) => /^[1-9]$/.test(item.str) && item.size < 10 && item.y > foot + 1).length;
        expect(labels).toBe(hints ? grids * 18 : 0);
      }
    }
  });
});

describe('paginating the tiers', () => {
  const block = (puzzle: number, lines: number, breakBefore = false): HintBlock => ({ puzzle, lines: Array<string>(lines).fill('x'), breakBefore });

  test('a tier heading after the first opens a page, and a heading is never last on a page', () => {
    const blocks = [block(0, 1), block(1, 2), block(2, 2), block(0, 1, true), block(1, 2), block(2, 2)];
    expect(paginateHints(blocks, 20, 20)).toEqual([[0, 1, 2], [3, 4, 5]]);
    // Room for the heading but not for the hint under it: the heading moves on with its hint.
    const tight = [block(1, 3), block(2, 3), block(0, 1), block(3, 3)];
    expect(paginateHints(tight, 8, 8)).toEqual([[0, 1], [2, 3]]);
  });
});
