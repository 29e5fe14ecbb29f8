/**
 * The library as an app developer calls it, with hostile values (audit 9): each call gives a coded
 * error (never a TypeError from deep inside, a hang or a wrong answer). Cheap: no count runs long,
 * the limits are refused before a search starts.
 */
import { describe, expect, test } from 'vitest';
import {
  Solver,
  buildRules,
  classicRules,
  countRules,
  countSolutions,
  drawBoard,
  drawVariantBoard,
  formatVariantLine,
  fromFpuzzlesBase64,
  fromFpuzzlesJson,
  fromSoloId,
  gradePuzzle,
  jigsawRules,
  lzCompressToBase64,
  lzDecompressFromBase64,
  parseVariantLine,
  parseVariantPuzzle,
  readAnyPuzzlesText,
  solve,
  toFpuzzles,
  variantLevels,
  withCages,
  withDiagonals,
  withParity,
  withSpec,
  type Rules,
  type RulesSpec,
  type VariantName,
} from '../src/index.js';

const SIX = '..351.5.12.3.3....4163.5...1........';

/** The error a call throws, as `name code`. */
function thrown(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    const { name, code } = error as { name: string; code?: string };
    return `${name} ${code ?? ''}`.trim();
  }
  return 'no error';
}

describe('a count limit that can never be reached is refused, not counted for ever', () => {
  test.each([NaN, 0, -1, 2.5, '2'])('limit %s', (limit) => {
    expect(thrown(() => new Solver().count('.'.repeat(81), limit as number))).toBe('OptionError BAD_OPTION');
    expect(thrown(() => countRules(classicRules(6), new Uint8Array(36), limit as number))).toBe('OptionError BAD_OPTION');
  });

  test('countRules with fewer givens than cells is CELL_COUNT, not a count of another puzzle', () => {
    expect(thrown(() => countRules(classicRules(6), new Uint8Array(35)))).toBe('PuzzleFormatError CELL_COUNT');
    expect(countRules(classicRules(6), parseVariantLine(`6x6:${SIX}`).givens)).toBe(1);
  });
});

describe('buildRules reads its description once and refuses what it does not know', () => {
  test('a change to the description after the build does not reach the value', () => {
    const spec: { size: number; diagonalDown?: boolean; diagonalUp?: boolean } = { size: 9 };
    const rules = buildRules(spec);
    spec.diagonalDown = true;
    spec.diagonalUp = true;
    spec.size = 4;
    expect(rules.variant).toBe('classic');
    expect(rules.spec).toEqual({ size: 9, layout: 'single', boxes: { rows: 3, cols: 3 } });
    expect(buildRules(rules.spec).houses.length).toBe(27);
  });

  test('a getter is read once: one size for the whole value', () => {
    let reads = 0;
    const rules = buildRules({
      get size() {
        return reads++ % 2 === 0 ? 9 : 4;
      },
    });
    expect(reads).toBe(1);
    expect([rules.variant, rules.size, rules.cellCount, rules.spec.size]).toEqual(['classic', 9, 81, 9]);
  });

  test.each<[string, unknown, string]>([
    ['null', null, 'BAD_SPEC'],
    ['a string', '9', 'BAD_SPEC'],
    ['a misspelt rule', { size: 9, diagonal: true }, 'BAD_SPEC'],
    ['a rules value for its description', classicRules(6), 'BAD_SPEC'],
    ['a flag "true"', { size: 9, diagonalDown: 'true' }, 'BAD_SPEC'],
    ['a flag 1', { size: 9, windoku: 1 }, 'BAD_SPEC'],
    ['cages that are not a list', { size: 9, cages: 'abc' }, 'BAD_SPEC'],
    ['a cage that is null', { size: 9, cages: [null] }, 'BAD_CAGE'],
    ['cells that are null', { size: 9, cages: [{ cells: null, sum: 3 }] }, 'BAD_CAGE'],
    ['cells as text', { size: 9, cages: [{ cells: '01', sum: 3 }] }, 'BAD_CAGE'],
    ['a sum of 46', { size: 9, cages: [{ cells: [0, 1], sum: 46 }] }, 'BAD_CAGE_SUM'],
    ['a sum of 2.5', { size: 9, cages: [{ cells: [0, 1], sum: 2.5 }] }, 'BAD_CAGE_SUM'],
    ['an extra region that is null', { size: 9, extraRegions: [null] }, 'BAD_SPEC'],
    ['boxes null', { size: 9, boxes: null }, 'BAD_BOXES'],
  ])('%s', (_, spec, code) => {
    expect(thrown(() => buildRules(spec as RulesSpec))).toBe(`RulesError ${code}`);
  });

  test('the constructors name a missing rules value or list', () => {
    const nothing = null as unknown as Rules;
    expect(thrown(() => withDiagonals(nothing))).toBe('RulesError BAD_SPEC');
    expect(thrown(() => withCages(classicRules(), null as unknown as []))).toBe('RulesError BAD_SPEC');
    expect(thrown(() => withParity(classicRules(), null as unknown as {}))).toBe('RulesError BAD_SPEC');
    expect(thrown(() => withSpec(classicRules(), null as unknown as {}))).toBe('RulesError BAD_SPEC');
    expect(thrown(() => jigsawRules(null as unknown as number[]))).toBe('RulesError BAD_SPEC');
  });
});

