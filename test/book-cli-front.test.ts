/** `book` front matter, texts, primer, hints and cover flags, and `cover`, through runCli. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, test } from 'vitest';
import { run } from './helpers/cli.js';

const PUZZLES = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;

/** Each page's text, and the document's Info dictionary. */
async function readBack(path: string): Promise<{ pages: string[]; info: Record<string, unknown>; size: number[] }> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise;
  const pages: string[] = [];
  let size: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    if (n === 1) size = [page.view[2]! - page.view[0]!, page.view[3]! - page.view[1]!];
    pages.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = (await doc.getMetadata()) as { info: Record<string, unknown> };
  await doc.destroy();
  return { pages, info, size };
}

const dir = mkdtempSync(join(tmpdir(), 'sp-front-'));

describe('front matter and texts', () => {
  test('title page, copyright page, no credit line, the seed and template in the metadata only', async () => {
    const output = join(dir, 'front.pdf');
    const r = await run([
      'book', '--seed', '5', '--sections', 'easy:4,medium:4', '-q', '-o', output, '--title', 'Pocket Sudoku', '--subtitle', 'Eight puzzles',
      '--author', 'Jane Doe', '--publisher', 'Quiet Hours Press', '--year', '2025', '--edition', 'Second edition', '--isbn', '978-0-306-40615-7',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { pages, info } = await readBack(output);
    expect(pages.length % 2).toBe(0);
    expect(pages[0]).toContain('Pocket Sudoku');
    expect(pages[0]).toContain('Jane Doe');
    const copyright = pages[1]!;
    for (const text of ['\u00a9 2025 Jane Doe', 'Second edition', 'ISBN 978-0-306-40615-7', 'Published by Quiet Hours Press', 'All rights reserved']) expect(copyright).toContain(text);
    const all = pages.join('\n');
    expect(all).not.toMatch(/sudoku-press|seed 5|letter-4up/);
    expect(info.Author).toBe('Jane Doe');
    expect(info.Keywords).toContain('seed 5');
    expect(info.Keywords).toContain('template letter-4up');
    expect((info.Custom as Record<string, string>).SudokuPressSeed).toBe('5');
    expect(pages.join('\n')).toContain('About the levels');
    expect(pages.join('\n')).toContain('How to play');
  });

  test('--credit adds the credit line; --texts and --rights replace texts, the level words on the dividers too', async () => {
    const texts = join(dir, 'texts.json');
    writeFileSync(texts, JSON.stringify({ howToPlay: 'Put one of each digit in every row, column and box.', levels: { easy: 'Warm-ups for the train.' } }));
    const output = join(dir, 'texts.pdf');
    const r = await run(['book', '--seed', '5', '--sections', 'easy:4', '-q', '-o', output, '--credit', '--texts', texts, '--rights', 'Copy freely.']);
    expect(r.code).toBe(0);
    const all = (await readBack(output)).pages.join('\n');
    expect(all).toContain('Typeset with sudoku-press');
    expect(all).toContain('Copy freely.');
    expect(all).not.toContain('All rights reserved');
    expect(all).toContain('Put one of each digit in every row, column and box.');
    expect(all.match(/Warm-ups for the train\./g)?.length).toBe(2); // About the levels, and the divider
  });

  test.each([
    [['--isbn', '978-0-306-40615-8'], '--isbn: not a valid ISBN-10 or ISBN-13'],
    [['--year', 'last year'], "--year: expected a year such as 2025, got 'last year'"],
    [['--texts', '/nonexistent.json'], "cannot read '/nonexistent.json': no such file"],
    [['--cover-output', 'x.pdf'], '--cover-output needs --cover'],
  ])('%j is refused: %s', async (args, message) => {
    const output = join(dir, 'refused.pdf');
    const r = await run(['book', '--seed', '5', '--sections', 'easy:2', '-q', '-o', output, ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(existsSync(output)).toBe(false);
  });

  test('--texts with an unknown key names it', async () => {
    const texts = join(dir, 'bad-texts.json');
    writeFileSync(texts, JSON.stringify({ howToPlai: 'typo' }));
    const r = await run(['book', '--seed', '5', '--sections', 'easy:2', '-q', '-o', join(dir, 'bad.pdf'), '--texts', texts]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('howToPlai: unknown field');
  });
});

describe('primer, hints and cover', () => {
  test('book --primer --hints --cover: both files, the same bytes for the same seed', async () => {
    const make = async (name: string) => {
      const output = join(dir, `${name}.pdf`);
      const r = await run(['book', '-t', 'kdp-6x9-2up', '--seed', '9', '--sections', 'easy:2,medium:2,hard:2', '-q', '-o', output, '--primer', '--hints', '--cover', '--author', 'A. Setter']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Wrote .*-cover\.pdf: cover 12\.\d+ x 9\.250 in, spine 0\.\d+ in \(\d+ pages, white paper\)/);
      return { book: readFileSync(output), cover: readFileSync(join(dir, `${name}-cover.pdf`)), output };
    };
    const first = await make('taught');
    const second = await make('taught-again');
    expect(second.book.equals(first.book)).toBe(true);
    expect(second.cover.equals(first.cover)).toBe(true);
    const { pages } = await readBack(first.output);
    const all = pages.join('\n');
    expect(all).toContain('The techniques');
    expect(all).toContain('Hints');
    expect(all).toMatch(/Needed in puzzles? \d/);
  });

  test('cover --pages: the size from the page count and paper; too few pages or an odd count refused', async () => {
    const output = join(dir, 'cover.pdf');
    const r = await run(['cover', '-t', 'kdp-6x9-2up', '--pages', '212', '--paper', 'cream', '--seed', '3', '--sections', 'hard:1', '-q', '-o', output, '--title', 'T']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('cover 12.780 x 9.250 in, spine 0.530 in (212 pages, cream paper)');
    const { size } = await readBack(output);
    expect(size[0]! / 72).toBeCloseTo(0.25 + 12 + 212 * 0.0025, 4);
    expect(size[1]! / 72).toBeCloseTo(9.25, 4);
    for (const pages of ['13', '23', '101']) {
      const bad = await run(['cover', '--pages', pages, '-o', join(dir, 'never.pdf'), '-q']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--pages: expected the interior');
    }
    expect(existsSync(join(dir, 'never.pdf'))).toBe(false);
  });

  test('cover without --pages plans the interior the same options make', async () => {
    const book = join(dir, 'planned.pdf');
    const cover = join(dir, 'planned-cover.pdf');
    expect((await run(['book', '--puzzles', PUZZLES, '-t', 'kdp-6x9-2up', '-q', '-o', book])).code).toBe(0);
    const r = await run(['cover', '--puzzles', PUZZLES, '-t', 'kdp-6x9-2up', '-q', '-o', cover]);
    expect(r.code).toBe(0);
    const pages = (await readBack(book)).pages.length;
    expect(r.stdout).toContain(`(${pages} pages, white paper)`);
  });

  test('cover with the options of a book --cover gives the same cover, byte for byte', async () => {
    const book = join(dir, 'pair.pdf');
    const args = ['-t', 'kdp-6x9-2up', '--seed', '11', '--sections', 'easy:3,hard:3', '--title', 'Pair', '--author', 'A. Setter', '-q'];
    expect((await run(['book', ...args, '-o', book, '--cover'])).code).toBe(0);
    const alone = join(dir, 'pair-alone-cover.pdf');
    expect((await run(['cover', ...args, '-o', alone])).code).toBe(0);
    expect(readFileSync(alone).equals(readFileSync(join(dir, 'pair-cover.pdf')))).toBe(true);
  });
});
