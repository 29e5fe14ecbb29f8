import { packageRoot } from '../core/package-root.js';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SYMMETRIES } from '../generator/symmetry.js';
/** Points per unit of length: PDF user space is 1/72 inch. */
const POINTS_PER = { pt: 1, in: 72, mm: 72 / 25.4, cm: 72 / 2.54 };
/** Trim sizes a template can name instead of giving width and height (portrait, in points). */
export const PAGE_SIZES = {
    letter: { width: 612, height: 792 },
    '8.5x11': { width: 612, height: 792 },
    a4: { width: (210 * 72) / 25.4, height: (297 * 72) / 25.4 },
    a5: { width: (148 * 72) / 25.4, height: (210 * 72) / 25.4 },
    '6x9': { width: 432, height: 648 },
    '7x10': { width: 504, height: 720 },
};
/** Puzzle grids per page that the layouts support. */
export const PUZZLES_PER_PAGE = [1, 2, 4, 6];
/** Print rules every template must keep (points). */
export const LINE_LIMITS = { thinMin: 0.75, boxMin: 2, boxMax: 3 };
/** The bleed used when a template says `"bleed": true`: 0.125 in, what print-on-demand services ask. */
export const DEFAULT_BLEED = 9;
/** A template that cannot be used; the message names the file and the field. */
export class TemplateError extends Error {
    file;
    field;
    name = 'TemplateError';
    code = 'BAD_TEMPLATE';
    constructor(file, field, reason) {
        super(field === '' ? `${file}: ${reason}` : `${file}: ${field}: ${reason}`);
        this.file = file;
        this.field = field;
    }
}
export { packageRoot };
/** The folder of the shipped templates. */
export function templatesDir() {
    return join(packageRoot(), 'templates');
}
/** Names of the shipped templates, sorted. */
export function templateNames() {
    return readdirSync(templatesDir(), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
        .map((entry) => entry.name.slice(0, -5))
        .sort();
}
/**
 * Loads a template by shipped name (`letter-4up`) or by path to a JSON file (anything with a `/` or
 * ending in `.json`). @throws TemplateError when it is missing or invalid.
 */
export function loadTemplate(nameOrPath) {
    const isPath = nameOrPath.includes('/') || nameOrPath.includes('\\') || nameOrPath.endsWith('.json');
    let file;
    if (isPath) {
        file = nameOrPath;
    }
    else {
        if (!/^[A-Za-z0-9._-]+$/.test(nameOrPath) || !templateNames().includes(nameOrPath)) {
            throw new TemplateError(nameOrPath, '', `no such template; the shipped ones are ${templateNames().join(', ')} (or give a path to a .json file)`);
        }
        file = join(templatesDir(), `${nameOrPath}.json`);
    }
    let text;
    try {
        text = readFileSync(file, 'utf8');
    }
    catch (error) {
        const reason = error.code === 'ENOENT' ? 'file not found' : String(error.message);
        throw new TemplateError(file, '', reason);
    }
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        throw new TemplateError(file, '', `not valid JSON (${error.message})`);
    }
    return parseTemplate(json, { file, name: basename(file).replace(/\.json$/, '') });
}
/** Reads a length: a number of points, or a string such as `"0.5in"`, `"12mm"`, `"1.2cm"`, `"36pt"`. */
export function parseLength(value) {
    if (typeof value === 'number')
        return Number.isFinite(value) && value >= 0 ? value : null;
    if (typeof value !== 'string')
        return null;
    const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(pt|in|mm|cm)\s*$/.exec(value);
    if (!match)
        return null;
    return Number(match[1]) * POINTS_PER[match[2]];
}
/** Checks fields one object at a time and remembers which were read, to reject unknown ones. */
class Fields {
    file;
    path;
    obj;
    seen = new Set();
    constructor(file, path, obj) {
        this.file = file;
        this.path = path;
        this.obj = obj;
    }
    fail(key, reason) {
        throw new TemplateError(this.file, this.where(key), reason);
    }
    where(key) {
        return this.path === '' ? key : `${this.path}.${key}`;
    }
    has(key) {
        return this.obj[key] !== undefined;
    }
    raw(key) {
        this.seen.add(key);
        return this.obj[key];
    }
    required(key) {
        const value = this.raw(key);
        if (value === undefined)
            this.fail(key, 'missing');
        return value;
    }
    object(key, fallback) {
        const value = this.raw(key) ?? fallback;
        if (value === undefined)
            this.fail(key, 'missing');
        if (typeof value !== 'object' || value === null || Array.isArray(value))
            this.fail(key, `expected an object, got ${describe(value)}`);
        return new Fields(this.file, this.where(key), value);
    }
    length(key, fallback) {
        const value = this.raw(key);
        if (value === undefined) {
            if (fallback === undefined)
                this.fail(key, 'missing');
            return fallback;
        }
        const points = parseLength(value);
        if (points === null)
            this.fail(key, `expected a length such as "0.5in", "12mm" or 36 (points), got ${describe(value)}`);
        return points;
    }
    number(key, min, max, fallback) {
        const value = this.raw(key);
        if (value === undefined) {
            if (fallback === undefined)
                this.fail(key, 'missing');
            return fallback;
        }
        if (typeof value !== 'number' || !Number.isFinite(value))
            this.fail(key, `expected a number, got ${describe(value)}`);
        if (value < min || value > max)
            this.fail(key, `must be between ${min} and ${max}, got ${value}`);
        return value;
    }
    integer(key, min, max, fallback) {
        const value = this.number(key, min, max, fallback);
        if (!Number.isInteger(value))
            this.fail(key, `expected a whole number, got ${value}`);
        return value;
    }
    boolean(key, fallback) {
        const value = this.raw(key);
        if (value === undefined)
            return fallback;
        if (typeof value !== 'boolean')
            this.fail(key, `expected true or false, got ${describe(value)}`);
        return value;
    }
    string(key, fallback) {
        const value = this.raw(key);
        if (value === undefined)
            return fallback;
        if (typeof value !== 'string')
            this.fail(key, `expected a string, got ${describe(value)}`);
        return value;
    }
    choice(key, choices, fallback) {
        const value = this.raw(key);
        if (value === undefined)
            return fallback;
        if (typeof value !== 'string' || !choices.includes(value)) {
            this.fail(key, `expected one of ${choices.join(', ')}, got ${describe(value)}`);
        }
        return value;
    }
    /** Rejects keys that no reader asked for (typos); keys starting with `$` are comments. */
    done() {
        for (const key of Object.keys(this.obj)) {
            if (!this.seen.has(key) && !key.startsWith('$'))
                this.fail(key, 'unknown field');
        }
    }
}
function describe(value) {
    if (value === undefined)
        return 'nothing';
    const text = JSON.stringify(value);
    return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
const PLACEHOLDERS = ['title', 'section', 'page', 'pages'];
function pageText(fields, key, fallback) {
    const text = fields.string(key, fallback);
    for (const match of text.matchAll(/\{([^}]*)\}/g)) {
        if (!PLACEHOLDERS.includes(match[1])) {
            fields.fail(key, `unknown placeholder {${match[1]}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`);
        }
    }
    return text;
}
/**
 * Validates a parsed template JSON and fills in defaults.
 * @throws TemplateError naming `file` and the first bad field.
 */
