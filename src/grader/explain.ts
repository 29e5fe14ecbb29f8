import type { Geometry } from '../core/geometry.js';
import type { Step } from '../core/step.js';
import { cellName, unitName } from '../core/tables.js';
import { techniqueById } from '../techniques/registry.js';
import { EXPLANATION_TEXTS, houseNameIn } from '../techniques/texts.js';
import { variantTexts } from '../techniques/variant-link.js';

/**
 * Explanation texts live in `src/techniques/texts.ts`, one table per family, each from technique id
 * to a template string (bundled as code: no file is read at run time). Placeholders, filled from the
 * step:
 *
 * | placeholder | value |
 * |---|---|
 * | `{name}` | the technique's name from the registry |
 * | `{cell}`, `{cells}` | first pattern cell / all pattern cells (`r1c2, r3c4 and r5c6`) |
 * | `{cell1}`, `{cell2}`, ... | pattern cells by position (1-based) |
 * | `{digit}`, `{digits}` | first pattern digit / all (`3 and 7`) |
 * | `{digit1}`, ... | pattern digits by position |
 * | `{unit}`, `{units}` | first pattern unit (`box 3`) / all (`columns 2 and 7`) |
 * | `{unit1}`, ... | pattern units by position |
 * | `{baseUnits}`, `{coverUnits}` | first / second half of the pattern units (fish) |
 * | `{placedCell}`, `{placedDigit}` | the first placement |
 * | `{placements}` | all placements (`r2c8 = 7`) |
 * | `{eliminations}` | eliminations grouped by digit (`5 from r2c7 and r2c9; 3 from r1c1`) |
 * | `{result}` | placements and eliminations together (`r2c8 = 7; remove 5 from r2c7`) |
 * | `{difficulty}` | the step's difficulty, one decimal |
 * | `{anyField}` | any other string or number field of the step (techniques may add fields) |
 *
 * A technique without a template is described as `{name}: {result}`.
 */

let templates: Map<string, string> | undefined;
let templatesCageTexts: Readonly<Record<string, string>> | undefined;

/** Every explanation template, by technique id (built on first use, again once the killer texts are linked: techniques/variant-link.ts). */
export function explanationTemplates(): ReadonlyMap<string, string> {
  const cage = variantTexts();
  if (templates && templatesCageTexts === cage) return templates;
  const loaded = new Map<string, string>();
  for (const family of [...EXPLANATION_TEXTS, cage]) {
    for (const [id, text] of Object.entries(family)) if (!id.startsWith('$')) loaded.set(id, text);
  }
  templates = loaded;
  templatesCageTexts = cage;
  return loaded;
}

/** `a`, `a and b`, `a, b and c`. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The name of a house: classic names without a geometry (or on a classic one), else the rules' own ("region 4", "the down diagonal"...). */
export function houseName(house: number, geometry?: Geometry): string {
  // Houses past 26 (diagonals, windows...) exist only under a geometry that names them.
  if (geometry === undefined || geometry.classic) return house < 27 ? unitName(house) : `house ${house + 1}`;
  return houseNameIn(geometry, house);
}

/** `box 3`, `columns 2 and 7`, `row 1 and box 2` (`regions 2 and 5` on a jigsaw). */
export function formatUnits(units: readonly number[], geometry?: Geometry): string {
  if (units.length === 0) return '';
  const kind = (u: number) => (u < 9 ? 0 : u < 18 ? 1 : u < 27 ? 2 : 3);
  const k = kind(units[0]!);
  const boxes = geometry === undefined || geometry.classic || geometry.regularBoxes;
  // Rows and columns are houses 0-17 on every 9x9 rule set; boxes 18-26 only with regular 3x3
  // boxes (classic, killer, X...: not jigsaw regions); houses past 26 are named one by one.
  if (units.length > 1 && (k < 2 || (k === 2 && boxes)) && units.every((u) => kind(u) === k)) {
    const plural = ['rows', 'columns', 'boxes'][k]!;
    return `${plural} ${joinList(units.map((u) => String(k === 0 ? u + 1 : k === 1 ? u - 8 : u - 17)))}`;
  }
  return joinList(units.map((u) => houseName(u, geometry)));
}

