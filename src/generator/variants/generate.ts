import { classicRules, jigsawRules, samuraiRules, withCages, withDiagonals, withWindoku } from '../../rules/constructors.js';
import { formatValues } from '../../rules/puzzle.js';
import type { CageSpec, Rules } from '../../rules/types.js';
import { OptionError, optionKeys, ownOptions, shownValue } from '../../core/errors.js';
import { GenerateError } from '../errors.js';
import { puzzleRandom, type Random } from '../random.js';
import { fillRules } from './fill.js';
import { randomRegions } from './jigsaw.js';
import { KILLER_MERGE_FAILURES, cageSpecs, randomCages, ratedCages, solvedCages } from './killer.js';
import { expertCages } from './killer-expert.js';
import { solvesWith, variantLevelOf, type LogicSet } from './logic.js';
import { carve } from './carve.js';
import { gradedGivens, ratingBandOf, type GradedLevel } from './graded.js';
import { makeOddEven } from './oddeven.js';
import { isSizeBandVariant, sizeBandGivens, SIZE_BAND_LEVELS, type SizeBandVariant } from './size-bands.js';

/** The variants the generator knows by name. */
export const VARIANT_NAMES = ['classic', '4x4', '6x6', '8x8', '12x12', '16x16', 'jigsaw', 'x', 'windoku', 'killer', 'oddeven', 'samurai'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

/**
 * Levels of variant puzzles. Two scales (see {@link variantLevels} for which variant has which):
 *
 * - The grader's rating bands, as for classic puzzles (the level table of src/grader/levels.ts:
 *   beginner up to 1.5, easy 2.3, medium 3.4, hard 4.6, expert 7.4; the puzzle carries its
 *   `rating`): 9x9 rule sets without cages (classic, jigsaw, X, windoku; graded.ts), killers without
 *   givens (easy, medium, hard, expert), odd/even (easy, medium, hard), and the other sizes and Samurai
 *   (the general grader's rating; the bands each reaches, size-bands.ts: 8x8, 12x12, 16x16 and
 *   Samurai all five, 6x6 beginner and easy, 4x4 beginner).
 * - The variant logic's technique sets (logic.ts; not ratings) for killers with givens and rules
 *   values other than 9x9 without cages: 'easy' = solved by singles (naked and hidden, over every
 *   house; killer: with cage combinations); 'medium' = needs intersections or pairs, and those
 *   with singles suffice; 'hard' = needs more than that (it is still unique).
 *
 * 'any' = whatever a minimal carving (killer: the merging) gives, not measured: the puzzle's level
 * is then 'any', never a band it was not graded in.
 */
export type VariantLevel = GradedLevel | 'any';

/** The levels of the grader's bands a variant's puzzles are made to. */
const GRADED: readonly VariantLevel[] = ['beginner', 'easy', 'medium', 'hard', 'expert', 'any'];
/** The technique-set levels (and odd/even's bands, which stop at hard). */
const TECHNIQUE_SETS: readonly VariantLevel[] = ['easy', 'medium', 'hard', 'any'];
/**
 * The bands of killers without givens: no beginner (up to 1.5, where no cage technique is: a killer
 * that needs none has its 1-cell cages for givens, a classic puzzle with cages drawn on it).
 */
const KILLER_BANDS: readonly VariantLevel[] = ['easy', 'medium', 'hard', 'expert', 'any'];

/**
 * The levels `generateVariant` takes for a variant (`killerGivens`: killers with givens), easiest
 * first, and whether they are the grader's rating bands (else the variant logic's technique sets).
 */
export function variantLevels(variant: VariantName, killerGivens = false): { levels: readonly VariantLevel[]; graded: boolean } {
  switch (variant) {
    case 'classic':
    case 'jigsaw':
    case 'x':
    case 'windoku':
      return { levels: GRADED, graded: true };
    case 'killer':
      return killerGivens ? { levels: TECHNIQUE_SETS, graded: false } : { levels: KILLER_BANDS, graded: true };
    case 'oddeven':
      return { levels: TECHNIQUE_SETS, graded: true };
    default:
      // An unknown name (a caller's string: 'nope', 'constructor') is an option error, not a TypeError.
      if (!(VARIANT_NAMES as readonly string[]).includes(variant)) throw new OptionError('BAD_OPTION', `unknown variant ${shownValue(variant)} (one of ${VARIANT_NAMES.join(', ')})`);
      return { levels: sizeLevels(variant), graded: true };
  }
}

const sizeLevelsCache = new Map<SizeBandVariant, readonly VariantLevel[]>();

/** The levels of a size or Samurai: the bands it reaches (size-bands.ts), then 'any'. */
function sizeLevels(variant: SizeBandVariant): readonly VariantLevel[] {
  let levels = sizeLevelsCache.get(variant);
  if (levels === undefined) {
    levels = [...SIZE_BAND_LEVELS[variant], 'any'];
    sizeLevelsCache.set(variant, levels);
  }
  return levels;
}

/** Whether puzzles of `rules` (no named variant) are made to the grader's bands: 9x9 without cages. */
function gradedRules(rules: Rules): boolean {
  return rules.size === 9 && rules.cellCount === 81 && rules.cages.length === 0;
}

export interface VariantOptions {
  /** A variant by name (the rules are built from it), or ... */
  readonly variant?: VariantName | undefined;
  /** ... fixed rules (any rules value without cages; not re-drawn per puzzle). */
  readonly rules?: Rules | undefined;
  readonly seed: string;
  /** Puzzle number in the run (1-based by convention); the puzzle depends only on seed, index and options. */
  readonly index: number;
  /** Default 'beginner' for 4x4 and 6x6, else 'any'. */
  readonly level?: VariantLevel | undefined;
  /** Pattern of the givens: 'rotational' (half turn of the frame) or 'none' (default). Killer without givens has no givens to place. */
  readonly symmetry?: 'none' | 'rotational' | undefined;
  /** Fewest givens the carving may leave (default 0; 4x4: 7, 6x6: 14 for the children's "generous givens"). */
  readonly minClues?: number | undefined;
  /** Jigsaw: a layout symmetric under a half turn. */
  readonly symmetricLayout?: boolean | undefined;
  /** Jigsaw: allow a region equal to a standard box (default: no). */
  readonly allowBoxes?: boolean | undefined;
  /** Killer: also carve givens (a few, minimal under the cages) instead of the newspaper form with none. */
  readonly killerGivens?: boolean | undefined;
  /** Full solutions (and layouts) tried before giving up with GeneratorError 'MAX_ATTEMPTS'; default 100. */
  readonly maxAttempts?: number | undefined;
}

export interface VariantPuzzle {
  readonly variant: string;
  readonly index: number;
  /** The rules of this puzzle (jigsaw regions and killer cages are drawn per puzzle). */
  readonly rules: Rules;
  readonly givens: Uint8Array;
  readonly solution: Uint8Array;
  /** Measured level (see VariantLevel): the rating's level where graded; 'any' when not measured. */
  readonly level: VariantLevel;
  readonly clues: number;
  /** Solutions (or layouts) drawn before this puzzle was made. */
  readonly attempts: number;
  /** Jigsaw: region number per cell. */
  readonly regions?: readonly number[];
  /** Killer: cages with their sums. */
  readonly cages?: readonly CageSpec[];
  /**
   * At a level of the grader's bands (see VariantLevel): the grader's rating (SE scale; killers:
   * with the killer ladder of docs/killer-rating.md), in that level's band of the level table.
   */
  readonly rating?: number;
  /** Givens as text, one character per cell (`.` empty), as formatValues writes them. */
  readonly text: string;
}

/**
 * The rules of a named variant, built once per process and reused by every puzzle (a rules value
 * is immutable; the solvers' tables are cached per value, so a new value per puzzle would rebuild them).
 */
const baseCache = new Map<VariantName, Rules>();

function baseRules(variant: VariantName): Rules {
  let rules = baseCache.get(variant);
  if (rules === undefined) {
    rules = buildBase(variant);
    baseCache.set(variant, rules);
  }
  return rules;
}

function buildBase(variant: VariantName): Rules {
  switch (variant) {
    case 'classic':
    case 'killer':
    case 'jigsaw':
    case 'oddeven':
      return classicRules(9);
    case '4x4':
      return classicRules(4);
    case '6x6':
      return classicRules(6);
    case '8x8':
      return classicRules(8);
    case '12x12':
      return classicRules(12);
    case '16x16':
      return classicRules(16);
    case 'x':
      return withDiagonals(classicRules(9));
    case 'windoku':
      return withWindoku(classicRules(9));
    case 'samurai':
      return samuraiRules();
  }
}

/** The canonical key of the options that shape a puzzle (for the seeded stream). */
function keyOf(name: string, o: VariantOptions, level: VariantLevel, minClues: number): string {
  // One template rather than an array joined: this is made for every puzzle.
  return `variant|${name}|${level}|${o.symmetry ?? 'none'}|${minClues}|${o.symmetricLayout === true ? 'sym' : ''}|${o.allowBoxes === true ? 'boxes' : ''}|${o.killerGivens === true ? 'givens' : ''}`;
}

/**
 * One unique puzzle of a variant. Puzzle `index` of `seed` depends on nothing but (seed, index,
 * options): every random choice (solution, jigsaw layout, cages, carving order) comes from
 * `puzzleRandom(seed, key, index)`. Throws GeneratorError('MAX_ATTEMPTS') when the level is not
 * met within `maxAttempts` solutions.
 */
export function generateVariant(input: VariantOptions): VariantPuzzle {
  const options = checkVariantOptions(input);
  const name = options.variant ?? (options.rules !== undefined ? options.rules.variant : 'classic');
  if (options.rules === undefined && !(VARIANT_NAMES as readonly string[]).includes(name)) {
    throw new OptionError('BAD_OPTION', `unknown variant "${name}" (one of ${VARIANT_NAMES.join(', ')})`);
  }
  const variant = name as VariantName;
  const small = options.rules === undefined && (variant === '4x4' || variant === '6x6');
  const level: VariantLevel = options.level ?? (small ? 'beginner' : 'any');
  const minClues = options.minClues ?? (options.rules !== undefined ? 0 : variant === '4x4' ? 7 : variant === '6x6' ? 14 : 0);
  const random = puzzleRandom(options.seed, keyOf(name, options, level, minClues), options.index);
  const maxAttempts = options.maxAttempts ?? 100;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const made = options.rules !== undefined ? makeOnRules(options.rules, options, level, minClues, random) : makeOne(variant, options, level, minClues, random);
    if (made === null) continue;
    if (level !== 'any' && made.level !== level) continue;
    // Built field by field: a spread of `made`, whose shape varies by variant, is the slow part of a 4x4.
    const text = formatValues(made.rules, made.givens);
    const rated: VariantPuzzle =
      made.rating !== undefined
        ? { variant: name, index: options.index, rules: made.rules, givens: made.givens, solution: made.solution, level: made.level, clues: made.clues, attempts: attempt, text, rating: made.rating }
        : { variant: name, index: options.index, rules: made.rules, givens: made.givens, solution: made.solution, level: made.level, clues: made.clues, attempts: attempt, text };
    if (made.regions !== undefined) return { ...rated, regions: made.regions };
    if (made.cages !== undefined) return { ...rated, cages: made.cages };
    return rated;
  }
  throw new GenerateError('MAX_ATTEMPTS', 0, 1, options.index, `no ${level} ${name} puzzle in ${maxAttempts} attempts`);
}

