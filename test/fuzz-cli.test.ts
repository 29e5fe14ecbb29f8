/**
 * Fuzzing every command with random bytes, random records and random option values: FUZZ_RUNS runs
 * (default 22, each command twice: the same runs every time, FUZZ_SEED to replay another seed's), or
 * as many as FUZZ_SECONDS allow (a longer search by hand). A time bound was the default before: 8 s
 * gave from 11 runs (the least it allowed, one per command) on a loaded machine to some 40 on an
 * idle one, so the cases checked depended on the machine's load. The contract checked on every run:
 * - exit code 0, 1 or 2;
 * - no stack trace, no internal error, no JavaScript error name on stderr; a usage error (2) is one line;
 * - no output file unless the run completed: exit 0, or exit 1 of check / grade, whose 1 means
 *   "some puzzle is not unique / not gradable" in a complete report; and never a temporary file.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { expect, test } from 'vitest';
import { run } from './helpers/cli.js';

const SECONDS = process.env['FUZZ_SECONDS'] === undefined ? null : Number(process.env['FUZZ_SECONDS']);
const SEED = process.env['FUZZ_SEED'] ?? 'issue-16';

const VALID = readFileSync(new URL('./fixtures/book-puzzles.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^[.\d]{81}/.test(line))
  .map((line) => line.slice(0, 81));

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function randomBytes(random: Random, max: number): Buffer {
  const bytes = Buffer.alloc(Math.floor(random() * max));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** A record: a valid puzzle, a damaged one, a printed grid, a label with control characters... */
function randomRecord(random: Random): string {
  const puzzle = pick(random, VALID);
  switch (Math.floor(random() * 10)) {
    case 0:
      return puzzle;
    case 1:
      return `${puzzle} label ${randomBytes(random, 12).toString('latin1')}`;
    case 2: {
      const at = Math.floor(random() * 81);
      return puzzle.slice(0, at) + pick(random, ['x', '', '12', '\t', '0', '\u0000', '\u00e9']) + puzzle.slice(at + 1);
    }
    case 3:
      return Array.from({ length: 9 }, (_, r) => puzzle.slice(r * 9, r * 9 + 9).split('').join(' ')).join('\n');
    case 4:
      return puzzle.split('').join(pick(random, [' ', '\t', '|']));
    case 5:
      return pick(random, ['', '#', '# comment', '-----+-----', '\r', '\ufeff' + puzzle]);
    case 6:
      return '1'.repeat(81);
    case 7:
      return '.'.repeat(81);
    case 8:
      return puzzle.slice(0, Math.floor(random() * 81));
    default:
      return `${puzzle}\r`;
  }
}

function randomInput(random: Random): Buffer {
  if (random() < 0.3) return randomBytes(random, 300);
  const records = Array.from({ length: Math.floor(random() * 5) }, () => randomRecord(random));
  const text = records.join(pick(random, ['\n', '\r\n', '\n\n']));
  return random() < 0.1 ? Buffer.from(text, 'utf16le') : Buffer.from(text);
}

const GARBAGE = ['', '-1', '0', '1', '2', '3', 'abc', '1e9', '9007199254740993', '0.5', '4.0-6.0', 'x/y', '2/4', '1/1', '3/2', 'NaN', '\u001b[2J', '--', '-', ' '];

