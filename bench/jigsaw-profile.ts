/**
 * `node build-bench/bench/jigsaw-profile.js [set ...]`: search effort of the 9x9 counting paths
 * (count to 2) on the variant fixtures, against the classic band solver on classic puzzles of the
 * same level (Solo's, or our generator's: the pairs of `npm run bench:variants`) and the jigsaw
 * solver itself on those classic puzzles: nodes and guesses per puzzle, and microseconds per puzzle
 * and per node (median of BENCH_ROUNDS rounds), and the time of a puzzle end to end split into
 * building its rules value, compiling the solver's tables and counting. A tool for profiling (node --cpu-prof), not a table of
 * the README.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildRules, classicRules, type RulesSpec } from '../src/rules/index.js';
import { countRules, countRulesGrid9, lastRulesStats } from '../src/solver/rules-solver.js';
import { Solver } from '../src/solver/index.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/variants/', import.meta.url));
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const VALUE = '.123456789ABCDEFG';

function load(file: string): { spec: RulesSpec; givens: Uint8Array }[] {
  return readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const p = JSON.parse(line) as { size: number; regions?: string; givens: string };
      const spec: { -readonly [K in keyof RulesSpec]: RulesSpec[K] } = { size: p.size };
      if (p.regions !== undefined) spec.regions = [...p.regions].map((c) => parseInt(c, 16));
      return { spec, givens: Uint8Array.from([...p.givens], (c) => VALUE.indexOf(c)) };
    });
}

function cpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function rate(run: () => void, count: number): number {
  const rates: number[] = [];
  run();
  for (let r = 0; r < ROUNDS; r++) {
    let done = 0;
    const start = cpu();
    do {
      run();
      done += count;
    } while (cpu() - start < 0.3);
    rates.push((cpu() - start) / done);
  }
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)]! * 1e6;
}

const sets =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['jigsaw.txt:classic-solo.txt', 'jigsaw-unreasonable.txt:classic-unreasonable.txt', 'jigsaw-medium.txt:classic-medium.txt', 'jigsaw-hard.txt:classic-hard.txt', 'jigsaw-expert.txt:classic-expert.txt'];
const band = new Solver();
for (const pair of sets) {
  const [file, reference] = pair.split(':') as [string, string | undefined];
  const items = load(file).map((item) => ({ ...item, rules: buildRules(item.spec) }));
  let nodes = 0;
  let guesses = 0;
  for (const item of items) {
    countRules(item.rules, item.givens, 2);
    const stats = lastRulesStats();
    nodes += stats.nodes;
    guesses += stats.guesses;
  }
  const us = rate(() => {
    for (const item of items) countRules(item.rules, item.givens, 2);
  }, items.length);
  console.log(`${file}: ${(nodes / items.length).toFixed(1)} nodes, ${(guesses / items.length).toFixed(1)} guesses per puzzle; ${us.toFixed(1)} us per puzzle, ${((us * items.length) / nodes).toFixed(2)} us per node`);
  // End to end, split: building the rules value (a new layout each: the layout cache holds 16), then
  // counting on it (the solver compiles the layout's tables on its first count).
  const buildUs = rate(() => {
    for (const item of items) buildRules(item.spec);
  }, items.length);
  const endToEndUs = rate(() => {
    for (const item of items) countRules(buildRules(item.spec), item.givens, 2);
  }, items.length);
  console.log(`  end to end ${endToEndUs.toFixed(1)} us per puzzle: buildRules ${buildUs.toFixed(1)}, the rest (the solver compiling the layout, garbage) ${(endToEndUs - buildUs - us).toFixed(1)}, the count ${us.toFixed(1)}`);
  if (reference === undefined) continue;
  const classic = load(reference);
  let cn = 0;
  let cg = 0;
  for (const item of classic) {
    band.count(item.givens, 2);
    cn += band.stats.nodes;
    cg += band.stats.guesses;
  }
  const cus = rate(() => {
    for (const item of classic) band.count(item.givens, 2);
  }, classic.length);
  console.log(`${reference} (band solver): ${(cn / classic.length).toFixed(1)} nodes, ${(cg / classic.length).toFixed(1)} guesses per puzzle; ${cus.toFixed(1)} us per puzzle, ${((cus * classic.length) / cn).toFixed(2)} us per node; ratio ${(cus / us).toFixed(3)}x`);
  // The jigsaw solver on the same classic puzzles (classic rules are a lined layout too): what the
  // solver costs apart from what the jigsaw layouts add.
  const rules = classicRules(9);
  let jn = 0;
  for (const item of classic) {
    countRulesGrid9(rules, item.givens, 2);
    jn += lastRulesStats().nodes;
  }
  const jus = rate(() => {
    for (const item of classic) countRulesGrid9(rules, item.givens, 2);
  }, classic.length);
  console.log(`${reference} (jigsaw9-solver.ts on classic rules): ${(jn / classic.length).toFixed(1)} nodes per puzzle; ${jus.toFixed(1)} us per puzzle; band solver / this ${(cus / jus).toFixed(3)}x`);
}
