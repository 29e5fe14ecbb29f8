import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, runBinary } from './helpers/cli.js';

const HARD1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SEVERAL = '.'.repeat(81);

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'sudoku-draw-test-'));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('sudoku-press draw', () => {
  it('writes one PNG per puzzle, named by index, and reports the ones it leaves out', async () => {
    const dir = scratch();
    const input = join(dir, 'in.txt');
    writeFileSync(input, `${HARD1}\n${EASY.slice(0, 80)}\n${EASY}\n${SEVERAL}\n`);
    const out = join(dir, 'pics');
    const result = await run(['draw', input, '-o', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${input}:2: left out: expected 81 cells`);
    expect(result.stderr).toContain(`${input}:4: left out: several solutions`);
    expect(result.stderr).toContain(`drew 2 pictures in ${out}; 2 left out`);
    expect(readdirSync(out).sort()).toEqual(['puzzle-0001.png', 'puzzle-0003.png']);
    expect(pngSize(readFileSync(join(out, 'puzzle-0001.png')))).toEqual([600, 600]);
  });

  it('sizes in inches at a dpi; SVG and PDF are the same bytes every time', async () => {
    const dir = scratch();
    expect((await run(['draw', HARD1, '-o', dir, '--size', '2in', '--dpi', '150'])).code).toBe(0);
    expect(pngSize(readFileSync(join(dir, 'puzzle-0001.png')))).toEqual([300, 300]);
    for (const format of ['svg', 'pdf', 'png']) {
      const a = join(dir, 'a');
      const b = join(dir, 'b');
      expect((await run(['draw', HARD1, '-o', a, '-f', format, '--candidates', '--theme', 'grey'])).code).toBe(0);
      expect((await run(['draw', HARD1, '-o', b, '-f', format, '--candidates', '--theme', 'grey'])).code).toBe(0);
      const first = readFileSync(join(a, `puzzle-0001.${format}`));
      expect(first.equals(readFileSync(join(b, `puzzle-0001.${format}`))), format).toBe(true);
    }
    const pdf = readFileSync(join(dir, 'a', 'puzzle-0001.pdf'), 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/MediaBox \[0 0 450 450\]/); // 600 px at 96 dpi = 6.25 in = 450 pt
  });

  it('worker threads (--jobs 2, batches of 16) write the same files as one thread, left-out puzzles included', async () => {
    const dir = scratch();
    const input = join(dir, 'in.txt');
    const shift = (puzzle: string, k: number) => puzzle.replace(/[1-9]/g, (d) => String(((Number(d) + k - 1) % 9) + 1));
    const lines: string[] = [];
    for (let k = 0; k < 18; k++) lines.push(shift(HARD1, k % 9), shift(EASY, k % 9));
    lines.splice(20, 0, SEVERAL);
    writeFileSync(input, lines.join('\n') + '\n');
    for (const format of ['png', 'pdf']) {
      // One thread: in this process, as the other tests here (the binary's run is the --jobs 2 one;
      // signals-all.test.ts starts the binary's draw as well).
      const one = await run(['draw', input, '-o', join(dir, `${format}-1`), '-f', format, '--size', '120', '--jobs', '1']);
      const two = runBinary(['draw', input, '-o', join(dir, `${format}-2`), '-f', format, '--size', '120', '--jobs', '2']);
      expect([one.code, two.code]).toEqual([1, 1]);
      expect(two.stderr).toBe(one.stderr.replace(`${format}-1`, `${format}-2`));
      const files = readdirSync(join(dir, `${format}-1`)).sort();
      expect(files.length).toBe(36);
      expect(readdirSync(join(dir, `${format}-2`)).sort()).toEqual(files);
      for (const file of files) {
        expect(readFileSync(join(dir, `${format}-2`, file)).equals(readFileSync(join(dir, `${format}-1`, file))), file).toBe(true);
      }
    }
  });

  it('--solution fills every cell; --candidates draws pencil marks', async () => {
    const dir = scratch();
    expect((await run(['draw', EASY, '-o', dir, '-f', 'svg', '--solution'])).code).toBe(0);
    const svg = readFileSync(join(dir, 'puzzle-0001.svg'), 'utf8');
    expect(svg.match(/class="given"/g)!.length).toBe(30);
    expect(svg.match(/class="filled"/g)!.length).toBe(51);
    expect((await run(['draw', EASY, '-o', dir, '-f', 'svg', '--candidates', '--force'])).code).toBe(0);
    const marks = readFileSync(join(dir, 'puzzle-0001.svg'), 'utf8');
    expect(marks.match(/class="filled"/g)).toBeNull();
    expect(marks.match(/<text /g)!.length).toBeGreaterThan(81);
  });

  it('--candidates under any rules: odd/even marks, killer cage sums and other sizes limit the pencil marks', async () => {
    const made = readFileSync(new URL('./fixtures/variant-book.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { variant: string; puzzle: string });
    const line = (variant: string) => made.find((m) => m.variant === variant)!.puzzle;
    const dir = scratch();
    const input = join(dir, 'in.txt');
    writeFileSync(input, ['killer', 'oddeven', '6x6', '16x16'].map(line).join('\n'));
    expect((await run(['draw', input, '-o', dir, '-f', 'svg', '--candidates', '-q'])).code).toBe(0);
    const marks = (file: string) => {
      const byCell = new Map<number, number[]>();
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/<text class="candidate" data-cell="(\d+)" data-digit="(\d+)"/g)) {
        byCell.set(Number(m[1]), [...(byCell.get(Number(m[1])) ?? []), Number(m[2])]);
      }
      return byCell;
    };
    const { parseVariantLine } = await import('../src/formats/line.js');
    // Killer: no givens, so every cell has marks; a cage's marks are the digits of the sums it can make.
    const killer = parseVariantLine(line('killer')).rules;
    const k = marks('puzzle-0001.svg');
    expect(k.size).toBe(81);
    for (const cage of killer.cages) {
      const lo = (cage.cells.length * (cage.cells.length + 1)) / 2;
      const hi = (cage.cells.length * (19 - cage.cells.length)) / 2;
      expect(cage.sum >= lo && cage.sum <= hi).toBe(true);
      for (const cell of cage.cells) {
        const digits = k.get(cell)!;
        // The smallest digit a cell can hold: the sum less the most the other cells can make (and at least 1).
        const others = cage.cells.length - 1;
        const most = (others * (19 - others)) / 2;
        expect(Math.min(...digits), `cell ${cell} of a ${cage.cells.length}-cell ${cage.sum} cage`).toBeGreaterThanOrEqual(Math.max(1, cage.sum - most));
      }
    }
    expect([...k.values()].some((d) => d.length < 9)).toBe(true);
    // Odd/even: a marked empty cell shows only digits of its parity.
    const oddeven = parseVariantLine(line('oddeven'));
    const o = marks('puzzle-0002.svg');
    let marked = 0;
    for (const [cell, digits] of o) {
      const parity = oddeven.rules.parityOf[cell]!;
      if (parity === 0) continue;
      marked++;
      expect(digits.every((d) => d % 2 === (parity === 1 ? 1 : 0)), `cell ${cell}`).toBe(true);
    }
    expect(marked).toBeGreaterThan(0);
    // 6x6 and 16x16: the digits of the size, none a given of the cell's row.
    for (const [file, variant, size] of [['puzzle-0003.svg', '6x6', 6], ['puzzle-0004.svg', '16x16', 16]] as const) {
      const { rules, givens } = parseVariantLine(line(variant));
      const m = marks(file);
      expect(m.size).toBe([...givens].filter((g) => g === 0).length);
      for (const [cell, digits] of m) {
        expect(Math.max(...digits)).toBeLessThanOrEqual(size);
        const row = rules.rowOf[cell]!;
        for (let other = 0; other < rules.cellCount; other++) if (rules.rowOf[other] === row && givens[other] !== 0) expect(digits).not.toContain(givens[other]);
      }
    }
  });

  it('--name label names files after labels, numbering the missing and the repeated', async () => {
    const dir = scratch();
    const input = join(dir, 'in.txt');
    writeFileSync(input, `${HARD1} Daily #12 (hard)\n${EASY} Daily #12 (hard)\n${EASY}\n${HARD1} ../../etc/passwd\n`);
    const result = await run(['draw', input, '-o', join(dir, 'p'), '--name', 'label', '-f', 'svg']);
    expect(result.code).toBe(0);
    expect(readdirSync(join(dir, 'p')).sort()).toEqual(['Daily-12-hard-2.svg', 'Daily-12-hard.svg', 'etc-passwd.svg', 'puzzle-0003.svg']);
  });

  it('never replaces a file without --force', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'puzzle-0001.png'), 'mine');
    const result = await run(['draw', HARD1, '-o', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`sudoku-press: ${join(dir, 'puzzle-0001.png')} already exists (use --force to replace it)\n`);
    expect(readFileSync(join(dir, 'puzzle-0001.png'), 'utf8')).toBe('mine');
    expect((await run(['draw', HARD1, '-o', dir, '--force'])).code).toBe(0);
    expect(readdirSync(dir)).toEqual(['puzzle-0001.png']); // no partial file left behind
  });

  it('--no-check draws a puzzle with several solutions', async () => {
    const dir = scratch();
    expect((await run(['draw', SEVERAL, '-o', dir, '--no-check', '-f', 'svg'])).code).toBe(0);
    expect(existsSync(join(dir, 'puzzle-0001.svg'))).toBe(true);
  });

  it.each([
    [['-f', 'gif'], /--format must be png, svg or pdf/],
    [['--jobs', '0'], /--jobs wants a positive whole number, not '0'/],
    [['--size', 'big'], /--size wants a length/],
    [['--size', '20'], /pictures are 50 to 10000 px wide/],
    [['--dpi', '0'], /--dpi wants a number/],
    [['--theme', 'pink'], /--theme must be color or grey/],
    [['--name', 'random'], /--name must be index or label/],
    [['--font', '/no/such.ttf'], /cannot read the font '\/no\/such.ttf'/],
    [['--font', 'package.json'], /cannot read the font 'package.json'/],
  ])('usage error %j: one line, exit 2, nothing written', async (args, message) => {
    const dir = join(scratch(), 'never');
    const result = await run(['draw', HARD1, '-o', dir, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(dir)).toBe(false);
  });

  it('a missing input file is a usage error', async () => {
    const result = await run(['draw', 'no-such-file.txt', '-o', scratch()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/neither a file nor an 81-cell puzzle/);
  });
});
