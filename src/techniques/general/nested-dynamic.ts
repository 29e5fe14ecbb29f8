import type { RuleGrid, RuleOut } from './chain-rules.js';
import { DYNAMIC, NESTED } from './forcing.js';
import type { NestedChain } from './nested.js';
import { nestedSearchRemovals } from './nested-multiple.js';

/*
 * Nested forcing chains of SE's levels 4 (10.5 + length) and 5 (11.0 + length) on any grid: where
 * the simple rules give a run nothing (SE's level-4 runs do not look for the cycles and forcing
 * chains, nor the static cell / region chains: the dynamic ones cover them), as the 9x9 ladder's
 * forcing/nested.ts does at these levels:
 *
 *   level 4  SE's dynamic forcing chains producer (8.5) on the run's working grid
 *   level 5  the same, and where it gives nothing, the nested forcing chains producer (9.5: dynamic
 *            (+) runs that nest cycles and forcing chains in turn, nested.ts)
 *
 * Each producer's hints are listed, sorted, filtered and given to the run as nested-multiple.ts
 * does it (nestedSearchRemovals): the removals of hints that rely on a candidate the run removed,
 * each nested chain counted once in the complexity. The runs use chain-run.ts's buffers: the
 * caller (chain-run.ts's advance) sets the outer run aside meanwhile.
 */

/**
 * The removals the dynamic producers of `level` (4 or 5) give a run whose simple rules found
 * nothing, into `out` ("off" nodes with their parents) and `proofs` (the chain behind each).
 */
export function nestedDynamicRemovals(g: RuleGrid, out: RuleOut, proofs: NestedChain[], level: number): void {
  // The working grid as the run left it: the first producer's runs write the run buffers g reads.
  const grid: RuleGrid = level >= 5 ? { ...g, work: g.work.slice(0, g.shape.cellCount), places: g.places.slice() } : g;
  // (A search that gave up gives nothing: the ladder's search then gives up too, forcing.ts.)
  if (!nestedSearchRemovals(grid, out, proofs, DYNAMIC)) return;
  if (out.removals.length === 0 && level >= 5) nestedSearchRemovals(grid, out, proofs, NESTED);
}
