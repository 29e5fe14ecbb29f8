import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { drawVariantBoard } from '../src/draw/index.js';
import { formatVariantLine } from '../src/formats/line.js';
import { classicRules, withCages, withExtraRegions } from '../src/rules/index.js';
import { run, runBinary } from './helpers/cli.js';
import {
  DRAWN_VARIANTS,
  boxesOverlap,
  cellGeometry,
  linesOf,
  onSomeLine,
  pathSegments,
  segmentHitsBox,
  sumBoxes,
  textsOf,
  variantPuzzle,
} from './helpers/variant-svg.js';

const SIZE = 600;

describe.each(DRAWN_VARIANTS)('drawVariantBoard: %s', (variant) => {
  const p = variantPuzzle(variant);
  const { rules } = p;
  const givensSvg = drawVariantBoard({ rules, givens: p.givens }, { size: SIZE });
  const solvedSvg = drawVariantBoard({ rules, givens: p.givens, values: p.solution }, { size: SIZE, theme: 'grey' });

  test('a heavy line between every two cells of different regions (boxes or jigsaw pieces), a thin one inside a region, heavy at the frame', () => {
    const { c, left, top } = cellGeometry(rules, SIZE);
    const borders = linesOf(givensSvg, 'region-border');
    const frame = linesOf(givensSvg, 'frame');
    // Thin lines carry no class.
    const thinLines = [...givensSvg.matchAll(/<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number]);
    const box = rules.boxShape;
    const region = (cell: number) => (box ? `${Math.floor(rules.rowOf[cell]! / box.rows)},${Math.floor(rules.colOf[cell]! / box.cols)}` : String(rules.regionOf[cell]));
    let heavyEdges = 0;
    for (let row = 0; row < rules.height; row++) {
      for (let col = 0; col < rules.width; col++) {
        const a = rules.cellAt[row * rules.width + col]!;
        for (const [dr, dc] of [
          [0, 1],
          [1, 0],
          [0, -1],
          [-1, 0],
        ] as const) {
          const r2 = row + dr;
          const c2 = col + dc;
          const b = r2 < 0 || c2 < 0 || r2 >= rules.height || c2 >= rules.width ? -1 : rules.cellAt[r2 * rules.width + c2]!;
          if (a < 0 && b < 0) continue;
          // The middle of the shared edge.
          const x = left + (dc === 0 ? col + 0.5 : col + (dc > 0 ? 1 : 0)) * c;
          const y = top + (dr === 0 ? row + 0.5 : row + (dr > 0 ? 1 : 0)) * c;
          if (a < 0 || b < 0) {
            expect(onSomeLine(x, y, frame), `frame at ${row},${col} ${dr},${dc}`).toBe(true);
          } else if (region(a) !== region(b)) {
            heavyEdges++;
            expect(onSomeLine(x, y, borders), `border between r${row + 1}c${col + 1} and r${r2 + 1}c${c2 + 1}`).toBe(true);
          } else {
            expect(onSomeLine(x, y, borders), `no border inside a region at r${row + 1}c${col + 1}`).toBe(false);
            expect(onSomeLine(x, y, thinLines), `thin line at r${row + 1}c${col + 1}`).toBe(true);
          }
        }
      }
    }
    expect(heavyEdges).toBeGreaterThan(0);
    // Region borders as heavy as the frame (box borders in a classic drawing).
    const widths = new Set([...givensSvg.matchAll(/<line class="(?:region-border|frame)"[^>]*stroke-width="([\d.]+)"/g)].map((m) => m[1]));
    expect(widths.size).toBe(1);
  });

  test('one dashed outline per cage, set inside its cells; one sum per cage with a sum', () => {
    const cages = pathSegments(solvedSvg, 'cage');
    expect(cages).toHaveLength(rules.cages.length);
    const { c, left, top } = cellGeometry(rules, SIZE);
    for (const cage of cages) {
      const cells = rules.cages[Number(cage.data['cage'])]!.cells;
      expect(cage.segments.length).toBeGreaterThan(0);
      for (const [x1, y1, x2, y2] of cage.segments) {
        for (const [x, y] of [
          [x1, y1],
          [x2, y2],
          [(x1 + x2) / 2, (y1 + y2) / 2],
        ] as const) {
          // Inside one of the cage's cells, at least 0.05 of a cell from its edges.
          const inside = [...cells].some((cell) => {
            const cx = left + rules.colOf[cell]! * c;
            const cy = top + rules.rowOf[cell]! * c;
            return x >= cx - 0.01 && x <= cx + c + 0.01 && y >= cy - 0.01 && y <= cy + c + 0.01;
          });
          expect(inside).toBe(true);
          const gridX = Math.abs((x - left) / c - Math.round((x - left) / c));
          const gridY = Math.abs((y - top) / c - Math.round((y - top) / c));
          // Off the grid line it runs along: a horizontal line off every row line, a vertical one off every column line.
          expect(y1 === y2 ? gridY : gridX).toBeGreaterThan(0.05);
        }
      }
    }
    const sums = textsOf(solvedSvg, 'cage-sum');
    expect(sums.map((s) => Number(s.text))).toEqual(rules.cages.filter((cage) => cage.sum > 0).map((cage) => cage.sum));
    expect(sumBoxes(solvedSvg)).toHaveLength(sums.length);
    if (variant === 'killer') expect(sums.length).toBeGreaterThan(20);
  });

  test('sums on their knock-outs: no cage line, grid line, diagonal or digit crosses them, and the digits are clear of every line but their cells', () => {
    const boxes = sumBoxes(solvedSvg);
    const cageSegments = pathSegments(solvedSvg, 'cage').flatMap((p) => p.segments);
    const diagonal = pathSegments(solvedSvg, 'diagonal').flatMap((p) => p.segments);
    const allLines = [...solvedSvg.matchAll(/<line[^>]*x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number]);
    const digits = [...textsOf(solvedSvg, 'given'), ...textsOf(solvedSvg, 'filled')];
    expect(digits).toHaveLength(rules.cellCount);
    for (const box of boxes) {
      for (const s of [...cageSegments, ...diagonal, ...allLines]) expect(segmentHitsBox(s, box)).toBe(false);
      for (const d of digits) expect(boxesOverlap(box, d.box)).toBe(false);
      const text = textsOf(solvedSvg, 'cage-sum').find((t) => boxesOverlap(t.box, box))!;
      expect(text.box.x0 >= box.x0 - 0.5 && text.box.x1 <= box.x1 + 0.5 && text.box.y0 >= box.y0 && text.box.y1 <= box.y1).toBe(true);
    }
    for (const d of digits) {
      for (const s of [...cageSegments, ...diagonal]) expect(segmentHitsBox(s, d.box)).toBe(false);
    }
  });

  test('same input, same bytes', () => {
    expect(drawVariantBoard({ rules, givens: p.givens }, { size: SIZE })).toBe(givensSvg);
  });
});

