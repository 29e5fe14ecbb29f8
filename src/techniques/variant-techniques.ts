import { buildHouseOrder } from './houses-build.js';
import { findLockingInHouses } from './locking-houses.js';
import { findSingleOfKind } from './singles-houses.js';
import { VARIANT_ONLY, buildVariantLadder } from './variant-ladder.js';
import type { VariantTechniques } from './variant-link.js';

/** The techniques' code for houses other than classic's, as buildRules links it in (why: variant-link.ts). */
export const VARIANT_TECHNIQUES: VariantTechniques = {
  seHouses: buildHouseOrder,
  singleOfKind: findSingleOfKind,
  lockingInHouses: findLockingInHouses,
  ladder: buildVariantLadder,
  defs: VARIANT_ONLY,
};
