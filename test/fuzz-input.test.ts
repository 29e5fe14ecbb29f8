/**
 * Issue 23 item 3, fuzzed: lines past the 65,536-character cap and binary junk mixed with good
 * records. The line splitter is checked against a model of readline's lines (cut at the cap) on
 * random texts cut into random chunks; the readers are checked through `check` and `solve` on
 * random files (a bounded number of runs): every good record is still read at its line, every
 * long line is one error naming it, and nothing crashes. FUZZ_SEED replays a run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { expect, test } from 'vitest';
import { MAX_LINE_LENGTH, splitLines } from '../src/core/lines.js';
import { run } from './helpers/cli.js';

const SEED = process.env['FUZZ_SEED'] ?? 'issue-23';
const PUZZLE = '.2.49.8..4185.7.6.37986.54..6..32785857614923.32...6147952..1382..1.54.66...8925.';

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

async function* chunksOf(parts: readonly string[]): AsyncGenerator<string> {
  for (const part of parts) yield part;
}

/** Lines as readline makes them (`\n`, `\r\n`, a lone `\r`), each cut to `cap + 1` characters. */
function model(text: string, cap: number): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.length > cap ? line.slice(0, cap + 1) : line));
}

/** `text` cut at the sorted positions `cuts`. */
function cut(text: string, cuts: readonly number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const c of at) {
    parts.push(text.slice(from, c));
    from = c;
  }
  parts.push(text.slice(from));
  return parts;
}

const textArb = fc.array(fc.oneof(fc.constantFrom('\n', '\r', '\r\n', 'a', '1', '.', ' '), fc.string({ maxLength: 30 })), { maxLength: 60 }).map((parts) => parts.join(''));

test('splitLines gives readline\'s lines, cut at the cap, however the text is chunked', async () => {
  await fc.assert(
    fc.asyncProperty(textArb, fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 12 }), async (text, cuts, cap) => {
      const got = await collect(splitLines(chunksOf(cut(text, cuts)), cap));
      expect(got).toEqual(model(text, cap));
      for (const line of got) expect(line.length).toBeLessThanOrEqual(cap + 1);
    }),
    { numRuns: 300, seed: seedrandom(SEED).int32() },
  );
});

test('with a cap no line reaches, splitLines and readline agree', async () => {
  await fc.assert(
    fc.asyncProperty(textArb, fc.array(fc.nat(), { maxLength: 8 }), async (text, cuts) => {
      const parts = cut(text, cuts).filter((part) => part !== '');
      const ours = await collect(splitLines(chunksOf(parts)));
      const theirs = await collect(createInterface({ input: Readable.from(parts), crlfDelay: Infinity }));
      expect(ours).toEqual(theirs);
    }),
    { numRuns: 150, seed: seedrandom(`${SEED}-readline`).int32() },
  );
});

type Random = () => number;

/** A line of junk with no line break in it: binary bytes, or a long run past the cap. */
function junkLine(random: Random, long: boolean): Buffer {
  const length = long ? MAX_LINE_LENGTH + 1 + Math.floor(random() * 200_000) : 1 + Math.floor(random() * 200);
  const bytes = Buffer.alloc(length);
  const digitsOnly = random() < 0.5;
  for (let i = 0; i < length; i++) {
    let byte = digitsOnly ? 48 + Math.floor(random() * 10) : Math.floor(random() * 256);
    if (byte === 10 || byte === 13) byte = 0;
    bytes[i] = byte;
  }
  return bytes;
}

test('files of good records, lines past the cap and binary junk: every good record read, one error per long line', async () => {
  const random = seedrandom(SEED);
  const dir = mkdtempSync(join(tmpdir(), 'sp-fuzz-input-'));
  for (let round = 0; round < 6; round++) {
    const parts: Buffer[] = [];
    const good: number[] = [];
    const long: number[] = [];
    const count = 4 + Math.floor(random() * 8);
    for (let line = 1; line <= count; line++) {
      const kind = random();
      if (kind < 0.4) {
        parts.push(Buffer.from(PUZZLE));
        good.push(line);
      } else if (kind < 0.7) {
        parts.push(junkLine(random, true));
        long.push(line);
      } else {
        parts.push(junkLine(random, false));
      }
    }
    // The last line: with or without its line break.
    const file = join(dir, `round-${round}.txt`);
    writeFileSync(file, Buffer.concat(parts.flatMap((p, i) => (i < parts.length - 1 || random() < 0.5 ? [p, Buffer.from('\n')] : [p]))));

    const check = await run(['check', file]);
    expect([0, 1]).toContain(check.code);
    expect(check.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
    for (const line of good) expect(check.stdout).toContain(`${file}:${line}: unique\n`);
    for (const line of long) expect(check.stdout).toContain(`${file}:${line}: invalid: line ${line} is longer than 65,536 characters\n`);
    expect(check.stdout.split('\n').filter((l) => l.includes('longer than'))).toHaveLength(long.length);

    const solve = await run(['solve', file]);
    expect([0, 1]).toContain(solve.code);
    expect(solve.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
    expect(solve.stdout.trim().split('\n').filter((l) => l !== '')).toHaveLength(good.length);
    expect(solve.stderr.split('\n').filter((l) => l.includes('longer than'))).toHaveLength(long.length);
  }
});
