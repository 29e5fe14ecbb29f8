import { CodedError, ownCopy, shownValue as shown } from '../core/errors.js';
import { LEVELS, isLevel, type Level } from '../grader/index.js';
import { GRADER_LADDER, graderTechniqueById } from '../techniques/ladder.js';
import { SYMMETRIES, type Symmetry } from './symmetry.js';

/** Options of {@link generate} (all but `seed` optional). */
export interface GenerateOptions {
  /** Any string. The same seed and options give the same puzzles. */
  seed: string;
  /** How many puzzles. Default 1. */
  count?: number;
  /** 1-based index of the first puzzle (for shards: `start: 51, count: 50` gives puzzles 51-100). Default 1. */
  start?: number;
  /** A grader level. Excludes `rating`. */
  difficulty?: Level;
  /** A band on the rating scale, both ends included. Excludes `difficulty`. */
  rating?: RatingBand;
  /** A technique id (see the registry) that the grader's path must use. */
  technique?: string;
  /**
   * A "pearl": the hardest step comes no later than the first placement (serate's EP equals ER).
   * Default false.
   */
  pearl?: boolean;
  /** A "diamond": the very first step is the hardest (serate's ED equals ER; a diamond is also a pearl). Default false. */
  diamond?: boolean;
  /** Symmetry of the givens. Default `none`. */
  symmetry?: Symmetry;
  /** No given can be removed (no symmetric group of givens, with a symmetry) without losing uniqueness. */
  minimal?: boolean;
  /** Fewest givens. Default 17. */
  cluesMin?: number;
  /** Most givens. Default 81. */
  cluesMax?: number;
  /** Give up after this many milliseconds for the whole run (throws a GenerateError `TIMEOUT`). */
  timeoutMs?: number;
  /** Give up on a puzzle after this many full grids tried (throws a GenerateError `MAX_ATTEMPTS`). Default {@link DEFAULT_MAX_ATTEMPTS}. */
  maxAttempts?: number;
}

/** The keys of {@link GenerateOptions}: any other key is refused (a misspelt option would be ignored). */
export const GENERATE_OPTION_KEYS: readonly string[] = [
  'seed', 'count', 'start', 'difficulty', 'rating', 'technique', 'pearl', 'diamond', 'symmetry', 'minimal', 'cluesMin', 'cluesMax', 'timeoutMs', 'maxAttempts',
];

/** A closed band of ratings. */
export interface RatingBand {
  min: number;
  max: number;
}

/** Stable codes of option problems. */
export type GenerateOptionCode =
  | 'BAD_SEED'
  | 'BAD_COUNT'
  | 'BAD_START'
  | 'BAD_LEVEL'
  | 'BAD_RATING'
  | 'BAD_TECHNIQUE'
  | 'BAD_SYMMETRY'
  | 'BAD_CLUES'
  | 'BAD_LIMIT'
  | 'BAD_JOBS'
  | 'BAD_OPTION'
  | 'UNKNOWN_OPTION'
  | 'CONFLICT';

/** An option (or combination of options) that cannot work; the message says which and why. */
export class GenerateOptionError extends CodedError<GenerateOptionCode> {
  override readonly name = 'GenerateOptionError';
}

/** Options after validation, with defaults filled in. */
export interface ResolvedOptions {
  seed: string;
  count: number;
  start: number;
  /** The requested level, if any. */
  level: Level | undefined;
  /** The rating band to hit (from the level or `rating`); [0, Infinity] when none was asked. */
  band: RatingBand;
  /** Technique id the path must use. */
  technique: string | undefined;
  /** EP must equal ER. */
  pearl: boolean;
  /** ED must equal ER. */
  diamond: boolean;
  symmetry: Symmetry;
  minimal: boolean;
  cluesMin: number;
  cluesMax: number;
  timeoutMs: number;
  maxAttempts: number;
  /** Canonical text of the options that shape a puzzle: part of every puzzle's random seed. */
  key: string;
}

/** Highest rating of the scale (a guess is rated 11.0 by the grader; some chains go above). */
export const MAX_RATING = 12;
/** Fewest givens a uniquely solvable Sudoku can have. */
export const MIN_CLUES = 17;
/** Fewest givens worth asking random generation for (17 and 18 exist but are found by other means). */
export const MIN_REACHABLE_CLUES = 19;
/**
 * Full grids tried for one puzzle before a run gives up, unless `maxAttempts` says otherwise. Every
 * run is bounded: a target that is rare (a rating band of 0.1 near the top, few givens for an easy
 * level) ends with a GenerateError saying how many puzzles were made, instead of running forever.
 * Common targets need 1 to 50 grids a puzzle (extreme: about 10).
 */
export const DEFAULT_MAX_ATTEMPTS = 10_000;
/** Lowest rating random generation reaches: 1.0 (full houses only) needs nearly every cell given. */
export const MIN_REACHABLE_RATING = 1.2;
/**
 * Ratings above this are out of reach of random generation (the hardest puzzles known rate
 * 11.x and were found by years of searching, not by carving random grids).
 */
