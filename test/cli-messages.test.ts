import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { describeFileError } from '../src/node/file-errors.js';
import { BIN, run } from './helpers/cli.js';
import { canMountTmpfs } from './helpers/child.js';

// Issue 23, item 7: exit codes and messages of the CLI (runCli in this process, what the built binary
// runs; the binary itself where a process matters: its own copy of the package, a read-only or full
// device). A bad input file is one clear line
// naming it (exit 1 or 2), never "internal error" (70); a message says what is wrong, not a near
// miss ("no such file" for a folder); a summary comes only after the output was written.

const ROOT = new URL('..', import.meta.url).pathname;
const FONT = join(ROOT, 'assets', 'fonts', 'dejavu', 'DejaVuSans.ttf');
const P = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** Two solutions: repair adds clues to it. */
const MULTI = '53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

const folder = mkdtempSync(join(tmpdir(), 'cli-messages-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const at = (name: string): string => join(folder, name);

describe('draw --font says what is wrong with the font file', () => {
  test('a truncated TTF is a font error (exit 2), not an internal error (70)', async () => {
    const cut = at('cut.ttf');
    writeFileSync(cut, readFileSync(FONT).subarray(0, 100_000));
    const result = await run(['draw', '--font', cut, '--out-dir', at('pictures-cut'), P]);
    expect(result.stderr).not.toContain('internal error');
    expect(result.stderr).toBe(`sudoku-press: cannot read the font '${cut}': the file is damaged or cut short (Cannot read properties of undefined (reading 'offsets'))\n`);
    expect(result.code).toBe(2);
  });

  test('a file that is no font at all', async () => {
    const text = at('not-a-font.ttf');
    writeFileSync(text, 'hello\n');
    const result = await run(['draw', '--font', text, '--out-dir', at('pictures-text'), P]);
    expect([result.code, result.stderr]).toEqual([2, `sudoku-press: cannot read the font '${text}': not a font file (a .ttf or .otf)\n`]);
  });

  test('a folder is a folder, not "no such file"', async () => {
    const dir = at('fonts-folder');
    mkdirSync(dir);
    const result = await run(['draw', '--font', dir, '--out-dir', at('pictures-dir'), P]);
    expect([result.code, result.stderr]).toEqual([2, `sudoku-press: cannot read the font '${dir}': a folder, not a font file\n`]);
  });

  test.runIf(existsSync('/dev/zero'))('/dev/zero is not a regular file, not "no such file"', async () => {
    const result = await run(['draw', '--bold-font', '/dev/zero', '--out-dir', at('pictures-zero'), P]);
    expect([result.code, result.stderr]).toEqual([2, "sudoku-press: cannot read the font '/dev/zero': not a regular file (a device, a pipe or a socket), so not a font file\n"]);
  });

  test('a missing file is still "no such file"', async () => {
    const result = await run(['draw', '--font', at('nowhere.ttf'), '--out-dir', at('pictures-none'), P]);
    expect([result.code, result.stderr]).toEqual([2, `sudoku-press: cannot read the font '${at('nowhere.ttf')}': no such file\n`]);
  });
});

describe('a book whose bundled font is missing names the font, not the output PDF', () => {
  test('book and cover', async () => {
    // A copy of the package without DejaVu Sans (the grids' digits); node_modules shared.
    const copy = at('package-copy');
    mkdirSync(copy);
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'assets'), join(copy, 'assets'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(ROOT, 'templates'), join(copy, 'templates'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const missing = join(copy, 'assets', 'fonts', 'dejavu', 'DejaVuSans.ttf');
    rmSync(missing);
    const bin = join(copy, 'dist', 'cli', 'main.js');
    const expected = `sudoku-press: cannot read the book font ${missing}: no such file (this copy of sudoku-press is incomplete: reinstall it)\n`;
    const book = spawnSync(process.execPath, [bin, 'book', '--sections', 'easy:4', '--seed', '1', '-q', '-o', at('book.pdf')], { encoding: 'utf8' });
    expect(book.stderr).not.toContain('book.pdf');
    expect([book.status, book.stderr]).toEqual([1, expected]);
    expect(existsSync(at('book.pdf'))).toBe(false);
    const cover = spawnSync(process.execPath, [bin, 'cover', '--seed', '1', '-o', at('cover.pdf')], { encoding: 'utf8' });
    expect(cover.status).toBe(1);
    expect(cover.stderr).toContain(expected);
  }, 150_000);
});

describe('a read-only file system says so', () => {
  test('describeFileError of EROFS (a fake error)', async () => {
    const error = Object.assign(new Error("EROFS: read-only file system, open 'x'"), { code: 'EROFS', syscall: 'open', path: 'x' });
    const described = describeFileError(error, 'out/x.txt', 'write');
    expect(described.message).toBe('cannot write out/x.txt: read-only file system');
    expect(described.code).toBe('PERMISSION');
  });

  // Node's recursive mkdir says ENOENT when a parent cannot be made on a read-only file system: the
  // CLI used to pass that on as "no such file or folder". A read-only tmpfs in a private mount
  // namespace (no root needed, nothing left mounted) shows it.
  test.runIf(canMountTmpfs())('an output in a missing folder of a read-only mount: check -o, explain --html -o, draw --out-dir', async () => {
    const ro = at('read-only');
    mkdirSync(ro);
    writeFileSync(at('one.txt'), `${P}\n`);
    const script = [
      `mount -t tmpfs -o ro,size=64k none '${ro}'`,
      `'${process.execPath}' '${BIN}' check -o '${ro}/sub/c.txt' '${at('one.txt')}'; echo "exit=$?" >&2`,
      `'${process.execPath}' '${BIN}' check -o '${ro}/c.txt' '${at('one.txt')}'; echo "exit=$?" >&2`,
      `'${process.execPath}' '${BIN}' explain --html -o '${ro}/pages/' '${at('one.txt')}'; echo "exit=$?" >&2`,
      `'${process.execPath}' '${BIN}' draw --out-dir '${ro}/pictures' '${at('one.txt')}'; echo "exit=$?" >&2`,
    ].join('\n');
    const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).not.toContain('no such file');
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      `sudoku-press: cannot write ${ro}/sub/c.txt: read-only file system`,
      'exit=2',
      `sudoku-press: cannot write ${ro}/c.txt: read-only file system`,
      'exit=2',
      `sudoku-press: cannot write ${ro}/pages/: read-only file system`,
      'exit=2',
      `sudoku-press: cannot write ${ro}/pictures: read-only file system`,
      'exit=2',
    ]);
  }, 150_000);
});