type Made = Omit<VariantPuzzle, 'variant' | 'index' | 'attempts' | 'text'>;

function makeOne(variant: VariantName, o: VariantOptions, level: VariantLevel, minClues: number, random: Random): Made | null {
  if (variant === 'jigsaw') {
    const regions = randomRegions(9, random, { symmetric: o.symmetricLayout === true, allowBoxes: o.allowBoxes === true });
    if (regions === null) return null;
    const made = makeOnRules(jigsawRules(regions), o, level, minClues, random, JIGSAW_FILL_NODES);
    return made === null ? null : { ...made, regions };
  }
  if (variant === 'killer') return makeKiller(o, level, random);
  if (variant === 'oddeven') {
    if (level !== 'easy' && level !== 'medium' && level !== 'hard' && level !== 'any') return null; // refused by the options check
    return makeOddEven(orbitsFor(baseRules(variant), o.symmetry ?? 'none'), random, level, minClues);
  }
  return makeOnRules(baseRules(variant), o, level, minClues, random, undefined, isSizeBandVariant(variant));
}

/**
 * Placements the fill may spend on one jigsaw layout. Measured on 141 layouts (with the fill's
 * house counts): 55 filled within 1,000 placements, 77 within 5,000, 97 within 50,000, the rest
 * not; layouts, rules and fill at 1,000 cost about as little per filled layout as any cap tried
 * (400 to 5,000), and a new layout is cheaper than a long search on a doubtful one.
 */
