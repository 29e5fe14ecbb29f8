/**
 * `npm run bench:startup`: what it costs to start.
 *  - the CLI: `sudoku-press check` of one puzzle as a whole process, against `node -e 0`, in CPU
 *    time (user + system, read from the children's totals in /proc/self/stat), the two taking turns
 *    over ROUNDS rounds of RUNS processes each; the ratio of the medians (target: at most 1.5x).
 *    Two puzzles: a typical newspaper one and a hard one (more solver work before the JIT warms up).
 *  - `import` of each entry of the built package in a fresh process (CPU time of the import alone).
 *  - the browser bundle sizes (esbuild, minified, gzip -9): the four calls of the size budget, and
 *    parse + count alone.
 * Linux only for the CPU figures (/proc); the machine is shared, so only ratios and medians count.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { averagedMedian as median } from './stats.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const RUNS = 10;
const TICKS_PER_SECOND = 100;

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

/** CPU seconds (user + system) of this process's finished children so far. */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3).
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/** Mean CPU milliseconds of one process of `args`, over RUNS runs. */
function cpuPerRun(args: string[]): number {
  const before = childrenCpu();
  for (let i = 0; i < RUNS; i++) {
    const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
  }
  return ((childrenCpu() - before) / RUNS) * 1000;
}

function startup(): void {
  const dir = mkdtempSync(join(tmpdir(), 'sp-startup-'));
  const files = { easy: join(dir, 'easy.txt'), hard: join(dir, 'hard.txt') };
  writeFileSync(files.easy, `${EASY}\n`);
  writeFileSync(files.hard, `${HARD}\n`);
  const runs: Record<string, number[]> = { node: [], easy: [], hard: [], version: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs['node']!.push(cpuPerRun(['-e', '0']));
    runs['easy']!.push(cpuPerRun([CLI, 'check', files.easy]));
    runs['hard']!.push(cpuPerRun([CLI, 'check', files.hard]));
    runs['version']!.push(cpuPerRun([CLI, '--version']));
  }
  const base = median(runs['node']!);
  console.log(`\nCLI start-up, CPU ms per process (median of ${ROUNDS} rounds of ${RUNS}; the commands take turns)`);
  console.log('| command | CPU ms | ratio to node -e 0 |');
  console.log('|---|---:|---:|');
  const row = (name: string, key: string) => console.log(`| ${name} | ${median(runs[key]!).toFixed(1)} | ${(median(runs[key]!) / base).toFixed(2)}x |`);
  row('`node -e 0`', 'node');
  row('`sudoku-press check` (one newspaper puzzle)', 'easy');
  row('`sudoku-press check` (one hard puzzle)', 'hard');
  row('`sudoku-press --version` (loads no command)', 'version');
}

function importTimes(): void {
  console.log('\nimport of the built package in a fresh process, CPU ms of the import alone (median of 9)');
  for (const entry of ['dist/index.js', 'dist/node/index.js', 'dist/cjs/index.js']) {
    const url = new URL(entry, `file://${ROOT}`).href;
    const script = `const t=process.cpuUsage();await import(${JSON.stringify(url)});const u=process.cpuUsage(t);console.log((u.user+u.system)/1000)`;
    const times: number[] = [];
    for (let i = 0; i < 9; i++) times.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })));
    console.log(`  ${entry.padEnd(20)} ${median(times).toFixed(1)} ms`);
  }
}

async function bundleSizes(): Promise<void> {
  console.log('\nbrowser bundles of the portable entry (esbuild --minify, gzip -9)');
  const apps = {
    'parsePuzzle, countSolutions, gradePuzzle, generateOne': "import { parsePuzzle, countSolutions, gradePuzzle, generateOne } from 'sudoku-press'; globalThis.app = { parsePuzzle, countSolutions, gradePuzzle, generateOne };",
    'parsePuzzle, countSolutions': "import { parsePuzzle, countSolutions } from 'sudoku-press'; globalThis.app = { parsePuzzle, countSolutions };",
  };
  for (const [name, contents] of Object.entries(apps)) {
    const result = await build({ stdin: { contents, resolveDir: ROOT, loader: 'js' }, bundle: true, minify: true, platform: 'browser', write: false, logLevel: 'silent' });
    const code = result.outputFiles[0]!.contents;
    console.log(`  ${name.padEnd(55)} ${(code.length / 1024).toFixed(1)} KiB, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped`);
  }
}

startup();
importTimes();
await bundleSizes();
