/**
 * sudoku-press: the public API. Everything a program can import is listed here.
 */
export { PuzzleFormatError } from './core/errors.js';
export { emptyGrid, clueCount, findConflict, describeConflict, isSolvedGrid, extendsGrid, formatGrid, } from './core/grid.js';
export { PuzzleReader, parsePuzzle, parsePuzzles, readPuzzles, } from './core/parse.js';
export { boardFromGrid, cloneBoard, placeDigit, applyStep, emptyCellCount } from './core/board.js';
export { cellName, unitName, digitsOf, maskOf } from './core/tables.js';
export { Solver, countSolutions, solve } from './solver/index.js';
// Grading: the human-style ladder, ratings on the Sudoku Explainer scale, steps and hints.
export { GradeError, gradePuzzle, gradeWithPath, solvePath, nextStep, hintStep, describeStep, LEVELS, levelOf, isLevel, GUESS_DIFFICULTY, GradePool, } from './grader/index.js';
export { LADDER, techniqueById } from './techniques/index.js';
export { formatChain, formatChainLines } from './techniques/chains/index.js';
// Drawing: a board (and a step on it) as SVG text; portable, the one drawing of a board.
export { DrawError, drawBoard, boardScene, stepShapes, sceneToSvg, COLOR_THEME, GREY_THEME, THEMES, DEFAULT_LAYERS, } from './draw/index.js';
// Generating: seeded, reproducible, shardable puzzles of a chosen difficulty.
export { generate, generateOne, GenerateError, GenerateOptionError, parseRatingBand, levelBand, SYMMETRIES, hasSymmetry, isMinimal, } from './generator/index.js';
// Books: templates, layout and the PDF writer.
export { writeBookFile, writeBookPdf, planBook, loadTemplate, parseTemplate, templateNames, puzzlesFromFile, generatedPuzzles, BOOK_DATE, TemplateError, BookInputError, BookOutputError, } from './render/index.js';
