/*
 * What a careless user meets with variants on the command line: the exit code and the one line
 * (in-process runs; two cases spawn the built binary). Each case failed before its fix.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { runCli } from '../src/cli/program.js';
import { run, runBinary } from './helpers/cli.js';
import { lzBomb } from './helpers/lz-bomb.js';

const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-hostile-cli-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** A Samurai's solution (369 cells, row by row over the 21x21 frame), from `solve` of a generated one. */
const SOLVED_SAMURAI =
  '314978625794625813687532491218934567529164387563178492295486713456287931741293568' +
  '931546728863751942827391654438627159486372459186976815234179685712349152349876253' +
  '149863275927341568543862791681795234568314792618453186792239867415937826793514714' +
  '259368524917452683143728659564827139697541283382619475852693174791534826325976841' +
  '679348251486135927245971368971482536138265947';

describe('check --format fpuzzles: a unique puzzle it cannot write is a failure', () => {
  test('a Samurai (f-puzzles has no such layout): reported on stderr and exit code 1, not 0', async () => {
    // Nearly solved (10 cells empty), so that the check is instant.
    const samurai = file('samurai.txt', `samurai:..........${SOLVED_SAMURAI.slice(10)}\n`);
    const result = await run(['check', '--format', 'fpuzzles', samurai]);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(`${samurai}:1: unique, not written: f-puzzles has no Samurai layout: write it as a variant line`);
    expect(result.code).toBe(1);
    // The plain check of it is a success
    expect((await run(['check', samurai])).code).toBe(0);
  });
});

describe('a killer of more cages than a variant line holds is shown as a killer', () => {
  // Every cell its own cage holding its digit: 81 cages, unique, graded at once.
  const solution = Array.from({ length: 81 }, (_, cell) => ((Math.floor(cell / 9) * 3 + Math.floor(cell / 27) + (cell % 9)) % 9) + 1);
  const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
  const killercage = solution.map((digit, cell) => ({ cells: [`R${Math.floor(cell / 9) + 1}C${(cell % 9) + 1}`], value: String(digit) }));
  const path = file('killer81.json', `${JSON.stringify({ size: 9, grid, killercage })}\n`);

  test('grade printed it as 81 dots (an empty classic grid, "beginner"); --json gave the dots as its puzzle', async () => {
    const text = await run(['grade', path]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^killer:\.{81} {2}1\.0\/1\.0\/1\.0 {2}beginner/);
    const json = JSON.parse((await run(['check', '--json', path])).stdout.split('\n')[0]!) as { puzzle: string; variant: string };
    expect(json.variant).toBe('killer');
    expect(json.puzzle).toBe(`killer:${'.'.repeat(81)}`);
    // ...which no reader takes for a puzzle (it is not a classic empty grid)
    const back = await run(['check', file('back.txt', `${json.puzzle}\n`)]);
    expect(back.stdout).toMatch(/:1: invalid: a killer line needs its cages/);
  });
});

describe('book --puzzles names a variant as such', () => {
  test('a variant line said "unexpected character \'x\' at column 2"', async () => {
    const path = file('variants.txt', `x:.5..21...72......6........23.......446.....959.......36........2......51...98..6.\n`);
    const result = await run(['book', '--puzzles', path, '-o', join(dir, 'book.pdf')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `sudoku-press: ${path}:1: a x puzzle: --puzzles takes classic 9x9 puzzles (variant sections are generated: --sections x-medium:10,...) (use --skip-invalid to leave such puzzles out)\n`,
    );
  });
});

describe('a command typed without a file at a terminal says it is reading the terminal', () => {
  test('check and grade with standard input a terminal: one line on stderr, then the records as usual', async () => {
    for (const command of ['check', 'grade']) {
      const stdin = Readable.from(['53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n']) as Readable & { isTTY?: boolean };
      stdin.isTTY = true;
      const err: string[] = [];
      const sink = (into: string[]): Writable => new Writable({ write: (chunk, _e, done) => (into.push(String(chunk)), done()) });
      const code = await runCli([command], { stdout: sink([]), stderr: sink(err), stdin, stderrIsTTY: false });
      expect(code, command).toBe(0);
      expect(err.join('').split('\n')[0], command).toBe('sudoku-press: reading puzzles from the terminal: type or paste them, then Ctrl-D (or give a file)');
    }
    // Not when standard input is a pipe or a file
    expect((await run(['check'], '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n')).stderr).toBe('');
  });
});

describe('grade --report that cannot be written stops before the grading', () => {
  test('a report under a file (not a folder): one line, exit 2, nothing graded or printed', async () => {
    const blocker = file('blocker.txt', 'a file where a folder should be\n');
    const puzzles = file('x.txt', 'x:.5..21...72......6........23.......446.....959.......36........2......51...98..6.\n');
    const result = await run(['grade', puzzles, '--report', join(blocker, 'report.html')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe(''); // the grades were printed, then the report failed
    expect(result.stderr).toBe(`sudoku-press: cannot write ${join(blocker, 'report.html')}: ${blocker} is a file, not a folder\n`);
  });

  test('a report that can be written is written whole, and none is left when the run stops at a usage error', async () => {
    const report = join(dir, 'report.html');
    const ok = await run(['grade', file('x2.txt', 'x:.5..21...72......6........23.......446.....959.......36........2......51...98..6.\n'), '--report', report]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toBe(`wrote the report ${report}\n`);
    // A 6x6 killer stops grade (only 9x9 killers are graded) after the first record
    const stopped = join(dir, 'stopped.html');
    const killer6 = JSON.stringify({ size: 6, grid: Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => ({}))), killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }] });
    const bad = await run(['grade', file('mixed.txt', `x:.5..21...72......6........23.......446.....959.......36........2......51...98..6.\n${killer6}\n`), '--report', stopped]);
    expect(bad.code).toBe(2);
    expect(readdirSync(dir).filter((name) => name.includes('stopped'))).toEqual([]);
  });
});

