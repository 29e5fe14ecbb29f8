import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import type { HouseKind } from '../rules/types.js';
import { formatUnits, joinList } from './explain.js';

/**
 * A hint in three tiers a player can stop at: where to look, which idea, then the answer. Plain
 * words, no technique names; cells are named by row and column as a printed grid with row and
 * column numbers shows them ("row 3, column 4"), boxes by number (1 to 9, row by row).
 */
export interface HintTiers {
  /** Tier 1: the rows, columns or boxes (or the cell) to look at. */
  where: string;
  /** Tier 2: the idea that makes progress there. */
  idea: string;
  /** Tier 3: the answer: what to place or which candidates to remove. */
  answer: string;
}

/** The idea of each family of techniques, in plain words; keys are technique ids or their families. */
const IDEAS: Readonly<Record<string, string>> = {
  'full-house': 'One row, column or box has a single empty cell left: it takes the one missing digit.',
  'hidden-single': 'One digit fits in only one cell of a row, column or box.',
  'naked-single': 'One cell has room for only one digit: every other digit is already in its row, column or box.',
  'hidden-single-house': 'One digit fits in only one cell of a region, diagonal or window.',
  'generalized-intersection': 'A digit can only go in a few cells of one house, and some cell outside it sees all of them, so that cell cannot hold the digit.',
  'direct-pointing': "Inside one box, a digit can only go in one row or column. That rules the digit out of the rest of that row or column, and then it fits only one cell somewhere else.",
  'direct-claiming': "Inside one row or column, a digit can only go in one box. That rules the digit out of the rest of that box, and then it fits only one cell there.",
  'direct-hidden': 'A few digits fit only in the same few cells of a row, column or box, so those cells hold nothing else; then a digit is left with only one cell.',
  pointing: "Inside one box, a digit can only go in one row or column, so it cannot go anywhere else in that row or column.",
  claiming: "Inside one row or column, a digit can only go in one box, so it cannot go anywhere else in that box.",
  'naked-subset': 'A few cells of one row, column or box can only hold the same few digits between them (two cells, two digits; three cells, three digits), so no other cell there can hold those digits.',
  'hidden-subset': 'A few digits fit only in the same few cells of one row, column or box (two digits, two cells...), so those cells can hold nothing else.',
  fish: "A digit fits in only a few places in each of some rows, and those places line up in the same columns (or the other way round). The digit must take one of those places in each of those columns, so it cannot go anywhere else in them.",
  'xy-wing': 'Three cells with two candidates each: whichever digit the middle cell takes, one of the two outer cells must hold their shared digit, so a cell that sees both outer cells cannot hold it.',
  'xyz-wing': 'A cell with three candidates and two helpers with two each: however they are filled, one of the three holds their shared digit, so a cell that sees all three cannot hold it.',
  uniqueness: 'A puzzle with only one solution cannot end with a rectangle (or loop) of cells where two digits could swap places; the one way to avoid that pattern settles a candidate.',
  bug: "If every empty cell had exactly two candidates, the puzzle would have two solutions; the cell that breaks that pattern must take the digit that breaks it.",
  exclusion: 'Two or three cells that see each other cannot take values that would leave a cell they all see with no digit at all.',
  cycle: 'Follow a loop of either-or links between candidates: whichever way round it goes, some candidates outside the loop can never be true.',
  chain: 'Follow a chain of either-or links: if the candidate were true, the chain would lead to a contradiction.',
  forcing: "Try each possibility (each digit of one cell, or each place of a digit in one row, column or box) and follow what it forces: they all lead to the same result, or one leads to a contradiction.",
  guess: 'No logical step is known here: try a candidate and check that it leads to a solution.',
  'killer-single': "A cage's digits add up to its total: when one cell of a cage is left empty, it takes what the total still needs.",
  'cage-combination': 'The empty cells of a cage must add up to what its total still needs, with different digits: only a few sets of digits make that sum, and a digit in none of them cannot go there.',
  'cage-hidden-single': "Every set of digits that can fill this cage needs one digit, and that digit fits only one of the cage's cells.",
  'cage-arrangement': "Only a few sets of digits make this cage's sum; try placing each set over the cage's cells: some candidates are used by no placing that fits.",
  'cage-pointing': "Every set of digits that can fill this cage needs one digit, and inside the cage it can only go in one row, column or box, so it cannot go anywhere else there.",
  'house-cage-claiming': "In one row, column or box a digit fits only cells of one cage, so that cage holds the digit, which leaves only the sets of digits for its sum that contain it.",
  innies: 'Rule of 45: each row, column and box adds up to 45. Take away the cages that lie wholly inside these houses, and the cells left over must make the rest.',
  outies: 'Rule of 45: each row, column and box adds up to 45. The cages that reach into these houses add up to more than that; the cells of those cages outside the houses make the difference.',
  'cage-splitting': 'Rule of 45: the houses add up to 45 each, which tells what the part of a cage inside (or outside) them makes; the rest of the cage makes its total less that, like a smaller cage.',
  'house-combination': 'The cages that lie wholly inside one row, column or box cannot share a digit: only some of their sets of digits go together, and digits that no fitting choice allows go.',
};

