/**
 * `node build-bench/bench/jigsaw-instructions.js SET REPEATS [band|rules]`: counts every puzzle of
 * a fixture (test/fixtures/variants/SET: jigsaw, windoku or classic) to 2, REPEATS times over, and
 * nothing else: the program to run under an instruction counter, where wall clock on a shared
 * machine is noise.
 *
 *   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.%p node --perf-basic-prof \
 *     build-bench/bench/jigsaw-instructions.js jigsaw.txt 50
 *
 * Instructions a count = (the run of 50 less the run of 10) / (40 x puzzles): the start of node,
 * loading the set and building its rules cancel out. Read the optimized JS functions (`JS:*`:
 * callgrind_annotate's addresses looked up in /tmp/perf-PID.map), not the total: TurboFan's
 * compiles and how long code stays in the baseline tier differ between runs (the band solver on
 * classic-solo.txt: totals 37.3k and 80.9k a count in two pairs of runs, optimized JS 54.7k and
 * 53.1k). `band` counts with the classic band solver (Solver.count, for classic-*.txt: the
 * reference of the ratio of `npm run bench:variants`), `rules` (default) with countRules on rules
 * built once per puzzle, as the bench's "ours" column. Prints the sum of the counts and a trace of
 * each count's nodes, so that two builds can be seen to search the same trees.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildRules, type Rules, type RulesSpec } from '../src/rules/index.js';
import { countRules, lastRulesStats } from '../src/solver/rules-solver.js';
import { Solver } from '../src/solver/index.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
const VALUE = '.123456789ABCDEFG';
const [file = 'jigsaw.txt', repeatsText = '45', how = 'rules'] = process.argv.slice(2);
const repeats = Number(repeatsText);

const items: { rules: Rules; givens: Uint8Array }[] = [];
for (const line of readFileSync(DIR + file, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  const p = JSON.parse(line) as { size: number; regions?: string; windoku?: boolean; givens: string };
  const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size: p.size };
  if (p.regions !== undefined) spec.regions = [...p.regions].map((c) => parseInt(c, 16));
  if (p.windoku === true) spec.windoku = true;
  items.push({ rules: buildRules(spec), givens: Uint8Array.from([...p.givens], (c) => VALUE.indexOf(c)) });
}

let sum = 0;
let nodes = 0;
/** The nodes of each count folded in order, to see that two builds search the same trees. */
let trace = 0;
if (how === 'band') {
  const band = new Solver();
  for (let r = 0; r < repeats; r++) {
    for (const item of items) {
      sum += band.count(item.givens, 2);
      nodes += band.stats.nodes;
      trace = (Math.imul(trace, 31) + band.stats.nodes) | 0;
    }
  }
} else {
  for (let r = 0; r < repeats; r++) {
    for (const item of items) {
      sum += countRules(item.rules, item.givens, 2);
      nodes += lastRulesStats().nodes;
      trace = (Math.imul(trace, 31) + lastRulesStats().nodes) | 0;
    }
  }
}
console.log(`${file} ${how} x${repeats}: ${items.length} puzzles, counts ${sum}, nodes ${(nodes / Math.max(1, repeats * items.length)).toFixed(2)} a count (trace ${trace})`);
