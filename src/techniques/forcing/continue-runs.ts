import { type ChainEngine, NODE_COUNT, POT_SET_SIZE, type Run, freeRun, indexWords, touchDigit, touches } from './engine.js';
import type { SeHouses } from './se-units.js';

/*
 * Plain dynamic runs continued from the previous board's (variant grading only: buildRules links
 * this in through variant-link.ts, and the classic engine computes a touched run again).
 *
 * A run depends only on the cells and unit slots of the nodes it processed (see adoptRuns). A run
 * of the previous board that the board's change touched is the same here up to the first step
 * whose node is touched: it is cut back to there and goes on from that step. Measured on the hard
 * X puzzles' boards; on classic grids it graded no faster, so classic bundles go without it.
 */

/** Scratch for keepNishio: the potentials a digit's lost cells touch. */
const NISHIO_TOUCHED = new Int32Array(POT_SET_SIZE);

/**
 * A previous board's run is continued when at least this many of its steps stay the same, and
 * PREFIX_GAIN times as many as the nodes it drops (a step costs more than a node dropped).
 */
const MIN_PREFIX_STEPS = 2;
const PREFIX_GAIN = 4;

/** The runs of one engine that it may continue, by root (owned by the engine until used or dropped). */
export class RunContinuation {
  private readonly runs: (Run | undefined)[] = new Array<Run | undefined>(NODE_COUNT).fill(undefined);
  private readonly step = new Int16Array(NODE_COUNT);
  private readonly roots: number[] = [];
  /** How many runs were continued (for tests). */
  continued = 0;
  /** Where the engine's queues end after {@link take} (its "on" and "off" nodes still to process). */
  onTail = 0;
  offTail = 0;

  /**
   * Keeps a plain run of the previous board that the change touched (`touched`, a set of
   * potentials as the engine's touchedBy makes it) when enough of it stays the same; the root
   * must still be a candidate of the board (`base`). Marks it adopted (see ChainEngine.adoptRuns).
   */
  keep(plain: Run, touched: Int32Array, root: number, base: Uint16Array): void {
    const step = firstTouchedStep(plain, touched);
    const pot = root >> 1;
    if (step < MIN_PREFIX_STEPS || PREFIX_GAIN * step <= plain.size - plain.procSize[step]! || ((base[(pot / 9) | 0]! >> pot % 9) & 1) === 0) return;
    this.runs[root] = plain;
    this.step[root] = step;
    this.roots.push(root);
    plain.adopted = true;
  }

  /** Clears the adopted marks of the runs kept (the previous engine has let them go). */
  settle(): void {
    for (const root of this.roots) this.runs[root]!.adopted = false;
  }

  /**
   * The run of `root` continued on `engine`'s board, if one was kept and the budget allows: cut
   * back to its first touched step, its processed "off" nodes removed from the working grid and
   * the others queued again, in order, into `queueOn` / `queueOff` (up to onTail / offTail).
   */
  take(engine: ChainEngine, root: number, queueOn: Int16Array, queueOff: Int16Array): Run | undefined {
    const run = this.runs[root];
    if (run === undefined) return undefined;
    this.runs[root] = undefined;
    const step = this.step[root]!;
    if (engine.effort + step > engine.budget) {
      freeRun(run);
      return undefined;
    }
    this.continued++;
    truncateTo(run, step);
    engine.effort += step;
    let onDone = 0;
    let offDone = 0;
    for (let i = 0; i < step; i++) {
      const node = run.proc[i]!;
      if (node & 1) onDone++;
      else {
        offDone++;
        engine.removeCandidate(node >> 1);
      }
    }
    this.onTail = 0;
    this.offTail = 0;
    for (let i = onDone; i < run.onCount; i++) queueOn[this.onTail++] = run.onOrder[i]!;
    for (let i = offDone; i < run.offCount; i++) queueOff[this.offTail++] = run.offOrder[i]!;
    return run;
  }

