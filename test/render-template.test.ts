import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LINE_LIMITS, PAPER_THICKNESS, TemplateError, loadTemplate, parseLength, parseTemplate, templateNames, templatesDir } from '../src/render/template.js';

const BASE = JSON.parse(readFileSync(join(templatesDir(), 'letter-4up.json'), 'utf8')) as Record<string, unknown>;

/** Deep merge where `null` removes a key. */
function merge(base: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = merge(out[key], value);
  }
  return out;
}

const BAD = readFileSync(new URL('./fixtures/book-bad-templates.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => line.split('\t') as [string, string]);

describe('shipped templates', () => {
  test('the four required layouts are there and valid', () => {
    const names = templateNames();
    for (const name of ['letter-4up', 'a4-6up', 'large-print-8.5x11-1up', 'kdp-6x9-2up']) expect(names).toContain(name);
    for (const name of names) {
      const t = loadTemplate(name);
      expect(t.name).toBe(name);
      expect(t.lines.thin).toBeGreaterThanOrEqual(LINE_LIMITS.thinMin);
      expect(t.lines.box).toBeGreaterThanOrEqual(LINE_LIMITS.boxMin);
      expect(t.lines.box).toBeLessThanOrEqual(LINE_LIMITS.boxMax);
      expect(t.description).not.toBe('');
    }
  });

  test('page sizes, bleed and the growing gutter', () => {
    const kdp = loadTemplate('kdp-6x9-2up');
    expect(kdp.page).toMatchObject({ width: 432, height: 648 });
    expect(kdp.bleed).toBe(9);
    const insides = kdp.margins.insideByPageCount.map((r) => r.inside);
    expect(insides).toEqual([...insides].sort((a, b) => a - b));
    expect(insides[0]).toBeCloseTo(27);
    const a4 = loadTemplate('a4-6up');
    expect(a4.page.width).toBeCloseTo(595.28, 1);
    expect(a4.page.height).toBeCloseTo(841.89, 1);
    expect(loadTemplate('large-print-8.5x11-1up').fonts.label).toBeGreaterThanOrEqual(16);
  });
});

describe('lengths', () => {
  test.each([
    ['1in', 72],
    ['0.5in', 36],
    ['25.4mm', 72],
    ['2.54cm', 72],
    ['36pt', 36],
    [' 12 mm ', (12 * 72) / 25.4],
    ['.25in', 18],
    [10, 10],
  ] as const)('%j is %d pt', (text, points) => {
    expect(parseLength(text)).toBeCloseTo(points, 6);
  });
  test.each(['1 inch', '-1in', 'in', '1in2', '', -3, Number.NaN, null, true])('%j is not a length', (text) => {
    expect(parseLength(text)).toBeNull();
  });
});

describe('bad templates name the file and the field', () => {
  test.each(BAD)('%s', (patch, expected) => {
    const json = merge(BASE, JSON.parse(patch));
    let error: unknown;
    try {
      parseTemplate(json, { file: 'my-book.json', name: 'my-book' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).message).toContain(expected);
    expect((error as TemplateError).message.startsWith(`my-book.json: ${expected}`)).toBe(true);
  });

  test('from a file: missing, not JSON, unknown name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-template-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "page": ');
    expect(() => loadTemplate(broken)).toThrow(`${broken}: not valid JSON`);
    expect(() => loadTemplate(join(dir, 'none.json'))).toThrow('file not found');
    expect(() => loadTemplate('letter-5up')).toThrow(/letter-5up: no such template; the shipped ones are .*letter-4up/);
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(merge(BASE, { puzzlesPerPage: 6 })));
    expect(loadTemplate(good)).toMatchObject({ name: 'good', puzzlesPerPage: 6 });
  });

  test('defaults fill what a template leaves out', () => {
    const minimal = { page: { size: 'a5' }, margins: { top: '10mm', bottom: '10mm', outside: '10mm', inside: '12mm' }, puzzlesPerPage: 2, solutionsPerPage: 6 };
    const t = parseTemplate(minimal, { file: 'min.json', name: 'min' });
    expect(t).toMatchObject({ bleed: 0, toc: true, sectionStart: 'divider', symmetry: 'none', footer: '{page}', solutions: true });
    expect(t.lines).toEqual({ thin: 0.75, box: 2.25 });
  });
});

/** KDP's paperback minimums (inches): the gutter by page count; 0.25 in outside, 0.375 in with bleed. */
const KDP_GUTTER = [
  { maxPages: 150, inside: 0.375 },
  { maxPages: 300, inside: 0.5 },
  { maxPages: 500, inside: 0.625 },
  { maxPages: 700, inside: 0.75 },
  { maxPages: 828, inside: 0.875 },
];

test.each(templateNames())('%s keeps KDP\'s margins for every page count it allows', (name) => {
  const t = loadTemplate(name);
  const outside = t.bleed > 0 ? 0.375 : 0.25;
  for (const side of [t.margins.outside, t.margins.top, t.margins.bottom]) expect(side / 72).toBeGreaterThanOrEqual(outside - 1e-9);
  const rows = t.margins.insideByPageCount;
  expect(rows.length).toBeGreaterThan(0);
  for (let pages = 24; pages <= rows[rows.length - 1]!.maxPages; pages += 2) {
    const inside = (rows.find((r) => pages <= r.maxPages)!.inside) / 72;
    const kdp = KDP_GUTTER.find((r) => pages <= r.maxPages)!.inside;
    expect(inside, `${pages} pages`).toBeGreaterThanOrEqual(kdp - 1e-9);
  }
  expect(rows[rows.length - 1]!.maxPages).toBeLessThanOrEqual(828);
  expect(t.lines.thin).toBeGreaterThanOrEqual(0.75);
  expect(Object.keys(PAPER_THICKNESS)).toContain(t.paper);
});
