/**
 * sudoku-press: the public API. Everything a program can import is listed here.
 */
export { PuzzleFormatError, type PuzzleFormatErrorCode, type SourceLocation } from './core/errors.js';
export {
  type Grid,
  type Conflict,
  type FormatOptions,
  emptyGrid,
  clueCount,
  findConflict,
  describeConflict,
  isSolvedGrid,
  extendsGrid,
  formatGrid,
} from './core/grid.js';
export {
  type PuzzleRecord,
  type ReadResult,
  type ParseOptions,
  PuzzleReader,
  parsePuzzle,
  parsePuzzles,
  readPuzzles,
} from './core/parse.js';
export { type Board, boardFromGrid, cloneBoard, placeDigit, applyStep, emptyCellCount } from './core/board.js';
export type { Step, Placement, Candidate, StepPattern, ChainData, ChainNode } from './core/step.js';
export { cellName, unitName, digitsOf, maskOf } from './core/tables.js';
export { Solver, countSolutions, solve, type SolveStats, type CountOptions } from './solver/index.js';

// Grading: the human-style ladder, ratings on the Sudoku Explainer scale, steps and hints.
export {
  type Grade,
  type GradeOptions,
  type StepOptions,
  type GradeErrorCode,
  type Level,
  type LevelRow,
  GradeError,
  gradePuzzle,
  gradeWithPath,
  solvePath,
  nextStep,
  hintStep,
  describeStep,
  LEVELS,
  levelOf,
  isLevel,
  GUESS_DIFFICULTY,
  GradePool,
} from './grader/index.js';
export { type TechniqueDef, type TechniqueFn, type TechniqueContext, LADDER, techniqueById } from './techniques/index.js';
export { formatChain, formatChainLines } from './techniques/chains/index.js';

// Generating: seeded, reproducible, shardable puzzles of a chosen difficulty.
export {
  type GenerateOptions,
  type GenerateOneOptions,
  type GeneratedPuzzle,
  type RatingBand,
  type Symmetry,
  type GenerateErrorCode,
  type GenerateOptionCode,
  generate,
  generateOne,
  GenerateError,
  GenerateOptionError,
  parseRatingBand,
  levelBand,
  SYMMETRIES,
  hasSymmetry,
  isMinimal,
} from './generator/index.js';

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
  writeBookPdf,
  planBook,
  loadTemplate,
  parseTemplate,
  templateNames,
  puzzlesFromFile,
  generatedPuzzles,
  BOOK_DATE,
  TemplateError,
  BookInputError,
  BookOutputError,
} from './render/index.js';

// Repairing: the fewest clues to add (several solutions) or givens to remove (none), proven smallest.
export {
  repairPuzzle,
  RepairError,
  type RepairOptions,
  type RepairReport,
  type RepairErrorCode,
  type AddRepair,
  type RemoveRepair,
  SetFamily,
  searchHittingSets,
  type HittingSetOptions,
  type HittingSetResult,
} from './repair/index.js';
