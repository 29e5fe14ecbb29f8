/** Printable books: templates, page geometry, the PDF writer and the whole-book runner. */
export {
  type BookTemplate,
  type GutterRule,
  TemplateError,
  PAGE_SIZES,
  PUZZLES_PER_PAGE,
  LINE_LIMITS,
  loadTemplate,
  parseTemplate,
  parseLength,
  templateNames,
  templatesDir,
} from './template.js';
export {
  type Rect,
  type BookSection,
  type BookSpec,
  type BookPlan,
  type PagePlan,
  type PageContent,
  type PageFrame,
  type SectionPlan,
  type SlotLayout,
  type TocEntry,
  type GlyphBox,
  MIN_CELL,
  planBook,
  pageFrame,
  gutterFor,
  arrangeSlots,
  centreGlyph,
} from './layout.js';
export { type BookPuzzle, type WriteBookOptions, writeBookPdf } from './pdf-writer.js';
export {
  type WriteBookFileOptions,
  type BookResult,
  BookOutputError,
  BOOK_DATE,
  MAX_TITLE_LENGTH,
  MAX_SUBTITLE_LENGTH,
  checkBookTexts,
  checkOutput,
  writeBookFile,
} from './book.js';
export { type FilePuzzlesOptions, type FileBook, type SkippedRecord, BookInputError, puzzlesFromFile } from './sources.js';
export { type GeneratedPuzzlesOptions, generatedPuzzles } from './generated.js';