describe('drawVariantBoard: what each rule adds', () => {
  test('X: two light diagonals; windoku: 36 tinted cells; jigsaw: no box lines at multiples of 3 where pieces run across', () => {
    const x = variantPuzzle('x');
    expect(pathSegments(drawVariantBoard({ rules: x.rules, givens: x.givens }), 'diagonal')).toHaveLength(2);
    const w = variantPuzzle('windoku');
    expect([...drawVariantBoard({ rules: w.rules, givens: w.givens }).matchAll(/class="extra-house"/g)]).toHaveLength(36);
    const j = variantPuzzle('jigsaw');
    const tinted = drawVariantBoard({ rules: j.rules, givens: j.givens }, { regionTint: true });
    // A tint per cell of every piece but those left white; neighbouring pieces never share a tint.
    const tints = new Map<number, string>();
    for (const m of tinted.matchAll(/<rect class="region-tint" data-cell="(\d+)" data-region="(\d+)"[^>]*fill="([^"]+)"/g)) tints.set(Number(m[1]), m[3]!);
    expect(tints.size).toBeGreaterThan(20);
    for (let cell = 0; cell < 81; cell++) {
      const right = cell % 9 < 8 ? cell + 1 : -1;
      if (right >= 0 && j.rules.regionOf[cell] !== j.rules.regionOf[right]) expect(tints.get(cell) ?? 'white').not.toBe(tints.get(right) ?? 'white');
    }
  });

  test('16x16: digits 1-9 then A-G, or 1-16 as an option; Samurai: one 21x21 figure of 369 cells', () => {
    const p = variantPuzzle('16x16');
    const letters = textsOf(drawVariantBoard({ rules: p.rules, givens: p.givens, values: p.solution }), 'filled').map((t) => t.text);
    expect(new Set(letters)).toEqual(new Set('123456789ABCDEFG'));
    const numbers = textsOf(drawVariantBoard({ rules: p.rules, givens: p.givens, values: p.solution }, { digits: 'numbers' }), 'filled').map((t) => t.text);
    expect(new Set(numbers)).toEqual(new Set(Array.from({ length: 16 }, (_, i) => String(i + 1))));
    const s = variantPuzzle('samurai');
    const svg = drawVariantBoard({ rules: s.rules, givens: s.givens, values: s.solution }, { size: 630 });
    expect([...textsOf(svg, 'given'), ...textsOf(svg, 'filled')]).toHaveLength(369);
    // No line in the empty corners between the outer grids (rows 1-6, columns 10-12).
    const { c, left, top } = cellGeometry(s.rules, 630);
    const corner = { x0: left + 9 * c + 1, y0: top + 1, x1: left + 12 * c - 1, y1: top + 6 * c - 1 };
    const lines = [...svg.matchAll(/<line[^>]*x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number]);
    expect(lines.filter((l) => segmentHitsBox(l, corner))).toEqual([]);
  });

  test('digits that are not one per rules cell, a bad size or theme: a DrawError naming it', () => {
    const p = variantPuzzle('samurai');
    expect(() => drawVariantBoard({ rules: p.rules, givens: p.givens.subarray(0, 81) })).toThrow(/a samurai board has 369 cells, not 81/);
    expect(() => drawVariantBoard({ rules: p.rules, givens: p.givens, values: new Uint8Array(5) })).toThrow(expect.objectContaining({ code: 'BAD_DRAW_INPUT' }));
    expect(() => drawVariantBoard({ rules: p.rules, givens: p.givens }, { size: -1 })).toThrow(/size must be a positive number/);
    expect(() => drawVariantBoard({ rules: p.rules, givens: p.givens }, { theme: 'sepia' as 'grey' })).toThrow(/unknown theme 'sepia'/);
  });

  test('extra regions side by side: each tinted and outlined inside its own cells, so that two read as two', () => {
    const houses = [
      [1, 2, 3, 10, 11, 12, 19, 20, 21],
      [4, 5, 6, 13, 14, 15, 22, 23, 24],
    ];
    const rules = withExtraRegions(classicRules(9), houses);
    const svg = drawVariantBoard({ rules, givens: new Uint8Array(81) }, { size: SIZE });
    expect([...svg.matchAll(/class="extra-house"/g)]).toHaveLength(18);
    const outlines = pathSegments(svg, 'extra-house-outline');
    expect(outlines).toHaveLength(2);
    const { c, left, top } = cellGeometry(rules, SIZE);
    outlines.forEach((o, k) => {
      for (const [x1, y1, x2, y2] of o.segments) {
        for (const [x, y] of [
          [x1, y1],
          [x2, y2],
        ] as const) {
          const col = Math.floor((x - left) / c);
          const row = Math.floor((y - top) / c);
          expect(houses[k]).toContain(row * 9 + col);
        }
      }
    });
  });

  test('a cage of one cell and cages whose first cell is on a concave corner still get their sum clear of every line', () => {
    const rules = withCages(classicRules(9), [
      { cells: [0], sum: 5 },
      { cells: [1, 2, 10, 11, 19], sum: 25 },
      { cells: [9, 18, 27, 28, 29], sum: 30 },
      { cells: [20, 21], sum: 3 },
    ]);
    const svg = drawVariantBoard({ rules, givens: new Uint8Array(81) });
    const segments = pathSegments(svg, 'cage').flatMap((p) => p.segments);
    const boxes = sumBoxes(svg);
    expect(boxes).toHaveLength(4);
    for (const box of boxes) for (const s of segments) expect(segmentHitsBox(s, box)).toBe(false);
  });
});

