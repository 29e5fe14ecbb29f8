/**
 * Killer generation, this build against another build, in one process: puzzle i of a seed is made
 * by both builds in turn (alternating which goes first, so that both see the same load of a shared
 * machine), process CPU time each, and the two puzzles compared (the same seed must give the same
 * bytes). Prints per build the median, quartiles and total CPU-s a puzzle, the median of the
 * per-puzzle ratios (other / this: above 1, this build is faster), and how many puzzles differ.
 *
 *   npx tsc -p tsconfig.bench.json
 *   node build-bench/bench/killer-expert-ab.js --other=/path/to/other/build-bench [--level=expert] [--count=20] [--seed=killer-ab] [--warm=1]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatVariantLine } from '../src/formats/line.js';
import { generateVariant, type VariantOptions, type VariantPuzzle } from '../src/generator/variants/index.js';
import { median, quantile } from './stats.js';

type Generate = (options: VariantOptions) => VariantPuzzle;

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const otherArg = arg('other');
if (otherArg === undefined) {
  console.error('usage: killer-expert-ab.js --other=BUILD_BENCH_FOLDER [--level=expert] [--count=N] [--seed=S] [--warm=N]');
  process.exit(2);
}
const level = (arg('level') ?? 'expert') as VariantOptions['level'];
const count = Math.max(1, Number(arg('count') ?? 20) || 20);
const seed = arg('seed') ?? 'killer-ab';
const warm = Number(arg('warm') ?? 1);
const otherDir = pathToFileURL(resolve(otherArg)).href;
const otherGenerate = ((await import(`${otherDir}/src/generator/variants/index.js`)) as { generateVariant: Generate }).generateVariant;
const otherFormat = ((await import(`${otherDir}/src/formats/line.js`)) as { formatVariantLine: typeof formatVariantLine }).formatVariantLine;

function make(generate: Generate, format: typeof formatVariantLine, index: number, theSeed = seed): { seconds: number; line: string } {
  const cpu0 = process.cpuUsage();
  const p = generate({ variant: 'killer', level, seed: theSeed, index, maxAttempts: 1000 });
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (cpu.user + cpu.system) / 1e6, line: `${format({ rules: p.rules, givens: p.givens })} ${p.rating ?? ''}` };
}

// Untimed puzzles first (the JIT's warm-up), another seed.
for (let index = 1; index <= warm; index++) {
  make(otherGenerate, otherFormat, index, `${seed}-warm`);
  make(generateVariant, formatVariantLine, index, `${seed}-warm`);
}
const mine: number[] = [];
const other: number[] = [];
const ratios: number[] = [];
let differ = 0;
for (let index = 1; index <= count; index++) {
  const otherFirst = index % 2 === 1;
  const a = otherFirst ? make(otherGenerate, otherFormat, index) : make(generateVariant, formatVariantLine, index);
  const b = otherFirst ? make(generateVariant, formatVariantLine, index) : make(otherGenerate, otherFormat, index);
  const [o, m] = otherFirst ? [a, b] : [b, a];
  if (o.line !== m.line) {
    differ++;
    console.log(`differs: puzzle ${index}`);
  }
  other.push(o.seconds);
  mine.push(m.seconds);
  ratios.push(o.seconds / m.seconds);
  console.log(`puzzle ${index}: other ${o.seconds.toFixed(2)} CPU-s, this ${m.seconds.toFixed(2)} CPU-s`);
}
const f = (xs: number[]): string => `median ${quantile(xs, 0.5).toFixed(2)}, quartiles ${quantile(xs, 0.25).toFixed(2)}-${quantile(xs, 0.75).toFixed(2)}, total ${xs.reduce((x, y) => x + y, 0).toFixed(1)}`;
console.log(`${count} ${level} killers (seed ${seed}), ${differ} differ`);
console.log(`other: CPU-s a puzzle ${f(other)}`);
console.log(`this:  CPU-s a puzzle ${f(mine)}`);
console.log(`median ratio other/this ${median(ratios).toFixed(2)}`);