  /**
   * Drops from a digit's nishio runs (by root) those a board's change touched, the board having
   * the digit's cells `before` (three 27-bit words) less some (`now`). A nishio run follows one
   * digit: it reads only that digit's places in the houses (and cages) of the cells it holds
   * nodes in; the runs holding no node of the digit in a house or cage of a lost cell are the
   * same here, parents included.
   */
  keepNishio(runs: Map<number, Run>, h: SeHouses, before: Int32Array, now: Int32Array, digitIndex: number): void {
    const touched = NISHIO_TOUCHED;
    touched.fill(0);
    for (let word = 0; word < 3; word++) {
      for (let lost = before[word]! & ~now[word]!; lost !== 0; lost &= lost - 1) touchDigit(h, word * 27 + 31 - Math.clz32(lost & -lost), digitIndex, touched);
    }
    indexWords(touched);
    for (const [root, run] of runs) {
      if (!touches(run, touched)) continue;
      freeRun(run);
      runs.delete(root);
    }
  }

  /** Frees the runs kept and not continued. */
  drop(): void {
    for (const root of this.roots) {
      const run = this.runs[root];
      if (run === undefined) continue;
      this.runs[root] = undefined;
      freeRun(run);
    }
    this.roots.length = 0;
  }
}

/**
 * The first step of a run (see Run.proc) whose node is in a set of potentials: processing a node
 * reads its cell's candidates and its digit's places in its houses and cages, which a change
 * touching none of the set's potentials leaves as they were. A run touched only by nodes it never
 * processed (it stopped at a contradiction) is the same whole: its last step is given then.
 */
function firstTouchedStep(run: Run, pots: Int32Array): number {
  for (let step = 0; step < run.procCount; step++) {
    const pot = run.proc[step]! >> 1;
    if ((pots[pot >> 5]! & (1 << (pot & 31))) !== 0) return step;
  }
  return run.procCount - 1;
}

/**
 * Cuts a run back to what it was before processing its `step`-th node (see Run.proc): the nodes
 * stored then, with their parents; no contradiction.
 */
function truncateTo(run: Run, step: number): void {
  const size = run.procSize[step]!;
  const onKept = keptCount(run.onOrder, run.onCount, run.seq, size);
  const offKept = keptCount(run.offOrder, run.offCount, run.seq, size);
  // Parents are stored in the order nodes are: the first node dropped starts what is dropped.
  let poolEnd = run.poolLength;
  if (onKept < run.onCount) poolEnd = run.parentStart[run.onOrder[onKept]!]!;
  if (offKept < run.offCount) poolEnd = Math.min(poolEnd, run.parentStart[run.offOrder[offKept]!]!);
  // A contradiction was met while processing the last node, at or after `step`.
  if (run.conflictNode >= 0) poolEnd = Math.min(poolEnd, run.conflictStart);
  if (onKept + offKept < run.onCount + run.offCount - onKept - offKept) {
    // Fewer nodes kept than dropped: the sets made again from the kept ones.
    run.on.fill(0);
    run.off.fill(0);
    for (let i = 0; i < onKept; i++) setPot(run.on, run.onOrder[i]! >> 1);
    for (let i = 0; i < offKept; i++) setPot(run.off, run.offOrder[i]! >> 1);
  } else {
    for (let i = onKept; i < run.onCount; i++) clearPot(run.on, run.onOrder[i]! >> 1);
    for (let i = offKept; i < run.offCount; i++) clearPot(run.off, run.offOrder[i]! >> 1);
  }
  run.onCount = onKept;
  run.offCount = offKept;
  run.size = size;
  run.poolLength = poolEnd;
  run.procCount = step;
  run.conflictNode = -1;
  run.conflictStart = 0;
  run.conflictCount = 0;
  run.conflictOther = -1;
}

function setPot(set: Int32Array, pot: number): void {
  set[pot >> 5] = set[pot >> 5]! | (1 << (pot & 31));
}

function clearPot(set: Int32Array, pot: number): void {
  set[pot >> 5] = set[pot >> 5]! & ~(1 << (pot & 31));
}

/** How many of the first `count` nodes of `order` (stored in that order) have a seq below `size`: a binary search. */
function keptCount(order: Int16Array, count: number, seq: Int16Array, size: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (seq[order[mid]!]! < size) low = mid + 1;
    else high = mid;
  }
  return low;
}
