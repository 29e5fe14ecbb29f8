/**
 * The public entry's calls on rules, steps, levels and line streams with values of the wrong type
 * (audit 10): a coded error naming the argument, never a TypeError from deep inside. Cheap.
 */
import { describe, expect, test } from 'vitest';
import {
  applyStep,
  boardFromGrid,
  cellNameOf,
  cloneBoard,
  emptyCellCount,
  placeDigit,
  classicRules,
  countRules,
  describeStep,
  findGivenConflict,
  formatValues,
  hintTiers,
  houseNameOf,
  isClassic9,
  isVariantRecord,
  levelBand,
  levelOf,
  parseVariantLine,
  plainCellName,
  readAnyPuzzles,
  readPuzzles,
  solvePath,
  solveRules,
  type Rules,
} from '../src/index.js';

const SIX = parseVariantLine('6x6:..351.5.12.3.3....4163.5...1........');
const WRONG: [string, unknown][] = [['null', null], ['undefined', undefined], ['a number', 42], ['a string', 'abc'], ['an object', { size: 9 }], ['an array', [1, 2]]];

/** The error a call throws, its promise rejects with or its async iterator's first steps throw, as `name code`. */
async function thrown(call: () => unknown): Promise<string> {
  try {
    const result = await call();
    if (result !== null && typeof result === 'object' && Symbol.asyncIterator in result) {
      for await (const _ of result as AsyncIterable<unknown>) void _;
    }
  } catch (error) {
    const { name, code } = error as { name: string; code?: string };
    return `${name} ${code ?? ''}`.trim();
  }
  return 'no error';
}