/** Eliminations grouped by digit: `5 from r2c7 and r2c9; 3 from r1c1`. */
export function formatEliminations(step: Step): string {
  const byDigit = new Map<number, number[]>();
  for (const e of step.eliminations) {
    const cells = byDigit.get(e.digit) ?? [];
    cells.push(e.cell);
    byDigit.set(e.digit, cells);
  }
  // Digits that leave the same cells share a phrase: `5 and 7 from r6c6 and r6c9`.
  const byCells = new Map<string, number[]>();
  for (const digit of [...byDigit.keys()].sort((a, b) => a - b)) {
    const cells = joinList(byDigit.get(digit)!.sort((a, b) => a - b).map(cellName));
    const digits = byCells.get(cells) ?? [];
    digits.push(digit);
    byCells.set(cells, digits);
  }
  return [...byCells.entries()].map(([cells, digits]) => `${joinList(digits.map(String))} from ${cells}`).join('; ');
}

function formatPlacements(step: Step): string {
  return step.placements.map((p) => `${cellName(p.cell)} = ${p.digit}`).join(', ');
}

function placeholderValue(step: Step, key: string, geometry: Geometry | undefined): string | undefined {
  const { cells, digits, units } = step.pattern;
  const indexed = /^(cell|digit|unit)([1-9][0-9]*)$/.exec(key);
  if (indexed) {
    const i = Number(indexed[2]) - 1;
    if (indexed[1] === 'cell') return cells[i] === undefined ? undefined : cellName(cells[i]);
    if (indexed[1] === 'digit') return digits[i] === undefined ? undefined : String(digits[i]);
    return units[i] === undefined ? undefined : houseName(units[i], geometry);
  }
  switch (key) {
    case 'name':
      return techniqueById(step.technique)?.name ?? (step.technique === 'guess' ? 'Guess' : step.technique);
    case 'cell':
      return cells[0] === undefined ? undefined : cellName(cells[0]);
    case 'cells':
      return joinList(cells.map(cellName));
    case 'digit':
      return digits[0] === undefined ? undefined : String(digits[0]);
    case 'digits':
      return joinList(digits.map(String));
    case 'unit':
      return units[0] === undefined ? undefined : houseName(units[0], geometry);
    case 'units':
      return formatUnits(units, geometry);
    case 'baseUnits':
      return formatUnits(units.slice(0, units.length / 2), geometry);
    case 'coverUnits':
      return formatUnits(units.slice(units.length / 2), geometry);
    case 'placedCell':
      return step.placements[0] ? cellName(step.placements[0].cell) : undefined;
    case 'placedDigit':
      return step.placements[0] ? String(step.placements[0].digit) : undefined;
    case 'placements':
      return formatPlacements(step);
    case 'eliminations':
      return formatEliminations(step);
    case 'result': {
      const parts: string[] = [];
      if (step.placements.length > 0) parts.push(formatPlacements(step));
      if (step.eliminations.length > 0) parts.push(`remove ${formatEliminations(step)}`);
      return parts.join('; ');
    }
    case 'difficulty':
      return step.difficulty.toFixed(1);
    default: {
      const value = (step as unknown as Record<string, unknown>)[key];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    }
  }
}

/** Fills a template from a step; unknown placeholders are left as written. Houses are named under `geometry` (default classic). */
export function fillTemplate(template: string, step: Step, geometry?: Geometry): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, key: string) => placeholderValue(step, key, geometry) ?? whole);
}

/**
 * One line of plain English for a step, in r1c1 notation, from the templates, e.g.
 * `Hidden single: in box 3, 7 fits only r2c8`.
 */
export function describeStep(step: Step, geometry?: Geometry): string {
  const template = explanationTemplates().get(step.technique) ?? '{name}: {result}';
  return fillTemplate(template, step, geometry);
}
