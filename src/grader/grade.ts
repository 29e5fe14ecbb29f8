import { applyStep, boardFromGrid, cloneBoard, placeDigit, type Board } from '../core/board.js';
import { OptionError, optionKeys, ownOptions, shownValue } from '../core/errors.js';
import { geometryOf, type Geometry } from '../core/geometry.js';
import { findConflict, describeConflict, type Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';
import type { Step } from '../core/step.js';
import type { Puzzle } from '../rules/puzzle.js';
import { sourceOf } from '../rules/solver-link.js';
import type { Rules } from '../rules/types.js';
import { sharedSolver } from '../solver/index.js';
import { ladderGroups, type LadderGroup } from '../techniques/ladder.js';
import { explainForcing } from '../techniques/forcing/explain.js';
import type { ForcingContext, ForcingExplain } from '../techniques/forcing/find.js';
import type { TechniqueContext } from '../techniques/types.js';
import { CHAIN_KIND_IDS, findChainStep } from '../techniques/chains/index.js';
import { GradeError } from './grade-error.js';
import { guessStep } from './guess.js';
import { PathTally } from './tally.js';
import { isGeneralRules } from './general/link.js';
import { GUESS_DIFFICULTY, type Level } from './levels.js';
import { variantGrading } from './variant-link.js';

/** Options of the grader. */
export interface GradeOptions {
  /**
   * Use the techniques that assume a unique solution (unique rectangles, BUG). Default true.
   * With false, a puzzle with several solutions can be graded (its grade says so).
   */
  uniqueness?: boolean;
  /**
   * Stop as soon as the rating is known to exceed this (for the generator): techniques rated above
   * it are not even tried. The grade then has `lowerBound: true` and a rating above `maxRating`.
   */
  maxRating?: number;
  /**
   * Node expansions each forcing-chain search of the general grader (other sizes, Samurai) may
   * spend (default 5,000,000, far above any path measured). A search that gives up stops the
   * path there, as `maxRating` does: the grade is a lower bound (`lowerBound: true`, hardest
   * `unknown`, rating at least that technique's base).
   */
  effortLimit?: number;
}

/** The grade of a puzzle. */
export interface Grade {
  /** Sudoku Explainer scale, one decimal: the hardest step on the path (serate's ER). */
  rating: number;
  /**
   * serate's EP ("pearl"): the hardest step up to and including the first step that places a digit.
   * Equal to `rating` for a puzzle whose first placement needs its hardest technique.
   */
  pearl: number;
  /** serate's ED ("diamond"): the difficulty of the path's first step. */
  diamond: number;
  level: Level;
  /** Technique id of the hardest step (`none` for a solved grid, `unknown` when `maxRating`, or the general grader's `effortLimit`, stopped the path). */
  hardest: string;
  /** Steps per technique id (`guess` included). */
  counts: Record<string, number>;
  /** Steps on the path, guesses included. */
  steps: number;
  /** Guesses the path needed (0 when logic alone solves it). */
  guesses: number;
  /** The counting solver's effort on the puzzle: a second, purely mechanical measure. */
  solver: { nodes: number; guesses: number };
  /** True when the grading stopped early (a bound or `maxRating`): the rating is "at least". */
  lowerBound: boolean;
  /** False when the puzzle has several solutions (only graded with `uniqueness: false`). */
  unique: boolean;
}

export { GradeError, type GradeErrorCode } from './grade-error.js';

/**
 * Once a path needed a guess its rating is settled (a guess is rated at the top of the scale), so the
 * rest of the path only uses the techniques below this difficulty, and guesses again when they are stuck.
 * This bounds the work on near-empty grids (graded with uniqueness off), where the expensive forcing
 * chains would otherwise run to their effort bound before every guess.
 */
const AFTER_GUESS_LIMIT = 7.45;

/** Most steps a path may have: each step removes at least one of the at most 729 candidates. */
const MAX_STEPS = 800;


/** What checking a puzzle found (variant-grading.ts makes it for other rules). */
export interface Checked {
  unique: boolean;
  stats: { nodes: number; guesses: number };
}

/**
 * What the grader works on: the 81 givens, and for rules other than classic their rules value and
 * geometry (undefined for classic, which keeps the classic tables and band solver).
 */
export interface Target {
  grid: Grid;
  rules: Rules | undefined;
  geometry: Geometry | undefined;
}

/** What the grading calls take: a classic grid, or a `{ rules, givens }` puzzle of a 9x9 rule set (jigsaw, X, windoku...). */
export type GradeInput = GridInput | Puzzle;

/** Whether an input is a `{ rules, givens }` puzzle (not a grid or a board). */
function isPuzzle(input: unknown): input is Partial<Puzzle> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && !(input instanceof Uint8Array) && 'rules' in input;
}

