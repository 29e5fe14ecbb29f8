/*
 * The variant line: one puzzle per line, readable by eye, in the spirit of the classic 81-character
 * line, carrying its rules.
 *
 *   TAGS:GIVENS [FIELD...] [LABEL]
 *
 * TAGS is one or more of these joined by '+' (any order; written in this order):
 *   NxN            the size when it is not 9 (4x4, 6x6, 8x8, 12x12, 16x16...)
 *   samurai        five 9x9 grids sharing corner boxes
 *   jigsaw         irregular regions (field regions=)
 *   x              both diagonals; diagonal-down (r1c1-rNcN) or diagonal-up (rNc1-r1cN) for one
 *   windoku, disjoint, asterisk, centre-dot
 *   extra          further houses (fields extra=)
 *   killer         cages (fields cages= and sums=)
 *   oddeven        odd/even cells (field parity=; 'odd-even' is read as well)
 * GIVENS is one character per cell, row by row: '.' (or 0) for an empty cell, 1-9, then A-G for
 * 10-16. Samurai writes its five grids (top left, top right, centre, bottom left, bottom right) as
 * five groups of 81 separated by '/': the shared boxes appear twice and must agree.
 * FIELDs are space-separated key=value words, each a map of one character per cell (row by row
 * over the cells, 369 for Samurai) or a list:
 *   boxes=RxC      a box shape other than the size's usual one (6x6 with 3x2 boxes: boxes=3x2)
 *   regions=MAP    jigsaw: the region of each cell, 1-9 then A-G
 *   extra=MAP      extra houses: '.' for a cell in none, the same character for the cells of one
 *                  house (1-9, A-Z); repeat the field for houses that overlap
 *   cages=MAP      killer: '.' for a cell in no cage, one character per cage (a-z, A-Z, 0-9, in
 *                  the order the cages start, row by row: at most 62 cages)
 *   sums=S,S,...   the cage totals in the same order; '?' for a cage without a total
 *   parity=MAP     odd/even: 'o' for a cell holding an odd digit, 'e' an even one, '.' neither
 * Whatever follows the fields is the label, as after a classic line.
 *
 * Examples:  x:1.......2.....  killer:.....  cages=aabbc... sums=15,7,...  6x6:..3..1....
 *            oddeven:..3...  parity=o..e.....
 * A jigsaw may also be written as SukakuExplainer reads it: GIVENS, a space, the region map.
 * No classic line starts with a tag: its first character is a digit or an empty-cell mark, and no
 * size tag is followed by a digit's mark; so classic lines never take this path.
 */
import { PuzzleFormatError, type SourceLocation } from '../core/errors.js';
import { boxShapeOf, MAX_SIZE, MIN_SIZE } from '../rules/build.js';
import { checkedPuzzle, type Puzzle } from '../rules/puzzle.js';
import { PARITY_EVEN, PARITY_ODD, type Rules, type RulesSpec } from '../rules/types.js';
import { brief, textOf, variantOf, type ReadVariant } from './common.js';
import { charDigit, digitChar, DIGIT_CHARS, formatValues } from './values.js';

const CAGE_LABELS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HOUSE_LABELS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const FIELD = /^(boxes|regions|extra|cages|sums|parity)=/;
const NOWHERE: SourceLocation = { source: '<input>', line: 0 };

/** The tags a line may start with (besides NxN sizes). */
export const VARIANT_TAGS = ['samurai', 'jigsaw', 'x', 'diagonal-down', 'diagonal-up', 'windoku', 'disjoint', 'asterisk', 'centre-dot', 'extra', 'killer', 'oddeven'] as const;

function fail(reason: string, where: SourceLocation): never {
  throw new PuzzleFormatError('BAD_VARIANT_LINE', reason, where);
}

/**
 * Whether a line's first word is a variant tag (`killer:`, `6x6+x:`): a letter, or a size `NxN`
 * then ':' or '+'. Classic lines and Solo IDs (`3x3k:b1...`) are not; see {@link isSoloId}.
 */
