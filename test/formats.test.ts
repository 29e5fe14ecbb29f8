import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import lz from 'lz-string';
import { describe, expect, test } from 'vitest';
import { PuzzleFormatError } from '../src/core/errors.js';
import {
  AnyPuzzleReader,
  formatVariantLine,
  fromFpuzzles,
  fromFpuzzlesBase64,
  fromFpuzzlesJson,
  fromSoloId,
  isVariantRecord,
  lzCompressToBase64,
  lzDecompressFromBase64,
  parseVariantLine,
  parseVariantPuzzle,
  readAnyPuzzlesText,
  toFpuzzles,
  toFpuzzlesBase64,
  type AnyReadResult,
  type ReadVariant,
} from '../src/index.js';
import { formatValues } from '../src/formats/values.js';
import { buildRules } from '../src/rules/build.js';
import { findGivenConflict, type Puzzle } from '../src/rules/puzzle.js';
import type { RulesSpec } from '../src/rules/types.js';
import { run, runBinary } from './helpers/cli.js';

const FIXTURES = new URL('./fixtures/variants/', import.meta.url).pathname;
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');
const soloIds = fixture('solo-ids.txt')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

function puzzleOf(spec: RulesSpec, givens: Record<number, number> = {}): Puzzle {
  const rules = buildRules(spec);
  const values = new Uint8Array(rules.cellCount);
  for (const [cell, digit] of Object.entries(givens)) values[Number(cell)] = digit;
  return { rules, givens: values };
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/** One puzzle of every kind of rules (givens need not make a unique puzzle: these test the formats). */
const KINDS: Record<string, Puzzle> = {
  classic: puzzleOf({ size: 9 }, { 0: 5, 80: 3 }),
  '4x4': puzzleOf({ size: 4 }, { 3: 2 }),
  '6x6': puzzleOf({ size: 6 }, { 0: 1, 35: 6 }),
  '6x6 3x2 boxes': puzzleOf({ size: 6, boxes: { rows: 3, cols: 2 } }, { 1: 4 }),
  '8x8': puzzleOf({ size: 8 }, { 9: 8 }),
  '12x12': puzzleOf({ size: 12 }, { 0: 12, 13: 10 }),
  '16x16': puzzleOf({ size: 16 }, { 0: 16, 17: 11, 255: 1 }),
  jigsaw: fromSoloId(soloIds[0]!),
  '7x7 jigsaw': fromSoloId(soloIds[9]!),
  x: puzzleOf({ size: 9, diagonalDown: true, diagonalUp: true }, { 0: 1, 10: 2 }),
  'diagonal down': puzzleOf({ size: 9, diagonalDown: true }, { 0: 1 }),
  'diagonal up': puzzleOf({ size: 9, diagonalUp: true }, { 8: 1 }),
  windoku: puzzleOf({ size: 9, windoku: true }, { 10: 4 }),
  disjoint: puzzleOf({ size: 9, disjointGroups: true }, { 0: 7 }),
  asterisk: puzzleOf({ size: 9, asterisk: true }, { 40: 5 }),
  'centre dot': puzzleOf({ size: 9, centreDot: true }, { 10: 5 }),
  'extra regions (overlapping)': puzzleOf({ size: 9, extraRegions: [range(0, 9).map((i) => i * 10), [1, 2, 3, 4, 5, 6, 7, 8, 9], range(72, 81)] }, { 0: 1 }),
  killer: fromSoloId(soloIds[1]!),
  'killer with a cage without a total': puzzleOf({ size: 9, cages: [{ cells: [0, 1], sum: 3 }, { cells: [2, 11] }, { cells: [80] , sum: 9 }] }, { 40: 5 }),
  'jigsaw x': fromSoloId(soloIds[4]!),
  'x killer': fromSoloId(soloIds[5]!),
  'windoku killer': puzzleOf({ size: 9, windoku: true, cages: [{ cells: [10, 11, 12], sum: 6 }] }),
  samurai: puzzleOf({ size: 9, layout: 'samurai' }, { 0: 1, 114: 5, 368: 9 }),
  'samurai killer': puzzleOf({ size: 9, layout: 'samurai', cages: [{ cells: [0, 1], sum: 17 }, { cells: [368, 367] }] }),
};

function expectSame(read: ReadVariant | Puzzle, puzzle: Puzzle): void {
  expect(read.rules.spec).toEqual(puzzle.rules.spec);
  expect(Array.from(read.givens)).toEqual(Array.from(puzzle.givens));
}

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof PuzzleFormatError) return `${error.code}: ${error.reason}`;
    throw error;
  }
  return 'no error';
}