test('check --json output, and generate --json output, read back by check', async () => {
  const x = file('x3.txt', 'x:.5..21...72......6........23.......446.....959.......36........2......51...98..6. solo-x\n');
  const first = await run(['check', '--json', x]);
  const again = await run(['check', file('x3.jsonl', first.stdout)]);
  expect(again.code, again.stdout).toBe(0);
  expect(again.stdout.split('\n')[0]).toMatch(/x3\.jsonl:1: unique {2}solo-x$/);
  const generated = await run(['generate', '--variant', '4x4', '-n', '2', '--seed', '1', '--json']);
  const checked = await run(['check', file('g.jsonl', generated.stdout)]);
  expect(checked.code, checked.stdout).toBe(0);
  expect(checked.stdout).toMatch(/checked 2 puzzles .*: 2 unique/);
  // A classic line of that output is a classic puzzle to repair (not "a classic puzzle: classic puzzles only")
  const classic = await run(['check', '--json', file('c.txt', '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n')]);
  const repaired = await run(['repair', file('c.jsonl', classic.stdout)]);
  expect(repaired.stderr).not.toMatch(/classic puzzles only/);
  expect(repaired.code, repaired.stderr).toBe(0);
});

test('hint given two puzzles as its argument names the argument, not its whole text', async () => {
  const x = 'x:.5..21...72......6........23.......446.....959.......36........2......51...98..6.';
  const result = await run(['hint', `${x}\n${x}`]);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('sudoku-press: hint takes one puzzle; the argument holds more than one (another record at line 2)\n');
  const path = file('two.txt', `${x}\n${x}\n`);
  expect((await run(['hint', path])).stderr).toBe(`sudoku-press: hint takes one puzzle; ${path} holds more than one (another record at line 2)\n`);
  // A long file is not read to its end, and lines that are no puzzle count as records too.
  const junk = file('junk.txt', 'Name:\tnode\nState:\tR\n'.repeat(50_000));
  expect((await run(['hint', junk])).stderr).toBe(`sudoku-press: hint takes one puzzle; ${junk} holds more than one (another record at line 2)\n`);
});

test('the built binary: a file of hostile variant records is one line each and exit 1, then the good record is read', () => {
  const classic = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  const records = [
    `${lzBomb(60_000)}`, // 300 million characters if decompressed whole
    `{"size":${'['.repeat(30_000)}${']'.repeat(30_000)}}`, // nested too deeply
    'https://f-puzzles.com/?load=%4IgzglgXgpiBcBOANCALhNAbO8QGUB7LQgA', // a bad % escape
    JSON.stringify({ size: 9, grid: Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))), 'diagonal+': 'true' }),
    `killer:${'.'.repeat(81)} cages=aa${'.'.repeat(79)} name sums=3`,
    classic,
  ];
  const path = file('hostile.txt', `\uFEFF${records.join('\r\n')}\r\n`);
  const result = runBinary(['check', path]);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe('');
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(records.length + 1);
  expect(lines.slice(0, 5).every((line, i) => line.startsWith(`${path}:${i + 1}: invalid: `) && line.length < 300)).toBe(true);
  expect(lines[5]).toBe(`${path}:6: unique`);
});

test('generate --variant --timeout 1e9 (past what a timer holds) makes its puzzles without a Node warning', () => {
  const result = runBinary(['generate', '--variant', '4x4', '-n', '2', '--seed', '1', '--timeout', '1e9']);
  expect(result.stderr).toBe(''); // was "TimeoutOverflowWarning: ... Timeout duration was set to 1." and two more lines
  expect(result.code).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(2);
});

test('a UTF-16 file (Notepad\'s "Unicode") is one line saying so, not an invalid record per line', async () => {
  const x = 'x:.5..21...72......6........23.......446.....959.......36........2......51...98..6.\n';
  const path = join(dir, 'utf16.txt');
  writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(x.repeat(3), 'utf16le')]));
  const bigEndian = join(dir, 'utf16be.txt');
  writeFileSync(bigEndian, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(x.repeat(3), 'utf16le').swap16()]));
  expect((await run(['check', bigEndian])).stderr).toBe(`sudoku-press: cannot read '${bigEndian}': it is UTF-16 text (save it as UTF-8)\n`);
  // Binary junk that starts with two bytes that are not UTF-8 is still read as records
  const junk = join(dir, 'junk.bin');
  writeFileSync(junk, Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x41, 0x0a]));
  expect((await run(['check', junk])).code).toBe(1);
  for (const command of ['check', 'grade', 'solve']) {
    const result = await run([command, path]);
    expect(result.code, command).toBe(2);
    expect(result.stdout, command).toBe('');
    expect(result.stderr, command).toBe(`sudoku-press: cannot read '${path}': it is UTF-16 text (save it as UTF-8)\n`);
  }
});
