import { shownValue } from '../core/errors.js';
import { packageRoot } from '../node/package-root.js';
import { readdirSync } from 'node:fs';
import { readSmallTextFile } from '../node/text-lines.js';
import { basename, join } from 'node:path';
import { SYMMETRIES, type Symmetry } from '../generator/symmetry.js';
import { COVER_THEME_NAMES, DEFAULT_COVER_THEME } from './cover-themes.js';
import { DEFAULT_TEXTS, MAX_TEXT_LENGTH, isValidIsbn, type BookTexts, type FrontMatter } from '../book/texts.js';

/** Points per unit of length: PDF user space is 1/72 inch. */
const POINTS_PER = { pt: 1, in: 72, mm: 72 / 25.4, cm: 72 / 2.54 } as const;

/** Trim sizes a template can name instead of giving width and height (portrait, in points). */
export const PAGE_SIZES: Readonly<Record<string, { width: number; height: number }>> = {
  letter: { width: 612, height: 792 },
  '8.5x11': { width: 612, height: 792 },
  a4: { width: (210 * 72) / 25.4, height: (297 * 72) / 25.4 },
  a5: { width: (148 * 72) / 25.4, height: (210 * 72) / 25.4 },
  '6x9': { width: 432, height: 648 },
  '7x10': { width: 504, height: 720 },
};

/** Puzzle grids per page that the layouts support. */
export const PUZZLES_PER_PAGE = [1, 2, 4, 6] as const;

/** Print rules every template must keep (points). */
export const LINE_LIMITS = { thinMin: 0.75, boxMin: 2, boxMax: 3 } as const;

/** Paper stocks and their thickness per page (inches), KDP's figures. */
export const PAPER_THICKNESS = { white: 0.002252, cream: 0.0025, color: 0.002347 } as const;
export type Paper = keyof typeof PAPER_THICKNESS;

/** The least distance (points) from the trim to any text or grid: 0.25 in; 0.375 in on a bleed's edges. */
export const SAFE_MARGIN = { plain: 18, bleed: 27 } as const;

/** The bleed used when a template says `"bleed": true`: 0.125 in, what print-on-demand services ask. */
export const DEFAULT_BLEED = 9;

/** One row of the gutter table: books of up to `maxPages` pages get this inside margin. */
export interface GutterRule {
  maxPages: number;
  inside: number;
}

/** A book layout with every length in points and every default filled in. */
export interface BookTemplate {
  /** File name without `.json`. */
  name: string;
  /** Where it was read from (used in error messages). */
  file: string;
  description: string;
  /** Trim size. */
  page: { width: number; height: number; label: string };
  /** Extra paper past the trim on the top, bottom and outside edges; 0 when off. */
  bleed: number;
  margins: { top: number; bottom: number; outside: number; inside: number; insideByPageCount: GutterRule[] };
  puzzlesPerPage: number;
  solutionsPerPage: number;
  fonts: {
    title: number;
    subtitle: number;
    heading: number;
    body: number;
    label: number;
    solutionLabel: number;
    header: number;
    footer: number;
    /** Digit height as a share of the cell (font size = cell × this). */
    digitScale: number;
    solutionDigitScale: number;
  };
  lines: { thin: number; box: number };
  /**
   * Running heads of left (verso) and right (recto) pages with puzzles, hints, solutions or the primer;
   * `{title}`, `{section}`, `{page}`, `{pages}` are filled in; empty: none.
   */
  header: { verso: string; recto: string };
  /** `top`: the running head above the page; `foot`: on the folio line (saves height for the grids). */
  headerAt: 'top' | 'foot';
  /** The folio (page number) text; empty: no page numbers. */
  footer: string;
  footerAlign: 'center' | 'outside';
  /** Front matter the template sets (the CLI flags override it). */
  front: Partial<FrontMatter>;
  /** Texts the template replaces (a `--texts` file overrides them in turn). */
  texts: Partial<BookTexts>;
  /** Paper of a print-on-demand book: sets the cover's spine width. */
  paper: Paper;
  /** What fills a left page before a section that must open on the right: a "Notes" page or a blank one. */
  filler: 'notes' | 'blank';
  toc: boolean;
  /**
   * `divider`: a page that opens each section; `heading`: a heading above the section's first grids;
   * `auto`: a divider where it costs no filler page, else a heading (fewer "Notes" pages).
   */
  sectionStart: 'divider' | 'heading' | 'auto';
  showRating: boolean;
  solutions: boolean;
  /** Weight of the givens on puzzle pages: `bold` reads better in large print. */
  givens: 'regular' | 'bold';
  /** Gray level (0 black, 1 white) of the digits a solution fills in. */
  solutionGray: number;
  /** Symmetry asked of the generator. */
  symmetry: Symmetry;
  /** The cover: its theme (`--theme` overrides it) and a badge of its own, e.g. "Large Print" ('' for none). */
  cover: { theme: string; badge: string };
  /** The book's sections when the command line gives none (`4x4-beginner:12,6x6-beginner:24`); absent: the CLI's default. */
  sections?: string;
}

