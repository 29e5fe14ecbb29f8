/**
 * Issue 16 row 3 on the cover: the longest title (200 characters) and subtitle (300) the book
 * accepts stay inside their panels (the back title ran across the spine onto the front, the front
 * title took ten lines and pushed the rest down).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DEFAULT_FRONT_MATTER, DEFAULT_TEXTS } from '../src/book/texts.js';
import { MAX_SUBTITLE_LENGTH, MAX_TITLE_LENGTH } from '../src/render/book.js';
import { writeCoverFile } from '../src/render/cover.js';
import { puzzlesFromFile } from '../src/render/sources.js';
import { loadTemplate } from '../src/render/template.js';
import { readInk, type InkBox } from './helpers/pdf-ink.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;

test.each(['letter-4up', 'kdp-6x9-2up'])('%s: a title and subtitle of the longest lengths stay within the front and back panels', async (name) => {
  const dir = mkdtempSync(join(tmpdir(), 'sp-cover-long-'));
  const template = loadTemplate(name);
  const fileBook = await puzzlesFromFile(FIXTURE);
  const title = 'Aa Bb Cc Dd Ee '.repeat(20).slice(0, MAX_TITLE_LENGTH);
  const subtitle = 'subtitle words here '.repeat(20).slice(0, MAX_SUBTITLE_LENGTH);
  const cover = await writeCoverFile({
    template,
    front: { ...DEFAULT_FRONT_MATTER, title, subtitle, author: 'A. Setter' },
    texts: DEFAULT_TEXTS,
    paper: template.paper,
    pages: 60,
    art: fileBook.puzzles[0],
    levels: ['easy'],
    puzzleCount: 14,
    output: join(dir, 'cover.pdf'),
  });
  const [page] = await readInk(cover.path);
  const flip = (r: { x: number; y: number; width: number; height: number }) => ({ x0: r.x, x1: r.x + r.width, y0: cover.height - r.y - r.height, y1: cover.height - r.y });
  const back = flip(cover.backSafe);
  const front = flip(cover.frontSafe);
  const within = (b: InkBox, r: { x0: number; y0: number; x1: number; y1: number }): boolean => b.x0 >= r.x0 - 0.5 && b.x1 <= r.x1 + 0.5 && b.y0 >= r.y0 - 0.5 && b.y1 <= r.y1 + 0.5;
  const ink = page!.boxes.filter((b) => !(b.kind === 'path' && b.x0 <= 0.01 && b.y0 <= 0.01 && b.x1 >= cover.width - 0.01));
  for (const box of ink) expect(within(box, back) || within(box, front), `${box.kind} '${box.what}' at ${box.x0.toFixed(1)}-${box.x1.toFixed(1)}`).toBe(true);
  expect(cover.elements.filter((e) => e.what === 'title').length).toBeLessThanOrEqual(4);
  expect(cover.elements.filter((e) => e.what === 'back title').length).toBeLessThanOrEqual(2);
  expect(cover.elements.some((e) => e.what === 'puzzle')).toBe(true); // the art still fits below
});