/** Option values: some valid, some garbage. */
const OPTIONS: Record<string, Record<string, (random: Random) => string | null>> = {
  check: {
    '--json': () => null,
    '-q': () => null,
    '--shard': (r) => pick(r, ['1/2', '2/2', '0/1', ...GARBAGE]),
    '--explain': () => null,
    '--repairs': (r) => pick(r, ['1', '2', ...GARBAGE]),
  },
  solve: { '--first': () => null, '-f': (r) => pick(r, ['line', 'grid', 'json', ...GARBAGE]) },
  grade: {
    '--json': () => null,
    '--no-uniqueness': () => null,
    '--max-rating': (r) => pick(r, ['7.4', '2', '25', ...GARBAGE]),
    '-j': (r) => pick(r, ['1', '2', '300', ...GARBAGE]),
    '--shard': (r) => pick(r, ['1/3', '3/3', ...GARBAGE]),
  },
  explain: { '--no-uniqueness': () => null, '--json': () => null, '--html': () => null, '--force': () => null, '-q': () => null },
  hint: { '--no-uniqueness': () => null },
  generate: {
    '-n': (r) => pick(r, ['1', '2', '3', ...GARBAGE]),
    '-d': (r) => pick(r, ['beginner', 'easy', 'medium', 'hard', 'expert', 'insane', ...GARBAGE]),
    '-r': (r) => pick(r, ['1.2-2.0', '4.0-6.0', '11.5-12', '1.0-1.0', '6-4', ...GARBAGE]),
    '-t': (r) => pick(r, ['xy-wing', 'naked-pair', 'x-ray', ...GARBAGE]),
    '--symmetry': (r) => pick(r, ['rotational', 'mirror', 'spiral', ...GARBAGE]),
    '--minimal': () => null,
    '--clues-min': (r) => pick(r, ['20', '40', ...GARBAGE]),
    '--clues-max': (r) => pick(r, ['19', '30', '16', ...GARBAGE]),
    '-f': (r) => pick(r, ['line', 'json', 'csv', ...GARBAGE]),
    '--solutions': () => null,
    '--start': (r) => pick(r, ['5', '9007199254740991', ...GARBAGE]),
    '--max-attempts': (r) => pick(r, ['5', '50', ...GARBAGE]),
    '-j': (r) => pick(r, ['1', '2', ...GARBAGE]),
    '--shard': (r) => pick(r, ['1/2', '2/2', ...GARBAGE]),
  },
  book: {
    '-t': (r) => pick(r, ['letter-4up', 'a4-6up', 'kdp-6x9-2up', 'large-print-8.5x11-1up', 'nope', ...GARBAGE]),
    '-s': (r) => pick(r, ['easy:2', 'beginner:1,hard:1', 'easy:100000', 'easy:0', 'insane:2', ...GARBAGE]),
    '--title': (r) => pick(r, ['T', 'x'.repeat(250), '\u001b]0;t\u0007', ...GARBAGE]),
    '--subtitle': (r) => pick(r, ['S', 'y '.repeat(200), ...GARBAGE]),
    '--show-rating': () => null,
    '--symmetry': (r) => pick(r, ['none', 'rotational', 'spiral', ...GARBAGE]),
    '--skip-invalid': () => null,
    '--jobs': (r) => pick(r, ['1', '99', ...GARBAGE]),
    '--author': (r) => pick(r, ['A. Setter', 'z'.repeat(500), ...GARBAGE]),
    '--publisher': (r) => pick(r, ['Grid Press', ...GARBAGE]),
    '--year': (r) => pick(r, ['2025', '99999', ...GARBAGE]),
    '--edition': (r) => pick(r, ['First edition', ...GARBAGE]),
    '--isbn': (r) => pick(r, ['978-3-16-148410-0', '978-3-16-148410-1', ...GARBAGE]),
    '--rights': (r) => pick(r, ['none', ...GARBAGE]),
    '--texts': (r) => pick(r, ['/nonexistent.json', ...GARBAGE]),
    '--credit': () => null,
    '--primer': () => null,
    '--hints': () => null,
    '--paper': (r) => pick(r, ['white', 'cream', 'gold', ...GARBAGE]),
    '--cover': () => null,
  },
  templates: { '--json': () => null },
  cover: {
    '-t': (r) => pick(r, ['letter-4up', 'kdp-6x9-2up', 'nope', ...GARBAGE]),
    '-s': (r) => pick(r, ['easy:2', 'easy:100000', ...GARBAGE]),
    '--title': (r) => pick(r, ['T', 'x'.repeat(250), ...GARBAGE]),
    '--subtitle': (r) => pick(r, ['S', ...GARBAGE]),
    '--author': (r) => pick(r, ['A. Setter', ...GARBAGE]),
    '--isbn': (r) => pick(r, ['978-3-16-148410-0', ...GARBAGE]),
    '--paper': (r) => pick(r, ['white', 'cream', 'gold', ...GARBAGE]),
    '--pages': (r) => pick(r, ['60', '2', '1', '100000', ...GARBAGE]),
  },
  draw: {
    '-f': (r) => pick(r, ['png', 'svg', 'pdf', 'gif', ...GARBAGE]),
    '--size': (r) => pick(r, ['60', '2in', '1cm', '99999', '0', ...GARBAGE]),
    '--dpi': (r) => pick(r, ['72', '300', '0', ...GARBAGE]),
    '--solution': () => null,
    '--candidates': () => null,
    '--theme': (r) => pick(r, ['color', 'grey', 'neon', ...GARBAGE]),
    '--coordinates': () => null,
    '--name': (r) => pick(r, ['index', 'label', 'x', ...GARBAGE]),
    '--prefix': (r) => pick(r, ['p-', '../', 'a/b', ...GARBAGE]),
    '--force': () => null,
    '--no-check': () => null,
    '--font': (r) => pick(r, ['/nonexistent.ttf', ...GARBAGE]),
    '--jobs': (r) => pick(r, ['1', '2', '0', ...GARBAGE]),
  },
  repair: {
    '--json': () => null,
    '--symmetry': (r) => pick(r, ['rotational', 'mirror', 'spiral', ...GARBAGE]),
    '--keep-level': (r) => pick(r, ['low', '6.5', 'high', ...GARBAGE]),
    '--repairs': (r) => pick(r, ['1', '3', '5000', ...GARBAGE]),
    '--solution': (r) => pick(r, ['1'.repeat(81), '123', ...GARBAGE]),
  },
};