export function parseTemplate(json, where) {
    const { file } = where;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        throw new TemplateError(file, '', `expected a JSON object, got ${describe(json)}`);
    }
    const root = new Fields(file, '', json);
    const description = root.string('description', '');
    const pageFields = root.object('page');
    let page;
    if (pageFields.has('size')) {
        const sizes = Object.keys(PAGE_SIZES);
        const size = pageFields.choice('size', sizes, 'letter');
        if (pageFields.has('width') || pageFields.has('height'))
            pageFields.fail('size', 'give either size or width and height, not both');
        page = { ...PAGE_SIZES[size], label: size };
    }
    else {
        const width = pageFields.length('width');
        const height = pageFields.length('height');
        if (width < 216 || width > 1296)
            pageFields.fail('width', `must be between 3in and 18in, got ${(width / 72).toFixed(2)}in`);
        if (height < 216 || height > 1296)
            pageFields.fail('height', `must be between 3in and 18in, got ${(height / 72).toFixed(2)}in`);
        page = { width, height, label: `${round(width / 72)}x${round(height / 72)}in` };
    }
    pageFields.done();
    const bleedRaw = root.raw('bleed');
    let bleed = 0;
    if (bleedRaw === true)
        bleed = DEFAULT_BLEED;
    else if (bleedRaw !== undefined && bleedRaw !== false) {
        const points = parseLength(bleedRaw);
        if (points === null || points > 36)
            root.fail('bleed', `expected false, true (0.125in) or a length up to 0.5in, got ${describe(bleedRaw)}`);
        bleed = points;
    }
    const m = root.object('margins');
    const top = m.length('top');
    const bottom = m.length('bottom');
    const outside = m.length('outside');
    const inside = m.length('inside');
    const insideByPageCount = [];
    const table = m.raw('insideByPageCount');
    if (table !== undefined) {
        if (!Array.isArray(table))
            m.fail('insideByPageCount', `expected a list of { "maxPages": N, "inside": length }, got ${describe(table)}`);
        table.forEach((row, i) => {
            const rowFields = new Fields(file, `margins.insideByPageCount[${i}]`, row);
            if (typeof row !== 'object' || row === null || Array.isArray(row))
                m.fail(`insideByPageCount[${i}]`, `expected an object, got ${describe(row)}`);
            const maxPages = rowFields.integer('maxPages', 1, 100000);
            const rowInside = rowFields.length('inside');
            rowFields.done();
            const previous = insideByPageCount[i - 1];
            if (previous && maxPages <= previous.maxPages)
                rowFields.fail('maxPages', 'must grow from row to row');
            if (rowInside < (previous?.inside ?? inside)) {
                rowFields.fail('inside', 'the inside margin must not shrink as the page count grows');
            }
            insideByPageCount.push({ maxPages, inside: rowInside });
        });
    }
    m.done();
    for (const [key, value] of [['top', top], ['bottom', bottom], ['outside', outside], ['inside', inside]]) {
        if (value < 9)
            m.fail(key, `must be at least 0.125in (9pt), got ${round(value)}pt`);
    }
    if (bleed > 0 && outside < 27)
        m.fail('outside', 'with bleed on, keep at least 0.375in (27pt) outside, as print services require');
    if (page.width - outside - Math.max(inside, ...insideByPageCount.map((r) => r.inside)) < page.width / 2) {
        m.fail('inside', 'the margins leave less than half the page width for the grids');
    }
    if (page.height - top - bottom < page.height / 2)
        m.fail('top', 'top and bottom margins leave less than half the page height');
    const puzzlesPerPage = root.integer('puzzlesPerPage', 1, 6);
    if (!PUZZLES_PER_PAGE.includes(puzzlesPerPage)) {
        root.fail('puzzlesPerPage', `expected one of ${PUZZLES_PER_PAGE.join(', ')}, got ${puzzlesPerPage}`);
    }
    const solutionsPerPage = root.integer('solutionsPerPage', 1, 24);
    const f = root.object('fonts', {});
    const fonts = {
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
    const l = root.object('lines', {});
    const thin = l.number('thin', LINE_LIMITS.thinMin, 2, 0.75);
    const box = l.number('box', LINE_LIMITS.boxMin, LINE_LIMITS.boxMax, 2.25);
    if (box <= thin)
        l.fail('box', `must be thicker than lines.thin (${thin})`);
    l.done();
    const template = {
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
        header: pageText(root, 'header', '{title}'),
        footer: pageText(root, 'footer', '{page}'),
        footerAlign: root.choice('footerAlign', ['center', 'outside'], 'outside'),
        toc: root.boolean('toc', true),
        sectionStart: root.choice('sectionStart', ['divider', 'heading'], 'divider'),
        showRating: root.boolean('showRating', false),
        solutions: root.boolean('solutions', true),
        solutionGray: root.number('solutionGray', 0, 0.7, 0.45),
        symmetry: root.choice('symmetry', SYMMETRIES, 'none'),
    };
    root.done();
    return template;
}
function round(value) {
    return Math.round(value * 100) / 100;
}