describe('sudoku-press draw: variants', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-draw-variants-'));
  const input = join(dir, 'variants.txt');
  writeFileSync(input, DRAWN_VARIANTS.map((v) => formatVariantLine(variantPuzzle(v))).join('\n') + '\n');

  test('reads every variant line and writes SVG, PNG and PDF of each', async () => {
    for (const format of ['svg', 'png', 'pdf']) {
      const out = join(dir, format);
      const result = await run(['draw', input, '-f', format, '-o', out, '--solution', '-q']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const files = readdirSync(out).sort();
      expect(files).toHaveLength(DRAWN_VARIANTS.length);
      const first = readFileSync(join(out, files[0]!));
      if (format === 'png') expect(first.subarray(1, 4).toString()).toBe('PNG');
      if (format === 'pdf') expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const killer = readFileSync(join(dir, 'svg', `puzzle-${String(DRAWN_VARIANTS.indexOf('killer') + 1).padStart(4, '0')}.svg`), 'utf8');
    expect([...killer.matchAll(/class="cage"/g)]).toHaveLength(variantPuzzle('killer').rules.cages.length);
    expect(killer).toContain('<title>Sudoku (killer)</title>');
  });

  test('a variant puzzle as an argument; --digits numbers for 16x16; a bad --digits is a usage error', async () => {
    const out = join(dir, 'arg');
    const line = formatVariantLine(variantPuzzle('16x16'));
    const result = await run(['draw', line, '-f', 'svg', '-o', out, '--digits', 'numbers', '--solution', '-q']);
    expect(result.code).toBe(0);
    const svg = readFileSync(join(out, 'puzzle-0001.svg'), 'utf8');
    expect(svg).toContain('>16</text>');
    const bad = await run(['draw', line, '-f', 'svg', '-o', out, '--digits', 'roman']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--digits must be letters or numbers');
  });

  test('the built program with worker threads (-j 2, more than one batch of 16) writes the same files as one thread', () => {
    const many = join(dir, 'many.txt');
    const lines = ['killer', 'jigsaw', 'samurai'].map((v) => formatVariantLine(variantPuzzle(v as 'killer')));
    writeFileSync(many, Array.from({ length: 18 }, (_, k) => lines[k % 3]).join('\n') + '\n');
    const one = runBinary(['draw', many, '-f', 'png', '--size', '200', '-o', join(dir, 'j1'), '-q']);
    const two = runBinary(['draw', many, '-f', 'png', '--size', '200', '-o', join(dir, 'j2'), '-j', '2', '-q']);
    expect([one.code, one.stderr, two.code, two.stderr]).toEqual([0, '', 0, '']);
    const files = readdirSync(join(dir, 'j1')).sort();
    expect(files).toHaveLength(18);
    for (const file of files) expect(readFileSync(join(dir, 'j2', file)).equals(readFileSync(join(dir, 'j1', file))), file).toBe(true);
  }, 120_000);
});
