/**
 * `npm run bench:solve`: puzzles per CPU-second of the counting solver, single-threaded, against the
 * two fastest JavaScript solvers on npm measured in the same run, and against tdoku's published
 * native figures for these machines. Medians of several rounds; CPU time (process.cpuUsage) rather
 * than wall time because the machines are shared.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DancingLinks } from 'dancing-links';
import { SudokuSolver } from '@algorithm.ts/sudoku';
import { Solver } from '../src/solver/index.js';
import { BOX_OF, COL_OF, ROW_OF } from '../src/core/tables.js';
import { median } from './stats.js';

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);

/** Native reference (tdoku, count to 2, puzzles per CPU-second on one core of these machines). */
const TDOKU: Record<string, number> = { '17clue': 286_000, top1465: 102_000, top95: 97_000, forum_hardest_11plus: 18_000 };

interface Collection {
  name: string;
  file: string;
  /** Puzzles used (a prefix of the file) to keep each round around a second for the slow solvers. */
  sample: number;
}

const COLLECTIONS: Collection[] = [
  { name: '17clue', file: '17clue.txt', sample: 5000 },
  { name: 'top1465', file: 'top1465.txt', sample: 1465 },
  { name: 'forum_hardest_11plus', file: 'forum_hardest_11plus_sample.txt', sample: 1000 },
  { name: 'top95', file: 'top95.txt', sample: 95 },
];

function load(file: string, sample: number): Uint8Array[] {
  return readFileSync(DATA + file, 'utf8')
    .split('\n')
    .filter((line) => line.length >= 81)
    .slice(0, sample)
    .map((line) => Uint8Array.from(line.slice(0, 81), (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0)));
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Median puzzles per CPU-second of each solver over ROUNDS rounds, after one warm-up round. The
 * solvers take turns within each round, so that a busy spell of the shared machine slows them alike.
 */
function measure(puzzles: Uint8Array[], runs: ((grid: Uint8Array) => number)[]): number[] {
  for (const run of runs) for (const grid of puzzles) run(grid);
  const rates: number[][] = runs.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    runs.forEach((run, i) => {
      const start = cpuSeconds();
      let sink = 0;
      for (const grid of puzzles) sink += run(grid);
      const seconds = cpuSeconds() - start;
      if (sink < 0) console.log(sink);
      rates[i]!.push(puzzles.length / seconds);
    });
  }
  return rates.map((list) => median(list));
}

// --- dancing-links with the standard exact-cover encoding: 324 columns (cell, row-digit, col-digit, box-digit).
const dlx = new DancingLinks<number>();
function dlxSolver(grid: Uint8Array) {
  const solver = dlx.createSolver({ columns: 324 });
  for (let cell = 0; cell < 81; cell++) {
    const given = grid[cell]!;
    for (let digit = 1; digit <= 9; digit++) {
      if (given !== 0 && given !== digit) continue;
      const d = digit - 1;
      solver.addSparseConstraint(cell * 9 + d, [cell, 81 + ROW_OF[cell]! * 9 + d, 162 + COL_OF[cell]! * 9 + d, 243 + BOX_OF[cell]! * 9 + d]);
    }
  }
  return solver;
}

// --- @algorithm.ts/sudoku: values 0..8, -1 empty; it solves (finds one solution) but cannot count.
const algoSolver = new SudokuSolver({ childMatrixWidth: 3 });
const algoPuzzle = new Array<number>(81).fill(-1);
const algoSolution = new Array<number>(81).fill(-1);
function algoSolve(grid: Uint8Array): number {
  for (let cell = 0; cell < 81; cell++) algoPuzzle[cell] = grid[cell]! - 1;
  return algoSolver.solve(algoPuzzle, algoSolution) ? 1 : 0;
}

const ours = new Solver();
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1)) + 'x';

console.log(`# Counting solver: puzzles per CPU-second, single-threaded, median of ${ROUNDS} rounds\n`);
console.log('| collection | task | sudoku-press | dancing-links | @algorithm.ts/sudoku | ratio to best npm | tdoku (native) | ratio to tdoku |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const collection of COLLECTIONS) {
  const puzzles = load(collection.file, collection.sample);
  for (const grid of puzzles) {
    if (ours.count(grid, 2) !== 1) throw new Error(`${collection.name}: a puzzle is not unique`);
  }
  const [count, dlxCount] = measure(puzzles, [(grid) => ours.count(grid, 2), (grid) => dlxSolver(grid).find(2).length]) as [number, number];
  console.log(
    `| ${collection.name} (${puzzles.length}) | count to 2 | ${fmt(count)} | ${fmt(dlxCount)} | n/a (no counting) | ${ratio(count / dlxCount)} | ${fmt(TDOKU[collection.name]!)} | ${(count / TDOKU[collection.name]!).toFixed(2)}x |`,
  );
  const [solveRate, dlxSolve, algoSolveRate] = measure(puzzles, [
    (grid) => ours.count(grid, 1),
    (grid) => dlxSolver(grid).findOne().length,
    algoSolve,
  ]) as [number, number, number];
  const best = Math.max(dlxSolve, algoSolveRate);
  console.log(
    `| ${collection.name} (${puzzles.length}) | solve | ${fmt(solveRate)} | ${fmt(dlxSolve)} | ${fmt(algoSolveRate)} | ${ratio(solveRate / best)} | | |`,
  );
}

// Whole-process time of the CLI on the full 17clue file (includes start-up, parsing and output).
const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const started = performance.now();
const result = spawnSync(process.execPath, [cli, 'check', '-q', DATA + '17clue.txt'], { encoding: 'utf8' });
const wall = (performance.now() - started) / 1000;
const summary = result.stdout.trim().split('\n').pop() ?? '';
console.log(`\n\`sudoku-press check -q 17clue.txt\` (49,158 puzzles), whole process: ${wall.toFixed(2)} s wall, exit ${result.status}: ${summary}`);
