/** `sudoku-press book` and `sudoku-press templates` through runCli: exit codes, messages, files left behind. */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { run } from './helpers/cli.js';
import { readInk } from './helpers/pdf-ink.js';
import { writeBookFile } from '../src/render/book.js';
import type { BookPuzzle } from '../src/render/pdf-writer.js';
import { puzzlesFromFile } from '../src/render/sources.js';
import { loadTemplate } from '../src/render/template.js';

const PUZZLES = new URL('./fixtures/book-puzzles.txt', import.meta.url).pathname;
const INVALID = new URL('./fixtures/book-invalid.txt', import.meta.url).pathname;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'sp-book-cli-'));
}

describe('book --puzzles', () => {
  test('writes the book, says what is in it, and refuses to overwrite without --force', async () => {
    const dir = tempDir();
    const output = join(dir, 'sub', 'book.pdf');
    const first = await run(['book', '--puzzles', PUZZLES, '--title', 'Fixture Book', '-o', output]);
    expect(first.stderr).toContain('read and graded 14 puzzles');
    // Progress is shown on a terminal only (these streams are not one).
    expect(first.stderr).not.toMatch(/page \d+\/\d+/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^Wrote ${output}: \\d+ pages`));
    expect(first.stdout).toContain('14 puzzles');
    expect(first.stdout).toMatch(/Solutions\s+from page \d+/);
    const bytes = readFileSync(output);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const again = await run(['book', '--puzzles', PUZZLES, '--title', 'Other', '-o', output]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${output} already exists; use --force to replace it`);
    expect(readFileSync(output).equals(bytes)).toBe(true);
    // Refused before any work: no puzzles read, no seed chosen.
    const generated = await run(['book', '-o', output]);
    expect(generated.code).toBe(2);
    expect(generated.stderr.trim()).toBe(`sudoku-press: ${output} already exists; use --force to replace it`);

    const forced = await run(['book', '--puzzles', PUZZLES, '--title', 'Fixture Book', '-o', output, '--force', '-q']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toBe('');
    expect(readFileSync(output).equals(bytes)).toBe(true); // same input, same bytes
    expect(readdirSync(join(dir, 'sub'))).toEqual(['book.pdf']);
  });

  test('an invalid puzzle stops the book (exit 1, nothing written) unless --skip-invalid', async () => {
    const dir = tempDir();
    const output = join(dir, 'book.pdf');
    const bad = await run(['book', '--puzzles', INVALID, '-o', output]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${INVALID}:5: the puzzle has several solutions (use --skip-invalid`);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);

    const skipped = await run(['book', '--puzzles', INVALID, '-o', output, '--skip-invalid']);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain(`${INVALID}:5: left out: the puzzle has several solutions`);
    expect(skipped.stderr).toContain(`${INVALID}:6: left out: unexpected character 'x' at column 27`);
    expect(skipped.stdout).toContain('3 puzzles');
  });

  test('--sections picks that many puzzles of each level from the file', async () => {
    const file = await puzzlesFromFile(PUZZLES);
    const [first, second] = file.sections;
    const dir = tempDir();
    const output = join(dir, 'book.pdf');
    const ok = await run(['book', '--puzzles', PUZZLES, '--sections', `${second!.level}:1,${first!.level}:1`, '-o', output, '-q']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('2 puzzles');
    expect(ok.stdout.indexOf(`puzzle 1 `)).toBeLessThan(ok.stdout.indexOf(`puzzle 2 `));
    const tooMany = await run(['book', '--puzzles', PUZZLES, '--sections', `${first!.level}:99`, '-o', join(dir, 'x.pdf')]);
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain(`asked for 99 more ${first!.level} puzzles, the file has only ${first!.count} left`);
  });

  test.each([
    [['--template', 'letter-9up'], 'letter-9up: no such template'],
    [['--sections', 'easy:10,tricky:5'], "--sections: unknown level 'tricky'"],
    [['--sections', 'easy'], "--sections: expected level:count or variant-level:count (e.g. easy:20, killer-hard:10), got 'easy'"],
    [['--sections', 'easy:0'], '--sections: easy needs a count from 1 to 100000'],
    [['--puzzles', '/no/such/file.txt'], "cannot read '/no/such/file.txt': no such file"],
    [['--puzzles', PUZZLES, '--seed', '4'], '--seed makes no difference with --puzzles'],
    [['--jobs', 'many'], "--jobs: expected a whole number from 1 to 64, got 'many'"],
    [['--timeout', '0'], "--timeout: expected a number of seconds above 0, got '0'"],
    [['--symmetry', 'spiral'], "argument 'spiral' is invalid"],
  ])('usage error %j', async (args, message) => {
    const dir = tempDir();
    const result = await run(['book', ...args, '-o', join(dir, 'b.pdf')]);
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a bad template file is reported with the file and the field', async () => {
    const dir = tempDir();
    const template = join(dir, 'mine.json');
    const base = JSON.parse(readFileSync(loadTemplate('letter-4up').file, 'utf8')) as Record<string, unknown>;
    writeFileSync(template, JSON.stringify({ ...base, lines: { thin: 0.3, box: 2 } }));
    const result = await run(['book', '--puzzles', PUZZLES, '--template', template, '-o', join(dir, 'b.pdf')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(`sudoku-press: ${template}: lines.thin: must be between 0.75 and 2, got 0.3`);
  });
});

describe('book (generated)', () => {
  test('the same seed gives the same bytes; the seed, sections and template show in the summary', async () => {
    const dir = tempDir();
    const args = ['book', '--seed', '7', '--sections', 'easy:2,medium:3', '--template', 'kdp-6x9-2up', '-q'];
    const a = await run([...args, '-o', join(dir, 'a.pdf')]);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect(a.stdout).toContain('5 puzzles from seed 7');
    expect(a.stdout).toMatch(/Easy\s+puzzles 1-2\s+from page \d+/);
    expect(a.stdout).toMatch(/Medium\s+puzzles 3-5\s+from page \d+/);
    expect(a.stdout).toContain('template kdp-6x9-2up (6 x 9 in + 0.125 in bleed, 2 per page)');
    const b = await run([...args, '-o', join(dir, 'b.pdf')]);
    expect(b.code).toBe(0);
    expect(readFileSync(join(dir, 'a.pdf')).equals(readFileSync(join(dir, 'b.pdf')))).toBe(true);
    const c = await run(['book', '--seed', '8', '--sections', 'easy:2,medium:3', '--template', 'kdp-6x9-2up', '-q', '-o', join(dir, 'c.pdf')]);
    expect(c.code).toBe(0);
    expect(readFileSync(join(dir, 'c.pdf')).equals(readFileSync(join(dir, 'a.pdf')))).toBe(false);
  });

  test('without --seed a seed is chosen and printed so the book can be made again', async () => {
    const dir = tempDir();
    const first = await run(['book', '--sections', 'easy:1', '-o', join(dir, 'a.pdf')]);
    expect(first.code).toBe(0);
    const seed = /seed (\S+) \(pass --seed \1 to make this book again\)/.exec(first.stderr)?.[1];
    expect(seed).toBeDefined();
    const again = await run(['book', '--sections', 'easy:1', '--seed', seed!, '-o', join(dir, 'b.pdf'), '-q']);
    expect(again.code).toBe(0);
    expect(readFileSync(join(dir, 'a.pdf')).equals(readFileSync(join(dir, 'b.pdf')))).toBe(true);
  });
});

describe('a run that fails half-way leaves no file', () => {
  test('--timeout ends generation with exit code 1 and nothing written', async () => {
    const dir = tempDir();
    const result = await run(['book', '--seed', '3', '--sections', 'easy:1,expert:1000', '--timeout', '0.5', '-q', '-o', join(dir, 'b.pdf')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--timeout 0.5 s passed while generating puzzle \d+ of a section of 1000; no file written/);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('the puzzle source throws after the first pages', async () => {
    const file = await puzzlesFromFile(PUZZLES);
    const dir = tempDir();
    const output = join(dir, 'book.pdf');
    async function* failing(): AsyncGenerator<BookPuzzle> {
      yield* file.puzzles.slice(0, 5);
      throw new Error('generator broke');
    }
    await expect(
      writeBookFile({ template: loadTemplate('letter-4up'), title: 'T', sections: file.sections, puzzles: failing(), output }),
    ).rejects.toThrow('generator broke');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('an abort signal stops the run and removes the temporary file', async () => {
    const file = await puzzlesFromFile(PUZZLES);
    const dir = tempDir();
    const controller = new AbortController();
    const run = writeBookFile({
      template: loadTemplate('large-print-8.5x11-1up'),
      title: 'T',
      sections: file.sections,
      puzzles: file.puzzles,
      output: join(dir, 'book.pdf'),
      signal: controller.signal,
      onPage: (page) => {
        if (page === 4) controller.abort();
      },
    });
    await expect(run).rejects.toThrow('stopped before the book was finished; no file written');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('templates', () => {
  test('lists the shipped layouts', async () => {
    const result = await run(['templates']);
    expect(result.code).toBe(0);
    for (const name of ['letter-4up', 'a4-6up', 'large-print-8.5x11-1up', 'kdp-6x9-2up']) expect(result.stdout).toContain(name);
    const json = await run(['templates', '--json']);
    const list = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; name: string; puzzlesPerPage: number });
    expect(list.every((t) => t.type === 'template')).toBe(true);
    expect(list.find((t) => t.name === 'kdp-6x9-2up')).toMatchObject({ puzzlesPerPage: 2, bleedPt: 9 });
  });

  test('prints one to copy, checks a file, and names the bad field', async () => {
    const shown = await run(['templates', 'a4-6up']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ puzzlesPerPage: 6 });
    const dir = tempDir();
    const mine = join(dir, 'mine.json');
    writeFileSync(mine, shown.stdout.replace('"a4"', '"a3"'));
    const bad = await run(['templates', mine]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${mine}: page.size: expected one of`);
  });
});

describe('book with variant sections', () => {
  test('generates each variant, names the sections, writes the cover; the same seed gives the same bytes', async () => {
    const dir = tempDir();
    const output = join(dir, 'variety.pdf');
    const args = ['book', '--sections', 'x-easy:1,6x6-easy:2,easy:1', '--seed', '7', '-o', output, '-q'];
    const first = await run([...args, '--cover']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Easy Sudoku X\s+puzzle 1\s+from page \d+/);
    expect(first.stdout).toMatch(/Easy 6\u00d76\s+puzzles 2-3\s+from page \d+/);
    expect(first.stdout).toMatch(/Easy Classic\s+puzzle 4\s+from page \d+/);
    expect(first.stdout).toContain(`Wrote ${join(dir, 'variety-cover.pdf')}`);
    // The cover names the kinds and, with no title given, the book is "Variety Sudoku".
    const cover = (await readInk(join(dir, 'variety-cover.pdf')))[0]!.boxes.map((b) => b.what).join(' ').replace(/\s/g, '');
    expect(cover).toContain('SUDOKUX\u00b76\u00d76\u00b7CLASSIC');
    expect(cover).toContain('VarietySudoku');
    const bytes = readFileSync(output);
    const again = await run([...args, '--force']);
    expect(again.code).toBe(0);
    expect(readFileSync(output).equals(bytes)).toBe(true);
  }, 60_000);

  test('cover names the kinds of a variety book; a one-variant book is titled by it', async () => {
    const dir = tempDir();
    const output = join(dir, 'cover.pdf');
    const result = await run(['cover', '--sections', 'killer-easy:1', '--seed', '3', '-o', output, '-q']);
    expect(result.code).toBe(0);
    const text = (await readInk(output))[0]!.boxes.map((b) => b.what).join(' ').replace(/\s/g, '');
    expect(text).toContain('KillerSudoku');
    expect(text).toContain('1Sudokupuzzlesofonekind:Killer.');
  }, 60_000);

  test.each([
    [['--sections', 'killer-beginner:2'], "--sections: no level 'beginner' for killer; its levels are easy, medium, hard, expert, any"],
    [['--sections', 'x-easy:2', '--primer'], '--primer: applies to classic books only'],
    [['--sections', 'x-easy:2', '--puzzles', PUZZLES], '--sections: variant sections are generated'],
    [['--sections', 'samurai-easy:1', '-t', 'kdp-6x9-2up'], 'Samurai Sudoku grid is 21 cells across'],
  ])('%j is one line and exit 2, before any work', async (extra, message) => {
    const dir = tempDir();
    const result = await run(['book', '--seed', '1', '-o', join(dir, 'b.pdf'), ...extra]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});