const JIGSAW_FILL_NODES = 1000;

/** `banded`: the level is a band of the grader's (gradedGivens) though the rules are not 9x9 (the sizes, Samurai). */
function makeOnRules(rules: Rules, o: VariantOptions, level: VariantLevel, minClues: number, random: Random, maxNodes?: number, banded = false): Made | null {
  const solution = fillRules(rules, random, maxNodes);
  if (solution === null) return null; // a jigsaw layout without a (quickly found) solution
  const orbits = orbitsFor(rules, o.symmetry ?? 'none');
  if (level === 'any') return finishAny(rules, carve(rules, solution, orbits, random, null, minClues).givens, solution);
  if (banded || gradedRules(rules)) {
    const graded = banded ? sizeBandGivens(rules, solution, orbits, random, level, minClues) : gradedGivens(rules, solution, orbits, random, level, minClues);
    return graded === null ? null : { rules, givens: graded.givens, solution, level, clues: graded.clues, rating: graded.rating };
  }
  const carved = carve(rules, solution, orbits, random, level === 'easy' ? 'singles' : level === 'medium' ? 'medium' : null, minClues);
  return finish(rules, carved.givens, solution, carved.singles);
}

function makeKiller(o: VariantOptions, level: VariantLevel, random: Random): Made | null {
  const base = baseRules('killer');
  const solution = fillRules(base, random);
  if (solution === null) return null;
  if (o.killerGivens === true) {
    const cageOf = randomCages(base, solution, random);
    const cages = cageSpecs(cageOf, solution);
    const rules = withCages(base, cages);
    const carved = carve(rules, solution, orbitsFor(rules, o.symmetry ?? 'none'), random, level === 'easy' ? 'singles' : level === 'medium' ? 'medium' : null, 0);
    const made = level === 'any' ? finishAny(rules, carved.givens, solution) : finish(rules, carved.givens, solution, carved.singles);
    return { ...made, cages };
  }
  if (level === 'any') {
    // The default: merges kept while singles, cage combinations and the rule of 45 solve the cages
    // (what Solo's killers ask); not graded (the grader costs more than the whole search), so its
    // level is 'any'.
    const found = solvedCages(base, solution, random, { set: 'singles', innies: true, maxFailures: KILLER_MERGE_FAILURES });
    if (found === null) return null;
    const cages = cageSpecs(found.cageOf, solution);
    const rules = withCages(base, cages);
    return { rules, givens: new Uint8Array(base.cellCount), solution, level: 'any', clues: 0, cages };
  }
  if (level === 'expert') {
    const found = expertCages(base, solution, random, KILLER_EXPERT);
    if (found === null) return null;
    const cages = cageSpecs(found.cageOf, solution);
    return { rules: withCages(base, cages), givens: new Uint8Array(base.cellCount), solution, level, clues: 0, cages, rating: found.rating };
  }
  // A level: the grader's rating in the level's band. Each level starts from the logic whose
  // killers mostly rate just below or in its band (measured, docs/killer-rating.md), then climbs.
  if (level !== 'easy' && level !== 'medium' && level !== 'hard') return null; // refused by the options check
  const start = KILLER_STARTS[level];
  const found = ratedCages(base, solution, random, { ...start, band: ratingBandOf(level) });
  if (found === null) return null;
  const cages = cageSpecs(found.cageOf, solution);
  const rules = withCages(base, cages);
  return { rules, givens: new Uint8Array(base.cellCount), solution, level, clues: 0, cages, rating: found.rating };
}

