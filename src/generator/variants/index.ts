export { generateVariant, orbitsOf, variantLevels, VARIANT_NAMES, type VariantName, type VariantLevel, type VariantOptions, type VariantPuzzle } from './generate.js';
export { fillRules } from './fill.js';
export { randomRegions, regionsConnected } from './jigsaw.js';
export { randomCages, cageSpecs, solvedCages } from './killer.js';
export { solvesWith, variantLevelOf, type LogicSet } from './logic.js';
export { makeOddEven, oddEvenLevelOf, MIN_MARKS, MAX_MARKS } from './oddeven.js';
export { SIZE_BANDS_REFUSED } from './size-bands.js';
