/**
 * Issue 24 part 5, the cover read back from its PDF: the badges (puzzle count, levels, Large Print
 * where the template asks), a back cover filled top to bottom, a title that reads at Amazon's
 * thumbnail width (200 px), themes in colour and a grey one with no colour operator at all, and a
 * back text that is set smaller to fit but never dropped.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_FRONT_MATTER, DEFAULT_TEXTS, type BookTexts } from '../src/book/texts.js';
import { writeCoverFile, type CoverResult } from '../src/render/cover.js';
import { COVER_THEME_NAMES, COVER_THEMES } from '../src/render/cover-themes.js';
import { puzzlesFromFile, type FileBook } from '../src/render/sources.js';
import { loadTemplate, parseTemplate, templateNames, TemplateError } from '../src/render/template.js';
import { run } from './helpers/cli.js';
import { contentStreams, readInk, type InkBox, type InkPage } from './helpers/pdf-ink.js';

const FIXTURE = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sp-cover-design-'));
let fileBook: FileBook;

beforeAll(async () => {
  fileBook = await puzzlesFromFile(FIXTURE);
});

async function cover(template: string, theme: string | undefined, texts: BookTexts = DEFAULT_TEXTS, name = `${template}-${theme ?? 'default'}`): Promise<{ cover: CoverResult; page: InkPage; bytes: Buffer }> {
  const made = await coverFile(template, theme, texts, name);
  const [page] = await readInk(made.cover.path);
  return { ...made, page: page! };
}

/** The cover's PDF without reading its ink back (pdf.js), for the tests that read its bytes only. */
async function coverFile(template: string, theme: string | undefined, texts: BookTexts = DEFAULT_TEXTS, name = `${template}-${theme ?? 'default'}`): Promise<{ cover: CoverResult; bytes: Buffer }> {
  const t = loadTemplate(template);
  const result = await writeCoverFile({
    template: t,
    front: { ...DEFAULT_FRONT_MATTER, title: 'Sudoku Puzzles', subtitle: '14 puzzles, beginner to extreme', author: 'A. Setter', publisher: 'Grid Press', year: '2025' },
    texts,
    paper: t.paper,
    pages: 120,
    art: fileBook.puzzles[fileBook.puzzles.length - 1],
    sample: fileBook.puzzles[0],
    levels: fileBook.sections.map((s) => s.level),
    levelCounts: fileBook.sections.map((s) => ({ level: s.level, count: s.count })),
    puzzleCount: fileBook.puzzles.length,
    ...(theme === undefined ? {} : { theme }),
    output: join(dir, `${name}.pdf`),
    force: true,
  });
  return { cover: result, bytes: readFileSync(result.path) };
}

/** A rect of the cover (top-left origin) in the PDF's space (bottom-left origin). */
function flip(c: CoverResult, r: { x: number; y: number; width: number; height: number }) {
  return { x0: r.x, x1: r.x + r.width, y0: c.height - r.y - r.height, y1: c.height - r.y };
}

const within = (b: InkBox, r: { x0: number; y0: number; x1: number; y1: number }): boolean => b.x0 >= r.x0 - 0.5 && b.x1 <= r.x1 + 0.5 && b.y0 >= r.y0 - 0.5 && b.y1 <= r.y1 + 0.5;

/**
 * Share of `r`'s height covered by the boxes' heights, counting the white between two boxes less
 * than `leading` apart as covered (the space between lines of a paragraph is part of it).
 */
function heightCovered(boxes: InkBox[], r: { y0: number; y1: number }, leading = 12): number {
  const spans = boxes.map((b) => [Math.max(b.y0, r.y0), Math.min(b.y1, r.y1)] as const).filter(([a, b]) => b > a).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let end = r.y0;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    covered += b - (a - end < leading && end > r.y0 ? end : Math.max(a, end));
    end = b;
  }
  return covered / (r.y1 - r.y0);
}