describe('grade --report and --force', () => {
  test('an existing report: without --force the hint says --force, and --force then replaces it', async () => {
    const input = at('grade-one.txt');
    writeFileSync(input, `${P}\n`);
    const report = at('r.html');
    writeFileSync(report, 'old');
    const refused = await run(['grade', '--report', report, input]);
    expect([refused.code, refused.stderr]).toEqual([2, `sudoku-press: ${report} already exists (use --force to replace it)\n`]);
    const forced = await run(['grade', '--report', report, '--force', input]);
    expect(forced.stderr).not.toContain('only applies');
    expect(forced.code).toBe(0);
    expect(readFileSync(report, 'utf8')).toMatch(/^<!DOCTYPE html>/i);
  });

  test('--force with neither -o nor --report is still refused', async () => {
    const result = await run(['grade', '--force'], `${P}\n`);
    expect([result.code, result.stderr]).toEqual([2, 'sudoku-press: --force only applies with -o FILE\n']);
  });
});

describe('a UTF-8 byte order mark in a JSON file is accepted', () => {
  const BOM = '\uFEFF';

  test('a template', async () => {
    const template = at('bom-template.json');
    writeFileSync(template, BOM + readFileSync(join(ROOT, 'templates', 'letter-4up.json'), 'utf8'));
    const result = await run(['book', '--template', template, '--sections', 'easy:4', '--seed', '1', '-q', '-o', at('bom-template.pdf')]);
    expect(result.stderr).not.toContain('not valid JSON');
    expect(result.code).toBe(0);
  }, 150_000);

  test('a texts file', async () => {
    const texts = at('bom-texts.json');
    writeFileSync(texts, `${BOM}{ "rights": "All rights reserved by nobody." }\n`);
    const result = await run(['book', '--texts', texts, '--sections', 'easy:4', '--seed', '1', '-q', '-o', at('bom-texts.pdf')]);
    expect(result.stderr).not.toContain('not valid JSON');
    expect(result.code).toBe(0);
  }, 150_000);
});

describe('repair to a full device: the error alone, no summary', () => {
  test.runIf(existsSync('/dev/full'))('repair > /dev/full', async () => {
    const input = at('many.txt');
    writeFileSync(input, `${MULTI}\n`.repeat(100));
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [BIN, 'repair', input], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr).not.toContain('repaired');
      expect([result.status, result.stderr]).toEqual([1, 'sudoku-press: cannot write output: no space left on device\n']);
    } finally {
      closeSync(full);
    }
  }, 150_000);

  test('the summary still comes when the output was written', async () => {
    const result = await run(['repair'], `${MULTI}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^repaired 1 of 1 puzzles in /);
  });
});

describe('an unknown command is a usage error, with or without --help', () => {
  test.each([[['merge', '--help']], [['merge', '-h']], [['merge']], [['merge', '--version']]])('%j', async (argv) => {
    const result = await run(argv);
    expect(result.stdout).toBe('');
    expect([result.code, result.stderr]).toEqual([2, "error: unknown command 'merge' (run with --help for usage)\n"]);
  });

  test('help, --help and a known command with --help still show help (exit 0)', async () => {
    for (const argv of [['--help'], ['help'], ['help', 'grade'], ['grade', '--help']]) {
      const result = await run(argv);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: sudoku-press/);
    }
  });
});

describe('"no puzzle" is worded the same by repair and book as by every command', () => {
  test.each([
    ['repair', (file: string) => ['repair', file]],
    ['book --puzzles', (file: string) => ['book', '--puzzles', file, '-q', '-o', at('empty-book.pdf')]],
    ['check', (file: string) => ['check', file]],
  ])('%s', async (_name, argv) => {
    const empty = at('empty.txt');
    writeFileSync(empty, '# nothing here\n\n');
    const result = await run(argv(empty));
    expect([result.code, result.stderr]).toEqual([1, `sudoku-press: no puzzle found in ${empty}\n`]);
  });

  test('repair of empty standard input', async () => {
    const result = await run(['repair'], '\n');
    expect([result.code, result.stderr]).toEqual([1, 'sudoku-press: no puzzle found in standard input\n']);
  });
});
