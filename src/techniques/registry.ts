import type { Geometry } from '../core/geometry.js';
import { CHAIN_TECHNIQUES } from './chains.js';
import { EXCLUSION_TECHNIQUES } from './exclusion.js';
import { FISH_TECHNIQUES } from './fish.js';
import { FORCING_TECHNIQUES } from './forcing.js';
import { DIRECT_LOCKING_IN_HOUSES, GENERALIZED_INTERSECTION, INTERSECTION_TECHNIQUES, LOCKING_IN_HOUSES } from './intersections.js';
import { cageTechniques } from './cage-link.js';
import { HIDDEN_SINGLE_HOUSE, NAKED_SINGLE, SINGLES_IN_HOUSES, SINGLES_TECHNIQUES } from './singles.js';
import { SUBSET_TECHNIQUES } from './subsets.js';
import type { TechniqueDef } from './types.js';
import { UNIQUENESS_TECHNIQUES } from './uniqueness.js';
import { WING_TECHNIQUES } from './wings.js';

/**
 * The technique ladder: every family, ordered by base difficulty (stable, so families keep their
 * own order on ties). This is Sudoku Explainer's order of hint producers: singles 1.0-1.5, direct
 * pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden
 * triple 2.5, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked
 * triple 3.6, swordfish 3.8, hidden triple 4.0, XY-wing 4.2, XYZ-wing 4.4, unique loops 4.5+,
 * naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG 5.6+, aligned pair exclusion 6.2, then
 * the chains and forcing chains.
 */
export const LADDER: readonly TechniqueDef[] = [
  ...SINGLES_TECHNIQUES,
  ...INTERSECTION_TECHNIQUES,
  ...SUBSET_TECHNIQUES,
  ...FISH_TECHNIQUES,
  ...WING_TECHNIQUES,
  ...UNIQUENESS_TECHNIQUES,
  ...EXCLUSION_TECHNIQUES,
  ...CHAIN_TECHNIQUES,
  ...FORCING_TECHNIQUES,
]
  .map((def, index) => ({ def, index }))
  .sort((a, b) => a.def.difficulty - b.def.difficulty || a.index - b.index)
  .map(({ def }) => def);

/*
 * Technique definitions that only a geometry with killer cages uses (cage sums, the rule of 45,
 * cage splitting, house combinations: `KILLER_TECHNIQUES` of src/techniques/killer, rated on the
 * same scale, see docs/killer-rating.md) come through cage-link.ts (`cageTechniques()`), linked in
 * by buildRules, so that classic bundles do not carry them. The ladder of a cage geometry is the
 * house techniques that stay sound with cages plus these, sorted by difficulty.
 */

/**
 * On rules with cages the ladder stops below this difficulty: the nested forcing chains (Sudoku
 * Explainer 9.5 to 11.0) are left out. Their links see cage-mates but not cage sums, so on a
 * killer they only run where the cage techniques are stuck, on a near-empty board, for tens of
 * seconds (29 s for one of our 'hard' killers, seed killer-grade #3), and then a guess was needed
 * anyway; no killer of bench/killer-grade.ts solved without a guess needed a step above 7.3 (see
 * docs/killer-rating.md). Where the rest is stuck the grader guesses (rated 11.0, extreme).
 */
export const CAGE_LADDER_MAX = 9.5;

/**
 * Which techniques are sound on a non-classic geometry, and why the others are left out:
 * - uniqueness (unique rectangles / loops, BUG): on with houses only (a loop's cells pair up in
 *   every house they meet, diagonals and windows included; a BUG's solutions come in pairs for any
 *   houses), off with killer cages (swapping two digits changes a cage's sum).
 * - chains and forcing chains: on (their links follow every house of the geometry, cage-mates as
 *   weak links; the nested ones are left out on killers, see {@link CAGE_LADDER_MAX}).
 * Singles, locked candidates (every pair of crossing houses), subsets (every house), fish (rows
 * and columns, the same on every 9x9 rule set), wings and aligned exclusion (peers through every
 * house and cage) read the geometry and are sound on every 9x9 rule set.
 */
function soundOn(def: TechniqueDef, geometry: Geometry): boolean {
  // Swapping two digits round a loop (or a BUG's pairs) changes a killer cage's sum.
  if (def.family === 'uniqueness') return geometry.rules === null || geometry.rules.cages.length === 0;
  // Every other technique reads the geometry and is sound on any 9x9 houses (a jigsaw piece equal to a line is one house).
  return true;
}

