import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { popcount, type GeneralShape } from '../../grader/general/shape.js';
import type { GeneralScan } from './places.js';

/**
 * Aligned pair exclusion (6.2) and aligned triple exclusion (7.5) on any grid, with Sudoku
 * Explainer's definitions (the 9x9 ladder's src/techniques/exclusion.ts finds the same sets on 81
 * cells). Two (three) base cells and the excluders that see all of them, each excluder holding at
 * most two (three) candidates: a choice of one digit per base cell is impossible when two base
 * cells that see each other take the same digit, or when the digits chosen cover every candidate
 * of an excluder (it would be left empty). A base candidate in no possible choice goes.
 *
 *     bases  A {1,3,7}  B {3,7}        excluders  X {1,3}  Y {3,7}   (each sees A and B)
 *     A=1 B=3: X empty     A=3 B=7: Y empty     A=7 B=3: Y empty     A=1 B=7, A=3 B=3 (A, B apart): fine
 *
 * Only "sees" is read (any house of the rules, Samurai across grids), so the technique is sound
 * for every rule set the general grader takes. The search space is SE's: a base cell has two or
 * more candidates, one excluder at least, and no peer that is an unplaced naked single; a set
 * needs two or more common excluders; a triple's third cell has two or more of the pair's common
 * excluders, and some cell of the triple has two or three candidates and sees another of it.
 * Pairs go in colex order (the later cell, then the earlier), triples in cell order.
 *
 * Cell sets are bit sets of the shape's `words` (Samurai: 12 words); base sets of base indices.
 */

interface Scratch {
  /** Base cells in cell order, and how many (`collect`). */
  bases: Int16Array;
  count: number;
  /** Excluders of each cell as a cell set: excluders[cell * words + w]. */
  excluders: Uint32Array;
  /** Words of a set of base indices, and for each cell the bases it is an excluder of. */
  baseWords: number;
  basesOf: Uint32Array;
  /** The common excluders of the pair being searched; of the triple. */
  pair: Uint32Array;
  set: Uint32Array;
  /** Bases in one / two or more of the pair's excluders' sets (third cells). */
  once: Uint32Array;
  twice: Uint32Array;
  /** Candidates of the excluders that can be left empty (the usable ones), and how many. */
  masks: Uint16Array;
  usable: number;
  /** The last boards where the pair / triple search found nothing (see {@link Free}). */
  pairFree: Free;
  tripleFree: Free;
  /** Against that board: the changed cells (a cell set), the new bases (base indices), for each changed cell the bases seeing it, and the thirds that can make a set new. */
  changed: Uint32Array;
  fresh: Uint32Array;
  seeing: Uint32Array;
  wanted: Uint32Array;
}

/**
 * A board where a search found nothing, and its bases (a cell set). The grader's next board is
 * that one less a few candidates. A base set's outcome is decided by its cells' candidates and its
 * common excluders (cells seeing all of it), so a set of cells that were bases there too, none of
 * them changed, and no changed cell seeing all of them, is the same set and gives nothing again:
 * only the other sets are searched.
 */
interface Free {
  known: boolean;
  candidates: Uint16Array;
  bases: Uint32Array;
}

const scratches = new WeakMap<GeneralShape, Scratch>();

function scratchOf(shape: GeneralShape): Scratch {
  let s = scratches.get(shape);
  if (s === undefined) {
    const { cellCount, words } = shape;
    const baseWords = (cellCount + 31) >> 5;
    s = {
      bases: new Int16Array(cellCount),
      count: 0,
      excluders: new Uint32Array(cellCount * words),
      baseWords,
      basesOf: new Uint32Array(cellCount * baseWords),
      pair: new Uint32Array(words),
      set: new Uint32Array(words),
      once: new Uint32Array(baseWords),
      twice: new Uint32Array(baseWords),
      masks: new Uint16Array(cellCount),
      usable: 0,
      pairFree: { known: false, candidates: new Uint16Array(cellCount), bases: new Uint32Array(words) },
      tripleFree: { known: false, candidates: new Uint16Array(cellCount), bases: new Uint32Array(words) },
      changed: new Uint32Array(words),
      fresh: new Uint32Array(baseWords),
      seeing: new Uint32Array(cellCount * baseWords),
      wanted: new Uint32Array(baseWords),
    };
    scratches.set(shape, s);
  }
  return s;
}

