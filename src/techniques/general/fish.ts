import type { Board } from '../../core/board.js';
import type { Candidate, Step } from '../../core/step.js';
import { popcount } from '../../grader/general/shape.js';
import { cellsAt, firstCombination, nextCombination, sortCandidates, type GeneralScan } from './places.js';

/**
 * Basic fish on the rows and columns of each grid (one grid, or Samurai's five): X-wing 3.2,
 * swordfish 3.8, jellyfish 5.2, as the 9x9 ladder rates them. When a digit's places in k base
 * lines (rows, say) all lie in k cover lines (columns) of the same grid, the digit fills one place
 * of each cover line inside the base lines, so it leaves the rest of the cover lines.
 *
 * A row's i-th cell is in the grid's column i, and a column's i-th cell in its row i (cells are
 * numbered row by row), so a row's places of a digit are a mask of columns and the reverse:
 *
 *     rows 2 and 5, digit 7 at columns 1 and 4 only     base mask = rows {2, 5}
 *     . 7 . . 7 .   <- row 2                            cover union = columns {1, 4}
 *     . 7 . . 7 .   <- row 5                            column 1 and 4 lose 7 outside rows 2, 5
 *
 * Line sets ascending (lexicographic), digits ascending inside; rows as base first, then columns.
 */

/** Scratch: the eligible base lines (indexes 0..size-1 in the grid) and the combination. */
const LINES = new Int8Array(16);
const PICK = new Int8Array(4);

function findFish(board: Readonly<Board>, scan: GeneralScan, k: number, technique: string, difficulty: number): Step | null {
  const { shape, places } = scan;
  const { size, fishLines, gridCount } = shape;
  for (let g = 0; g < gridCount; g++) {
    for (let orient = 0; orient < 2; orient++) {
      const baseLines = (g * 2 + orient) * size;
      const coverLines = (g * 2 + 1 - orient) * size;
      for (let d = 0; d < size; d++) {
        let n = 0;
        for (let i = 0; i < size; i++) {
          const count = popcount(places[fishLines[baseLines + i]! * size + d]!);
          if (count >= 2 && count <= k) LINES[n++] = i;
        }
        if (n < k) continue;
        firstCombination(PICK, k);
        do {
          let union = 0;
          let base = 0;
          for (let j = 0; j < k; j++) {
            const i = LINES[PICK[j]!]!;
            union |= places[fishLines[baseLines + i]! * size + d]!;
            base |= 1 << i;
          }
          if (popcount(union) !== k) continue;
          const eliminations: Candidate[] = [];
          for (let mask = union; mask !== 0; mask &= mask - 1) {
            const cover = fishLines[coverLines + 31 - Math.clz32(mask & -mask)]!;
            for (const cell of cellsAt(shape, cover, places[cover * size + d]! & ~base)) eliminations.push({ cell, digit: d + 1 });
          }
          if (eliminations.length === 0) continue;
          const cells: number[] = [];
          const baseUnits: number[] = [];
          const coverUnits: number[] = [];
          for (let mask = base; mask !== 0; mask &= mask - 1) {
            const line = fishLines[baseLines + 31 - Math.clz32(mask & -mask)]!;
            baseUnits.push(line);
            cells.push(...cellsAt(shape, line, places[line * size + d]!));
          }
          for (let mask = union; mask !== 0; mask &= mask - 1) coverUnits.push(fishLines[coverLines + 31 - Math.clz32(mask & -mask)]!);
          return {
            technique,
            difficulty,
            placements: [],
            eliminations: sortCandidates(eliminations),
            pattern: { cells: cells.sort((a, b) => a - b), digits: [d + 1], units: [...baseUnits, ...coverUnits] },
          };
        } while (nextCombination(PICK, k, n));
      }
    }
  }
  return null;
}

export const findXWing = (board: Readonly<Board>, scan: GeneralScan): Step | null => findFish(board, scan, 2, 'x-wing', 3.2);
export const findSwordfish = (board: Readonly<Board>, scan: GeneralScan): Step | null => findFish(board, scan, 3, 'swordfish', 3.8);
export const findJellyfish = (board: Readonly<Board>, scan: GeneralScan): Step | null => findFish(board, scan, 4, 'jellyfish', 5.2);