/** The target of an input: classic grids and classic 9x9 rules go the classic way. */
function targetOf(input: GradeInput): Target {
  // A { rules, givens } puzzle: checked by variant-grading.ts, linked in by buildRules.
  return isPuzzle(input) ? variantGrading().target(input) : { grid: toGrid(input as GridInput), rules: undefined, geometry: undefined };
}

/** Checks a puzzle with the counting solver (the variant one for other rules); throws a GradeError when it cannot be graded. */
function checkPuzzle(grid: Grid, uniqueness: boolean, rules?: Rules): Checked {
  if (rules !== undefined) return variantGrading().check(grid, uniqueness, rules);
  const conflict = findConflict(grid);
  if (conflict) throw new GradeError('CONFLICT', `invalid puzzle: ${describeConflict(conflict)}`);
  const s = sharedSolver();
  const count = s.count(grid, 2);
  const stats = { nodes: s.stats.nodes, guesses: s.stats.guesses };
  if (count === 0) throw new GradeError('NO_SOLUTION', 'the puzzle has no solution');
  if (count > 1 && uniqueness) {
    throw new GradeError('MULTIPLE_SOLUTIONS', 'the puzzle has several solutions (grade it with uniqueness off to rate it anyway)');
  }
  return { unique: count === 1, stats };
}

/** Whether a board has a solution (given its placed digits and candidates; under `rules` when given). */
function solvable(board: Board, rules: Rules | undefined): boolean {
  return rules === undefined ? sharedSolver().countBoard(board, 1) > 0 : variantGrading().solvable(board, rules);
}

/** Options of {@link nextStep}. */
export interface StepOptions {
  /** Use uniqueness-based techniques. Default true. */
  uniqueness?: boolean;
  /** Only try techniques whose base difficulty is at most this. */
  maxDifficulty?: number;
  /**
   * The rules of a board passed to {@link nextStep} or {@link hintStep} (a 9x9 rule set: jigsaw,
   * X, windoku...; or another size or Samurai, whose board has one entry per cell of the rules);
   * default classic. A `{ rules, givens }` puzzle carries its own.
   */
  rules?: Rules;
}

/**
 * The easiest logical step on a board, chosen the way Sudoku Explainer chooses: the ladder's
 * producer groups are tried in order and the first group with a step wins; within a group (chains)
 * the easiest of its techniques' steps is taken. Null when no technique applies (a guess is
 * needed). The board is not changed.
 */
export function nextStep(position: Readonly<Board> | Puzzle, options: StepOptions = {}): Step | null {
  options = checkStepOptions(options);
  const uniqueness = options.uniqueness ?? true;
  const general = generalStep(position, options, false);
  if (general !== undefined) return general;
  const { board, geometry } = boardOf(position, options.rules);
  return findInLadder(board, ladderGroups({ uniqueness, geometry }), contextOf(uniqueness, geometry, explainForcing), options.maxDifficulty ?? Infinity).step;
}

/**
 * The step of a position of rules other than 9x9 (a board under such `options.rules`, or such a
 * `{ rules, givens }` puzzle), from the general grader (variant-grading.ts, linked in by
 * buildRules); undefined for every other position.
 */
function generalStep(position: Readonly<Board> | GradeInput, options: StepOptions, guess: boolean): Step | null | undefined {
  const { rules } = options;
  if (isBoard(position)) return rules !== undefined && isGeneralRules(rules) ? variantGrading().generalStep(position, rules, options, guess) : undefined;
  return isPuzzle(position) ? variantGrading().generalStep(position, undefined, options, guess) : undefined;
}

/** The context of a search; `explain` is what explains a forcing step, handed in only by the calls that show steps (none: the rating). */
function contextOf(uniqueness: boolean, geometry: Geometry | undefined, explain: ForcingExplain | undefined): ForcingContext {
  const context: ForcingContext = { uniqueness };
  if (explain !== undefined) context.forcingExplain = explain;
  if (geometry !== undefined) context.geometry = geometry;
  return context;
}