describe('a value of the wrong type is a coded error', () => {
  test.each(WRONG)('%s as the rules, the givens, the cell, the step, the level, the lines', async (_, value) => {
    const rules = value as Rules;
    const givens = value as Uint8Array;
    expect(await thrown(() => countRules(rules, SIX.givens))).toBe('RulesError BAD_SPEC');
    expect(await thrown(() => solveRules(rules, SIX.givens))).toBe('RulesError BAD_SPEC');
    expect(await thrown(() => findGivenConflict(rules, SIX.givens))).toBe('RulesError BAD_SPEC');
    expect(await thrown(() => formatValues(rules, SIX.givens))).toBe('RulesError BAD_SPEC');
    expect(await thrown(() => cellNameOf(rules, 0))).toBe('RulesError BAD_SPEC');
    expect(await thrown(() => houseNameOf(rules, 0))).toBe('RulesError BAD_SPEC');
    expect(await thrown(() => countRules(SIX.rules, givens))).toMatch(/^PuzzleFormatError (BAD_PUZZLE|CELL_COUNT)$/);
    expect(await thrown(() => solveRules(SIX.rules, givens))).toMatch(/^PuzzleFormatError (BAD_PUZZLE|CELL_COUNT)$/);
    expect(await thrown(() => findGivenConflict(SIX.rules, givens))).toMatch(/^PuzzleFormatError (BAD_PUZZLE|CELL_COUNT)$/);
    expect(await thrown(() => formatValues(SIX.rules, givens))).toMatch(/^PuzzleFormatError (BAD_PUZZLE|CELL_COUNT)$/);
    expect(await thrown(() => cellNameOf(SIX.rules, value as number))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => houseNameOf(SIX.rules, value as number))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => describeStep(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => hintTiers(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => levelBand(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => cloneBoard(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => emptyCellCount(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => placeDigit(value as never, 0, 1))).toBe('OptionError BAD_OPTION');
    // 42 is a cell (of 81), not a digit.
    if (typeof value !== 'number') expect(await thrown(() => placeDigit(boardFromGrid('.'.repeat(81)), value as never, 1))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => placeDigit(boardFromGrid('.'.repeat(81)), 0, value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => applyStep(boardFromGrid('.'.repeat(81)), value as never))).toBe('OptionError BAD_OPTION');
    if (typeof value !== 'number') expect(await thrown(() => levelOf(value as never))).toBe('OptionError BAD_OPTION');
    if (typeof value !== 'number') expect(await thrown(() => plainCellName(value as never))).toBe('OptionError BAD_OPTION');
    expect(isClassic9(rules)).toBe(false);
    expect(isVariantRecord(value as never)).toBe(false);
    if (!Array.isArray(value)) {
      expect(await thrown(() => readPuzzles(value as never))).toBe('PuzzleFormatError BAD_GRID_TYPE');
      expect(await thrown(() => readAnyPuzzles(value as never))).toBe('PuzzleFormatError BAD_GRID_TYPE');
    }
  });

  test('a line that is not a string names its line; the right values still work', async () => {
    expect(await thrown(() => readPuzzles(['.'.repeat(81), 7] as never))).toBe('PuzzleFormatError BAD_GRID_TYPE');
    await expect(async () => {
      for await (const _ of readAnyPuzzles(['6x6:' + '.'.repeat(36), Buffer.from('x')] as never)) void _;
    }).rejects.toThrow(/<input>:2: expected each line as a string, got object/);
    const read = [];
    for await (const result of readAnyPuzzles(['6x6:..351.5.12.3.3....4163.5...1........'])) read.push(result.ok);
    expect(read).toEqual([true]);
    expect(countRules(SIX.rules, SIX.givens)).toBe(1);
    expect(formatValues(SIX.rules, solveRules(SIX.rules, [...SIX.givens])!)).toMatch(/^[1-6]{36}$/);
    expect([cellNameOf(SIX.rules, 35), houseNameOf(SIX.rules, 12), isClassic9(classicRules(9))]).toEqual(['r6c6', 'box 1', true]);
    expect(await thrown(() => cellNameOf(SIX.rules, 36))).toBe('OptionError BAD_OPTION');
    const step = solvePath('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......')[0]!;
    expect(hintTiers(step).answer).toMatch(/^Place \d in row \d, column \d\.$/);
    expect(describeStep(step)).toMatch(/^\w/);
    expect(levelBand('easy')).toEqual({ min: 1.55, max: 2.3 });
    expect([levelOf(1.5), levelOf(11), levelOf(1.2, true), plainCellName(80)]).toEqual(['beginner', 'extreme', 'extreme', 'row 9, column 9']);
    expect(await thrown(() => levelOf(NaN))).toBe('OptionError BAD_OPTION');
    const board = boardFromGrid('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');
    const copy = cloneBoard(board);
    applyStep(copy, step);
    placeDigit(copy, 1, 1);
    expect([emptyCellCount(board), emptyCellCount(copy)]).toEqual([64, 62]);
  });
});

describe('writeFileWhole with data of the wrong type', () => {
  test('is an OptionError and writes nothing (it wrote an empty file under the name)', async () => {
    const { writeFileWhole } = await import('../src/node/output-file.js');
    const { existsSync, mkdtempSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit10-api-'));
    for (const data of [42, null, { length: 3 }, [1, 2, 3]]) {
      expect(await thrown(() => writeFileWhole(join(dir, 'out.txt'), data as never))).toBe('OptionError BAD_OPTION');
    }
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(writeFileWhole(join(dir, 'out.txt'), 'ok\n').bytes).toBe(3);
  });
});

describe('the Node entry: books, pictures and files with values of the wrong type', () => {
  test.each(WRONG)('%s: an OptionError, no file made', async (_, value) => {
    const node = await import('../src/node/index.js');
    const { existsSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-audit10-node-'));
    expect(await thrown(() => node.writeBookPdf(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.planBook(value as never, { title: 't', sections: [] }))).toBe('OptionError BAD_OPTION');
    // An object passes as a picture to drawing, which names what it lacks.
    expect(await thrown(() => node.renderPicture(value as never, { format: 'svg' }))).toMatch(/^(OptionError BAD_OPTION|PuzzleFormatError BAD_GRID_TYPE)$/);
    expect(await thrown(() => node.writeOutputFile(join(dir, 'out.txt'), {}, value as never))).toBe('OptionError BAD_OPTION');
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    if (typeof value !== 'string') {
      expect(await thrown(() => node.sectionTitle(value as never, undefined, false))).toBe('OptionError BAD_OPTION');
      expect(await thrown(() => node.puzzlesFromFile(value as never))).toBe('OptionError BAD_OPTION');
    }
    if (!Array.isArray(value)) expect(await thrown(() => node.teach(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => new node.InputFingerprint(value as never, null))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.describeConflict(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.formatChain(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.stepShapes(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.sceneToSvg(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.statsText(value as never))).toBe('OptionError BAD_OPTION');
    expect(await thrown(() => node.reportPage(value as never))).toBe('OptionError BAD_OPTION');
    if (!Array.isArray(value)) {
      expect(await thrown(() => node.formatChainLines(value as never))).toBe('OptionError BAD_OPTION');
      expect(await thrown(() => node.explainIndexPage(value as never))).toBe('OptionError BAD_OPTION');
      expect(await thrown(() => node.maskOf(value as never))).toBe('OptionError BAD_OPTION');
    }
  });

  test('the right values still work', async () => {
    const node = await import('../src/node/index.js');
    expect(node.sectionTitle('hard', 'jigsaw', false)).toBe('Hard Jigsaw');
    expect(node.maskOf([1, 9])).toBe(0x101);
    const collector = new node.ReportCollector();
    expect(node.statsText(collector.stats())).toMatch(/^0 puzzles/);
    expect(node.describeConflict({ cells: [0, 1], digit: 7, unit: 0 })).toBe('r1c1 and r1c2 both hold 7 in row 1');
    expect(node.sceneToSvg(node.boardScene({ givens: '.'.repeat(81) }))).toMatch(/^<svg/);
  });
});
