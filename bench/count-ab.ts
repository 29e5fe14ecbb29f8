/**
 * Counting, this build against another, taking turns in one process (the machine is shared, so only
 * ratios measured side by side mean anything): the variant sets' puzzles counted to 2 from the
 * fixture's JSON line, from a variant line, and on rules already built, in puzzles per CPU-second,
 * median of the rounds; each round takes turns in slices of about 20 ms (rates()), and the ratio is
 * the median of the rounds' ratios.
 *
 *   cp -r build-bench /tmp/before            # the code before, built
 *   (change the code) && npx tsc -p tsconfig.bench.json
 *   node build-bench/bench/count-ab.js --other=/tmp/before [--rounds=9] [killer windoku x]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CageSpec, Rules, RulesSpec } from '../src/rules/index.js';
import { median } from './stats.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
const args = process.argv.slice(2);
const otherDir = args.find((a) => a.startsWith('--other='))?.slice(8);
const ROUNDS = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 9);
const SETS: Record<string, string> = {
  killer: 'killer.txt',
  windoku: 'windoku.txt',
  'windoku-medium': 'windoku-medium.txt',
  'windoku-hard': 'windoku-hard.txt',
  'windoku-expert': 'windoku-expert.txt',
  x: 'x.txt',
  classic: 'classic-minimal.txt',
  jigsaw: 'jigsaw.txt',
  'jigsaw-unreasonable': 'jigsaw-unreasonable.txt',
  'jigsaw-medium': 'jigsaw-medium.txt',
  'jigsaw-hard': 'jigsaw-hard.txt',
  'jigsaw-expert': 'jigsaw-expert.txt',
  // The general solver's (rules-solver.ts run): other sizes.
  '6x6': '6x6.txt',
  '16x16': '16x16.txt',
};
const names = args.filter((a) => !a.startsWith('--'));
const chosen = names.length > 0 ? names : ['killer', 'windoku'];

interface Build {
  label: string;
  buildRules: (spec: RulesSpec) => Rules;
  countRules: (rules: Rules, givens: ArrayLike<number>, limit: number) => number;
  parseVariantLine: (line: string) => { rules: Rules; givens: Uint8Array };
  formatVariantLine: (p: { rules: Rules; givens: Uint8Array }) => string;
}

async function loadBuild(dir: string, label: string): Promise<Build> {
  const at = (path: string) => pathToFileURL(`${dir}/src/${path}`).href;
  const rules = (await import(at('rules/index.js'))) as { buildRules: Build['buildRules'] };
  const solver = (await import(at('solver/rules-solver.js'))) as { countRules: Build['countRules'] };
  const formats = (await import(at('formats/index.js'))) as { parseVariantLine: Build['parseVariantLine']; formatVariantLine: Build['formatVariantLine'] };
  return { label, buildRules: rules.buildRules, countRules: solver.countRules, parseVariantLine: formats.parseVariantLine, formatVariantLine: formats.formatVariantLine };
}

const VALUE = '.123456789ABCDEFG';
/** The fixture line as bench/variants.ts reads it (the same code, so that both builds pay the same). */
function parseLine(line: string): { spec: RulesSpec; givens: Uint8Array } {
  const p = JSON.parse(line) as { size: number; boxes?: [number, number]; regions?: string; x?: boolean; windoku?: boolean; cages?: number[][]; givens: string };
  const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size: p.size };
  if (p.boxes) spec.boxes = { rows: p.boxes[0], cols: p.boxes[1] };
  if (p.regions !== undefined) spec.regions = [...p.regions].map((c) => parseInt(c, 16));
  if (p.x === true) {
    spec.diagonalDown = true;
    spec.diagonalUp = true;
  }
  if (p.windoku === true) spec.windoku = true;
  if (p.cages) {
    const cages = new Array<CageSpec>(p.cages.length);
    for (let i = 0; i < cages.length; i++) {
      const cage = p.cages[i]!;
      cages[i] = { cells: cage.slice(1), sum: cage[0]! };
    }
    spec.cages = cages;
  }
  const givens = new Uint8Array(p.givens.length);
  for (let i = 0; i < givens.length; i++) givens[i] = VALUE.indexOf(p.givens[i]!);
  return { spec, givens };
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Rates of each build on the same work, in slices of about 20 ms taking turns (which goes first
 * alternates), 0.25 s each in all: on a shared machine the load changes within a second, and
 * slices this short let both builds see the same load (rounds of 0.25 s one after the other
 * ranged from 0.6x to 1.5x on the same code).
 */
function rates(items: number, runs: ((i: number) => number)[]): number[] {
  let sink = 0;
  const done = runs.map(() => 0);
  const seconds = runs.map(() => 0);
  for (let slice = 0; slice < 12; slice++) {
    for (let k = 0; k < runs.length; k++) {
      const b = slice % 2 === 0 ? k : runs.length - 1 - k;
      const run = runs[b]!;
      const start = cpuSeconds();
      do {
        for (let i = 0; i < items; i++) sink += run(i);
        done[b] = done[b]! + items;
      } while (cpuSeconds() - start < 0.02);
      seconds[b] = seconds[b]! + cpuSeconds() - start;
    }
  }
  if (sink < 0) console.log(sink);
  return done.map((n, b) => n / seconds[b]!);
}

const builds = [await loadBuild(fileURLToPath(new URL('..', import.meta.url)), 'this')];
if (otherDir !== undefined) builds.push(await loadBuild(otherDir, 'other'));

for (const name of chosen) {
  const lines = readFileSync(DIR + SETS[name]!, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'));
  const perBuild = builds.map((b) => {
    const parsed = lines.map(parseLine);
    const rules = parsed.map((p) => b.buildRules(p.spec));
    const variantLines = parsed.map((p, i) => b.formatVariantLine({ rules: rules[i]!, givens: p.givens }));
    for (let i = 0; i < lines.length; i++) if (b.countRules(rules[i]!, parsed[i]!.givens, 2) !== 1) throw new Error(`${b.label}: ${name} ${i} does not count 1`);
    const kinds: [string, (i: number) => number][] = [
      ['built rules', (i) => b.countRules(rules[i]!, parsed[i]!.givens, 2)],
      ['from JSON', (i) => {
        const p = parseLine(lines[i]!);
        return b.countRules(b.buildRules(p.spec), p.givens, 2);
      }],
      ['from variant line', (i) => {
        const p = b.parseVariantLine(variantLines[i]!);
        return b.countRules(p.rules, p.givens, 2);
      }],
    ];
    return kinds;
  });
  const kindCount = perBuild[0]!.length;
  const measuredRates = builds.map(() => Array.from({ length: kindCount }, () => [] as number[]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < kindCount; k++) {
      const measured = rates(lines.length, perBuild.map((kinds) => kinds[k]![1]));
      measured.forEach((rate, b) => measuredRates[b]![k]!.push(rate));
    }
  }
  for (let k = 0; k < kindCount; k++) {
    const cols = builds.map((b, i) => `${b.label} ${Math.round(median(measuredRates[i]![k]!)).toLocaleString('en-US')}/s`);
    const ratios = builds.length > 1 ? measuredRates[0]![k]!.map((r, j) => r / measuredRates[1]![k]![j]!) : [];
    const ratioText = builds.length > 1 ? `  this/other ${median(ratios).toFixed(2)}x, median of the rounds (per round: ${ratios.map((r) => r.toFixed(2)).join(' ')})` : '';
    console.log(`${name} ${perBuild[0]![k]![0]}: ${cols.join('  ')}${ratioText}`);
  }
}
