import type { Step } from '../core/step.js';
import type { HouseKind } from '../rules/types.js';
import { techniqueById } from '../techniques/registry.js';
import { KIND_WORDS, orList } from './hint-tiers.js';

/*
 * Technique names as a person reading one puzzle sees them. The registry's name of the hidden
 * single in a house other than a row, column or box lists every such house any rules have
 * ("region, diagonal or window"); a reader of a plain jigsaw sees no diagonal, so the name is
 * narrowed to the houses of the puzzle's rules, or of the step itself. Ids, counts and ratings
 * are not touched: only the words shown.
 */

const HOUSE_SINGLE = 'hidden-single-house';

/** Whether {@link techniqueNameIn} narrows this technique's name to the house kinds of the rules. */
export function namedByHouses(id: string): boolean {
  return id === HOUSE_SINGLE;
}

function isOtherKind(kind: unknown): kind is Exclude<HouseKind, 'row' | 'column' | 'box'> {
  return typeof kind === 'string' && kind !== 'row' && kind !== 'column' && kind !== 'box' && Object.hasOwn(KIND_WORDS, kind);
}

function houseSingleName(kinds: readonly HouseKind[]): string | undefined {
  const words = [...new Set(kinds.filter(isOtherKind).map((kind) => KIND_WORDS[kind]))];
  if (words.length === 0) return undefined;
  return `Hidden single (${orList(words)})`;
}

/**
 * The name of a technique id for a person reading a puzzle with these house kinds (its rules'
 * `houseKinds`; absent: the registry's name): the hidden single in another house is named by the
 * kinds the rules have ("Hidden single (region)" on a jigsaw, "(diagonal)" on an X). `guess` is
 * "Guess"; an unknown id is itself.
 */
export function techniqueNameIn(id: string, houseKinds?: readonly HouseKind[]): string {
  if (id === 'guess') return 'Guess';
  const narrowed = id === HOUSE_SINGLE && Array.isArray(houseKinds) ? houseSingleName(houseKinds) : undefined;
  return narrowed ?? techniqueById(id)?.name ?? id;
}

/** The name of a step's technique under these house kinds: a hidden single in another house is named by that house's kind ("Hidden single (window)"). */
export function stepTechniqueName(step: Step, houseKinds?: readonly HouseKind[]): string {
  const unit = step.pattern.units[0];
  const kind = unit === undefined || houseKinds === undefined ? undefined : houseKinds[unit];
  return techniqueNameIn(step.technique, kind === undefined ? houseKinds : [kind]);
}
