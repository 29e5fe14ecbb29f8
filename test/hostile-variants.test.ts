import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { readAnyPuzzles, readAnyPuzzlesText, type AnyReadResult } from '../src/formats/index.js';
import { makeFolder, OutputFileError } from '../src/node/file-errors.js';
import { textLines } from '../src/node/text-lines.js';
import { buildRules, type Rules } from '../src/rules/index.js';
import { BIN, run } from './helpers/cli.js';
import { countRules, lastRulesStats, solveRules } from '../src/solver/rules-solver.js';

/*
 * What a hostile or careful user met on the variant paths (audit of session 17), one case each:
 * the answers (counts, solutions) and the inputs that must stop with one clear line.
 */

/** Whether `values` extend `givens` and fill every house of the rules with every digit once. */
function isSolutionOf(rules: Rules, givens: ArrayLike<number>, values: ArrayLike<number>): boolean {
  for (let cell = 0; cell < rules.cellCount; cell++) if (givens[cell] !== 0 && givens[cell] !== values[cell]) return false;
  const full = (1 << rules.size) - 1;
  return rules.houses.every((cells) => {
    let mask = 0;
    for (const cell of cells) mask |= 1 << (values[cell]! - 1);
    return mask === full && cells.length === rules.size;
  });
}

function givensOf(placements: [number, number][]): Uint8Array {
  const givens = new Uint8Array(81);
  for (const [cell, digit] of placements) givens[cell] = digit;
  return givens;
}

describe('nearly empty 9x9 grids with extra houses count quickly (the band solver with extra houses)', () => {
  const windoku = buildRules({ size: 9, windoku: true });
  const windokuX = buildRules({ size: 9, windoku: true, diagonalDown: true, diagonalUp: true });
  const asterisk = buildRules({ size: 9, asterisk: true });
  // A killer of three cages (one without a total), turned 180 degrees it took 40 nodes.
  const killer = buildRules({
    size: 9,
    cages: [{ cells: [15, 16] }, { cells: [62, 71, 72, 73, 74], sum: 27 }, { cells: [50, 51, 60, 69], sum: 25 }],
  });

  // Each of these took band-extra-solver.ts 1-12 million nodes (4-58 s) before a count started
  // again (on cells, in another order) past a budget of nodes.
  test.each([
    ['windoku, 9 at r1c3 and r5c9', windoku, givensOf([[2, 9], [44, 9]]), 2],
    ['windoku, 1 at r1c1 and r5c7', windoku, givensOf([[0, 1], [42, 1]]), 2],
    ['windoku X, 4 at r1c9 and 6 at r7c1', windokuX, givensOf([[8, 4], [54, 6]]), 2],
    ['asterisk, four givens', asterisk, givensOf([[33, 1], [36, 6], [49, 7], [68, 8]]), 2],
    ['killer, three cages and two givens', killer, givensOf([[14, 5], [66, 7]]), 2],
    // r1c1 and r5c5 share a house windoku implies (rows 1, 5, 9 by columns 1, 5, 9): no solution.
    ['windoku, 1 at r1c1 and r5c5 (an implied house)', windoku, givensOf([[0, 1], [40, 1]]), 0],
  ])('%s', (_, rules, givens, expected) => {
    expect(countRules(rules, givens, 2)).toBe(expected);
    expect(lastRulesStats().nodes).toBeLessThan(20_000);
    const solution = solveRules(rules, givens);
    if (expected === 0) expect(solution).toBeNull();
    else expect(isSolutionOf(rules, givens, solution!)).toBe(true);
  });

  test('random sparse givens (1-4 of them): a bounded search, and any solution found is one', () => {
    const sets = [windoku, windokuX, asterisk, buildRules({ size: 9, diagonalDown: true, diagonalUp: true })];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sets.length - 1 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 4 }),
        (which, placements) => {
          const rules = sets[which]!;
          const givens = givensOf(placements);
          const count = countRules(rules, givens, 2);
          expect(lastRulesStats().nodes).toBeLessThan(20_000);
          const solution = solveRules(rules, givens);
          expect(solution === null).toBe(count === 0);
          if (solution !== null) expect(isSolutionOf(rules, givens, solution)).toBe(true);
        },
      ),
      { numRuns: 40, seed: 17 },
    );
  });
});