export const MAX_REACHABLE_RATING = 11.0;
/** Most puzzles in one run (the worker pool counts indices in 32 bits). */
export const MAX_COUNT = 2 ** 31 - 1;
/**
 * Most givens of a minimal puzzle we accept a request for. The largest minimal puzzles known have
 * 40 givens and are astronomically rare; random minimal puzzles have 20-30.
 */
export const MAX_MINIMAL_CLUES = 35;

/** The rating band of a level: above the previous level's maximum, up to its own. */
export function levelBand(level: Level): RatingBand {
  const i = LEVELS.findIndex((row) => row.level === level);
  const min = i === 0 ? 0 : LEVELS[i - 1]!.maxRating + 0.05;
  return { min, max: LEVELS[i]!.maxRating };
}

/** Reads a band such as `4.0-6.0` (or one value `4.5`). */
export function parseRatingBand(text: string): RatingBand {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?$/.exec(text);
  if (!match) throw new GenerateOptionError('BAD_RATING', `rating band "${text}" is not of the form MIN-MAX, e.g. 4.0-6.0`);
  const min = Number(match[1]);
  return { min, max: match[2] === undefined ? min : Number(match[2]) };
}

function positiveInteger(value: unknown, name: string, code: GenerateOptionCode, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new GenerateOptionError(code, `${name} must be a whole number of at least 1 (got ${shown(value)})`);
  }
  if (!Number.isSafeInteger(value) || value > max) throw new GenerateOptionError(code, `${name} ${value} is too large (at most ${max})`);
  return value;
}

/**
 * Refuses unknown keys and values of the wrong kind, before any value is looked at closely; returns
 * the caller's own keys only (see `ownCopy`: a key set on Object.prototype is no option).
 */
export function checkShape(options: GenerateOptions): GenerateOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new GenerateOptionError('BAD_OPTION', 'generator options must be an object such as { seed: "book-1", difficulty: "hard" }');
  }
  for (const key of Object.keys(options)) {
    if (key === 'jobs') {
      throw new GenerateOptionError('UNKNOWN_OPTION', "jobs (worker threads) is an option of generate from 'sudoku-press/node'; this one makes puzzles in this thread");
    }
    if (!GENERATE_OPTION_KEYS.includes(key)) {
      throw new GenerateOptionError('UNKNOWN_OPTION', `unknown generator option "${key}" (known: ${GENERATE_OPTION_KEYS.join(', ')})`);
    }
  }
  const o = options as unknown as Record<string, unknown>;
  for (const key of ['difficulty', 'technique', 'symmetry'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'string') throw new GenerateOptionError('BAD_OPTION', `${key} must be a string (got ${shown(o[key])})`);
  }
  for (const key of ['pearl', 'diamond', 'minimal'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'boolean') throw new GenerateOptionError('BAD_OPTION', `${key} must be true or false (got ${shown(o[key])})`);
  }
  if (o['rating'] !== undefined && (typeof o['rating'] !== 'object' || o['rating'] === null)) {
    throw new GenerateOptionError('BAD_RATING', `rating must be a band such as { min: 4.0, max: 6.0 } (got ${shown(o['rating'])})`);
  }
  const own = ownCopy(options);
  if (own.rating !== undefined) own.rating = ownCopy(own.rating);
  return own;
}

