/*
 * Fuzzing the variant readers with fast-check: random mutations of valid fixtures of every format
 * (variant lines, jigsaw layouts, Solo IDs, f-puzzles JSON as text and as values, its lz-string
 * base64). The contract on every input:
 *   - readAnyPuzzlesText never throws: each record is a puzzle or a PuzzleFormatError with a code,
 *     a one-line message that starts with the source and line, at most 300 characters;
 *   - the library readers (parseVariantLine, fromSoloId, fromFpuzzles, fromFpuzzlesBase64) throw
 *     nothing but PuzzleFormatError;
 *   - a puzzle read is one the rules hold: givens 0..size, one per cell, no given conflict, and it
 *     reads back the same from its own variant line and f-puzzles JSON (no wrong rules);
 *   - no input takes more than 2 s (a hang guard, not a speed claim).
 * FUZZ_RUNS (default 400 a property) and FUZZ_SEED replay a run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PuzzleFormatError } from '../src/core/errors.js';
import {
  formatVariantLine,
  fromFpuzzles,
  fromFpuzzlesBase64,
  fromSoloId,
  lzCompressToBase64,
  parseVariantLine,
  readAnyPuzzlesText,
  toFpuzzles,
  type ReadVariant,
} from '../src/index.js';
import { findGivenConflict } from '../src/rules/puzzle.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 400);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261128);
const FIXTURES = new URL('./fixtures/variants/', import.meta.url).pathname;
const records = (name: string): string[] =>
  readFileSync(join(FIXTURES, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

const LINES = records('variant-lines.txt');
const SOLO = records('solo-ids.txt');
const JSON_LINES = records('fpuzzles-lines.jsonl');
const BASE64 = records('fpuzzles-base64.txt');
/** sudoku-press's own --json lines, read back by their "puzzle". */
const OWN_JSON = LINES.slice(0, 3).map((line, i) => JSON.stringify({ type: 'puzzle', source: 'a.txt', line: i + 1, label: `p${i}`, puzzle: line.split(' ')[0], status: 'unique' }));
const TEXTS = [...LINES, ...SOLO, ...JSON_LINES, ...BASE64, ...OWN_JSON];
const OBJECTS = JSON_LINES.map((line) => JSON.parse(line) as Record<string, unknown>);
const SLOW_MS = 2000;

/** Characters a careless or hostile edit brings: the formats' own, separators, line ends, controls, non-ASCII. */
const CHAR = fc.oneof(
  fc.constantFrom(...'.0123456789ABCDEFGabcxjkz_,:+=/?{}[]"\\ \t\r\n\u0000\u001b\uFEFF\u00e9\u{1F600}-'.split('')),
  fc.string({ maxLength: 3 }),
);

/** One edit of a text: replace, delete, insert, duplicate a range, cut the end, or swap two characters. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text: CHAR }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(CHAR, fc.string({ maxLength: 30 })) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(text: string, e: Edit): string {
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  switch (e.kind) {
    case 'replace':
      return text.slice(0, at) + e.text + text.slice(at + 1);
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.length);
    case 'insert':
      return text.slice(0, at) + e.text + text.slice(at);
    case 'duplicate':
      return text.slice(0, at + e.length) + text.slice(at, at + e.length) + text.slice(at + e.length);
    case 'truncate':
      return text.slice(0, at);
    case 'swap': {
      const other = text.length === 0 ? 0 : e.other % text.length;
      if (at >= text.length || other === at) return text;
      const chars = [...text];
      [chars[at], chars[other]] = [chars[other]!, chars[at]!];
      return chars.join('');
    }
  }
}

const mutatedText = fc
  .tuple(fc.constantFrom(...TEXTS), fc.array(edit, { minLength: 1, maxLength: 4 }))
  .map(([text, edits]) => edits.reduce(applyEdit, text));

/** A puzzle read must be one its rules hold, and come back the same through the writers. */
function checkPuzzle(puzzle: ReadVariant): void {
  const { rules, givens } = puzzle;
  expect(givens.length).toBe(rules.cellCount);
  for (const digit of givens) expect(digit >= 0 && digit <= rules.size).toBe(true);
  expect(findGivenConflict(rules, givens)).toBeNull();
  let line: string | null = null;
  try {
    line = formatVariantLine({ rules, givens });
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError); // more cages than a line's labels
  }
  if (line !== null) {
    const back = parseVariantLine(line);
    expect(back.rules.spec).toEqual(rules.spec);
    expect(Array.from(back.givens)).toEqual(Array.from(givens));
  }
  if (rules.spec.layout !== 'samurai') {
    const back = fromFpuzzles(JSON.parse(JSON.stringify(toFpuzzles({ rules, givens }))));
    expect(back.rules.spec).toEqual(rules.spec);
    expect(Array.from(back.givens)).toEqual(Array.from(givens));
  }
}

