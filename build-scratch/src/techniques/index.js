export { LADDER, techniqueById, ladderGroups } from './registry.js';
export { SINGLES_TECHNIQUES } from './singles.js';
export { INTERSECTION_TECHNIQUES } from './intersections.js';
export { SUBSET_TECHNIQUES } from './subsets.js';
export { FISH_TECHNIQUES } from './fish.js';
export { WING_TECHNIQUES } from './wings.js';
