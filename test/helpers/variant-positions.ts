import { readFileSync } from 'node:fs';
import { type Board, boardFromGrid, placeDigit } from '../../src/core/board.js';
import { type Geometry, geometryOf } from '../../src/core/geometry.js';
import { classicRules, jigsawRules, withDiagonals } from '../../src/rules/constructors.js';

/** A training puzzle of /work/shared/data/variants-train (jigsaw or X) with its rules' geometry. */
export interface VariantPuzzle {
  variant: 'jigsaw' | 'x';
  givens: string;
  regions: string | null;
  solution: string;
  level: string;
  se: string;
  geometry: Geometry;
}

const TRAIN = '/work/shared/data/variants-train/';

/** The geometry of a jigsaw layout (81 region ids 1-9) or, for null, of Sudoku X. */
export function variantGeometry(regions: string | null): Geometry {
  if (regions === null) return geometryOf(withDiagonals(classicRules(9)));
  return geometryOf(jigsawRules([...regions].map((c) => Number(c) - 1)));
}

/** The training puzzles of one file (jigsaw-se-rated.jsonl or x-se-rated.jsonl), whether the data is there. */
export function trainingPuzzles(file: string): VariantPuzzle[] {
  let text: string;
  try {
    text = readFileSync(TRAIN + file, 'utf8');
  } catch {
    return [];
  }
  return text.trim().split('\n').map((line) => {
    const row = JSON.parse(line) as { variant: string; givens: string; regions: string | null; solution: string; solo_difficulty: string; se: string };
    return {
      variant: row.variant === 'jigsaw' ? 'jigsaw' : 'x',
      givens: row.givens,
      regions: row.regions,
      solution: row.solution,
      level: row.solo_difficulty,
      se: row.se,
      geometry: variantGeometry(row.regions),
    };
  });
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
