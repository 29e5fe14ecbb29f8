import { buildRules } from './build.js';
import type { BoxShape, CageSpec, Rules, RulesSpec } from './types.js';

const classicCache = new Map<number, Rules>();

/**
 * Classic rules of a size: rows, columns and regular boxes (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3,
 * 12: 3x4, 16: 4x4...). Built once per size and box shape, then shared.
 */
export function classicRules(size = 9, boxes?: BoxShape): Rules {
  if (boxes !== undefined) return buildRules({ size, boxes });
  let rules = classicCache.get(size);
  if (rules === undefined) {
    rules = buildRules({ size });
    classicCache.set(size, rules);
  }
  return rules;
}

/** Jigsaw rules: a region number 0..size-1 per cell, size cells each; the size is that of the grid. */
export function jigsawRules(regions: readonly number[], size = Math.round(Math.sqrt(regions.length))): Rules {
  return buildRules({ size, regions });
}

/** Samurai: five 9x9 grids sharing corner boxes (369 cells on a 21x21 frame). */
export function samuraiRules(): Rules {
  return buildRules({ size: 9, layout: 'samurai' });
}

/** The same rules with more of the description (extra houses, cages) added. */
export function withSpec(rules: Rules, more: Partial<RulesSpec>): Rules {
  return buildRules({ ...rules.spec, ...more });
}

/** Adds the diagonals (both by default: Sudoku X). */
export function withDiagonals(rules: Rules, which: { down?: boolean; up?: boolean } = { down: true, up: true }): Rules {
  return withSpec(rules, {
    diagonalDown: rules.spec.diagonalDown === true || which.down === true,
    diagonalUp: rules.spec.diagonalUp === true || which.up === true,
  });
}

/** Adds windoku's four windows (9x9). */
export function withWindoku(rules: Rules): Rules {
  return withSpec(rules, { windoku: true });
}

/** Adds the disjoint groups (regular boxes). */
export function withDisjointGroups(rules: Rules): Rules {
  return withSpec(rules, { disjointGroups: true });
}

/** Adds the asterisk house (9x9). */
export function withAsterisk(rules: Rules): Rules {
  return withSpec(rules, { asterisk: true });
}

/** Adds the centre-dot house (9x9, 3x3 boxes). */
export function withCentreDot(rules: Rules): Rules {
  return withSpec(rules, { centreDot: true });
}

/** Adds extra houses of exactly size cells each. */
export function withExtraRegions(rules: Rules, regions: readonly (readonly number[])[]): Rules {
  return withSpec(rules, { extraRegions: [...(rules.spec.extraRegions ?? []), ...regions] });
}

/** Adds killer cages (a cell in at most one cage; a cage without a sum is allowed). */
export function withCages(rules: Rules, cages: readonly CageSpec[]): Rules {
  return withSpec(rules, { cages: [...(rules.spec.cages ?? []), ...cages] });
}

/** Whether the rules are plain classic 9x9 (the band solver and the grader's fast tables apply). */
export function isClassic9(rules: Rules): boolean {
  return rules.variant === 'classic' && rules.size === 9;
}

/**
 * Adds odd/even marks: `odd` cells hold 1, 3, 5..., `even` cells 2, 4, 6... (cell numbers of the
 * rules; a cell marked both ways, or already marked the other way, is a RulesError BAD_PARITY).
 */
export function withParity(rules: Rules, marks: { odd?: readonly number[]; even?: readonly number[] }): Rules {
  return withSpec(rules, { odd: [...(rules.spec.odd ?? []), ...(marks.odd ?? [])], even: [...(rules.spec.even ?? []), ...(marks.even ?? [])] });
}
