/**
 * Exact minimum (weighted) hitting sets over at most 96 elements, by depth-first branch and bound
 * with iterative deepening on the cost.
 *
 * A set is three 32-bit words (elements 0..95). A hitting set takes at least one element of every
 * set of the family. At each node the search branches on the unhit set with the fewest elements
 * still allowed: it takes its first element, or forbids it and takes the second, and so on, so no
 * hitting set is visited twice. The lower bound is a packing: unhit sets whose allowed elements are
 * pairwise disjoint each need their own element, so their cheapest elements add up to a bound.
 *
 *   family   {3,7} {7,12} {1,3,40}      bound B = 2: take 3 (hits {3,7} and {1,3,40}), then 7 or 12
 *
 * Nothing is allocated per node: the taken and forbidden masks of each depth live in one buffer.
 */
import { optionKeys, ownOptions } from '../core/errors.js';

/** A growing family of sets, stored flat, three words per set. */
export class SetFamily {
  words = new Uint32Array(3 * 64);
  size = 0;

  /** Adds a set given by its elements; returns false (and adds nothing) when it is empty. */
  addElements(elements: Iterable<number>): boolean {
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    for (const e of elements) {
      if (e < 32) w0 |= 1 << e;
      else if (e < 64) w1 |= 1 << (e - 32);
      else w2 |= 1 << (e - 64);
    }
    return this.addWords(w0, w1, w2);
  }

