import type { Board } from '../core/board.js';
import type { Geometry } from '../core/geometry.js';
import { POPCOUNT } from '../core/tables.js';
import { CHAIN_KIND } from './chains/search.js';
import { seHousesOf } from './forcing/se-units.js';

/*
 * The chains group (findChainStep: cycles and forcing X / XY chains) searched only when the
 * board's change can have made a step (variant grading: linked through variant-link.ts, so
 * classic bundles do not carry it). Like near-change.ts's checks, this decides whether to search,
 * never what is found.
 *
 * Let B be a board where the whole search (forcing X and XY chains among the kinds) found nothing,
 * and B' a board holding a subset of B's candidates. B' has B's weak links or fewer ("on -> off":
 * the digit's other places in a house, the cell's other digits): each needs both candidates.
 * Its strong links ("off -> on": a bivalue cell, a digit with two places in a house) are B's
 * unless one is new: a cell that lost candidates and has two left, or a house of such a cell
 * where a lost digit has two places left (it had more on B). Without a new strong link:
 *
 *   - a forcing chain of B' (a path from "X on" to "X off", or from "X off" to "X on") is a path
 *     of B, whose breadth-first search from X (sources: cells of two or more candidates, as X's
 *     cell was on B) reaches its end: B had a forcing chain;
 *   - a cycle of B' removing digit d from cell e makes "e on" contradict itself through its
 *     mode's links (see findChainStep): on B too, so B had a forcing chain from "e on" (an X-cycle
 *     through X links: an X-chain; a Y- or XY-cycle through XY links: an XY-chain).
 *
 * Either way B's search would have found a step: so B' has none, and is not searched.
 */

/** Both forcing kinds: the cycles' steps are found as forcing chains only when these are searched. */
const FORCING_KINDS = CHAIN_KIND.forcingXChain | CHAIN_KIND.forcingXyChain;

/** The last board where the search found nothing (of these rules and kinds). */
interface NothingFound {
  geometry: Geometry | null;
  kinds: number;
  readonly candidates: Uint16Array;
}

const LAST: NothingFound = { geometry: null, kinds: 0, candidates: new Uint16Array(81) };

/**
 * Whether findChainStep (of `kinds`) finds nothing on `board` because it found nothing on the last
 * board remembered, of which this board holds a subset of the candidates, and the change made no
 * strong link (see above). False: search.
 */
export function chainsFindNothing(board: Readonly<Board>, geometry: Geometry, kinds: number): boolean {
  if (LAST.geometry !== geometry || LAST.kinds !== kinds || (kinds & FORCING_KINDS) !== FORCING_KINDS) return false;
  // Killer cages are weak links only, but their rules are kept out as near-checks.ts keeps them.
  if (geometry.rules !== null && geometry.rules.cages.length > 0) return false;
  const cand = board.candidates;
  const last = LAST.candidates;
  for (let cell = 0; cell < 81; cell++) if ((cand[cell]! & ~last[cell]!) !== 0) return false;
  const h = seHousesOf(geometry);
  for (let cell = 0; cell < 81; cell++) {
    const lost = last[cell]! & ~cand[cell]!;
    if (lost === 0) continue;
    if (POPCOUNT[cand[cell]!] === 2) return false;
    for (let k = h.start[cell]!; k < h.start[cell + 1]!; k++) {
      const at = h.house[k]! * 9;
      for (let digits = lost; digits !== 0; digits &= digits - 1) {
        const bit = digits & -digits;
        let places = 0;
        for (let i = 0; i < 9; i++) if ((cand[h.cells[at + i]!]! & bit) !== 0) places++;
        if (places === 2) return false;
      }
    }
  }
  // Still nothing: this board is remembered (the next one's change is counted from it).
  last.set(cand);
  return true;
}

/** Records findChainStep's result on `board`: a board where it found nothing is remembered. */
export function chainsSearched(board: Readonly<Board>, geometry: Geometry, kinds: number, found: boolean): void {
  LAST.geometry = found ? null : geometry;
  LAST.kinds = kinds;
  LAST.candidates.set(board.candidates);
}
