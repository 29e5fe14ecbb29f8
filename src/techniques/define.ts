import type { Board } from '../core/board.js';
import { classicGeometry, type Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import type { TechniqueDef, TechniqueFn } from './types.js';

/** A ladder entry, as every family writes its own: fixed difficulty unless `maxDifficulty` is given, uniqueness off unless `uniqueness`. */
export function techniqueDef(family: string, id: string, name: string, difficulty: number, find: TechniqueFn, maxDifficulty = difficulty, uniqueness = false): TechniqueDef {
  return { id, name, family, difficulty, maxDifficulty, uniqueness, find };
}

/** A technique's search over the context's geometry (classic when there is none). */
export function onGeometry(search: (board: Readonly<Board>, geometry: Geometry) => Step | null): TechniqueFn {
  return (board, context) => search(board, context.geometry ?? classicGeometry());
}