/** Fills the base cells and their excluders (cells of 2..most candidates). */
function collect(board: Readonly<Board>, shape: GeneralShape, s: Scratch, most: number): void {
  const { cellCount, peers, peerStart, words } = shape;
  const cand = board.candidates;
  const { excluders, bases } = s;
  let count = 0;
  next: for (let cell = 0; cell < cellCount; cell++) {
    if (board.values[cell] !== 0 || popcount(cand[cell]!) < 2) continue;
    const at = cell * words;
    excluders.fill(0, at, at + words);
    let any = false;
    for (let i = peerStart[cell]!, end = peerStart[cell + 1]!; i < end; i++) {
      const peer = peers[i]!;
      if (board.values[peer] !== 0) continue;
      const k = popcount(cand[peer]!);
      if (k === 1) continue next;
      if (k > most) continue;
      excluders[at + (peer >> 5)]! |= 1 << (peer & 31);
      any = true;
    }
    if (any) bases[count++] = cell;
  }
  s.count = count;
}

function remember(board: Readonly<Board>, s: Scratch, free: Free): void {
  free.candidates.set(board.candidates);
  free.bases.fill(0);
  for (let i = 0; i < s.count; i++) free.bases[s.bases[i]! >> 5]! |= 1 << (s.bases[i]! & 31);
  free.known = true;
}

/**
 * Against the last board where the search found nothing: fills the changed cells, the new bases
 * and the bases seeing each changed cell, and returns true; false when there is no such board or
 * this one is not it less some candidates (then every set is searched).
 */
function markChanges(board: Readonly<Board>, shape: GeneralShape, s: Scratch, free: Free): boolean {
  if (!free.known) return false;
  const { cellCount } = shape;
  const { changed, fresh, seeing, baseWords, bases } = s;
  const last = free.candidates;
  const now = board.candidates;
  changed.fill(0);
  for (let cell = 0; cell < cellCount; cell++) {
    if (now[cell] === last[cell]) continue;
    // Candidates gained: another puzzle, or a board given again.
    if ((now[cell]! & ~last[cell]!) !== 0) return false;
    changed[cell >> 5]! |= 1 << (cell & 31);
  }
  fresh.fill(0);
  for (let i = 0; i < s.count; i++) {
    const cell = bases[i]!;
    const bit = 1 << (cell & 31);
    if ((changed[cell >> 5]! & bit) !== 0 || (free.bases[cell >> 5]! & bit) === 0) fresh[i >> 5]! |= 1 << (i & 31);
  }
  for (let w = 0; w < shape.words; w++) {
    for (let bits = changed[w]!; bits !== 0; bits &= bits - 1) {
      const cell = (w << 5) + 31 - Math.clz32(bits & -bits);
      const at = cell * baseWords;
      seeing.fill(0, at, at + baseWords);
      for (let i = 0; i < s.count; i++) if (sees(shape, cell, bases[i]!)) seeing[at + (i >> 5)]! |= 1 << (i & 31);
    }
  }
  return true;
}

/** Forgets the last boards where the searches found nothing (for tests: the next searches are whole ones). */
export function forgetAlignedBoards(shape: GeneralShape): void {
  const s = scratches.get(shape);
  if (s !== undefined) {
    s.pairFree.known = false;
    s.tripleFree.known = false;
  }
}

function isFresh(s: Scratch, i: number): boolean {
  return (s.fresh[i >> 5]! & (1 << (i & 31))) !== 0;
}

/**
 * For two bases neither of which is new: fills `wanted` with the bases that can make a set with
 * them new (new ones, and those seeing a changed cell that sees both); returns whether there is any.
 */
