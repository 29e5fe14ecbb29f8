import type { ChainData, Step } from '../../core/step.js';
import { cellNameOf } from '../../rules/puzzle.js';
import type { Rules } from '../../rules/types.js';
import type { GeneralForcing } from '../../techniques/general/forcing.js';
import { techniqueById } from '../../techniques/registry.js';
import { FORCING_TEXTS } from '../../techniques/texts.js';
import { explanationTemplates, joinList } from '../explain.js';
import { stepIdea, type HintTiers } from '../hint-tiers.js';

/**
 * The texts of steps on grids other than 9x9 and on Samurai: the 9x9 templates
 * (src/techniques/texts.ts, the same words for the same technique), filled with the names of this
 * grid. Cells are named by their place in the drawn frame, `r10c12` (Samurai: its 21x21 frame);
 * digits above 9 are written A-G as in puzzle lines and drawings (A = 10 ... G = 16). Houses:
 * "row 3", "column 6", "box 4" (regular boxes numbered row by row), "region 2" (jigsaw pieces),
 * "the down diagonal", "window 2"...; on Samurai, where a frame row holds several rows, a line
 * names its span ("row 7 of columns 1-9") and a box its top-left cell ("the box at r7c7").
 */

const DIGIT_CHARS = '123456789ABCDEFG';

/** A digit as written: 1-9, then A-G for 10-16. */
export function digitName(digit: number): string {
  return DIGIT_CHARS[digit - 1] ?? String(digit);
}

function samurai(rules: Rules): boolean {
  return rules.grids.length > 1;
}

interface HouseParts {
  /** 'row', 'column', 'box' for groupable houses; '' for houses named one by one. */
  kind: string;
  /** The number among its kind (row 3: 3). */
  number: number;
  /** What follows the number on Samurai: ' (columns 1-9)'; '' on one grid. */
  span: string;
  /** The whole name, for houses named one by one. */
  name: string;
}

function houseParts(rules: Rules, house: number): HouseParts {
  const kind = rules.houseKinds[house]!;
  const cells = rules.houses[house]!;
  const first = cells[0]!;
  const last = cells[cells.length - 1]!;
  const row = rules.rowOf[first]! + 1;
  const col = rules.colOf[first]! + 1;
  if (kind === 'row') {
    const span = samurai(rules) ? ` of columns ${col}-${rules.colOf[last]! + 1}` : '';
    return { kind, number: row, span, name: `row ${row}${span}` };
  }
  if (kind === 'column') {
    const span = samurai(rules) ? ` of rows ${row}-${rules.rowOf[last]! + 1}` : '';
    return { kind, number: col, span, name: `column ${col}${span}` };
  }
  if (kind === 'box') {
    if (samurai(rules)) return { kind: '', number: 0, span: '', name: `the box at ${cellNameOf(rules, first)}` };
    return { kind, number: rules.regionOf[first]! + 1, span: '', name: `box ${rules.regionOf[first]! + 1}` };
  }
  if (kind === 'region') return { kind: '', number: 0, span: '', name: `region ${rules.regionOf[first]! + 1}` };
  if (kind === 'diagonal') return { kind: '', number: 0, span: '', name: first === 0 ? 'the down diagonal' : 'the up diagonal' };
  if (kind === 'asterisk') return { kind: '', number: 0, span: '', name: 'the asterisk' };
  if (kind === 'centre-dot') return { kind: '', number: 0, span: '', name: 'the centre dots' };
  let index = 1;
  for (let other = 0; other < house; other++) if (rules.houseKinds[other] === kind) index++;
  const label = kind === 'window' ? 'window' : kind === 'disjoint' ? 'disjoint group' : 'extra region';
  return { kind: '', number: 0, span: '', name: `${label} ${index}` };
}

/** The name of a house of the rules, for texts. */
export function generalHouseName(rules: Rules, house: number): string {
  return houseParts(rules, house).name;
}

