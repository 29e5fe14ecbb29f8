/**
 * `npm run bench:draw`: pictures of puzzles.
 *  - the built CLI (dist/) in a fresh process drawing the first 1,000 puzzles of 17clue.txt as PNG
 *    (600 px and 300 px), SVG and PDF (3 in), in one thread (the default) and in a worker thread
 *    per core: wall time, CPU time of all threads, pictures per second;
 *  - in-process, per 600 px picture: the SVG text (src/draw), resvg's raster, and the PNG encoding
 *    (ours, src/render/png.ts, against resvg's asPng in the same run); a 3 in PDF.
 * Medians of BENCH_ROUNDS runs (default 3). Target: 1,000 PNGs in a few seconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './stats.js';

type Picture = typeof import('../src/render/picture.js');
type Draw = typeof import('../src/draw/index.js');
type Png = typeof import('../src/render/png.js');
type Outlines = typeof import('../src/render/font-outlines.js');

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const COUNT = 1000;
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const CORES = String(availableParallelism());

/**
 * One CLI run in a fresh process: wall time, and CPU time of the whole process (all its threads:
 * getrusage, read by a hook loaded before the CLI), which a loaded machine leaves comparable.
 */
function cliRun(file: string, args: string[], hook: string): { ms: number; cpuMs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-draw-'));
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, CLI, 'draw', file, '-o', dir, '-q', ...args], { encoding: 'utf8' });
  const ms = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`draw ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  const cpu = /bench-cpu (\d+)/.exec(result.stderr);
  if (!cpu) throw new Error('no CPU time reported');
  return { ms, cpuMs: Number(cpu[1]) / 1000 };
}

async function main(): Promise<void> {
  const puzzles = readFileSync(join(DATA, '17clue.txt'), 'utf8')
    .split('\n')
    .filter((line) => /^[0-9.]{81}/.test(line))
    .slice(0, COUNT)
    .map((line) => line.slice(0, 81));
  const scratch = mkdtempSync(join(tmpdir(), 'sudoku-draw-in-'));
  const file = join(scratch, 'puzzles.txt');
  writeFileSync(file, puzzles.join('\n') + '\n');
  const hook = join(scratch, 'cpu-hook.mjs');
  writeFileSync(hook, "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`bench-cpu ${u.user + u.system}\\n`); });\n");
  console.log(`draw: ${puzzles.length} puzzles of 17clue.txt, medians of ${ROUNDS} runs`);
  console.log('| what | wall (s) | CPU, all threads (s) | pictures/s |');
  console.log('|---|---|---|---|');
  for (const [name, args] of [
    ['CLI, PNG 600 px, 1 thread', ['-f', 'png', '--size', '600', '--jobs', '1']],
    ['CLI, PNG 600 px, a thread per core', ['-f', 'png', '--size', '600', '--jobs', CORES]],
    ['CLI, PNG 300 px, 1 thread', ['-f', 'png', '--size', '300', '--jobs', '1']],
    ['CLI, SVG', ['-f', 'svg', '--jobs', '1']],
    ['CLI, PDF 3 in, 1 thread', ['-f', 'pdf', '--size', '3in', '--jobs', '1']],
    ['CLI, PDF 3 in, a thread per core', ['-f', 'pdf', '--size', '3in', '--jobs', CORES]],
  ] as const) {
    const runs: { ms: number; cpuMs: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) runs.push(cliRun(file, [...args], hook));
    const ms = median(runs.map((run) => run.ms));
    const cpuMs = median(runs.map((run) => run.cpuMs));
    console.log(`| ${name} | ${(ms / 1000).toFixed(2)} | ${(cpuMs / 1000).toFixed(2)} | ${Math.round((puzzles.length * 1000) / ms)} |`);
  }

  // The modules file for file (dist/esm/): the CLI's are bundled.
  const load = async <T>(path: string) => (await import(pathToFileURL(join(ROOT, 'dist', 'esm', path)).href)) as T;
  const { renderPicture } = await load<Picture>('render/picture.js');
  const { boardScene, sceneToSvg } = await load<Draw>('draw/index.js');
  const { encodeIndexedPng } = await load<Png>('render/png.js');
  const { loadFontOutlines } = await load<Outlines>('render/font-outlines.js');
  const { Resvg } = await import('@resvg/resvg-js');
  const glyphs = loadFontOutlines();
  const sample = puzzles.slice(0, 200);
  const times: Record<'svg' | 'raster' | 'ours' | 'resvg' | 'png' | 'pdf', number[]> = { svg: [], raster: [], ours: [], resvg: [], png: [], pdf: [] };
  for (const p of sample) await renderPicture({ givens: p }, { format: 'png', size: 600 }); // the digits' pieces cached, as in a long run
  for (let r = 0; r < ROUNDS; r++) {
    const round = { svg: 0, raster: 0, ours: 0, resvg: 0, png: 0, pdf: 0 };
    for (const p of sample) {
      let t = performance.now();
      const svg = sceneToSvg(boardScene({ givens: p }, { size: 600, glyphs }));
      round.svg += performance.now() - t;
      t = performance.now();
      const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
      round.raster += performance.now() - t;
      t = performance.now();
      encodeIndexedPng(image.pixels, image.width, image.height);
      round.ours += performance.now() - t;
      t = performance.now();
      image.asPng();
      round.resvg += performance.now() - t;
      t = performance.now();
      await renderPicture({ givens: p }, { format: 'png', size: 600 });
      round.png += performance.now() - t;
      t = performance.now();
      await renderPicture({ givens: p }, { format: 'pdf', size: 288 });
      round.pdf += performance.now() - t;
    }
    for (const key of Object.keys(round) as (keyof typeof round)[]) times[key].push(round[key] / sample.length);
  }
  const [svg, raster, ours, resvg, png, pdf] = (['svg', 'raster', 'ours', 'resvg', 'png', 'pdf'] as const).map((key) => median(times[key]));
  console.log(
    `in-process, ms per 600 px picture: SVG text ${svg!.toFixed(2)}; rendered whole: resvg raster ${raster!.toFixed(2)}, PNG encoding ${ours!.toFixed(2)} ` +
      `(resvg's asPng ${resvg!.toFixed(2)}: ours takes ${((ours! / resvg!) * 100).toFixed(0)}% of its time), so ${(svg! + raster! + resvg!).toFixed(2)} before and ${(svg! + raster! + ours!).toFixed(2)} whole now; ` +
      `renderPicture (from cached pieces) ${png!.toFixed(2)}, ${((svg! + raster! + resvg!) / png!).toFixed(1)}x faster than before. A 3 in PDF ${pdf!.toFixed(2)}.`,
  );
}

await main();
