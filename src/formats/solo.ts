/*
 * Simon Tatham's Solo game IDs (`sgt-solo --generate 5 3x3k`, the Debian package sgt-puzzles):
 *
 *   PARAMS:GIVENS[,BLOCKS][,CAGES,TOTALS]
 *
 * PARAMS: `CxR` (C rows of boxes across, R columns: boxes of C rows by R cells; 3x3 is classic,
 * 2x3 is 6x6 with 2x3 boxes, 4x4 is 16x16) or `Nj` (jigsaw of size N), then flags: `x` both
 * diagonals, `k` killer; symmetry and difficulty letters (`r2`, `m4`, `a`, `dt`...) are ignored, as
 * Solo does. GIVENS and TOTALS are a grid, row by row: a run of 1-26 empty cells is a letter a-z,
 * a number is written in decimal, '_' separates two numbers. BLOCKS (jigsaw) and CAGES (killer)
 * are the lines between cells: over the internal vertical edges row by row, then the internal
 * horizontal edges column by column, the number of edges that are NOT walls before each wall
 * ('_' none, a-y 1-25, z 25 and no wall after it); cells joined by non-walls form a block. A
 * cage's total is written in one of its cells in TOTALS.
 */
import { PuzzleFormatError, type SourceLocation } from '../core/errors.js';
import type { RulesSpec } from '../rules/types.js';
import { brief, textOf, variantOf, type ReadVariant } from './common.js';

const NOWHERE: SourceLocation = { source: '<input>', line: 0 };

function fail(reason: string, where: SourceLocation): never {
  throw new PuzzleFormatError('BAD_SOLO_ID', reason, where);
}

/** Whether text looks like a Solo game ID: `CxR` or `Nj` parameters, ':' and a description in Solo's letters. */
export function isSoloId(text: string): boolean {
  const colon = text.indexOf(':');
  if (colon <= 0) return false;
  if (!/^\d+(x\d+)?[a-z0-9]*$/.test(text.slice(0, colon)) || !/^\d+[xj]/.test(text)) return false;
  // Our own size tags (`6x6:...`) hold '.' and capitals; a Solo description holds runs (a-z) or '_'.
  const body = text.slice(colon + 1).split(/\s/, 1)[0]!;
  // With nothing after the colon, parameters with letters (`9j:`, `3x3k:`) are still Solo's (ours are
  // plain NxN), so fromSoloId names what is missing rather than the classic reader a stray letter.
  if (body === '') return /^\d+(x\d+)?[a-z]/.test(text);
  return /^[a-z0-9_,]+$/.test(body) && /[a-z_,]/.test(body);
}

interface SoloParams {
  /** Box rows (Solo's c) and box columns (Solo's r); r = 1 for jigsaw. */
  c: number;
  r: number;
  x: boolean;
  killer: boolean;
}

/** Solo's decode_params: `3x3`, `9j`, `3x3xk`, `2x3dt`..., unknown letters skipped. */
function readParams(text: string, where: SourceLocation): SoloParams {
  const match = /^(\d+)/.exec(text);
  if (!match) fail(`'${brief(text)}' is not Solo parameters (e.g. 3x3, 9j, 3x3k)`, where);
  let c = Number(match[1]);
  let r = c;
  let i = match[1]!.length;
  let seenR = false;
  if (text[i] === 'x' && /\d/.test(text[i + 1] ?? '')) {
    const more = /^\d+/.exec(text.slice(i + 1))!;
    r = Number(more[0]);
    seenR = true;
    i += 1 + more[0].length;
  }
  let x = false;
  let killer = false;
  while (i < text.length) {
    const ch = text[i++]!;
    if (ch === 'j') {
      if (seenR) c *= r;
      r = 1;
    } else if (ch === 'x') x = true;
    else if (ch === 'k') killer = true;
    else if (ch === 'r' || ch === 'm' || ch === 'a') {
      if (ch === 'm' && text[i] === 'd') i++;
      while (i < text.length && /\d/.test(text[i]!)) i++;
    } else if (ch === 'd') {
      if (i < text.length && 'tbiaeu'.includes(text[i]!)) i++;
    }
  }
  return { c, r, x, killer };
}

/** A grid description (givens or totals) of `area` cells with numbers up to `range`; returns the rest. */
function readGrid(text: string, area: number, range: number, what: string, where: SourceLocation): { values: number[]; rest: string } {
  const values: number[] = [];
  let i = 0;
  while (i < text.length && text[i] !== ',') {
    const ch = text.charCodeAt(i);
    if (ch >= 97 && ch <= 122) {
      for (let run = ch - 96; run > 0; run--) values.push(0);
      i++;
    } else if (ch === 95) {
      i++;
    } else if (ch >= 49 && ch <= 57) {
      let j = i;
      while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const value = Number(text.slice(i, j));
      if (value < 1 || value > range) fail(`${what}: number ${j - i > 12 ? `${text.slice(i, i + 12)}...` : value} is out of range (1 to ${range})`, where);
      values.push(value);
      i = j;
    } else {
      fail(`${what}: unexpected character '${brief(text[i]!)}'`, where);
    }
    if (values.length > area) fail(`${what}: more than the ${area} cells of the grid`, where);
  }
  if (values.length < area) fail(`${what}: ${values.length} cells, expected ${area}`, where);
  return { values, rest: text.slice(i) };
}

