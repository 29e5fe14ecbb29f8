import { chainsFindNothing, chainsSearched } from './chains-near.js';
import { firstFishBySubsets } from './fish-subsets.js';
import { RunContinuation } from './forcing/continue-runs.js';
import { lockingByPairs } from './forcing/locking-pairs.js';
import { buildChainHouses } from './forcing/se-units-build.js';
import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { TYPE_BLOCK, TYPE_COLUMN, TYPE_ROW } from './houses.js';
import { buildHouseOrder } from './houses-build.js';
import { findLockingInHouses } from './locking-houses.js';
import { findSingleOfKind } from './singles-houses.js';
import { houseNameIn } from './texts.js';
import { KILLER_TECHNIQUES, KILLER_TEXTS } from './killer/index.js';
import { VARIANT_ONLY, variantLadderOf } from './variant-ladder.js';
import type { VariantTechniques } from './variant-link.js';

/** The searches of singles.ts and intersections.ts on houses other than classic's, by technique id (see classicOr). */
const ON_HOUSES: Readonly<Record<string, (board: Readonly<Board>, geometry: Geometry) => Step | null>> = {
  'full-house': (board, geometry) => findSingleOfKind(board, geometry, true, 0, 'full-house', 1.0),
  'hidden-single-box': (board, geometry) => findSingleOfKind(board, geometry, false, 1 << TYPE_BLOCK, 'hidden-single-box', 1.2),
  'hidden-single-line': (board, geometry) => findSingleOfKind(board, geometry, false, (1 << TYPE_ROW) | (1 << TYPE_COLUMN), 'hidden-single-line', 1.5),
  'direct-pointing': (board, geometry) => findLockingInHouses(board, geometry, true, 'pointing'),
  'direct-claiming': (board, geometry) => findLockingInHouses(board, geometry, true, 'claiming'),
  'pointing': (board, geometry) => findLockingInHouses(board, geometry, false, 'pointing'),
  'claiming': (board, geometry) => findLockingInHouses(board, geometry, false, 'claiming'),
};

/** The techniques' code for houses other than classic's, as buildRules links it in (why: variant-link.ts). */
export const VARIANT_TECHNIQUES: VariantTechniques = {
  houseOrder: buildHouseOrder,
  chainHouses: buildChainHouses,
  lockingByPairs,
  runContinuation: () => new RunContinuation(),
  chainsFindNothing,
  chainsSearched,
  firstFish: firstFishBySubsets,
  onHouses: (id, board, geometry) => ON_HOUSES[id]!(board, geometry),
  houseName: houseNameIn,
  ladder: variantLadderOf,
  defs: [...VARIANT_ONLY, ...KILLER_TECHNIQUES],
  texts: KILLER_TEXTS,
};
