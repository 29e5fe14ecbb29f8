export { RulesError, PARITY_NONE, PARITY_ODD, PARITY_EVEN, type RulesErrorCode, type Rules, type RulesSpec, type CageSpec, type Cage, type BoxShape, type HouseKind } from './types.js';
export { buildRules, boxShapeOf, cageSumRange, MIN_SIZE, MAX_SIZE } from './build.js';
export {
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
  isClassic9,
} from './constructors.js';
export { type Puzzle, type GivenConflict, findGivenConflict, cellNameOf, houseNameOf, formatValues } from './puzzle.js';
