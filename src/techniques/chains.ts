import type { TechniqueDef } from './types.js';

/** Techniques of this family, in ladder order. (Being written; the registry reads this list.) */
export const CHAIN_TECHNIQUES: TechniqueDef[] = [];