/** A house kind in plain words, for the ideas of steps on houses other than rows, columns and boxes (and technique names: technique-names.ts). */
export const KIND_WORDS: Readonly<Record<HouseKind, string>> = {
  row: 'row',
  column: 'column',
  box: 'box',
  region: 'region',
  diagonal: 'diagonal',
  window: 'window',
  disjoint: 'disjoint group',
  asterisk: 'asterisk',
  'centre-dot': 'set of centre cells',
  extra: 'extra region',
};

/** What {@link stepIdea} reads of the rules: the kind of each house, the houses of each cell. */
export interface HouseKinds {
  /** True when every house of the rules is a row, a column or a box (classic, 6x6...): the ideas' own words fit. */
  plain: boolean;
  /** True when the rules have jigsaw regions instead of boxes: the ideas' "box" is a region. */
  regions?: boolean;
  kindOf(house: number): HouseKind | undefined;
  housesOfCell(cell: number): ArrayLike<number>;
}

const CLASSIC_KIND = (house: number): HouseKind => (house < 9 ? 'row' : house < 18 ? 'column' : 'box');

const isPlainKind = (kind: HouseKind): boolean => kind === 'row' || kind === 'column' || kind === 'box';

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** `a, b or c`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}

/**
 * The idea of a step on rules with houses other than rows, columns and boxes, its houses named by
 * kind ("Inside one box, a digit can only go in one window...", "...of a region"); null where the
 * words of IDEAS fit (every house of the rules a row, a column or a box, or a family not about
 * named houses).
 */
function houseIdea(family: string, step: Step, houses: HouseKinds): string | null {
  const words = step.pattern.units.map((unit) => houses.kindOf(unit)).filter((kind) => kind !== undefined);
  let named = words;
  if (family === 'naked-single') {
    const cell = step.placements[0]?.cell ?? step.pattern.cells[0];
    if (cell === undefined) return null;
    named = [...new Set(Array.from(houses.housesOfCell(cell), (house) => houses.kindOf(house)).filter((kind) => kind !== undefined))];
  }
  if (houses.plain && named.every(isPlainKind)) return null;
  const [a, b, c] = named.map((kind) => KIND_WORDS[kind]);
  if (a === undefined) return null;
  switch (family) {
    case 'full-house':
      return `One ${a} has a single empty cell left: it takes the one missing digit.`;
    case 'hidden-single':
    case 'hidden-single-house':
      return `One digit fits in only one cell of ${article(a)}.`;
    case 'naked-single':
      return `One cell has room for only one digit: every other digit is already in its ${orList(named.map((kind) => KIND_WORDS[kind]))}.`;
    case 'direct-pointing':
    case 'direct-claiming':
      if (b === undefined) return null;
      return `Inside one ${a}, a digit can only go in one ${b}. That rules the digit out of the rest of that ${b}, and then it fits only one cell ${c === undefined ? 'somewhere else' : `of another ${c}`}.`;
    case 'pointing':
    case 'claiming':
      if (b === undefined) return null;
      return `Inside one ${a}, a digit can only go in one ${b}, so it cannot go anywhere else in that ${b}.`;
    case 'direct-hidden':
      return `A few digits fit only in the same few cells of ${article(a)}, so those cells hold nothing else; then a digit is left with only one cell.`;
    case 'naked-subset':
      return `A few cells of one ${a} can only hold the same few digits between them (two cells, two digits; three cells, three digits), so no other cell there can hold those digits.`;
    case 'hidden-subset':
      return `A few digits fit only in the same few cells of one ${a} (two digits, two cells...), so those cells can hold nothing else.`;
    default:
      return null;
  }
}

