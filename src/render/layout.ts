/**
 * Page geometry of a book, computed from a template and the section counts alone: pure, no PDF.
 * Coordinates are PDF points with the origin at the top-left of the sheet and y growing downwards
 * (what pdfkit uses).
 */
import { TemplateError, type BookTemplate } from './template.js';

/** A rectangle, top-left origin. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One section of the book: `count` puzzles of one level. */
export interface BookSection {
  /** A level name such as `easy`; also the section's heading unless `title` is given. */
  level: string;
  count: number;
  title?: string;
}

/** What a book holds, as far as layout cares. */
export interface BookSpec {
  title: string;
  sections: readonly BookSection[];
}

/** One table-of-contents line. */
export interface TocEntry {
  text: string;
  detail: string;
  page: number;
}

export type PageContent =
  | { kind: 'title' }
  | { kind: 'toc'; entries: TocEntry[]; continued: boolean }
  | { kind: 'divider'; section: number }
  | { kind: 'puzzles'; section: number; first: number; count: number; opensSection: boolean }
  | { kind: 'solutions-divider' }
  | { kind: 'solutions'; first: number; count: number; opensSection: boolean };

export interface PagePlan {
  /** 1-based; odd pages are right-hand (recto) pages. */
  number: number;
  content: PageContent;
}

export interface SectionPlan {
  level: string;
  title: string;
  /** First and last puzzle number (1-based, counted through the book). */
  first: number;
  last: number;
  /** Page where the section starts. */
  page: number;
}

/** Where the grids of a puzzle or solution page go, relative to the page body's top-left corner. */
export interface SlotLayout {
  cols: number;
  rows: number;
  /** Side of each square grid. */
  size: number;
  /** Height of the label line above each grid. */
  labelHeight: number;
  /** Top-left corners of the grids, in reading order; the label sits just above each. */
  grids: Rect[];
}

/** Everything needed to draw the pages, decided before the first page is written. */
export interface BookPlan {
  template: BookTemplate;
  title: string;
  pageCount: number;
  puzzleCount: number;
  /** The inside (gutter) margin chosen for this page count. */
  inside: number;
  pages: PagePlan[];
  sections: SectionPlan[];
  /** First solutions page, or null without solutions. */
  solutionsPage: number | null;
  puzzleSlots: SlotLayout;
  solutionSlots: SlotLayout;
}

/** The rectangles of one page. */
export interface PageFrame {
  /** Sheet size including bleed. */
  media: { width: number; height: number };
  /** The trimmed page inside the sheet. */
  trim: Rect;
  /** Inside the margins: everything printed goes here. */
  content: Rect;
  /** Band for the running header at the top of the content (height 0 when there is none). */
  header: Rect;
  /** Band for the page number at the bottom of the content. */
  footer: Rect;
  /** What is left between header and footer. */
  body: Rect;
  recto: boolean;
}

/** Smallest cell sides (points) that a layout may give puzzles and solutions. */
export const MIN_CELL = { puzzle: 16, solution: 8 } as const;

const BAND = 2.2; // header and footer bands: font size × this

/**
 * Plans a book: which page holds what, the gutter for its page count, and the grid slots.
 * @throws TemplateError when the page count is past the template's gutter table or grids would be too small.
 */