/** Commands that write `-o FILE` (explain with --html). */
const WRITES = new Set(['check', 'grade', 'generate', 'book', 'cover', 'explain']);

function randomArgv(random: Random, command: string, input: string, output: string): string[] {
  const argv = [command];
  for (const [option, value] of Object.entries(OPTIONS[command]!)) {
    if (random() < 0.25) {
      argv.push(option);
      const v = value(random);
      if (v !== null) argv.push(v);
    }
  }
  // Every run is bounded in time; a generated book stays small.
  const bookish = command === 'book' || command === 'cover';
  if (command === 'generate' || bookish) argv.push('--timeout', pick(random, ['2', '0', 'x']));
  if (bookish && !argv.includes('-s') && random() < 0.7) argv.push('-s', 'easy:2');
  if (bookish && random() < 0.5) argv.push('--puzzles', input);
  if (bookish || command === 'generate') argv.push('--seed', String(Math.floor(random() * 1000)));
  if (WRITES.has(command) && (bookish || random() < 0.6)) argv.push('-o', command === 'explain' && random() < 0.5 ? `${output}.html` : output);
  if ((command === 'check' || command === 'generate') && random() < 0.2) argv.push('--force');
  if (command === 'draw') argv.push('--out-dir', output, '-q');
  if (command === 'templates') {
    if (random() < 0.6) argv.push(random() < 0.5 ? input : pick(random, ['letter-4up', 'nope', '../x']));
  } else if (command === 'explain' || command === 'hint') argv.push(random() < 0.8 ? input : pick(random, VALID));
  else if (command === 'draw') argv.push(...(random() < 0.8 ? [input] : [pick(random, VALID)]));
  else if (command !== 'generate' && !bookish) argv.push(...(random() < 0.8 ? [input] : []));
  return argv;
}

const commands = Object.keys(OPTIONS);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2 * commands.length);

test(`fuzz: every command, random bytes, records and options (${SECONDS === null ? `${RUNS} runs` : `${SECONDS} s`}, seed ${SEED})`, { timeout: ((SECONDS ?? 0) + 180) * 1000 }, async () => {
  const random = seedrandom(SEED);
  const until = SECONDS === null ? 0 : performance.now() + SECONDS * 1000;
  let runs = 0;
  const codes = new Map<number, number>();
  while (SECONDS === null ? runs < RUNS : performance.now() < until || runs < commands.length) {
    const dir = mkdtempSync(join(tmpdir(), 'sp-fuzz-'));
    const input = join(dir, 'input.txt');
    const output = join(dir, random() < 0.1 ? 'sub/out' : 'out');
    const bytes = randomInput(random);
    writeFileSync(input, bytes);
    const command = commands[runs % commands.length]!;
    const argv = randomArgv(random, command, input, output);
    const stdin = random() < 0.5 ? bytes.toString('latin1') : '';
    const result = await run(argv, stdin);
    const what = `run ${runs} (seed ${SEED}): sudoku-press ${argv.map((a) => JSON.stringify(a)).join(' ')}\nstderr: ${result.stderr.slice(0, 500)}`;
    codes.set(result.code, (codes.get(result.code) ?? 0) + 1);

    expect([0, 1, 2], what).toContain(result.code);
    expect(result.stderr, what).not.toMatch(/\n\s+at |internal error|\b(TypeError|RangeError|ReferenceError|SyntaxError|Error):/);
    if (result.code === 2) expect(result.stderr.trim().split('\n'), what).toHaveLength(1);
    const files = readdirSync(dir, { recursive: true }).map(String).sort();
    // out, out.html (explain --html), out-cover.pdf (book --cover), out/NAME (draw, explain --html to a folder)
    const isOutput = (f: string): boolean => /^(sub\/)?out(\.html|-cover\.pdf)?(\/[^/]+)?$/.test(f);
    const wrote = files.some((f) => isOutput(f) && f !== 'sub');
    // Exit 1 of check / grade is a complete report with some puzzles not unique or not gradable;
    // of draw and explain --html, pictures and pages of the puzzles that could be drawn or explained.
    const completed = result.code === 0 || (result.code === 1 && ['check', 'grade', 'draw', 'explain', 'repair'].includes(command));
    if (!completed) expect(wrote, `${what}\nfiles: ${files.join(', ')}`).toBe(false);
    // Never a temporary or part file, whatever happened.
    expect(files.filter((f) => f !== 'input.txt' && f !== 'sub' && !isOutput(f)), what).toEqual([]);
    expect(files.filter((f) => /partial|\.part/.test(f)), what).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
    runs++;
  }
  // The loop must have exercised all three outcomes.
  expect(runs).toBeGreaterThanOrEqual(commands.length);
  expect([...codes.keys()].sort()).toEqual([0, 1, 2]);
});