/** A template that cannot be used; the message names the file and the field. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  readonly code = 'BAD_TEMPLATE';
  constructor(
    readonly file: string,
    readonly field: string,
    reason: string,
  ) {
    super(field === '' ? `${file}: ${reason}` : `${file}: ${field}: ${reason}`);
  }
}

export { packageRoot };

/** The folder of the shipped templates. */
export function templatesDir(): string {
  return join(packageRoot(), 'templates');
}

/** Names of the shipped templates, sorted. */
export function templateNames(): string[] {
  return readdirSync(templatesDir(), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name.slice(0, -5))
    .sort();
}

/**
 * Loads a template by shipped name (`letter-4up`) or by path to a JSON file (anything with a `/` or
 * ending in `.json`). @throws TemplateError when it is missing or invalid.
 */
export function loadTemplate(nameOrPath: string): BookTemplate {
  if (typeof nameOrPath !== 'string') throw new TemplateError(shownValue(nameOrPath), '', `a template is named by a string, a shipped name or a .json file (got ${nameOrPath === null ? 'null' : typeof nameOrPath})`);
  const isPath = nameOrPath.includes('/') || nameOrPath.includes('\\') || nameOrPath.endsWith('.json');
  let file: string;
  if (isPath) {
    file = nameOrPath;
  } else {
    if (!/^[A-Za-z0-9._-]+$/.test(nameOrPath) || !templateNames().includes(nameOrPath)) {
      throw new TemplateError(nameOrPath, '', `no such template; the shipped ones are ${templateNames().join(', ')} (or give a path to a .json file)`);
    }
    file = join(templatesDir(), `${nameOrPath}.json`);
  }
  let text: string | null;
  try {
    // Read up to the cap only: `--template /dev/zero` or a huge file is refused, not read whole.
    text = readSmallTextFile(file, MAX_TEMPLATE_CHARS);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String((error as Error).message);
    throw new TemplateError(file, '', reason);
  }
  if (text === null) throw new TemplateError(file, '', `the file is longer than ${MAX_TEMPLATE_CHARS} characters, the most a template has`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof RangeError ? 'nested too deeply' : (error as Error).message;
    throw new TemplateError(file, '', `not valid JSON (${reason})`);
  }
  if (nestingDepth(json, MAX_TEMPLATE_DEPTH) > MAX_TEMPLATE_DEPTH) {
    throw new TemplateError(file, '', `nested more than ${MAX_TEMPLATE_DEPTH} levels deep; a template is a few levels of objects`);
  }
  return parseTemplate(json, { file, name: basename(file).replace(/\.json$/, '') });
}

/** Largest template file read (a real one is about 1,000 characters). */
export const MAX_TEMPLATE_CHARS = 100_000;
/** Deepest nesting of objects and arrays in a template file (real ones: 3). */
export const MAX_TEMPLATE_DEPTH = 16;
/** Longest header or footer text of a template (before its placeholders are filled in). */
export const MAX_PAGE_TEXT = 200;

/** How deep `value` nests, counted without recursion and without looking past `limit + 1`. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Reads a length: a number of points, or a string such as `"0.5in"`, `"12mm"`, `"1.2cm"`, `"36pt"`. */
export function parseLength(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(pt|in|mm|cm)\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * POINTS_PER[match[2] as keyof typeof POINTS_PER];
}

type Json = Record<string, unknown>;

/** Checks fields one object at a time and remembers which were read, to reject unknown ones. */
class Fields {
  private readonly seen = new Set<string>();
  constructor(
    readonly file: string,
    private readonly path: string,
    private readonly obj: Json,
  ) {}

  fail(key: string, reason: string): never {
    throw new TemplateError(this.file, this.where(key), reason);
  }

