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
export type { Step, Placement, Candidate, StepPattern } from './core/step.js';
export { cellName, unitName, digitsOf, maskOf } from './core/tables.js';
export { Solver, countSolutions, solve, type SolveStats, type CountOptions } from './solver/index.js';
