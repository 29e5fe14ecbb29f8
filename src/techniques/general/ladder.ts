import type { Board } from '../../core/board.js';
import type { Step } from '../../core/step.js';
import { findGeneralBug } from './bug.js';
import { findForcingChain } from './chains.js';
import { findDirectClaiming, findDirectHiddenPair, findDirectHiddenTriple, findDirectPointing } from './direct.js';
import { findGeneralAlignedPair, findGeneralAlignedTriple } from './exclusion.js';
import {
  findDynamicForcingChains,
  findDynamicForcingChainsPlus,
  findMultipleForcingChains,
  findNestedForcingChains,
  findNestedMultipleForcingChains,
  findNestedDynamicForcingChains,
  findNestedDynamicForcingChainsPlus,
  findNishioForcingChains,
} from './forcing.js';
import { findJellyfish, findSwordfish, findXWing } from './fish.js';
import { findClaiming, findGeneralizedIntersection, findPointing } from './intersections.js';
import { findGeneralUniqueLoop } from './loops.js';
import { fillScan, type GeneralScan } from './places.js';
import { findFullHouse, findHiddenSingleBox, findHiddenSingleHouse, findHiddenSingleLine, findNakedSingle } from './singles.js';
import { findHiddenPair, findHiddenQuad, findHiddenTriple, findNakedPair, findNakedQuad, findNakedTriple } from './subsets.js';
import { findXyWing, findXyzWing } from './wings.js';

/** A technique of the general ladder: a pure function from the board (and its scan) to one step, or null. */
export interface GeneralTechnique {
  /** The 9x9 ladder's id (src/techniques/registry.ts): names and texts come from there. */
  readonly id: string;
  /** Its difficulty on the Sudoku Explainer scale. */
  readonly difficulty: number;
  readonly find: (board: Readonly<Board>, scan: GeneralScan) => Step | null;
  /** Assumes the puzzle has one solution: runs only when the scan's `uniqueness` is on. */
  readonly uniqueness?: true;
}

/**
 * The ladder for grids other than 9x9 (4x4 to 16x16, any box shape, jigsaw of any size, extra
 * houses) and for Samurai, easiest first, with the difficulties of the 9x9 ladder (Sudoku
 * Explainer's scale) so that the level table means the same: full house 1.0, hidden single 1.2
 * (box) / 1.5 (row, column; jigsaw piece or extra house), direct pointing 1.7, direct claiming 1.9,
 * direct hidden pair 2.0, naked single 2.3, direct hidden triple 2.5 (SE's direct techniques: a
 * locking or hidden set that leads at once to a hidden single, placed: direct.ts), pointing 2.6, claiming
 * 2.8, generalised intersection 2.9, naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6,
 * swordfish 3.8, hidden triple 4.0, XY-wing 4.2, XYZ-wing 4.4, unique rectangles and loops 4.5+
 * (types 1-4, the easiest of them: loops.ts), naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG
 * 5.6+ (types 1-4: bug.ts), aligned pair exclusion 6.2, bidirectional X- and Y-cycles 6.5+,
 * forcing X-chain 6.6+, XY-cycle and forcing XY-chain 7.0+ (SE's length increment; one search, see chains.ts),
 * aligned triple exclusion 7.5 (before nishio, as SE's producers go; exclusion.ts), nishio 7.5+, cell / region
 * forcing chains 8.0+, dynamic forcing chains 8.5+ and dynamic forcing chains (+) 9.0+ (their
 * runs also take what locking, hidden and naked pairs and X-wings remove because of them:
 * forcing.ts, chain-rules.ts), nested forcing chains 9.5+ (SE's level 2: where those rules find
 * nothing, the cycles and forcing chains on the run's working grid that rely on the run; nested.ts)
 * and 10.0+ (level 3: then static cell and region forcing chains too; nested-multiple.ts), 10.5+
 * (level 4: dynamic forcing chains in place of those) and 11.0+ (level 5: then nested forcing
 * chains of level 2 too; nested-dynamic.ts). The
 * uniqueness rungs run only when the scan says so (the grader's `uniqueness` option, on a puzzle
 * with one solution). Where these rungs are stuck the grader guesses (11.0), as the 9x9 grader does.
 */