/**
 * Per killer level, the logic the start is built with and the grader calls one solution may take
 * (then a new solution is drawn): easy starts from singles and cage combinations (11 of 12 rate
 * easy), medium adds the rule of 45 (most rate 2.4-2.6 at once), hard adds intersections and pairs
 * (starts at 2.4-2.8) and climbs: 12 of 30 solutions reached 3.5-4.6 within 12 grades, about 25
 * grades a hard killer in all (docs/killer-rating.md).
 */
const KILLER_STARTS: Record<'easy' | 'medium' | 'hard', { set: LogicSet; innies: boolean; maxFailures: number; maxGrades: number }> = {
  easy: { set: 'singles', innies: false, maxFailures: KILLER_MERGE_FAILURES, maxGrades: 1 },
  medium: { set: 'singles', innies: true, maxFailures: KILLER_MERGE_FAILURES, maxGrades: 8 },
  hard: { set: 'medium', innies: true, maxFailures: KILLER_MERGE_FAILURES, maxGrades: 12 },
};

/**
 * Expert killers (killer-expert.ts): merges up to 6 cells, 30 grader calls a solution. Measured
 * (docs/killer-rating.md): merges up to 6 cells gave an expert killer from 12 of 60 and 10 of 40
 * solutions, up to 5 cells from 7 of 60, up to 7 from 4 of 30 (and each grade costs more); 20
 * grades a solution cost as much a killer as 30.
 */