/** `box 3`, `columns 2 and 7` (one kind, one span: named together), else each house by name. */
export function generalUnits(rules: Rules, units: readonly number[]): string {
  if (units.length === 0) return '';
  const parts = units.map((unit) => houseParts(rules, unit));
  const head = parts[0]!;
  if (parts.length > 1 && head.kind !== '' && parts.every((p) => p.kind === head.kind && p.span === head.span)) {
    const plural = head.kind === 'box' ? 'boxes' : `${head.kind}s`;
    return `${plural} ${joinList(parts.map((p) => String(p.number)))}${head.span}`;
  }
  return joinList(parts.map((p) => p.name));
}

/** Eliminations grouped by digit, digits that leave the same cells together: `5 and A from r2c7 and r2c9; 3 from r1c1`. */
export function generalEliminations(rules: Rules, step: Step): string {
  const byDigit = new Map<number, number[]>();
  for (const e of step.eliminations) byDigit.set(e.digit, [...(byDigit.get(e.digit) ?? []), e.cell]);
  const byCells = new Map<string, number[]>();
  for (const digit of [...byDigit.keys()].sort((a, b) => a - b)) {
    const cells = joinList(byDigit.get(digit)!.sort((a, b) => a - b).map((cell) => cellNameOf(rules, cell)));
    byCells.set(cells, [...(byCells.get(cells) ?? []), digit]);
  }
  return [...byCells.entries()].map(([cells, digits]) => `${joinList(digits.map(digitName))} from ${cells}`).join('; ');
}

function placements(rules: Rules, step: Step): string {
  return step.placements.map((p) => `${cellNameOf(rules, p.cell)} = ${digitName(p.digit)}`).join(', ');
}

function placeholder(rules: Rules, step: Step, key: string): string | undefined {
  const { cells, digits, units } = step.pattern;
  const cell = (c: number | undefined) => (c === undefined ? undefined : cellNameOf(rules, c));
  const indexed = /^(cell|digit|unit)([1-9][0-9]*)$/.exec(key);
  if (indexed) {
    const i = Number(indexed[2]) - 1;
    if (indexed[1] === 'cell') return cell(cells[i]);
    if (indexed[1] === 'digit') return digits[i] === undefined ? undefined : digitName(digits[i]);
    return units[i] === undefined ? undefined : generalHouseName(rules, units[i]);
  }
  switch (key) {
    case 'name':
      return techniqueById(step.technique)?.name ?? (step.technique === 'guess' ? 'Guess' : step.technique);
    case 'cell':
      return cell(cells[0]);
    case 'cells':
      return joinList(cells.map((c) => cellNameOf(rules, c)));
    case 'digit':
      return digits[0] === undefined ? undefined : digitName(digits[0]);
    case 'digits':
      return joinList(digits.map(digitName));
    case 'unit':
      return units[0] === undefined ? undefined : generalHouseName(rules, units[0]);
    case 'units':
      return generalUnits(rules, units);
    case 'baseUnits':
      return generalUnits(rules, units.slice(0, units.length / 2));
    case 'coverUnits':
      return generalUnits(rules, units.slice(units.length / 2));
    case 'placedCell':
      return cell(step.placements[0]?.cell);
    case 'placedDigit':
      return step.placements[0] ? digitName(step.placements[0].digit) : undefined;
    case 'placements':
      return placements(rules, step);
    case 'eliminations':
      return generalEliminations(rules, step);
    case 'result': {
      const parts: string[] = [];
      if (step.placements.length > 0) parts.push(placements(rules, step));
      if (step.eliminations.length > 0) parts.push(`remove ${generalEliminations(rules, step)}`);
      return parts.join('; ');
    }
    case 'difficulty':
      return step.difficulty.toFixed(1);
    case 'premise':
      return premise(rules, step);
    default:
      return undefined;
  }
}

/**
 * Why a forcing-chain step of the general ladder holds (techniques/general/forcing.ts), from the
 * 9x9 `$premise-*` texts with this grid's names.
 */
