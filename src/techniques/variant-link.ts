import type { Board } from '../core/board.js';
import { unlinkedRulesError } from '../core/errors.js';
import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import type { AdvancedOff, emitLocking } from './forcing/advanced.js';
import type { RunContinuation } from './forcing/continue-runs.js';
import type { SeHouses as ChainHouses } from './forcing/se-units.js';
import type { SeHouses } from './houses.js';
import type { LadderGroup } from './registry.js';
import type { TechniqueDef, TechniqueFn } from './types.js';

/**
 * How the techniques reach their code for houses other than classic's without every bundle
 * carrying it (the reason and the pattern are those of src/rules/solver-link.ts).
 * SukakuExplainer's house order, its singles and locked candidates over any pair of house types,
 * the generalised intersection, the variant ladder, the names of extra houses and the killer
 * techniques with their texts only serve rules other than classic, whose geometry only exists
 * once `buildRules` has made them; so `buildRules` links them in (variant-techniques.ts) and the
 * techniques find them here: an app that grades classic grids never bundles them (the killer
 * techniques alone are 5.7 KB gzipped: the classic calls' browser bundle measured 49,107 B
 * without them and 54,791 B with them, esbuild --minify), an app that builds rules always has them.
 */
export interface VariantTechniques {
  /** SE's house order of a non-classic geometry (houses-build.ts). */
  houseOrder(geometry: Geometry): SeHouses;
  /** The houses the chain searches read, of a non-classic geometry (forcing/se-units-build.ts). */
  chainHouses(geometry: Geometry): ChainHouses;
  /** The dynamic chains' locking rule over the chain houses' locking pairs (forcing/locking-pairs.ts). */
  lockingByPairs(h: ChainHouses, lost: Uint16Array, curPos: Uint16Array, base: Uint16Array, out: AdvancedOff[], emit: typeof emitLocking): void;
  /**
   * Where a board's chain engine keeps the previous board's runs its change touched, to continue
   * them (forcing/continue-runs.ts: a gain on variant grades, none measured on classic ones).
   */
  runContinuation(): RunContinuation;
  /** Whether findChainStep finds nothing on a board by the change since one where it found nothing (chains-near.ts). */
  chainsFindNothing(board: Readonly<Board>, geometry: Geometry, kinds: number): boolean;
  /** Records findChainStep's result on a board (chains-near.ts). */
  chainsSearched(board: Readonly<Board>, geometry: Geometry, kinds: number, found: boolean): void;
  /** Basic fish by subsets of each digit's base lines, into fish.ts's `found` (fish-subsets.ts firstFishBySubsets). */
  firstFish(pass: number, size: number): boolean;
  /**
   * The step of a technique of singles.ts or intersections.ts (by its id), whose own search reads
   * classic's houses, on a non-classic geometry: singles of one kind in SE's house order
   * (singles-houses.ts), locked candidates over every pair of crossing houses (locking-houses.ts).
   */
  onHouses(id: string, board: Readonly<Board>, geometry: Geometry): Step | null;
  /** The name of a house in texts (texts.ts houseNameIn: "the down diagonal", "window 2"...). */
  houseName(geometry: Geometry, house: number): string;
  /**
   * The ladder of a non-classic geometry, from the classic one, and its producer groups as
   * `groups` makes them (the registry's); built once per geometry (variant-ladder.ts).
   */
  ladder(geometry: Geometry, classic: readonly TechniqueDef[], groups: (defs: readonly TechniqueDef[]) => LadderGroup[]): VariantLadder;
  /** The definitions only the variant ladders use (their producers, the killer techniques), for names and lookups. */
  readonly defs: readonly TechniqueDef[];
  /** The killer techniques' explanation templates, by technique id. */
  readonly texts: Readonly<Record<string, string>>;
}

/** The technique ladder of a non-classic geometry: its techniques, and its producer groups with and without the uniqueness techniques. */
export interface VariantLadder {
  readonly ladder: TechniqueDef[];
  readonly all: LadderGroup[];
  readonly noUniqueness: LadderGroup[];
}

/** Which locking steps to look for: all of them (the producer), or only those from a box (pointing) or from another house (claiming). */
export type LockingKind = 'any' | 'pointing' | 'claiming';

let linked: VariantTechniques | null = null;

/** Called by buildRules. */
export function linkVariantTechniques(techniques: VariantTechniques): void {
  linked = techniques;
}

/**
 * The linked techniques. Only a non-classic geometry (made from a rules value, so after buildRules)
 * or a direct call of a variant producer needs them; without any rules value built (a geometry made
 * by hand) that is the error of rules not made by buildRules.
 */
export function variantTechniques(): VariantTechniques {
  if (linked === null) throw unlinkedRulesError();
  return linked;
}

/** A technique's search: `classic` on classic rules (or none given), the linked search of `id` ({@link VariantTechniques.onHouses}) on any other. */
export function classicOr(id: string, classic: (board: Readonly<Board>) => Step | null): TechniqueFn {
  return (board, context) => (context.geometry === undefined || context.geometry.classic ? classic(board) : variantTechniques().onHouses(id, board, context.geometry));
}

/** The variant ladders' own definitions: empty until buildRules has linked them (then no variant step exists either). */
export function variantDefs(): readonly TechniqueDef[] {
  return linked === null ? [] : linked.defs;
}

/** The killer techniques' explanation templates: empty until buildRules has linked them. */
export function variantTexts(): Readonly<Record<string, string>> {
  return linked === null ? NO_TEXTS : linked.texts;
}

const NO_TEXTS: Readonly<Record<string, string>> = {};