function newThirds(shape: GeneralShape, s: Scratch, a: number, b: number): boolean {
  const { words, peerBits } = shape;
  const { wanted, fresh, seeing, baseWords, changed } = s;
  wanted.set(fresh);
  for (let w = 0; w < words; w++) {
    for (let bits = changed[w]! & peerBits[a * words + w]! & peerBits[b * words + w]!; bits !== 0; bits &= bits - 1) {
      const at = ((w << 5) + 31 - Math.clz32(bits & -bits)) * baseWords;
      for (let v = 0; v < baseWords; v++) wanted[v]! |= seeing[at + v]!;
    }
  }
  for (let v = 0; v < baseWords; v++) if (wanted[v] !== 0) return true;
  return false;
}

/** Whether a changed cell sees both cells. */
function changedSeesBoth(shape: GeneralShape, s: Scratch, a: number, b: number): boolean {
  const { words, peerBits } = shape;
  for (let w = 0; w < words; w++) if ((s.changed[w]! & peerBits[a * words + w]! & peerBits[b * words + w]!) !== 0) return true;
  return false;
}

/** Writes a & b (cell sets at offsets) into `into`; returns whether it holds two cells or more. */
function commonTwo(x: Uint32Array, ax: number, y: Uint32Array, ay: number, into: Uint32Array, words: number): boolean {
  let seen = 0;
  for (let w = 0; w < words; w++) {
    const both = x[ax + w]! & y[ay + w]!;
    into[w] = both;
    if (both !== 0) seen += (both & (both - 1)) !== 0 ? 2 : 1;
  }
  return seen >= 2;
}

/** Loads the candidates of the excluders in `set` that lie within `digits` (the others are never left empty). */
function loadUsable(board: Readonly<Board>, set: Uint32Array, words: number, digits: number, s: Scratch): number {
  const cand = board.candidates;
  let n = 0;
  for (let w = 0; w < words; w++) {
    for (let bits = set[w]!; bits !== 0; bits &= bits - 1) {
      const mask = cand[(w << 5) + 31 - Math.clz32(bits & -bits)]!;
      if ((mask & ~digits) === 0) s.masks[n++] = mask;
    }
  }
  s.usable = n;
  return n;
}

/** Whether the chosen digits cover an excluder's candidates. */
function emptiesOne(chosen: number, s: Scratch): boolean {
  for (let i = 0; i < s.usable; i++) if ((s.masks[i]! & ~chosen) === 0) return true;
  return false;
}

/** The digits a third base cell may not take beside `chosen` (two digits): those that would leave an excluder empty. */
function barredThird(chosen: number, s: Scratch, all: number): number {
  let barred = 0;
  for (let i = 0; i < s.usable; i++) {
    const left = s.masks[i]! & ~chosen;
    if (left === 0) return all;
    if ((left & (left - 1)) === 0) barred |= left;
  }
  return barred;
}

/**
 * Whether the usable excluders and the cells' meetings can rule out every choice of the other two
 * cells beside one digit of some cell (a necessary condition for a removal). Beside digit x of
 * cell X (others Y, Z of ky, kz digits), a two-candidate excluder holding x rules out at most
 * ky + kz - 1 choices (Y or Z takes its other digit), one without x at most 2, a three-candidate
 * one at most 2; X meeting Y rules out kz (Y = x), X meeting Z ky, Y meeting Z min(ky, kz).
 */
function mayRemove(s: Scratch, ka: number, kb: number, kd: number, seeAB: boolean, seeAD: boolean, seeBD: boolean): boolean {
  let two = 0;
  let three = 0;
  for (let i = 0; i < s.usable; i++) {
    if (popcount(s.masks[i]!) === 2) two++;
    else three++;
  }
  return (
    enough(kb, kd, seeAB, seeAD, seeBD, two, three) || enough(ka, kd, seeAB, seeBD, seeAD, two, three) || enough(ka, kb, seeAD, seeBD, seeAB, two, three)
  );
}

/** Whether the bound of {@link mayRemove} reaches every choice of Y and Z (ky x kz). */
function enough(ky: number, kz: number, meetsY: boolean, meetsZ: boolean, yMeetsZ: boolean, two: number, three: number): boolean {
  const ruled = (meetsY ? kz : 0) + (meetsZ ? ky : 0) + (yMeetsZ ? Math.min(ky, kz) : 0) + two * (ky + kz - 1) + three * 2;
  return ruled >= ky * kz;
}