/** The board and geometry of a position: a board (under `rules`, default classic) or a `{ rules, givens }` puzzle. */
function boardOf(position: Readonly<Board> | Puzzle | GridInput, rules: Rules | undefined): { board: Board; geometry: Geometry | undefined; rules: Rules | undefined } {
  if (isBoard(position)) {
    const geometry = rules === undefined ? undefined : geometryOf(rules);
    const classic = geometry === undefined || geometry.classic;
    return { board: position as Board, geometry: classic ? undefined : geometry, rules: classic ? undefined : rules };
  }
  const target = targetOf(position as GradeInput);
  return { board: boardFromGrid(target.grid, target.geometry), geometry: target.geometry, rules: target.rules };
}

interface LadderResult {
  step: Step | null;
  /** Lowest base difficulty of a group skipped because of the difficulty limit (Infinity if none). */
  skipped: number;
  /** Highest difficulty of a technique that gave up at its effort bound without a step (0 if none). */
  bounded: number;
  /** That technique's id. */
  boundedBy: string;
}

const CHAIN_KIND_OF_ID = new Map<string, number>(
  Object.entries(CHAIN_KIND_IDS).map(([kind, id]) => [id, Number(kind)]),
);

/** For the chains group, the kinds whose base difficulty is within the limit (0 for other groups). */
function chainKindsWithin(group: LadderGroup, limit: number): number {
  let kinds = 0;
  for (const def of group.techniques) {
    const kind = CHAIN_KIND_OF_ID.get(def.id);
    if (kind === undefined) return 0;
    if (def.difficulty <= limit) kinds |= kind;
  }
  return kinds;
}

/** SE's levels 4 and 5 (nested dynamic chains): seconds per search, so worth a check before them. */
const DEEP_NESTING = 10.5;

/**
 * The first producer group (in ladder order) with a step, Sudoku Explainer's way. On rules with
 * killer cages, whose techniques span wide ranges (a cage combination is 1.6 to 3.0, an
 * arrangement 2.6 to 4.4), the later groups whose base difficulty is below the step found are
 * asked too and the easiest step is taken, as docs/killer-rating.md rates killers.
 */
function findInLadder(board: Readonly<Board>, groups: readonly LadderGroup[], context: TechniqueContext, limit: number): LadderResult {
  let bounded = 0;
  let boundedBy = '';
  let deepChecked = false;
  const easiestAcross = context.geometry?.rules != null && context.geometry.rules.cages.length > 0;
  let found: Step | null = null;
  for (const group of groups) {
    if (found !== null && group.difficulty >= found.difficulty) break;
    if (group.difficulty > limit) {
      if (found !== null) break;
      return { step: null, skipped: group.difficulty, bounded, boundedBy };
    }
    if (group.difficulty >= DEEP_NESTING && !deepChecked && context.geometry === undefined) {
      deepChecked = true;
      if (nothingToDeduce(board)) return { step: null, skipped: Infinity, bounded, boundedBy };
    }
    let best: Step | null = null;
    // The chains family is in a non-classic ladder only once it reads the geometry (registry.ts).
    const chainKinds = chainKindsWithin(group, limit);
    if (chainKinds !== 0) {
      // SE's chaining producer: one search over one implication graph, its exact choice of the
      // easiest hint (unrounded difficulty, then length), rather than one search per kind.
      const step = findChainStep(board, context.geometry === undefined ? { kinds: chainKinds } : { kinds: chainKinds, geometry: context.geometry });
      if (step && countChanges(board, step) > 0) best = step;
    } else {
      for (const def of group.techniques) {
        if (def.difficulty > limit) break;
        if (best && def.difficulty >= best.difficulty) break;
        const step = def.find(board, context);
        if (!step) continue;
        // A step that changes nothing is no progress (SE's "isWorth"): treat it as not found. A
        // technique that hit its effort bound says so with such a step marked `truncated`.
        if (countChanges(board, step) === 0) {
          if (step.truncated && step.difficulty > bounded) {
            bounded = step.difficulty;
            boundedBy = step.technique;
          }
          continue;
        }
        if (!best || step.difficulty < best.difficulty) best = step;
      }
    }
    if (best && !easiestAcross) return { step: best, skipped: Infinity, bounded, boundedBy };
    if (best && (found === null || best.difficulty < found.difficulty)) found = best;
  }
  return { step: found, skipped: Infinity, bounded, boundedBy };
}

/**
 * Whether a board of a puzzle with several solutions has every candidate left in some solution:
 * then no technique has a step (each removes only candidates no solution has), and the deepest
 * searches, which would spend seconds finding nothing on a near-empty grid, need not run. Each
 * solution found marks its 81 candidates, so few solver calls are made.
 */
