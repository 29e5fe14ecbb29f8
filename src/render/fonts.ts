/**
 * The book's type: Charis SIL (a serif for reading: text, headings, labels) with DejaVu Sans for the
 * digits in the grids (open, even, unmistakable 1/7 and 6/8 at small sizes). Both are under open
 * licences (SIL OFL 1.1; Bitstream Vera / public domain), shipped in assets/fonts with their licence
 * files, and embedded (subset) in every PDF.
 */
import { join } from 'node:path';
import { openSync } from 'fontkit';
import { OutputFileError, whyNotAFile } from '../node/file-errors.js';
import { packageRoot } from '../node/package-root.js';

const FONT_PATHS = {
  /** Text. */
  serif: ['charis', 'CharisSIL-Regular.ttf'],
  serifItalic: ['charis', 'CharisSIL-Italic.ttf'],
  serifBold: ['charis', 'CharisSIL-Bold.ttf'],
  /** Digits in grids: regular for puzzles and filled-in solution digits, bold for a solution's givens. */
  digits: ['dejavu', 'DejaVuSans.ttf'],
  digitsBold: ['dejavu', 'DejaVuSans-Bold.ttf'],
  /** Cover badges: a bold sans that stays readable at thumbnail size (the same file as digitsBold). */
  sansBold: ['dejavu', 'DejaVuSans-Bold.ttf'],
} as const;

export type FontName = keyof typeof FONT_PATHS;

let files: Record<FontName, string> | undefined;
const present = new Set<FontName>();

/**
 * The path of a font file, found on first use (not at import: the package folder is looked up on disk).
 * @throws OutputFileError (`IO`) naming the font when the file is not there: an incomplete install.
 */
export function fontFile(name: FontName): string {
  if (!files) {
    const root = join(packageRoot(), 'assets', 'fonts');
    files = Object.fromEntries(Object.entries(FONT_PATHS).map(([key, [dir, file]]) => [key, join(root, dir, file)])) as Record<FontName, string>;
  }
  const path = files[name];
  if (!present.has(name)) {
    // Else pdfkit's ENOENT surfaces where the output is written, and names the PDF.
    const why = whyNotAFile(path, 'font');
    if (why !== null) throw new OutputFileError('IO', path, `cannot read the book font ${path}: ${why} (this copy of sudoku-press is incomplete: reinstall it)`);
    present.add(name);
  }
  return path;
}

type ParsedFont = ReturnType<typeof openSync>;
const parsedFonts = new Map<string, ParsedFont>();

/**
 * A font file parsed once per process. pdfkit parses the file again for every document, and fontkit
 * decodes its tables again on every parse: that was about 60% of the time of a one-page picture PDF,
 * and a book makes two documents (the text check and the book), a cover a third. pdfkit takes a
 * parsed font and subsets it per document, so sharing one is safe.
 */
export function parsedFont(file: string): ParsedFont {
  let font = parsedFonts.get(file);
  if (!font) {
    font = openSync(file);
    parsedFonts.set(file, font);
  }
  return font;
}

/**
 * Registers every book font with a new pdfkit document under its file's path (what {@link fontFile}
 * gives, so `doc.font(fontFile(name))` picks it), parsed once per process, and sets the text font
 * (never the standard Helvetica, which is not embedded). The document is made with `font: null`.
 */
export function useBookFonts(doc: PDFKit.PDFDocument): void {
  for (const name of Object.keys(FONT_PATHS) as FontName[]) {
    const file = fontFile(name);
    doc.registerFont(file, parsedFont(file) as unknown as PDFKit.Mixins.PDFFontSource);
  }
  doc.font(fontFile('serif'));
}