  where(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  // Own fields only: a key set on Object.prototype is not a field of the template.
  has(key: string): boolean {
    return Object.hasOwn(this.obj, key) && this.obj[key] !== undefined;
  }

  raw(key: string): unknown {
    this.seen.add(key);
    return Object.hasOwn(this.obj, key) ? this.obj[key] : undefined;
  }

  required(key: string): unknown {
    const value = this.raw(key);
    if (value === undefined) this.fail(key, 'missing');
    return value;
  }

  object(key: string, fallback?: Json): Fields {
    const value = this.raw(key) ?? fallback;
    if (value === undefined) this.fail(key, 'missing');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(key, `expected an object, got ${describe(value)}`);
    return new Fields(this.file, this.where(key), value as Json);
  }

  length(key: string, fallback?: number): number {
    const value = this.raw(key);
    if (value === undefined) {
      if (fallback === undefined) this.fail(key, 'missing');
      return fallback;
    }
    const points = parseLength(value);
    if (points === null) this.fail(key, `expected a length such as "0.5in", "12mm" or 36 (points), got ${describe(value)}`);
    return points;
  }

  number(key: string, min: number, max: number, fallback?: number): number {
    const value = this.raw(key);
    if (value === undefined) {
      if (fallback === undefined) this.fail(key, 'missing');
      return fallback;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(key, `expected a number, got ${describe(value)}`);
    if (value < min || value > max) this.fail(key, `must be between ${min} and ${max}, got ${value}`);
    return value;
  }

  integer(key: string, min: number, max: number, fallback?: number): number {
    const value = this.number(key, min, max, fallback);
    if (!Number.isInteger(value)) this.fail(key, `expected a whole number, got ${value}`);
    return value;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.raw(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') this.fail(key, `expected true or false, got ${describe(value)}`);
    return value;
  }

  string(key: string, fallback: string): string {
    const value = this.raw(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'string') this.fail(key, `expected a string, got ${describe(value)}`);
    return value;
  }

  choice<T extends string>(key: string, choices: readonly T[], fallback: T): T {
    const value = this.raw(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
      this.fail(key, `expected one of ${choices.join(', ')}, got ${describe(value)}`);
    }
    return value as T;
  }

  /** Rejects keys that no reader asked for (typos); keys starting with `$` are comments. */
  done(): void {
    for (const key of Object.keys(this.obj)) {
      if (!this.seen.has(key) && !key.startsWith('$')) this.fail(key, 'unknown field');
    }
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A BigInt, a cycle, a toJSON that throws: named by kind below.
  }
  if (text === undefined) return shownValue(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

const PLACEHOLDERS = ['title', 'section', 'page', 'pages'];

function pageText(fields: Fields, key: string, fallback: string): string {
  const text = fields.string(key, fallback);
  if (text.length > MAX_PAGE_TEXT) fields.fail(key, `is ${text.length} characters long; at most ${MAX_PAGE_TEXT} fit a page's header or footer`);
  for (const match of text.matchAll(/\{([^}]*)\}/g)) {
    if (!PLACEHOLDERS.includes(match[1]!)) {
      fields.fail(key, `unknown placeholder {${match[1]}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`);
    }
  }
  return text;
}

function runningHead(root: Fields): BookTemplate['header'] {
  if (!root.has('header') || typeof root.raw('header') === 'string') {
    const both = pageText(root, 'header', '{section}');
    return { verso: both, recto: both };
  }
  const h: Fields = root.object('header');
  const head = { verso: pageText(h, 'verso', '{title}'), recto: pageText(h, 'recto', '{section}') };
  h.done();
  return head;
}

const FRONT_KEYS = ['title', 'subtitle', 'author', 'publisher', 'year', 'edition', 'isbn'] as const;

function frontFields(root: Fields): Partial<FrontMatter> {
  if (!root.has('front')) return {};
  const f: Fields = root.object('front');
  const front: Partial<FrontMatter> = {};
  for (const key of FRONT_KEYS) if (f.has(key)) front[key] = f.string(key, '');
  if (front.isbn !== undefined && front.isbn !== '' && !isValidIsbn(front.isbn)) f.fail('isbn', `not a valid ISBN-10 or ISBN-13 (check digit): ${front.isbn}`);
  if (f.has('credit')) front.credit = f.boolean('credit', false);
  f.done();
  return front;
}

const TEXT_KEYS = ['howToPlay', 'example', 'pencilMarks', 'rights', 'solutions', 'primer', 'hints', 'back'] as const;

/** Reads a `texts` object (a template's, or a `--texts` file's): the keys of {@link BookTexts}. */
export function parseTexts(json: unknown, file: string, path = 'texts'): Partial<BookTexts> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TemplateError(file, path, `expected an object, got ${describe(json)}`);
  const t: Fields = new Fields(file, path, json as Json);
  const texts: Partial<BookTexts> = {};
  for (const key of TEXT_KEYS) if (t.has(key)) texts[key] = bookText(t, key);
  if (t.has('levels')) {
    const l: Fields = t.object('levels');
    const levels: Record<string, string> = {};
    for (const level of Object.keys(DEFAULT_TEXTS.levels)) if (l.has(level)) levels[level] = bookText(l, level);
    l.done();
    texts.levels = levels;
  }
  t.done();
  return texts;
}

/** One text of a book, at most {@link MAX_TEXT_LENGTH} characters. */
function bookText(fields: Fields, key: string): string {
  const text = fields.string(key, '');
  if (text.length > MAX_TEXT_LENGTH) fields.fail(key, `is ${text.length.toLocaleString('en-US')} characters long; a text has at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')}`);
  return text;
}

function textFields(root: Fields): Partial<BookTexts> {
  return root.has('texts') ? parseTexts(root.raw('texts'), root.file) : {};
}

/** Text without its UTF-8 byte order mark (editors on Windows write one; JSON.parse refuses it). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Validates a parsed template JSON and fills in defaults.
 * @throws TemplateError naming `file` and the first bad field.
 */
export function parseTemplate(json: unknown, where: { file: string; name: string } = { file: '<template>', name: 'template' }): BookTemplate {
  const { file } = where;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TemplateError(file, '', `expected a JSON object, got ${describe(json)}`);
  }
  const root: Fields = new Fields(file, '', json as Json);
  const description = root.string('description', '');

  const pageFields: Fields = root.object('page');
  let page: BookTemplate['page'];
  if (pageFields.has('size')) {
    const sizes = Object.keys(PAGE_SIZES);
    const size = pageFields.choice('size', sizes, 'letter');
    if (pageFields.has('width') || pageFields.has('height')) pageFields.fail('size', 'give either size or width and height, not both');
    page = { ...PAGE_SIZES[size]!, label: size };
  } else {
    const width = pageFields.length('width');
    const height = pageFields.length('height');
    if (width < 216 || width > 1296) pageFields.fail('width', `must be between 3in and 18in, got ${(width / 72).toFixed(2)}in`);
    if (height < 216 || height > 1296) pageFields.fail('height', `must be between 3in and 18in, got ${(height / 72).toFixed(2)}in`);
    page = { width, height, label: `${round(width / 72)}x${round(height / 72)}in` };
  }
  pageFields.done();

  const bleedRaw = root.raw('bleed');
  let bleed = 0;
  if (bleedRaw === true) bleed = DEFAULT_BLEED;
  else if (bleedRaw !== undefined && bleedRaw !== false) {
    const points = parseLength(bleedRaw);
    if (points === null || points > 36) root.fail('bleed', `expected false, true (0.125in) or a length up to 0.5in, got ${describe(bleedRaw)}`);
    bleed = points;
  }

  const m: Fields = root.object('margins');
  const top = m.length('top');
  const bottom = m.length('bottom');
  const outside = m.length('outside');
  const inside = m.length('inside');
  const insideByPageCount: GutterRule[] = [];
  const table = m.raw('insideByPageCount');
  if (table !== undefined) {
    if (!Array.isArray(table)) m.fail('insideByPageCount', `expected a list of { "maxPages": N, "inside": length }, got ${describe(table)}`);
    table.forEach((row: unknown, i: number) => {
      const rowFields: Fields = new Fields(file, `margins.insideByPageCount[${i}]`, row as Json);
      if (typeof row !== 'object' || row === null || Array.isArray(row)) m.fail(`insideByPageCount[${i}]`, `expected an object, got ${describe(row)}`);
      const maxPages = rowFields.integer('maxPages', 1, 100000);
      const rowInside = rowFields.length('inside');
      rowFields.done();
      const previous = insideByPageCount[i - 1];
      if (previous && maxPages <= previous.maxPages) rowFields.fail('maxPages', 'must grow from row to row');
      if (rowInside < (previous?.inside ?? inside)) {
        rowFields.fail('inside', 'the inside margin must not shrink as the page count grows');
      }
      insideByPageCount.push({ maxPages, inside: rowInside });
    });
  }
  m.done();
  for (const [key, value] of [['top', top], ['bottom', bottom], ['outside', outside], ['inside', inside]] as const) {
    if (value < SAFE_MARGIN.plain) m.fail(key, `must be at least 0.25in (18pt), got ${round(value)}pt`);
    if (bleed > 0 && key !== 'inside' && value < SAFE_MARGIN.bleed - 1e-9) {
      m.fail(key, `with bleed on, keep at least 0.375in (27pt) from the trim on the bleed edges, as print services require; got ${round(value / 72)}in`);
    }
  }
  if (page.width - outside - Math.max(inside, ...insideByPageCount.map((r) => r.inside)) < page.width / 2) {
    m.fail('inside', 'the margins leave less than half the page width for the grids');
  }
  if (page.height - top - bottom < page.height / 2) m.fail('top', 'top and bottom margins leave less than half the page height');

  const puzzlesPerPage = root.integer('puzzlesPerPage', 1, 6);
  if (!(PUZZLES_PER_PAGE as readonly number[]).includes(puzzlesPerPage)) {
    root.fail('puzzlesPerPage', `expected one of ${PUZZLES_PER_PAGE.join(', ')}, got ${puzzlesPerPage}`);
  }
  const solutionsPerPage = root.integer('solutionsPerPage', 1, 24);

  const f: Fields = root.object('fonts', {});
  const fonts: BookTemplate['fonts'] = {
    title: f.number('title', 12, 96, 30),
    subtitle: f.number('subtitle', 8, 60, 16),
    heading: f.number('heading', 8, 72, 20),
    body: f.number('body', 6, 36, 11),
    label: f.number('label', 6, 36, 10),
    solutionLabel: f.number('solutionLabel', 5, 36, 8),
    header: f.number('header', 5, 36, 9),
    footer: f.number('footer', 5, 36, 9),
    digitScale: f.number('digitScale', 0.3, 0.85, 0.62),
    solutionDigitScale: f.number('solutionDigitScale', 0.3, 0.85, 0.62),
  };
  f.done();

  const l: Fields = root.object('lines', {});
  const thin = l.number('thin', LINE_LIMITS.thinMin, 2, 0.75);
  const box = l.number('box', LINE_LIMITS.boxMin, LINE_LIMITS.boxMax, 2.25);
  if (box <= thin) l.fail('box', `must be thicker than lines.thin (${thin})`);
  l.done();

  const template: BookTemplate = {
    name: where.name,
    file,
    description,
    page,
    bleed,
    margins: { top, bottom, outside, inside, insideByPageCount },
    puzzlesPerPage,
    solutionsPerPage,
    fonts,
    lines: { thin, box },
    header: runningHead(root),
    headerAt: root.choice('headerAt', ['top', 'foot'] as const, 'top'),
    footer: pageText(root, 'footer', '{page}'),
    footerAlign: root.choice('footerAlign', ['center', 'outside'] as const, 'outside'),
    toc: root.boolean('toc', true),
    sectionStart: root.choice('sectionStart', ['divider', 'heading', 'auto'] as const, 'divider'),
    showRating: root.boolean('showRating', false),
    solutions: root.boolean('solutions', true),
    solutionGray: root.number('solutionGray', 0, 0.7, 0.45),
    givens: root.choice('givens', ['regular', 'bold'] as const, 'regular'),
    symmetry: root.choice('symmetry', SYMMETRIES, 'none'),
    front: frontFields(root),
    texts: textFields(root),
    paper: root.choice('paper', Object.keys(PAPER_THICKNESS) as Paper[], 'white'),
    filler: root.choice('filler', ['notes', 'blank'] as const, 'notes'),
    cover: coverFields(root),
  };
  if (root.has('sections')) {
    const sections = root.string('sections', '');
    if (sections.length === 0 || sections.length > 500) root.fail('sections', 'expected a list such as "easy:20,killer-easy:10" (at most 500 characters)');
    template.sections = sections;
  }
  root.done();
  return template;
}

function coverFields(root: Fields): BookTemplate['cover'] {
  if (!root.has('cover')) return { theme: DEFAULT_COVER_THEME, badge: '' };
  const c: Fields = root.object('cover');
  const cover = { theme: c.choice('theme', COVER_THEME_NAMES, DEFAULT_COVER_THEME), badge: c.string('badge', '') };
  if (cover.badge.length > 24) c.fail('badge', `is ${cover.badge.length} characters long; a cover badge has at most 24`);
  c.done();
  return cover;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
