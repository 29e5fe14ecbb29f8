import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { TemplateError, loadTemplate, templateNames, type BookTemplate } from '../render/index.js';
import { EXIT, UsageError, type CliIo, type CommandState } from './io.js';

interface TemplatesOptions {
  json: boolean;
}

export function registerTemplates(program: Command, io: CliIo, state: CommandState): void {
  program
    .command('templates')
    .description('List the book layouts, or check one and print it (to copy and edit).')
    .argument('[template]', 'a shipped template name or a .json file: checked, then printed as is')
    .option('--json', 'one JSON object per line, type "template": each shipped template, or the checked template with every default filled in (lengths in points)', false)
    .addHelpText(
      'after',
      `
A template is a JSON file: page size ("letter", "a4", "a5", "6x9", "7x10", "8.5x11", or width and
height such as "6in", "152mm", 432), bleed (false, true for 0.125in, or a length), margins (top,
bottom, outside, inside, and insideByPageCount rows that widen the gutter as the page count grows),
puzzlesPerPage (1, 2, 4 or 6), solutionsPerPage, fonts (sizes in points; digitScale is the digit
height as a share of the cell), lines (thin >= 0.75pt, box 2-3pt), header (the running head, or
{ "verso": ..., "recto": ... }) and footer (the folio) with {title}, {section}, {page} and {pages},
headerAt ("top" or "foot"), footerAlign, toc, sectionStart ("divider", "heading", or "auto": a divider on whichever side comes next, no filler page before it), showRating,
solutions, solutionGray, givens ("regular" or "bold" on puzzle pages), symmetry (asked of the
generator), paper ("white", "cream", "color": the cover's spine), filler ("notes" or "blank"),
cover (theme: navy, teal, plum or grey; badge: a word or two such as "Large Print"), front (title, subtitle, author, publisher, year, edition,
isbn, credit) and texts (howToPlay, example, pencilMarks, rights, solutions, primer, hints, back,
levels). Margins are at least 0.25in (0.375in on bleed edges). A bad field is reported with the file
and the field's name.

Examples:
  $ sudoku-press templates
  $ sudoku-press templates kdp-6x9-2up > my-book.json     # edit, then:
  $ sudoku-press templates my-book.json && sudoku-press book --template my-book.json`,
    )
    .action((name: string | undefined, options: TemplatesOptions) => {
      if (name === undefined) {
        const templates = templateNames().map((n) => readTemplate(n));
        io.stdout.write(options.json ? templates.map((t) => `${JSON.stringify({ type: 'template', ...describeJson(t) })}\n`).join('') : table(templates));
      } else {
        const template = readTemplate(name);
        io.stdout.write(options.json ? `${JSON.stringify({ type: 'template', ...template })}\n` : readFileSync(template.file, 'utf8'));
      }
      state.exitCode = EXIT.ok;
    });
}

/** A shipped template or a template file; a bad one is a usage error naming the file and field. */
export function readTemplate(nameOrPath: string): BookTemplate {
  try {
    return loadTemplate(nameOrPath);
  } catch (error) {
    if (error instanceof TemplateError) throw new UsageError(error.message);
    throw error;
  }
}

function pageLabel(t: BookTemplate): string {
  const inches = `${round(t.page.width / 72)}x${round(t.page.height / 72)}in`;
  if (t.page.label.endsWith('in')) return inches;
  return t.page.label.includes('x') ? `${t.page.label}in` : `${t.page.label} (${inches})`;
}

function describeJson(t: BookTemplate): Record<string, unknown> {
  return {
    name: t.name,
    page: t.page.label,
    widthPt: round(t.page.width),
    heightPt: round(t.page.height),
    bleedPt: t.bleed,
    puzzlesPerPage: t.puzzlesPerPage,
    solutionsPerPage: t.solutionsPerPage,
    description: t.description,
  };
}

function table(templates: readonly BookTemplate[]): string {
  const rows = [['name', 'page', 'bleed', 'puzzles/page', 'solutions/page', 'description']];
  for (const t of templates) {
    rows.push([t.name, pageLabel(t), t.bleed > 0 ? `${round(t.bleed / 72)}in` : 'no', String(t.puzzlesPerPage), String(t.solutionsPerPage), t.description]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
  return `${lines.join('\n')}\n\nUse one with: sudoku-press book --template NAME (or a path to your own .json)\n`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
