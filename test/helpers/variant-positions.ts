import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Board, boardFromGrid, placeDigit } from '../../src/core/board.js';
import { type Geometry, geometryOf } from '../../src/core/geometry.js';
import { classicRules, jigsawRules, withDiagonals } from '../../src/rules/constructors.js';

/** A training puzzle (jigsaw or X, from test/fixtures/variants/se-rated.txt) with its rules' geometry. */
export interface VariantPuzzle {
  variant: 'jigsaw' | 'x';
  givens: string;
  regions: string | null;
  solution: string;
  level: string;
  se: string;
  geometry: Geometry;
}

/** The 300 SukakuExplainer-rated training puzzles, copied into the repository (the file's header names their source). */
const TRAINING_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'variants', 'se-rated.txt');

/** The geometry of a jigsaw layout (81 region ids 1-9) or, for null, of Sudoku X. */
export function variantGeometry(regions: string | null): Geometry {
  if (regions === null) return geometryOf(withDiagonals(classicRules(9)));
  return geometryOf(jigsawRules([...regions].map((c) => Number(c) - 1)));
}

/** The training puzzles of one variant: LINE<TAB>SOLUTION<TAB>ER/EP/ED<TAB>Solo level, LINE being `GIVENS LAYOUT` (jigsaw) or `x:GIVENS`. */
export function trainingPuzzles(variant: 'jigsaw' | 'x'): VariantPuzzle[] {
  const puzzles: VariantPuzzle[] = [];
  for (const line of readFileSync(TRAINING_FILE, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [text, solution, se, level] = line.split('\t') as [string, string, string, string];
    const isX = text.startsWith('x:');
    if (isX !== (variant === 'x')) continue;
    const givens = isX ? text.slice(2) : text.slice(0, 81);
    const regions = isX ? null : text.slice(82, 163);
    puzzles.push({ variant, givens, regions, solution, level, se, geometry: variantGeometry(regions) });
  }
  return puzzles;
}

/** Places naked and hidden singles (over every house of the geometry) until none is left. */
export function applySingles(board: Board, geometry: Geometry): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (let cell = 0; cell < 81; cell++) {
      const mask = board.candidates[cell]!;
      if (board.values[cell] === 0 && mask !== 0 && (mask & (mask - 1)) === 0) {
        placeDigit(board, cell, 32 - Math.clz32(mask), geometry);
        changed = true;
      }
    }
    for (let house = 0; house < geometry.houseCount; house++) {
      for (let d = 0; d < 9; d++) {
        let place = -1;
        let count = 0;
        for (let i = 0; i < 9; i++) {
          const cell = geometry.houseCells[house * 9 + i]!;
          if (board.values[cell] === 0 && board.candidates[cell]! & (1 << d)) {
            place = cell;
            count++;
          }
        }
        if (count === 1 && board.values[place] === 0) {
          placeDigit(board, place, d + 1, geometry);
          changed = true;
        }
      }
    }
  }
}

/** The board of a training puzzle after its singles. */
export function positionAfterSingles(puzzle: { givens: string; geometry: Geometry }): Board {
  const board = boardFromGrid(puzzle.givens, puzzle.geometry);
  applySingles(board, puzzle.geometry);
  return board;
}
