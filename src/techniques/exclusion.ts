import type { Board } from '../core/board.js';
import { classicGeometry, type Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { POPCOUNT } from '../core/tables.js';
import { techniqueDef } from './define.js';
import type { TechniqueDef } from './types.js';

/**
 * Aligned pair exclusion (6.2) and aligned triple exclusion (7.5), as Sudoku Explainer does them.
 *
 * Take two (three) "base" cells and the "excluder" cells that see all of them and have two (two or
 * three) candidates. Try every combination of one candidate per base cell: it is impossible when two
 * base cells that see each other get the same digit, or when it would use up every candidate of an
 * excluder. A candidate of a base cell that appears in no possible combination is eliminated.
 *
 *     base r1c1 {1,2,5}   base r1c2 {1,2}   excluders r1c9 {1,2}, r2c3 {2,5}
 *     r1c1=2 and r1c2=1 empty r1c9, r1c1=5 and r1c2=2 empty r2c3, ...
 *
 * SE's search space, kept so that we find what SE finds: base cells are cells with two or more
 * candidates and at least one excluder, none of whose peers is an unplaced naked single (the cells
 * need not share a unit despite the name); a set needs two or more common excluders. For triples,
 * SE extends a pair only with a cell of two or three candidates that sees one of the pair.
 *
 * Cost (measured): a few thousand base sets per board at most; a set's combinations are checked
 * with bit masks, and a set stops as soon as every candidate is shown possible.
 */

/**
 * The peers of the rules being searched (set by each search's entry from its context: classic
 * when absent). Base and excluder cells are any cells that see each other through any house.
 */
let geometry: Geometry | null = null;
let peerStart: Uint16Array = new Uint16Array(0);
let peerList: Uint8Array = new Uint8Array(0);
let peerWords: Int32Array = new Int32Array(0);

function useGeometry(g: Geometry): void {
  if (g === geometry) return;
  geometry = g;
  peerStart = g.peerStart;
  peerList = g.peers;
  peerWords = g.peerWords;
  // The last pair-free and triple-free boards were of other rules.
  lastPairFree.known = false;
  lastTripleFree.known = false;
}

/** Whether two cells see each other under the current rules. */
function sees(a: number, b: number): boolean {
  return (peerWords[a * 3 + ((b / 27) | 0)]! & (1 << (b % 27))) !== 0;
}

/** Whether a cell set given as three words holds two or more cells. */
function twoOrMore(w0: number, w1: number, w2: number): boolean {
  if ((w0 & (w0 - 1)) !== 0 || (w1 & (w1 - 1)) !== 0 || (w2 & (w2 - 1)) !== 0) return true;
  // At most one cell per word: two or more words must be non-empty.
  return (w0 !== 0 ? 1 : 0) + (w1 !== 0 ? 1 : 0) + (w2 !== 0 ? 1 : 0) >= 2;
}

/** Scratch: excluder set of each base cell (81-cell set as three 27-bit words), and the base cells in cell order. */
const excluders = new Int32Array(81 * 3);
const bases = new Uint8Array(81);

/** Fills `bases`/`excluders` for excluders of 2..maxExcluder candidates; returns the base count. */
function collectBases(board: Readonly<Board>, maxExcluder: number): number {
  const c = board.candidates;
  let n = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (POPCOUNT[c[cell]!]! < 2) continue;
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    let nakedSingle = false;
    for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
      const peer = peerList[i]!;
      const k = POPCOUNT[c[peer]!]!;
      if (k === 1) nakedSingle = true;
      else if (k >= 2 && k <= maxExcluder) {
        if (peer < 27) w0 |= 1 << peer;
        else if (peer < 54) w1 |= 1 << (peer - 27);
        else w2 |= 1 << (peer - 54);
      }
    }
    if (nakedSingle || (w0 | w1 | w2) === 0) continue;
    excluders[cell * 3] = w0;
    excluders[cell * 3 + 1] = w1;
    excluders[cell * 3 + 2] = w2;
    bases[n++] = cell;
  }
  return n;
}

/** Candidate masks and cells of the current excluder set (scratch: nothing allocated per set). */
const exclMasks = new Uint16Array(81);
const exclCells = new Uint8Array(81);
let exclCount = 0;

/** Writes the cells of a set given as three 27-bit words into `into`, ascending; returns how many. */
function cellsOf(w0: number, w1: number, w2: number, into: Uint8Array): number {
  let n = 0;
  for (let k = 0; k < 3; k++) {
    let w = k === 0 ? w0 : k === 1 ? w1 : w2;
    while (w !== 0) {
      const low = w & -w;
      w ^= low;
      into[n++] = k * 27 + 31 - Math.clz32(low);
    }
  }
  return n;
}