/** Checks the options and fills in defaults. Throws a GenerateOptionError naming the problem. */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  options = checkShape(options);
  if (typeof options.seed !== 'string') throw new GenerateOptionError('BAD_SEED', 'seed must be a string');
  const count = positiveInteger(options.count, 'count', 'BAD_COUNT', 1, MAX_COUNT);
  const start = positiveInteger(options.start, 'start', 'BAD_START', 1);
  if (count - 1 > Number.MAX_SAFE_INTEGER - start) {
    // Not start + count - 1: past 2^53 that sum rounds, and a sum that should fail passes.
    throw new GenerateOptionError('BAD_COUNT', `start ${start} + count ${count} goes past the largest index, ${Number.MAX_SAFE_INTEGER}`);
  }
  const maxAttempts = positiveInteger(options.maxAttempts, 'max attempts', 'BAD_LIMIT', DEFAULT_MAX_ATTEMPTS);
  let timeoutMs = Number.POSITIVE_INFINITY;
  if (options.timeoutMs !== undefined) {
    if (typeof options.timeoutMs !== 'number' || !(options.timeoutMs > 0)) throw new GenerateOptionError('BAD_LIMIT', `timeout must be more than 0 (got ${shown(options.timeoutMs)})`);
    timeoutMs = options.timeoutMs;
  }

  if (options.difficulty !== undefined && options.rating !== undefined) {
    throw new GenerateOptionError('CONFLICT', 'give either a difficulty or a rating band, not both');
  }
  let band: RatingBand = { min: 0, max: Number.POSITIVE_INFINITY };
  let level: Level | undefined;
  if (options.difficulty !== undefined) {
    if (!isLevel(options.difficulty)) {
      throw new GenerateOptionError('BAD_LEVEL', `unknown difficulty "${options.difficulty}" (one of ${LEVELS.map((r) => r.level).join(', ')})`);
    }
    level = options.difficulty;
    band = levelBand(level);
  }
  if (options.rating !== undefined) {
    const { min, max } = options.rating;
    if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max)) throw new GenerateOptionError('BAD_RATING', 'rating band ends must be numbers');
    if (min > max) throw new GenerateOptionError('BAD_RATING', `rating band ${min}-${max} is reversed (the lower end comes first)`);
    if (max < 1 || min > MAX_RATING) {
      throw new GenerateOptionError('BAD_RATING', `rating band ${min}-${max} is empty: ratings run from 1.0 to ${MAX_RATING.toFixed(1)}`);
    }
    if (max < MIN_REACHABLE_RATING) {
      throw new GenerateOptionError(
        'BAD_RATING',
        `rating band ${min}-${max} is out of reach: a puzzle rated below ${MIN_REACHABLE_RATING.toFixed(1)} (full houses only) has nearly every cell given; ask for ${MIN_REACHABLE_RATING.toFixed(1)} or more`,
      );
    }
    if (min > MAX_REACHABLE_RATING) {
      throw new GenerateOptionError(
        'BAD_RATING',
        `rating band ${min}-${max} is out of reach: random puzzles above ${MAX_REACHABLE_RATING.toFixed(1)} are too rare to find (the hardest known were found by years of search)`,
      );
    }
    band = { min, max };
  }

  let technique: string | undefined;
  if (options.technique !== undefined) {
    const def = graderTechniqueById(options.technique);
    if (!def) {
      throw new GenerateOptionError('BAD_TECHNIQUE', `unknown technique "${options.technique}" (one of ${GRADER_LADDER.map((t) => t.id).join(', ')})`);
    }
    if (def.difficulty > band.max + 1e-9) {
      throw new GenerateOptionError(
        'CONFLICT',
        `technique ${def.id} (rated ${def.difficulty.toFixed(1)}) cannot be needed by a puzzle rated at most ${band.max.toFixed(1)}`,
      );
    }
    technique = def.id;
  }

  const pearl = options.pearl ?? false;
  const diamond = options.diamond ?? false;
  if ((pearl || diamond) && options.minimal) {
    // Pearls are made by adding givens to a carved puzzle; minimal ones are too rare to search for.
    throw new GenerateOptionError('CONFLICT', `${diamond ? 'diamond' : 'pearl'} puzzles cannot also be minimal (they are made by adding givens)`);
  }

  const symmetry = options.symmetry ?? 'none';
  if (!(SYMMETRIES as readonly string[]).includes(symmetry)) {
    throw new GenerateOptionError('BAD_SYMMETRY', `unknown symmetry "${symmetry}" (one of ${SYMMETRIES.join(', ')})`);
  }

  const minimal = options.minimal ?? false;
  const cluesMin = options.cluesMin ?? MIN_CLUES;
  const cluesMax = options.cluesMax ?? 81;
  for (const [name, value] of [['clues-min', cluesMin], ['clues-max', cluesMax]] as const) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 81) throw new GenerateOptionError('BAD_CLUES', `${name} must be a whole number from 0 to 81 (got ${shown(value)})`);
  }
  if (cluesMax < MIN_CLUES) {
    throw new GenerateOptionError('BAD_CLUES', `clues-max ${cluesMax} is impossible: a puzzle with one solution has at least ${MIN_CLUES} givens`);
  }
  if (cluesMax < MIN_REACHABLE_CLUES) {
    throw new GenerateOptionError(
      'BAD_CLUES',
      `clues-max ${cluesMax} is out of reach: random clue removal almost never gets below ${MIN_REACHABLE_CLUES} givens (fewer than one puzzle in millions)`,
    );
  }
  if (cluesMin > cluesMax) throw new GenerateOptionError('BAD_CLUES', `clues-min ${cluesMin} is more than clues-max ${cluesMax}`);
  if (cluesMin === 81 && band.min > 0) throw new GenerateOptionError('CONFLICT', 'a full grid (81 givens) has no difficulty');
  if (minimal && cluesMin > MAX_MINIMAL_CLUES) {
    throw new GenerateOptionError('CONFLICT', `minimal puzzles with ${cluesMin} or more givens are out of reach (random minimal puzzles have 20-30)`);
  }

  // Only what shapes a puzzle; not count, start or limits.
  // (pearl and diamond are appended only when asked, so that the puzzles of earlier runs stay the same)
  const shape: unknown[] = [level ?? null, options.rating ? [band.min, band.max] : null, technique ?? null, symmetry, minimal, cluesMin, cluesMax];
  if (pearl || diamond) shape.push(diamond ? 'diamond' : 'pearl');
  const key = JSON.stringify(shape);
  return { seed: options.seed, count, start, level, band, technique, pearl, diamond, symmetry, minimal, cluesMin, cluesMax, timeoutMs, maxAttempts, key };
}