/**
 * Tier 2 of a hint: the idea of the step's technique in plain words, its houses named as they are
 * (a jigsaw's region, a diagonal, a window...) where they are not rows, columns and boxes.
 */
export function stepIdea(step: Step, houses: HouseKinds): string {
  const family = familyOf(step.technique);
  const idea = houseIdea(family, step, houses) ?? IDEAS[family]!;
  return houses.regions === true ? idea.replace(/\bbox\b/g, 'region') : idea;
}

/** The house kinds of a 9x9 geometry (classic when absent). */
function geometryKinds(geometry: Geometry | undefined): HouseKinds {
  if (geometry === undefined) return { plain: true, kindOf: (house) => (house >= 0 && house < 27 ? CLASSIC_KIND(house) : undefined), housesOfCell: (cell) => [Math.floor(cell / 9), 9 + (cell % 9), 18 + Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3)] };
  return {
    plain: geometry.houseKinds.every(isPlainKind),
    regions: geometry.houseKinds.includes('region'),
    kindOf: (house) => geometry.houseKinds[house],
    housesOfCell: (cell) => geometry.cellHouses.subarray(geometry.cellHouseStart[cell]!, geometry.cellHouseStart[cell + 1]!),
  };
}

/** The killer techniques (src/techniques/killer) whose step is about one cage: the cage of the pattern's first cell. */
const ONE_CAGE = new Set(['killer-single', 'cage-combination', 'cage-hidden-single', 'cage-arrangement', 'cage-pointing', 'house-cage-claiming', 'cage-splitting']);

/** What a killer step carries besides a step (src/techniques/killer/step.ts), read without importing the technique. */
interface KillerFields {
  cageSum?: number;
  left?: number;
  combos?: string;
  setSum?: number;
}

/** `the 3-cell cage of 7 at row 1, column 1` (its first cell in row order), for a cell of a cage; null without one. */
export function plainCageName(cell: number, geometry: Geometry | undefined): string | null {
  const index = geometry?.cageOf[cell] ?? -1;
  const cage = index < 0 ? undefined : geometry?.rules?.cages[index];
  if (cage === undefined) return null;
  let first = 81;
  for (const c of cage.cells) first = Math.min(first, c);
  const sum = cage.sum > 0 ? ` of ${cage.sum}` : ' (no total)';
  return `the ${cage.cells.length}-cell cage${sum} at ${plainCellName(first)}`;
}

/** Tier 1 of a killer step: the cage (and the house it meets), or the houses of the rule of 45 and their cages. */
function killerWhere(step: Step, geometry: Geometry | undefined): string | null {
  const first = step.pattern.cells[0];
  const units = step.pattern.units;
  if (ONE_CAGE.has(step.technique) && first !== undefined) {
    const cage = plainCageName(first, geometry);
    if (cage === null) return null;
    const house = units.length > 0 && step.technique !== 'cage-splitting' ? ` and ${formatUnits(units.slice(0, 1), geometry)}` : '';
    return `Look at ${cage}${house}.`;
  }
  if (units.length === 0) return null;
  if (step.technique === 'house-combination') return `Look at the cages inside ${formatUnits(units, geometry)}.`;
  if (step.technique === 'innies' || step.technique === 'outies') return `Look at ${formatUnits(units, geometry)} and the cages ${step.technique === 'innies' ? 'inside them' : 'reaching into them'}.`;
  return null;
}