export function hasVariantTag(text: string): boolean {
  const colon = text.indexOf(':');
  if (colon <= 0) return false;
  const head = text.slice(0, colon);
  if (!/^[a-z0-9+-]+$/i.test(head)) return false;
  const first = head.charCodeAt(0);
  if (first >= 48 && first <= 57) return /^\d+x\d+(\+|$)/.test(head);
  return true;
}

/**
 * Reads one variant line (tagged, or a jigsaw as `GIVENS LAYOUT`).
 * @throws PuzzleFormatError naming `where` and the problem (an unknown tag, a givens or map of the
 * wrong length, rules that cannot be built: a region of the wrong size, a cage sum no digits can
 * make...; two grids of a Samurai that disagree; givens that break a rule).
 */
export function parseVariantLine(text: string, where: SourceLocation = NOWHERE): ReadVariant {
  const line = textOf(text, where).trim();
  if (!hasVariantTag(line)) {
    const jigsaw = parseLayoutLine(line, where);
    if (jigsaw !== null) return jigsaw;
    const word = line.split(/\s/, 1)[0]!;
    if (word.length === 81 && /^[.0-9]+$/.test(word)) {
      // A classic line: classic rules (what formatVariantLine writes for them).
      return variantOf({ size: 9 }, readGivens(word, 9, where), line.slice(81).trim() || undefined, where);
    }
    fail('not a variant line: expected TAGS:GIVENS (e.g. killer:..., 6x6:..., x:...) or GIVENS LAYOUT (jigsaw)', where);
  }
  const colon = line.indexOf(':');
  const tags = line.slice(0, colon).toLowerCase().split('+');
  const words = line.slice(colon + 1).split(/\s+/);
  const givensText = words[0] ?? '';

  let size = 9;
  let samurai = false;
  const flags = new Set<string>();
  for (const tag of tags) {
    const sized = /^(\d+)x(\d+)$/.exec(tag);
    if (sized) {
      if (sized[1] !== sized[2]) fail(`size tag '${brief(tag)}' should be NxN (the grid is square), e.g. 6x6`, where);
      size = Number(sized[1]);
    } else if (tag === 'samurai') samurai = true;
    else if (tag === 'center-dot') flags.add('centre-dot');
    else if (tag === 'odd-even') flags.add('oddeven');
    else if ((VARIANT_TAGS as readonly string[]).includes(tag)) flags.add(tag);
    else if (tag !== 'classic') fail(`unknown variant tag '${tag}' (known: NxN, ${VARIANT_TAGS.join(', ')})`, where);
  }

  // Fields, then the label.
  let index = 1;
  const fields: { key: string; value: string }[] = [];
  while (index < words.length && FIELD.test(words[index]!)) {
    const word = words[index]!;
    const eq = word.indexOf('=');
    fields.push({ key: word.slice(0, eq), value: word.slice(eq + 1) });
    index++;
  }
  let label: string | undefined;
  for (let i = index + 1; i < words.length; i++) {
    // A field after the first word of the label would be dropped with it: sums= after a name made
    // a killer without totals, boxes= a grid of the usual boxes (counted under the wrong rules).
    const key = FIELD.exec(words[i]!);
    if (key !== null) fail(`field ${key[1]}= comes after the label '${brief(words[index]!)}': write the fields first, then the label`, where);
  }
  if (index < words.length) {
    // The label keeps its own spacing: the text after the last field.
    let at = colon + 1;
    for (let i = 0; i < index; i++) at = line.indexOf(words[i]!, at) + words[i]!.length;
    label = line.slice(at).trim() || undefined;
  }
  const one = (key: string): string | undefined => {
    const found = fields.filter((f) => f.key === key);
    if (found.length > 1) fail(`field ${key}= is given twice`, where);
    return found[0]?.value;
  };

  const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size };
  if (samurai) spec.layout = 'samurai';
  const cellCount = samurai ? 369 : size * size;
  if (!Number.isSafeInteger(size) || size < MIN_SIZE || size > MAX_SIZE) fail(`size ${size} is out of range (${MIN_SIZE} to ${MAX_SIZE})`, where);

  const boxes = one('boxes');
  if (boxes !== undefined) {
    const shape = /^(\d+)x(\d+)$/.exec(boxes);
    if (!shape) fail(`boxes=${brief(boxes)}: expected RxC, e.g. boxes=3x2`, where);
    spec.boxes = { rows: Number(shape[1]), cols: Number(shape[2]) };
  }
  const regions = one('regions');
  if (flags.has('jigsaw') !== (regions !== undefined)) {
    fail(flags.has('jigsaw') ? 'a jigsaw line needs its regions: regions=MAP' : 'regions= belongs to a jigsaw line: add the tag jigsaw', where);
  }
  if (regions !== undefined) spec.regions = readRegionMap(regions, size, cellCount, where);
  if (flags.has('x') || flags.has('diagonal-down')) spec.diagonalDown = true;
  if (flags.has('x') || flags.has('diagonal-up')) spec.diagonalUp = true;
  if (flags.has('windoku')) spec.windoku = true;
  if (flags.has('disjoint')) spec.disjointGroups = true;
  if (flags.has('asterisk')) spec.asterisk = true;
  if (flags.has('centre-dot')) spec.centreDot = true;
  const extras = fields.filter((f) => f.key === 'extra');
  if (flags.has('extra') !== extras.length > 0) {
    fail(flags.has('extra') ? 'an extra line needs its houses: extra=MAP' : 'extra= belongs to a line tagged extra', where);
  }
  if (extras.length > 0) spec.extraRegions = extras.flatMap((f) => readGroups(f.value, HOUSE_LABELS, cellCount, 'extra', where));
  const cages = one('cages');
  const sums = one('sums');
  if (flags.has('killer') !== (cages !== undefined)) {
    fail(flags.has('killer') ? 'a killer line needs its cages: cages=MAP sums=...' : 'cages= belongs to a line tagged killer', where);
  }
  if (sums !== undefined && cages === undefined) fail('sums= without cages=', where);
  if (cages !== undefined) {
    const groups = readGroups(cages, CAGE_LABELS, cellCount, 'cages', where);
    // sums= read in place (no list of strings): one total per comma-separated part, '?' for none.
    let parts = 1;
    if (sums !== undefined) for (let j = 0; j < sums.length; j++) if (sums.charCodeAt(j) === 44) parts++;
    if (sums !== undefined && parts !== groups.length) fail(`cages= has ${groups.length} cages but sums= has ${parts} totals`, where);
    const specCages = new Array<{ cells: number[]; sum?: number }>(groups.length);
    for (let i = 0, at = 0; i < groups.length; i++) {
      if (sums === undefined) {
        specCages[i] = { cells: groups[i]! };
        continue;
      }
      let end = sums.indexOf(',', at);
      if (end < 0) end = sums.length;
      if (end === at + 1 && sums.charCodeAt(at) === 63) {
        // '?'
        specCages[i] = { cells: groups[i]! };
        at = end + 1;
        continue;
      }
      // Digits only (what /^\d+$/ accepted), read as Number did.
      let sum = 0;
      let digits = end > at;
      for (let j = at; j < end && digits; j++) {
        const code = sums.charCodeAt(j);
        digits = code >= 48 && code <= 57;
        sum = sum * 10 + code - 48;
      }
      if (!digits) fail(`sums=: '${brief(sums.slice(at, end))}' is not a whole number (or ? for a cage without a total)`, where);
      // Past 15 digits the sum of tens may round otherwise than Number (the rules reject either).
      if (end - at > 15) sum = Number(sums.slice(at, end));
      specCages[i] = { cells: groups[i]!, sum };
      at = end + 1;
    }
    spec.cages = specCages;
  }
  const parity = one('parity');
  if (flags.has('oddeven') !== (parity !== undefined)) {
    fail(flags.has('oddeven') ? 'an oddeven line needs its marks: parity=MAP (o odd, e even, . none)' : 'parity= belongs to a line tagged oddeven', where);
  }
  if (parity !== undefined) Object.assign(spec, readParityMap(parity, cellCount, where));
  const givens = samurai ? readSamuraiGivens(givensText, where) : readGivens(givensText, size, where);
  return variantOf(spec, givens, label, where);
}

