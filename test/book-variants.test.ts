/**
 * Variety books (issue 27 part 2), read back from the PDFs as the classic book's tests read theirs:
 * sections by variant and level, a rules page per variant with a solved example from the book,
 * running heads and dividers naming the variant, solutions with their cages and regions, Samurai
 * one a page with cells of 0.25 in, the children's template; and every print rule of the classic
 * book (folio clearance, safe area, fonts embedded, grey only, even page count, right-hand
 * openings, the same bytes). The puzzles come from a fixture the generator wrote (variant-book.jsonl).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseSections } from '../src/cli/book.js';
import { UsageError } from '../src/cli/io.js';
import { BOOK_VARIANTS, VARIANT_INFO } from '../src/book/variants.js';
import { checkTextsFit, writeBookFile, type BookResult } from '../src/render/book.js';
import { planContent } from '../src/render/content.js';
import { FOLIO_CLEARANCE, gridsPerPage, hasFolio, MIN_CELL, pageFrame, planBook, slotsFor } from '../src/render/layout.js';
import { loadTemplate, SAFE_MARGIN, TemplateError } from '../src/render/template.js';
import { writeCoverFile } from '../src/render/cover.js';
import { DEFAULT_FRONT_MATTER, DEFAULT_TEXTS } from '../src/book/texts.js';
import { contentStreams, readInk, type InkPage } from './helpers/pdf-ink.js';
import { variantBook } from './helpers/variant-book.js';

const dir = mkdtempSync(join(tmpdir(), 'sp-variants-'));

/** Each template with a book of its kinds: every variant on the big pages; no Samurai on 6 x 9 (refused, below). */
const BOOKS = {
  'letter-4up': ['easy:1', 'x:1', 'jigsaw:2', 'windoku:1', 'oddeven:1', 'killer:2', '6x6:1', '4x4:1', '16x16:2', '8x8:1', 'samurai:2'],
  'a4-6up': ['killer:2', 'x:1', '16x16:1', '12x12:2', 'samurai:1', 'easy:1', 'oddeven:2'],
  'large-print-8.5x11-1up': ['jigsaw:2', 'killer:2', 'oddeven:1', 'samurai:1'],
  'kdp-6x9-2up': ['easy:3', 'windoku:2', 'killer:2', 'oddeven:1', '6x6:2', '16x16:1'],
  'children-8.5x11-2up': ['4x4:3', '6x6:3'],
} as const;
type Name = keyof typeof BOOKS;
const NAMES = Object.keys(BOOKS) as Name[];
const books = new Map<Name, { result: BookResult; ink: InkPage[]; bytes: Buffer }>();

async function make(name: Name, output: string): Promise<BookResult> {
  const { sections, puzzles } = variantBook(BOOKS[name]);
  return writeBookFile({ template: loadTemplate(name), title: 'Variety', sections, puzzles, output, subject: `variety ${name}` });
}

beforeAll(async () => {
  for (const name of NAMES) {
    const result = await make(name, join(dir, `${name}.pdf`));
    books.set(name, { result, ink: await readInk(result.path), bytes: readFileSync(result.path) });
  }
}, 120_000);

const pageText = (page: InkPage): string =>
  page.boxes
    .filter((b) => b.kind === 'text')
    .map((b) => b.what)
    .join(' ');
const squeezed = (text: string): string => text.replace(/\s/g, '').toLowerCase();