export function planBook(template: BookTemplate, spec: BookSpec): BookPlan {
  if (spec.sections.length === 0) throw new RangeError('a book needs at least one section');
  for (const section of spec.sections) {
    if (!Number.isInteger(section.count) || section.count < 1) throw new RangeError(`section ${section.level}: count must be a whole number >= 1`);
  }
  const puzzleCount = spec.sections.reduce((sum, s) => sum + s.count, 0);
  const divider = template.sectionStart === 'divider';
  const ppp = template.puzzlesPerPage;
  const spp = template.solutionsPerPage;

  // Page numbers first (they do not depend on the margins), then the table of contents.
  const tocEntryCount = spec.sections.length + (template.solutions ? 1 : 0);
  const tocPerPage = template.toc ? tocLinesPerPage(template) : 0;
  const tocPages = template.toc ? Math.ceil(tocEntryCount / tocPerPage) : 0;

  // The page count first, from the counts alone: a book past the gutter table (or the page
  // limit) is refused before any page array is built.
  let countedPages = 1 + tocPages;
  for (const section of spec.sections) countedPages += (divider ? 1 : 0) + Math.ceil(section.count / ppp);
  if (template.solutions) countedPages += (divider ? 1 : 0) + Math.ceil(puzzleCount / spp);
  checkPageCount(template, countedPages);

  const pages: PagePlan[] = [{ number: 1, content: { kind: 'title' } }];
  let next = 2 + tocPages;
  const sections: SectionPlan[] = [];
  const body: PagePlan[] = [];
  let first = 1;
  spec.sections.forEach((section, index) => {
    const title = section.title ?? capitalize(section.level);
    sections.push({ level: section.level, title, first, last: first + section.count - 1, page: next });
    if (divider) body.push({ number: next++, content: { kind: 'divider', section: index } });
    for (let offset = 0; offset < section.count; offset += ppp) {
      const count = Math.min(ppp, section.count - offset);
      body.push({ number: next++, content: { kind: 'puzzles', section: index, first: first + offset, count, opensSection: offset === 0 } });
    }
    first += section.count;
  });
  let solutionsPage: number | null = null;
  if (template.solutions) {
    solutionsPage = next;
    if (divider) body.push({ number: next++, content: { kind: 'solutions-divider' } });
    for (let offset = 0; offset < puzzleCount; offset += spp) {
      const count = Math.min(spp, puzzleCount - offset);
      body.push({ number: next++, content: { kind: 'solutions', first: 1 + offset, count, opensSection: offset === 0 } });
    }
  }
  const pageCount = next - 1;

  if (template.toc) {
    const entries: TocEntry[] = sections.map((s) => ({
      text: s.title,
      detail: s.first === s.last ? `puzzle ${s.first}` : `puzzles ${s.first}\u2013${s.last}`,
      page: s.page,
    }));
    if (solutionsPage !== null) entries.push({ text: 'Solutions', detail: '', page: solutionsPage });
    for (let p = 0; p < tocPages; p++) {
      pages.push({ number: 2 + p, content: { kind: 'toc', entries: entries.slice(p * tocPerPage, (p + 1) * tocPerPage), continued: p > 0 } });
    }
  }
  for (const page of body) pages.push(page); // not push(...body): a spread of 100,000 overflows the stack

  const inside = gutterFor(template, pageCount);
  const plan: BookPlan = {
    template,
    title: spec.title,
    pageCount,
    puzzleCount,
    inside,
    pages,
    sections,
    solutionsPage,
    puzzleSlots: { cols: 0, rows: 0, size: 0, labelHeight: 0, grids: [] },
    solutionSlots: { cols: 0, rows: 0, size: 0, labelHeight: 0, grids: [] },
  };
  const frame = pageFrame(plan, 3);
  const headingBand = divider ? 0 : headingHeight(template);
  const puzzleBody = { width: frame.body.width, height: frame.body.height - headingBand };
  plan.puzzleSlots = arrangeSlots(ppp, puzzleBody, template.fonts.label * 1.9, Math.max(18, puzzleBody.width * 0.06));
  shiftSlots(plan.puzzleSlots, headingBand);
  plan.solutionSlots = arrangeSlots(spp, puzzleBody, template.fonts.solutionLabel * 1.8, Math.max(10, puzzleBody.width * 0.04));
  shiftSlots(plan.solutionSlots, headingBand);

  const puzzleCell = plan.puzzleSlots.size / 9;
  if (puzzleCell < MIN_CELL.puzzle) {
    throw new TemplateError(template.file, 'puzzlesPerPage', `${ppp} grids per page leave cells of ${puzzleCell.toFixed(1)}pt, below the ${MIN_CELL.puzzle}pt minimum`);
  }
  const solutionCell = plan.solutionSlots.size / 9;
  if (template.solutions && solutionCell < MIN_CELL.solution) {
    throw new TemplateError(template.file, 'solutionsPerPage', `${spp} grids per page leave cells of ${solutionCell.toFixed(1)}pt, below the ${MIN_CELL.solution}pt minimum`);
  }
  return plan;
}

/** Most pages of any book (print services stop far below: 828 for a paperback). */
export const MAX_BOOK_PAGES = 10_000;

/** Throws the page-limit TemplateError when `pageCount` is past the gutter table or {@link MAX_BOOK_PAGES}. */
function checkPageCount(template: BookTemplate, pageCount: number): void {
  gutterFor(template, pageCount);
  if (pageCount > MAX_BOOK_PAGES) {
    throw new TemplateError(template.file, '', `the book would have ${pageCount} pages, more than ${MAX_BOOK_PAGES}; make fewer puzzles`);
  }
}

/** The inside margin for a book of `pageCount` pages: the first gutter row that holds it. */
export function gutterFor(template: BookTemplate, pageCount: number): number {
  const rules = template.margins.insideByPageCount;
  if (rules.length === 0) return template.margins.inside;
  for (const rule of rules) if (pageCount <= rule.maxPages) return rule.inside;
  throw new TemplateError(
    template.file,
    'margins.insideByPageCount',
    `the book has ${pageCount} pages, more than the last row allows (${rules[rules.length - 1]!.maxPages}); make fewer puzzles or add a row`,
  );
}

