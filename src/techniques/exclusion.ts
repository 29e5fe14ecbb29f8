import type { Board } from '../core/board.js';
import type { Step } from '../core/step.js';
import { PEERS, POPCOUNT, sees } from '../core/tables.js';
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

function bitCount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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
    for (let i = 0; i < 20; i++) {
      const peer = PEERS[cell * 20 + i]!;
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

/** Candidate masks of the cells of a 3-word cell set. */
function maskList(board: Readonly<Board>, w0: number, w1: number, w2: number, out: number[], cellsOut: number[]): void {
  out.length = 0;
  cellsOut.length = 0;
  for (let k = 0; k < 3; k++) {
    let w = k === 0 ? w0 : k === 1 ? w1 : w2;
    while (w !== 0) {
      const low = w & -w;
      const cell = k * 27 + 31 - Math.clz32(low);
      out.push(board.candidates[cell]!);
      cellsOut.push(cell);
      w ^= low;
    }
  }
}

/** Whether some excluder's candidates all lie in `used`. */
function locks(excluderMasks: readonly number[], used: number): boolean {
  for (const m of excluderMasks) if ((m & ~used) === 0) return true;
  return false;
}

function exclusionStep(
  board: Readonly<Board>,
  technique: string,
  difficulty: number,
  cells: number[],
  allowed: number[],
  excluderCells: readonly number[],
  excluderMasks: readonly number[],
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
  excluderMasks.forEach((m, i) => {
    if (m & removedDigits) used.push(excluderCells[i]!);
  });
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

const exclMasks: number[] = [];
const exclCells: number[] = [];

/**
 * The first aligned pair exclusion in SE's order (pairs of base cells in colex order: by the later
 * cell, then the earlier), or null.
 */
export function findAlignedPairExclusion(board: Readonly<Board>): Step | null {
  const c = board.candidates;
  const n = collectBases(board, 2);
  for (let j = 1; j < n; j++) {
    const b = bases[j]!;
    for (let i = 0; i < j; i++) {
      const a = bases[i]!;
      const w0 = excluders[a * 3]! & excluders[b * 3]!;
      const w1 = excluders[a * 3 + 1]! & excluders[b * 3 + 1]!;
      const w2 = excluders[a * 3 + 2]! & excluders[b * 3 + 2]!;
      if (bitCount(w0) + bitCount(w1) + bitCount(w2) < 2) continue;
      maskList(board, w0, w1, w2, exclMasks, exclCells);
      const ma = c[a]!;
      const mb = c[b]!;
      const same = sees(a, b);
      let allowedA = 0;
      let allowedB = 0;
      for (let x = ma; x !== 0; x &= x - 1) {
        const va = x & -x;
        for (let y = mb; y !== 0; y &= y - 1) {
          const vb = y & -y;
          if (va === vb && same) continue;
          if (locks(exclMasks, va | vb)) continue;
          allowedA |= va;
          allowedB |= vb;
        }
      }
      if (allowedA === ma && allowedB === mb) continue;
      const step = exclusionStep(board, 'aligned-pair-exclusion', 6.2, [a, b], [allowedA, allowedB], exclCells, exclMasks);
      if (step !== null) return step;
    }
  }
  return null;
}

/** Search effort of the last triple search (base sets whose combinations were checked). */
export const alignedTripleStats = { sets: 0 };

/**
 * The first aligned triple exclusion (base cells a < b < c in cell order), or null. Searches the
 * sets SE searches: three base cells with two or more common excluders (cells of two or three
 * candidates seeing all three), one of which has two or three candidates and sees another.
 */
export function findAlignedTripleExclusion(board: Readonly<Board>): Step | null {
  const c = board.candidates;
  const n = collectBases(board, 3);
  alignedTripleStats.sets = 0;
  for (let i = 0; i < n; i++) {
    const a = bases[i]!;
    const a0 = excluders[a * 3]!;
    const a1 = excluders[a * 3 + 1]!;
    const a2 = excluders[a * 3 + 2]!;
    for (let j = i + 1; j < n; j++) {
      const b = bases[j]!;
      const ab0 = a0 & excluders[b * 3]!;
      const ab1 = a1 & excluders[b * 3 + 1]!;
      const ab2 = a2 & excluders[b * 3 + 2]!;
      if (bitCount(ab0) + bitCount(ab1) + bitCount(ab2) < 2) continue;
      const seeAB = sees(a, b);
      const ka = POPCOUNT[c[a]!]!;
      const kb = POPCOUNT[c[b]!]!;
      for (let k = j + 1; k < n; k++) {
        const d = bases[k]!;
        const w0 = ab0 & excluders[d * 3]!;
        const w1 = ab1 & excluders[d * 3 + 1]!;
        const w2 = ab2 & excluders[d * 3 + 2]!;
        if (bitCount(w0) + bitCount(w1) + bitCount(w2) < 2) continue;
        const seeAD = sees(a, d);
        const seeBD = sees(b, d);
        const kd = POPCOUNT[c[d]!]!;
        // SE's twin-area rule: some cell of the set has 2-3 candidates and sees another of the set.
        const twin =
          (ka <= 3 && (seeAB || seeAD)) || (kb <= 3 && (seeAB || seeBD)) || (kd <= 3 && (seeAD || seeBD));
        if (!twin) continue;
        alignedTripleStats.sets++;
        maskList(board, w0, w1, w2, exclMasks, exclCells);
        const step = checkTriple(board, a, b, d, seeAB, seeAD, seeBD);
        if (step !== null) return step;
      }
    }
  }
  return null;
}

function checkTriple(board: Readonly<Board>, a: number, b: number, d: number, seeAB: boolean, seeAD: boolean, seeBD: boolean): Step | null {
  const c = board.candidates;
  const ma = c[a]!;
  const mb = c[b]!;
  const md = c[d]!;
  let allowedA = 0;
  let allowedB = 0;
  let allowedD = 0;
  for (let x = ma; x !== 0; x &= x - 1) {
    const va = x & -x;
    for (let y = mb; y !== 0; y &= y - 1) {
      const vb = y & -y;
      if (va === vb && seeAB) continue;
      const ab = va | vb;
      for (let z = md; z !== 0; z &= z - 1) {
        const vd = z & -z;
        if ((vd === va && seeAD) || (vd === vb && seeBD)) continue;
        if (locks(exclMasks, ab | vd)) continue;
        allowedA |= va;
        allowedB |= vb;
        allowedD |= vd;
      }
    }
    if (allowedA === ma && allowedB === mb && allowedD === md) return null;
  }
  if (allowedA === ma && allowedB === mb && allowedD === md) return null;
  return exclusionStep(board, 'aligned-triple-exclusion', 7.5, [a, b, d], [allowedA, allowedB, allowedD], exclCells, exclMasks);
}

export const ALIGNED_PAIR_EXCLUSION: TechniqueDef = {
  id: 'aligned-pair-exclusion',
  name: 'Aligned pair exclusion',
  family: 'exclusion',
  difficulty: 6.2,
  maxDifficulty: 6.2,
  uniqueness: false,
  find: (board) => findAlignedPairExclusion(board),
};

export const ALIGNED_TRIPLE_EXCLUSION: TechniqueDef = {
  id: 'aligned-triple-exclusion',
  name: 'Aligned triple exclusion',
  family: 'exclusion',
  difficulty: 7.5,
  maxDifficulty: 7.5,
  uniqueness: false,
  find: (board) => findAlignedTripleExclusion(board),
};

/** Techniques of this family, in ladder order. */
export const EXCLUSION_TECHNIQUES: TechniqueDef[] = [ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLE_EXCLUSION];