/** The step removing what the base cells may not take; `allowed` per cell, cells ascending. */
function exclusionStep(board: Readonly<Board>, shape: GeneralShape, technique: string, difficulty: number, cells: number[], allowed: number[], set: Uint32Array): Step | null {
  const eliminations: Candidate[] = [];
  let removed = 0;
  for (let i = 0; i < cells.length; i++) {
    const gone = board.candidates[cells[i]!]! & ~allowed[i]!;
    removed |= gone;
    for (let d = 0; gone >> d !== 0; d++) if ((gone >> d) & 1) eliminations.push({ cell: cells[i]!, digit: d + 1 });
  }
  if (eliminations.length === 0) return null;
  // The excluders holding a removed digit are those that rule the removed choices out.
  const pattern = [...cells];
  for (let w = 0; w < shape.words; w++) {
    for (let bits = set[w]!; bits !== 0; bits &= bits - 1) {
      const cell = (w << 5) + 31 - Math.clz32(bits & -bits);
      if ((board.candidates[cell]! & removed) !== 0) pattern.push(cell);
    }
  }
  const digits: number[] = [];
  for (let d = 0; removed >> d !== 0; d++) if ((removed >> d) & 1) digits.push(d + 1);
  return { technique, difficulty, placements: [], eliminations, pattern: { cells: pattern, digits, units: [] } };
}

function sees(shape: GeneralShape, a: number, b: number): boolean {
  return (shape.peerBits[a * shape.words + (b >> 5)]! & (1 << (b & 31))) !== 0;
}

/** The first aligned pair exclusion (pairs in colex order), or null. */
export function findGeneralAlignedPair(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const { shape } = scan;
  const { words } = shape;
  const s = scratchOf(shape);
  collect(board, shape, s, 2);
  const { bases, excluders, pair } = s;
  const cand = board.candidates;
  const near = markChanges(board, shape, s, s.pairFree);
  for (let j = 1; j < s.count; j++) {
    const b = bases[j]!;
    const mb = cand[b]!;
    const bOld = near && !isFresh(s, j);
    for (let i = 0; i < j; i++) {
      const a = bases[i]!;
      // Both bases old: the pair is new only if a changed cell sees both (an excluder gained or lost).
      if (bOld && !isFresh(s, i) && !changedSeesBoth(shape, s, a, b)) continue;
      if (!commonTwo(excluders, a * words, excluders, b * words, pair, words)) continue;
      const ma = cand[a]!;
      // Removing a digit from one cell takes a usable excluder (two candidates: that digit and
      // another) for each digit of the other cell but one (the same digit, if the cells meet).
      if (loadUsable(board, pair, words, ma | mb, s) < Math.min(popcount(ma), popcount(mb)) - 1 || s.usable === 0) continue;
      const apart = !sees(shape, a, b);
      let okA = 0;
      let okB = 0;
      for (let x = ma; x !== 0; x &= x - 1) {
        const da = x & -x;
        for (let y = mb; y !== 0; y &= y - 1) {
          const db = y & -y;
          if ((da !== db || apart) && !emptiesOne(da | db, s)) {
            okA |= da;
            okB |= db;
          }
        }
      }
      if (okA === ma && okB === mb) continue;
      const step = exclusionStep(board, shape, 'aligned-pair-exclusion', 6.2, [a, b], [okA, okB], pair);
      if (step !== null) {
        s.pairFree.known = false;
        return step;
      }
    }
  }
  remember(board, s, s.pairFree);
  return null;
}