/** Odd/even marks: one character per cell, 'o' odd, 'e' even, '.' neither. */
function readParityMap(text: string, cellCount: number, where: SourceLocation): { odd: number[]; even: number[] } {
  if (text.length !== cellCount) fail(`parity= has ${text.length} characters, expected one per cell (${cellCount})`, where);
  const odd: number[] = [];
  const even: number[] = [];
  for (let i = 0; i < cellCount; i++) {
    const ch = text[i]!;
    if (ch === 'o' || ch === 'O') odd.push(i);
    else if (ch === 'e' || ch === 'E') even.push(i);
    else if (ch !== '.') fail(`parity=: '${ch}' at cell ${i + 1} is not a mark (o odd, e even, '.' none)`, where);
  }
  return { odd, even };
}

function readGivens(text: string, size: number, where: SourceLocation): Uint8Array {
  const count = size * size;
  if (text.length !== count) fail(`expected ${count} givens for a ${size}x${size} grid, found ${text.length}`, where);
  const givens = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const digit = charDigit(text.charCodeAt(i));
    if (digit < 0 || digit > size) {
      fail(`unexpected character '${text[i]}' in the givens at cell ${i + 1} (digits 1-${DIGIT_CHARS[size - 1]}, '.' for empty)`, where);
    }
    givens[i] = digit;
  }
  return givens;
}