describe('lz-string base64 (our codec) against the npm package', () => {
  test('the same text, and back, on any string', () => {
    for (const text of ['', 'a', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', JSON.stringify(toFpuzzles(KINDS['killer']!)), 'héllo ☃ 𝄞']) {
      expect(lzCompressToBase64(text)).toBe(lz.compressToBase64(text));
      expect(lzDecompressFromBase64(lz.compressToBase64(text))).toBe(text);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(lzCompressToBase64(text)).toBe(lz.compressToBase64(text));
        expect(lzDecompressFromBase64(lz.compressToBase64(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test('text that is not base64 is refused, not misread', () => {
    expect(lzDecompressFromBase64('not base64!')).toBeNull();
    expect(codeOf(() => fromFpuzzlesBase64('AAAAAAAAAAAAAAAAAAAAAAAA'))).toMatch(/^BAD_FPUZZLES: not f-puzzles data/);
  });
});

describe('round trips of every kind: line <-> rules + givens <-> f-puzzles JSON <-> lz-string', () => {
  test.each(Object.entries(KINDS))('%s', (_name, puzzle) => {
    const line = formatVariantLine(puzzle);
    expect(line).not.toContain('\n');
    const read = parseVariantLine(line);
    expectSame(read, puzzle);
    expect(formatVariantLine(read)).toBe(line);
    // The mixed reader reads it to the same puzzle (a classic line as a classic record).
    const [record] = [...readAnyPuzzlesText(line)] as AnyReadResult[];
    expect(record?.ok).toBe(true);
    if (record?.ok && isVariantRecord(record.puzzle)) expectSame(record.puzzle, puzzle);
    else if (record?.ok) expect(puzzle.rules.variant).toBe('classic');
    if (puzzle.rules.spec.layout === 'samurai') {
      expect(() => toFpuzzles(puzzle)).toThrow(/no Samurai layout/);
      return;
    }
    const json = toFpuzzles(puzzle);
    const text = JSON.stringify(json);
    const back = fromFpuzzlesJson(text);
    expectSame(back, puzzle);
    expect(JSON.stringify(toFpuzzles(back))).toBe(text);
    const base64 = toFpuzzlesBase64(puzzle);
    expect(lz.decompressFromBase64(base64)).toBe(text);
    expectSame(fromFpuzzlesBase64(base64), puzzle);
    // Line -> f-puzzles -> line.
    expect(formatVariantLine(fromFpuzzles(JSON.parse(text)))).toBe(line);
  });

  test('property: random givens that break no rule, on every kind, come back the same through every format', () => {
    const kinds = Object.values(KINDS);
    fc.assert(
      fc.property(fc.nat(kinds.length - 1), fc.array(fc.tuple(fc.nat(400), fc.nat(15)), { maxLength: 40 }), (k, tries) => {
        const { rules } = kinds[k]!;
        const givens = new Uint8Array(rules.cellCount);
        for (const [at, d] of tries) {
          const cell = at % rules.cellCount;
          const digit = (d % rules.size) + 1;
          if (givens[cell] !== 0) continue;
          givens[cell] = digit;
          if (findGivenConflict(rules, givens) !== null) givens[cell] = 0; // two equal digits in a house, a cage total passed
        }
        const puzzle = { rules, givens };
        const line = formatVariantLine(puzzle);
        expectSame(parseVariantLine(line), puzzle);
        if (rules.spec.layout !== 'samurai') {
          expectSame(fromFpuzzlesBase64(toFpuzzlesBase64(puzzle)), puzzle);
          expect(formatVariantLine(fromFpuzzles(toFpuzzles(puzzle)))).toBe(line);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('a classic 81-character line stays a classic line; variant lines start with a tag', () => {
    expect(formatVariantLine(KINDS['classic']!)).toBe(`5${'.'.repeat(79)}3`);
    expect(formatVariantLine(KINDS['x']!)).toMatch(/^x:12?/);
    expect(formatVariantLine(KINDS['6x6']!)).toMatch(/^6x6:1\.{34}6$/);
    expect(formatVariantLine(KINDS['6x6 3x2 boxes']!)).toMatch(/^6x6:\.4\.{34} boxes=3x2$/);
    expect(formatVariantLine(KINDS['16x16']!)).toMatch(/^16x16:G\.{16}B/);
    expect(formatVariantLine(KINDS['killer with a cage without a total']!)).toMatch(/ cages=aab\.{8}b\.{68}c sums=3,\?,9$/);
    expect(formatVariantLine(KINDS['samurai']!)).toMatch(/^samurai:1\.{59}5\.{20}\/\.{81}\/5\.{80}\/\.{81}\/\.{80}9$/);
    // A pure 9x9 jigsaw is written as SukakuExplainer reads it.
    const jigsaw = formatVariantLine(KINDS['jigsaw']!);
    expect(jigsaw).toMatch(/^[.1-9]{81} [1-9]{81}$/);
    expect(formatVariantLine(KINDS['jigsaw']!, { jigsaw: 'tagged' })).toMatch(/^jigsaw:[.1-9]{81} regions=[1-9]{81}$/);
    expect(formatVariantLine(KINDS['x']!, { label: 'my label' })).toMatch(/ my label$/);
    expect(parseVariantLine(formatVariantLine(KINDS['x']!, { label: 'my label' })).label).toBe('my label');
  });

  test('Samurai writes its five grids, the shared boxes in both', () => {
    const line = formatVariantLine(KINDS['samurai']!);
    const grids = line.slice('samurai:'.length).split('/');
    expect(grids.map((g) => g.length)).toEqual([81, 81, 81, 81, 81]);
    // Cell 114 of the rules (18 cells a row on rows 1-6, then r7c7) is r7c7 of grid 1 and r1c1 of the centre grid.
    expect(grids[0]![6 * 9 + 6]).toBe('5');
    expect(grids[2]![0]).toBe('5');
  });
});

describe('fixtures made by the real tools', () => {
  test('Solo game IDs made by sgt-solo: every kind and size', () => {
    const read = soloIds.map((id) => fromSoloId(id));
    expect(read.map((p) => `${p.rules.variant} ${p.rules.boxShape ? `${p.rules.boxShape.rows}x${p.rules.boxShape.cols}` : 'regions'}`)).toEqual([
      'jigsaw regions',
      'killer 3x3',
      '6x6 2x3',
      'x 3x3',
      'jigsaw+x regions',
      'x+killer 3x3',
      '4x4 2x2',
      '12x12 3x4',
      '6x6 3x2',
      '7x7+jigsaw regions',
      '16x16 4x4',
    ]);
    // The first rows, read by eye from the IDs: runs of blanks are letters, numbers are decimal.
    expect(formatValues(read[0]!.rules, read[0]!.givens).slice(0, 18)).toBe('....13...47.......');
    expect(formatValues(read[2]!.rules, read[2]!.givens)).toBe('........4.125..23..32..442.5........');
    expect(formatValues(read[10]!.rules, read[10]!.givens).slice(0, 16)).toBe('B..DG....C...48.');
    // Killer: every cell in one cage, each cage with its one total; 81 cells, the sums add up to 9 x 45.
    const killer = read[1]!.rules;
    expect(killer.cages.reduce((n, cage) => n + cage.cells.length, 0)).toBe(81);
    expect(killer.cages.reduce((n, cage) => n + cage.sum, 0)).toBe(405);
    // Jigsaw regions numbered by first cell, as in the variants-train data (puzzle vf1 checked by eye).
    expect(read[0]!.rules.spec.regions!.slice(0, 18).map((r) => r + 1).join('')).toBe('122222333111224553');
  });

  test('Solo IDs from the variants-train data read to the givens and regions SukakuExplainer was given', () => {
    const id = '9j:e7c1_4c5_2b2c5b6b2d6_3c6c7c9_4d5b6b8c1b5_4c1_8c8e,a_cb_cb__c_b_c_a_aa__baacc_aa_bjd_iabaababb_aa_a_bab____bac_';
    const read = fromSoloId(id);
    expect(formatVariantLine(read)).toBe(
      '.....7...14...52..2...5..6..2....63...6...7...94....5..6..8...1..54...18...8..... 112333344112333344112344445122245555162275588162777558667777888667998898666999999',
    );
    expect(formatVariantLine(fromSoloId('3x3x:a1_9b8d5a4a9a3c3b6c3d2b4i8b5d6c6b2c9a1a4a7d3b9_6a'))).toBe(
      'x:.19..8....5.4.9.3...3..6...3....2..4.........8..5....6...6..2...9.1.4.7....3..96.',
    );
  });

  test('f-puzzles: one object over many lines, one per line, lz-string base64 and a link, all read alike', () => {
    const solo = soloIds.map((id) => fromSoloId(id));
    const [jigsaw, ...rest] = [...readAnyPuzzlesText(fixture('fpuzzles-jigsaw.json'), { source: 'j.json' })];
    expect(rest).toEqual([]);
    expect(jigsaw?.ok).toBe(true);
    if (jigsaw?.ok && isVariantRecord(jigsaw.puzzle)) {
      expectSame(jigsaw.puzzle, solo[0]!); // the digit entered without "given" is not a given
      expect(jigsaw.puzzle).toMatchObject({ label: 'Solo jigsaw vf1', line: 1, format: 'fpuzzles' });
    }
    const lines = [...readAnyPuzzlesText(fixture('fpuzzles-lines.jsonl'))];
    const base64 = [...readAnyPuzzlesText(fixture('fpuzzles-base64.txt'))];
    const expected = [solo[1]!, solo[3]!, solo[8]!, solo[5]!];
    for (const records of [lines, base64]) {
      expect(records.length).toBe(4);
      records.forEach((record, i) => {
        if (!record.ok || !isVariantRecord(record.puzzle)) throw new Error(`record ${i + 1} not read`);
        expectSame(record.puzzle, expected[i]!);
      });
    }
    expect(base64.map((r) => (r.ok && isVariantRecord(r.puzzle) ? r.puzzle.format : ''))).toEqual(['fpuzzles-base64', 'fpuzzles-base64', 'fpuzzles-base64', 'fpuzzles-base64']);
    expect(lines.map((r) => (r.ok ? r.puzzle.label : ''))).toEqual(['Solo killer vf2', 'Solo X vf4', 'Solo 3x2 vf9', 'Solo killer X vf6']);
  });

  test('hand-written variant lines', () => {
    const records = [...readAnyPuzzlesText(fixture('variant-lines.txt'))];
    expect(records.map((r) => (r.ok && isVariantRecord(r.puzzle) ? `${r.puzzle.rules.variant} ${r.puzzle.format} ${r.puzzle.label ?? ''}` : 'error'))).toEqual([
      '6x6 line solo-2x3',
      'x line solo-x',
      'jigsaw jigsaw-layout jigsaw-layout',
      '4x4 line ',
      'samurai line five grids',
      '6x6 line ',
    ]);
    const solo = soloIds.map((id) => fromSoloId(id));
    const get = (i: number): ReadVariant => (records[i] as { puzzle: ReadVariant }).puzzle;
    expectSame(get(0), solo[2]!);
    expectSame(get(5), solo[8]!);
    expect(get(4).givens.filter((d) => d > 0).length).toBe(5); // the shared 5 counted once
  });
});

describe('the mixed reader', () => {
  const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

  test('classic lines, printed grids, variant lines, JSON over lines, base64, Solo IDs: in order, with their lines', () => {
    const grid = ['4 . . | . . . | 8 . 5', '. 3 . | . . . | . . .', '. . . | 7 . . | . . .', '------+-------+------'];
    const text = [
      `${HARD1} named`,
      `${HARD1} ${SOLUTION}`, // a solution after the puzzle is a label, not a jigsaw layout
      ...grid.slice(0, 3),
      ...HARD1.slice(27).match(/.{9}/g)!,
      soloIds[2]!,
      '{',
      '  "size": 4,',
      '  "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{"value": 1, "given": true}, {}, {}, {}]]',
      '}',
      'x:.19..8....5.4.9.3...3..6...3....2..4.........8..5....6...6..2...9.1.4.7....3..96. xx',
      toFpuzzlesBase64(KINDS['6x6']!),
      `${HARD1.slice(0, 70)}`,
      'killer:' + '.'.repeat(81) + ' cages=' + 'a'.repeat(81) + ' sums=5',
    ].join('\n');
    const records = [...readAnyPuzzlesText(text, { source: 'mixed.txt' })];
    const described = records.map((r) =>
      r.ok ? `${r.puzzle.line} ${isVariantRecord(r.puzzle) ? `${r.puzzle.rules.variant}/${r.puzzle.format}` : 'classic'} ${r.puzzle.label ?? ''}`.trim() : `${r.error.line} ${r.error.code}`,
    );
    expect(described).toEqual([
      '1 classic named',
      `2 classic ${SOLUTION}`,
      '3 classic',
      '12 6x6/solo',
      '13 4x4/fpuzzles',
      '17 x/line xx',
      '18 6x6/fpuzzles-base64',
      '19 CELL_COUNT',
      '20 BAD_RULES',
    ]);
    expect(records[8]).toMatchObject({ ok: false, error: { message: 'mixed.txt:20: cage 1 has 81 cells, more than the 9 digits' } });
  });

  test('parseVariantPuzzle reads one puzzle of any format (classic as classic rules)', () => {
    expect(parseVariantPuzzle(HARD1)).toMatchObject({ format: 'classic' });
    expect(parseVariantPuzzle(HARD1).rules.variant).toBe('classic');
    expect(parseVariantPuzzle(soloIds[0]!).rules.variant).toBe('jigsaw');
    expect(() => parseVariantPuzzle(`${soloIds[0]}\n${soloIds[1]}`)).toThrow(/expected one puzzle, found 2/);
  });

  test('a JSON object not closed at the end of the input is an error naming its first line', () => {
    const records = [...readAnyPuzzlesText(`${HARD1}\n{"size": 9,\n"grid": [`)];
    expect(records.map((r) => (r.ok ? 'ok' : `${r.error.line} ${r.error.code}`))).toEqual(['ok', '2 BAD_FPUZZLES']);
  });

  test('the classic reader path is untouched: the same records and errors on a classic file', () => {
    const text = readFileSync(new URL('./fixtures/solver-cases.txt', import.meta.url), 'utf8');
    const reader = new AnyPuzzleReader();
    let n = 0;
    for (const [i, line] of text.split('\n').entries()) n += reader.push(line, i + 1).filter((r) => r.ok && !isVariantRecord(r.puzzle)).length;
    expect(n).toBeGreaterThan(0);
  });
});

/** Bad input: the code and the words of the library, and one line with exit code 1 from the built CLI. */
const J81 = '.'.repeat(81);
const BAD: [string, string, RegExp][] = [
  ['a region of the wrong size (jigsaw layout)', `${J81} ${'1'.repeat(10)}${'2'.repeat(8)}${[3, 4, 5, 6, 7, 8, 9].map((id) => String(id).repeat(9)).join('')}`, /^BAD_RULES: region 1 has 10 cells, expected 9$/],
  ['a region of the wrong size (f-puzzles)', JSON.stringify({ size: 4, grid: [[{ region: 0 }, { region: 0 }, { region: 0 }, { region: 0 }], [{ region: 0 }, { region: 1 }, { region: 1 }, { region: 1 }], [{ region: 2 }, { region: 2 }, { region: 3 }, { region: 3 }], [{ region: 2 }, { region: 2 }, { region: 3 }, { region: 3 }]] }), /^BAD_RULES: region 1 has 5 cells, expected 4$/],
  ['a cell in two cages (f-puzzles)', JSON.stringify({ size: 9, grid: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))), killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }, { cells: ['R1C2', 'R1C3'], value: '4' }] }), /^BAD_RULES: r1c2 is in cage 1 and cage 2$/],
  ['a cage sum no digits can make', `killer:${J81} cages=aa${'.'.repeat(79)} sums=18`, /^BAD_RULES: cage 1: no 2 different digits add up to 18 \(possible: 3 to 17\)$/],
  ['a given that breaks a cage', `killer:12${'.'.repeat(79)} cages=aa${'.'.repeat(79)} sums=4`, /^CONFLICT: givens conflict: the cage at r1c1: its givens add up to 3, not its sum 4$/],
  ['a size with no box shape (line)', `7x7:${'.'.repeat(49)}`, /^BAD_RULES: size 7 has no usual box shape/],
  ['a size with no box shape (f-puzzles)', JSON.stringify({ size: 7, grid: Array.from({ length: 7 }, () => Array.from({ length: 7 }, () => ({}))) }), /^BAD_RULES: size 7 has no usual box shape/],
  ['Samurai grids that disagree', `samurai:${'.'.repeat(60)}5${'.'.repeat(20)}/${J81}/3${'.'.repeat(80)}/${J81}/${J81}`, /^GRIDS_DISAGREE: Samurai grids 1 and 3 disagree at r7c7: 5 in grid 1, 3 in grid 3$/],
  ['an unknown tag', `sandwich:${J81}`, /^BAD_VARIANT_LINE: unknown variant tag 'sandwich'/],
  ['givens of the wrong length', `x:${'.'.repeat(80)}`, /^BAD_VARIANT_LINE: expected 81 givens for a 9x9 grid, found 80$/],
  ['a killer line without cages', `killer:${J81}`, /^BAD_VARIANT_LINE: a killer line needs its cages/],
  ['an f-puzzles constraint the rules do not have', JSON.stringify({ size: 9, grid: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))), thermometer: [{ lines: [['R1C1', 'R1C2']] }] }), /^BAD_FPUZZLES: f-puzzles constraint "thermometer" is not supported/],
  ['f-puzzles kropki dots (not in the rules)', JSON.stringify({ size: 9, grid: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))), ratio: [{ cells: ['R1C1', 'R1C2'] }] }), /^BAD_FPUZZLES: f-puzzles constraint "ratio" is not supported/],
  ['a given that breaks its cell\'s parity (line)', `oddeven:....4${'.'.repeat(76)} parity=....o${'.'.repeat(76)}`, /^CONFLICT: givens conflict: r1c5 is marked odd but holds 4$/],
  ['a parity field of the wrong length', `oddeven:${J81} parity=oe`, /^BAD_VARIANT_LINE: parity= has 2 characters, expected one per cell \(81\)$/],
  ['a cell marked odd and even (f-puzzles)', JSON.stringify({ size: 9, grid: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))), odd: [{ cell: 'R2C3' }], even: [{ cell: 'R2C3' }] }), /^BAD_RULES: r2c3 is marked both odd and even$/],
  ['a Solo ID with too little data', '3x3:a1b2', /^BAD_SOLO_ID: givens: 5 cells, expected 81$/],
  ['a Solo jigsaw cut off after its colon', '9j:', /^BAD_SOLO_ID: the Solo game ID 9j: has no description after ':' \(the givens, then blocks or cages\)$/],
  ['a Solo killer cut off after its colon', '3x3k:', /^BAD_SOLO_ID: the Solo game ID 3x3k: has no description after ':'/],
  ['a Solo jigsaw with the wrong number of blocks', `9j:zzzc,${'_'.repeat(145)}`, /^BAD_SOLO_ID: jigsaw blocks: the walls make 81 blocks, expected 9$/],
  ['a Solo jigsaw with too little block data', '9j:zzzc,zzzzzzc', /^BAD_SOLO_ID: jigsaw blocks: too much data for a 9x9 grid$/],
  ['two equal digits in a jigsaw region', `11${'.'.repeat(79)} ${'1'.repeat(9)}${'2'.repeat(9)}${'3'.repeat(9)}${'4'.repeat(9)}${'5'.repeat(9)}${'6'.repeat(9)}${'7'.repeat(9)}${'8'.repeat(9)}${'9'.repeat(9)}`, /^CONFLICT: givens conflict: two 1s in row 1/],
];

