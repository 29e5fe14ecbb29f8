/** Printable books: templates, page geometry, the PDF writer and the whole-book runner. */
export { TemplateError, PAGE_SIZES, PUZZLES_PER_PAGE, LINE_LIMITS, loadTemplate, parseTemplate, parseLength, templateNames, templatesDir, } from './template.js';
export { MIN_CELL, planBook, pageFrame, gutterFor, arrangeSlots, centreGlyph, } from './layout.js';
export { writeBookPdf } from './pdf-writer.js';
export { BookOutputError, BOOK_DATE, checkOutput, writeBookFile } from './book.js';
export { BookInputError, puzzlesFromFile } from './sources.js';
export { generatedPuzzles } from './generated.js';