/** Samurai's five grids of 81 (shared boxes twice, which must agree), or 369 cells in the rules' order. */
function readSamuraiGivens(text: string, where: SourceLocation): Uint8Array {
  const parts = text.split('/');
  if (parts.length === 1 && text.length === 369) return readGivens369(text, where);
  if (parts.length !== 5) fail(`a Samurai's givens are five grids of 81 separated by '/', found ${parts.length} part${parts.length === 1 ? '' : 's'}`, where);
  return samuraiGivensOf(parts.map((part, g) => {
    if (part.length !== 81) fail(`Samurai grid ${g + 1} has ${part.length} givens, expected 81`, where);
    return readGivens(part, 9, where);
  }), where);
}

function readGivens369(text: string, where: SourceLocation): Uint8Array {
  const givens = new Uint8Array(369);
  for (let i = 0; i < 369; i++) {
    const digit = charDigit(text.charCodeAt(i));
    if (digit < 0 || digit > 9) fail(`unexpected character '${text[i]}' in the givens at cell ${i + 1}`, where);
    givens[i] = digit;
  }
  return givens;
}

/** The top-left frame corner of Samurai's five grids, in the rules' order. */
export const SAMURAI_CORNERS = [
  [0, 0],
  [0, 12],
  [6, 6],
  [12, 0],
  [12, 12],
] as const;

/** Samurai cell number of a frame position (rows of 21: the five grids' cells, row by row). */
function samuraiCellAt(): Int16Array {
  const at = new Int16Array(21 * 21).fill(-1);
  for (const [top, left] of SAMURAI_CORNERS) for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) at[(top + r) * 21 + left + c] = 0;
  let n = 0;
  for (let p = 0; p < at.length; p++) if (at[p] === 0) at[p] = ++n;
  for (let p = 0; p < at.length; p++) if (at[p]! > 0) at[p]!--;
  return at;
}

/**
 * Merges five 9x9 grids of a Samurai into its 369 cells; a shared cell must hold the same in both
 * grids that show it (digit or empty).
 * @throws PuzzleFormatError GRIDS_DISAGREE naming the cell and the two grids.
 */