describe('--sections', () => {
  test('variant-level:count sections; a plain level is classic; every section titled by its variant in a variety book', () => {
    const sections = parseSections('killer-hard:20,jigsaw-medium:20,6x6-easy:10,hard:5');
    expect(sections).toEqual([
      { level: 'hard', count: 20, variant: 'killer', title: 'Hard Killer' },
      { level: 'medium', count: 20, variant: 'jigsaw', title: 'Medium Jigsaw' },
      { level: 'easy', count: 10, variant: '6x6', title: 'Easy 6\u00d76' },
      { level: 'hard', count: 5, title: 'Hard Classic' },
    ]);
    // Jigsaw, X and windoku are made to the grader's rating bands, beginner to expert as classic.
    expect(parseSections('jigsaw-beginner:2,x-expert:1,windoku-easy:1').map((s) => `${s.variant}-${s.level}`)).toEqual(['jigsaw-beginner', 'x-expert', 'windoku-easy']);
    expect(parseSections('easy:3,classic-hard:2')).toEqual([
      { level: 'easy', count: 3 },
      { level: 'hard', count: 2 },
    ]);
  });

  test('the variety preset holds every 9x9 variant, a small grid and Samurai; children holds 4x4 and 6x6', () => {
    const variety = parseSections('variety');
    for (const v of ['x', 'jigsaw', 'windoku', 'oddeven', 'killer', '6x6', 'samurai']) expect(variety.map((s) => s.variant)).toContain(v);
    expect(variety.some((s) => s.variant === undefined)).toBe(true);
    expect(parseSections('children').map((s) => s.variant)).toEqual(['4x4', '6x6']);
    expect(loadTemplate('children-8.5x11-2up').sections).toBe('4x4-beginner:12,6x6-beginner:24');
  });

  test.each([
    ['killer-beginner:3', /no level 'beginner' for killer; its levels are easy, medium, hard, expert, any/],
    ['6x6-hard:3', /no level 'hard' for 6x6; its levels are beginner, easy, any/],
    ['x-extreme:3', /no level 'extreme' for x; its levels are beginner, easy, medium, hard, expert, any/],
    ['sudokux-easy:3', /unknown variant 'sudokux' in 'sudokux-easy:3'; variants are 4x4, 6x6/],
    ['jigsaw:3', /unknown level 'jigsaw'/],
    ['x-easy:0', /x-easy needs a count from 1 to 100000, got 0/],
  ])('%s is a usage error naming the part', (text, message) => {
    expect(() => parseSections(text)).toThrow(UsageError);
    expect(() => parseSections(text)).toThrow(message);
  });
});