/** Colour operators (`r g b rg` / `RG`) whose three components differ: ink that is not grey. */
function colourOps(bytes: Buffer): string[] {
  const ops = contentStreams(bytes).join('\n').match(/(?:^|\s)([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b/g) ?? [];
  return ops.filter((op) => {
    const [r, g, b] = op.trim().split(' ').map(Number) as [number, number, number];
    return Math.abs(r - g) > 0.02 || Math.abs(g - b) > 0.02;
  });
}

describe.each(templateNames())('%s', (template) => {
  // The template's default cover, made and read once for the three tests that read it.
  let made: ReturnType<typeof cover> | undefined;
  const defaultCover = () => (made ??= cover(template, undefined));

  test('badges on the front: the puzzle count, the levels, and Large Print only where the template asks', async () => {
    const { cover: c, page } = await defaultCover();
    const front = flip(c, c.frontSafe);
    const texts = page.boxes.filter((b) => b.kind === 'text' && within(b, front)).map((b) => b.what.trim());
    expect(texts).toContain(String(fileBook.puzzles.length));
    expect(texts).toContain('PUZZLES');
    const levels = fileBook.sections.map((s) => s.level);
    expect(texts.join(' ')).toContain(`${levels.length} LEVELS \u00b7 ${levels[0]!.toUpperCase()} TO ${levels[levels.length - 1]!.toUpperCase()}`);
    expect(texts.includes('LARGE PRINT')).toBe(template.startsWith('large-print'));
  });

  test('the back is filled: text, a sample puzzle and the level list cover most of its height', async () => {
    const { cover: c, page } = await defaultCover();
    const back = flip(c, c.backSafe);
    const ink = page.boxes.filter((b) => within(b, back));
    // Before: a title and 9 pt paragraphs over the top 40%; the rest empty (measured on the old cover: 0.46 kdp-6x9-2up, 0.40 letter-4up, 0.38 a4-6up).
    expect(heightCovered(ink, back)).toBeGreaterThan(0.8);
    expect(c.elements.some((e) => e.what === 'sample')).toBe(true);
    for (const s of fileBook.sections) expect(page.boxes.some((b) => b.kind === 'text' && within(b, back) && b.what.startsWith(`${s.level[0]!.toUpperCase()}${s.level.slice(1)} \u00b7 ${s.count} puzzle`))).toBe(true);
    // The sample is a puzzle of the book: its paths (cells, lines) sit inside the back panel.
    const sample = c.elements.find((e) => e.what === 'sample')!.box;
    expect(page.boxes.filter((b) => b.kind === 'path' && within(b, flip(c, sample))).length).toBeGreaterThan(5);
  });

  test('at 200 px wide, the title\'s capitals are at least 16 px tall and the count at least 12 px', async () => {
    // Before: 11.6 px (letter-4up), 12.0 px (a4-6up), and no count at all.
    const { cover: c } = await defaultCover();
    const px = 200 / loadTemplate(template).page.width; // pixels per point on a 200 px wide front
    const cap = 0.66; // Charis' and DejaVu's capitals and digits: about two thirds of the size
    const title = c.elements.find((e) => e.what === 'title')!;
    const titleSize = title.box.height / 1.05;
    expect(titleSize * cap * px).toBeGreaterThanOrEqual(16);
    const count = c.elements.find((e) => e.what === 'badge count')!;
    expect((count.box.height / 1.05) * 0.73 * px).toBeGreaterThanOrEqual(12);
  });

  test('theme grey paints greys only; every colour theme paints colour', async () => {
    const grey = await coverFile(template, 'grey');
    expect(contentStreams(grey.bytes).join('\n')).not.toMatch(/\b(rg|RG|k|K|sc|SC|scn|SCN|cs|CS)\n/);
    for (const theme of COVER_THEMES.filter((t) => !t.gray)) {
      const { bytes } = await coverFile(template, theme.name);
      expect(colourOps(bytes).length, theme.name).toBeGreaterThan(5);
    }
  });
});

describe('back text', () => {
  const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');

  test.each(['kdp-6x9-2up', 'letter-4up'])('%s: 300 words are printed whole (the sample and the level list make way for them)', async (template) => {
    // Before: a 300-word back text disappeared entirely (exit 0).
    const { cover: c, page } = await cover(template, undefined, { ...DEFAULT_TEXTS, back: words(300) });
    const back = flip(c, c.backSafe);
    const printed = new Set(page.boxes.filter((b) => b.kind === 'text' && within(b, back)).flatMap((b) => b.what.split(/\s+/)));
    for (let i = 1; i <= 300; i++) expect(printed.has(`word${i}`), `word${i}`).toBe(true);
  });

  test('a text too long for the back even at 7 pt is refused, not cut', async () => {
    await expect(cover('kdp-6x9-2up', undefined, { ...DEFAULT_TEXTS, back: words(3000) }, 'too-long')).rejects.toThrow(/the "back" text does not fit the back cover even at 7 pt: only the first [\d,]+ of its 3,000 words fit there; shorten it/);
  });

  test('through the CLI, a back text too long for the cover is one line and exit 2 (refused before any work), never a stack trace', async () => {
    const texts = join(dir, 'long.json');
    writeFileSync(texts, JSON.stringify({ back: words(3000) }));
    const output = join(dir, 'long-cover.pdf');
    const r = await run(['cover', '--seed', '1', '--sections', 'easy:2', '-q', '--texts', texts, '-o', output]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // On the command line a text is capped at 5,000 characters (all of which fit the smallest back at
    // 7 pt), so the cap refuses it; the library refuses what does not fit (the test above).
    expect(r.stderr).toMatch(/^sudoku-press: --texts \S+: back: is [\d,]+ characters long; a text has at most 5,000\n$/);
    expect(existsSync(output)).toBe(false);
  });
});

describe('themes as data', () => {
  test('a template names its cover theme and badge; an unknown theme is a TemplateError naming the field', () => {
    const base = { page: { size: '6x9' }, margins: { top: '0.5in', bottom: '0.5in', outside: '0.5in', inside: '0.5in' }, puzzlesPerPage: 2, solutionsPerPage: 6 };
    expect(parseTemplate({ ...base, cover: { theme: 'plum', badge: 'Travel Size' } }, { file: 't.json', name: 't' }).cover).toEqual({ theme: 'plum', badge: 'Travel Size' });
    expect(parseTemplate(base, { file: 't.json', name: 't' }).cover.theme).toBe(COVER_THEME_NAMES[0]);
    expect(() => parseTemplate({ ...base, cover: { theme: 'pink' } }, { file: 't.json', name: 't' })).toThrow(TemplateError);
    expect(() => parseTemplate({ ...base, cover: { theme: 'pink' } }, { file: 't.json', name: 't' })).toThrow(/cover\.theme: expected one of navy, teal, plum, grey/);
  });

  test('cover --theme grey through the CLI; an unknown theme is a usage error', async () => {
    const output = join(dir, 'cli-grey.pdf');
    const ok = await run(['cover', '-t', 'kdp-6x9-2up', '--seed', '3', '--sections', 'easy:2,hard:2', '--theme', 'grey', '-q', '-o', output]);
    expect(ok.code).toBe(0);
    expect(colourOps(readFileSync(output))).toEqual([]);
    const bad = await run(['cover', '--theme', 'pink', '-o', join(dir, 'never.pdf'), '-q']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--theme.*pink/);
  });
});
