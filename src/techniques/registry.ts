import type { Geometry } from '../core/geometry.js';
import { FORCING_TECHNIQUES } from './forcing.js';
import { GRADER_LADDER, graderLadderFor, graderTechniqueById } from './ladder.js';
import type { TechniqueDef } from './types.js';

export { ladderGroups, type LadderGroup } from './ladder.js';

/*
 * The public technique ladder: the grader's (ladder.ts: Sudoku Explainer's order of producers)
 * with the forcing entries that explain their steps (premise and chains) by default, as a user of
 * `LADDER[i].find` shows them.
 */
const EXPLAINED = new Map<string, TechniqueDef>(FORCING_TECHNIQUES.map((def) => [def.id, def]));

/** The technique ladder, ordered by base difficulty, in Sudoku Explainer's order of hint producers. */
export const LADDER: readonly TechniqueDef[] = GRADER_LADDER.map((def) => EXPLAINED.get(def.id) ?? def);

/**
 * The technique ladder of a geometry: {@link LADDER} for classic (or none given), else the variant
 * ladder (built once per geometry; its forcing entries explain a step when the context hands them
 * an explainer, as the grader's step-showing calls do).
 */
export function ladderFor(geometry?: Geometry): readonly TechniqueDef[] {
  return geometry === undefined || geometry.classic ? LADDER : graderLadderFor(geometry);
}

/** A technique by id, or undefined (the variant ladders' own producers and the killer techniques once buildRules has linked them in). */
export function techniqueById(id: string): TechniqueDef | undefined {
  return EXPLAINED.get(id) ?? graderTechniqueById(id);
}
