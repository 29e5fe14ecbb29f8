import { buildRules } from './build.js';
import { RulesError, type BoxShape, type CageSpec, type Rules, type RulesSpec } from './types.js';

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
export function jigsawRules(regions: readonly number[], size = Math.round(Math.sqrt(listOf(regions, 'regions').length))): Rules {
  return buildRules({ size, regions });
}

/** Samurai: five 9x9 grids sharing corner boxes (369 cells on a 21x21 frame). */
export function samuraiRules(): Rules {
  return buildRules({ size: 9, layout: 'samurai' });
}

/** The same rules with more of the description (extra houses, cages) added. */
export function withSpec(rules: Rules, more: Partial<RulesSpec>): Rules {
  if (typeof more !== 'object' || more === null) throw new RulesError('BAD_SPEC', `expected the fields to add as an object (got ${more === null ? 'null' : typeof more})`);
  return buildRules({ ...specOf(rules), ...more });
}

/** The description of a rules value, or a RulesError BAD_SPEC when it is not one. */
function specOf(rules: Rules): RulesSpec {
  const spec: unknown = typeof rules === 'object' && rules !== null ? rules.spec : undefined;
  if (typeof spec !== 'object' || spec === null) throw new RulesError('BAD_SPEC', 'expected a rules value (made by buildRules, classicRules...)');
  return spec as RulesSpec;
}

/** A list argument, or a RulesError BAD_SPEC naming it. */
function listOf<T>(list: readonly T[], what: string): readonly T[] {
  if (!Array.isArray(list)) throw new RulesError('BAD_SPEC', `${what} must be a list (got ${list === null ? 'null' : typeof list})`);
  return list;
}

/** Adds the diagonals (both by default: Sudoku X). */
export function withDiagonals(rules: Rules, which: { down?: boolean; up?: boolean } = { down: true, up: true }): Rules {
  const spec = specOf(rules);
  if (typeof which !== 'object' || which === null) throw new RulesError('BAD_SPEC', `expected { down, up } (got ${which === null ? 'null' : typeof which})`);
  return withSpec(rules, {
    diagonalDown: spec.diagonalDown === true || which.down === true,
    diagonalUp: spec.diagonalUp === true || which.up === true,
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
  return withSpec(rules, { extraRegions: [...(specOf(rules).extraRegions ?? []), ...listOf(regions, 'extra regions')] });
}

/** Adds killer cages (a cell in at most one cage; a cage without a sum is allowed). */
export function withCages(rules: Rules, cages: readonly CageSpec[]): Rules {
  return withSpec(rules, { cages: [...(specOf(rules).cages ?? []), ...listOf(cages, 'cages')] });
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
  const spec = specOf(rules);
  if (typeof marks !== 'object' || marks === null) throw new RulesError('BAD_SPEC', `expected { odd, even } (got ${marks === null ? 'null' : typeof marks})`);
  return withSpec(rules, { odd: [...(spec.odd ?? []), ...listOf(marks.odd ?? [], 'odd')], even: [...(spec.even ?? []), ...listOf(marks.even ?? [], 'even')] });
}