/** Calls `read`; a PuzzleFormatError is fine, any other exception fails; returns the puzzle or null. */
function guarded<T>(what: string, read: () => T): T | null {
  const started = performance.now();
  try {
    return read();
  } catch (error) {
    if (!(error instanceof PuzzleFormatError)) throw new Error(`${what}: ${(error as Error).name}: ${(error as Error).message}`.slice(0, 500));
    expect(error.message).not.toMatch(/\n/);
    expect(error.message.length).toBeLessThanOrEqual(300);
    return null;
  } finally {
    expect(performance.now() - started, what).toBeLessThan(SLOW_MS);
  }
}

describe('fuzz: mutated fixtures of every format', () => {
  test('the mixed reader: every record a puzzle the rules hold or a coded one-line error naming its line', () => {
    fc.assert(
      fc.property(fc.array(mutatedText, { minLength: 1, maxLength: 3 }), (texts) => {
        const text = texts.join('\n');
        const results = guarded('readAnyPuzzlesText', () => [...readAnyPuzzlesText(text, { source: 'fuzz.txt' })])!;
        const lineCount = text.split('\n').length;
        for (const result of results) {
          if (result.ok) {
            if ('rules' in result.puzzle) checkPuzzle(result.puzzle);
            continue;
          }
          const error = result.error;
          expect(error).toBeInstanceOf(PuzzleFormatError);
          expect(error.message).toMatch(/^fuzz\.txt:\d+(:\d+)?: /);
          expect(error.line).toBeGreaterThanOrEqual(1);
          expect(error.line).toBeLessThanOrEqual(lineCount);
          expect(error.message).not.toMatch(/\n/);
          expect(error.message.length, error.message.slice(0, 400)).toBeLessThanOrEqual(300);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  test('the library readers throw only PuzzleFormatError', () => {
    fc.assert(
      fc.property(mutatedText, (text) => {
        for (const [what, read] of [
          ['parseVariantLine', () => parseVariantLine(text)],
          ['fromSoloId', () => fromSoloId(text)],
          ['fromFpuzzlesBase64', () => fromFpuzzlesBase64(lzCompressToBase64(text))],
        ] as const) {
          const puzzle = guarded(what, read);
          if (puzzle !== null) checkPuzzle(puzzle);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

/** A JSON value put at a random place of an f-puzzles object: what a hand edit or another tool leaves. */
const jsonValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1, 9, 16, 17, 25, 1.5, 1e21, '', '5', 'R1C1', 'R0C0', 'R10C10', [], {}, [[]], { cells: [] }, { cells: ['R1C1'] }, { toString: 1 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Paths into an object: keys and indexes, chosen at random among those present (or new). */
function mutateObject(root: unknown, choices: readonly number[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(root)) as unknown;
  let node = copy;
  for (let depth = 0; depth < choices.length; depth++) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[choices[depth]! % keys.length]!;
    const last = depth === choices.length - 1;
    const child = (node as Record<string, unknown>)[key];
    if (last || typeof child !== 'object' || child === null) {
      if (choices[depth]! % 7 === 0) delete (node as Record<string, unknown>)[key];
      else (node as Record<string, unknown>)[key] = value;
      break;
    }
    node = child;
  }
  return copy;
}

test('fuzz: f-puzzles objects with a value changed, removed or of another type', () => {
  fc.assert(
    fc.property(fc.nat(OBJECTS.length - 1), fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), jsonValue, (which, choices, value) => {
      const data = mutateObject(OBJECTS[which], choices, value);
      const puzzle = guarded('fromFpuzzles', () => fromFpuzzles(data));
      if (puzzle !== null) checkPuzzle(puzzle);
      // The same through the mixed reader, as one line
      const results = guarded('readAnyPuzzlesText', () => [...readAnyPuzzlesText(JSON.stringify(data), { source: 'f.json' })])!;
      expect(results).toHaveLength(1);
      expect(results[0]!.ok).toBe(puzzle !== null);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