function byDifficulty(defs: readonly TechniqueDef[]): TechniqueDef[] {
  return defs
    .map((def, index) => ({ def, index }))
    .sort((a, b) => a.def.difficulty - b.def.difficulty || a.index - b.index)
    .map(({ def }) => def);
}

/**
 * The ladder of a non-classic 9x9 geometry, as SukakuExplainer runs it: its hidden-single producer
 * (all singles but the naked one, first found in its house order), its direct locking producer,
 * the direct hidden pair, the naked single, the direct hidden triple, its locking producer
 * (pointing, claiming over every pair of house types, then the generalised intersection), then
 * the classic ladder's other techniques reading the geometry, less those unsound there (see
 * {@link soundOn}), plus the killer techniques (`cageTechniques()`) when the rules have cages.
 */
function buildVariantLadder(geometry: Geometry): TechniqueDef[] {
  const replaced = new Set([...SINGLES_TECHNIQUES, ...INTERSECTION_TECHNIQUES].map((def) => def.id));
  const hasCages = geometry.rules !== null && geometry.rules.cages.length > 0;
  const rest = LADDER.filter((def) => !replaced.has(def.id) && soundOn(def, geometry) && (!hasCages || def.difficulty < CAGE_LADDER_MAX));
  return byDifficulty([SINGLES_IN_HOUSES, DIRECT_LOCKING_IN_HOUSES, NAKED_SINGLE, LOCKING_IN_HOUSES, ...rest, ...(hasCages ? cageTechniques() : [])]);
}

const VARIANT_LADDERS = new WeakMap<Geometry, { ladder: TechniqueDef[]; all: LadderGroup[]; noUniqueness: LadderGroup[] }>();

function variantLadder(geometry: Geometry): { ladder: TechniqueDef[]; all: LadderGroup[]; noUniqueness: LadderGroup[] } {
  let known = VARIANT_LADDERS.get(geometry);
  if (known === undefined) {
    const ladder = buildVariantLadder(geometry);
    known = { ladder, all: buildGroups(ladder), noUniqueness: buildGroups(ladder.filter((def) => !def.uniqueness)) };
    VARIANT_LADDERS.set(geometry, known);
  }
  return known;
}

/** The technique ladder of a geometry: {@link LADDER} for classic (or none given), else the variant ladder (built once per geometry). */
export function ladderFor(geometry?: Geometry): readonly TechniqueDef[] {
  return geometry === undefined || geometry.classic ? LADDER : variantLadder(geometry).ladder;
}

/** Definitions only the variant ladders use (producers, and techniques without classic steps), for names and lookups. */
const VARIANT_ONLY: readonly TechniqueDef[] = [SINGLES_IN_HOUSES, HIDDEN_SINGLE_HOUSE, DIRECT_LOCKING_IN_HOUSES, LOCKING_IN_HOUSES, GENERALIZED_INTERSECTION];

const BY_ID = new Map<string, TechniqueDef>([...LADDER, ...VARIANT_ONLY].map((def) => [def.id, def]));

/** A technique by id, or undefined. */
export function techniqueById(id: string): TechniqueDef | undefined {
  return BY_ID.get(id) ?? cageTechniques().find((def) => def.id === id);
}

/**
 * Techniques that Sudoku Explainer runs as one producer, which sorts its hints by difficulty so that
 * the easiest of them wins: `UniqueLoops` (unique rectangles and loops of every type),
 * `BivalueUniversalGrave` (BUG types 1-4) and the first `Chaining` producer (bidirectional X/Y/XY
 * cycles and forcing X/Y/XY chains; the whole `chains` family). Between producers the first with a
 * hint wins. Any other technique is a producer of its own.
 */
const SE_PRODUCER: Readonly<Record<string, string>> = {
  'unique-rectangle-1': 'UniqueLoops',
  'unique-rectangle-2': 'UniqueLoops',
  'unique-rectangle-3': 'UniqueLoops',
  'unique-rectangle-4': 'UniqueLoops',
  'unique-loop-1': 'UniqueLoops',
  'unique-loop-2': 'UniqueLoops',
  'unique-loop-3': 'UniqueLoops',
  'unique-loop-4': 'UniqueLoops',
  'bug-1': 'BivalueUniversalGrave',
  'bug-2': 'BivalueUniversalGrave',
  'bug-3': 'BivalueUniversalGrave',
  'bug-4': 'BivalueUniversalGrave',
};

function groupKey(def: TechniqueDef): string {
  return SE_PRODUCER[def.id] ?? (def.family === 'chains' ? 'Chaining' : def.id);
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

const GROUPS_ALL = buildGroups(LADDER);
const GROUPS_NO_UNIQUENESS = buildGroups(LADDER.filter((def) => !def.uniqueness));

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
