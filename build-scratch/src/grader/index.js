export { GradeError, gradePuzzle, solvePath, gradeWithPath, nextStep, hintStep, } from './grade.js';
export { LEVELS, levelOf, isLevel, GUESS_DIFFICULTY } from './levels.js';
export { describeStep, explanationTemplates, formatEliminations } from './explain.js';
export { guessStep } from './guess.js';
export { GradePool, workersAvailable } from './pool.js';