function nothingToDeduce(board: Readonly<Board>): boolean {
  const s = sharedSolver();
  if (s.countBoard(board as Board, 2) < 2) return false;
  const possible = new Uint16Array(81);
  const markSolution = (): void => {
    for (let cell = 0; cell < 81; cell++) possible[cell] = possible[cell]! | (1 << (s.solution[cell]! - 1));
  };
  markSolution();
  const trial = cloneBoard(board as Board);
  for (let cell = 0; cell < 81; cell++) {
    if (board.values[cell] !== 0) continue;
    let open = board.candidates[cell]! & ~possible[cell]!;
    while (open !== 0) {
      const bit = open & -open;
      open ^= bit;
      trial.values.set(board.values);
      trial.candidates.set(board.candidates);
      placeDigit(trial, cell, 32 - Math.clz32(bit));
      if (s.countBoard(trial, 1) === 0) return false;
      markSolution();
      open &= ~possible[cell]!;
    }
  }
  return true;
}

/** What {@link runPath} found. */
export interface PathResult {
  grade: Grade;
  steps: Step[];
}

/** Runs the whole path, recording steps when `record`, its forcing steps explained by `explain` when given. */
function runPath(target: Target, options: GradeOptions, record: boolean, explain: ForcingExplain | undefined): PathResult {
  const { grid, rules, geometry } = target;
  const uniqueness = options.uniqueness ?? true;
  const checked = checkPuzzle(grid, uniqueness, rules);
  const limit = options.maxRating ?? Infinity;
  const groups = ladderGroups({ uniqueness, geometry });
  // What explains a forcing step only matters when the steps are shown.
  const context = contextOf(uniqueness, geometry, record ? explain : undefined);
  const board = boardFromGrid(grid, geometry);
  const steps: Step[] = [];
  const tally = new PathTally();
  let lowerBound = false;
  let empty = 0;
  for (let cell = 0; cell < 81; cell++) if (board.values[cell] === 0) empty++;

  while (empty > 0) {
    if (tally.stepCount >= MAX_STEPS) {
      lowerBound = true;
      break;
    }
    const found = findInLadder(board, groups, context, tally.guessCount > 0 ? Math.min(limit, AFTER_GUESS_LIMIT) : limit);
    let step = found.step;
    if (found.bounded > 0 || step?.truncated) {
      // Some search stopped at its bound: the path may not be the easiest, the rating is "at least".
      lowerBound = true;
      tally.raiseTo(found.bounded, found.boundedBy);
    }
    if (!step && found.skipped !== Infinity && found.skipped > limit) {
      // Only techniques above the limit could go on: the rating is at least their difficulty.
      tally.raiseTo(found.skipped, 'unknown');
      lowerBound = true;
      break;
    }
    if (!step) {
      if (GUESS_DIFFICULTY > limit) {
        tally.guessBeyondLimit();
        lowerBound = true;
        break;
      }
      step = guessStep(board, (trial) => solvable(trial, rules), geometry);
      if (!step) throw new Error('grader: no candidate of the guessed cell leads to a solution');
      tally.guessCount++;
    }
    const before = empty;
    applyStep(board, step, geometry);
    empty = before - step.placements.length;
    tally.takeStep(step);
    if (record) steps.push(step);
    if (tally.topRating > limit) {
      lowerBound ||= empty > 0;
      break;
    }
  }
  return { grade: tally.toGrade(lowerBound, checked.stats, checked.unique), steps };
}

/** Number of candidates a step removes or cells it fills (0 means the step is useless). */
function countChanges(board: Readonly<Board>, step: Step): number {
  let n = 0;
  for (const p of step.placements) if (board.values[p.cell] === 0) n++;
  for (const e of step.eliminations) if (board.candidates[e.cell]! & (1 << (e.digit - 1))) n++;
  return n;
}

/**
 * Grades a puzzle on the Sudoku Explainer scale: at each step the easiest technique that applies is
 * used, and the rating is the hardest step's difficulty. When no technique applies, a guess is made
 * (and counted), so every valid puzzle gets a grade.
 * @throws GradeError for conflicting givens, no solution, or several solutions with uniqueness on.
 */
export function gradePuzzle(puzzle: GradeInput, options: GradeOptions = {}): Grade {
  return gradeInput(puzzle, options, false, undefined).grade;
}

/** The solving path of a puzzle (a classic grid or a `{ rules, givens }` puzzle of any rules but killers off 9x9), one step per entry (guesses included). */
export function solvePath(puzzle: GradeInput, options: GradeOptions = {}): Step[] {
  return gradeInput(puzzle, options, true, explainForcing).steps;
}

