/**
 * Page geometry of a book, computed from a template and the section counts alone: pure, no PDF.
 * Coordinates are PDF points with the origin at the top-left of the sheet and y growing downwards
 * (what pdfkit uses).
 */
import { TemplateError } from './template.js';
/** Smallest cell sides (points) that a layout may give puzzles and solutions. */
export const MIN_CELL = { puzzle: 16, solution: 8 };
const BAND = 2.2; // header and footer bands: font size × this
/**
 * Plans a book: which page holds what, the gutter for its page count, and the grid slots.
 * @throws TemplateError when the page count is past the template's gutter table or grids would be too small.
 */
export function planBook(template, spec) {
    if (spec.sections.length === 0)
        throw new RangeError('a book needs at least one section');
    for (const section of spec.sections) {
        if (!Number.isInteger(section.count) || section.count < 1)
            throw new RangeError(`section ${section.level}: count must be a whole number >= 1`);
    }
    const puzzleCount = spec.sections.reduce((sum, s) => sum + s.count, 0);
    const divider = template.sectionStart === 'divider';
    const ppp = template.puzzlesPerPage;
    const spp = template.solutionsPerPage;
    // Page numbers first (they do not depend on the margins), then the table of contents.
    const tocEntryCount = spec.sections.length + (template.solutions ? 1 : 0);
    const tocPerPage = template.toc ? tocLinesPerPage(template) : 0;
    const tocPages = template.toc ? Math.ceil(tocEntryCount / tocPerPage) : 0;
    const pages = [{ number: 1, content: { kind: 'title' } }];
    let next = 2 + tocPages;
    const sections = [];
    const body = [];
    let first = 1;
    spec.sections.forEach((section, index) => {
        const title = section.title ?? capitalize(section.level);
        sections.push({ level: section.level, title, first, last: first + section.count - 1, page: next });
        if (divider)
            body.push({ number: next++, content: { kind: 'divider', section: index } });
        for (let offset = 0; offset < section.count; offset += ppp) {
            const count = Math.min(ppp, section.count - offset);
            body.push({ number: next++, content: { kind: 'puzzles', section: index, first: first + offset, count, opensSection: offset === 0 } });
        }
        first += section.count;
    });
    let solutionsPage = null;
    if (template.solutions) {
        solutionsPage = next;
        if (divider)
            body.push({ number: next++, content: { kind: 'solutions-divider' } });
        for (let offset = 0; offset < puzzleCount; offset += spp) {
            const count = Math.min(spp, puzzleCount - offset);
            body.push({ number: next++, content: { kind: 'solutions', first: 1 + offset, count, opensSection: offset === 0 } });
        }
    }
    const pageCount = next - 1;
    if (template.toc) {
        const entries = sections.map((s) => ({
            text: s.title,
            detail: s.first === s.last ? `puzzle ${s.first}` : `puzzles ${s.first}\u2013${s.last}`,
            page: s.page,
        }));
        if (solutionsPage !== null)
            entries.push({ text: 'Solutions', detail: '', page: solutionsPage });
        for (let p = 0; p < tocPages; p++) {
            pages.push({ number: 2 + p, content: { kind: 'toc', entries: entries.slice(p * tocPerPage, (p + 1) * tocPerPage), continued: p > 0 } });
        }
    }
    pages.push(...body);
    const inside = gutterFor(template, pageCount);
    const plan = {
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
/** The inside margin for a book of `pageCount` pages: the first gutter row that holds it. */
export function gutterFor(template, pageCount) {
    const rules = template.margins.insideByPageCount;
    if (rules.length === 0)
        return template.margins.inside;
    for (const rule of rules)
        if (pageCount <= rule.maxPages)
            return rule.inside;
    throw new TemplateError(template.file, 'margins.insideByPageCount', `the book has ${pageCount} pages, more than the last row allows (${rules[rules.length - 1].maxPages}); make fewer puzzles or add a row`);
}
/** Rectangles of page `number` (1-based): mirrored margins, bleed on the outside edge, top and bottom. */
export function pageFrame(plan, number) {
    const t = plan.template;
    const recto = number % 2 === 1;
    const b = t.bleed;
    const media = { width: t.page.width + b, height: t.page.height + 2 * b };
    // The bleed is on the outside edge: right of a recto page, left of a verso page.
    const trim = { x: recto ? 0 : b, y: b, width: t.page.width, height: t.page.height };
    const left = recto ? plan.inside : t.margins.outside;
    const right = recto ? t.margins.outside : plan.inside;
    const content = {
        x: trim.x + left,
        y: trim.y + t.margins.top,
        width: t.page.width - left - right,
        height: t.page.height - t.margins.top - t.margins.bottom,
    };
    const headerHeight = t.header === '' ? 0 : t.fonts.header * BAND;
    const footerHeight = t.footer === '' ? 0 : t.fonts.footer * BAND;
    const header = { x: content.x, y: content.y, width: content.width, height: headerHeight };
    const footer = { x: content.x, y: content.y + content.height - footerHeight, width: content.width, height: footerHeight };
    const body = { x: content.x, y: content.y + headerHeight, width: content.width, height: content.height - headerHeight - footerHeight };
    return { media, trim, content, header, footer, body, recto };
}
/** Height of the band that holds a section heading when sections open with a heading. */
export function headingHeight(template) {
    return template.fonts.heading * 2;
}
function tocLinesPerPage(template) {
    const t = template;
    const usable = t.page.height - t.margins.top - t.margins.bottom - (t.fonts.header + t.fonts.footer) * BAND - headingHeight(t) * 2;
    return Math.max(1, Math.floor(usable / (t.fonts.body * 2.4)));
}
/**
 * Places `n` square grids, each with a label line above it, in a `width` × `height` box: tries every
 * columns × rows arrangement and keeps the one with the largest grids; spare space is spread evenly.
 */
export function arrangeSlots(n, box, labelHeight, gap) {
    let best = { cols: 1, rows: n, size: -Infinity };
    for (let cols = 1; cols <= n; cols++) {
        const rows = Math.ceil(n / cols);
        if ((rows - 1) * cols >= n)
            continue; // a whole empty row: never best
        const size = Math.min((box.width - (cols - 1) * gap) / cols, (box.height - (rows - 1) * gap) / rows - labelHeight);
        if (size > best.size + 1e-9)
            best = { cols, rows, size };
    }
    const { cols, rows } = best;
    const size = Math.max(0, best.size);
    const extraX = box.width - cols * size - (cols - 1) * gap;
    const extraY = box.height - rows * (size + labelHeight) - (rows - 1) * gap;
    const edgeX = extraX / (cols + 1);
    const edgeY = extraY / (rows + 1);
    const grids = [];
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
function shiftSlots(slots, dy) {
    for (const grid of slots.grids)
        grid.y += dy;
}
/**
 * Where to put the text origin (left x, baseline y) so that the glyph's ink, not its advance box, is
 * centred in `cell` at `fontSize`.
 */
export function centreGlyph(cell, fontSize, box) {
    const scale = fontSize / 1000;
    const cx = cell.x + cell.width / 2;
    const cy = cell.y + cell.height / 2;
    return { x: cx - ((box.minX + box.maxX) / 2) * scale, baseline: cy + ((box.minY + box.maxY) / 2) * scale };
}
/** Fills `{title}`, `{section}`, `{page}` and `{pages}` in a header or footer text. */
export function fillPageText(text, values) {
    return text.replace(/\{(title|section|page|pages)\}/g, (_, key) => String(values[key]));
}
/** `easy` -> `Easy`. */
export function capitalize(word) {
    return word.length === 0 ? word : word[0].toUpperCase() + word.slice(1);
}
