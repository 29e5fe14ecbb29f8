/**
 * Page geometry of a book, computed from a template and the section counts alone: pure, no PDF.
 * Coordinates are PDF points with the origin at the top-left of the sheet and y growing downwards
 * (what pdfkit uses).
 */
import { optionKeys, ownOptions } from '../core/errors.js';
import { TemplateError, type BookTemplate } from './template.js';
import { VARIANT_INFO, type BookVariant } from '../book/variants.js';

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
  /** A variant (`killer`, `6x6`...); absent: classic 9x9. */
  variant?: BookVariant | undefined;
}

/** What a book holds, as far as layout cares. */
export interface BookSpec {
  title: string;
  sections: readonly BookSection[];
  /** A "How to play" page after the contents. Default true. */
  howToPlay?: boolean;
  /** An "About the levels" page after "How to play". Default true. */
  aboutLevels?: boolean;
  /** Pages of the primer chapter (before the puzzles); 0 or missing: no primer. */
  primerPages?: number;
  /** Pages of the hints section (after the puzzles); 0 or missing: no hints. */
  hintPages?: number;
  /** A rules page per variant of the sections, after the front matter. Default true. */
  rulesPages?: boolean;
}

/** One table-of-contents line. */
export interface TocEntry {
  text: string;
  detail: string;
  page: number;
}

export type PageContent =
  | { kind: 'title' }
  | { kind: 'copyright' }
  | { kind: 'toc'; entries: TocEntry[]; continued: boolean }
  | { kind: 'how-to-play' }
  | { kind: 'levels' }
  /** The rules of a variant, with the first puzzle of `section` (its first section) solved as the example. */
  | { kind: 'rules'; variant: BookVariant; section: number }
  /** A left page left free so that the next section opens on a right page ("Notes" or blank). */
  | { kind: 'filler' }
  | { kind: 'primer'; index: number }
  | { kind: 'divider'; section: number }
  /** `heading`: this page opens its section with a heading above the grids (no divider page). */
  | { kind: 'puzzles'; section: number; first: number; count: number; opensSection: boolean; heading: boolean; perPage: number }
  | { kind: 'hints'; index: number }
  | { kind: 'solutions-divider' }
  | { kind: 'solutions'; first: number; count: number; opensSection: boolean; heading: boolean; perPage: number };

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
  /** Page where the section starts (always a right-hand page). */
  page: number;
  variant?: BookVariant | undefined;
  /** Puzzles on each of its pages (fewer than the template's for big grids), and solutions. */
  perPage: number;
  solutionsPerPage: number;
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
  /** Always even: a book is printed on both sides of each leaf. */
  pageCount: number;
  puzzleCount: number;
  /** The inside (gutter) margin chosen for this page count. */
  inside: number;
  pages: PagePlan[];
  sections: SectionPlan[];
  /** First page of the primer, hints and solutions, or null when the book has none. */
  primerPage: number | null;
  hintsPage: number | null;
  solutionsPage: number | null;
  puzzleSlots: SlotLayout;
  solutionSlots: SlotLayout;
  /**
   * The slots of a page that opens its section with a heading, in a template whose other pages
   * have none (`sectionStart: "auto"`); the same as the slots above otherwise.
   */
  openingPuzzleSlots: SlotLayout;
  openingSolutionSlots: SlotLayout;
  /**
   * Slots of pages with fewer grids than the template's (sections of big grids: 16x16, Samurai),
   * by `puzzles:<n>`, `puzzles:<n>:heading`, `solutions:<n>`, `solutions:<n>:heading`.
   */
  otherSlots: Record<string, SlotLayout>;
  /** First page of each variant's rules, in the order the variants first come. */
  rulesPages: { variant: BookVariant; page: number }[];
}

/** The rectangles of one page. */
export interface PageFrame {
  /** Sheet size including bleed. */
  media: { width: number; height: number };
  /** The trimmed page inside the sheet. */
  trim: Rect;
  /** Inside the margins: everything printed goes here. */
  content: Rect;
  /** Band for the running head at the top of the content (height 0 when it is on the folio line). */
  header: Rect;
  /** Band at the bottom of the content: the clear zone, then the folio line. */
  footer: Rect;
  /** Baseline of the folio line (page number, and the running head when `headerAt` is `foot`). */
  folioBaseline: number;
  /** Baseline of a running head at the top. */
  headBaseline: number;
  /** What is left between header and footer: grids, text and pictures all stay in here. */
  body: Rect;
  recto: boolean;
}

/** Smallest cell sides (points) that a layout may give puzzles and solutions. */
export const MIN_CELL = { puzzle: 16, solution: 8 } as const;