  addWords(w0: number, w1: number, w2: number): boolean {
    if ((w0 | w1 | w2) === 0) return false;
    if (3 * (this.size + 1) > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    const at = 3 * this.size++;
    this.words[at] = w0;
    this.words[at + 1] = w1;
    this.words[at + 2] = w2;
    return true;
  }

  /** Elements of set `index`, ascending. */
  elements(index: number): number[] {
    return elementsOf(this.words[3 * index]!, this.words[3 * index + 1]!, this.words[3 * index + 2]!);
  }
}

export function elementsOf(w0: number, w1: number, w2: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 3; k++) {
    let w = (k === 0 ? w0 : k === 1 ? w1 : w2) >>> 0;
    while (w !== 0) {
      const low = w & -w;
      out.push(32 * k + 31 - Math.clz32(low));
      w = (w ^ low) >>> 0;
    }
  }
  return out;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Options of {@link searchHittingSets}. */
export interface HittingSetOptions {
  /** Cost of each element (positive integers), indexed by element. */
  weights: ArrayLike<number>;
  /** Elements that may be taken (three words). */
  allowed: readonly [number, number, number];
  /** Stop after this many hitting sets of the lowest cost found. Default 1. */
  limit?: number;
  /** Do not look above this cost. Default: no limit. */
  maxCost?: number;
  /** Skip hitting sets that contain one of these (three words each), e.g. repairs already listed. */
  avoid?: readonly (readonly [number, number, number])[];
  /** Effort bound in search nodes (shared by the deepening passes). Default 5,000,000. */
  maxNodes?: number;
  /** Start the deepening at this cost (a known lower bound). */
  minCost?: number;
}

const HITTING_SET_KEYS = optionKeys<HittingSetOptions>({ weights: true, allowed: true, limit: true, maxCost: true, avoid: true, maxNodes: true, minCost: true });

/** What {@link searchHittingSets} found. */
export interface HittingSetResult {
  /** The lowest cost of a hitting set (when `complete`), else the cost reached. */
  cost: number;
  /** Hitting sets of that cost (up to `limit`), each as ascending elements, in search order. */
  sets: number[][];
  /** False when the effort bound stopped the search: `cost` is then only a lower bound. */
  complete: boolean;
  /** Search nodes visited. */
  nodes: number;
}

/**
 * Hitting sets of lowest total weight of a family (up to `limit` of them), proven lowest unless
 * `complete` is false. A family with an empty (or wholly disallowed) set has none: `sets` is then
 * empty with `complete` true.
 */
export function searchHittingSets(family: SetFamily, options: HittingSetOptions): HittingSetResult {
  options = ownOptions(options, HITTING_SET_KEYS, 'hitting set');
  const n = family.size;
  const words = family.words;
  const weights = options.weights;
  const limit = options.limit ?? 1;
  const maxNodes = options.maxNodes ?? 5_000_000;
  const maxCost = options.maxCost ?? Number.POSITIVE_INFINITY;
  const avoid = options.avoid ?? [];
  const [a0, a1, a2] = options.allowed;
  // taken[3d..], forbidden[3d..] at depth d.
  const taken = new Uint32Array(3 * 100);
  const forbidden = new Uint32Array(3 * 100);
  forbidden[0] = ~a0 >>> 0;
  forbidden[1] = ~a1 >>> 0;
  forbidden[2] = ~a2 >>> 0;
  const packed = new Uint32Array(3);
  const found: number[][] = [];
  let nodes = 0;
  let stopped = false;
  let bound = 0;

  const minWeight = (w0: number, w1: number, w2: number): number => {
    let best = Number.POSITIVE_INFINITY;
    for (const e of elementsOf(w0, w1, w2)) if (weights[e]! < best) best = weights[e]!;
    return best;
  };

  const dfs = (depth: number, cost: number): void => {
    if (stopped || found.length >= limit) return;
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    const t = 3 * depth;
    const t0 = taken[t]!;
    const t1 = taken[t + 1]!;
    const t2 = taken[t + 2]!;
    for (const av of avoid) {
      if ((av[0] & ~t0) === 0 && (av[1] & ~t1) === 0 && (av[2] & ~t2) === 0) return;
    }
    const f0 = forbidden[t]!;
    const f1 = forbidden[t + 1]!;
    const f2 = forbidden[t + 2]!;
    // The unhit set with the fewest allowed elements, and the packing bound.
    let best = -1;
    let bestCount = 1000;
    packed[0] = 0;
    packed[1] = 0;
    packed[2] = 0;
    let lower = 0;
    for (let i = 0; i < n; i++) {
      const s0 = words[3 * i]!;
      const s1 = words[3 * i + 1]!;
      const s2 = words[3 * i + 2]!;
      if ((s0 & t0) !== 0 || (s1 & t1) !== 0 || (s2 & t2) !== 0) continue;
      const v0 = s0 & ~f0;
      const v1 = s1 & ~f1;
      const v2 = s2 & ~f2;
      const count = popcount(v0) + popcount(v1) + popcount(v2);
      if (count === 0) return;
      if (count < bestCount) {
        bestCount = count;
        best = i;
      }
      if ((v0 & packed[0]!) === 0 && (v1 & packed[1]!) === 0 && (v2 & packed[2]!) === 0) {
        packed[0] = packed[0]! | v0;
        packed[1] = packed[1]! | v1;
        packed[2] = packed[2]! | v2;
        lower += minWeight(v0, v1, v2);
        if (cost + lower > bound) return;
      }
    }
    if (best < 0) {
      found.push(elementsOf(t0, t1, t2));
      return;
    }
    const choices = elementsOf(words[3 * best]! & ~f0, words[3 * best + 1]! & ~f1, words[3 * best + 2]! & ~f2);
    const u = t + 3;
    forbidden[u] = f0;
    forbidden[u + 1] = f1;
    forbidden[u + 2] = f2;
    for (const e of choices) {
      const k = e >> 5;
      const bit = 1 << (e & 31);
      if (cost + weights[e]! <= bound) {
        taken[u] = t0;
        taken[u + 1] = t1;
        taken[u + 2] = t2;
        taken[u + k] = taken[u + k]! | bit;
        dfs(depth + 1, cost + weights[e]!);
        if (stopped || found.length >= limit) return;
      }
      forbidden[u + k] = forbidden[u + k]! | bit;
    }
  };

  bound = Math.max(options.minCost ?? 0, 0);
  for (;;) {
    if (bound > maxCost) return { cost: bound, sets: [], complete: true, nodes };
    dfs(0, 0);
    if (stopped) return { cost: bound, sets: found, complete: false, nodes };
    if (found.length > 0) return { cost: bound, sets: found, complete: true, nodes };
    if (n > 0 && !anyHittingSet(family, forbidden)) return { cost: bound, sets: [], complete: true, nodes };
    bound++;
  }
}

/** Whether every set has an allowed element (otherwise no hitting set exists at any cost). */
function anyHittingSet(family: SetFamily, forbidden: Uint32Array): boolean {
  const w = family.words;
  for (let i = 0; i < family.size; i++) {
    if ((w[3 * i]! & ~forbidden[0]!) === 0 && (w[3 * i + 1]! & ~forbidden[1]!) === 0 && (w[3 * i + 2]! & ~forbidden[2]!) === 0) return false;
  }
  return true;
}
