/**
 * sudoku-press, the portable core: parsing, the counting solver, the grader, hints and the
 * generator. No Node built-in is imported and nothing runs at import time, so this entry works in
 * Node, browsers, workers and bundled functions alike. Node-only parts (worker pools, PDF books,
 * files) are in `sudoku-press/node`, which also re-exports everything here.
 *
 * Every function that takes a grid accepts an 81-character string, an array of 81 numbers (0 or
 * null for empty) or a Uint8Array; results meant to be logged or sent (generated puzzles, grades,
 * steps) are plain data.
 */
export {
  PuzzleFormatError,
  OptionError,
  type PuzzleFormatErrorCode,
  type OptionErrorCode,
  type SourceLocation,
} from './core/errors.js';
export type { GridInput } from './core/grid-input.js';
export {
  type Grid,
  type Conflict,
  type FormatOptions,
  emptyGrid,
  clueCount,
  findConflict,
  isSolvedGrid,
  extendsGrid,
} from './core/grid.js';
export {
  type PuzzleRecord,
  type ReadResult,
  type ParseOptions,
  PuzzleReader,
  parsePuzzle,
  parsePuzzles,
} from './core/parse.js';
export type { Board } from './core/board.js';
export type { Step, Placement, Candidate, StepPattern, ChainData, ChainNode } from './core/step.js';
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
  LEVELS,
  isLevel,
  GUESS_DIFFICULTY,
  type HintTiers,
} from './grader/index.js';
export { type TechniqueDef, type TechniqueFn, type TechniqueContext, LADDER, techniqueById } from './techniques/index.js';

// Drawing: a board (and a step on it) as SVG text; portable, the one drawing of a board.
export {
  type BoardPicture,
  type Layers,
  type DrawOptions,
  type Shape,
  type CandidateRef,
  type StepShapeOptions,
  type Brush,
  type BrushName,
  type Theme,
  type Scene,
  type Primitive,
  DrawError,
  drawBoard,
  boardScene,
  COLOR_THEME,
  GREY_THEME,
  THEMES,
  DEFAULT_LAYERS,
} from './draw/index.js';
export { type VariantPicture, type VariantDrawOptions, drawVariantBoard, variantBoardScene, type VariantStepPicture, type VariantStepOptions, drawVariantStep, variantStepScene } from './draw/index.js';

// Pages: a puzzle explained step by step, as a self-contained HTML page (portable).
export {
  type ExplainPageInput,
  type ExplainPageOptions,
  type ExplainOutcome,
  type ExplainPage,
  type ExplainIndexEntry,
  type ExplainPathInput,
  explainPage,
  explainPathPage,
  type ReportPuzzle,
  type ReportStats,
  ReportCollector,
} from './pages/index.js';

// Generating: seeded, reproducible, shardable puzzles of a chosen difficulty (in this thread).
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
  SYMMETRIES,
  hasSymmetry,
} from './generator/index.js';
export {
  generateVariant,
  variantLevels,
  VARIANT_NAMES,
  type VariantName,
  type VariantLevel,
  type VariantOptions,
  type VariantPuzzle,
} from './generator/variants/index.js';

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
  type HittingSetOptions,
  type HittingSetResult,
} from './repair/index.js';

// Variants: rules as a value (sizes 4-16, jigsaw, extra houses, killer cages, Samurai) and the counting solver for any rules.
export type { SolveInput } from './solver/index.js';
// Checked at the boundary: a value of the wrong type is a coded error (src/api-checked.ts).
export { countRules, solveRules, isClassic9, findGivenConflict, cellNameOf, houseNameOf, formatValues, describeStep, hintTiers, readPuzzles, readAnyPuzzles, levelBand } from './api-checked.js';
export { describeConflict, formatChain, formatChainLines, stepShapes, sceneToSvg, explainIndexPage, reportPage, statsText, maskOf } from './api-checked.js';
export { cloneBoard, placeDigit, applyStep, emptyCellCount, levelOf, plainCellName, boardFromGrid, cellName, unitName, digitsOf, boxShapeOf, cageSumRange } from './api-checked.js';
export { isMinimal, parseRatingBand, formatGrid, searchHittingSets } from './api-checked.js';
export {
  RulesError,
  type RulesErrorCode,
  type Rules,
  type RulesSpec,
  type CageSpec,
  type Cage,
  type BoxShape,
  type HouseKind,
  buildRules,
  MIN_SIZE,
  MAX_SIZE,
  classicRules,
  jigsawRules,
  samuraiRules,
  withSpec,
  withDiagonals,
  withWindoku,
  withDisjointGroups,
  withAsterisk,
  withCentreDot,
  withExtraRegions,
  withCages,
  withParity,
  PARITY_NONE,
  PARITY_ODD,
  PARITY_EVEN,
  type Puzzle,
  type GivenConflict,
} from './rules/index.js';
// Variant formats: the variant line (killer:..., 6x6:..., a jigsaw as GIVENS LAYOUT), f-puzzles JSON and
// its lz-string base64, Simon Tatham's Solo game IDs, and a reader of all of them mixed with classic lines.
export {
  type ReadVariant,
  type VariantLineOptions,
  type FpuzzlesPuzzle,
  type FpuzzlesCell,
  type VariantRecord,
  type VariantFormat,
  type AnyRecord,
  type AnyReadResult,
  parseVariantLine,
  formatVariantLine,
  toFpuzzles,
  fromFpuzzles,
  fromFpuzzlesJson,
  toFpuzzlesBase64,
  fromFpuzzlesBase64,
  fromSoloId,
  AnyPuzzleReader,
  isVariantRecord,
  readAnyPuzzlesText,
  parseVariantPuzzle,
  lzCompressToBase64,
  lzDecompressFromBase64,
} from './formats/index.js';