export function samuraiGivensOf(grids: readonly ArrayLike<number>[], where: SourceLocation): Uint8Array {
  const at = samuraiCellAt();
  const givens = new Uint8Array(369);
  const from = new Int8Array(369).fill(-1);
  grids.forEach((grid, g) => {
    const [top, left] = SAMURAI_CORNERS[g]!;
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        const cell = at[(top + r) * 21 + left + c]!;
        const digit = grid[r * 9 + c]!;
        if (from[cell]! >= 0 && givens[cell] !== digit) {
          const say = (d: number): string => (d === 0 ? 'empty' : String(d));
          throw new PuzzleFormatError(
            'GRIDS_DISAGREE',
            `Samurai grids ${from[cell]! + 1} and ${g + 1} disagree at r${top + r + 1}c${left + c + 1}: ${say(givens[cell]!)} in grid ${from[cell]! + 1}, ${say(digit)} in grid ${g + 1}`,
            where,
          );
        }
        givens[cell] = digit;
        from[cell] = g;
      }
    }
  });
  return givens;
}

/** A region map (jigsaw): one id per cell, 1-9 then A-G, as region numbers 0..size-1. */
function readRegionMap(text: string, size: number, cellCount: number, where: SourceLocation): number[] {
  if (text.length !== cellCount) fail(`regions= has ${text.length} characters, expected one per cell (${cellCount})`, where);
  const regions: number[] = [];
  for (let i = 0; i < cellCount; i++) {
    const id = charDigit(text.charCodeAt(i));
    if (id < 1 || id > size) fail(`regions=: '${text[i]}' at cell ${i + 1} is not a region of 1-${DIGIT_CHARS[size - 1]}`, where);
    regions.push(id - 1);
  }
  return regions;
}

/**
 * Groups of cells of a map: '.' for none, one label per group; cages in the order they first
 * appear (row by row), extra houses in the order of their labels.
 */
function readGroups(text: string, labels: string, cellCount: number, key: string, where: SourceLocation): number[][] {
  if (text.length !== cellCount) fail(`${key}= has ${text.length} characters, expected one per cell (${cellCount})`, where);
  // A file of killers reads one map per line: each label's group is found through its character
  // code in a scratch table (cleared again before returning), and each group's list is made at
  // its final length (counted first), so the only garbage is the lists returned.
  const groupOf = (groupScratch ??= new Int16Array(128).fill(-1));
  const sizes: number[] = [];
  const labelOf: number[] = [];
  try {
    for (let i = 0; i < cellCount; i++) {
      const code = text.charCodeAt(i);
      if (code === 46) continue; // '.'
      const group = code < 128 ? groupOf[code]! : -1;
      if (group >= 0) {
        sizes[group]!++;
        continue;
      }
      const label = labels.indexOf(text[i]!);
      if (label < 0) fail(`${key}=: '${text[i]!}' at cell ${i + 1} is not a label (${labels[0]}-${labels[labels.length - 1]}, '.' for none)`, where);
      groupOf[code] = sizes.length;
      sizes.push(1);
      labelOf.push(label);
    }
    const groups = new Array<number[]>(sizes.length);
    for (let g = 0; g < sizes.length; g++) {
      groups[g] = new Array<number>(sizes[g]!);
      sizes[g] = 0;
    }
    for (let i = 0; i < cellCount; i++) {
      const code = text.charCodeAt(i);
      if (code === 46) continue;
      const group = groupOf[code]!;
      groups[group]![sizes[group]!++] = i;
    }
    // Cages in the order they start; other groups in the order of their labels.
    if (key === 'cages') return groups;
    return groups.map((cells, g) => ({ cells, label: labelOf[g]! })).sort((a, b) => a.label - b.label).map((g) => g.cells);
  } finally {
    for (const label of labels) groupOf[label.charCodeAt(0)] = -1;
  }
}

/** readGroups' scratch: the group of each label's character code, -1 for none. */
let groupScratch: Int16Array | null = null;

/**
 * A jigsaw as SukakuExplainer reads it: N*N givens, a space, N*N region ids (1-9 then A-G), then an
 * optional label; null when the line is not of that form. The map must look like a layout (ids
 * 1..N, some two side-by-side cells sharing one): an 81-digit solution after a classic puzzle is a
 * Latin square, where no two neighbours are equal, so it stays a label. Regions of the wrong size
 * are then reported by the rules (BAD_RULES), not taken for a label.
 */