/** Loads the excluder set given as three words into exclMasks / exclCells. */
function loadExcluders(board: Readonly<Board>, w0: number, w1: number, w2: number): void {
  exclCount = cellsOf(w0, w1, w2, exclCells);
  for (let i = 0; i < exclCount; i++) exclMasks[i] = board.candidates[exclCells[i]!]!;
}

/**
 * The digits that, added to `used` (two digits), would use up every candidate of some excluder:
 * all of them when an excluder's candidates already lie in `used`.
 */
function lockedThirds(used: number, count: number, masks: Uint16Array): number {
  let locked = 0;
  for (let i = 0; i < count; i++) {
    const rest = masks[i]! & ~used;
    if (rest === 0) return 0x1ff;
    if ((rest & (rest - 1)) === 0) locked |= rest;
  }
  return locked;
}

/** Whether some excluder's candidates all lie in `used`. */
function locks(used: number): boolean {
  for (let i = 0; i < exclCount; i++) if ((exclMasks[i]! & ~used) === 0) return true;
  return false;
}

function exclusionStep(
  board: Readonly<Board>,
  technique: string,
  difficulty: number,
  cells: number[],
  allowed: number[],
): Step | null {
  const c = board.candidates;
  const eliminations: { cell: number; digit: number }[] = [];
  let removedDigits = 0;
  const order = cells.map((_, i) => i).sort((a, b) => cells[a]! - cells[b]!);
  for (const i of order) {
    const removed = c[cells[i]!]! & ~allowed[i]!;
    removedDigits |= removed;
    for (let d = 1; d <= 9; d++) if (removed & (1 << (d - 1))) eliminations.push({ cell: cells[i]!, digit: d });
  }
  if (eliminations.length === 0) return null;
  // Excluders that rule out a combination using an eliminated candidate justify the step.
  const used: number[] = [];
  for (let i = 0; i < exclCount; i++) if (exclMasks[i]! & removedDigits) used.push(exclCells[i]!);
  const digits: number[] = [];
  for (let d = 1; d <= 9; d++) if (removedDigits & (1 << (d - 1))) digits.push(d);
  return {
    technique,
    difficulty,
    placements: [],
    eliminations,
    pattern: { cells: [...cells, ...used], digits, units: [] },
  };
}

/**
 * The first aligned pair exclusion in SE's order (pairs of base cells in colex order: by the later
 * cell, then the earlier), or null.
 */
export function findAlignedPairExclusion(board: Readonly<Board>, rules: Geometry = classicGeometry()): Step | null {
  useGeometry(rules);
  const c = board.candidates;
  const n = collectBases(board, 2);
  const onlyNear = markNearChange(c, n, lastPairFree);
  for (let j = 1; j < n; j++) {
    const b = bases[j]!;
    const bNew = !onlyNear || (newBases[j >> 5]! & (1 << (j & 31))) !== 0;
    for (let i = 0; i < j; i++) {
      const a = bases[i]!;
      // Neither a nor b is new: only a changed cell seeing both (an excluder gained or lost) can
      // make the pair new (see lastPairFree).
      if (!bNew && (newBases[i >> 5]! & (1 << (i & 31))) === 0 && !changedSeesBoth(a, b)) continue;
      const w0 = excluders[a * 3]! & excluders[b * 3]!;
      const w1 = excluders[a * 3 + 1]! & excluders[b * 3 + 1]!;
      const w2 = excluders[a * 3 + 2]! & excluders[b * 3 + 2]!;
      if (!twoOrMore(w0, w1, w2)) continue;
      const ma = c[a]!;
      const mb = c[b]!;
      // Only excluders whose candidates the pair can both take can be used up; with none, every
      // digit of a has a partner in b (two or more candidates each).
      if (loadUsableExcluders(board, w0, w1, w2, ma | mb) === 0) continue;
      const same = sees(a, b);
      let allowedA = 0;
      let allowedB = 0;
      for (let x = ma; x !== 0; x &= x - 1) {
        const va = x & -x;
        for (let y = mb; y !== 0; y &= y - 1) {
          const vb = y & -y;
          if (va === vb && same) continue;
          if (locks(va | vb)) continue;
          allowedA |= va;
          allowedB |= vb;
        }
      }
      if (allowedA === ma && allowedB === mb) continue;
      loadExcluders(board, w0, w1, w2);
      const step = exclusionStep(board, 'aligned-pair-exclusion', 6.2, [a, b], [allowedA, allowedB]);
      if (step !== null) {
        lastPairFree.known = false;
        return step;
      }
    }
  }
  remember(lastPairFree, c, n);
  return null;
}