/** White between the lowest grid or text of the body and the top of the folio: 0.25 in. */
export const FOLIO_CLEARANCE = 18;

/** Space between a running head at the top and the body. */
const HEAD_GAP = 14;

const BOOK_SPEC_KEYS = optionKeys<BookSpec>({ title: true, sections: true, howToPlay: true, aboutLevels: true, primerPages: true, hintPages: true, rulesPages: true });

/**
 * Plans a book: which page holds what, the gutter for its page count, and the grid slots. Sections,
 * the primer, the hints and the solutions open on right-hand pages (a filler page goes before when
 * needed), and the page count is made even.
 * @throws TemplateError when the page count is past the template's gutter table or grids would be too small.
 */
export function planBook(template: BookTemplate, spec: BookSpec): BookPlan {
  spec = ownOptions(spec, BOOK_SPEC_KEYS, 'book spec');
  if (spec.sections.length === 0) throw new RangeError('a book needs at least one section');
  for (const section of spec.sections) {
    if (!Number.isInteger(section.count) || section.count < 1) throw new RangeError(`section ${section.level}: count must be a whole number >= 1`);
  }
  const puzzleCount = spec.sections.reduce((sum, s) => sum + s.count, 0);
  const divider = template.sectionStart === 'divider';
  const auto = template.sectionStart === 'auto';
  /**
   * Opens a section (or the solutions) and returns its page, the right-hand page it opens on. With
   * `auto`, a divider on whichever side comes next and no filler: on a right-hand page it opens
   * the section (the grids start on its back); on a left-hand page it faces the section's first
   * grids, which open on the right. Else a divider on a right-hand page (a filler before it when
   * needed), or a heading above the first grids (`heading`). Returns whether a divider was added.
   */
  const open = (divide: () => void): { page: number; divider: boolean } => {
    if (auto) {
      if (pages.length % 2 === 1) {
        divide();
        return { page: pages.length + 1, divider: true };
      }
      const page = pages.length + 1;
      divide();
      return { page, divider: true };
    }
    toRecto();
    const page = pages.length + 1;
    if (divider) divide();
    return { page, divider };
  };
  const ppp = template.puzzlesPerPage;
  const spp = template.solutionsPerPage;
  // A book of variants only has no classic rules or classic levels to explain: its rules pages do.
  const hasClassic = spec.sections.some((s) => s.variant === undefined);
  const howToPlay = spec.howToPlay ?? hasClassic;
  const aboutLevels = spec.aboutLevels ?? hasClassic;
  const primerPages = spec.primerPages ?? 0;
  const hintPages = spec.hintPages ?? 0;
  const variants = spec.rulesPages ?? true ? [...new Set(spec.sections.flatMap((s) => (s.variant === undefined ? [] : [s.variant])))] : [];
  const perPage = spec.sections.map((s) => gridsPerPage(template, s.variant, 'puzzles'));
  const solutionsPer = spec.sections.map((s) => gridsPerPage(template, s.variant, 'solutions'));

  // Page numbers first (they do not depend on the margins), then the table of contents.
  const tocEntryCount =
    (howToPlay ? 1 : 0) +
    (aboutLevels ? 1 : 0) +
    variants.length +
    (primerPages > 0 ? 1 : 0) +
    spec.sections.length +
    (hintPages > 0 ? 1 : 0) +
    (template.solutions ? 1 : 0);
  const tocPerPage = template.toc ? tocLinesPerPage(template) : 0;
  const tocPages = template.toc ? Math.ceil(tocEntryCount / tocPerPage) : 0;

  const pages: PagePlan[] = [];
  const add = (content: PageContent): number => {
    // Refused as soon as it is past the limit, before a book of 100,000 puzzles builds its pages.
    if (pages.length >= MAX_BOOK_PAGES) checkPageCount(template, pages.length + 1);
    const number = pages.length + 1;
    pages.push({ number, content });
    return number;
  };
  /** The next page will be a right-hand one. */
  const toRecto = (): void => {
    if (pages.length % 2 === 1) add({ kind: 'filler' });
  };
  add({ kind: 'title' });
  add({ kind: 'copyright' });
  const tocAt = pages.length;
  for (let p = 0; p < tocPages; p++) add({ kind: 'toc', entries: [], continued: p > 0 });
  const howToPlayPage = howToPlay ? add({ kind: 'how-to-play' }) : null;
  const levelsPage = aboutLevels ? add({ kind: 'levels' }) : null;
  const rulesPages = variants.map((variant) => ({ variant, page: add({ kind: 'rules', variant, section: spec.sections.findIndex((s) => s.variant === variant) }) }));

  let primerPage: number | null = null;
  if (primerPages > 0) {
    toRecto();
    for (let index = 0; index < primerPages; index++) {
      const n = add({ kind: 'primer', index });
      if (index === 0) primerPage = n;
    }
  }

  const sections: SectionPlan[] = [];
  let first = 1;
  spec.sections.forEach((section, index) => {
    const title = section.title ?? capitalize(section.level);
    const per = perPage[index]!;
    const opened = open(() => add({ kind: 'divider', section: index }));
    const withDivider = opened.divider;
    sections.push({
      level: section.level,
      title,
      first,
      last: first + section.count - 1,
      page: opened.page,
      ...(section.variant === undefined ? {} : { variant: section.variant }),
      perPage: per,
      solutionsPerPage: solutionsPer[index]!,
    });
    for (let offset = 0; offset < section.count; offset += per) {
      const count = Math.min(per, section.count - offset);
      add({ kind: 'puzzles', section: index, first: first + offset, count, opensSection: offset === 0, heading: offset === 0 && !withDivider, perPage: per });
    }
    first += section.count;
  });
  let hintsPage: number | null = null;
  if (hintPages > 0) {
    toRecto();
    for (let index = 0; index < hintPages; index++) {
      const n = add({ kind: 'hints', index });
      if (index === 0) hintsPage = n;
    }
  }
  let solutionsPage: number | null = null;
  if (template.solutions) {
    // Runs of sections with as many solutions a page share their pages; a run of bigger grids starts a page.
    const runs: { first: number; count: number; per: number }[] = [];
    let number = 1;
    spec.sections.forEach((section, index) => {
      const per = solutionsPer[index]!;
      const last = runs[runs.length - 1];
      if (last !== undefined && last.per === per) last.count += section.count;
      else runs.push({ first: number, count: section.count, per });
      number += section.count;
    });
    const opened = open(() => add({ kind: 'solutions-divider' }));
    solutionsPage = opened.page;
    const withDivider = opened.divider;
    runs.forEach((run, r) => {
      for (let offset = 0; offset < run.count; offset += run.per) {
        const count = Math.min(run.per, run.count - offset);
        const opens = r === 0 && offset === 0;
        add({ kind: 'solutions', first: run.first + offset, count, opensSection: opens, heading: opens && !withDivider, perPage: run.per });
      }
    });
  }
  if (pages.length % 2 === 1) add({ kind: 'filler' });
  const pageCount = pages.length;

  if (template.toc) {
    const entries: TocEntry[] = [];
    if (howToPlayPage !== null) entries.push({ text: 'How to play', detail: '', page: howToPlayPage });
    if (levelsPage !== null) entries.push({ text: 'About the levels', detail: '', page: levelsPage });
    for (const r of rulesPages) entries.push({ text: VARIANT_INFO[r.variant].heading, detail: 'the rules', page: r.page });
    if (primerPage !== null) entries.push({ text: 'The techniques', detail: 'a primer', page: primerPage });
    for (const s of sections) {
      entries.push({ text: s.title, detail: s.first === s.last ? `puzzle ${s.first}` : `puzzles ${s.first}\u2013${s.last}`, page: s.page });
    }
    if (hintsPage !== null) entries.push({ text: 'Hints', detail: '', page: hintsPage });
    if (solutionsPage !== null) entries.push({ text: 'Solutions', detail: '', page: solutionsPage });
    for (let p = 0; p < tocPages; p++) {
      pages[tocAt + p] = { number: tocAt + p + 1, content: { kind: 'toc', entries: entries.slice(p * tocPerPage, (p + 1) * tocPerPage), continued: p > 0 } };
    }
  }
  checkPageCount(template, pageCount);

  const inside = gutterFor(template, pageCount);
  const empty = (): SlotLayout => ({ cols: 0, rows: 0, size: 0, labelHeight: 0, grids: [] });
  const plan: BookPlan = {
    template,
    title: spec.title,
    pageCount,
    puzzleCount,
    inside,
    pages,
    sections,
    primerPage,
    hintsPage,
    solutionsPage,
    puzzleSlots: empty(),
    solutionSlots: empty(),
    openingPuzzleSlots: empty(),
    openingSolutionSlots: empty(),
    otherSlots: {},
    rulesPages,
  };
  const frame = pageFrame(plan, 3);
  const plainBand = template.sectionStart === 'heading' ? headingHeight(template) : 0;
  const slots = (kind: 'puzzles' | 'solutions', n: number, band: number): SlotLayout => gridSlots(template, frame, kind, n, band);
  plan.puzzleSlots = slots('puzzles', ppp, plainBand);
  plan.solutionSlots = slots('solutions', spp, plainBand);
  plan.openingPuzzleSlots = auto ? slots('puzzles', ppp, headingHeight(template)) : plan.puzzleSlots;
  plan.openingSolutionSlots = auto ? slots('solutions', spp, headingHeight(template)) : plan.solutionSlots;
  for (const [kind, counts, all] of [
    ['puzzles', perPage, ppp],
    ['solutions', solutionsPer, spp],
  ] as const) {
    for (const n of new Set(counts)) {
      if (n === all) continue;
      plan.otherSlots[`${kind}:${n}`] = slots(kind, n, plainBand);
      plan.otherSlots[`${kind}:${n}:heading`] = template.sectionStart === 'divider' ? plan.otherSlots[`${kind}:${n}`]! : slots(kind, n, headingHeight(template));
    }
  }

  const puzzleCell = Math.min(plan.puzzleSlots.size, plan.openingPuzzleSlots.size) / 9;
  if (puzzleCell < MIN_CELL.puzzle) {
    throw new TemplateError(template.file, 'puzzlesPerPage', `${ppp} grids per page leave cells of ${puzzleCell.toFixed(1)}pt, below the ${MIN_CELL.puzzle}pt minimum`);
  }
  const solutionCell = Math.min(plan.solutionSlots.size, plan.openingSolutionSlots.size) / 9;
  if (template.solutions && solutionCell < MIN_CELL.solution) {
    throw new TemplateError(template.file, 'solutionsPerPage', `${spp} grids per page leave cells of ${solutionCell.toFixed(1)}pt, below the ${MIN_CELL.solution}pt minimum`);
  }
  return plan;
}

