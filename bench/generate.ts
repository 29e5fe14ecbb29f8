/**
 * `npm run bench:generate`: puzzles per second of the generator for each level and with no level
 * ("any"), single-threaded (per CPU-second, process.cpuUsage, because the machines are shared), against
 * the npm `qqwing` (a JavaScript port of QQWing) generating puzzles of its own levels in the same
 * run; then with worker threads on all cores (wall time, jobs=1 and jobs=N back to back, in
 * alternating pairs, medians, and the CPU time both cost); then the mean time to a puzzle rated 9.0
 * or more.
 *
 *   npm run bench:generate               # full run (a few minutes)
 *   npm run bench:generate -- --quick    # fewer puzzles
 */
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Level } from '../src/grader/index.js';
import type { GeneratedPuzzle } from '../src/generator/index.js';
import { generate, type NodeGenerateOptions } from '../src/node/generate.js';
import { mean, median } from './stats.js';


const quick = process.argv.includes('--quick');
const CORES = availableParallelism();
const LEVEL_COUNTS: Record<Level, number> = quick
  ? { beginner: 100, easy: 100, medium: 60, hard: 60, expert: 60, extreme: 10 }
  : { beginner: 500, easy: 400, medium: 300, hard: 300, expert: 300, extreme: 40 };
/**
 * Runs of several CPU-seconds each, timed after a warm-up run on all threads (as jobs 1 is warm).
 * Extreme puzzles take from a few milliseconds to a second each, so at the end of a run one thread
 * may wait for the other's last puzzle: its run is longer to keep that tail small.
 */
const JOBS_COUNTS: Record<Level, number> = quick
  ? { beginner: 4000, easy: 800, medium: 300, hard: 250, expert: 300, extreme: 30 }
  : { beginner: 15000, easy: 3000, medium: 1200, hard: 1000, expert: 1200, extreme: 240 };
/** Pairs of runs (jobs 1, jobs N) per level: the machines are shared, so the median pair is shown. */
const PAIRS = quick ? 1 : 3;

interface Measure {
  puzzles: GeneratedPuzzle[];
  cpuSeconds: number;
  wallSeconds: number;
}

async function measure(options: NodeGenerateOptions): Promise<Measure> {
  const puzzles: GeneratedPuzzle[] = [];
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for await (const p of generate(options)) puzzles.push(p);
  const cpu = process.cpuUsage(cpu0);
  return { puzzles, cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds: (performance.now() - wall0) / 1000 };
}

// ---- qqwing (npm), its own levels: generate a minimal puzzle, solve it with history, keep it when
// its level matches; this is what the qqwing program does for --difficulty.
interface QQWing {
  generatePuzzle(): boolean;
  setRecordHistory(on: boolean): void;
  solve(): boolean;
  getDifficultyAsString(): string;
}
const QQWingCtor = createRequire(import.meta.url)('qqwing') as new () => QQWing;
const QQ_LEVELS = ['Simple', 'Easy', 'Intermediate', 'Expert', 'any'] as const;

/** qqwing puzzles/CPU-second per level, from one stream of generated puzzles. */
function qqwingRates(seconds: number): Record<(typeof QQ_LEVELS)[number], number> {
  const counts: Record<string, number> = {};
  let total = 0;
  const cpu0 = process.cpuUsage();
  let used = 0;
  while (used < seconds) {
    const q = new QQWingCtor();
    q.generatePuzzle();
    q.setRecordHistory(true);
    q.solve();
    const level = q.getDifficultyAsString();
    counts[level] = (counts[level] ?? 0) + 1;
    total++;
    const cpu = process.cpuUsage(cpu0);
    used = (cpu.user + cpu.system) / 1e6;
  }
  return {
    Simple: (counts['Simple'] ?? 0) / used,
    Easy: (counts['Easy'] ?? 0) / used,
    Intermediate: (counts['Intermediate'] ?? 0) / used,
    Expert: (counts['Expert'] ?? 0) / used,
    any: total / used,
  };
}

/** Which qqwing level a level of ours corresponds to (qqwing's "expert" is anything needing a guess). */
const QQ_MATCH: Record<Level, (typeof QQ_LEVELS)[number]> = {
  beginner: 'Simple',
  easy: 'Easy',
  medium: 'Intermediate',
  hard: 'Expert',
  expert: 'Expert',
  extreme: 'Expert',
};

const SPIN = 'let x = 0; for (let i = 0; i < 2e8; i++) x = (x + i * 7) % 1000003;';

/** How much faster CORES threads of pure arithmetic run than one, now: what the machine can give. */
async function parallelCapacity(): Promise<number> {
  const spin = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(`${SPIN} require('node:worker_threads').parentPort.postMessage(x);`, { eval: true });
      worker.once('message', () => resolve(performance.now()));
      worker.once('error', reject);
    });
  let start = performance.now();
  await spin();
  const one = performance.now() - start;
  start = performance.now();
  await Promise.all(Array.from({ length: CORES }, spin));
  return (CORES * one) / (performance.now() - start);
}