/** The first aligned triple exclusion (base cells a < b < c in cell order), or null. */
export function findGeneralAlignedTriple(board: Readonly<Board>, scan: GeneralScan): Step | null {
  const { shape } = scan;
  const { words } = shape;
  const s = scratchOf(shape);
  collect(board, shape, s, 3);
  const { bases, excluders, pair, set, basesOf, baseWords, once, twice } = s;
  const n = s.count;
  // For each excluder, the bases it serves (bits over base indices).
  basesOf.fill(0);
  for (let i = 0; i < n; i++) {
    const at = bases[i]! * words;
    for (let w = 0; w < words; w++) {
      for (let bits = excluders[at + w]!; bits !== 0; bits &= bits - 1) {
        const e = (w << 5) + 31 - Math.clz32(bits & -bits);
        basesOf[e * baseWords + (i >> 5)]! |= 1 << (i & 31);
      }
    }
  }
  const cand = board.candidates;
  const all = shape.rules.allDigits;
  const near = markChanges(board, shape, s, s.tripleFree);
  for (let i = 0; i < n; i++) {
    const a = bases[i]!;
    const ma = cand[a]!;
    const smallA = popcount(ma) <= 3;
    const aOld = near && !isFresh(s, i);
    for (let j = i + 1; j < n; j++) {
      const b = bases[j]!;
      if (!commonTwo(excluders, a * words, excluders, b * words, pair, words)) continue;
      // Both old: only a new third, or one seeing a changed cell that sees a and b, makes a new set.
      const onlyNew = aOld && !isFresh(s, j);
      if (onlyNew && !newThirds(shape, s, a, b)) continue;
      const mb = cand[b]!;
      const smallB = popcount(mb) <= 3;
      const seeAB = sees(shape, a, b);
      // Third cells: bases after b in two or more of the pair's excluders' base sets.
      once.fill(0);
      twice.fill(0);
      for (let w = 0; w < words; w++) {
        for (let bits = pair[w]!; bits !== 0; bits &= bits - 1) {
          const at = ((w << 5) + 31 - Math.clz32(bits & -bits)) * baseWords;
          for (let v = 0; v < baseWords; v++) {
            twice[v]! |= once[v]! & basesOf[at + v]!;
            once[v]! |= basesOf[at + v]!;
          }
        }
      }
      const first = j + 1;
      if (onlyNew) for (let v = 0; v < baseWords; v++) twice[v]! &= s.wanted[v]!;
      for (let v = first >> 5; v < baseWords; v++) {
        let bits = twice[v]!;
        if (v === first >> 5) bits &= ~((1 << (first & 31)) - 1);
        for (; bits !== 0; bits &= bits - 1) {
          const d = bases[(v << 5) + 31 - Math.clz32(bits & -bits)]!;
          const md = cand[d]!;
          const seeAD = sees(shape, a, d);
          const seeBD = sees(shape, b, d);
          // SE's twin rule: a cell of the three with two or three candidates sees another of them.
          if (!((smallA && (seeAB || seeAD)) || (smallB && (seeAB || seeBD)) || (popcount(md) <= 3 && (seeAD || seeBD)))) continue;
          commonTwo(pair, 0, excluders, d * words, set, words);
          if (loadUsable(board, set, words, ma | mb | md, s) === 0 && !seeAB && !seeAD && !seeBD) continue;
          if (!mayRemove(s, popcount(ma), popcount(mb), popcount(md), seeAB, seeAD, seeBD)) continue;
          let okA = 0;
          let okB = 0;
          let okD = 0;
          for (let x = ma; x !== 0 && (okA !== ma || okB !== mb || okD !== md); x &= x - 1) {
            const da = x & -x;
            for (let y = mb; y !== 0; y &= y - 1) {
              const db = y & -y;
              if (da === db && seeAB) continue;
              // Nothing to learn from a choice whose digits are all shown possible already.
              if (okD === md && (okA & da) !== 0 && (okB & db) !== 0) continue;
              let third = md & ~barredThird(da | db, s, all);
              if (seeAD) third &= ~da;
              if (seeBD) third &= ~db;
              if (third === 0) continue;
              okA |= da;
              okB |= db;
              okD |= third;
            }
          }
          if (okA === ma && okB === mb && okD === md) continue;
          const step = exclusionStep(board, shape, 'aligned-triple-exclusion', 7.5, [a, b, d], [okA, okB, okD], set);
          if (step !== null) {
            s.tripleFree.known = false;
            return step;
          }
        }
      }
    }
  }
  remember(board, s, s.tripleFree);
  return null;
}