const KILLER_EXPERT = { band: ratingBandOf('expert'), maxGrades: 30, maxCage: 6 };

/**
 * The puzzle with its measured level. `singles`, when known, is whether naked and hidden singles
 * alone solve it (then it is easy; when they do not and the rules have no cages, the easy set does
 * not either, the cage combinations being its only other technique).
 */
function finish(rules: Rules, givens: Uint8Array, solution: Uint8Array, singles?: boolean): Made {
  let clues = 0;
  for (const d of givens) if (d !== 0) clues++;
  let level: Made['level'];
  if (singles === true) level = 'easy';
  else if (singles === false && rules.cages.length === 0) level = solvesWith(rules, givens, 'medium') ? 'medium' : 'hard';
  else level = variantLevelOf(rules, givens);
  return { rules, givens, solution, level, clues };
}

/** A puzzle carved at level 'any': not measured, so its level says so. */
function finishAny(rules: Rules, givens: Uint8Array, solution: Uint8Array): Made {
  let clues = 0;
  for (const d of givens) if (d !== 0) clues++;
  return { rules, givens, solution, level: 'any', clues };
}

/** {@link orbitsOf}, made once per rules value and symmetry. */
const orbitsCache = new WeakMap<Rules, Map<string, number[][]>>();

function orbitsFor(rules: Rules, symmetry: 'none' | 'rotational'): number[][] {
  let bySymmetry = orbitsCache.get(rules);
  if (bySymmetry === undefined) {
    bySymmetry = new Map();
    orbitsCache.set(rules, bySymmetry);
  }
  let orbits = bySymmetry.get(symmetry);
  if (orbits === undefined) {
    orbits = orbitsOf(rules, symmetry);
    bySymmetry.set(symmetry, orbits);
  }
  return orbits;
}