/** Smallest printed cell of a variant's solution grid: Samurai's 21 cells across a little larger than a classic solution's. */
const MIN_SAMURAI_SOLUTION_CELL = 10;

/**
 * The grid slots of a page of `n` puzzles or solutions, relative to the body of `frame`, with a
 * band of `band` points above them for a section heading.
 */
function gridSlots(template: BookTemplate, frame: PageFrame, kind: 'puzzles' | 'solutions', n: number, band: number): SlotLayout {
  // Half the border's width is inked outside a grid's square: keep that inside the body too.
  const ink = template.lines.box / 2;
  const body = { width: frame.body.width - 2 * ink, height: frame.body.height - band - 2 * ink };
  const slots =
    kind === 'puzzles'
      ? arrangeSlots(n, body, template.fonts.label * 1.55, Math.max(18, body.width * 0.045))
      : arrangeSlots(n, body, template.fonts.solutionLabel * 1.6, Math.max(10, body.width * 0.035));
  shiftSlots(slots, ink, band + ink);
  if (kind === 'puzzles' && n === 1) centreOnPage(slots, frame, template.page.height, band + ink, ink);
  return slots;
}

/**
 * Grids of a section's pages: the template's count, or fewer where a variant's grid (16x16,
 * Samurai's 21 cells across) would print its cells below the least legible size. Measured on the
 * narrowest body the template can have (its widest gutter) with a heading above, so that the
 * count does not depend on the page count.
 * @throws TemplateError when even one grid a page is too small (Samurai on a 6 x 9 page).
 */
