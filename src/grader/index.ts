export {
  type Grade,
  type GradeOptions,
  type StepOptions,
  type GradeErrorCode,
  GradeError,
  gradePuzzle,
  solvePath,
  gradeWithPath,
  nextStep,
  hintStep,
} from './grade.js';
export { type Level, type LevelRow, LEVELS, levelOf, isLevel, GUESS_DIFFICULTY } from './levels.js';
export { describeStep, explanationTemplates, formatEliminations } from './explain.js';
export { type HintTiers, hintTiers, plainCellName } from './hint-tiers.js';
export { guessStep } from './guess.js';