/** The grade of a puzzle together with its solving path (what `explain` prints). */
export function gradeWithPath(puzzle: GradeInput, options: GradeOptions = {}): { grade: Grade; steps: Step[] } {
  return gradeInput(puzzle, options, true, explainForcing);
}

/**
 * The grade and solving path of a puzzle whose steps are read, not shown (the generator reads
 * their placements and difficulties): {@link gradeWithPath}'s steps without what explains a
 * forcing step (its premise and chains). Not public.
 */
export function gradeWithBarePath(puzzle: GradeInput, options: GradeOptions = {}): { grade: Grade; steps: Step[] } {
  return gradeInput(puzzle, options, true, undefined);
}

function gradeInput(puzzle: GradeInput, options: GradeOptions, record: boolean, explain: ForcingExplain | undefined): PathResult {
  options = checkGradeOptions(options);
  // A { rules, givens } puzzle: checked and dispatched (other sizes and Samurai to the general
  // grader) by variant-grading.ts, linked in by buildRules.
  if (isPuzzle(puzzle)) return variantGrading().grade(puzzle, options, record, (target, o, r) => runPath(target, o, r, explain));
  return runPath({ grid: toGrid(puzzle), rules: undefined, geometry: undefined }, options, record, explain);
}

/** The keys of {@link GradeOptions} (the grading pool checks a batch's options with them too). */
export const GRADE_OPTION_KEYS = optionKeys<GradeOptions>({ uniqueness: true, maxRating: true, effortLimit: true });
// Pure: bundles that take no step call drop it.
const STEP_OPTION_KEYS = /* @__PURE__ */ optionKeys<StepOptions>({ uniqueness: true, maxDifficulty: true, rules: true });

/** Refuses unknown keys and values of the wrong kind ({@link OptionError}); returns the own keys. */
function checkGradeOptions(options: GradeOptions): GradeOptions {
  const own = checkOptions(options, GRADE_OPTION_KEYS, 'grade', 'maxRating');
  checkNumber(own.effortLimit, 'effortLimit');
  return own;
}

/** The same for the options of a step ({@link hintStep}, {@link nextStep}). */
function checkStepOptions(options: StepOptions): StepOptions {
  const own = checkOptions(options, STEP_OPTION_KEYS, 'hint', 'maxDifficulty');
  const rules: unknown = own.rules;
  if (rules !== undefined && (typeof rules !== 'object' || rules === null || sourceOf(rules as Rules) === undefined)) {
    throw new OptionError('BAD_OPTION', `rules must be a rules value (buildRules, classicRules...), got ${shownValue(rules)}`);
  }
  return own;
}

function checkOptions<T extends { uniqueness?: boolean }>(options: T, keys: readonly string[], what: string, limit: string): T {
  const own = ownOptions(options, keys, what);
  checkBoolean(own.uniqueness, 'uniqueness');
  checkNumber((own as Record<string, unknown>)[limit], limit);
  return own;
}

function checkBoolean(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'boolean') throw new OptionError('BAD_OPTION', `${name} must be true or false (got ${shownValue(value)})`);
}

function checkNumber(value: unknown, name: string): void {
  if (value !== undefined && (typeof value !== 'number' || Number.isNaN(value))) {
    throw new OptionError('BAD_OPTION', `${name} must be a number (got ${shownValue(value)})`);
  }
}

/**
 * The next step for a puzzle in its current state (a grid, or a board with pencil marks), a guess
 * when no technique applies; null when the puzzle is already solved.
 * @throws GradeError when the puzzle cannot be graded (checked on the grid of placed digits).
 */
export function hintStep(position: GradeInput | Board, options: StepOptions = {}): Step | null {
  options = checkStepOptions(options);
  const general = generalStep(position, options, true);
  if (general !== undefined) return general;
  const found = boardOf(position, options.rules);
  const board = isBoard(position) ? cloneBoard(found.board) : found.board;
  const uniqueness = options.uniqueness ?? true;
  checkPuzzle(board.values, uniqueness, found.rules);
  let empty = false;
  for (let cell = 0; cell < 81; cell++) if (board.values[cell] === 0) empty = true;
  if (!empty) return null;
  const stepOptions: StepOptions = { ...options };
  if (found.rules !== undefined) stepOptions.rules = found.rules;
  return nextStep(board, stepOptions) ?? guessStep(board, (trial) => solvable(trial, found.rules), found.geometry);
}

function isBoard(position: unknown): position is Board {
  return typeof position === 'object' && position !== null && !Array.isArray(position) && !(position instanceof Uint8Array) && 'candidates' in position;
}
