/**
 * Issue 23 item 4: `--texts` had no size cap (a 6 MB text: 41 s, 1.1 GB); a 3,000-word "How to
 * play" printed over the page number and lost words 489-2,999 with exit 0; a 300-word back text
 * vanished from the cover with exit 0. Now: the texts file and each text are capped (exit 2,
 * naming the text and the limit), and a text under the cap that does not fit its page is refused
 * (exit 2, naming how many of its words fit) before any work; what is accepted is printed whole,
 * above the folio. CLI cases run runCli in this process (what the binary runs; no process each).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_FRONT_MATTER, DEFAULT_TEXTS, MAX_TEXT_LENGTH, type BookTexts } from '../src/book/texts.js';
import { checkTextsFit, writeBookFile } from '../src/render/book.js';
import { planContent } from '../src/render/content.js';
import { checkBackText, writeCoverFile } from '../src/render/cover.js';
import { pageFrame } from '../src/render/layout.js';
import { puzzlesFromFile } from '../src/render/sources.js';
import { loadTemplate, type BookTemplate } from '../src/render/template.js';
import { run } from './helpers/cli.js';
import { readInk } from './helpers/pdf-ink.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;
const WORDS = 'every puzzle in this book has exactly one solution and can be solved by logic alone without guessing'.split(' ');

/** `n` words of plain English-like text. */
function words(n: number): string {
  return Array.from({ length: n }, (_, i) => WORDS[i % WORDS.length]).join(' ');
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sp-text-caps-'));
});

function textsFile(name: string, texts: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(texts));
  return file;
}