/** Whether some changed cell (see markNearChange) sees both cells. */
function changedSeesBoth(a: number, b: number): boolean {
  return (
    ((changedCells[0]! & peerWords[a * 3]! & peerWords[b * 3]!) |
      (changedCells[1]! & peerWords[a * 3 + 1]! & peerWords[b * 3 + 1]!) |
      (changedCells[2]! & peerWords[a * 3 + 2]! & peerWords[b * 3 + 2]!)) !==
    0
  );
}

/**
 * The first aligned triple exclusion (base cells a < b < c in cell order), or null. Searches the
 * sets SE searches: three base cells with two or more common excluders (cells of two or three
 * candidates seeing all three), one of which has two or three candidates and sees another.
 */
export function findAlignedTripleExclusion(board: Readonly<Board>, rules: Geometry = classicGeometry()): Step | null {
  useGeometry(rules);
  const c = board.candidates;
  const n = collectBases(board, 3);
  indexBasesByExcluder(n);
  const onlyNear = markNearChange(c, n, lastTripleFree);
  for (let i = 0; i < n; i++) {
    const a = bases[i]!;
    const a0 = excluders[a * 3]!;
    const a1 = excluders[a * 3 + 1]!;
    const a2 = excluders[a * 3 + 2]!;
    const aNew = !onlyNear || (newBases[i >> 5]! & (1 << (i & 31))) !== 0;
    for (let j = i + 1; j < n; j++) {
      const b = bases[j]!;
      const ab0 = a0 & excluders[b * 3]!;
      const ab1 = a1 & excluders[b * 3 + 1]!;
      const ab2 = a2 & excluders[b * 3 + 2]!;
      if (!twoOrMore(ab0, ab1, ab2)) continue;
      // Neither a nor b is new: only a new third cell, or one seeing a changed cell that sees a
      // and b (a common excluder gained or lost), can make the set new.
      const onlyNew = !aNew && (newBases[j >> 5]! & (1 << (j & 31))) === 0;
      if (onlyNew && !newThirds(a, b)) continue;
      const seeAB = sees(a, b);
      const ka = POPCOUNT[c[a]!]!;
      const kb = POPCOUNT[c[b]!]!;
      // The third cells after b that see two or more of the pair's common excluders, in order.
      thirdCells(ab0, ab1, ab2, j);
      if (onlyNew) for (let word = 0; word < 3; word++) third[word] = third[word]! & wanted[word]!;
      for (let word = 0; word < 3; word++) {
        let bits = third[word]!;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const d = bases[word * 32 + 31 - Math.clz32(low)]!;
          const seeAD = sees(a, d);
          const seeBD = sees(b, d);
          const kd = POPCOUNT[c[d]!]!;
          // SE's twin-area rule: some cell of the set has 2-3 candidates and sees another of the set.
          const twin =
            (ka <= 3 && (seeAB || seeAD)) || (kb <= 3 && (seeAB || seeBD)) || (kd <= 3 && (seeAD || seeBD));
          if (!twin) continue;
          const e0 = ab0 & excluders[d * 3]!;
          const e1 = ab1 & excluders[d * 3 + 1]!;
          const e2 = ab2 & excluders[d * 3 + 2]!;
          // Only excluders whose candidates the three cells can all take can be used up.
          if (loadUsableExcluders(board, e0, e1, e2, c[a]! | c[b]! | c[d]!) === 0 && !seeAB && !seeAD && !seeBD) continue;
          const step = checkTriple(board, a, b, d, seeAB, seeAD, seeBD, e0, e1, e2);
          if (step !== null) {
            lastTripleFree.known = false;
            return step;
          }
        }
      }
    }
  }
  remember(lastTripleFree, c, n);
  return null;
}

/** A board where a search found nothing, and its `n` base cells (see lastTripleFree). */
interface FreeBoard {
  candidates: Uint16Array;
  bases: Int32Array;
  known: boolean;
}

function remember(free: FreeBoard, c: Uint16Array, n: number): void {
  free.candidates.set(c);
  free.bases.fill(0);
  for (let i = 0; i < n; i++) setCell(free.bases, bases[i]!);
  free.known = true;
}

