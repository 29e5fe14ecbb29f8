import { withSpec } from '../../rules/constructors.js';
import type { CageSpec, Rules } from '../../rules/types.js';
import { countRules, solveRules } from '../../solver/rules-solver.js';
import { shuffleInPlace, type Random } from '../random.js';

/** Cage sizes drawn for killer: mostly 2-4, some 1 and 5 (weights out of 100). */
const SIZE_WEIGHTS: readonly [number, number][] = [
  [1, 4],
  [2, 34],
  [3, 34],
  [4, 20],
  [5, 8],
];

function drawSize(random: Random): number {
  let x = random.below(100);
  for (const [size, weight] of SIZE_WEIGHTS) {
    if (x < weight) return size;
    x -= weight;
  }
  return 3;
}

/** Orthogonal neighbours of a cell in the rules' frame. */
function neighboursOf(rules: Rules, cell: number): number[] {
  const r = rules.rowOf[cell]!;
  const c = rules.colOf[cell]!;
  const out: number[] = [];
  const at = (rr: number, cc: number): void => {
    if (rr < 0 || cc < 0 || rr >= rules.height || cc >= rules.width) return;
    const w = rules.cellAt[rr * rules.width + cc]!;
    if (w >= 0) out.push(w);
  };
  at(r - 1, c);
  at(r + 1, c);
  at(r, c - 1);
  at(r, c + 1);
  return out;
}

/**
 * A random cage partition of `solution`: cells taken in a seeded order grow a cage to a drawn size
 * through orthogonal neighbours that are free and hold a digit not yet in the cage; cells left
 * alone join a neighbouring cage of under 5 cells where their digit is new, else stay a 1-cage.
 * Returns cage numbers per cell.
 */
export function randomCages(rules: Rules, solution: Uint8Array, random: Random): Int16Array {
  const n = rules.cellCount;
  const cageOf = new Int16Array(n).fill(-1);
  const order = new Int16Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  shuffleInPlace(order, random);
  const members: number[][] = [];
  for (const start of order) {
    if (cageOf[start] !== -1) continue;
    const id = members.length;
    const cells = [start];
    cageOf[start] = id;
    let digits = 1 << solution[start]!;
    const target = drawSize(random);
    while (cells.length < target) {
      const options: number[] = [];
      for (const cell of cells) for (const w of neighboursOf(rules, cell)) if (cageOf[w] === -1 && (digits & (1 << solution[w]!)) === 0 && !options.includes(w)) options.push(w);
      if (options.length === 0) break;
      const pick = options[random.below(options.length)]!;
      cells.push(pick);
      cageOf[pick] = id;
      digits |= 1 << solution[pick]!;
    }
    members.push(cells);
  }
  // Lonely cells (1-cages that were not drawn as such) join a small neighbouring cage when they can.
  for (let id = 0; id < members.length; id++) {
    const cells = members[id]!;
    if (cells.length !== 1 || random.below(100) < 20) continue;
    const cell = cells[0]!;
    for (const w of neighboursOf(rules, cell)) {
      const other = members[cageOf[w]!]!;
      if (other === cells || other.length >= 5 || other.some((x) => solution[x] === solution[cell])) continue;
      other.push(cell);
      cageOf[cell] = cageOf[w]!;
      cells.length = 0;
      break;
    }
  }
  return renumber(cageOf);
}

function renumber(cageOf: Int16Array): Int16Array {
  const map = new Map<number, number>();
  const out = new Int16Array(cageOf.length);
  for (let cell = 0; cell < cageOf.length; cell++) {
    const id = cageOf[cell]!;
    if (!map.has(id)) map.set(id, map.size);
    out[cell] = map.get(id)!;
  }
  return out;
}

/** Cage specs (cells ascending, sums from the solution) of a cage numbering. */
export function cageSpecs(cageOf: Int16Array, solution: Uint8Array): CageSpec[] {
  const cages: { cells: number[]; sum: number }[] = [];
  for (let cell = 0; cell < cageOf.length; cell++) {
    const id = cageOf[cell]!;
    const cage = (cages[id] ??= { cells: [], sum: 0 });
    cage.cells.push(cell);
    cage.sum += solution[cell]!;
  }
  return cages;
}