/** Rectangles of page `number` (1-based): mirrored margins, bleed on the outside edge, top and bottom. */
export function pageFrame(plan: BookPlan, number: number): PageFrame {
  const t = plan.template;
  const recto = number % 2 === 1;
  const b = t.bleed;
  const media = { width: t.page.width + b, height: t.page.height + 2 * b };
  // The bleed is on the outside edge: right of a recto page, left of a verso page.
  const trim: Rect = { x: recto ? 0 : b, y: b, width: t.page.width, height: t.page.height };
  const left = recto ? plan.inside : t.margins.outside;
  const right = recto ? t.margins.outside : plan.inside;
  const content: Rect = {
    x: trim.x + left,
    y: trim.y + t.margins.top,
    width: t.page.width - left - right,
    height: t.page.height - t.margins.top - t.margins.bottom,
  };
  const headerHeight = t.header === '' ? 0 : t.fonts.header * BAND;
  const footerHeight = t.footer === '' ? 0 : t.fonts.footer * BAND;
  const header: Rect = { x: content.x, y: content.y, width: content.width, height: headerHeight };
  const footer: Rect = { x: content.x, y: content.y + content.height - footerHeight, width: content.width, height: footerHeight };
  const body: Rect = { x: content.x, y: content.y + headerHeight, width: content.width, height: content.height - headerHeight - footerHeight };
  return { media, trim, content, header, footer, body, recto };
}

/** Height of the band that holds a section heading when sections open with a heading. */
export function headingHeight(template: BookTemplate): number {
  return template.fonts.heading * 2;
}

function tocLinesPerPage(template: BookTemplate): number {
  const t = template;
  const usable = t.page.height - t.margins.top - t.margins.bottom - (t.fonts.header + t.fonts.footer) * BAND - headingHeight(t) * 2;
  return Math.max(1, Math.floor(usable / (t.fonts.body * 2.4)));
}

/**
 * Places `n` square grids, each with a label line above it, in a `width` × `height` box: tries every
 * columns × rows arrangement and keeps the one with the largest grids; spare space is spread evenly.
 */
export function arrangeSlots(n: number, box: { width: number; height: number }, labelHeight: number, gap: number): SlotLayout {
  let best = { cols: 1, rows: n, size: -Infinity };
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    if ((rows - 1) * cols >= n) continue; // a whole empty row: never best
    const size = Math.min((box.width - (cols - 1) * gap) / cols, (box.height - (rows - 1) * gap) / rows - labelHeight);
    if (size > best.size + 1e-9) best = { cols, rows, size };
  }
  const { cols, rows } = best;
  const size = Math.max(0, best.size);
  const extraX = box.width - cols * size - (cols - 1) * gap;
  const extraY = box.height - rows * (size + labelHeight) - (rows - 1) * gap;
  const edgeX = extraX / (cols + 1);
  const edgeY = extraY / (rows + 1);
  const grids: Rect[] = [];
  for (let i = 0; i < n; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    grids.push({
      x: edgeX + col * (size + gap + edgeX),
      y: edgeY + row * (size + labelHeight + gap + edgeY) + labelHeight,
      width: size,
      height: size,
    });
  }
  return { cols, rows, size, labelHeight, grids };
}

function shiftSlots(slots: SlotLayout, dy: number): void {
  for (const grid of slots.grids) grid.y += dy;
}

/** A glyph's ink box in thousandths of the font size, y up from the baseline (as fonts store it). */
export interface GlyphBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Where to put the text origin (left x, baseline y) so that the glyph's ink, not its advance box, is
 * centred in `cell` at `fontSize`.
 */
export function centreGlyph(cell: Rect, fontSize: number, box: GlyphBox): { x: number; baseline: number } {
  const scale = fontSize / 1000;
  const cx = cell.x + cell.width / 2;
  const cy = cell.y + cell.height / 2;
  return { x: cx - ((box.minX + box.maxX) / 2) * scale, baseline: cy + ((box.minY + box.maxY) / 2) * scale };
}

/** Fills `{title}`, `{section}`, `{page}` and `{pages}` in a header or footer text. */
export function fillPageText(text: string, values: { title: string; section: string; page: number; pages: number }): string {
  return text.replace(/\{(title|section|page|pages)\}/g, (_, key: string) => String(values[key as keyof typeof values]));
}

/** `easy` -> `Easy`. */
export function capitalize(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}
