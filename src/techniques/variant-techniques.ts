import { buildHouseOrder } from './houses-build.js';
import { findGeneralizedIntersection, findLockingInHouses } from './locking-houses.js';
import { findHiddenSingleHouse, findSingleInHouses, findSingleOfKind } from './singles-houses.js';
import type { VariantTechniques } from './variant-link.js';

/** The techniques' code for houses other than classic's, as buildRules links it in (why: variant-link.ts). */
export const VARIANT_TECHNIQUES: VariantTechniques = {
  seHouses: buildHouseOrder,
  singleInHouses: findSingleInHouses,
  singleOfKind: findSingleOfKind,
  hiddenSingleHouse: findHiddenSingleHouse,
  lockingInHouses: findLockingInHouses,
  generalizedIntersection: findGeneralizedIntersection,
};