/**
 * The last board searched that has no aligned triple exclusion, and its base cells (a cell set of
 * three 27-bit words). The grader's next board is that one less some candidates. A set of three
 * base cells is decided by the cells' candidates and its common excluders (cells of two or three
 * candidates seeing all three): a set none of whose cells changed or became a base there, and
 * with no changed cell seeing all three (the only way its excluders can differ), is the same set,
 * and it gave nothing. Only the others are searched.
 */
const lastTripleFree: FreeBoard = { candidates: new Uint16Array(81), bases: new Int32Array(3), known: false };

/**
 * The same for pairs (base cells of excluders with two candidates): a pair is decided by its two
 * cells' candidates and its common excluders, so a pair of cells unchanged and bases there too,
 * with no changed cell seeing both, gave nothing there and gives nothing here.
 */
const lastPairFree: FreeBoard = { candidates: new Uint16Array(81), bases: new Int32Array(3), known: false };

/** Base cells (bits over base indices, three words) that changed or were no base on the last board. */
const newBases = new Int32Array(3);
/** The changed cells (three 27-bit words), and for each, the base cells that see it (bits over base indices). */
const changedCells = new Int32Array(3);
const basesSeeing = new Int32Array(81 * 3);
/** Result of {@link newThirds}: the base cells that can make a set with an unchanged pair new. */
const wanted = new Int32Array(3);

function setCell(set: Int32Array, cell: number): void {
  const word = (cell / 27) | 0;
  set[word] = set[word]! | (1 << (cell % 27));
}

/**
 * Fills newBases, changedCells and basesSeeing for a board with `n` bases when it is the `free`
 * board (the last triple-free or pair-free one) less some candidates, and returns true; else
 * returns false (every set is searched).
 */
function markNearChange(c: Uint16Array, n: number, free: FreeBoard): boolean {
  if (!free.known) return false;
  const last = free.candidates;
  changedCells[0] = 0;
  changedCells[1] = 0;
  changedCells[2] = 0;
  for (let cell = 0; cell < 81; cell++) {
    if (c[cell] === last[cell]) continue;
    // Candidates gained: another puzzle, or a board given again.
    if ((c[cell]! & ~last[cell]!) !== 0) return false;
    setCell(changedCells, cell);
  }
  newBases[0] = 0;
  newBases[1] = 0;
  newBases[2] = 0;
  const lastBases = free.bases;
  for (let i = 0; i < n; i++) {
    const cell = bases[i]!;
    const word = (cell / 27) | 0;
    const bit = 1 << (cell % 27);
    if ((changedCells[word]! & bit) !== 0 || (lastBases[word]! & bit) === 0) newBases[i >> 5] = newBases[i >> 5]! | (1 << (i & 31));
  }
  for (let word = 0; word < 3; word++) {
    for (let bits = changedCells[word]!; bits !== 0; bits &= bits - 1) {
      const changed = word * 27 + 31 - Math.clz32(bits & -bits);
      const at = changed * 3;
      basesSeeing[at] = 0;
      basesSeeing[at + 1] = 0;
      basesSeeing[at + 2] = 0;
      for (let i = 0; i < n; i++) if (sees(changed, bases[i]!)) basesSeeing[at + (i >> 5)] = basesSeeing[at + (i >> 5)]! | (1 << (i & 31));
    }
  }
  return true;
}

/**
 * For a pair of base cells neither of which is new: fills `wanted` with the base cells that can
 * make a set with them new (new ones, and those seeing a changed cell that sees both); returns
 * whether there is any.
 */
function newThirds(a: number, b: number): boolean {
  wanted[0] = newBases[0]!;
  wanted[1] = newBases[1]!;
  wanted[2] = newBases[2]!;
  for (let word = 0; word < 3; word++) {
    for (let bits = changedCells[word]! & peerWords[a * 3 + word]! & peerWords[b * 3 + word]!; bits !== 0; bits &= bits - 1) {
      const at = (word * 27 + 31 - Math.clz32(bits & -bits)) * 3;
      wanted[0] = wanted[0]! | basesSeeing[at]!;
      wanted[1] = wanted[1]! | basesSeeing[at + 1]!;
      wanted[2] = wanted[2]! | basesSeeing[at + 2]!;
    }
  }
  return (wanted[0]! | wanted[1]! | wanted[2]!) !== 0;
}

/** Forgets the last triple-free board (for tests: the next search is a whole one). */
export function forgetAlignedTripleBoard(): void {
  lastTripleFree.known = false;
}

/** Forgets the last pair-free board (for tests: the next search is a whole one). */
export function forgetAlignedPairBoard(): void {
  lastPairFree.known = false;
}