describe('a puzzle whose rules were not built, or whose givens do not fit them', () => {
  const six = classicRules(6);
  const built = parseVariantLine(`6x6:${SIX}`);
  const lookAlikes: [string, unknown][] = [
    ['a spread', { ...six }],
    ['an object made on the value', Object.create(six) as unknown],
    ['an object made to look classic', { size: 9, cellCount: 81, variant: 'classic', grids: [{ row: 0, col: 0 }] }],
  ];
  test.each(lookAlikes)('rules that are %s: BAD_PUZZLE at every entry, DrawError for the drawing', (_, rules) => {
    const puzzle = { rules: rules as Rules, givens: new Uint8Array((rules as Rules).cellCount) };
    for (const call of [countSolutions, solve, gradePuzzle, toFpuzzles, formatVariantLine]) {
      expect(thrown(() => call(puzzle))).toBe('PuzzleFormatError BAD_PUZZLE');
    }
    expect(thrown(() => drawVariantBoard(puzzle))).toBe('DrawError BAD_DRAW_INPUT');
  });

  test('givens out of range are named by the writers and the drawing, not written as "?"', () => {
    const givens = built.givens.slice();
    givens[0] = 7;
    expect(thrown(() => formatVariantLine({ rules: six, givens }))).toBe('PuzzleFormatError BAD_CELL_VALUE');
    expect(thrown(() => toFpuzzles({ rules: six, givens }))).toBe('PuzzleFormatError BAD_CELL_VALUE');
    expect(thrown(() => formatVariantLine({ rules: six, givens: givens.subarray(1) }))).toBe('PuzzleFormatError CELL_COUNT');
    expect(thrown(() => drawVariantBoard({ rules: six, givens }))).toBe('DrawError BAD_DRAW_INPUT');
    expect(thrown(() => drawVariantBoard({ rules: six, givens: built.givens, values: Array(36).fill(NaN) }))).toBe('DrawError BAD_DRAW_INPUT');
    expect(formatVariantLine(built)).toBe(`6x6:${SIX}`);
  });

  test('a Proxy of a Uint8Array is no typed array: BAD_PUZZLE, not a TypeError of the engine', () => {
    const puzzle = { rules: six, givens: new Proxy(built.givens, {}) };
    expect(thrown(() => countSolutions(puzzle))).toBe('PuzzleFormatError BAD_PUZZLE');
    expect(thrown(() => gradePuzzle(puzzle))).toBe('PuzzleFormatError BAD_PUZZLE');
  });
});

describe('text readers, the codec and the drawing given something that is not text', () => {
  test.each([null, 42, {}])('%s', (value) => {
    const text = value as unknown as string;
    for (const read of [parseVariantLine, fromSoloId, fromFpuzzlesBase64, fromFpuzzlesJson, parseVariantPuzzle]) {
      expect(thrown(() => read(text))).toBe('PuzzleFormatError BAD_GRID_TYPE');
    }
    expect(thrown(() => [...readAnyPuzzlesText(text)])).toBe('PuzzleFormatError BAD_GRID_TYPE');
    expect(thrown(() => lzDecompressFromBase64(text))).toBe('OptionError BAD_OPTION');
    expect(thrown(() => lzCompressToBase64(text))).toBe('OptionError BAD_OPTION');
  });

  test('an f-puzzles cell whose "given" is not true or false is refused, not read as empty', () => {
    const cells = (given: unknown) => Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => (r + c === 0 ? { value: 1, given } : {})));
    expect(thrown(() => fromFpuzzlesJson(JSON.stringify({ size: 4, grid: cells('true') })))).toBe('PuzzleFormatError BAD_FPUZZLES');
    expect(fromFpuzzlesJson(JSON.stringify({ size: 4, grid: cells(true) })).givens[0]).toBe(1);
    expect(fromFpuzzlesJson(JSON.stringify({ size: 4, grid: cells(false) })).givens[0]).toBe(0);
  });

  test('lz-string maxLength that is not a number of at least 0', () => {
    const text = lzCompressToBase64('abc');
    for (const maxLength of [NaN, -1, '2']) expect(thrown(() => lzDecompressFromBase64(text, { maxLength: maxLength as number }))).toBe('OptionError BAD_OPTION');
    expect(lzDecompressFromBase64(text, { maxLength: 3 })).toBe('abc');
  });

  test('a grid (or a long string) passed to drawBoard for its picture is a DrawError at once', () => {
    expect(thrown(() => drawBoard('x'.repeat(1e5) as unknown as { givens: string }))).toBe('DrawError BAD_DRAW_INPUT');
    expect(thrown(() => drawBoard(null as unknown as { givens: string }))).toBe('DrawError BAD_DRAW_INPUT');
  });

  test('variantLevels of a name it does not know', () => {
    for (const name of ['nope', 'constructor', null]) expect(thrown(() => variantLevels(name as VariantName))).toBe('OptionError BAD_OPTION');
    expect(variantLevels('6x6').levels).toContain('beginner');
  });
});
