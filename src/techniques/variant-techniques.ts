import { lockingByPairs } from './forcing/locking-pairs.js';
import { buildChainHouses } from './forcing/se-units-build.js';
import { buildHouseOrder } from './houses-build.js';
import { findLockingInHouses } from './locking-houses.js';
import { findSingleOfKind } from './singles-houses.js';
import { houseNameIn } from './texts.js';
import { VARIANT_ONLY, buildVariantLadder } from './variant-ladder.js';
import type { VariantTechniques } from './variant-link.js';

/** The techniques' code for houses other than classic's, as buildRules links it in (why: variant-link.ts). */
export const VARIANT_TECHNIQUES: VariantTechniques = {
  houseOrder: buildHouseOrder,
  chainHouses: buildChainHouses,
  lockingByPairs,
  singleOfKind: findSingleOfKind,
  lockingInHouses: findLockingInHouses,
  houseName: houseNameIn,
  ladder: buildVariantLadder,
  defs: VARIANT_ONLY,
};
