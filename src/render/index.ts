/** Printable books: templates, page geometry, the PDF writer and the whole-book runner. */
export {
  type BookTemplate,
  type GutterRule,
  TemplateError,
  PAGE_SIZES,
  PUZZLES_PER_PAGE,
  LINE_LIMITS,
  PAPER_THICKNESS,
  SAFE_MARGIN,
  type Paper,
  parseTexts,
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
  FOLIO_CLEARANCE,
  hasFolio,
  hasRunningHead,
  planBook,
  pageFrame,
  gutterFor,
  arrangeSlots,
  centreGlyph,
  gridsPerPage,
} from './layout.js';
export { type BookVariant, type VariantInfo, BOOK_VARIANTS, BOOK_VARIANT_LEVELS, VARIANT_INFO, SECTION_PRESETS, sectionTitle } from '../book/variants.js';
export { type BookPuzzle, type WriteBookOptions, writeBookPdf } from './pdf-writer.js';
export { type BookContent, planContent, resolveFront, resolveTexts } from './content.js';
export { type CoverGeometry, type CoverResult, type WriteCoverOptions, COVER_RULES, coverGeometry, spineWidth, writeCoverFile, backText } from './cover.js';
export { type FrontMatter, type BookTexts, DEFAULT_FRONT_MATTER, DEFAULT_TEXTS, isValidIsbn, copyrightLine } from '../book/texts.js';
export { type PrimerTopic, type PrimerEntry, type HintEntry, type Teaching, PRIMER_TOPICS, teach } from '../book/primer.js';
export {
  type WriteBookFileOptions,
  type BookResult,
  BookOutputError,
  BOOK_DATE,
  MAX_TITLE_LENGTH,
  MAX_SUBTITLE_LENGTH,
  MAX_FRONT_LINE_LENGTH,
  checkBookTexts,
  checkTextsFit,
  checkOutput,
  writeBookFile,
} from './book.js';
export { type FilePuzzlesOptions, type FileBook, type SkippedRecord, BookInputError, puzzlesFromFile } from './sources.js';
export { type GeneratedPuzzlesOptions, generatedPuzzles } from './generated.js';
