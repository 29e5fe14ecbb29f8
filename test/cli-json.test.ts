import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Progress } from '../src/cli/progress.js';
import { run } from './helpers/cli.js';
import { Writable, Readable } from 'node:stream';

// One JSON vocabulary: every line an object with a type; puzzle lines with a status from one list;
// failures with code and error, whatever the command.
const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const MULTIPLE = '8.........95.......76.........426798...571243...893165......916....3.487....1.532';
const NONE = '46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

const dir = mkdtempSync(join(tmpdir(), 'sudoku-press-json-'));
const mixed = join(dir, 'mixed.txt');
writeFileSync(mixed, `${HARD1} hard1\n${MULTIPLE}\n${NONE}\n${HARD1.slice(0, 70)}\n`);

const STATUSES = ['unique', 'multiple', 'none', 'invalid', 'graded'];
const TYPES = ['puzzle', 'summary', 'stats', 'template', 'repair', 'error'];

function jsonLines(stdout: string): Record<string, unknown>[] {
  const lines = stdout.trim().split('\n');
  return lines.map((line) => {
    const value = JSON.parse(line) as Record<string, unknown>;
    expect(TYPES).toContain(value['type']);
    if (value['type'] === 'puzzle') expect(STATUSES).toContain(value['status']);
    if (value['status'] === 'invalid' || value['type'] === 'error') {
      expect(typeof value['code']).toBe('string');
      expect(typeof value['error']).toBe('string');
    }
    return value;
  });
}

describe('--json on every command that prints results', () => {
  test('check: one puzzle line per record and a summary', async () => {
    const lines = jsonLines((await run(['check', '--json', mixed])).stdout);
    expect(lines.map((l) => l['status'] ?? l['type'])).toEqual(['unique', 'multiple', 'none', 'invalid', 'summary']);
    expect(lines[0]).toMatchObject({ source: mixed, line: 1, label: 'hard1', puzzle: HARD1 });
    expect(lines[3]).toMatchObject({ code: 'CELL_COUNT', line: 4 });
  });

  test('solve: --json and --format json agree; failures carry code and error', async () => {
    const a = await run(['solve', '--json', mixed]);
    const b = await run(['solve', '--format', 'json', mixed]);
    expect(a.stdout).toBe(b.stdout);
    const lines = jsonLines(a.stdout);
    expect(lines.map((l) => l['status'])).toEqual(['unique', 'multiple', 'none', 'invalid']);
    expect(lines[0]!['solution']).toMatch(/^[1-9]{81}$/);
    expect(lines[1]).toMatchObject({ solution: null, code: 'MULTIPLE_SOLUTIONS' });
    expect(lines[2]).toMatchObject({ solution: null, code: 'NO_SOLUTION' });
  });

  test('repair: a repair line per puzzle (now unique), invalid records as puzzle lines, a summary', async () => {
    const lines = jsonLines((await run(['repair', '--json', mixed])).stdout);
    expect(lines.map((l) => l['type'])).toEqual(['repair', 'repair', 'repair', 'puzzle', 'summary']);
    expect(lines[0]).toMatchObject({ status: 'unique', repaired: false, label: 'hard1', puzzle: HARD1 });
    expect(lines[1]).toMatchObject({ status: 'unique', repaired: true, original: MULTIPLE, proven: true });
    expect(lines[2]).toMatchObject({ status: 'unique', repaired: true, original: NONE });
    expect((lines[2]!['removed'] as unknown[]).length).toBeGreaterThan(0);
    expect(lines[3]).toMatchObject({ status: 'invalid', code: 'CELL_COUNT' });
  });

  test('grade: graded, multiple, none and invalid in the same words', async () => {
    const lines = jsonLines((await run(['grade', '--json', mixed])).stdout);
    expect(lines.map((l) => l['status'])).toEqual(['graded', 'multiple', 'none', 'invalid']);
    expect(lines[0]).toMatchObject({ type: 'puzzle', unique: true, level: expect.any(String), rating: expect.any(Number) });
    expect(lines[1]).toMatchObject({ code: 'MULTIPLE_SOLUTIONS' });
    expect(lines[2]).toMatchObject({ code: 'NO_SOLUTION' });
    // Graded without uniqueness techniques, a puzzle with several solutions is graded, and says so.
    const loose = jsonLines((await run(['grade', '--json', '--no-uniqueness', '-'], `${MULTIPLE}\n`)).stdout);
    expect(loose[0]).toMatchObject({ status: 'graded', unique: false });
  });

  test('explain and hint give the steps as data, with their text', async () => {
    const explained = jsonLines((await run(['explain', '--json', EASY])).stdout);
    expect(explained).toHaveLength(1);
    const steps = explained[0]!['steps'] as { technique: string; text: string; placements: { cell: number; digit: number }[] }[];
    expect(explained[0]).toMatchObject({ status: 'graded', grade: { level: expect.any(String) } });
    expect(steps.length).toBeGreaterThan(40);
    for (const step of steps) {
      expect(step.text.length).toBeGreaterThan(5);
      for (const p of step.placements) expect(p.cell).toBeGreaterThanOrEqual(0);
    }
    const hint = jsonLines((await run(['hint', '--json', EASY])).stdout);
    expect(hint[0]).toMatchObject({ status: 'graded', solved: false, step: { technique: steps[0]!.technique, text: steps[0]!.text } });
    const failed = jsonLines((await run(['hint', '--json', MULTIPLE])).stdout);
    expect(failed[0]).toMatchObject({ status: 'multiple', code: 'MULTIPLE_SOLUTIONS' });
  });

  test('generate: puzzle lines, and an error line when the run stops', async () => {
    const made = jsonLines((await run(['generate', '--json', '-n', '2', '-d', 'easy', '--seed', 'j', '-j', '1'])).stdout);
    expect(made.map((l) => l['index'])).toEqual([1, 2]);
    expect(made[0]).toMatchObject({ type: 'puzzle', status: 'graded', level: 'easy' });
    const missed = await run(['generate', '--json', '-n', '3', '-d', 'extreme', '--seed', 'j', '--max-attempts', '1', '-j', '1']);
    expect(missed.code).toBe(1);
    const lines = jsonLines(missed.stdout);
    expect(lines[lines.length - 1]).toMatchObject({ type: 'error', code: 'MAX_ATTEMPTS' });
  });

  test('templates: one template per line', async () => {
    const lines = jsonLines((await run(['templates', '--json'])).stdout);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.every((l) => l['type'] === 'template')).toBe(true);
  });
});

describe('the one progress display', () => {
  function sink(): { stream: Writable; text: () => string } {
    let text = '';
    return { stream: new Writable({ write: (chunk, _e, done) => ((text += String(chunk)), done()) }), text: () => text };
  }
  const io = (err: Writable, tty: boolean) => ({ stdout: err, stderr: err, stdin: Readable.from([]), stderrIsTTY: tty });

  test('shows a redrawn line with rate and time left on a terminal, and clears it', () => {
    const err = sink();
    const progress = new Progress(io(err.stream, true), 'graded', 10);
    progress.update(10);
    progress.clear();
    expect(err.text()).toMatch(/^\r\[#{24}\] graded 10\/10 \([\d.,]+\/s\)\x1b\[K\r\x1b\[K$/);
  });

  test('shows nothing when stderr is not a terminal, but notes still go out', () => {
    const err = sink();
    const progress = new Progress(io(err.stream, false), 'graded', 10);
    for (let i = 1; i <= 10; i++) progress.update(i);
    progress.note('read 10 puzzles');
    progress.clear();
    expect(err.text()).toBe('read 10 puzzles\n');
  });
});