describe('caps: the texts file and each text', () => {
  test('a texts file over 100,000 characters is refused before it is parsed', async () => {
    const file = textsFile('huge.json', { howToPlay: 'word '.repeat(40_000) });
    const r = await run(['book', '--seed', '1', '--texts', file, '-o', join(dir, 'huge.pdf'), '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`sudoku-press: --texts ${file}: the file is longer than 100,000 characters, the most a texts file has\n`);
    expect(existsSync(join(dir, 'huge.pdf'))).toBe(false);
  });

  test.each([
    ['howToPlay', { howToPlay: 'x'.repeat(MAX_TEXT_LENGTH + 1) }, 'howToPlay'],
    ['a level', { levels: { hard: 'y'.repeat(MAX_TEXT_LENGTH + 1) } }, 'levels.hard'],
    ['back', { back: 'z'.repeat(MAX_TEXT_LENGTH + 1) }, 'back'],
  ])('one text over 5,000 characters (%s) names the text and the limit', async (_name, texts, key) => {
    const file = textsFile('long-one.json', texts);
    const r = await run(['cover', '--seed', '1', '--texts', file, '-o', join(dir, 'long-one.pdf'), '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`sudoku-press: --texts ${file}: ${key}: is 5,001 characters long; a text has at most 5,000\n`);
  });

  test('a texts file and a template file that start with a UTF-8 byte order mark are read', async () => {
    const texts = join(dir, 'bom.json');
    writeFileSync(texts, `\uFEFF${JSON.stringify({ howToPlay: 'Fill it in.' })}`);
    const shipped = (await run(['templates', 'letter-4up'])).stdout;
    const template = join(dir, 'bom-template.json');
    writeFileSync(template, `\uFEFF${shipped}`);
    const r = await run(['book', '--seed', '1', '--sections', 'easy:2', '--texts', texts, '-t', template, '-o', join(dir, 'bom.pdf'), '-q']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  test('--rights over 5,000 characters', async () => {
    const r = await run(['book', '--seed', '1', '--rights', 'r'.repeat(6000), '-o', join(dir, 'rights.pdf'), '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('sudoku-press: --rights: is 6,000 characters long; a text has at most 5,000\n');
  });
});

describe('a text under the cap that does not fit its page is refused, naming how much fits', () => {
  test('an 800-word How to play (it printed over the page number and lost its end)', async () => {
    const text = words(800);
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    const file = textsFile('htp.json', { howToPlay: text });
    const output = join(dir, 'htp.pdf');
    const r = await run(['book', '--seed', '1', '--sections', 'easy:2', '--texts', file, '-o', output, '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sudoku-press: the "howToPlay" text does not fit the How to play page: only the first \d+ of its 800 words fit there; shorten it\n$/);
    expect(existsSync(output)).toBe(false);
  });

  test('a level text too long for the About the levels page', async () => {
    const file = textsFile('level.json', { levels: { easy: words(800) } });
    const r = await run(['book', '--seed', '1', '--sections', 'easy:2', '-t', 'kdp-6x9-2up', '--texts', file, '-o', join(dir, 'l.pdf'), '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sudoku-press: the "levels\.easy" text does not fit the About the levels page: only the first \d+ of its 800 words fit there; shorten it\n$/);
  });

  test('--rights too long for the copyright page', async () => {
    const r = await run(['book', '--seed', '1', '--sections', 'easy:2', '-t', 'kdp-6x9-2up', '--rights', words(800), '-o', join(dir, 'r.pdf'), '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sudoku-press: the "rights" text does not fit the copyright page: only the first \d+ of its 800 words fit there; shorten it\n$/);
  });

  test('a 3,000-word back text on a 6x9 cover (a 300-word one vanished whole with exit 0; it is now set smaller and printed whole)', async () => {
    const file = textsFile('back.json', { back: words(3000) });
    // Past the 5,000-character cap of a text; under it, every back text fits the smallest back at 7 pt.
    const message = /^sudoku-press: --texts \S+: back: is [\d,]+ characters long; a text has at most 5,000\n$/;
    const cover = await run(['cover', '--seed', '1', '--sections', 'easy:2', '-t', 'kdp-6x9-2up', '--texts', file, '-o', join(dir, 'c.pdf'), '-q']);
    expect(cover.code).toBe(2);
    expect(cover.stderr).toMatch(message);
    // With the book: refused before the book is made, so neither file is written.
    const both = await run(['book', '--cover', '--seed', '1', '--sections', 'easy:2', '-t', 'kdp-6x9-2up', '--texts', file, '-o', join(dir, 'b.pdf'), '-q']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(message);
    expect(existsSync(join(dir, 'c.pdf')) || existsSync(join(dir, 'b.pdf')) || existsSync(join(dir, 'b-cover.pdf'))).toBe(false);
  });
});

/**
 * The most words that `fits` accepts, between `lo` (accepted) and `hi` (refused). Each probe lays
 * out the pages afresh (about a CPU-second under load, whatever the length), so the search starts
 * where the answer was when this test was last changed (`near`): two probes when it still holds
 * (near accepted, near + 1 refused), else a binary search on the side it moved to (12 probes from
 * 10..3,000 before). Whatever `near` is, the result is the longest accepted.
 */
function longestAccepted(fits: (n: number) => boolean, lo: number, hi: number, near: number): number {
  if (fits(near)) {
    if (!fits(near + 1)) return near;
    lo = near + 1;
  } else hi = near;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

function textsWith(extra: Partial<BookTexts>): BookTexts {
  return { ...DEFAULT_TEXTS, ...extra };
}

describe('the longest accepted texts print whole, and nothing prints over the folio', () => {
  test.each([
    ['kdp-6x9-2up', 318],
    ['letter-4up', 485],
  ] as const)('%s: the longest How to play that is accepted', async (name, near) => {
    const template: BookTemplate = loadTemplate(name);
    const sections = [{ level: 'beginner', count: 2 }];
    const accepts = (n: number): boolean => {
      try {
        checkTextsFit(planContent({ template, sections, texts: { howToPlay: words(n) } }));
        return true;
      } catch {
        return false;
      }
    };
    const most = longestAccepted(accepts, 10, 3000, near);
    expect(most).toBeGreaterThan(100);
    const howToPlay = words(most);
    const file = await puzzlesFromFile(FIXTURE, { sections });
    const output = join(dir, `${name}-htp.pdf`);
    const result = await writeBookFile({ template, sections, texts: { howToPlay }, puzzles: file.puzzles, output });
    const number = result.plan.pages.find((p) => p.content.kind === 'how-to-play')!.number;
    const frame = pageFrame(result.plan, number);
    const pages = await readInk(output);
    const page = pages[number - 1]!;
    // PDF space: y grows upwards. The body ends FOLIO_CLEARANCE above the folio line.
    const bodyBottom = frame.media.height - (frame.body.y + frame.body.height);
    const folio = String(number);
    const texts = page.boxes.filter((b) => b.kind === 'text');
    expect(texts.some((b) => b.what.trim() === folio)).toBe(true);
    for (const box of page.boxes) {
      if (box.kind === 'text' && box.what.trim() === folio) continue;
      expect(box.y0, `${box.kind} '${box.what}' reaches below the body`).toBeGreaterThanOrEqual(bodyBottom - 0.5);
    }
    // Every word is there, in order.
    const printed = texts.map((b) => b.what).join(' ').split(/\s+/).filter((w) => w !== '');
    const start = printed.indexOf(WORDS[0]!);
    expect(printed.slice(start, start + most)).toEqual(howToPlay.split(' '));
    // One word more is refused.
    expect(accepts(most + 1)).toBe(false);
  });

  test.each([
    ['kdp-6x9-2up', 1020],
    ['letter-4up', 1978],
  ] as const)('%s: the longest back text that is accepted is printed whole above the barcode', async (name, near) => {
    const template = loadTemplate(name);
    const front = { ...DEFAULT_FRONT_MATTER, title: 'Sudoku' };
    const accepts = (n: number): boolean => {
      try {
        checkBackText(template, front, textsWith({ back: words(n) }));
        return true;
      } catch {
        return false;
      }
    };
    const most = longestAccepted(accepts, 10, 3000, near);
    expect(most).toBeGreaterThan(100);
    const back = words(most);
    const cover = await writeCoverFile({ template, front, texts: textsWith({ back }), paper: template.paper, pages: 60, art: undefined, output: join(dir, `${name}-cover.pdf`) });
    const lines = cover.elements.filter((e) => e.what === 'back text');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.box.y + line.box.height).toBeLessThanOrEqual(cover.barcode.y);
    const [page] = await readInk(cover.path);
    const printed = page!.boxes.filter((b) => b.kind === 'text').map((b) => b.what).join(' ').split(/\s+/);
    const start = printed.indexOf(WORDS[0]!);
    expect(printed.slice(start, start + most)).toEqual(back.split(' '));
    // One word more: refused when the cover is written, not dropped.
    await expect(
      writeCoverFile({ template, front, texts: textsWith({ back: words(most + 1) }), paper: template.paper, pages: 60, art: undefined, output: join(dir, `${name}-cover-2.pdf`) }),
    ).rejects.toThrow(/the "back" text does not fit the back cover even at 7 pt/);
  });
});
