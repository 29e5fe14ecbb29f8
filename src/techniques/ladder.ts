import type { Geometry } from '../core/geometry.js';
import { CHAIN_TECHNIQUES } from './chains.js';
import { EXCLUSION_TECHNIQUES } from './exclusion.js';
import { FISH_TECHNIQUES } from './fish.js';
import { forcingTechniques } from './forcing/find.js';
import { INTERSECTION_TECHNIQUES } from './intersections.js';
import { SINGLES_TECHNIQUES } from './singles.js';
import { SUBSET_TECHNIQUES } from './subsets.js';
import type { TechniqueDef } from './types.js';
import { UNIQUENESS_TECHNIQUES } from './uniqueness.js';
import { variantDefs, variantTechniques, type VariantLadder } from './variant-link.js';
import { WING_TECHNIQUES } from './wings.js';

/**
 * The technique ladder: every family, ordered by base difficulty (stable, so families keep their
 * own order on ties). This is Sudoku Explainer's order of hint producers: singles 1.0-1.5, direct
 * pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden
 * triple 2.5, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked
 * triple 3.6, swordfish 3.8, hidden triple 4.0, XY-wing 4.2, XYZ-wing 4.4, unique loops 4.5+,
 * naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG 5.6+, aligned pair exclusion 6.2, then
 * the chains and forcing chains.
 *
 * This is the ladder the grader runs: its forcing entries explain a step (premise, chains) only
 * when the context hands them an explainer (forcing/find.ts ForcingContext), as the grader's
 * step-showing calls do, so that a bundle of the rating alone does not carry what explains a step.
 * The public LADDER (registry.ts) is this one with the forcing entries that explain by default.
 */
export const GRADER_LADDER: readonly TechniqueDef[] = [
  ...SINGLES_TECHNIQUES,
  ...INTERSECTION_TECHNIQUES,
  ...SUBSET_TECHNIQUES,
  ...FISH_TECHNIQUES,
  ...WING_TECHNIQUES,
  ...UNIQUENESS_TECHNIQUES,
  ...EXCLUSION_TECHNIQUES,
  ...CHAIN_TECHNIQUES,
  ...forcingTechniques(undefined),
]
  .map((def, index) => ({ def, index }))
  .sort((a, b) => a.def.difficulty - b.def.difficulty || a.index - b.index)
  .map(({ def }) => def);

/*
 * The ladder of a non-classic geometry (SukakuExplainer's producers, the techniques sound there,
 * the killer techniques on cages) and its producer groups are built (once per geometry) by
 * variant-ladder.ts, which buildRules links in (variant-link.ts): classic bundles do not carry it.
 */
function variantLadder(geometry: Geometry): VariantLadder {
  return variantTechniques().ladder(geometry, GRADER_LADDER, buildGroups);
}

/** The grader's technique ladder of a geometry: {@link GRADER_LADDER} for classic (or none given), else the variant ladder (built once per geometry). */
export function graderLadderFor(geometry?: Geometry): readonly TechniqueDef[] {
  return geometry === undefined || geometry.classic ? GRADER_LADDER : variantLadder(geometry).ladder;
}

const BY_ID = new Map<string, TechniqueDef>(GRADER_LADDER.map((def) => [def.id, def]));

/** A technique of the grader's ladders by id, or undefined (the variant ladders' own producers and the killer techniques once buildRules has linked them in). */
export function graderTechniqueById(id: string): TechniqueDef | undefined {
  return BY_ID.get(id) ?? variantDefs().find((def) => def.id === id);
}

/**
 * The producer that runs a technique in Sudoku Explainer, which sorts its hints by difficulty so
 * that the easiest of them wins: `UniqueLoops` (unique rectangles and loops of every type: the
 * uniqueness family but BUG), `BivalueUniversalGrave` (BUG types 1-4) and the first `Chaining`
 * producer (bidirectional X/Y/XY cycles and forcing X/Y/XY chains; the whole `chains` family).
 * Between producers the first with a hint wins. Any other technique is a producer of its own.
 */
function groupKey(def: TechniqueDef): string {
  if (def.family === 'uniqueness') return def.id.startsWith('bug-') ? 'BivalueUniversalGrave' : 'UniqueLoops';
  return def.family === 'chains' ? 'Chaining' : def.id;
}

/** The ladder as producer groups, in ladder order. */
export interface LadderGroup {
  /** Lowest base difficulty of the group's techniques. */
  difficulty: number;
  techniques: TechniqueDef[];
}

function buildGroups(defs: readonly TechniqueDef[]): LadderGroup[] {
  const groups: LadderGroup[] = [];
  const byKey = new Map<string, LadderGroup>();
  for (const def of defs) {
    const key = groupKey(def);
    let group = byKey.get(key);
    if (!group) {
      group = { difficulty: def.difficulty, techniques: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.techniques.push(def);
  }
  return groups;
}

const GROUPS_ALL = buildGroups(GRADER_LADDER);
const GROUPS_NO_UNIQUENESS = buildGroups(GRADER_LADDER.filter((def) => !def.uniqueness));

/**
 * The producer groups to run, with or without the techniques that assume a unique solution, for a
 * geometry (absent or classic: the classic ladder).
 */
export function ladderGroups(options: { uniqueness: boolean; geometry?: Geometry | undefined }): readonly LadderGroup[] {
  const { geometry } = options;
  if (geometry !== undefined && !geometry.classic) {
    const ladder = variantLadder(geometry);
    return options.uniqueness ? ladder.all : ladder.noUniqueness;
  }
  return options.uniqueness ? GROUPS_ALL : GROUPS_NO_UNIQUENESS;
}