describe('layout', () => {
  test('big grids get fewer a page, never cells below the minimum: Samurai one a page with 0.25 in cells on letter, A4 and large print', () => {
    for (const name of ['letter-4up', 'a4-6up', 'large-print-8.5x11-1up']) {
      const t = loadTemplate(name);
      expect(gridsPerPage(t, 'samurai', 'puzzles'), name).toBe(1);
      const plan = planBook(t, { title: 'T', sections: [{ level: 'easy', count: 2, variant: 'samurai' }, { level: 'easy', count: 4, variant: '16x16' }] });
      for (const page of plan.pages) {
        if (page.content.kind !== 'puzzles' && page.content.kind !== 'solutions') continue;
        const slots = slotsFor(plan, page.content);
        const variant = page.content.kind === 'puzzles' ? plan.sections[page.content.section]!.variant! : page.content.first <= 2 ? 'samurai' : '16x16';
        const cell = slots.size / VARIANT_INFO[variant].across;
        if (page.content.kind === 'puzzles') expect(cell, `${name} page ${page.number}`).toBeGreaterThanOrEqual(variant === 'samurai' ? 18 : MIN_CELL.puzzle);
        else expect(cell, `${name} page ${page.number}`).toBeGreaterThanOrEqual(variant === 'samurai' ? 10 : MIN_CELL.solution);
      }
    }
    // 16x16 on letter: 2 a page (4 would leave 15.6 pt cells); 9x9 variants keep the template's 4.
    expect(gridsPerPage(loadTemplate('letter-4up'), '16x16', 'puzzles')).toBe(2);
    for (const v of ['x', 'jigsaw', 'windoku', 'killer', '4x4', '6x6'] as const) expect(gridsPerPage(loadTemplate('letter-4up'), v, 'puzzles'), v).toBe(4);
  });

  test('Samurai on a 6 x 9 page is refused, naming the cell size it needs', () => {
    const plan = () => planBook(loadTemplate('kdp-6x9-2up'), { title: 'T', sections: [{ level: 'easy', count: 1, variant: 'samurai' }] });
    expect(plan).toThrow(TemplateError);
    expect(plan).toThrow(/Samurai Sudoku grid is 21 cells across: one a page leaves cells of 1\d\.\dpt, below the 18pt \(0\.25 in\) it needs/);
  });

  test('a template that leaves a rules page no room for its example is refused before any work, naming the page', () => {
    const t = loadTemplate('kdp-6x9-2up');
    const big = { ...t, fonts: { ...t.fonts, body: 24 } };
    const planned = planContent({ template: big, sections: [{ level: 'easy', count: 2, variant: 'killer' }] });
    expect(() => checkTextsFit(planned)).toThrow('the Killer Sudoku rules page leaves no room for a legible example (9 cells of 8 pt across) below the rules; use a larger page or a smaller fonts.body');
    expect(() => checkTextsFit(planContent({ template: t, sections: [{ level: 'easy', count: 2, variant: 'killer' }] }))).not.toThrow();
  });

  test('a rules page per variant in the front matter, in book order, in the contents; no classic How to play in a book without classic puzzles', () => {
    const t = loadTemplate('letter-4up');
    const plan = planBook(t, {
      title: 'T',
      sections: [
        { level: 'easy', count: 4, variant: 'killer' },
        { level: 'easy', count: 4, variant: 'x' },
        { level: 'hard', count: 4, variant: 'killer' },
      ],
    });
    expect(plan.rulesPages.map((r) => r.variant)).toEqual(['killer', 'x']);
    const kinds = plan.pages.map((p) => p.content.kind);
    expect(kinds).not.toContain('how-to-play');
    expect(kinds).not.toContain('levels');
    expect(kinds.indexOf('rules')).toBeLessThan(kinds.indexOf('puzzles'));
    const toc = plan.pages.find((p) => p.content.kind === 'toc')!.content;
    expect(toc.kind === 'toc' && toc.entries.map((e) => e.text).slice(0, 2)).toEqual(['Killer Sudoku', 'Sudoku X']);
    // Solutions: the runs of sections with the same count a page share pages.
    const withSamurai = planBook(t, { title: 'T', sections: [{ level: 'easy', count: 5, variant: 'x' }, { level: 'easy', count: 2, variant: 'samurai' }, { level: 'easy', count: 5, variant: 'x' }] });
    const solutions = withSamurai.pages.flatMap((p) => (p.content.kind === 'solutions' ? [[p.content.first, p.content.count, p.content.perPage]] : []));
    const samuraiPer = gridsPerPage(t, 'samurai', 'solutions');
    expect(solutions[0]).toEqual([1, 5, 12]);
    expect(solutions[1]).toEqual([6, Math.min(2, samuraiPer), samuraiPer]);
    expect(solutions[solutions.length - 1]![0]! + solutions[solutions.length - 1]![1]! - 1).toBe(12);
  });
});