export function gridsPerPage(template: BookTemplate, variant: BookVariant | undefined, kind: 'puzzles' | 'solutions'): number {
  const most = kind === 'puzzles' ? template.puzzlesPerPage : template.solutionsPerPage;
  if (variant === undefined) return most;
  const info = VARIANT_INFO[variant];
  const least = kind === 'puzzles' ? (info.minCell ?? MIN_CELL.puzzle) : (info.minSolutionCell ?? (info.minCell !== undefined ? MIN_SAMURAI_SOLUTION_CELL : MIN_CELL.solution));
  const body = narrowestBody(template);
  const trim = { x: 0, y: 0, width: template.page.width, height: template.page.height };
  const frame: PageFrame = { media: trim, trim, content: body, header: body, footer: body, folioBaseline: 0, headBaseline: 0, body, recto: true };
  let cell = 0;
  for (let n = most; n >= 1; n--) {
    cell = gridSlots(template, frame, kind, n, headingHeight(template)).size / info.across;
    if (cell >= least - 1e-9) return n;
  }
  throw new TemplateError(
    template.file,
    kind === 'puzzles' ? 'puzzlesPerPage' : 'solutionsPerPage',
    `a ${info.heading} grid is ${info.across} cells across: one a page leaves cells of ${cell.toFixed(1)}pt, below the ${least}pt (${(least / 72).toFixed(2)} in) it needs; use a larger page (letter or A4)`,
  );
}