function premise(rules: Rules, step: Step): string | undefined {
  const forcing = (step as Step & { forcing?: GeneralForcing }).forcing;
  if (forcing === undefined) return undefined;
  const cell = cellNameOf(rules, forcing.sourceCell);
  const fields: Record<string, string> = {
    cell,
    digit: digitName(forcing.sourceDigit),
    assumption: `${cell} ${forcing.assumedOn ? '=' : '<>'} ${digitName(forcing.sourceDigit)}`,
  };
  if (forcing.shape === 'cell') fields.digits = (step.chains ?? []).map((chain) => digitName(chain.nodes[0]!.digit)).join(', ');
  if (forcing.shape === 'region') {
    fields.unit = generalHouseName(rules, forcing.sourceUnit);
    fields.cells = (step.chains ?? []).map((chain) => cellNameOf(rules, chain.nodes[0]!.cell)).join(', ');
  }
  const template = FORCING_TEXTS[`$premise-${forcing.shape}`] ?? '';
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

/** One line of plain English for a step on a grid of any size or Samurai, from the 9x9 templates, e.g. `Hidden single: in box 3, B fits only r2c8`. */
export function describeGeneralStep(step: Step, rules: Rules): string {
  const template = explanationTemplates().get(step.technique) ?? '{name}: {result}';
  return template.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, key: string) => placeholder(rules, step, key) ?? whole);
}

/** `row 10, column 12`: a cell as a printed grid with row and column numbers names it (the frame's, on Samurai). */
export function generalPlainCell(rules: Rules, cell: number): string {
  return `row ${rules.rowOf[cell]! + 1}, column ${rules.colOf[cell]! + 1}`;
}

function candidatesText(rules: Rules, candidates: readonly { cell: number; digit: number }[]): string {
  const digitsOf = new Map<number, number[]>();
  for (const { cell, digit } of candidates) digitsOf.set(cell, [...(digitsOf.get(cell) ?? []), digit]);
  const cellsOf = new Map<string, number[]>();
  for (const [cell, digits] of digitsOf) {
    const key = joinList([...digits].sort((a, b) => a - b).map(digitName));
    cellsOf.set(key, [...(cellsOf.get(key) ?? []), cell]);
  }
  return [...cellsOf].map(([digits, cells]) => `${digits} in ${joinList(cells.map((cell) => generalPlainCell(rules, cell)))}`).join('; ');
}

function whereWithoutUnits(rules: Rules, step: Step): string {
  const cells = step.pattern.cells;
  const rows = [...new Set(cells.map((cell) => rules.rowOf[cell]! + 1))].sort((a, b) => a - b);
  const cols = [...new Set(cells.map((cell) => rules.colOf[cell]! + 1))].sort((a, b) => a - b);
  if (cells.length > 1 && rows.length <= 2 && cols.length <= 2) {
    const many = (word: string, list: number[]) => `${word}${list.length > 1 ? 's' : ''} ${joinList(list.map(String))}`;
    return `Look at ${many('row', rows)} and ${many('column', cols)}.`;
  }
  const targets = new Set([...step.placements, ...step.eliminations].map((c) => c.cell));
  const first = step.placements[0] ?? step.eliminations[0];
  if (first === undefined) return 'Look at the whole grid.';
  if (targets.size === 1) return `Look at the cell in ${generalPlainCell(rules, first.cell)}.`;
  return `Look at the ${digitName(first.digit)}s near ${generalPlainCell(rules, first.cell)}.`;
}

/**
 * The three tiers of a hint (where to look, the idea, the answer) for a step on a grid of any size
 * or Samurai: the ideas of the 9x9 hints (src/grader/hint-tiers.ts), with this grid's names.
 */