/** A killer step's reason in plain words, before its answer (the numbers of the step). */
function killerReason(step: Step, geometry: Geometry | undefined): string {
  const k = step as Step & KillerFields;
  const first = step.pattern.cells[0];
  const cage = first === undefined ? null : plainCageName(first, geometry);
  const digits = joinList(step.pattern.digits.map(String));
  switch (step.technique) {
    case 'killer-single':
      return cage === null ? '' : `The last empty cell of ${cage} must make ${k.left ?? '?'}. `;
    case 'cage-combination':
      return cage === null ? '' : `The empty cells of ${cage} must add up to ${k.left ?? '?'}: only ${k.combos ?? '?'} do, so they can only be ${digits}. `;
    case 'cage-hidden-single':
    case 'cage-arrangement':
    case 'cage-pointing':
    case 'house-cage-claiming':
      return cage === null ? '' : `${capitalised(cage)} must hold ${k.combos ?? '?'}. `;
    case 'innies':
    case 'outies':
    case 'cage-splitting': {
      const cells = joinList(step.pattern.cells.map(plainCellName));
      return `The ${step.pattern.cells.length === 1 ? 'cell' : 'cells'} ${cells} add up to ${k.setSum ?? '?'}. `;
    }
    case 'house-combination':
      return k.combos ? `The cages can only hold ${k.combos} together. ` : '';
    default:
      return '';
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function familyOf(technique: string): string {
  if (technique in IDEAS) return technique;
  if (technique.startsWith('hidden-single')) return 'hidden-single';
  if (technique.startsWith('direct-hidden')) return 'direct-hidden';
  if (technique.startsWith('naked-')) return 'naked-subset';
  if (technique.startsWith('hidden-')) return 'hidden-subset';
  if (technique === 'x-wing' || technique === 'swordfish' || technique === 'jellyfish') return 'fish';
  if (technique.startsWith('unique-')) return 'uniqueness';
  if (technique.startsWith('bug-')) return 'bug';
  if (technique.startsWith('aligned-')) return 'exclusion';
  if (technique.endsWith('-cycle')) return 'cycle';
  if (technique.endsWith('-chain')) return 'chain';
  return 'forcing';
}

/** `row 3, column 4`: a cell as a printed grid with row and column numbers names it. */
export function plainCellName(cell: number): string {
  return `row ${Math.floor(cell / 9) + 1}, column ${(cell % 9) + 1}`;
}

/** Eliminations in plain words, cells with the same digits together: "4 in row 4, column 9 and row 5, column 1; 2 and 7 in ...". */
function candidatesText(candidates: readonly { cell: number; digit: number }[]): string {
  const digitsOf = new Map<number, number[]>();
  for (const { cell, digit } of candidates) digitsOf.set(cell, [...(digitsOf.get(cell) ?? []), digit]);
  const cellsOf = new Map<string, number[]>();
  for (const [cell, digits] of digitsOf) {
    const key = joinList([...digits].sort((a, b) => a - b).map(String));
    cellsOf.set(key, [...(cellsOf.get(key) ?? []), cell]);
  }
  return [...cellsOf].map(([digits, cells]) => `${digits} in ${joinList(cells.map(plainCellName))}`).join('; ');
}

/** Tier 1 when the step names no row, column or box: its pattern's rows and columns, or the cell, or the digit. */
function whereWithoutUnits(step: Step): string {
  const cells = step.pattern.cells;
  const rows = [...new Set(cells.map((cell) => Math.floor(cell / 9)))].sort((a, b) => a - b);
  const cols = [...new Set(cells.map((cell) => cell % 9))].sort((a, b) => a - b);
  if (cells.length > 1 && rows.length <= 2 && cols.length <= 2) {
    return `Look at ${formatUnits(rows)} and ${formatUnits(cols.map((c) => c + 9))}.`;
  }
  const targets = new Set([...step.placements, ...step.eliminations].map((c) => c.cell));
  const first = step.placements[0] ?? step.eliminations[0];
  if (first === undefined) return 'Look at the whole grid.';
  if (targets.size === 1) return `Look at the cell in ${plainCellName(first.cell)}.`;
  return `Look at the ${first.digit}s near ${plainCellName(first.cell)}.`;
}

/**
 * The three tiers of a hint for `step` (see {@link HintTiers}). Pure: the same step gives the same
 * words. Houses are named under `geometry` (default classic: "region 4", "the down diagonal" on
 * other rules).
 */
export function hintTiers(step: Step, geometry?: Geometry): HintTiers {
  const houseCount = geometry?.houseCount ?? 27;
  const units = [...new Set(step.pattern.units)].filter((unit) => unit >= 0 && unit < houseCount);
  const killer = ONE_CAGE.has(step.technique) || step.technique === 'innies' || step.technique === 'outies' || step.technique === 'house-combination';
  const where = (killer ? killerWhere(step, geometry) : null) ?? (units.length > 0 && units.length <= 4 ? `Look at ${formatUnits(units, geometry)}.` : whereWithoutUnits(step));
  const idea = stepIdea(step, geometryKinds(geometry));
  const parts: string[] = [];
  if (killer) {
    const reason = killerReason(step, geometry).trimEnd();
    if (reason !== '') parts.push(reason);
  }
  if (step.placements.length > 0) {
    parts.push(`Place ${joinList(step.placements.map((p) => `${p.digit} in ${plainCellName(p.cell)}`))}.`);
  }
  if (step.eliminations.length > 0) parts.push(`Cross out the ${candidatesText(step.eliminations)}.`);
  return { where, idea, answer: parts.join(' ') };
}
