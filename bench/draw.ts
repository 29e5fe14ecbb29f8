/**
 * `npm run bench:draw`: pictures of puzzles.
 *  - the built CLI (dist/) in a fresh process drawing the first 1,000 puzzles of 17clue.txt as PNG
 *    (600 px and 300 px), SVG and PDF (3 in): wall time, pictures per second;
 *  - in-process, per picture: the SVG text (src/draw), and the PNG (SVG + resvg raster + encode),
 *    so the share of the rasteriser is plain.
 * Medians of BENCH_ROUNDS runs (default 3). Target: 1,000 PNGs in a few seconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Picture = typeof import('../src/render/picture.js');
type Draw = typeof import('../src/draw/index.js');

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const COUNT = 1000;
const CLI = join(ROOT, 'dist', 'cli', 'main.js');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function cliRun(file: string, args: string[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-draw-'));
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, 'draw', file, '-o', dir, '-q', ...args], { encoding: 'utf8' });
  const ms = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`draw ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return ms;
}

async function main(): Promise<void> {
  const puzzles = readFileSync(join(DATA, '17clue.txt'), 'utf8')
    .split('\n')
    .filter((line) => /^[0-9.]{81}/.test(line))
    .slice(0, COUNT)
    .map((line) => line.slice(0, 81));
  const file = join(mkdtempSync(join(tmpdir(), 'sudoku-draw-in-')), 'puzzles.txt');
  writeFileSync(file, puzzles.join('\n') + '\n');
  console.log(`draw: ${puzzles.length} puzzles of 17clue.txt, medians of ${ROUNDS} runs`);
  console.log('| what | wall (s) | pictures/s |');
  console.log('|---|---|---|');
  for (const [name, args] of [
    ['CLI, PNG 600 px', ['-f', 'png', '--size', '600']],
    ['CLI, PNG 300 px', ['-f', 'png', '--size', '300']],
    ['CLI, SVG', ['-f', 'svg']],
    ['CLI, PDF 3 in', ['-f', 'pdf', '--size', '3in']],
  ] as const) {
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) times.push(cliRun(file, [...args]));
    const ms = median(times);
    console.log(`| ${name} | ${(ms / 1000).toFixed(2)} | ${Math.round((puzzles.length * 1000) / ms)} |`);
  }

  const { renderPicture } = (await import(pathToFileURL(join(ROOT, 'dist', 'render', 'picture.js')).href)) as Picture;
  const { drawBoard } = (await import(pathToFileURL(join(ROOT, 'dist', 'draw', 'index.js')).href)) as Draw;
  const sample = puzzles.slice(0, 200);
  const svgTimes: number[] = [];
  const pngTimes: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t = performance.now();
    for (const p of sample) drawBoard({ givens: p }, { size: 600 });
    svgTimes.push((performance.now() - t) / sample.length);
    t = performance.now();
    for (const p of sample) await renderPicture({ givens: p }, { format: 'png', size: 600 });
    pngTimes.push((performance.now() - t) / sample.length);
  }
  const svg = median(svgTimes);
  const png = median(pngTimes);
  console.log(`in-process, 600 px: SVG text ${svg.toFixed(3)} ms/picture, PNG ${png.toFixed(2)} ms/picture (the SVG is ${((svg / png) * 100).toFixed(1)}% of it; the rest is resvg's raster and PNG encoding)`);
}

await main();
