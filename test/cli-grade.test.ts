import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../src/cli/program.js';
import type { CliIo } from '../src/cli/io.js';

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SEVERAL = readSample();
const CONFLICT = `55${'.'.repeat(79)}`;

function readSample(): string {
  return execFileSync('head', ['-1', new URL('./fixtures/data/multi_solution_sample.txt', import.meta.url).pathname], { encoding: 'utf8' }).trim();
}

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  const io: CliIo = { stdout, stderr, stdin: Readable.from([stdin]), stderrIsTTY: false };
  const code = await runCli(argv, io);
  return { code, out: out(), err: err() };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'grade-cli-'));
});

describe('grade', () => {
  test('one line per puzzle with rating, level, hardest technique and guesses', async () => {
    const file = join(dir, 'two.txt');
    writeFileSync(file, `${EASY}\n${EASY.replace('53', '5.')} second\n`);
    const { code, out, err } = await run(['grade', file]);
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`${EASY}  1.2/1.2/1.2  beginner  hidden-single-box  0 guesses`);
    expect(lines[1]).toMatch(/^5\.\.\.7.*  \d\.\d\/\d\.\d\/\d\.\d  \w+  [\w-]+  0 guesses  second$/);
  });

  test('--json adds the technique counts', async () => {
    const { code, out } = await run(['grade', '--json'], `${EASY}\n`);
    expect(code).toBe(0);
    const record = JSON.parse(out.trim()) as Record<string, unknown>;
    expect(record).toMatchObject({ source: '<stdin>', line: 1, puzzle: EASY, status: 'graded', rating: 1.2, pearl: 1.2, diamond: 1.2, level: 'beginner', guesses: 0 });
    expect(record['counts']).toMatchObject({ 'hidden-single-box': expect.any(Number) });
  });

  test('multiple solutions, conflicts and unreadable lines are reported; exit 1', async () => {
    const { code, out, err } = await run(['grade'], `${SEVERAL}\n${CONFLICT}\nnot a puzzle\n${EASY}\n`);
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines[0]).toContain('not graded: the puzzle has several solutions');
    expect(lines[lines.length - 1]).toContain('1.2/1.2/1.2  beginner');
    expect(err).toMatch(/<stdin>:2: .*conflict.*\(invalid\)/);
    expect(err).toMatch(/<stdin>:3:1: .*\(invalid\)/);
  });

  test('--no-uniqueness grades a multi-solution puzzle and says so', async () => {
    const { code, out } = await run(['grade', '--no-uniqueness'], `${SEVERAL}\n`);
    expect(code).toBe(0);
    expect(out).toContain('(several solutions: graded without uniqueness techniques)');
  }, 120_000);

  test('usage errors exit 2', async () => {
    expect((await run(['grade', '--jobs', 'zero'], EASY)).code).toBe(2);
    const missing = await run(['grade', join(dir, 'missing.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot read/);
    expect((await run(['grade', '--bogus'])).code).toBe(2);
  });

  test('help has examples', async () => {
    const { code, out } = await run(['grade', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('Examples:');
    expect(out).toContain('--no-uniqueness');
  });
});

describe('explain and hint', () => {
  test('explain prints every step and the rating', async () => {
    const { code, out } = await run(['explain', EASY]);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe(`Puzzle ${EASY}`);
    expect(lines[1]).toMatch(/^ {3}1\. \[1\.2\] Hidden single: in box \d, \d fits only r\dc\d$/);
    expect(lines[lines.length - 1]).toBe('Rating 1.2 (beginner); pearl (EP) 1.2 (first placement: step 1); diamond (ED) 1.2; hardest: Hidden single (box); 51 steps, no guess');
    expect(lines).toHaveLength(53);
  });

  test('explain shows guesses as such (near-empty grid, uniqueness off)', async () => {
    const { code, out } = await run(['explain', '--no-uniqueness', `1${'.'.repeat(80)}`]);
    expect(code).toBe(0);
    expect(out).toContain('Note: the puzzle has several solutions');
    expect(out).toMatch(/\[11\.0\] Guess: no technique applies; r\dc\d has candidates/);
  }, 120_000);

  test('explain reads a file, and reports bad puzzles with exit 1', async () => {
    const file = join(dir, 'mixed.txt');
    writeFileSync(file, `${EASY}\n${SEVERAL}\n`);
    const { code, out } = await run(['explain', file]);
    expect(code).toBe(1);
    expect(out).toContain('Not explained: the puzzle has several solutions');
  });

  test('explain: neither a file nor a puzzle is a usage error', async () => {
    const { code, err } = await run(['explain', 'nofile.txt']);
    expect(code).toBe(2);
    expect(err).toContain("'nofile.txt' is neither a file nor an 81-cell puzzle");
  });

  test('hint gives the next step only', async () => {
    const { code, out } = await run(['hint', EASY]);
    expect(code).toBe(0);
    expect(out).toMatch(/^\[1\.2\] Hidden single: in box \d, \d fits only r\dc\d\n$/);
  });

  test('hint: solved, invalid and several solutions', async () => {
    const solved = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
    expect((await run(['hint', solved])).out).toBe('The puzzle is already solved.\n');
    const conflict = await run(['hint', CONFLICT]);
    expect(conflict.code).toBe(1);
    const several = await run(['hint', SEVERAL]);
    expect(several.code).toBe(1);
    expect(several.err).toContain('several solutions');
  });
});

// --jobs runs worker threads from the compiled program (npm test builds it first).
const BIN = new URL('../dist/cli/main.js', import.meta.url).pathname;
describe('built binary', () => {
  test('grade --jobs 2 keeps input order and matches the single-threaded output', () => {
    const file = join(dir, 'many.txt');
    const puzzles = execFileSync('head', ['-80', new URL('./fixtures/data/17clue.txt', import.meta.url).pathname], { encoding: 'utf8' });
    writeFileSync(file, `${puzzles}${SEVERAL}\n`);
    const one = spawnSync('node', [BIN, 'grade', file], { encoding: 'utf8' });
    const two = spawnSync('node', [BIN, 'grade', '--jobs', '2', file], { encoding: 'utf8' });
    expect(one.status).toBe(1);
    expect(two.status).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stdout.trim().split('\n')).toHaveLength(81);
  }, 300_000);
});