describe('bad input: a coded error naming the line and the problem', () => {
  test.each(BAD)('%s', (_name, line, expected) => {
    const records = [...readAnyPuzzlesText(`# comment\n${line}\n`, { source: 'bad.txt' })];
    expect(records.length).toBe(1);
    const record = records[0]!;
    if (record.ok) throw new Error('read without error');
    expect(`${record.error.code}: ${record.error.reason}`).toMatch(expected);
    expect(record.error.message.startsWith('bad.txt:2: ')).toBe(true);
  });

  // Each through `check` as the binary runs it (runCli, in this process: a spawn each was 4 CPU-s),
  // then all of them in one file through the built binary itself: its exit code and its lines.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const reasonOf = (expected: RegExp) => expected.source.replace(/^\^[A-Z_]+: /, '').replace(/^\^/, '');
  test('each exits 1 through the CLI, with one line naming the file and line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-variants-'));
    for (const [name, line, expected] of BAD) {
      const file = join(dir, 'bad.txt');
      writeFileSync(file, `# ${name}\n${line}\n`);
      const result = await run(['check', file]);
      expect(result.code, name).toBe(1);
      const lines = result.stdout.trim().split('\n');
      expect(lines.length, name).toBe(2); // the record's line and the summary
      expect(lines[0], name).toMatch(new RegExp(`^${escape(file)}:2: invalid: ${reasonOf(expected)}`));
      expect(lines[1]).toMatch(/0 unique, 0 multiple, 0 none, 1 invalid$/);
      expect(result.stderr).toBe('');
    }
  });

  test('the built binary: all of them in one file, each its own line naming the file and line, exit 1', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sudoku-press-variants-')), 'bad.txt');
    writeFileSync(file, BAD.map(([name, line]) => `# ${name}\n${line}\n`).join(''));
    const result = runBinary(['check', file]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(BAD.length + 1);
    BAD.forEach(([name, , expected], i) => expect(lines[i], name).toMatch(new RegExp(`^${escape(file)}:${2 * i + 2}: invalid: ${reasonOf(expected)}`)));
    expect(lines.at(-1)).toMatch(new RegExp(`0 unique, 0 multiple, 0 none, ${BAD.length} invalid$`));
    expect(result.stderr).toBe('');
  });
});