export const GENERAL_LADDER: readonly GeneralTechnique[] = [
  { id: 'full-house', difficulty: 1.0, find: findFullHouse },
  { id: 'hidden-single-box', difficulty: 1.2, find: findHiddenSingleBox },
  { id: 'hidden-single-line', difficulty: 1.5, find: findHiddenSingleLine },
  { id: 'hidden-single-house', difficulty: 1.5, find: findHiddenSingleHouse },
  { id: 'direct-pointing', difficulty: 1.7, find: findDirectPointing },
  { id: 'direct-claiming', difficulty: 1.9, find: findDirectClaiming },
  { id: 'direct-hidden-pair', difficulty: 2.0, find: findDirectHiddenPair },
  { id: 'naked-single', difficulty: 2.3, find: findNakedSingle },
  { id: 'direct-hidden-triple', difficulty: 2.5, find: findDirectHiddenTriple },
  { id: 'pointing', difficulty: 2.6, find: findPointing },
  { id: 'claiming', difficulty: 2.8, find: findClaiming },
  { id: 'generalized-intersection', difficulty: 2.9, find: findGeneralizedIntersection },
  { id: 'naked-pair', difficulty: 3.0, find: findNakedPair },
  { id: 'x-wing', difficulty: 3.2, find: findXWing },
  { id: 'hidden-pair', difficulty: 3.4, find: findHiddenPair },
  { id: 'naked-triple', difficulty: 3.6, find: findNakedTriple },
  { id: 'swordfish', difficulty: 3.8, find: findSwordfish },
  { id: 'hidden-triple', difficulty: 4.0, find: findHiddenTriple },
  { id: 'xy-wing', difficulty: 4.2, find: findXyWing },
  { id: 'xyz-wing', difficulty: 4.4, find: findXyzWing },
  // SE's UniqueLoops producer: every rectangle and loop type, the easiest wins (loops.ts).
  { id: 'unique-rectangle-1', difficulty: 4.5, find: findGeneralUniqueLoop, uniqueness: true },
  { id: 'naked-quad', difficulty: 5.0, find: findNakedQuad },
  { id: 'jellyfish', difficulty: 5.2, find: findJellyfish },
  { id: 'hidden-quad', difficulty: 5.4, find: findHiddenQuad },
  // SE's BivalueUniversalGrave producer: types 1-4, the easiest wins (bug.ts).
  { id: 'bug-1', difficulty: 5.6, find: findGeneralBug, uniqueness: true },
  { id: 'aligned-pair-exclusion', difficulty: 6.2, find: findGeneralAlignedPair },
  // SE's "Forcing Chains & Cycles", one search (the easiest wins): X- and Y-cycles 6.5, forcing
  // X-chains 6.6, XY-cycles and forcing XY-chains 7.0, each + length (chains.ts, cycles.ts).
  { id: 'x-cycle', difficulty: 6.5, find: findForcingChain },
  { id: 'aligned-triple-exclusion', difficulty: 7.5, find: findGeneralAlignedTriple },
  // SE's next producers (forcing.ts): base + the length increment of the chains' complexity.
  { id: 'nishio-forcing-chains', difficulty: 7.5, find: findNishioForcingChains },
  { id: 'multiple-forcing-chains', difficulty: 8.0, find: findMultipleForcingChains },
  { id: 'dynamic-forcing-chains', difficulty: 8.5, find: findDynamicForcingChains },
  { id: 'dynamic-forcing-chains-plus', difficulty: 9.0, find: findDynamicForcingChainsPlus },
  // SE's level 2: cycles and forcing chains nested in the dynamic (+) runs (nested.ts).
  { id: 'nested-forcing-chains', difficulty: 9.5, find: findNestedForcingChains },
  // SE's level 3: static cell and region forcing chains nested too (nested-multiple.ts).
  { id: 'nested-multiple-forcing-chains', difficulty: 10.0, find: findNestedMultipleForcingChains },
  // SE's levels 4 and 5: dynamic forcing chains, then nested forcing chains too, nested in the runs (nested-dynamic.ts).
  { id: 'nested-dynamic-forcing-chains', difficulty: 10.5, find: findNestedDynamicForcingChains },
  { id: 'nested-dynamic-forcing-chains-plus', difficulty: 11.0, find: findNestedDynamicForcingChainsPlus },
];

/** What {@link findGeneralStep} found: the step, or the lowest difficulty it did not try because of the limit. */
export interface GeneralFound {
  step: Step | null;
  /** Lowest difficulty of a technique skipped because of the limit (Infinity if none). */
  skipped: number;
  /** Difficulty of the first technique whose search gave up at its effort limit (0 if none): the step found is not sure to be the easiest. */
  bounded: number;
  boundedBy: string;
}

/**
 * The easiest step on a board: the ladder's techniques in order, the first whose step changes
 * the board (a placement in an empty cell, or a candidate still there). Techniques above `limit`
 * are not tried.
 */
export function findGeneralStep(board: Readonly<Board>, scan: GeneralScan, limit = Infinity): GeneralFound {
  fillScan(scan, board);
  let bounded = 0;
  let boundedBy = '';
  for (const technique of GENERAL_LADDER) {
    if (technique.difficulty > limit) return { step: null, skipped: technique.difficulty, bounded, boundedBy };
    if (technique.uniqueness && !scan.uniqueness) continue;
    const step = technique.find(board, scan);
    if (scan.bounded && bounded === 0) {
      bounded = technique.difficulty;
      boundedBy = technique.id;
    }
    if (step !== null && changes(board, step)) return { step, skipped: Infinity, bounded, boundedBy };
  }
  return { step: null, skipped: Infinity, bounded, boundedBy };
}

function changes(board: Readonly<Board>, step: Step): boolean {
  for (const p of step.placements) if (board.values[p.cell] === 0) return true;
  for (const e of step.eliminations) if ((board.candidates[e.cell]! & (1 << (e.digit - 1))) !== 0) return true;
  return false;
}
