/*
 * What a hostile or careless user feeds the variant readers (f-puzzles JSON and base64, variant
 * lines, Solo IDs), in-process: every case either reads to the right rules or is one coded
 * PuzzleFormatError naming the line, short, in bounded time and memory; never another exception.
 * Each case here failed before its fix (the commit says how).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PuzzleFormatError } from '../src/core/errors.js';
import { fromFpuzzles, fromFpuzzlesBase64, fromFpuzzlesJson, fromSoloId, lzDecompressFromBase64, readAnyPuzzlesText, type AnyReadResult } from '../src/index.js';
import { lzBomb } from './helpers/lz-bomb.js';

const FIXTURES = new URL('./fixtures/variants/', import.meta.url).pathname;
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');
const JIGSAW_JSON = fixture('fpuzzles-jigsaw.json');
const X_LINE = fixture('variant-lines.txt').split('\n')[2]!.replace(/ solo-x$/, '');
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const emptyGrid = (size: number): object[][] => Array.from({ length: size }, () => Array.from({ length: size }, () => ({})));

function read(text: string): AnyReadResult[] {
  return [...readAnyPuzzlesText(text, { source: 'in.txt' })];
}

/** The one error of a text holding one bad record: its code and reason. */
function errorOf(text: string): PuzzleFormatError {
  const results = read(text);
  expect(results).toHaveLength(1);
  const result = results[0]!;
  if (result.ok) throw new Error('read without error');
  return result.error;
}

describe('a byte order mark before a variant record is skipped, as before a classic line', () => {
  test('a variant line and an f-puzzles file saved with a BOM', () => {
    const line = read(`\uFEFF${X_LINE}\n`);
    expect(line.map((r) => r.ok && 'rules' in r.puzzle && r.puzzle.rules.variant)).toEqual(['x']);
    const json = read(`\uFEFF${JIGSAW_JSON}`);
    expect(json).toHaveLength(1);
    expect(json[0]!.ok).toBe(true);
  });
});

describe('f-puzzles values of the wrong type are refused, not dropped or thrown as TypeError', () => {
  test('a rule flag that is not true or false ("diagonal+": "true") would be read as no diagonal', () => {
    for (const [key, value] of [['diagonal+', 'true'], ['diagonal-', 1], ['disjointgroups', 'yes']] as const) {
      const error = errorOf(JSON.stringify({ size: 9, grid: emptyGrid(9), [key]: value }));
      expect(error.code).toBe('BAD_FPUZZLES');
      expect(error.reason).toBe(`"${key}" must be true or false (got ${JSON.stringify(value)})`);
    }
    // false and null still mean "not this rule"
    const off = read(JSON.stringify({ size: 9, grid: emptyGrid(9), 'diagonal+': false, 'diagonal-': null }));
    expect(off[0]!.ok).toBe(true);
  });

  test('a cage total that is an object (its toString not a function) is a coded error', () => {
    const data = { size: 9, grid: emptyGrid(9), killercage: [{ cells: ['R1C1', 'R1C2'], value: { toString: 1 } }] };
    expect(() => fromFpuzzles(data)).toThrow(PuzzleFormatError);
    expect(() => fromFpuzzles(data)).toThrow(/killer cage 1: total \(an object\) is not a whole number/);
  });
});

describe('messages quote user values briefly', () => {
  test('a 100,000-character size or cell name is quoted in at most a few dozen characters', () => {
    const long = 'x'.repeat(100_000);
    const size = errorOf(JSON.stringify({ size: long, grid: [] }));
    expect(size.reason.length).toBeLessThan(120);
    expect(size.reason).toMatch(/^"size" must be a whole number from 4 to 16 \(got "xxxx+\.\.\." \(100000 characters\)\)$/);
    const cell = errorOf(JSON.stringify({ size: 9, grid: emptyGrid(9), killercage: [{ cells: [`R${'9'.repeat(100_000)}C1`], value: '5' }] }));
    expect(cell.reason.length).toBeLessThan(150);
  });

  test('a cage total of 400 digits is "too large", not "Infinity"', () => {
    const cages = `aa${'.'.repeat(79)}`;
    const line = errorOf(`killer:${'.'.repeat(81)} cages=${cages} sums=${'9'.repeat(400)}\n`);
    expect(`${line.code}: ${line.reason}`).toBe('BAD_RULES: cage 1: its total is too large for a cage total');
    const fp = errorOf(JSON.stringify({ size: 9, grid: emptyGrid(9), killercage: [{ cells: ['R1C1', 'R1C2'], value: '9'.repeat(400) }] }));
    expect(`${fp.code}: ${fp.reason}`).toBe('BAD_RULES: cage 1: its total is too large for a cage total');
    const solo = errorOf(`3x3:${'9'.repeat(400)}zzzb\n`);
    expect(`${solo.code}: ${solo.reason}`).toBe('BAD_SOLO_ID: givens: number 999999999999... is out of range (1 to 9)');
  });

  test('a size tag under 4 says so (it said "expected 9 givens for a 3x3 grid")', () => {
    const error = errorOf(`3x3:${'.'.repeat(9)}\n`);
    expect(`${error.code}: ${error.reason}`).toBe('BAD_VARIANT_LINE: size 3 is out of range (4 to 16)');
  });
});