/** A block structure (jigsaw regions or killer cages): block number of each cell, numbered by first cell. */
function readBlocks(text: string, size: number, what: string, where: SourceLocation): { blockOf: Int16Array; count: number; rest: string } {
  const area = size * size;
  const parent = Int16Array.from({ length: area }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  const edges = 2 * size * (size - 1);
  let position = 0;
  let i = 0;
  while (i < text.length && text[i] !== ',') {
    const ch = text.charCodeAt(i++);
    let joins: number;
    if (ch === 95) joins = 0;
    else if (ch >= 97 && ch <= 122) joins = ch - 96;
    else fail(`${what}: unexpected character '${brief(String.fromCharCode(ch))}'`, where);
    const wallAfter = joins !== 26;
    for (; joins > 0; joins--) {
      if (position >= edges) fail(`${what}: too much data for a ${size}x${size} grid`, where);
      let a: number;
      let b: number;
      if (position < size * (size - 1)) {
        const y = Math.floor(position / (size - 1));
        const x = position % (size - 1);
        a = y * size + x;
        b = a + 1;
      } else {
        const x = Math.floor(position / (size - 1)) - size;
        const y = position % (size - 1);
        a = y * size + x;
        b = a + size;
      }
      parent[find(a)] = find(b);
      position++;
    }
    if (wallAfter) position++;
  }
  if (position !== edges + 1) fail(`${what}: not enough data for a ${size}x${size} grid`, where);
  const blockOf = new Int16Array(area);
  const ids = new Map<number, number>();
  for (let cell = 0; cell < area; cell++) {
    const root = find(cell);
    let id = ids.get(root);
    if (id === undefined) ids.set(root, (id = ids.size));
    blockOf[cell] = id;
  }
  return { blockOf, count: ids.size, rest: text.slice(i) };
}

/**
 * Reads a Solo game ID (`9j:...`, `3x3k:...`, `2x3:...`, `3x3x:...`, `4x4:...`) into rules and
 * givens.
 * @throws PuzzleFormatError: BAD_SOLO_ID for a description Solo would refuse, BAD_RULES for rules
 * that cannot be built (a jigsaw block of the wrong size...), CONFLICT for givens that break a rule.
 */
export function fromSoloId(text: string, where: SourceLocation = NOWHERE): ReadVariant {
  const id = textOf(text, where).trim();
  const colon = id.indexOf(':');
  if (colon <= 0) fail('a Solo game ID is PARAMS:DESCRIPTION (e.g. 3x3k:...)', where);
  const params = readParams(id.slice(0, colon), where);
  const size = params.c * params.r;
  if (size < 4 || size > 16) fail(`Solo parameters ${brief(id.slice(0, colon))} make a ${size}x${size} grid; the rules take 4 to 16`, where);
  const area = size * size;
  let rest = id.slice(colon + 1);
  if (rest === '') fail(`the Solo game ID ${brief(id)} has no description after ':' (the givens, then blocks or cages)`, where);
  const givens = readGrid(rest, area, size, 'givens', where);
  rest = givens.rest;
  const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size };
  if (params.r === 1) {
    if (rest[0] !== ',') fail('expected the jigsaw block structure after the givens', where);
    const blocks = readBlocks(rest.slice(1), size, 'jigsaw blocks', where);
    if (blocks.count !== size) fail(`jigsaw blocks: the walls make ${blocks.count} blocks, expected ${size}`, where);
    spec.regions = Array.from(blocks.blockOf);
    rest = blocks.rest;
  } else {
    spec.boxes = { rows: params.c, cols: params.r };
  }
  if (params.x) {
    spec.diagonalDown = true;
    spec.diagonalUp = true;
  }
  if (params.killer) {
    if (rest[0] !== ',') fail('expected the killer cages after the givens', where);
    const cages = readBlocks(rest.slice(1), size, 'killer cages', where);
    rest = cages.rest;
    if (rest[0] !== ',') fail('expected the killer totals after the cages', where);
    const totals = readGrid(rest.slice(1), area, size * area, 'killer totals', where);
    rest = totals.rest;
    const cells: number[][] = Array.from({ length: cages.count }, () => []);
    const sums = new Array<number>(cages.count).fill(0);
    for (let cell = 0; cell < area; cell++) {
      const cage = cages.blockOf[cell]!;
      cells[cage]!.push(cell);
      const total = totals.values[cell]!;
      if (total === 0) continue;
      if (sums[cage] !== 0) fail(`killer totals: the cage at r${Math.floor(cell / size) + 1}c${(cell % size) + 1} has two totals`, where);
      sums[cage] = total;
    }
    spec.cages = cells.map((list, i) => (sums[i] === 0 ? { cells: list } : { cells: list, sum: sums[i]! }));
  }
  if (rest !== '') fail(`unexpected data at the end of the game ID: '${brief(rest, 20)}'`, where);
  return variantOf(spec, Uint8Array.from(givens.values), undefined, where);
}
