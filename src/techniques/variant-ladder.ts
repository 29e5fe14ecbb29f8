import { classicGeometry, type Geometry } from '../core/geometry.js';
import { KILLER_TECHNIQUES } from './killer/index.js';
import { findGeneralizedIntersection, findLockingInHouses } from './locking-houses.js';
import { withNearChecks } from './near-checks.js';
import { findHiddenSingleHouse, findSingleInHouses } from './singles-houses.js';
import type { LadderGroup } from './registry.js';
import type { TechniqueContext, TechniqueDef } from './types.js';
import type { VariantLadder } from './variant-link.js';

/*
 * The technique ladder of rules other than classic, as SukakuExplainer runs it, with its own
 * producers. Only such rules use it, so buildRules links it in (variant-link.ts) and classic
 * bundles do not carry it; the registry (registry.ts) asks for it through the link.
 */

function isClassic(context: TechniqueContext): boolean {
  return context.geometry === undefined || context.geometry.classic;
}

/** The singles of a non-classic geometry as one producer (see {@link findSingleInHouses}). */
export const SINGLES_IN_HOUSES: TechniqueDef = {
  id: 'singles',
  name: 'Singles',
  family: 'singles',
  difficulty: 1.0,
  maxDifficulty: 1.5,
  uniqueness: false,
  find: (board, context) => findSingleInHouses(board, context.geometry ?? classicGeometry()),
};

export const HIDDEN_SINGLE_HOUSE: TechniqueDef = {
  id: 'hidden-single-house',
  name: 'Hidden single (region, diagonal or window)',
  family: 'singles',
  difficulty: 1.5,
  maxDifficulty: 1.5,
  uniqueness: false,
  find: (board, context) => findHiddenSingleHouse(board, context.geometry ?? classicGeometry()),
};

/** The generalised intersection (2.9) on its own; nothing on classic rules (see {@link findLockingInHouses}). */
export const GENERALIZED_INTERSECTION: TechniqueDef = {
  id: 'generalized-intersection',
  name: 'Generalised intersection',
  family: 'intersections',
  difficulty: 2.9,
  maxDifficulty: 2.9,
  uniqueness: false,
  find: (board, context) => (isClassic(context) ? null : findGeneralizedIntersection(board, context.geometry!)),
};

/** SukakuExplainer's direct locking producer on a non-classic geometry: the first direct pointing or claiming in its order (1.7 / 1.9). */
export const DIRECT_LOCKING_IN_HOUSES: TechniqueDef = {
  id: 'direct-locking',
  name: 'Direct locked candidates',
  family: 'intersections',
  difficulty: 1.7,
  maxDifficulty: 1.9,
  uniqueness: false,
  find: (board, context) => findLockingInHouses(board, context.geometry ?? classicGeometry(), true),
};

/** SukakuExplainer's locking producer on a non-classic geometry: the first pointing, claiming or generalised intersection in its order (2.6-2.9). */
export const LOCKING_IN_HOUSES: TechniqueDef = {
  id: 'locked-candidates',
  name: 'Locked candidates',
  family: 'intersections',
  difficulty: 2.6,
  maxDifficulty: 2.9,
  uniqueness: false,
  find: (board, context) => findLockingInHouses(board, context.geometry ?? classicGeometry(), false),
};

/** Definitions only the variant ladders use (producers, and techniques without classic steps), for names and lookups. */
export const VARIANT_ONLY: readonly TechniqueDef[] = [SINGLES_IN_HOUSES, HIDDEN_SINGLE_HOUSE, DIRECT_LOCKING_IN_HOUSES, LOCKING_IN_HOUSES, GENERALIZED_INTERSECTION];

/*
 * Technique definitions that only a geometry with killer cages uses (cage sums, the rule of 45,
 * cage splitting, house combinations: `KILLER_TECHNIQUES` of src/techniques/killer, rated on the
 * same scale, see docs/killer-rating.md) are imported here, linked in by buildRules with the rest
 * of this module (variant-link.ts), so that classic bundles do not carry them. The ladder of a cage geometry is the
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
 * {@link soundOn}), plus the killer techniques when the rules have cages.
 */
export function buildVariantLadder(geometry: Geometry, classic: readonly TechniqueDef[]): TechniqueDef[] {
  // The classic ladder's singles and locked candidates are replaced by SukakuExplainer's producers,
  // except the naked single, which keeps its place (`classic` is the registry's LADDER, handed in
  // so that this module does not import the registry and every technique with it).
  const replaced = (def: TechniqueDef): boolean => def.family === 'singles' || def.family === 'intersections';
  const nakedSingle = classic.find((def) => def.id === 'naked-single')!;
  const hasCages = geometry.rules !== null && geometry.rules.cages.length > 0;
  const rest = classic.filter((def) => !replaced(def) && soundOn(def, geometry) && (!hasCages || def.difficulty < CAGE_LADDER_MAX));
  return byDifficulty([SINGLES_IN_HOUSES, DIRECT_LOCKING_IN_HOUSES, nakedSingle, LOCKING_IN_HOUSES, ...rest, ...(hasCages ? KILLER_TECHNIQUES : [])]);
}

const LADDERS = new WeakMap<Geometry, VariantLadder>();

/** The ladder of a non-classic geometry and its producer groups (made by `groups`, the registry's), built once per geometry. */
export function variantLadderOf(geometry: Geometry, classic: readonly TechniqueDef[], groups: (defs: readonly TechniqueDef[]) => LadderGroup[]): VariantLadder {
  let known = LADDERS.get(geometry);
  if (known === undefined) {
    // Searched only near what changed since they last found nothing (near-change.ts).
    const ladder = withNearChecks(buildVariantLadder(geometry, classic), geometry);
    known = { ladder, all: groups(ladder), noUniqueness: groups(ladder.filter((def) => !def.uniqueness)) };
    LADDERS.set(geometry, known);
  }
  return known;
}
