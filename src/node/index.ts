/**
 * sudoku-press for Node: everything of the portable entry (`sudoku-press`), plus what needs Node:
 * `generate` with worker threads (`jobs`), the grading pool, and PDF books (templates, layout, the
 * pdfkit writer, puzzles from files).
 */
export * from '../index.js';
// Replaces the portable `generate` with one that also takes `jobs` (same puzzles, same order).
export { generate, MAX_JOBS, type NodeGenerateOptions } from './generate.js';
export { GradePool, workersAvailable, type GradeOutcome } from './grade-pool.js';

// Books: templates, layout and the PDF writer.
export {
  type BookTemplate,
  type BookSpec,
  type BookSection,
  type BookPlan,
  type BookPuzzle,
  type WriteBookOptions,
  type WriteBookFileOptions,
  type BookResult,
  writeBookFile,
  loadTemplate,
  templateNames,
  generatedPuzzles,
  BOOK_DATE,
  TemplateError,
  BookInputError,
  BookOutputError,
  // Front matter, texts, the primer and hints, and the cover (issue 14).
  type BookContent,
  type FrontMatter,
  type BookTexts,
  type Teaching,
  type PrimerEntry,
  type HintEntry,
  type CoverGeometry,
  type CoverResult,
  type WriteCoverOptions,
  type Paper,
  DEFAULT_TEXTS,
  DEFAULT_FRONT_MATTER,
  PAPER_THICKNESS,
  writeCoverFile,
  isValidIsbn,
  // Variety books (issue 27): variant sections, their names and rules, the presets.
  type BookVariant,
  VARIANT_INFO,
  SECTION_PRESETS,
} from '../render/index.js';

// Pictures of boards: the drawing's scene painted with pdfkit, and picture files (PNG via resvg).
export { defaultSceneFonts, type SceneFonts, type PaintSceneOptions, type ScenePdfOptions } from '../render/board-pdf.js';
export { type PictureFormat, type PictureOptions } from '../render/picture.js';
// Checked at the boundary: a value of the wrong type is a coded error (src/node/api-checked.ts).
export { writeBookPdf, planBook, puzzlesFromFile, teach, sectionTitle, renderPicture } from './api-checked.js';
export { spineWidth, coverGeometry, sweepStaleTemporaries, parseTemplate, paintScene, writeScenePdf } from './api-checked.js';
export { loadFontOutlines, FontFileError } from '../render/font-outlines.js';

// Output files written whole or not at all (for any command or program that writes a file), and
// files that survive an interrupted run.
export {
  type OutputFile,
  type OutputFileOptions,
  type OutputFileErrorCode,
  OutputFileError,
  openOutputFile,
  writeOutputFile,
  writeFileWhole,
  checkOutputPath,
  removeLiveTemporaries,
} from './output-file.js';
export { type ResumePoint, type ResumableFileOptions, ResumableFile } from './resumable-file.js';
export { type InputPrefix, InputFingerprint, checkInputPrefix } from './input-fingerprint.js';
