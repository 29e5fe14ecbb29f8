import type { Board } from '../../core/board.js';
import type { Geometry } from '../../core/geometry.js';
import type { Candidate, Step } from '../../core/step.js';
import type { Cage } from '../../rules/types.js';
import type { TechniqueContext } from '../types.js';
import { maskDigits } from './cage-math.js';

/**
 * A killer step: a {@link Step} with the numbers its explanation quotes (filled into the texts of
 * `texts.ts` as `{cageSum}`, `{left}`, ... by the explanation's `{anyField}` rule).
 */
export interface KillerStep extends Step {
  /** The total of the cage the step is about (0 when it is about a rule-of-45 set only). */
  cageSum: number;
  /** Number of cells of that cage. */
  cageSize: number;
  /** What the cells the step reasons about must add up to. */
  left: number;
  /** The digit sets that make `left` over those cells and fit their candidates: `1+2+4 or 1+3+5`. */
  combos: string;
  /** Rule of 45: what the innies, the outies or the split part of a cage add up to (placed digits included). */
  setSum: number;
  /** Rule of 45: what the houses add up to (45 each). */
  total: number;
  /** Rule of 45: the totals of the cages wholly inside the houses (innies), of those inside or reaching into them (outies), or of the known part of a split cage. */
  cagesTotal: number;
}

/** The cages of the context's rules (none for classic), and the geometry. */
export function killerContext(context: TechniqueContext): { geometry: Geometry; cages: readonly Cage[] } | null {
  const geometry = context.geometry;
  if (geometry === undefined || geometry.rules === null || geometry.rules.cages.length === 0) return null;
  return { geometry, cages: geometry.rules.cages };
}

const MAX_LISTED_COMBOS = 4;

/** `1+2+4 or 1+3+5` (the first few, then how many more). */
export function formatCombos(combos: readonly number[]): string {
  const listed = combos.slice(0, MAX_LISTED_COMBOS).map((m) => maskDigits(m).join('+'));
  const more = combos.length - listed.length;
  return listed.join(' or ') + (more > 0 ? ` (and ${more} more)` : '');
}

/** Eliminations of the candidates of `cells` outside `allowed[i]`. */
export function eliminationsOutside(board: Readonly<Board>, cells: readonly number[], allowed: readonly number[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    let gone = board.candidates[cell]! & ~allowed[i]!;
    while (gone !== 0) {
      const bit = gone & -gone;
      gone ^= bit;
      out.push({ cell, digit: 32 - Math.clz32(bit) });
    }
  }
  return out;
}

/** A killer step with the given fields (fields not given are 0 or empty). */
export function killerStep(base: Step, fields: Partial<Omit<KillerStep, keyof Step>>): KillerStep {
  return {
    technique: base.technique,
    difficulty: base.difficulty,
    placements: base.placements,
    eliminations: base.eliminations,
    pattern: base.pattern,
    cageSum: fields.cageSum ?? 0,
    cageSize: fields.cageSize ?? 0,
    left: fields.left ?? 0,
    combos: fields.combos ?? '',
    setSum: fields.setSum ?? 0,
    total: fields.total ?? 0,
    cagesTotal: fields.cagesTotal ?? 0,
  };
}

/** Keeps the easier of two steps (the first on ties). */
export function easier<T extends Step>(best: T | null, step: T | null): T | null {
  if (step === null) return best;
  if (best === null || step.difficulty < best.difficulty) return step;
  return best;
}