/** The body of a page with the template's widest gutter (see pageFrame). */
function narrowestBody(template: BookTemplate): Rect {
  const t = template;
  const widestGutter = Math.max(t.margins.inside, ...t.margins.insideByPageCount.map((r) => r.inside));
  const topHead = t.headerAt === 'top' && (t.header.verso !== '' || t.header.recto !== '');
  const headerHeight = topHead ? t.fonts.header + HEAD_GAP : 0;
  const folioSize = Math.max(t.fonts.footer, t.headerAt === 'foot' ? t.fonts.header : 0);
  const height = t.page.height - t.margins.top - t.margins.bottom - headerHeight - FOLIO_CLEARANCE - folioSize;
  return { x: 0, y: t.margins.top + headerHeight, width: t.page.width - t.margins.outside - widestGutter, height };
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

/** The grid slots of a page of puzzles or solutions (a page that opens with a heading may have its own). */
export function slotsFor(plan: BookPlan, content: Extract<PageContent, { kind: 'puzzles' | 'solutions' }>): SlotLayout {
  const t = plan.template;
  if (content.kind === 'puzzles' && content.perPage === t.puzzlesPerPage) return content.heading ? plan.openingPuzzleSlots : plan.puzzleSlots;
  if (content.kind === 'solutions' && content.perPage === t.solutionsPerPage) return content.heading ? plan.openingSolutionSlots : plan.solutionSlots;
  const slots = plan.otherSlots[`${content.kind}:${content.perPage}${content.heading ? ':heading' : ''}`];
  if (slots === undefined) throw new Error(`no slots planned for ${content.perPage} ${content.kind} a page`);
  return slots;
}

/** Whether a page shows a folio (page number): display pages (title, dividers, fillers) do not. */
export function hasFolio(content: PageContent): boolean {
  return !['title', 'copyright', 'filler', 'divider', 'solutions-divider'].includes(content.kind);
}

/** Whether a page shows the running head: pages of puzzles, hints, solutions and the primer, but not a page a heading opens. */
export function hasRunningHead(content: PageContent, template: BookTemplate): boolean {
  switch (content.kind) {
    case 'puzzles':
    case 'solutions':
      return !content.heading;
    case 'primer':
    case 'hints':
      return content.index > 0;
    default:
      return false;
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
  const topHead = t.headerAt === 'top' && (t.header.verso !== '' || t.header.recto !== '');
  const headerHeight = topHead ? t.fonts.header + HEAD_GAP : 0;
  // The folio line: its baseline leaves room for descenders above the bottom margin; the clear zone
  // (0.25 in) runs from the top of its capitals up to the body.
  const folioSize = Math.max(t.fonts.footer, t.headerAt === 'foot' ? t.fonts.header : 0);
  const footerHeight = FOLIO_CLEARANCE + folioSize;
  const header: Rect = { x: content.x, y: content.y, width: content.width, height: headerHeight };
  const footer: Rect = { x: content.x, y: content.y + content.height - footerHeight, width: content.width, height: footerHeight };
  const body: Rect = { x: content.x, y: content.y + headerHeight, width: content.width, height: content.height - headerHeight - footerHeight };
  const folioBaseline = content.y + content.height - folioSize * 0.25;
  const headBaseline = content.y + t.fonts.header * 0.75;
  return { media, trim, content, header, footer, folioBaseline, headBaseline, body, recto };
}

/** Height of the band that holds a section heading when sections open with a heading. */
export function headingHeight(template: BookTemplate): number {
  return template.fonts.heading * 2;
}

function tocLinesPerPage(template: BookTemplate): number {
  const t = template;
  const usable = t.page.height - t.margins.top - t.margins.bottom - t.fonts.header - HEAD_GAP - FOLIO_CLEARANCE - t.fonts.footer - headingHeight(t) * 2.5;
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

/**
 * One grid a page: its square centred on the trimmed page's height (the running head above and the
 * folio below are not the same height, so centring in the body left it low), as far as its label
 * and the body allow.
 */
function centreOnPage(slots: SlotLayout, frame: PageFrame, pageHeight: number, minTop: number, ink: number): void {
  const grid = slots.grids[0]!;
  const wanted = (pageHeight - grid.height) / 2 - (frame.body.y - frame.trim.y);
  const highest = minTop + slots.labelHeight;
  const lowest = frame.body.height - ink - grid.height;
  grid.y = Math.max(highest, Math.min(wanted, lowest));
}

function shiftSlots(slots: SlotLayout, dx: number, dy: number): void {
  for (const grid of slots.grids) {
    grid.x += dx;
    grid.y += dy;
  }
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