/** Groups of cells given or emptied together: single cells, or pairs mapped by a half turn of the frame. */
export function orbitsOf(rules: Rules, symmetry: 'none' | 'rotational'): number[][] {
  const orbits: number[][] = [];
  const seen = new Uint8Array(rules.cellCount);
  for (let cell = 0; cell < rules.cellCount; cell++) {
    if (seen[cell]) continue;
    seen[cell] = 1;
    const orbit = [cell];
    if (symmetry === 'rotational') {
      const image = rules.cellAt[(rules.height - 1 - rules.rowOf[cell]!) * rules.width + (rules.width - 1 - rules.colOf[cell]!)]!;
      if (image >= 0 && !seen[image]) {
        seen[image] = 1;
        orbit.push(image);
      }
    }
    orbits.push(orbit);
  }
  return orbits;
}

const VARIANT_OPTION_KEYS = optionKeys<VariantOptions>({
  variant: true,
  rules: true,
  seed: true,
  index: true,
  level: true,
  symmetry: true,
  minClues: true,
  symmetricLayout: true,
  allowBoxes: true,
  killerGivens: true,
  maxAttempts: true,
});

/**
 * The caller's options, own keys only (see ownOptions), with every value checked: a wrong one is an
 * OptionError naming it, never a run that ends in MAX_ATTEMPTS (a level the generator has not) or a
 * puzzle of other options.
 */
function checkVariantOptions(input: VariantOptions): VariantOptions {
  const options = ownOptions(input, VARIANT_OPTION_KEYS, 'generateVariant');
  const bad = (message: string): never => {
    throw new OptionError('BAD_OPTION', `generateVariant: ${message}`);
  };
  if (typeof options.seed !== 'string') bad(`seed must be a string (got ${typeof options.seed})`);
  if (!Number.isSafeInteger(options.index) || options.index < 0) bad(`index must be a whole number from 0 (got ${shownValue(options.index)})`);
  if (options.symmetry !== undefined && options.symmetry !== 'none' && options.symmetry !== 'rotational') bad(`symmetry must be none or rotational (got ${shownValue(options.symmetry)})`);
  if (options.minClues !== undefined && (!Number.isSafeInteger(options.minClues) || options.minClues < 0)) bad(`minClues must be a whole number from 0 (got ${shownValue(options.minClues)})`);
  if (options.maxAttempts !== undefined && (!Number.isSafeInteger(options.maxAttempts) || options.maxAttempts < 1)) bad(`maxAttempts must be a whole number from 1 (got ${shownValue(options.maxAttempts)})`);
  for (const flag of ['symmetricLayout', 'allowBoxes', 'killerGivens'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean') bad(`${flag} must be true or false`);
  }
  if (options.rules !== undefined && (typeof options.rules !== 'object' || options.rules === null || !Array.isArray(options.rules.houses))) bad('rules must be a rules value (buildRules, classicRules...)');
  if (options.level !== undefined) {
    const named = options.rules === undefined && (VARIANT_NAMES as readonly string[]).includes(options.variant ?? 'classic');
    const offered = named ? variantLevels(options.variant ?? 'classic', options.killerGivens === true).levels : options.rules !== undefined && gradedRules(options.rules) ? GRADED : TECHNIQUE_SETS;
    // An unknown variant name is refused by generateVariant itself.
    if ((named || options.rules !== undefined) && !offered.includes(options.level)) bad(`level must be one of ${offered.join(', ')} for ${options.rules !== undefined ? 'these rules' : (options.variant ?? 'classic')} (got ${shownValue(options.level)})`);
  }
  return options;
}