describe.each(NAMES)('%s', (name) => {
  test('even page count; every section, the rules and the solutions open on the right or face their first grids; titles name the variant', () => {
    const { result, ink } = books.get(name)!;
    const { plan } = result;
    expect(plan.pageCount % 2).toBe(0);
    const kinds = new Set(plan.pages.map((p) => p.content.kind));
    for (const kind of ['title', 'copyright', 'toc', 'rules', 'puzzles', 'solutions'] as const) expect(kinds).toContain(kind);
    for (const s of plan.sections) {
      expect(s.page % 2, `${s.title} on page ${s.page}`).toBe(1);
      if (s.variant !== undefined) expect(s.title).toContain(VARIANT_INFO[s.variant].name);
      // The title on its opening page or on the divider facing it.
      const facing = plan.pages[s.page - 2]?.content.kind === 'divider' ? pageText(ink[s.page - 2]!) : '';
      expect(squeezed(pageText(ink[s.page - 1]!) + facing)).toContain(squeezed(s.title));
    }
    expect(plan.solutionsPage! % 2).toBe(1);
  });

  test('running heads and dividers name the variant', () => {
    const { result, ink } = books.get(name)!;
    let heads = 0;
    for (const planned of result.plan.pages) {
      const c = planned.content;
      if (c.kind === 'puzzles') {
        // The running head, or the heading of a page that opens its section (a4-6up: every section).
        expect(squeezed(pageText(ink[planned.number - 1]!)), `page ${planned.number}`).toContain(squeezed(result.plan.sections[c.section]!.title));
        heads++;
      }
      if (c.kind === 'divider') {
        const section = result.plan.sections[c.section]!;
        const text = pageText(ink[planned.number - 1]!);
        expect(squeezed(text)).toContain(squeezed(section.title));
        if (section.variant !== undefined) expect(squeezed(text)).toContain(squeezed(VARIANT_INFO[section.variant].rules.split(' ').slice(0, 4).join(' ')));
      }
    }
    expect(heads).toBeGreaterThan(0);
  });

  test('an "About the levels" page names every level a section has, variant sections too', () => {
    const { result, ink } = books.get(name)!;
    const planned = result.plan.pages.find((p) => p.content.kind === 'levels');
    // The letter book has the page, and Medium comes from its variant sections only.
    if (name === 'letter-4up') {
      expect(planned).toBeDefined();
      expect(result.plan.sections.filter((s) => s.level === 'medium').every((s) => s.variant !== undefined)).toBe(true);
      expect(result.plan.sections.some((s) => s.level === 'medium')).toBe(true);
    }
    if (planned === undefined) return; // (a template without the page)
    const text = squeezed(pageText(ink[planned.number - 1]!));
    for (const level of new Set(result.plan.sections.map((s) => s.level))) {
      if (level !== 'any') expect(text, `${level} on page ${planned.number}`).toContain(squeezed(level));
    }
  });

  test('a rules page per variant: its heading, its rules and the first puzzle of its section solved', () => {
    const { result, ink } = books.get(name)!;
    const variants = [...new Set(result.plan.sections.flatMap((s) => (s.variant ? [s.variant] : [])))];
    expect(result.plan.rulesPages.map((r) => r.variant)).toEqual(variants);
    for (const { variant, page } of result.plan.rulesPages) {
      const info = VARIANT_INFO[variant];
      const text = squeezed(pageText(ink[page - 1]!));
      const first = result.plan.sections.find((s) => s.variant === variant)!.first;
      expect(text).toContain(squeezed(info.heading));
      expect(text).toContain(squeezed(info.rules));
      expect(text).toContain(squeezed(`Puzzle ${first} of this book, solved.`));
      // The example is drawn solved: a digit in every cell (the digits are text items of one or more glyphs).
      const digits = ink[page - 1]!.boxes.filter((b) => b.kind === 'text' && /^[1-9A-G]+$/.test(b.what.replace(/\s/g, ''))).reduce((sum, b) => sum + b.what.replace(/\s/g, '').length, 0);
      const cells = info.across === 21 ? 369 : info.across ** 2;
      expect(digits, `${variant}: page ${page}`).toBeGreaterThanOrEqual(cells);
    }
  });

  test('killer cages are drawn dashed on the puzzle pages and on the solution pages', () => {
    const { result, ink } = books.get(name)!;
    const killer = result.plan.sections.find((s) => s.variant === 'killer');
    if (killer === undefined) return expect(name).toBe('children-8.5x11-2up');
    const pageOf = (kind: 'puzzles' | 'solutions', number: number) =>
      result.plan.pages.find((p) => p.content.kind === kind && p.content.first <= number && number < p.content.first + p.content.count)!.number;
    for (const kind of ['puzzles', 'solutions'] as const) {
      const page = ink[pageOf(kind, killer.first) - 1]!;
      expect(page.boxes.filter((b) => b.what === 'dashed').length, `${kind} of puzzle ${killer.first}`).toBeGreaterThan(10);
    }
    // A classic or X solution page has none.
    const plain = result.plan.sections.find((s) => s.variant === undefined || s.variant === 'x');
    if (plain) expect(ink[pageOf('puzzles', plain.first) - 1]!.boxes.some((b) => b.what === 'dashed')).toBe(false);
  });

  test('a 0.25 in clear zone above every folio, all ink in the safe area', () => {
    const { result, ink } = books.get(name)!;
    const t = result.plan.template;
    let checked = 0;
    for (const planned of result.plan.pages) {
      const page = ink[planned.number - 1]!;
      const frame = pageFrame(result.plan, planned.number);
      const trim = { x0: frame.trim.x, x1: frame.trim.x + frame.trim.width, y0: page.height - frame.trim.y - frame.trim.height, y1: page.height - frame.trim.y };
      const bleedEdge = t.bleed > 0 ? SAFE_MARGIN.bleed : SAFE_MARGIN.plain;
      const left = frame.recto ? SAFE_MARGIN.plain : bleedEdge;
      const right = frame.recto ? bleedEdge : SAFE_MARGIN.plain;
      for (const box of page.boxes) {
        const where = `page ${planned.number} (${planned.content.kind}) ${box.kind} '${box.what}'`;
        expect(box.x0 - trim.x0, where).toBeGreaterThanOrEqual(left - 0.5);
        expect(trim.x1 - box.x1, where).toBeGreaterThanOrEqual(right - 0.5);
        expect(box.y0 - trim.y0, where).toBeGreaterThanOrEqual(bleedEdge - 0.5);
        expect(trim.y1 - box.y1, where).toBeGreaterThanOrEqual(bleedEdge - 0.5);
      }
      if (!hasFolio(planned.content)) continue;
      const folioBaseline = page.height - frame.folioBaseline;
      const folio = page.boxes.find((b) => b.kind === 'text' && b.what === String(planned.number) && Math.abs(b.y0 + 0.25 * t.fonts.footer - folioBaseline) < 1);
      expect(folio, `page ${planned.number} (${planned.content.kind}) has its folio`).toBeDefined();
      const folioTop = folioBaseline + 0.75 * t.fonts.footer;
      for (const box of page.boxes) {
        if (box.kind === 'text' && Math.abs(box.y0 - folio!.y0) < 2) continue;
        expect(box.y0 - folioTop, `page ${planned.number} (${planned.content.kind}): ${box.kind} '${box.what}'`).toBeGreaterThanOrEqual(FOLIO_CLEARANCE - 0.5);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  test('fonts embedded, grey only, the same input gives the same bytes', async () => {
    const { ink, bytes } = books.get(name)!;
    for (const page of ink) for (const font of page.fonts) expect(font.embedded, font.name).toBe(true);
    const streams = contentStreams(bytes).join('\n');
    expect(streams).not.toMatch(/\b(rg|RG|k|K|sc|SC|scn|SCN|cs|CS)\n/);
    const again = await make(name, join(dir, `${name}-again.pdf`));
    expect(readFileSync(again.path).equals(bytes)).toBe(true);
  });
});

test('windoku windows reach the page as a grey tint', () => {
  const { result, bytes } = books.get('letter-4up')!;
  expect(result.plan.sections.map((s) => s.variant)).toContain('windoku');
  // The windows' tint, painted as DeviceGray (#e4e4e4 by luminance).
  expect(contentStreams(bytes).join('\n')).toMatch(/\b0\.894 g\b/);
});

test('every variant the books know has a rules text and a name, and the cover names the kinds of a variety book', async () => {
  const printed = new Set(Object.values(BOOKS).flatMap((kinds) => kinds.map((k) => k.split(':')[0])));
  for (const v of BOOK_VARIANTS) {
    expect(printed, `${v} is in a book read back above`).toContain(v);
    expect(VARIANT_INFO[v].rules.length).toBeGreaterThan(40);
    expect(VARIANT_INFO[v].name.length).toBeGreaterThan(0);
  }
  const { puzzles } = variantBook(['easy:1', 'windoku:1', 'killer:1']);
  const template = loadTemplate('letter-4up');
  const output = join(dir, 'variety-cover.pdf');
  const cover = await writeCoverFile({
    template,
    front: { ...DEFAULT_FRONT_MATTER, title: 'Variety', subtitle: '' },
    texts: DEFAULT_TEXTS,
    paper: 'white',
    pages: 40,
    art: puzzles[1],
    sample: puzzles[0],
    puzzleCount: 3,
    variants: ['Classic', 'Windoku', 'Killer'],
    levelCounts: [
      { level: 'Classic', count: 1, text: 'Easy' },
      { level: 'Windoku', count: 1, text: 'Medium' },
      { level: 'Killer', count: 1, text: 'Easy' },
    ],
    output,
  });
  const text = squeezed(pageText((await readInk(cover.path))[0]!));
  expect(text).toContain(squeezed('CLASSIC \u00b7 WINDOKU \u00b7 KILLER'));
  expect(text).toContain(squeezed('3 Sudoku puzzles of 3 kinds: Classic, Windoku and Killer.'));
  expect(cover.elements.some((e) => e.what === 'puzzle')).toBe(true);
});
