import { OptionError, shownValue } from '../core/errors.js';
import type { Grid } from '../core/grid.js';
import { toGrid, type GridInput } from '../core/grid-input.js';

/** The symmetries a puzzle's pattern of givens can keep. */
export const SYMMETRIES = ['none', 'rotational', 'rot90', 'mirror', 'flip', 'diagonal', 'antidiagonal'] as const;
export type Symmetry = (typeof SYMMETRIES)[number];

/**
 * The cell a symmetry maps `cell` to (r, c counted 0..8):
 * rotational = half turn (r, c) -> (8-r, 8-c); rot90 = quarter turn (r, c) -> (c, 8-r);
 * mirror = left-right (r, 8-c); flip = top-bottom (8-r, c);
 * diagonal = transpose (c, r); antidiagonal = (8-c, 8-r).
 */
export function mapCell(symmetry: Symmetry, cell: number): number {
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  switch (symmetry) {
    case 'none':
      return cell;
    case 'rotational':
      return 80 - cell;
    case 'rot90':
      return c * 9 + (8 - r);
    case 'mirror':
      return r * 9 + (8 - c);
    case 'flip':
      return (8 - r) * 9 + c;
    case 'diagonal':
      return c * 9 + r;
    case 'antidiagonal':
      return (8 - c) * 9 + (8 - r);
  }
}

/**
 * The orbits of a symmetry: groups of cells that are given or empty together (1, 2 or 4 cells),
 * each listed once, in order of their first cell.
 */
export function symmetryOrbits(symmetry: Symmetry): number[][] {
  const cached = ORBITS.get(symmetry);
  if (cached) return cached;
  const seen = new Uint8Array(81);
  const orbits: number[][] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (seen[cell]) continue;
    const orbit: number[] = [];
    for (let c = cell; !seen[c]; c = mapCell(symmetry, c)) {
      seen[c] = 1;
      orbit.push(c);
    }
    orbits.push(orbit);
  }
  ORBITS.set(symmetry, orbits);
  return orbits;
}

const ORBITS = new Map<Symmetry, number[][]>();

/** Whether the givens of `grid` (not their digits) keep the symmetry. */
export function hasSymmetry(input: GridInput, symmetry: Symmetry): boolean {
  const grid = toGrid(input);
  if (!(SYMMETRIES as readonly string[]).includes(symmetry)) {
    throw new OptionError('BAD_OPTION', `unknown symmetry ${shownValue(symmetry)} (one of ${SYMMETRIES.join(', ')})`);
  }
  for (let cell = 0; cell < 81; cell++) {
    if ((grid[cell] === 0) !== (grid[mapCell(symmetry, cell)] === 0)) return false;
  }
  return true;
}
