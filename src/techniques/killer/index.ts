import type { TechniqueDef } from '../types.js';
import { CAGE_TECHNIQUES } from './cages.js';
import { HOUSE_COMBINATION_TECHNIQUES } from './house-combinations.js';
import { RULE_OF_45_TECHNIQUES } from './rule-of-45.js';

export type { KillerStep } from './step.js';
export { KILLER_TEXTS } from './texts.js';

const [killerSingle, cageCombination, cageHiddenSingle, cageArrangement, cagePointing, houseCageClaiming] = CAGE_TECHNIQUES as [TechniqueDef, TechniqueDef, TechniqueDef, TechniqueDef, TechniqueDef, TechniqueDef];
const [innies, outies, cageSplitting] = RULE_OF_45_TECHNIQUES as [TechniqueDef, TechniqueDef, TechniqueDef];
const [houseCombination] = HOUSE_COMBINATION_TECHNIQUES as [TechniqueDef];

/**
 * The killer techniques (family 'killer'), in order of base difficulty, on the same SE-like scale
 * as the classic ladder (see docs/killer-rating.md). They read the cages from
 * `context.geometry.rules.cages` and find nothing without cages; on a killer board they run
 * beside the classic techniques except the uniqueness ones, which cages make unsound.
 */
export const KILLER_TECHNIQUES: readonly TechniqueDef[] = [killerSingle, cageCombination, cageHiddenSingle, innies, outies, cageArrangement, cagePointing, houseCageClaiming, cageSplitting, houseCombination];