/** For each cell, the base cells it is an excluder of: bits over base indices (three 32-bit words). */
const basesOfExcluder = new Int32Array(81 * 3);
/** Result of {@link thirdCells}. */
const third = new Int32Array(3);
/** Scratch: the excluders of one base cell, or common to a pair (at most its peers). */
const pairExcluders = new Uint8Array(81);

function indexBasesByExcluder(n: number): void {
  basesOfExcluder.fill(0);
  for (let i = 0; i < n; i++) {
    const base = bases[i]!;
    const count = cellsOf(excluders[base * 3]!, excluders[base * 3 + 1]!, excluders[base * 3 + 2]!, pairExcluders);
    for (let e = 0; e < count; e++) {
      const slot = pairExcluders[e]! * 3 + (i >> 5);
      basesOfExcluder[slot] = basesOfExcluder[slot]! | (1 << (i & 31));
    }
  }
}

/**
 * Fills `third` with the indices after `after` of the base cells that have two or more of the given
 * excluders (the cells that can complete a triple).
 */
function thirdCells(w0: number, w1: number, w2: number, after: number): void {
  const m = cellsOf(w0, w1, w2, pairExcluders);
  for (let word = 0; word < 3; word++) {
    // Bits in two or more of the excluders' sets, in one pass (`once`: in some set so far).
    let once = 0;
    let twice = 0;
    for (let p = 0; p < m; p++) {
      const set = basesOfExcluder[pairExcluders[p]! * 3 + word]!;
      twice |= once & set;
      once |= set;
    }
    // Keep indices > after.
    const first = after + 1 - word * 32;
    third[word] = first >= 32 ? 0 : first > 0 ? twice & ~((1 << first) - 1) : twice;
  }
}

/**
 * Loads into exclMasks / exclCells the excluders of the set given as three words whose candidates
 * all lie in `digits` (the base cells' candidates); returns how many. The others never run out of
 * candidates, and the only digit they can leave alone is one no base cell has: they allow every
 * combination.
 */
function loadUsableExcluders(board: Readonly<Board>, w0: number, w1: number, w2: number, digits: number): number {
  const all = cellsOf(w0, w1, w2, exclCells);
  let n = 0;
  for (let i = 0; i < all; i++) {
    const cell = exclCells[i]!;
    const mask = board.candidates[cell]!;
    if ((mask & ~digits) !== 0) continue;
    exclCells[n] = cell;
    exclMasks[n++] = mask;
  }
  exclCount = n;
  return n;
}

/** Checks a base set against the usable excluders loaded; the step names all of them (e0..e2). */
function checkTriple(
  board: Readonly<Board>,
  a: number,
  b: number,
  d: number,
  seeAB: boolean,
  seeAD: boolean,
  seeBD: boolean,
  e0: number,
  e1: number,
  e2: number,
): Step | null {
  const c = board.candidates;
  const ma = c[a]!;
  const mb = c[b]!;
  const md = c[d]!;
  const count = exclCount;
  const masks = exclMasks;
  let allowedA = 0;
  let allowedB = 0;
  let allowedD = 0;
  for (let x = ma; x !== 0; x &= x - 1) {
    const va = x & -x;
    for (let y = mb; y !== 0; y &= y - 1) {
      const vb = y & -y;
      if (va === vb && seeAB) continue;
      // The third cell's digits left by this pair: not one it sees, none completing an excluder.
      let possible = count === 0 ? md : md & ~lockedThirds(va | vb, count, masks);
      if (seeAD) possible &= ~va;
      if (seeBD) possible &= ~vb;
      if (possible === 0) continue;
      allowedA |= va;
      allowedB |= vb;
      allowedD |= possible;
    }
    if (allowedA === ma && allowedB === mb && allowedD === md) return null;
  }
  if (allowedA === ma && allowedB === mb && allowedD === md) return null;
  loadExcluders(board, e0, e1, e2);
  return exclusionStep(board, 'aligned-triple-exclusion', 7.5, [a, b, d], [allowedA, allowedB, allowedD]);
}

export const ALIGNED_PAIR_EXCLUSION = techniqueDef('exclusion', 'aligned-pair-exclusion', 'Aligned pair exclusion', 6.2, (board, context) => findAlignedPairExclusion(board, context.geometry));

export const ALIGNED_TRIPLE_EXCLUSION = techniqueDef('exclusion', 'aligned-triple-exclusion', 'Aligned triple exclusion', 7.5, (board, context) => findAlignedTripleExclusion(board, context.geometry));

/** Techniques of this family, in ladder order. */
export const EXCLUSION_TECHNIQUES: TechniqueDef[] = [ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLE_EXCLUSION];