async function readStream(text: string): Promise<AnyReadResult[]> {
  const results: AnyReadResult[] = [];
  for await (const result of readAnyPuzzles(textLines(Readable.from([text])), { source: 'in.txt' })) results.push(result);
  return results;
}

function errorsOf(results: AnyReadResult[]): string[] {
  return results.map((r) => (r.ok ? 'ok' : `${r.error.code} ${r.error.message}`));
}

describe('a line longer than any record, through the readers of every format', () => {
  const TOO_LONG = 'LINE_TOO_LONG in.txt:1: line 1 is longer than 65,536 characters';

  test('a 100,000-cell variant line says so (it said "found 65535" givens: the cut line counted)', async () => {
    const line = `x:${'.'.repeat(100_000)}\n`;
    expect(errorsOf(await readStream(line))).toEqual([TOO_LONG]);
    expect(errorsOf([...readAnyPuzzlesText(line, { source: 'in.txt' })])).toEqual([TOO_LONG]);
  });

  test('a JSON object on one line cut by the stream says so, and the next record is read (it said "not closed before the end of the input")', async () => {
    const object = `{"size": 9, "grid": ${'['.repeat(70_000)}${']'.repeat(70_000)}}`;
    expect(errorsOf(await readStream(`${object}\n${'.'.repeat(81)}\n`))).toEqual([TOO_LONG, 'ok']);
    // A second line of an object cut the same way.
    expect(errorsOf(await readStream(`{"size": 9,\n${object.slice(1)}\n`))).toEqual(['LINE_TOO_LONG in.txt:2: line 2 is longer than 65,536 characters']);
  });

  test('a whole line of JSON longer than that in a text (no stream cut it) is still read', () => {
    const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
    const text = JSON.stringify({ size: 9, grid, title: 'a'.repeat(70_000) });
    expect(errorsOf([...readAnyPuzzlesText(text, { source: 'in.txt' })])).toEqual(['ok']);
  });
});

describe.runIf(existsSync('/proc/self'))('an output folder that cannot be made', () => {
  test('under /proc: an error at once (a recursive mkdirSync there never returned, deaf to SIGTERM)', () => {
    const error = (() => {
      try {
        makeFolder('/proc/sudoku-press-audit/deeper', '/proc/sudoku-press-audit/deeper/out.txt');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(OutputFileError);
    expect((error as OutputFileError).code).toBe('BAD_PATH');
    expect((error as OutputFileError).message).toBe('cannot write /proc/sudoku-press-audit/deeper/out.txt: the folder /proc/sudoku-press-audit cannot be made there');
  });
});

describe('a folder as standard input', () => {
  test('is refused as a folder, exit 2 (it read as an empty file: "no puzzle found", exit 1)', () => {
    const folder = openSync(tmpdir(), 'r');
    try {
      const result = spawnSync(process.execPath, [BIN, 'check', '-'], { stdio: [folder, 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr).toBe('sudoku-press: cannot read standard input: it is a folder, not a file\n');
      expect(result.status).toBe(2);
    } finally {
      closeSync(folder);
    }
  });
});

describe.runIf(existsSync('/dev/zero'))('an endless line (/dev/zero)', () => {
  test('hint stops once the line passes 16 MiB, naming it (it read for ever; the other commands: input-caps.test.ts)', async () => {
    const hint = await run(['hint', '/dev/zero']);
    expect(hint.stderr).toBe("sudoku-press: cannot read '/dev/zero': line 1 is longer than 16,777,216 characters (not a text of puzzles)\n");
    expect(hint.code).toBe(2);
  });
});
