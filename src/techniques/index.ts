export type { TechniqueDef, TechniqueFn, TechniqueContext } from './types.js';
export { LADDER, techniqueById, ladderGroups, type LadderGroup } from './registry.js';
export { SINGLES_TECHNIQUES } from './singles.js';
export { INTERSECTION_TECHNIQUES } from './intersections.js';
export { SUBSET_TECHNIQUES } from './subsets.js';
export { FISH_TECHNIQUES } from './fish.js';
export { WING_TECHNIQUES } from './wings.js';
