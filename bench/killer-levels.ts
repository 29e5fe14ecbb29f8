/**
 * Killer levels: per level of `generateVariant({ variant: 'killer', level })` (easy, medium, hard:
 * graded by the SE-scale grader and kept in the level's band), puzzles per CPU-second (one thread,
 * process.cpuUsage, after a few untimed puzzles of the level: the JIT's warm-up), the solutions
 * drawn per puzzle (`attempts`: mean and largest), and the median and quartiles of the ratings.
 * The default killer (`any`, not graded) for comparison. Medians of RUNS runs of COUNT puzzles.
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/killer-levels.js
 *   env: KILLER_COUNT (puzzles per level and run, 12), BENCH_RUNS (3), KILLER_LEVELS (any,easy,medium,hard;
 *   expert too: about 2.4 CPU-s a puzzle, bench/killer-expert.ts has its own figures)
 */
import { generateVariant, type VariantLevel } from '../src/generator/variants/index.js';
import { median, quantile } from './stats.js';

const COUNT = Number(process.env['KILLER_COUNT'] ?? 12);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const LEVELS_RUN: readonly VariantLevel[] = (process.env['KILLER_LEVELS']?.split(',') as VariantLevel[] | undefined) ?? ['any', 'easy', 'medium', 'hard'];

console.log(`# Killer levels (${COUNT} puzzles per run, medians of ${RUNS} runs; Node ${process.version})\n`);
console.log('| level | puzzles/CPU-s | solutions drawn per puzzle (mean, max) | cages (mean) | rating median | quartiles | min-max |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const level of LEVELS_RUN) {
  const rates: number[] = [];
  const attempts: number[] = [];
  const ratings: number[] = [];
  let cages = 0;
  for (let run = 0; run < RUNS; run++) {
    for (let i = 1; i <= 2; i++) generateVariant({ variant: 'killer', level, seed: `warm-${run}`, index: i });
    const cpu0 = process.cpuUsage();
    for (let i = 1; i <= COUNT; i++) {
      const p = generateVariant({ variant: 'killer', level, seed: `killer-levels-${run}`, index: i, maxAttempts: 1000 });
      attempts.push(p.attempts);
      cages += p.cages!.length;
      if (p.rating !== undefined) ratings.push(p.rating);
    }
    const cpu = process.cpuUsage(cpu0);
    rates.push(COUNT / ((cpu.user + cpu.system) / 1e6));
  }
  ratings.sort((a, b) => a - b);
  const mean = attempts.reduce((a, b) => a + b, 0) / attempts.length;
  const rated = ratings.length > 0;
  console.log(
    `| ${level} | ${median(rates).toFixed(1)} | ${mean.toFixed(2)}, ${Math.max(...attempts)} | ${(cages / attempts.length).toFixed(1)} | ${rated ? median(ratings).toFixed(1) : '-'} | ${rated ? `${quantile(ratings, 0.25).toFixed(1)}-${quantile(ratings, 0.75).toFixed(1)}` : '-'} | ${rated ? `${ratings[0]!.toFixed(1)}-${ratings[ratings.length - 1]!.toFixed(1)}` : '-'} |`,
  );
}