async function main(): Promise<void> {
  console.log(`# Generator benchmark (${quick ? 'quick' : 'full'}; ${CORES} cores; Node ${process.version})\n`);
  const qq = qqwingRates(quick ? 10 : 30);

  console.log('## Single-threaded (jobs 1), per CPU-second\n');
  console.log('| level | puzzles | puzzles/s | clues mean (min-max) | attempts/puzzle | qqwing same level /s | x qqwing same level | x qqwing any |');
  console.log('|---|---:|---:|---|---:|---:|---:|---:|');
  for (const level of ['beginner', 'easy', 'medium', 'hard', 'expert', 'extreme'] as const) {
    const count = LEVEL_COUNTS[level];
    await measure({ seed: `bench-${level}-warm`, count: Math.ceil(count / 10), difficulty: level });
    const one = await measure({ seed: `bench-${level}`, count, difficulty: level });
    const rate = count / one.cpuSeconds;
    const clues = one.puzzles.map((p) => p.clues);
    const qqSame = qq[QQ_MATCH[level]];
    console.log(
      `| ${level} | ${count} | ${rate.toFixed(1)} | ${mean(clues).toFixed(1)} (${Math.min(...clues)}-${Math.max(...clues)}) | ${mean(one.puzzles.map((p) => p.attempts)).toFixed(1)} | ${qqSame.toFixed(1)} | ${(rate / qqSame).toFixed(1)}x | ${(rate / qq.any).toFixed(1)}x |`,
    );
  }
  {
    // No level asked: minimal puzzles of whatever level comes, each graded (qqwing's "any").
    const count = quick ? 200 : 1000;
    await measure({ seed: 'bench-any-warm', count: count / 10 });
    const one = await measure({ seed: 'bench-any', count });
    const rate = count / one.cpuSeconds;
    const clues = one.puzzles.map((p) => p.clues);
    console.log(
      `| any (no level) | ${count} | ${rate.toFixed(1)} | ${mean(clues).toFixed(1)} (${Math.min(...clues)}-${Math.max(...clues)}) | ${mean(one.puzzles.map((p) => p.attempts)).toFixed(1)} | ${qq.any.toFixed(1)} | ${(rate / qq.any).toFixed(1)}x | ${(rate / qq.any).toFixed(1)}x |`,
    );
  }
  console.log(`\nqqwing (npm 1.3.4) per CPU-second: ${QQ_LEVELS.map((l) => `${l} ${qq[l].toFixed(1)}`).join(', ')}.\n`);

  console.log(`## Worker threads: jobs 1 against jobs ${CORES}, the same puzzles (checked)\n`);
  const capacity = await parallelCapacity();
  console.log(`Machine right now: ${CORES} threads of plain arithmetic ran ${capacity.toFixed(2)}x as fast as one (${CORES}.00x on idle cores).\n`);
  console.log(
    `Each level's workers are warmed up first by a run on all threads (the pool keeps them between runs, as jobs 1 is warm).\n` +
      `CPU ratio: CPU time of all threads with jobs ${CORES} over CPU time with jobs 1 (messages, waits, shared caches);\n` +
      `on otherwise idle cores the speed-up is about ${CORES} / CPU ratio. Wall speed-up is only meaningful on an idle machine;\n` +
      `load average at start: ${loadavg()[0]!.toFixed(1)}.\n`,
  );
  console.log(
    `Each level: ${PAIRS} pairs of runs (jobs 1, then jobs ${CORES}, on the same seed), medians shown; the pair with the median speed-up is the one in the wall columns.\n`,
  );
  console.log(`| level | puzzles | jobs 1 wall s | jobs ${CORES} wall s | wall speed-up (median) | speed-ups of the ${PAIRS} pairs | CPU ratio (median) | speed-up on idle cores (est.) |`);
  console.log('|---|---:|---:|---:|---:|---|---:|---:|');
  for (const level of ['beginner', 'easy', 'medium', 'hard', 'expert', 'extreme'] as const) {
    const count = JOBS_COUNTS[level];
    await measure({ seed: `jobs-${level}-warm`, count: Math.ceil(count / 4), difficulty: level, jobs: CORES });
    const pairs: { one: Measure; many: Measure; speedUp: number; cpuRatio: number }[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const seed = `jobs-${level}-${pair}`;
      const one = await measure({ seed, count, difficulty: level });
      const many = await measure({ seed, count, difficulty: level, jobs: CORES });
      if (!many.puzzles.every((p, i) => p.puzzle === one.puzzles[i]!.puzzle)) {
        throw new Error(`${level}: jobs ${CORES} gave different puzzles than jobs 1`);
      }
      pairs.push({ one, many, speedUp: one.wallSeconds / many.wallSeconds, cpuRatio: many.cpuSeconds / one.cpuSeconds });
    }
    const bySpeedUp = [...pairs].sort((a, b) => a.speedUp - b.speedUp);
    const middle = bySpeedUp[Math.floor(PAIRS / 2)]!;
    const cpuRatio = median(pairs.map((p) => p.cpuRatio));
    console.log(
      `| ${level} | ${count} | ${middle.one.wallSeconds.toFixed(1)} | ${middle.many.wallSeconds.toFixed(1)} | ${middle.speedUp.toFixed(2)}x | ${pairs.map((p) => `${p.speedUp.toFixed(2)}x`).join(', ')} | ${cpuRatio.toFixed(2)} | ${(CORES / cpuRatio).toFixed(2)}x |`,
    );
  }
  console.log('');
  console.log('## Rated 9.0 or more (rating band 9.0-12), single-threaded\n');
  const hardCount = quick ? 2 : 5;
  const hard = await measure({ seed: 'bench-9', count: hardCount, rating: { min: 9, max: 12 } });
  console.log('| puzzles | CPU seconds per puzzle | wall seconds per puzzle | ratings |');
  console.log('|---:|---:|---:|---|');
  console.log(`| ${hardCount} | ${(hard.cpuSeconds / hardCount).toFixed(1)} | ${(hard.wallSeconds / hardCount).toFixed(1)} | ${hard.puzzles.map((p) => p.grade.rating.toFixed(1)).join(', ')} |`);
}

await main();