export function parseLayoutLine(line: string, where: SourceLocation): ReadVariant | null {
  const words = line.split(/\s+/);
  if (words.length < 2) return null;
  const [givensText, layout] = words as [string, string];
  const size = Math.round(Math.sqrt(givensText.length));
  if (size < 4 || size > 16 || size * size !== givensText.length || layout.length !== givensText.length) return null;
  if (!isLayout(layout, size)) {
    // Region ids of another alphabet (0-8 as f-puzzles counts, a-i...) would leave a jigsaw to be
    // read as a classic puzzle with a label: checked, solved and graded under the wrong rules.
    if (isPartition(layout, size)) {
      fail(`the second word looks like a jigsaw layout (${size} ids, ${size} cells each) but its ids are not 1-${DIGIT_CHARS[size - 1]}: write the regions as 1-${DIGIT_CHARS[size - 1]}`, where);
    }
    return null;
  }
  const regions = [...layout].map((ch) => charDigit(ch.charCodeAt(0)) - 1);
  const at = line.indexOf(layout, givensText.length) + layout.length;
  const label = line.slice(at).trim() || undefined;
  return variantOf({ size, regions }, readGivens(givensText, size, where), label, where);
}

/**
 * Whether a map of any characters is a partition into `size` groups of `size` cells, two
 * side-by-side cells sharing one (a layout in another alphabet; a solution has no such neighbours).
 */
function isPartition(text: string, size: number): boolean {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size !== size || [...counts.values()].some((n) => n !== size)) return false;
  for (let i = 0; i < text.length; i++) {
    if ((i % size < size - 1 && text[i] === text[i + 1]) || (i + size < text.length && text[i] === text[i + size])) return true;
  }
  return false;
}

/** Whether a map looks like a jigsaw layout: ids 1..size, two side-by-side cells sharing one. */
export function isLayout(text: string, size: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const id = charDigit(text.charCodeAt(i));
    if (id < 1 || id > size) return false;
  }
  for (let i = 0; i < text.length; i++) {
    if (i % size < size - 1 && text[i] === text[i + 1]) return true;
    if (i + size < text.length && text[i] === text[i + size]) return true;
  }
  return false;
}

/** The tags of a rules value, in the order written. */
function tagsOf(spec: Rules['spec']): string[] {
  const tags: string[] = [];
  if (spec.layout === 'samurai') tags.push('samurai');
  else if (spec.size !== 9) tags.push(`${spec.size}x${spec.size}`);
  if (spec.regions !== undefined) tags.push('jigsaw');
  if (spec.diagonalDown === true && spec.diagonalUp === true) tags.push('x');
  else if (spec.diagonalDown === true) tags.push('diagonal-down');
  else if (spec.diagonalUp === true) tags.push('diagonal-up');
  if (spec.windoku === true) tags.push('windoku');
  if (spec.disjointGroups === true) tags.push('disjoint');
  if (spec.asterisk === true) tags.push('asterisk');
  if (spec.centreDot === true) tags.push('centre-dot');
  if ((spec.extraRegions?.length ?? 0) > 0) tags.push('extra');
  if ((spec.cages?.length ?? 0) > 0) tags.push('killer');
  if ((spec.odd?.length ?? 0) + (spec.even?.length ?? 0) > 0) tags.push('oddeven');
  return tags;
}

/** Options of {@link formatVariantLine}. */
export interface VariantLineOptions {
  /** Written after the puzzle, as a classic line's label. */
  label?: string | undefined;
  /** Write a pure jigsaw as SukakuExplainer reads it (`GIVENS LAYOUT`, the default) or tagged (`jigsaw:GIVENS regions=...`). */
  jigsaw?: 'layout' | 'tagged';
}

/**
 * A puzzle as one line: classic 9x9 as its 81 characters, a pure jigsaw as `GIVENS LAYOUT`, anything
 * else tagged (see the top of this file). {@link parseVariantLine} reads it back to the same rules
 * and givens. Throws a RangeError for a killer of more than 62 cages (write f-puzzles JSON instead).
 */