describe('nesting and decompression are bounded', () => {
  test('JSON nested a million deep: a coded error naming its line, and the next record is read', () => {
    const deep = `{"size":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    const results = read(`${deep}\n${CLASSIC}\n`);
    expect(results).toHaveLength(2);
    const [first, second] = results;
    if (first!.ok) throw new Error('read without error');
    expect(first!.error.code).toBe('BAD_FPUZZLES');
    expect(first!.error.message).toMatch(/^in\.txt:1: JSON nested deeper than \d+ levels/);
    expect(second!.ok).toBe(true);
    // Over many lines, the same
    const lines = ['{"size":', ...Array.from({ length: 20 }, () => '['.repeat(50_000)), ...Array.from({ length: 20 }, () => ']'.repeat(50_000)), '}', CLASSIC];
    const spread = read(`${lines.join('\n')}\n`);
    expect(spread.map((r) => (r.ok ? 'ok' : r.error.message.slice(0, 30)))).toEqual(['in.txt:1: JSON nested deeper t', 'ok']);
    // The library entry points too
    expect(() => fromFpuzzlesJson(deep)).toThrow(/JSON nested deeper than/);
  });

  test('base64 that decompresses to hundreds of megabytes stops at the cap, fast and in little memory', () => {
    const bomb = lzBomb(60_000); // about 300 million characters if decompressed whole
    const started = performance.now();
    const error = errorOf(`${bomb}\n`);
    expect(error.code).toBe('BAD_FPUZZLES');
    expect(error.reason).toMatch(/^not f-puzzles data: the base64 text decompresses to more than [\d,]+ characters$/);
    expect(() => fromFpuzzlesBase64(bomb)).toThrow(/decompresses to more than/);
    expect(performance.now() - started).toBeLessThan(5000); // was 2 s and 740 MB for one line
    // The codec itself still decompresses it whole when asked without a cap (a small one here).
    expect(lzDecompressFromBase64(lzBomb(300))).toMatch(/^a+$/);
  });
});

describe('found by test/hostile-fuzz.test.ts', () => {
  test('a link whose data has a bad % escape is a coded error (it threw URIError out of the reader)', () => {
    const error = errorOf('https://f-puzzles.com/?load=%4IgzglgXgpiBcBOANCALhNAbO8QGUB7LQgAgGsIscAnUgDVIDcAz\n');
    expect(`${error.code}: ${error.reason}`).toBe("BAD_FPUZZLES: the link's data is not valid percent-encoding (a % not followed by two hex digits)");
  });

  test('a list with holes (a caller\'s array, not JSON) is a coded error, not a TypeError', () => {
    const grid = emptyGrid(9);
    delete grid[0]; // eslint-disable-line @typescript-eslint/no-array-delete
    expect(() => fromFpuzzles({ size: 9, grid })).toThrow(/^<input>: "grid" must be 9 rows of 9 cells$/);
    const cells = ['R1C1', 'R1C2'];
    delete cells[1]; // eslint-disable-line @typescript-eslint/no-array-delete
    expect(() => fromFpuzzles({ size: 9, grid: emptyGrid(9), killercage: [{ cells, value: '3' }] })).toThrow(/killer cage 1: \(nothing\) is not a cell/);
  });

  test('text echoed in a message is one short line: line breaks and control characters escaped, long words cut', () => {
    const solo = (() => {
      try {
        fromSoloId(`.\n6x6:${'.'.repeat(36)}`);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(solo).toBe("<input>: '.\\u000a6x6' is not Solo parameters (e.g. 3x3, 9j, 3x3k)");
    const sums = errorOf(`killer:${'.'.repeat(81)} cages=aa${'.'.repeat(79)} sums=${'x'.repeat(50_000)}\n`);
    expect(sums.reason).toBe(`sums=: '${'x'.repeat(24)}...' is not a whole number (or ? for a cage without a total)`);
    const key = errorOf(`${JSON.stringify({ size: 9, grid: emptyGrid(9), [`a\n${'b'.repeat(50_000)}`]: 1 })}\n`);
    expect(key.reason).toMatch(/^f-puzzles constraint "a\\nbbbbbbbbbb\.\.\." \(50002 characters\) is not supported/);
  });
});

describe('a stray "{" line swallows the records after it: the error says which lines', () => {
  test('the JSON object not closed before the end names the lines it took', () => {
    const error = errorOf(`{ oops\n${CLASSIC}\n${CLASSIC}\n`);
    expect(error.message).toBe('in.txt:1: the JSON object is not closed before the end of the input: lines 1-3 were read as part of it');
    expect(errorOf('{"size": 9,\n').reason).toBe('the JSON object is not closed before the end of the input');
  });
});

describe('a jigsaw layout of other region ids is refused, not read as a classic puzzle with a label', () => {
  // A jigsaw whose givens break no classic box: read as classic, it was checked under the wrong rules.
  const givens = `1${'.'.repeat(80)}`;
  const layout = Array.from({ length: 81 }, (_, cell) => Math.floor(cell / 9)).join(''); // rows as regions
  test('0-based ids (as f-puzzles counts) and letters', () => {
    for (const map of [layout, layout.replace(/\d/g, (d) => 'abcdefghi'[Number(d)]!)]) {
      const error = errorOf(`${givens} ${map}\n`);
      expect(`${error.code}: ${error.reason}`).toBe('BAD_VARIANT_LINE: the second word looks like a jigsaw layout (9 ids, 9 cells each) but its ids are not 1-9: write the regions as 1-9');
    }
    // 1-based, the same line is a jigsaw
    const jigsaw = read(`${givens} ${layout.replace(/\d/g, (d) => String(Number(d) + 1))}\n`)[0]!;
    expect(jigsaw.ok && 'rules' in jigsaw.puzzle && jigsaw.puzzle.rules.variant).toBe('jigsaw');
    // A classic line with its solution as the label stays classic
    const solved = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
    const classic = read(`53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 ${solved}\n`);
    expect(classic[0]!.ok && !('rules' in classic[0]!.puzzle) && classic[0]!.puzzle.label).toBe(solved);
  });
});

describe('a field written after the label is refused, not dropped with the label', () => {
  test('sums= after a name made a killer without totals; boxes= after a name, the usual boxes', () => {
    const cages = `aab${'.'.repeat(78)}`;
    const killer = errorOf(`killer:${'.'.repeat(81)} cages=${cages} my-name sums=3,?\n`);
    expect(`${killer.code}: ${killer.reason}`).toBe("BAD_VARIANT_LINE: field sums= comes after the label 'my-name': write the fields first, then the label");
    const boxes = errorOf(`6x6:${'.'.repeat(36)} hard one boxes=3x2\n`);
    expect(boxes.reason).toBe("field boxes= comes after the label 'hard': write the fields first, then the label");
    // A label of any other words is kept whole
    const kept = read(`6x6:${'.'.repeat(36)} boxes=3x2 hard one: a=b\n`)[0]!;
    expect(kept.ok && kept.puzzle.label).toBe('hard one: a=b');
  });
});

test('a cage total of 0 is refused: it read as a cage without a total', () => {
  const expected = 'BAD_RULES: cage 1: a total of 0 (a cage without a total is written ? in a variant line, without "value" in f-puzzles)';
  const line = errorOf(`killer:${'.'.repeat(81)} cages=aa${'.'.repeat(79)} sums=0\n`);
  expect(`${line.code}: ${line.reason}`).toBe(expected);
  const fp = errorOf(JSON.stringify({ size: 9, grid: emptyGrid(9), killercage: [{ cells: ['R1C1', 'R1C2'], value: '0' }] }));
  expect(`${fp.code}: ${fp.reason}`).toBe(expected);
  // No total at all is still a cage without a total
  const none = read(JSON.stringify({ size: 9, grid: emptyGrid(9), killercage: [{ cells: ['R1C1', 'R1C2'] }] }))[0]!;
  expect(none.ok && 'rules' in none.puzzle && none.puzzle.rules.cages[0]!.sum).toBe(0);
});

describe("sudoku-press's own --json lines are read back (they were 'f-puzzles constraint \"type\" is not supported')", () => {
  test('a puzzle line by its "puzzle" and "label"; summary lines hold no puzzle; a puzzle line without one is an error', () => {
    const lines = [
      JSON.stringify({ type: 'puzzle', index: 1, variant: 'x', puzzle: X_LINE, status: 'graded' }),
      JSON.stringify({ type: 'puzzle', source: 'a.txt', line: 3, label: 'named', puzzle: CLASSIC, status: 'unique' }),
      JSON.stringify({ type: 'summary', puzzles: 2, unique: 2 }),
      JSON.stringify({ type: 'puzzle', source: 'a.txt', line: 4, status: 'invalid', code: 'CELL_COUNT', error: 'expected 81 cells' }),
    ];
    const results = read(`${lines.join('\n')}\n`);
    expect(results.map((r) => (r.ok ? `${r.puzzle.line} ${'rules' in r.puzzle ? r.puzzle.rules.variant : 'classic'} ${r.puzzle.label ?? ''}` : r.error.message))).toEqual([
      '1 x ',
      '2 classic named',
      'in.txt:4: a sudoku-press JSON line of type "puzzle" with no "puzzle" (a record an earlier run could not read)',
    ]);
    // The classic one is a classic record (no rules), as the classic-only commands want
    expect(results[1]!.ok && 'grid' in results[1]!.puzzle).toBe(true);
  });
});