/** A solution of the killer rules other than `solution`, or null when none was found. */
function otherSolution(rules: Rules, solution: Uint8Array, empty: Uint8Array): Uint8Array | null {
  const first = solveRules(rules, empty);
  if (first !== null && !sameGrid(first, solution)) return first;
  // The solver tries low digits first; the same puzzle with every digit d read as size + 1 - d
  // (sums become k (size + 1) - S) is searched from the other end and often finds another one.
  const size = rules.size;
  const flipped = withSpec(rules, {
    cages: rules.cages.map((cage) => ({ cells: [...cage.cells], sum: cage.cells.length * (size + 1) - cage.sum })),
  });
  const second = solveRules(flipped, empty);
  if (second === null) return null;
  for (let i = 0; i < second.length; i++) second[i] = size + 1 - second[i]!;
  return sameGrid(second, solution) ? null : second;
}

function sameGrid(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Killer cages for `solution` that make it the only solution with no givens. A random partition is
 * refined while the cages allow another solution: a cell where the two solutions differ is picked
 * (seeded) and its cage is split in two connected parts, or merged with a neighbouring cage when the
 * union keeps distinct digits and at most 5 cells (every other refinement, while `maxSteps / 2`
 * have not passed; past that only splits, which always end, at worst in 1-cages). Returns null
 * after `maxSteps` refinements without uniqueness (the caller draws a new partition or solution).
 */
export function uniqueCages(base: Rules, solution: Uint8Array, random: Random, maxSteps = 40): { rules: Rules; cageOf: Int16Array; refinements: number } | null {
  let cageOf = randomCages(base, solution, random);
  const empty = new Uint8Array(base.cellCount);
  for (let step = 0; step <= maxSteps; step++) {
    const rules = withSpec(base, { cages: cageSpecs(cageOf, solution) });
    if (countRules(rules, empty, 2) === 1) return { rules, cageOf, refinements: step };
    if (step === maxSteps) break;
    const other = otherSolution(rules, solution, empty);
    const diff: number[] = [];
    for (let cell = 0; cell < solution.length; cell++) {
      if (other === null || other[cell] !== solution[cell]) diff.push(cell);
    }
    cageOf = refine(base, cageOf, solution, diff, random, step < maxSteps / 2 && step % 2 === 1);
  }
  return null;
}

function refine(rules: Rules, cageOf: Int16Array, solution: Uint8Array, diff: readonly number[], random: Random, merge: boolean): Int16Array {
  const next = Int16Array.from(cageOf);
  let fresh = 0;
  for (let i = 0; i < next.length; i++) fresh = Math.max(fresh, next[i]! + 1);
  // A differing cell in a cage of two or more cells (a 1-cage is a given: it cannot differ).
  const candidates = diff.filter((cell) => cageOf.filter((id) => id === cageOf[cell]).length > 1);
  if (candidates.length === 0) return next;
  const cell = candidates[random.below(candidates.length)]!;
  const id = cageOf[cell]!;
  const cells: number[] = [];
  for (let i = 0; i < next.length; i++) if (next[i] === id) cells.push(i);
  if (merge) {
    const around = neighboursOf(rules, cell).filter((w) => next[w] !== id);
    shuffleInPlace(around, random);
    for (const w of around) {
      const other: number[] = [];
      for (let i = 0; i < next.length; i++) if (next[i] === next[w]) other.push(i);
      if (cells.length + other.length > 5) continue;
      if (other.some((x) => cells.some((y) => solution[x] === solution[y]))) continue;
      for (const x of other) next[x] = id;
      return renumber(next);
    }
  }
  // Split: grow a connected part from the chosen cell to about half the cage; the rest is split
  // again into its connected pieces.
  const half = Math.max(1, Math.floor(cells.length / 2));
  const part = [cell];
  const inPart = new Set([cell]);
  while (part.length < half) {
    const options: number[] = [];
    for (const x of part) for (const w of neighboursOf(rules, x)) if (next[w] === id && !inPart.has(w) && !options.includes(w)) options.push(w);
    if (options.length === 0) break;
    const pick = options[random.below(options.length)]!;
    part.push(pick);
    inPart.add(pick);
  }
  for (const x of part) next[x] = fresh;
  fresh++;
  // The cells left in the old cage may now be in pieces: give each piece its own number.
  const rest = cells.filter((x) => !inPart.has(x));
  const seen = new Set<number>();
  let first = true;
  for (const startCell of rest) {
    if (seen.has(startCell)) continue;
    const label = first ? id : fresh++;
    first = false;
    const stack = [startCell];
    seen.add(startCell);
    while (stack.length > 0) {
      const at = stack.pop()!;
      next[at] = label;
      for (const w of neighboursOf(rules, at)) if (next[w] === id && !seen.has(w) && !inPart.has(w)) (seen.add(w), stack.push(w));
    }
  }
  return renumber(next);
}