export function formatVariantLine(puzzle: Puzzle, options: VariantLineOptions = {}): string {
  // Checked as the solving calls check it: rules made by buildRules, one given 0..size per cell.
  const { rules, givens } = checkedPuzzle(puzzle);
  const spec = rules.spec;
  const tail = options.label === undefined || options.label === '' ? '' : ` ${options.label}`;
  const tags = tagsOf(spec);
  const regular = spec.regions === undefined;
  const usual = boxShapeOf(spec.size);
  const unusualBoxes = regular && spec.boxes !== undefined && (usual === null || usual.rows !== spec.boxes.rows || usual.cols !== spec.boxes.cols);
  if (tags.length === 0 && !unusualBoxes) return formatValues(rules, givens) + tail;
  if (tags.length === 1 && tags[0] === 'jigsaw' && options.jigsaw !== 'tagged') {
    return `${formatValues(rules, givens)} ${spec.regions!.map((r) => digitChar(r + 1)).join('')}${tail}`;
  }
  let text = `${tags.length === 0 ? `${spec.size}x${spec.size}` : tags.join('+')}:`;
  if (spec.layout === 'samurai') {
    const at = samuraiCellAt();
    text += SAMURAI_CORNERS.map(([top, left]) => {
      let grid = '';
      for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) grid += digitChar(givens[at[(top + r) * 21 + left + c]!]!);
      return grid;
    }).join('/');
  } else {
    text += formatValues(rules, givens);
  }
  if (unusualBoxes) text += ` boxes=${spec.boxes!.rows}x${spec.boxes!.cols}`;
  if (spec.regions !== undefined) text += ` regions=${spec.regions.map((r) => digitChar(r + 1)).join('')}`;
  for (const map of extraMaps(spec.extraRegions ?? [], rules.cellCount)) text += ` extra=${map}`;
  const cages = spec.cages ?? [];
  if (cages.length > 0) {
    if (cages.length > CAGE_LABELS.length) {
      throw new RangeError(`a variant line holds at most ${CAGE_LABELS.length} cages (this puzzle has ${cages.length}): write it as f-puzzles JSON`);
    }
    const map = new Array<string>(rules.cellCount).fill('.');
    // Cages are ascending by first cell, so labels appear in order row by row.
    cages.forEach((cage, i) => {
      for (const cell of cage.cells) map[cell] = CAGE_LABELS[i]!;
    });
    text += ` cages=${map.join('')} sums=${cages.map((cage) => (cage.sum === undefined || cage.sum === 0 ? '?' : String(cage.sum))).join(',')}`;
  }
  if (rules.startMasks !== null) {
    let map = '';
    for (let cell = 0; cell < rules.cellCount; cell++) map += rules.parityOf[cell] === PARITY_ODD ? 'o' : rules.parityOf[cell] === PARITY_EVEN ? 'e' : '.';
    text += ` parity=${map}`;
  }
  return text + tail;
}

/**
 * A solution as `solve` and `generate --solutions` write it: its digits row by row (formatValues),
 * but a Samurai's as its variant line (`samurai:` and five groups of 81 split by '/', with the
 * line's fields), since no reader takes 369 digits in a row back. The readers read either back as
 * a solved puzzle (a Samurai of the same rules).
 */
export function formatSolution(rules: Rules, values: ArrayLike<number>): string {
  if (rules.spec.layout !== 'samurai') return formatValues(rules, values);
  return formatVariantLine({ rules, givens: Uint8Array.from(values) });
}

/** Extra houses as maps, in order: a new map when a house overlaps one of the current map, or the labels run out. */
function extraMaps(houses: readonly (readonly number[])[], cellCount: number): string[] {
  const maps: string[][] = [];
  let current: string[] | null = null;
  let used = 0;
  for (const cells of houses) {
    if (current === null || used === HOUSE_LABELS.length || cells.some((cell) => current![cell] !== '.')) {
      current = new Array<string>(cellCount).fill('.');
      maps.push(current);
      used = 0;
    }
    for (const cell of cells) current[cell] = HOUSE_LABELS[used]!;
    used++;
  }
  return maps.map((map) => map.join(''));
}
