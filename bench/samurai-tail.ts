/**
 * The tail of Samurai generation: CPU seconds of each puzzle of `generateVariant({ variant:
 * 'samurai', seed, index })` over seeds and indices, with a hash of each puzzle's text (so that two
 * builds can be seen to make the same bytes), then the median, the 90th percentile and the worst.
 *
 *   npx tsc -p tsconfig.bench.json && node build-bench/bench/samurai-tail.js [--seeds=lr,a,b]
 *     [--indices=0-9] [--level=any] [--other=/path/to/other/build-bench]
 *
 * With --other, each puzzle is made by both builds in turn (ours first on even indices): the
 * ratio of the two CPU times per puzzle, and whether the texts agree.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { generateVariant as ours } from '../src/generator/variants/generate.js';

type Generate = typeof ours;

function arg(name: string, fallback: string): string {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found === undefined ? fallback : found.slice(name.length + 3);
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function timed(generate: Generate, seed: string, index: number, level: string): { ms: number; hash: string } {
  const t0 = cpuMs();
  const made = generate({ variant: 'samurai', seed, index, level: level as 'any' });
  const ms = cpuMs() - t0;
  return { ms, hash: createHash('sha256').update(made.text).digest('hex').slice(0, 12) };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const seeds = arg('seeds', 'lr').split(',');
const [from, to] = arg('indices', '0-9').split('-').map(Number) as [number, number];
const level = arg('level', 'any');
const otherDir = arg('other', '');
const other: Generate | null = otherDir === '' ? null : ((await import(pathToFileURL(`${otherDir}/src/generator/variants/generate.js`).href)) as { generateVariant: Generate }).generateVariant;

const times: number[] = [];
const otherTimes: number[] = [];
for (const seed of seeds) {
  for (let index = from; index <= to; index++) {
    if (other === null) {
      const a = timed(ours, seed, index, level);
      times.push(a.ms);
      console.log(`${seed}\t${index}\t${(a.ms / 1000).toFixed(2)}\t${a.hash}`);
    } else {
      const first = index % 2 === 0;
      const a = first ? timed(ours, seed, index, level) : null;
      const b = timed(other, seed, index, level);
      const c = a ?? timed(ours, seed, index, level);
      times.push(c.ms);
      otherTimes.push(b.ms);
      console.log(`${seed}\t${index}\tours ${(c.ms / 1000).toFixed(2)}\tother ${(b.ms / 1000).toFixed(2)}\t${(b.ms / c.ms).toFixed(2)}x\t${c.hash === b.hash ? 'same' : `DIFFERENT ${c.hash} ${b.hash}`}`);
    }
  }
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`# ours: ${times.length} puzzles, median ${(quantile(sorted, 0.5) / 1000).toFixed(2)} s, p90 ${(quantile(sorted, 0.9) / 1000).toFixed(2)} s, worst ${(sorted[sorted.length - 1]! / 1000).toFixed(2)} s, total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
if (other !== null) {
  const o = [...otherTimes].sort((a, b) => a - b);
  console.log(`# other: median ${(quantile(o, 0.5) / 1000).toFixed(2)} s, p90 ${(quantile(o, 0.9) / 1000).toFixed(2)} s, worst ${(o[o.length - 1]! / 1000).toFixed(2)} s, total ${(otherTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
}