export function generalHintTiers(step: Step, rules: Rules): HintTiers {
  const units = [...new Set(step.pattern.units)].filter((unit) => unit >= 0 && unit < rules.houses.length);
  const where = units.length > 0 && units.length <= 4 ? `Look at ${generalUnits(rules, units)}.` : whereWithoutUnits(rules, step);
  const plain = rules.houseKinds.every((kind) => kind === 'row' || kind === 'column' || kind === 'box');
  const idea = stepIdea(step, { plain, regions: rules.houseKinds.includes('region'), kindOf: (house) => rules.houseKinds[house], housesOfCell: (cell) => rules.housesOf[cell] ?? [] });
  const parts: string[] = [];
  if (step.placements.length > 0) parts.push(`Place ${joinList(step.placements.map((p) => `${digitName(p.digit)} in ${generalPlainCell(rules, p.cell)}`))}.`);
  if (step.eliminations.length > 0) parts.push(`Cross out the ${candidatesText(rules, step.eliminations)}.`);
  return { where, idea, answer: parts.join(' ') };
}

/**
 * A chain of the general grader in alternating inference notation with this grid's names, e.g.
 * `(4)r10c2 - (4)r10c7 = (4-B)r7c7 = (B)r7c1`: `=` before a node assumed on (strong link), `-`
 * before one assumed off (weak link); a cell's consecutive nodes share its name. As the 9x9
 * notation (chains/format.ts, whose cell names are 9x9 only) it follows the path to the last node
 * along first parents; a node's other parents (dynamic chains) follow it in brackets,
 * `[+ ~(3)r2c2]` ("together with"; `~` for a node assumed off).
 */
export function formatGeneralChain(chain: Readonly<ChainData>, rules: Rules): string {
  const nodes = chain.nodes;
  if (nodes.length === 0) return '';
  const parentsOf = (index: number): readonly number[] => nodes[index]!.parents ?? (index > 0 ? [index - 1] : []);
  const path: number[] = [];
  const seen = new Set<number>();
  for (let index = nodes.length - 1; index >= 0 && !seen.has(index); index = parentsOf(index)[0] ?? -1) {
    seen.add(index);
    path.push(index);
  }
  path.reverse();
  const extra = (index: number): string => {
    const parents = parentsOf(index);
    if (parents.length <= 1) return '';
    return ` [+ ${parents
      .slice(1)
      .map((p) => `${nodes[p]!.on ? '' : '~'}(${digitName(nodes[p]!.digit)})${cellNameOf(rules, nodes[p]!.cell)}`)
      .join(', ')}]`;
  };
  let text = '';
  let i = 0;
  while (i < path.length) {
    const first = nodes[path[i]!]!;
    if (i > 0) text += first.on ? ' = ' : ' - ';
    let digits = digitName(first.digit);
    let j = i + 1;
    while (j < path.length && nodes[path[j]!]!.cell === first.cell) {
      digits += (nodes[path[j]!]!.on ? '=' : '-') + digitName(nodes[path[j]!]!.digit);
      j++;
    }
    text += `(${digits})${cellNameOf(rules, first.cell)}`;
    for (let k = i; k < j; k++) text += extra(path[k]!);
    i = j;
  }
  return text;
}

/**
 * A step's chains as lines in this grid's names: each chain on one line, the nested chains that
 * prove one of its links (nested forcing chains) on the lines under it, indented by `indent` per
 * level; a proof behind several removals of one chain (a cycle, a placement) is shown once under it.
 */
export function formatGeneralChainLines(chains: readonly ChainData[], rules: Rules, indent = '    ', depth = 0): string[] {
  const lines: string[] = [];
  for (const chain of chains) {
    lines.push(indent.repeat(depth) + formatGeneralChain(chain, rules));
    const shown = new Set<string>();
    for (const node of chain.nodes) {
      if (node.proof === undefined || node.proof.length === 0) continue;
      const proof = formatGeneralChainLines(node.proof, rules, indent, depth + 1);
      const key = proof.join('\n');
      if (shown.has(key)) continue;
      shown.add(key);
      lines.push(...proof);
    }
  }
  return lines;
}
